import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

@Suite("JSON backup: export, import, round trip")
struct JSONBackupTests {
    /// A data directory that uses every feature a backup must carry.
    static func richHarness() throws -> CLIHarness {
        var cli = CLIHarness()
        func ok(_ args: String...) {
            let r = cli.run(args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
        }
        ok("list", "add", "Work")
        ok("list", "add", "買い物")
        ok("list", "add", "Routine")
        ok("add", "Report", "--list", "Work", "--due", "2027-01-20", "--notes", "two\nlines, \"quoted\"")
        ok("add", "Call; with, punctuation \\ and :colons", "--list", "Work", "--due", "2027-01-06 18:30")
        ok("add", "No due", "--list", "Work")
        ok("add", "Every 3 days x5", "--list", "Routine", "--due", "2027-01-05 07:00", "--repeat", "daily", "--every", "3", "--times", "5")
        ok("add", "Mon Wed until March", "--list", "Routine", "--due", "2027-01-05", "--repeat", "weekly", "--on", "mon,wed", "--until", "2027-03-01")
        ok("add", "Month end", "--list", "Routine", "--due", "2027-01-31 20:00", "--repeat", "monthly")
        ok("add", "Leap day", "--list", "Routine", "--due", "2028-02-29", "--repeat", "yearly", "--times", "4")
        ok("add", "Biweekly", "--list", "Routine", "--due", "2027-01-08 09:00", "--repeat", "weekly", "--every", "2", "--on", "fri")
        cli.environment["TZ"] = "Asia/Tokyo"
        ok("add", "牛乳を買う", "--list", "買い物", "--due", "2027-01-07 10:00")
        ok("add", "卵", "--list", "買い物")
        cli.environment["TZ"] = "Europe/Berlin"
        ok("done", "No due", "--list", "Work")
        ok("done", "卵", "--list", "買い物")
        ok("undo", "卵", "--list", "買い物")
        ok("done", "卵", "--list", "買い物")
        ok("done", "Month end", "--list", "Routine")
        ok("rm", "Report", "--list", "Work")   // history outlives the todo
        ok("add", "Report", "--list", "Work", "--due", "2027-01-20")
        try cli.withStore { store in
            try store.write {
                try store.database.run("INSERT INTO settings (key, value) VALUES ('sound', 'on'), ('sound.name', 'glint'), ('lang', 'ja')")
                // A fractional creation instant, as a real clock gives: must survive bit for bit.
                try store.database.run("UPDATE lists SET created_at = 1799999999.123456789 WHERE title = 'Work'")
            }
        }
        let themes = """
        { "version": 1, "themes": [
          { "id": "6f1d8a3e-3c1b-4c7e-9a55-0d9f1b2c3d4e", "name": "Ocean", "accent": "#0A84FF", "appearance": "dark",
            "checkboxStyle": "heart", "fontSize": 14 },
          { "id": "9b2f4c6d-8e1a-4b3c-a5d7-e9f0a1b2c3d4", "name": "和紙", "accent": "#C0392B", "background": "#F5F0E6" } ] }
        """
        try themes.write(toFile: cli.tmp.dataDirectory.path + "/themes.json", atomically: true, encoding: .utf8)
        return cli
    }

    @Test("export → import into an empty data directory → export is byte-identical")
    func roundTripIsByteIdentical() throws {
        let source = try Self.richHarness()
        let first = source.run("export", "--format", "json")
        #expect(first.status == 0, "\(first.stderr)")
        // The backup really holds every feature (guards against a vacuous round trip).
        let root = try JSONValue.parse(first.stdout)
        #expect(root["format"] == .string("tasktile-backup"))
        guard case .array(let todos)? = root["todos"], case .array(let completions)? = root["completions"],
              case .array(let themes)? = root["themes"], case .object(let settings)? = root["settings"] else {
            Issue.record("backup shape"); return
        }
        #expect(todos.count == 10)
        #expect(completions.count == 4)
        #expect(completions.contains { $0["undoneAt"] != .null })
        #expect(settings.count == 3)
        #expect(themes.count == 2)
        #expect(first.stdout.contains(".1234567"), "fractional instants are written to the last bit")
        let frequencies = Set(todos.compactMap { $0["repeat"]?["frequency"]?.stringValue })
        #expect(frequencies == ["daily", "weekly", "monthly", "yearly"])
        #expect(todos.contains { $0["due"]?["zone"] == .string("Asia/Tokyo") })
        // A store without challenges, check-in notes or foreign UIDs writes none of those keys:
        // the shape every version-1 reader reads (docs/interchange.md "Added keys, same version").
        #expect(root["challenges"] == nil && !first.stdout.contains("\"foreignUID\"") && !first.stdout.contains("\"note\""))

        let target = CLIHarness()
        let file = source.writeFile("backup.json", first.stdout)
        let imported = target.run("--json", "import", "--format", "json", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        let report = try JSONValue.parse(imported.stdout)
        #expect(report["added"]?["todos"] == .number(10))
        #expect(report["added"]?["themes"] == .number(2))
        let second = target.run("export", "--format", "json")
        #expect(second.stdout == first.stdout)
        #expect(target.run("show", "Routine", "--json").stdout == source.run("show", "Routine", "--json").stdout)

        // Importing the same backup again merges by id: everything is skipped, nothing changes.
        let again = target.run("--json", "import", file)
        #expect(again.status == 0)
        let againReport = try JSONValue.parse(again.stdout)
        #expect(againReport["added"]?["todos"] == .number(0))
        #expect(againReport["skipped"]?["todos"] == .number(10))
        #expect(againReport["skipped"]?["completions"] == .number(4))
        #expect(target.run("export").stdout == first.stdout)
    }

    @Test("--out writes the file atomically; an uncreatable path exits 73")
    func exportToFile() throws {
        let cli = try Self.richHarness()
        let path = cli.tmp.file("out.json")
        let r = cli.run("export", "--out", path)
        #expect(r.status == 0)
        #expect(fileBytes(path).map { String(decoding: $0, as: UTF8.self) } == cli.run("export").stdout)
        // A run killed between writing its temp file and the rename left it behind:
        // the next export to that file removes it; a user's file of another name stays.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let stale = cli.tmp.file(".out.json.tmp-\(child.processIdentifier)-4242")
        try AtomicFile.write("{\"partial", to: stale)
        try AtomicFile.write("mine", to: cli.tmp.file("notes.tmp"))
        #expect(cli.run("export", "--out", path).status == 0)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(fileBytes(cli.tmp.file("notes.tmp")) == Array("mine".utf8))
        let bad = cli.run("export", "--out", cli.tmp.file("missing-dir/out.json"))
        #expect(bad.status == 73)
        #expect(bad.stderr.contains("missing-dir/out.json"))
    }

    @Test("merging into a store with data adds, updates and skips by id")
    func mergeReports() throws {
        let source = try Self.richHarness()
        let file = source.writeFile("b.json", source.run("export").stdout)
        let target = CLIHarness()
        target.run("list", "add", "Mine")
        target.run("add", "My own", "--list", "Mine")
        #expect(target.run("import", file).status == 0)
        // Rename a todo in the source and re-import: exactly one update.
        source.run("edit", "Biweekly", "--list", "Routine", "--title", "Every other Friday")
        let file2 = source.writeFile("b2.json", source.run("export").stdout)
        let r = target.run("--json", "import", file2)
        let report = try JSONValue.parse(r.stdout)
        #expect(report["updated"]?["todos"] == .number(1))
        #expect(report["added"]?["todos"] == .number(0))
        let lists = try JSONValue.parse(target.run("--json", "list", "ls").stdout)
        guard case .array(let items) = lists else { Issue.record("list ls"); return }
        #expect(items.first?["title"] == .string("Mine"), "the user's own list keeps its place")
        #expect(items.count == 4)
    }

    @Test("bad backups exit 65 naming the place, and change nothing", arguments: [
        ("{ \"format\": \"tasktile-backup\", \"version\": 1, \"lists\": [", "bad.json:1:"),
        ("{ \"format\": \"tasktile-backup\", \"version\": 2 }", "version"),
        ("{ \"format\": \"other\" }", "format"),
        ("{ \"format\": \"tasktile-backup\", \"version\": 1, \"reminders\": [] }", "reminders: unknown key"),
        ("{ \"format\": \"tasktile-backup\", \"version\": 1, \"todos\": [ { \"id\": \"0f8e0c6a-1111-4222-8333-444455556666\", \"listId\": \"0f8e0c6a-1111-4222-8333-444455556667\", \"title\": \"x\", \"isCompleted\": false, \"sortOrder\": 0, \"createdAt\": \"2027-01-01T00:00:00Z\", \"missedCount\": 0, \"occurrenceCount\": 0 } ] }", "todos[0].listId"),
        ("{ \"format\": \"tasktile-backup\", \"version\": 1, \"lists\": [ { \"id\": \"0f8e0c6a-1111-4222-8333-444455556666\", \"title\": \"L\", \"sortOrder\": 0, \"createdAt\": \"2027-02-30T00:00:00Z\" } ] }", "createdAt"),
    ])
    func badBackups(_ text: String, _ expected: String) throws {
        let cli = try Self.richHarness()
        let before = cli.fullDump()
        let r = cli.run("import", "--format", "json", cli.writeFile("bad.json", text))
        #expect(r.status == 65)
        #expect(r.stderr.contains(expected), "\(r.stderr)")
        #expect(cli.fullDump() == before)
    }
}
