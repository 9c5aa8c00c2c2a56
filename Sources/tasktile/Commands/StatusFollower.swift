import Foundation
import TaskTileCommandLine
import TaskTileCore
import TaskTileRuntime

/// `tasktile status --follow` (docs/status-bars.md "Streaming"): prints the current status at once,
/// then again — flushed, and only when the printed text changed — whenever the `ChangeSource`
/// reports a commit from any process, a minute boundary (Today → Overdue, "next due" passing, a
/// repeat's cycle boundary), midnight, or a settings change (the language).
///
/// What each format streams, one update at a time:
/// - `waybar`, `polybar`: one line (waybar's custom module without `interval`, polybar's `tail = true`);
/// - `i3blocks`: one JSON object per line (`full_text`, `short_text`, `color`, `urgent`), for a block
///   with `interval=persist` and `format=json`;
/// - `json`: one JSON object per line (JSON Lines), for eww `deflisten` and scripts;
/// - `xbar`: the whole menu, each update after a `~~~` line (SwiftBar's streamable plugins,
///   `<swiftbar.type>streamable</swiftbar.type>`);
/// - `plain`: the whole text block, for a person watching a terminal.
///
/// Never blanks and never dies on data problems: the store missing, replaced, busy or not a store
/// prints that format's error line, and the follower recovers by itself when the store is usable
/// again (it retries on every change of the data directory and every few seconds while failing).
/// One read transaction per update; no lock is held between updates, so writers never wait.
/// Ends only on SIGTERM/SIGINT (exit 0) or when the reader went away (EPIPE: exit 0, silently).
struct StatusFollower {
    let context: CommandContext
    let list: String?
    let format: StatusFormat

    /// Seconds between retries while the store cannot be read.
    static let retryInterval: Double = 2

    func run() throws -> ExitCode {
        signal(SIGPIPE, SIG_IGN) // a bar that quit is EPIPE on write, handled below
        TerminationSource.install()
        let source = try ChangeSource(directory: context.dataDirectory, environment: context.environment,
                                      options: { var o = ChangeSource.Options(); o.watchWidgets = false; return o }())
        if context.stdout is FileSink { source.watchHangUp(of: 1) }
        var store: Store?
        var hadStore = false
        var last: String?
        // Read again only when a setting may have changed: peeking opens a connection.
        var language = currentLanguage()
        func update(_ changes: ChangeSource.Changes) -> Bool {
            if changes.everything { store = nil }
            if changes.settings || changes.everything { language = currentLanguage() }
            let clock = Clock(now: source.now, timeZone: source.zone)
            let (text, failed) = render(clock: clock, language: language, store: &store, hadStore: &hadStore,
                                        catchUp: changes.minute || changes.everything)
            if failed { source.wake(at: source.now.addingTimeInterval(Self.retryInterval)) }
            guard text != last else { return true }
            last = text
            // SwiftBar's streamable plugins start each update with a `~~~` line (the default,
            // leading separator), the first one included.
            let separator = format == .xbar ? "~~~\n" : ""
            context.stdout.write(separator + text)
            context.stdout.flush()
            return !((context.stdout as? FileSink)?.brokenPipe ?? false)
        }
        guard update(ChangeSource.Changes()) else { return .success }
        while true {
            let changes = source.next(timeout: nil)
            if changes.terminate || changes.hangUp { return .success }
            if changes.isEmpty { continue }
            if !update(changes) { return .success }
        }
    }

    /// The text for one update and whether it is an error line. Opens the store when needed
    /// (never creating it), runs the repeat catch-up at minute boundaries, reads one snapshot.
    ///
    /// A data directory without a store reads as "nothing pending" (a fresh setup), as in
    /// `status`; once this follower has seen a store, its disappearance is an error (deleted,
    /// or the directory unmounted) until it is back.
    func render(clock: Clock, language: Language, store: inout Store?, hadStore: inout Bool, catchUp: Bool) -> (String, Bool) {
        let formatter = StatusFormatter(strings: .forLanguage(language), executablePath: context.executablePath,
                                        dataDirectory: context.dataDirectory.path)
        do {
            let snapshot: StatusSnapshot
            if !context.dataDirectory.exists {
                store = nil
                throw StoreError.dataDirectoryMissing(path: context.dataDirectory.path)
            }
            if access(context.dataDirectory.storePath, F_OK) != 0 && errno == ENOENT {
                store = nil
                if hadStore { throw StoreError.inaccessible(path: context.dataDirectory.storePath, detail: String(cString: strerror(ENOENT))) }
                if let list { throw StoreError.listNotFound(list) }
                snapshot = StatusSnapshot(pendingCount: 0, completedCount: 0, overdueCount: 0, pending: [], today: clock.today)
            } else {
                let s = try store ?? Store.open(context.dataDirectory, clock: clock, busyTimeout: 5, waitForCatchUp: false)
                store = s
                hadStore = true
                s.clock = clock
                if catchUp { s.catchUpRepeatsWithoutWaiting(restoring: 5) }
                snapshot = try s.statusSnapshot(list: list, streaks: format == .json)
            }
            return (Self.streamed(snapshot, formatter: formatter, format: format), false)
        } catch {
            store = nil
            let message = ErrorFunnel(program: "tasktile").classify(error, Localizer(language)).message
            return (Self.streamedError(message, formatter: formatter, format: format, json: ErrorFunnel(program: "tasktile").jsonObject(for: error)), true)
        }
    }

    /// The language now: `--lang` or the environment when they decide, else the stored setting
    /// (read again whenever the settings change, so `settings set language ja` shows at once).
    func currentLanguage() -> Language {
        LanguagePreference.language(flag: context.languageFlag, environment: context.environment) {
            Store.peekLanguage(in: context.dataDirectory)
        }
    }

    /// One update of `format` for a snapshot.
    static func streamed(_ s: StatusSnapshot, formatter: StatusFormatter, format: StatusFormat) -> String {
        switch format {
        case .json: formatter.jsonLine(s)
        case .i3blocks: formatter.i3blocksJSONLine(s)
        default: formatter.format(s, as: format)
        }
    }

    /// One error update of `format`: the bar formats' error line, a JSON `{"error": …}` line, or
    /// `Error: …` for plain.
    static func streamedError(_ message: String, formatter: StatusFormatter, format: StatusFormat, json: JSONValue) -> String {
        switch format {
        case .json: json.serialized(pretty: false) + "\n"
        case .i3blocks: formatter.i3blocksJSONErrorLine(message)
        default: formatter.error(message, as: format)
        }
    }
}
