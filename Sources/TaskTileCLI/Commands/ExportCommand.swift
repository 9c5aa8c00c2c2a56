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

/// `tasktile import --format json|ics|todotxt FILE…`.
struct ImportCommand: Command {
    static let spec = CommandSpec(
        path: ["import"], abstract: "Import a JSON backup, iCalendar files or a todo.txt file.",
        discussion: """
        Everything is imported in one transaction; a bad file (exit 65, with the line) changes nothing. Items \
        merge by id: absent ones are added, identical ones skipped, changed ones updated. Whatever cannot be \
        represented is listed on stderr (or under "notImported" with --json) — never silently dropped. \
        iCalendar takes several files, directories (a vdir: its .ics files and those of its subdirectories, \
        each subdirectory's displayname as the list) and - for standard input; the other formats one file or -.
        """,
        arguments: [ArgumentSpec(name: "file", help: "The file to import (- for standard input).", repeating: true)],
        options: [
            .value("--format", valueName: "format", help: "The file format (default: from the file name: .ics → ics, .txt → todotxt, else json).", values: InterchangeFormat.allCases.map(\.rawValue)),
        ])

    let format: InterchangeFormat
    let files: [String]

    init(_ a: ParsedArguments, context: CommandContext) throws {
        files = a.positionals
        var isDir: ObjCBool = false
        let firstIsDir = FileManager.default.fileExists(atPath: files[0], isDirectory: &isDir) && isDir.boolValue
        // Without --format, the file name decides (.ics, .txt; a directory is a vdir), else the JSON backup.
        format = a.value("--format").flatMap(InterchangeFormat.init(rawValue:))
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
                throw InterchangeError(file: "-", reason: Phrase(key: .importErrorTooLarge, InterchangeLimits.maxFileBytes >> 20))
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
        let store = try context.store()
        let report: ImportReport
        let shown = files.joined(separator: ", ")
        switch format {
        case .json:
            report = try store.importBackup(try Backup.decode(try Self.read(files[0]), file: files[0]), file: files[0])
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
            let text = try InterchangeLimits.text(try Self.read(files[0]), file: files[0])
            let plan = try TodoTxtImporter.parse(text, file: files[0], userZone: store.clock.timeZone, now: store.clock.now)
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
