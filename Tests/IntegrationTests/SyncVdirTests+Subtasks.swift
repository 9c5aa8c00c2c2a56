import Foundation
import Testing
import TaskTileCore
import TaskTileInterchange
import TestSupport

/// Subtasks, priority, tags and start through a vdir (docs/sync.md "Subtasks", "Merging").
extension SyncVdirTests {
    /// A data directory with account `v` on `tmp/vdir`, and the collection `Home` in it.
    struct SubtaskSetup {
        let tmp: TemporaryDirectory
        let tasktile: String
        let env: [String: String]
        var home: String { tmp.file("vdir") + "/home" }

        init(_ name: String) throws {
            tasktile = try #require(builtProduct("tasktile"))
            tmp = TemporaryDirectory(name)
            try FileManager.default.createDirectory(
                atPath: tmp.file("vdir") + "/home", withIntermediateDirectories: true)
            try "Home\n".write(toFile: tmp.file("vdir") + "/home/displayname", atomically: true, encoding: .utf8)
            env = [
                "TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "Asia/Tokyo", "LANG": "C",
                "TASKTILE_NOW": "2027-01-05T09:00:00+09:00",
            ]
            #expect(try tt(["sync", "add", "v", "--vdir", tmp.file("vdir")]).status == 0)
        }

        @discardableResult
        func tt(_ args: [String]) throws -> ProcessResult { try runProcess(tasktile, args, environment: env) }

        /// Writes `home/<uid>.ics`, a VTODO as Nextcloud Tasks writes it.
        func put(_ uid: String, _ lines: [String]) throws {
            try
                ([
                    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Nextcloud Tasks v0.15.0", "BEGIN:VTODO", "UID:\(uid)",
                    "DTSTAMP:20270101T000000Z", "LAST-MODIFIED:20270101T000000Z",
                ] + lines + ["END:VTODO", "END:VCALENDAR", ""])
                .joined(separator: "\r\n").write(toFile: home + "/\(uid).ics", atomically: true, encoding: .utf8)
        }

        func file(_ uid: String) throws -> String { try String(contentsOfFile: home + "/\(uid).ics", encoding: .utf8) }

        /// `show --all --json`'s todos by title.
        func todos() throws -> [String: JSONValue] {
            let shown = try JSONValue.parse(try tt(["show", "--all", "--json"]).stdout)
            guard case .array(let lists)? = shown["lists"] else { return [:] }
            var out: [String: JSONValue] = [:]
            for l in lists {
                for key in ["pending", "completed"] {
                    if case .array(let ts)? = l[key] {
                        for t in ts { if case .string(let title)? = t["title"] { out[title] = t } }
                    }
                }
            }
            return out
        }
    }

    @Test(
        "subtasks before their parent wait top-level, keep RELATED-TO through our edits, attach when it comes"
    )
    func subtasksWaitForTheirParent() throws {
        let s = try SubtaskSetup("sync-vdir-subtasks")
        try s.put("socks", ["SUMMARY:Socks", "RELATED-TO:trip", "PRIORITY:9", "CATEGORIES:clothes,winter"])
        try s.put("shoes", ["SUMMARY:Shoes", "RELATED-TO;RELTYPE=PARENT:trip", "DTSTART;VALUE=DATE:20270110"])
        let first = try s.tt(["sync"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("\"Socks\" waits at the top level for its RELATED-TO parent"), "\(first.stderr)")
        var todos = try s.todos()
        #expect(
            todos["Socks"]?["parentId"] == .null && todos["Shoes"]?["parentId"] == .null, "stored, at the top level")
        #expect(todos["Socks"]?["priority"] == .string("low"))
        #expect(todos["Socks"]?["tags"] == .array([.string("clothes"), .string("winter")]))
        #expect(todos["Shoes"]?["start"] == .string("2027-01-10"))

        // Our edit of a waiting subtask goes out without taking its RELATED-TO away.
        #expect(try s.tt(["edit", "Socks", "--list", "Home", "--title", "Wool socks", "--tag", "wool"]).status == 0)
        let second = try s.tt(["sync"])
        #expect(second.status == 0 && second.stdout.contains("1 up"), "\(second.stdout)\(second.stderr)")
        let socks = try s.file("socks")
        #expect(socks.contains("SUMMARY:Wool socks") && socks.contains("RELATED-TO:trip\r\n"), "\(socks)")
        #expect(socks.contains("CATEGORIES:clothes,winter,wool\r\n") && socks.contains("PRIORITY:9\r\n"), "\(socks)")

        // The parent arrives: both are put under it; nothing more to exchange after.
        try s.put("trip", ["SUMMARY:Trip", "PRIORITY:1"])
        let third = try s.tt(["sync"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(!third.stderr.contains("waits"), "\(third.stderr)")
        todos = try s.todos()
        let trip = try #require(todos["Trip"]?["id"])
        #expect(todos["Wool socks"]?["parentId"] == trip && todos["Shoes"]?["parentId"] == trip, "\(todos)")
        #expect(todos["Trip"]?["priority"] == .string("high"))
        #expect(try s.tt(["sync"]).stdout.contains("0 up, 0 down"))

        // Ours out: a new parent, a priority and a start reach the file.
        #expect(try s.tt(["add", "Bag", "--list", "Home"]).status == 0)
        #expect(
            try s.tt(["edit", "Shoes", "--list", "Home", "--parent", "Bag", "--priority", "medium", "--no-start"])
                .status == 0)
        #expect(try s.tt(["sync"]).status == 0)
        let bag = try #require(try s.todos()["Bag"]?["id"]?.stringValue)
        let shoes = try s.file("shoes")
        #expect(shoes.contains("RELATED-TO;RELTYPE=PARENT:\(bag)\r\n") && !shoes.contains(":trip"), "\(shoes)")
        #expect(shoes.contains("PRIORITY:5\r\n") && !shoes.contains("DTSTART"), "\(shoes)")

        // A pass that stored the parent but ended before attaching (kill -9): the next pass
        // attaches first, so the subtask's top-level place is no change of ours to send.
        do {
            let store = try Store.open(s.tmp.dataDirectory, clock: try Clock.fromEnvironment(s.env))
            try store.database.execute("UPDATE todos SET parent_id = NULL WHERE title = 'Wool socks'")
            try store.database.close()
        }
        let resumed = try s.tt(["sync"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let resumedSocks = try s.file("socks")
        #expect(resumedSocks.contains("RELATED-TO:trip\r\n"), "\(resumedSocks)")
        #expect(try s.todos()["Wool socks"]?["parentId"] == trip)
    }

    @Test("a loop of RELATED-TO (A under B, B under A) is broken and reported once; both todos are kept")
    func relatedToLoop() throws {
        let s = try SubtaskSetup("sync-vdir-loop")
        try s.put("loop-a", ["SUMMARY:Loop A", "RELATED-TO:loop-b"])
        try s.put("loop-b", ["SUMMARY:Loop B", "RELATED-TO:loop-a"])
        let r = try s.tt(["sync"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.components(separatedBy: "is one of its own subtasks; the loop is broken").count == 2,
            "reported once: \(r.stderr)")
        let todos = try s.todos()
        let a = try #require(todos["Loop A"]), b = try #require(todos["Loop B"])
        #expect(
            [a["parentId"], b["parentId"]].filter { $0 == .null }.count == 1, "one link kept, one broken: \(a) \(b)")
        #expect(
            try s.file("loop-a").contains("RELATED-TO:loop-b") && (try s.file("loop-b")).contains("RELATED-TO:loop-a"))
        let again = try s.tt(["sync"])
        #expect(
            again.stdout.contains("0 up, 0 down") && !again.stderr.contains("loop"), "\(again.stdout)\(again.stderr)")
    }

    @Test(
        "an item synced before these groups takes them from its base; our edit keeps them there"
    )
    func itemsSyncedBeforeTakeTheirBase() throws {
        let s = try SubtaskSetup("sync-vdir-before")
        try s.put("trip", ["SUMMARY:Trip"])
        try s.put(
            "socks",
            ["SUMMARY:Socks", "RELATED-TO:trip", "PRIORITY:1", "CATEGORIES:clothes", "DTSTART;VALUE=DATE:20270110"])
        #expect(try s.tt(["sync"]).status == 0)
        // As an older tasktile left it: none of the four read here, the items not marked.
        do {
            let store = try Store.open(s.tmp.dataDirectory, clock: try Clock.fromEnvironment(s.env))
            try store.database.execute(
                """
                UPDATE todos SET parent_id = NULL, priority = 0, tags = NULL, tag_keys = NULL, start_local = NULL,
                  start_zone = NULL, start_utc = NULL;
                UPDATE sync_items SET organized = 0;
                """)
            try store.database.close()
        }
        #expect(try s.tt(["edit", "Socks", "--list", "Home", "--title", "Wool socks"]).status == 0)
        let r = try s.tt(["sync"])
        #expect(r.status == 0, "\(r.stderr)")
        let socks = try s.file("socks")
        for kept in [
            "SUMMARY:Wool socks", "RELATED-TO:trip\r\n", "PRIORITY:1\r\n", "CATEGORIES:clothes\r\n",
            "DTSTART;VALUE=DATE:20270110\r\n",
        ] {
            #expect(socks.contains(kept), "\(kept): \(socks)")
        }
        let todos = try s.todos()
        #expect(todos["Wool socks"]?["parentId"] == todos["Trip"]?["id"])
        #expect(
            todos["Wool socks"]?["priority"] == .string("high")
                && todos["Wool socks"]?["start"] == .string("2027-01-10"))
        #expect(todos["Wool socks"]?["tags"] == .array([.string("clothes")]))
    }
}
