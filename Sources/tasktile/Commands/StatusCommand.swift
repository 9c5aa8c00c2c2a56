import Foundation
import TaskTileCommandLine
import TaskTileCore

/// `tasktile status [--list LIST] [--format plain|json|waybar|i3blocks|polybar|xbar] [--urgent]`
/// (docs/status-bars.md): counts, overdue count, next due, done ratio and pending titles for a status bar.
///
/// A read: one read transaction, nothing written. A data directory without a store reads as an
/// empty state (the store is not created); a data directory that does not exist is an error
/// (`StoreError.dataDirectoryMissing`, the path in the bar's tooltip). For a bar format every outcome exits 0 with a valid
/// line — an error prints the `error` class with the message (a bar blanks or hides a module on a
/// non-zero exit) — except i3blocks' urgent code 33, only with `--urgent` and only when something
/// is overdue. `plain` and `json` report errors with the usual exit codes (docs/exit-codes.md).
struct StatusCommand: Command {
    static let spec = CommandSpec(
        path: ["status"], abstract: "Print pending and overdue counts, the next due and pending titles for a status bar.",
        discussion: """
        Formats follow each bar's own convention: waybar (one JSON line; Pango markup escaped), polybar (one line; \
        '%{' printed as '% {'), i3blocks (full text, short text, colour), xbar/SwiftBar/Argos (menu lines whose \
        action runs 'intent complete --id'). Bar formats always exit 0: an empty list is the 'empty' class and an \
        error prints the 'error' class with the message in the tooltip. The done percentage is \
        completed / (pending + completed), rounded down (100 when nothing is pending). Writes to the store only to move a repeating todo to its next cycle when a boundary has passed, and never waits for the write lock to do so.
        """,
        options: [listOption.spec, formatOption.spec, urgentOption.spec, followOption.spec])
    static let listOption = Option.value("--list", valueName: "list", help: "Only this list (a title or id prefix).")
    static let formatOption = Option.value("--format", valueName: "format", help: "Output format.",
                                           values: StatusFormat.allCases.map(\.rawValue), defaultValue: "plain")
    static let urgentOption = Option.flag("--urgent", help: "i3blocks: exit 33 (urgent) when something is overdue.")
    static let followOption = Option.flag("--follow", help: "Keep running: print a new line (or block) whenever the status changes, for bars that read a long-running command (waybar without interval, polybar tail = true, i3blocks interval=persist with format=json, SwiftBar streamable); JSON Lines with --format json.")

    let list: String?
    let format: StatusFormat
    let urgent: Bool
    let follow: Bool

    init(_ a: ParsedArguments, context: CommandContext) throws {
        list = a[Self.listOption]
        // `tasktile --json status` means `--format json` unless a format is given.
        format = a[Self.formatOption].flatMap(StatusFormat.init(rawValue:)) ?? (context.json ? .json : .plain)
        urgent = a[Self.urgentOption]
        follow = a[Self.followOption]
        if urgent && format != .i3blocks { throw Self.usage(Phrase(key: .statusErrorUrgentNeedsI3blocks)) }
        // A stream has no exit code per update: the JSON lines carry "urgent" instead.
        if urgent && follow { throw Self.usage(Phrase(key: .statusErrorUrgentWithFollow)) }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        if follow { return try StatusFollower(context: context, list: list, format: format).run() }
        let formatter = StatusFormatter(strings: .forLanguage(context.language), executablePath: context.executablePath,
                                        dataDirectory: context.dataDirectory.path)
        let snapshot: StatusSnapshot
        do {
            snapshot = try read(context)
        } catch {
            guard format.isBar else { throw error }
            context.stdout.write(formatter.error(ErrorFunnel(program: "tasktile").classify(error, context.localizer).message, as: format))
            return .success
        }
        context.stdout.write(formatter.format(snapshot, as: format))
        return urgent && snapshot.state == .overdue ? .urgent : .success
    }

    func read(_ context: CommandContext) throws -> StatusSnapshot {
        // No data directory: an error naming it — a typo in a bar's config or an
        // unmounted home must not read as "All done". An existing directory without a store yet:
        // nothing is pending (opening would create the store, and status never writes).
        guard context.dataDirectory.exists else { throw StoreError.dataDirectoryMissing(path: context.dataDirectory.path) }
        if access(context.dataDirectory.storePath, F_OK) != 0 && errno == ENOENT {
            if let list { throw StoreError.listNotFound(list) }
            return StatusSnapshot(pendingCount: 0, completedCount: 0, overdueCount: 0, pending: [],
                                  today: try context.clock().today)
        }
        // A poll never waits for the write lock: with another process inside a long write, the
        // catch-up is left to the next poll and this one reads the cycles as last written.
        let store = try Store.open(context.dataDirectory, clock: try context.clock(), waitForCatchUp: false)
        return try store.statusSnapshot(list: list, streaks: format == .json)
    }
}
