import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

/// The JSON backup holds everything the store holds (docs/interchange.md "JSON backup"): besides
/// lists, todos and history also the challenges (archived ones included), the check-in notes and
/// the foreign iCalendar UIDs — compared table by table after a restore into an empty data directory.
@Suite("JSON backup: challenges, check-in notes, foreign UIDs")
struct JSONBackupCompletenessTests {
    /// The "now" of the last command run on the source; the target imports at the same instant, so
    /// the instant the cycle columns were written for (`cycle_clock`, set by the last check-in
    /// there and by the import here) is comparable too.
    static let lastNow = "2027-01-06T10:00:00+01:00"

    static let thunderbirdUID = "thunderbird-1234@example.org"

    /// A data directory with an archived challenge, a finished one, a running one with check-ins
    /// and notes (one undone), and a todo imported from Thunderbird with a foreign UID.
    static func challengeHarness() throws -> CLIHarness {
        var cli = CLIHarness(now: "2027-01-01T10:00:00+01:00")
        func ok(_ args: String...) {
            let r = cli.run(args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
        }
        // Archived: three days from 2027-01-01, one check-in with a note, archived on day 4 (its
        // list goes, its totals stay in the row, its history stays).
        ok("challenge", "start", "Sprint", "--days", "3", "--habit", "Walk")
        ok("done", "Walk", "--list", "Sprint", "--note", "around the lake")
        cli.environment["TASKTILE_NOW"] = "2027-01-04T10:00:00+01:00"
        ok("challenge", "archive", "Sprint")
        // Running: from 2027-01-04 for 50 days, check-ins with and without notes, one taken back.
        ok("challenge", "start", "Fifty", "--days", "50", "--habit", "Stretch", "--habit", "Read 20 pages")
        // Finished early (ended), not archived.
        ok("challenge", "start", "Quiet", "--days", "10", "--habit", "No phone after 21:00")
        cli.environment["TASKTILE_NOW"] = Self.lastNow
        ok("done", "Stretch", "--list", "Fifty")
        ok("done", "Stretch", "--list", "Fifty", "--on", "2027-01-04", "--note", "slept in, did it at noon")
        ok("done", "Read 20 pages", "--list", "Fifty", "--on", "2027-01-05", "--note", "chapter 2\nand a bit of 3")
        ok("done", "Read 20 pages", "--list", "Fifty", "--on", "2027-01-04")
        ok("undo", "Read 20 pages", "--list", "Fifty", "--on", "2027-01-04")
        ok("challenge", "end", "Quiet")
        // Thunderbird: a UID that is not a UUID, kept in todo_uids for export and sync.
        let ics = [
            "BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0",
            "BEGIN:VTODO", "UID:\(thunderbirdUID)", "DTSTAMP:20270101T010203Z", "CREATED:20270101T010203Z",
            "SUMMARY:Renew the passport", "CATEGORIES:Home", "DUE;VALUE=DATE:20270120", "STATUS:NEEDS-ACTION",
            "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        ok("import", "--format", "ics", cli.writeFile("thunderbird.ics", ics))
        return cli
    }

    /// Tables that are not data, with the reason; everything else is compared row for row.
    static let notCompared: [String: String] = [
        "flashes": "seconds-long click feedback, never part of a backup",
    ]

    /// Columns that are bookkeeping of one store file rather than data, with the reason.
    static let notComparedColumns: [String: Set<String>] = [
        "lists": ["revision"],                 // a change counter for live updates, bumped by every write
        "tasktile_migrations": ["applied_at"], // when this file was migrated
        "todo_search_rows": ["rowid"],         // the index's own row numbers, in insertion order
    ]

    /// Every table's rows as sorted text (see `notCompared`), read through a raw connection that
    /// runs no catch-up.
    static func tables(_ cli: CLIHarness) throws -> [String: [String]] {
        let db = try CycleFixtures.observer(cli.tmp.dataDirectory)
        defer { try? db.close() }
        var out: [String: [String]] = [:]
        for table in try dumpedTables(db) where notCompared[table] == nil {
            let skip = notComparedColumns[table] ?? []
            out[table] = try db.rows("SELECT * FROM \"\(table)\"").map { row in
                zip(row.columnNames, row.values).filter { !skip.contains($0.0) }.map { "\($0.0)=\($0.1)" }.joined(separator: " | ")
            }.sorted()
        }
        return out
    }

    @Test("export → import into an empty data directory: every table as it was; ics after the restore writes the foreign UID")
    func restoresEveryTable() throws {
        let source = try Self.challengeHarness()
        let first = source.run("export", "--format", "json")
        #expect(first.status == 0, "\(first.stderr)")
        // The backup really holds the three (guards against a vacuous comparison below).
        let root = try JSONValue.parse(first.stdout)
        guard case .array(let challenges)? = root["challenges"], case .array(let completions)? = root["completions"],
              case .array(let todos)? = root["todos"] else { Issue.record("backup shape: \(first.stdout.prefix(400))"); return }
        // Oldest first: by start date, then creation, then id (Fifty and Quiet start the same day).
        #expect(challenges.first?["title"] == .string("Sprint") && Set(challenges.compactMap { $0["title"]?.stringValue }) == ["Sprint", "Fifty", "Quiet"])
        func challenge(_ title: String) throws -> JSONValue { try #require(challenges.first { $0["title"] == .string(title) }) }
        let archived = try challenge("Sprint")
        #expect(archived["archivedAt"] != .null && archived["checkedIn"] == .number(1) && archived["bestStreak"] == .number(1))
        let ended = try challenge("Quiet")
        #expect(ended["endedAt"] != .null && ended["archivedAt"] == .null && ended["checkedIn"] == .null)
        #expect(try challenge("Fifty")["habits"] == .array([.string("Stretch"), .string("Read 20 pages")]))
        #expect(Set(completions.compactMap { $0["note"]?.stringValue })
            == ["around the lake", "slept in, did it at noon", "chapter 2\nand a bit of 3"])
        #expect(completions.contains { $0["note"] == nil && $0["undoneAt"] != .null }, "the undone check-in, without a note")
        #expect(todos.compactMap { $0["foreignUID"]?.stringValue } == [Self.thunderbirdUID])
        #expect(!todos.contains { $0["foreignUID"] == .null }, "no foreignUID key on a todo without one")
        let before = try Self.tables(source)
        #expect(before["challenges"]?.count == 3 && before["todo_uids"]?.count == 1)
        #expect(before["completions"]?.filter { !$0.contains("note=null") }.count == 3, "\(before["completions"] ?? [])")

        let target = CLIHarness(now: Self.lastNow)
        let file = source.writeFile("backup.json", first.stdout)
        let imported = target.run("--json", "import", "--format", "json", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try JSONValue.parse(imported.stdout)["added"]?["challenges"] == .number(3))

        let after = try Self.tables(target)
        #expect(Set(after.keys) == Set(before.keys))
        for table in before.keys.sorted() {
            #expect(after[table] == before[table], "table \(table) differs after the restore")
        }
        #expect(Set(Self.notCompared.keys).isSubset(of: Set(try dumpedTables(try CycleFixtures.observer(target.tmp.dataDirectory)))),
                "notCompared names only tables that exist")

        // What a user sees is the same, and the foreign UID goes back out in iCalendar.
        #expect(target.run("challenge", "ls", "--json").stdout == source.run("challenge", "ls", "--json").stdout)
        #expect(target.run("challenge", "show", "Fifty", "--json").stdout == source.run("challenge", "show", "Fifty", "--json").stdout)
        let ics = target.run("export", "--format", "ics")
        #expect(ics.status == 0)
        #expect(ics.stdout.contains("UID:\(Self.thunderbirdUID)\r\n"), "\(ics.stdout)")
        #expect(target.run("export", "--format", "json").stdout == first.stdout, "export → import → export is byte-identical")

        // The same backup again: everything skipped, nothing changed.
        let again = target.run("--json", "import", file)
        #expect(again.status == 0)
        let report = try JSONValue.parse(again.stdout)
        #expect(report["skipped"]?["challenges"] == .number(3))
        #expect(report["added"] == (try JSONValue.parse(#"{"lists":0,"todos":0,"completions":0,"settings":0,"themes":0,"routines":0,"challenges":0}"#)))
        #expect(report["updated"]?["todos"] == .number(0) && report["updated"]?["completions"] == .number(0))
        #expect(try Self.tables(target) == after)
    }

    /// `backup` without what version 1 did not carry: the file an earlier tasktile wrote of the same store.
    static func withoutNewKeys(_ backup: JSONValue) -> JSONValue {
        guard case .object(let members) = backup else { return backup }
        func strip(_ v: JSONValue, _ keys: Set<String>) -> JSONValue {
            guard case .array(let items) = v else { return v }
            return .array(items.map { item in
                guard case .object(let m) = item else { return item }
                return .object(m.filter { !keys.contains($0.0) })
            })
        }
        return .object(members.filter { $0.0 != "challenges" }.map { key, value in
            switch key {
            case "todos": (key, strip(value, ["foreignUID"]))
            case "completions": (key, strip(value, ["note"]))
            default: (key, value)
            }
        })
    }

    @Test("a backup written before challenges, notes and foreign UIDs were carried imports unchanged, and merging it keeps them")
    func olderBackups() throws {
        let source = try Self.challengeHarness()
        let full = source.run("export").stdout
        let old = Self.withoutNewKeys(try JSONValue.parse(full)).serialized() + "\n"
        #expect(!old.contains("challenges") && !old.contains("foreignUID") && !old.contains("\"note\""))

        // Into an empty data directory: restored as an earlier build would have, and exported in
        // the version-1 shape (no new keys when there is nothing to put in them).
        let empty = CLIHarness(now: Self.lastNow)
        let r = empty.run("import", empty.writeFile("old.json", old))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(empty.run("export").stdout == old)

        // Into the store that has them: absent keys say nothing, so nothing is lost.
        let before = try Self.tables(source)
        let merged = source.run("--json", "import", source.writeFile("old.json", old))
        #expect(merged.status == 0, "\(merged.stderr)")
        let report = try JSONValue.parse(merged.stdout)
        #expect(report["updated"]?["todos"] == .number(0) && report["updated"]?["completions"] == .number(0))
        #expect(try Self.tables(source) == before)

        // A changed note and UID in the file update the store (merge by id: different → updated).
        let edited = full.replacingOccurrences(of: "around the lake", with: "around the lake, twice")
            .replacingOccurrences(of: Self.thunderbirdUID, with: "thunderbird-5678@example.org")
        let changed = source.run("--json", "import", source.writeFile("edited.json", edited))
        #expect(changed.status == 0, "\(changed.stderr)")
        let changedReport = try JSONValue.parse(changed.stdout)
        #expect(changedReport["updated"]?["completions"] == .number(1) && changedReport["updated"]?["todos"] == .number(1))
        #expect(source.run("export", "--format", "ics").stdout.contains("UID:thunderbird-5678@example.org\r\n"))
        #expect(source.run("export").stdout == edited)
    }

    static let list = #"{ "id": "0f8e0c6a-1111-4222-8333-444455550001", "title": "L", "sortOrder": 0, "createdAt": "2027-01-01T00:00:00Z" }"#
    static func challenge(_ extra: String = "", listId: String = "0f8e0c6a-1111-4222-8333-444455550001") -> String {
        #"{ "id": "0f8e0c6a-1111-4222-8333-444455550009", "listId": "\#(listId)", "title": "C", "startDate": "2027-01-04", "days": 5, "habits": ["H"], "createdAt": "2027-01-04T09:00:00Z"\#(extra) }"#
    }
    static func backup(_ members: String) -> String {
        #"{ "format": "tasktile-backup", "version": 1, "lists": [ \#(list) ], \#(members) }"#
    }
    static let todo = #"{ "id": "0f8e0c6a-1111-4222-8333-444455550002", "listId": "0f8e0c6a-1111-4222-8333-444455550001", "title": "t", "isCompleted": false, "sortOrder": 0, "createdAt": "2027-01-01T00:00:00Z", "missedCount": 0, "occurrenceCount": 0"#
    static let completion = #"{ "id": 1, "todoId": "0f8e0c6a-1111-4222-8333-444455550002", "listId": "0f8e0c6a-1111-4222-8333-444455550001", "title": "t", "cycleIndex": 0, "completedAt": "2027-01-01T00:00:00Z", "source": "cli""#

    @Test("bad challenges, notes and foreign UIDs exit 65 naming the member, and change nothing", arguments: [
        (backup(#""challenges": {}"#), "bad.json: challenges: must be an array"),
        (backup(#""challenges": [ \#(challenge(#", "colour": "red""#)) ]"#), "challenges[0].colour: unknown key"),
        (backup(#""challenges": [ \#(challenge().replacingOccurrences(of: "\"days\": 5", with: "\"days\": 0")) ]"#), "challenges[0].days: must be a whole number ≥ 1"),
        (backup(#""challenges": [ \#(challenge().replacingOccurrences(of: "\"days\": 5", with: "\"days\": 3651")) ]"#), "challenges[0].days: must be 1 … 3650"),
        (backup(#""challenges": [ \#(challenge().replacingOccurrences(of: "2027-01-04\"", with: "2027-02-30\"")) ]"#), "challenges[0].startDate: \"2027-02-30\" is not a date"),
        (backup(#""challenges": [ \#(challenge(#", "remind": "25:00""#)) ]"#), "challenges[0].remind: \"25:00\" is not a time HH:MM"),
        (backup(#""challenges": [ \#(challenge().replacingOccurrences(of: "[\"H\"]", with: "[]")) ]"#), "challenges[0].habits: must hold at least one item"),
        (backup(#""challenges": [ \#(challenge().replacingOccurrences(of: "[\"H\"]", with: "[\"H\", 7]")) ]"#), "challenges[0].habits[1]: must be a string"),
        (backup(#""challenges": [ \#(challenge().replacingOccurrences(of: "[\"H\"]", with: "[\"a\\u0007b\"]")) ]"#), "challenges[0].habits[0]: invalid title"),
        (backup(#""challenges": [ \#(challenge(#", "checkedIn": 3, "bestStreak": 2"#)) ]"#), "challenges[0].checkedIn: checkedIn and bestStreak are the totals of an archived challenge"),
        (backup(#""challenges": [ \#(challenge(#", "archivedAt": "2027-01-10T00:00:00Z", "checkedIn": 3"#)) ]"#), "challenges[0].bestStreak: checkedIn and bestStreak"),
        (backup(#""challenges": [ \#(challenge()), \#(challenge()) ]"#), "challenges[1].id: 0f8e0c6a-1111-4222-8333-444455550009 is used by another challenge"),
        (backup(#""challenges": [ \#(challenge(listId: "0f8e0c6a-1111-4222-8333-44445555000f")) ]"#), "challenges[0].listId: no list has id 0f8e0c6a-1111-4222-8333-44445555000f, in the file or in the store (only an archived challenge has no list)"),
        (backup(#""todos": [ \#(todo), "foreignUID": "" } ]"#), "todos[0].foreignUID: must be an iCalendar UID"),
        (backup(#""todos": [ \#(todo), "foreignUID": " padded@example.org" } ]"#), "todos[0].foreignUID: must be an iCalendar UID"),
        (backup(#""todos": [ \#(todo), "foreignUID": 42 } ]"#), "todos[0].foreignUID: must be a string or null"),
        (backup(#""todos": [ \#(todo) } ], "completions": [ \#(completion), "note": 5 } ]"#), "completions[0].note: must be a string or null"),
        (backup(#""todos": [ \#(todo) } ], "completions": [ \#(completion), "note": "bell\u0007" } ]"#), "completions[0].note: invalid notes: they contain the control character U+0007"),
    ])
    func badValues(_ text: String, _ expected: String) throws {
        let cli = try JSONBackupTests.richHarness()
        let before = cli.fullDump()
        let r = cli.run("import", "--format", "json", cli.writeFile("bad.json", text))
        #expect(r.status == 65)
        #expect(r.stderr.contains(expected), "\(r.stderr)")
        #expect(cli.fullDump() == before)
    }

    @Test("the same shapes are accepted when valid: an archived challenge needs no list, a running one may use a list of the store")
    func validEdges() throws {
        let cli = CLIHarness()
        let archived = Self.challenge(#", "archivedAt": "2027-01-10T00:00:00Z", "checkedIn": 3, "bestStreak": 2"#,
                                      listId: "0f8e0c6a-1111-4222-8333-44445555000f")
        let r = cli.run("--json", "import", cli.writeFile("ok.json", Self.backup(#""challenges": [ \#(archived) ]"#)))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try JSONValue.parse(r.stdout)["added"]?["challenges"] == .number(1))
        guard case .array(let ls) = try JSONValue.parse(cli.run("challenge", "ls", "--json").stdout) else { Issue.record("challenge ls"); return }
        #expect(ls.first?["state"] == .string("archived") && ls.first?["checkIns"] == .number(3), "\(ls)")
        // A running challenge whose list is in the store, not in the file (a hand-made partial backup).
        let running = Self.challenge().replacingOccurrences(of: "0f8e0c6a-1111-4222-8333-444455550009", with: "0f8e0c6a-1111-4222-8333-44445555000a")
        let partial = #"{ "format": "tasktile-backup", "version": 1, "challenges": [ \#(running) ] }"#
        let p = cli.run("import", cli.writeFile("partial.json", partial))
        #expect(p.status == 0, "\(p.stderr)")
        #expect(cli.run("challenge", "show", "C", "--json").stdout.contains("\"state\""))
    }
}
