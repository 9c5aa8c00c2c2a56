import Foundation
import TaskTileCommandLine
import TaskTileCore

/// The interchange formats of `export` and `import` (docs/interchange.md).
enum InterchangeFormat: String, CaseIterable {
    case json, ics, todotxt
}

extension InterchangeFormat {
    /// The format a file name suggests: `.ics`/`.ical` → iCalendar, `.txt` → todo.txt, else JSON.
    static func guess(fromFileName name: String) -> InterchangeFormat {
        let lower = name.lowercased()
        if lower.hasSuffix(".ics") || lower.hasSuffix(".ical") || lower.hasSuffix(".ifb") { return .ics }
        if lower.hasSuffix(".txt") { return .todotxt }
        return .json
    }
}

/// `tasktile export --format json|ics|todotxt [--out FILE]`.
struct ExportCommand: Command {
    static let spec = CommandSpec(
        path: ["export"], abstract: "Export everything as a JSON backup, iCalendar (VTODO) or todo.txt.",
        discussion: """
        json: a full backup (lists, todos, repeats, history, settings, routines, themes); importing it into an \
        empty data directory restores it exactly. ics: one VCALENDAR with a VTODO per todo, the list as CATEGORIES. \
        todotxt: one line per todo, the list as +project. What ics or todo.txt cannot hold is listed on stderr.
        """,
        options: [
            .value("--format", valueName: "format", help: "The file format.", values: InterchangeFormat.allCases.map(\.rawValue), defaultValue: "json"),
            .value("--out", valueName: "file", help: "Write to this file (atomically, mode 0600) instead of standard output."),
        ])

    let format: InterchangeFormat
    let out: String?

    init(_ a: ParsedArguments, context: CommandContext) throws {
        format = InterchangeFormat(rawValue: a.value("--format") ?? "json") ?? .json
        out = a.value("--out")
        if out == "" { throw Self.usage(Phrase(key: .importErrorOutNeedsFile)) }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let text: String
        var notes: [Phrase] = []
        switch format {
        case .json:
            text = try store.backup().fileText
        case .ics:
            let result = try ICalendarExporter.export(try store.backup(), uids: try store.foreignUIDs())
            text = result.text; notes = result.notes
        case .todotxt:
            let result = try TodoTxtExporter.export(try store.backup(), zone: store.clock.timeZone)
            text = result.text; notes = result.notes
        }
        if let out {
            do { try AtomicFile.write(text, to: out) } catch let e as FileError {
                throw CannotCreateOutput(path: out, detail: e.description)
            }
        } else {
            context.stdout.write(text)
        }
        for note in notes { context.stderr.write(context.localizer.text(.importNotExported, note.text(context.localizer)) + "\n") }
        if let out {
            if context.json {
                context.printJSON(.object([("file", .string(out)), ("format", .string(format.rawValue)),
                                           ("notExported", .array(notes.map { .string($0.description) }))]))
            } else {
                context.out(context.localizer.text(.importExported, format.rawValue, out))
            }
        }
        return .success
    }
}

/// `tasktile import --format json|ics|todotxt FILE`.
struct ImportCommand: Command {
    static let spec = CommandSpec(
        path: ["import"], abstract: "Import a JSON backup, an iCalendar file or a todo.txt file.",
        discussion: """
        Everything is imported in one transaction; a bad file (exit 65, with the line) changes nothing. Items \
        merge by id: absent ones are added, identical ones skipped, changed ones updated. Whatever cannot be \
        represented is listed on stderr (or under "notImported" with --json) — never silently dropped.
        """,
        arguments: [ArgumentSpec(name: "file", help: "The file to import.")],
        options: [
            .value("--format", valueName: "format", help: "The file format (default: from the file name: .ics → ics, .txt → todotxt, else json).", values: InterchangeFormat.allCases.map(\.rawValue)),
        ])

    let format: InterchangeFormat
    let file: String

    init(_ a: ParsedArguments, context: CommandContext) throws {
        // Without --format, the file name decides (.ics, .txt), else the JSON backup.
        format = a.value("--format").flatMap(InterchangeFormat.init(rawValue:)) ?? InterchangeFormat.guess(fromFileName: a.positionals.first ?? "")
        file = a.positionals[0]
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let bytes = try InterchangeLimits.read(file)
        let store = try context.store()
        let report: ImportReport
        switch format {
        case .json:
            report = try store.importBackup(try Backup.decode(bytes, file: file), file: file)
        case .ics:
            let plan = try ICalendarImporter.parse(bytes, file: file, userZone: store.clock.timeZone, now: store.clock.now)
            report = try store.importPlan(plan, file: file)
        case .todotxt:
            let text = try InterchangeLimits.text(bytes, file: file)
            let plan = try TodoTxtImporter.parse(text, file: file, userZone: store.clock.timeZone, now: store.clock.now)
            report = try store.importPlan(plan, file: file)
        }
        if context.json {
            context.printJSON(report.jsonValue)
        } else {
            let l = context.localizer
            context.out(l.text(.importImported, file, report.summary(l)))
            for line in report.noteLines(l) { context.stderr.write(l.text(.importNotImported, line) + "\n") }
        }
        return .success
    }
}
