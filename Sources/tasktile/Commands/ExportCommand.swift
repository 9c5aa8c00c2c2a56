import Foundation
import TaskTileCommandLine
import TaskTileCore
import TaskTileInterchange

/// The interchange formats of `export` and `import` (docs/interchange.md).
enum InterchangeFormat: String, CaseIterable {
    case json, ics, todotxt
    /// Import only: `task export` output (JSON array or JSON lines).
    case taskwarrior
}

extension InterchangeFormat {
    /// What `export` writes (Taskwarrior is import only: `task import` reads tasktile's JSON lines poorly, and
    /// nothing asked for it).
    static let exportable: [InterchangeFormat] = [.json, .ics, .todotxt]

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
        json: a full backup (lists, todos, repeats, history with check-in notes, settings, routines, challenges, \
        foreign iCalendar UIDs, themes); importing it into an \
        empty data directory restores it exactly. ics: one VCALENDAR with a VTODO per todo, the list as CATEGORIES. \
        todotxt: one line per todo, the list as +project. What ics or todo.txt cannot hold is listed on stderr.
        """,
        options: [formatOption.spec, outOption.spec])

    static let formatOption = Option.value("--format", valueName: "format", help: "The file format.",
                                           values: InterchangeFormat.exportable.map(\.rawValue), default: "json")
    static let outOption = Option<String?>.value(
        "--out", valueName: "file", help: "Write to this file (atomically, mode 0600) instead of standard output.")

    let format: InterchangeFormat
    let out: String?

    init(_ a: ParsedArguments, context: CommandContext) throws {
        format = InterchangeFormat(rawValue: a[Self.formatOption]) ?? .json
        out = a[Self.outOption]
        if out == "" { throw Self.usage(Phrase(key: .importErrorOutNeedsFile)) }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let text: String
        var notes: [Phrase] = []
        let backup = try store.backup()
        switch format {
        case .json:
            text = backup.fileText
        case .ics:
            let result = try ICalendarExporter.export(backup, uids: try store.foreignUIDs())
            text = result.text; notes = result.notes
        case .todotxt:
            let result = try TodoTxtExporter.export(backup, zone: store.clock.timeZone)
            text = result.text; notes = result.notes
        case .taskwarrior:
            preconditionFailure("--format taskwarrior is refused by the parser for export (not in its values)")
        }
        // A broken themes.json never blocks the todo backup: the backup is written
        // without themes and the problem is reported on stderr (exit 0: the todos are safe).
        let themesProblem = format == .json ? backup.themesProblem.map { e -> String in
            (e as? ReportableError)?.message(context.localizer) ?? "\(e)"
        } : nil
        if let out {
            do { try AtomicFile.write(text, to: out) } catch let e as FileError {
                throw OutputError.cannotWrite(out, detail: e.description)
            }
        } else {
            context.stdout.write(text)
        }
        for note in notes { context.stderr.write(context.localizer.text(.importNotExported, note.text(context.localizer)) + "\n") }
        if let themesProblem {
            context.stderr.write(context.localizer.text(.warningPrefix, context.localizer.text(.exportThemesProblem, themesProblem)) + "\n")
        }
        if let out {
            if context.json {
                var result: [(String, JSONValue)] = [("file", .string(out)), ("format", .string(format.rawValue)),
                                                     ("notExported", .array(notes.map { .string($0.description) }))]
                if let e = backup.themesProblem {
                    result.append(("themesProblem", .string((e as? ReportableError)?.message(Localizer(.en)) ?? "\(e)")))
                }
                context.printJSON(.object(result))
            } else {
                context.out(context.localizer.text(.importExported, format.rawValue, out))
            }
        }
        return .success
    }
}

/// `tasktile import --format json|ics|todotxt|taskwarrior FILE…` (`-` for standard input, except json).
struct ImportCommand: Command {
    static let spec = CommandSpec(
        path: ["import"], abstract: "Import a JSON backup, iCalendar files, a todo.txt file or a Taskwarrior export.",
        discussion: """
            taskwarrior reads what `task export` prints (a JSON array or JSON lines; FILE - reads standard input): \
            description, project (the list), due, status, recur, until, annotations (notes), tags, priority, wait and \
            scheduled (the start) and uuid (kept, so a re-import merges); other fields are reported. Everything is imported in one transaction; a bad file (exit 65, with the line) changes nothing. Items \
            merge by id: absent ones are added, identical ones skipped, changed ones updated. Whatever cannot be \
            represented is listed on stderr (or under "notImported" with --json) — never silently dropped. \
            iCalendar takes several files, directories (a vdir: its .ics files and those of its subdirectories, \
            each subdirectory's displayname as the list) and - for standard input; the other formats one file or -.
            """,
        arguments: [
            ArgumentSpec(
                name: "file", help: "The file to import (- for standard input, except a JSON backup).", repeating: true)
        ],
        options: [formatOption.spec])

    static let formatOption = Option<String?>.value(
        "--format", valueName: "format",
        help: "The file format (default: from the file name: .ics → ics, .txt → todotxt, else json).",
        values: InterchangeFormat.allCases.map(\.rawValue))

    let format: InterchangeFormat
    let files: [String]

    init(_ a: ParsedArguments, context: CommandContext) throws {
        files = a.positionals
        var isDir: ObjCBool = false
        let firstIsDir = FileManager.default.fileExists(atPath: files[0], isDirectory: &isDir) && isDir.boolValue
        // Without --format, the file name decides (.ics, .txt; a directory is a vdir), else the JSON backup.
        format = a[Self.formatOption].flatMap(InterchangeFormat.init(rawValue:))
            ?? (firstIsDir ? .ics : InterchangeFormat.guess(fromFileName: files[0]))
        if format != .ics, files.count > 1 {
            throw Self.usage(Phrase(key: .usageInvalidValue, files.joined(separator: " "), "FILE", "one file or - (several files and directories: --format ics)"))
        }
    }

    /// The bytes of `path`, or of standard input for `-`, refusing more than the import limit.
    static func read(_ path: String) throws -> [UInt8] {
        guard path == "-" else { return try InterchangeLimits.read(path) }
        var bytes: [UInt8] = []
        while let chunk = try FileHandle.standardInput.read(upToCount: 1 << 16), !chunk.isEmpty {
            bytes += chunk
            if bytes.count > InterchangeLimits.maxFileBytes {
                throw DataFileError(file: "-", reason: Phrase(key: .importErrorTooLarge, InterchangeLimits.maxFileBytes >> 20))
            }
        }
        return bytes
    }

    /// The iCalendar files an argument names, each with the list of todos without CATEGORIES:
    /// itself; or for a directory its `.ics` files and those of its subdirectories (a vdir: one
    /// collection per subdirectory, its `displayname` file or name as the list), in name order.
    static func icsFiles(_ path: String) -> [(path: String, list: String?)] {
        var isDir: ObjCBool = false
        guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else { return [(path, nil)] }
        func collection(_ dir: String) -> [(path: String, list: String?)] {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
            let display = (try? String(contentsOfFile: dir + "/displayname", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            let list = display.flatMap { $0.isEmpty ? nil : $0 } ?? (dir == path ? nil : (dir as NSString).lastPathComponent)
            return names.filter { $0.hasSuffix(".ics") && !$0.hasPrefix(".") }.map { (dir + "/" + $0, list) }
        }
        var out = collection(path)
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() where !name.hasPrefix(".") {
            var sub: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &sub), sub.boolValue { out += collection(path + "/" + name) }
        }
        return out
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        // A JSON backup is streamed (any size, bounded memory) and fully validated before the
        // store is opened; the other formats are read whole, up to InterchangeLimits.maxFileBytes
        // (`-` reads standard input).
        let head = format == .json ? try Backup.head(file: files[0]) : nil
        let bytes = format == .todotxt || format == .taskwarrior ? try Self.read(files[0]) : []
        let store = try context.store()
        let report: ImportReport
        let shown = files.joined(separator: ", ")
        switch format {
        case .json:
            report = try store.importBackup(head: head ?? Backup(), file: files[0])
        case .ics:
            // Every file is parsed before anything is written: one bad file changes nothing.
            var plan = ImportPlan()
            for argument in files {
                for (path, list) in Self.icsFiles(argument) {
                    let part = try ICalendarImporter.parse(try Self.read(path), file: path, userZone: store.clock.timeZone,
                                                           now: store.clock.now, defaultList: list)
                    plan.items += part.items
                    plan.notes += part.notes
                }
            }
            report = try store.importPlan(plan, file: shown)
        case .todotxt:
            let text = try InterchangeLimits.text(bytes, file: files[0])
            let plan = try TodoTxtImporter.parse(text, file: files[0], userZone: store.clock.timeZone, now: store.clock.now)
            report = try store.importPlan(plan, file: files[0])
        case .taskwarrior:
            let text = try InterchangeLimits.text(bytes, file: files[0])
            let plan = try TaskwarriorImporter.parse(text, file: files[0], userZone: store.clock.timeZone, now: store.clock.now)
            report = try store.importPlan(plan, file: files[0])
        }
        if context.json {
            context.printJSON(report.jsonValue)
        } else {
            let l = context.localizer
            context.out(l.text(.importImported, shown, report.summary(l)))
            for line in report.noteLines(l) { context.stderr.write(l.text(.importNotImported, line) + "\n") }
        }
        return .success
    }
}
