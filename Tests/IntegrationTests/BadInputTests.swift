import Foundation
import Testing
import TaskTileCore
import TestSupport

/// One line of `Tests/Fixtures/bad-input/cases.txt`: `name | setup | exit | fragment | sh command`.
struct BadInputCase: CustomTestStringConvertible, Sendable {
    var name: String, setup: String, exit: Int32, fragment: String, command: String
    var testDescription: String { name }

    static let directory = repositoryRoot + "/Tests/Fixtures/bad-input"

    /// Every case of the manifest, in file order.
    static let all: [BadInputCase] = {
        guard let text = try? String(contentsOfFile: directory + "/cases.txt", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> BadInputCase? in
            guard !line.hasPrefix("#"), !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            let parts = line.components(separatedBy: " | ")
            guard parts.count >= 5, let code = Int32(parts[2]) else { return nil }
            return BadInputCase(name: parts[0], setup: parts[1], exit: code, fragment: parts[3],
                                command: parts[4...].joined(separator: " | "))
        }
    }()
}

/// docs/exit-codes.md "Bad input": bad input never crashes, exits with its documented code and a message that says what
/// was wrong, and never changes the store. Each case of the corpus runs the real binaries.
@Suite("Bad input corpus")
struct BadInputTests {
    @Test("the corpus has at least 60 cases and every line parses")
    func corpusSize() throws {
        let text = try String(contentsOfFile: BadInputCase.directory + "/cases.txt", encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(BadInputCase.all.count == lines.count)
        #expect(BadInputCase.all.count >= 60)
        #expect(Set(BadInputCase.all.map(\.name)).count == BadInputCase.all.count, "case names are unique")
    }

    @Test("bad input: documented exit code, message, store untouched", arguments: BadInputCase.all)
    func badInput(_ c: BadInputCase) throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
        let render = try #require(builtProduct("tasktile-render"))
        let tmp = TemporaryDirectory("bad")
        let dir = tmp.dataDirectory
        let env = ["TASKTILE_DATA_DIR": dir.path, "TZ": "UTC", "LANG": "C", "NO_COLOR": "1",
                   "TT": tasktile, "TTR": render, "F": BadInputCase.directory, "D": dir.path, "T": tmp.path]
        try setUp(c.setup, dir: dir, tasktile: tasktile, env: env)

        let themesPath = dir.path + "/themes.json"
        let before = storeFingerprint(dir), themesBefore = fileBytes(themesPath)
        let r = try runProcess("/bin/sh", ["-c", c.command], environment: env)
        #expect(r.status == c.exit, "\(c.name): exit \(r.status), stderr: \(r.stderr.prefix(400))")
        #expect(r.stderr.contains(c.fragment), "\(c.name): stderr \(r.stderr.prefix(400)) lacks \(c.fragment)")
        #expect(r.stdout.isEmpty || r.status == 0, "\(c.name): printed \(r.stdout.prefix(200))")
        // No message ever shows SQL text or bound values (SQLite's own message can
        // quote a constraint's SQL).
        for leak in ["while running", "constraint failed", "INSERT INTO", "UPDATE todos", "SELECT ", "CHECK ("] {
            #expect(!r.stderr.contains(leak), "\(c.name): stderr shows SQL (\(leak)): \(r.stderr.prefix(400))")
        }
        #expect(storeFingerprint(dir) == before, "\(c.name) changed the store")
        if !c.command.contains("themes.json") {
            #expect(fileBytes(themesPath) == themesBefore, "\(c.name) changed themes.json")
        }
    }

    /// Builds the data directory a case starts from.
    func setUp(_ kind: String, dir: DataDirectory, tasktile: String, env: [String: String]) throws {
        let fm = FileManager.default
        switch kind {
        case "standard", "newer-store", "corrupt-store":
            for args in [["list", "add", "L"], ["add", "T", "--list", "L"], ["theme", "ls"]] {
                let r = try runProcess(tasktile, args, environment: env)
                #expect(r.status == 0, "setup \(args): \(r.stderr)")
            }
            try fm.createDirectory(atPath: dir.widgetsPath, withIntermediateDirectories: true)
            try AtomicFile.write(#"{ "version": 1, "name": "w", "family": "small", "list": "L" }"#, to: dir.widgetsPath + "/w.json")
            if kind == "newer-store" {
                // A migration this build does not know, as a newer tasktile would have recorded it.
                let store = try Store.open(dir, clock: testClock())
                try store.database.execute("INSERT INTO tasktile_migrations (identifier, applied_at) VALUES ('v99-from-a-newer-tasktile', 0)")
                try store.database.close()
            }
            if kind == "corrupt-store" {
                // The store keeps its WAL between processes: checkpoint it into the main file first,
                // so page 1 is read from the file and not from a newer copy in the WAL.
                let store = try Store.open(dir, clock: testClock())
                try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                try store.database.close()
                // Garbage over the b-tree header of page 1 (sqlite_master), after the 100-byte file header.
                let h = try #require(FileHandle(forUpdatingAtPath: dir.storePath))
                try h.seek(toOffset: 100)
                h.write(Data(repeating: 0xDE, count: 200))
                try h.close()
            }
        case "foreign-text", "foreign-sqlite":
            try fm.createDirectory(atPath: dir.path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let source = BadInputCase.directory + (kind == "foreign-text" ? "/foreign-text.bin" : "/foreign-sqlite-header.bin")
            try fm.copyItem(atPath: source, toPath: dir.storePath)
        case "empty-store", "one-byte-store":
            // A truncated store, a stray `touch`: SQLite alone would initialise either as new.
            try fm.createDirectory(atPath: dir.path, withIntermediateDirectories: true,
                                   attributes: [.posixPermissions: 0o700])
            try AtomicFile.write(kind == "empty-store" ? "" : "x", to: dir.storePath)
        case "store-dir":
            // A store path that cannot be written as a file. (Tests run as root, where chmod does not
            // stop writes, so "a read-only data directory" is represented by paths that are not files.)
            try fm.createDirectory(atPath: dir.storePath, withIntermediateDirectories: true)
        case "datadir-file":
            try AtomicFile.write("not a directory\n", to: dir.path)
        default:
            Issue.record("unknown setup \(kind)")
        }
    }
}
