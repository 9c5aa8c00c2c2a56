import Foundation
import Testing
import TaskTileCore
import TestSupport

/// What a server may refuse: creating a calendar (a Radicale rights file), a stored sync-token
/// (RFC 6578 §3.2); and how many requests a pass makes with nothing (or one thing) to do
/// (docs/sync.md "Cost"), counted from the `TASKTILE_SYNC_DEBUG=requests` lines.
extension SyncTests {
    /// Radicale rights (radicale.org "Rights", `type = from_file`): the root is readable and the
    /// user's home readable and writable as a plain collection (discovery; `W` lets Radicale
    /// create the home on first login), and the calendars matching `calendars` (a regex of names
    /// under the home) are readable and writable (`rw`). MKCALENDAR needs `w` on the new
    /// collection's own path, so a name outside `calendars` is refused with 403.
    static func rights(calendars: String) -> String {
        """
        [root]
        user: .+
        collection:
        permissions: R

        [home]
        user: .+
        collection: {user}
        permissions: RW

        [calendars]
        user: .+
        collection: {user}/(\(calendars))(/[^/]+)?
        permissions: rw
        """
    }

    @Test("a refused MKCALENDAR: the list stays here, named on stderr with the HTTP status and what to do, exit 65, the rest synced; allowed later, the next sync creates it")
    func refusedCalendar() throws {
        let server = try RadicaleServer(rights: SyncTests.rights(calendars: "[^/]+"))
        let a = try Device(server)
        #expect(try a.run(["list", "add", "Work"]).status == 0)
        #expect(try a.run(["add", "--list", "Work", "Report"]).status == 0)
        let first = try a.sync()
        #expect(first.status == 0, "\(first.stderr)")

        // The administrator now allows only the calendars that exist: a new one is refused.
        let existing = try server.collectionNames()
        #expect(!existing.isEmpty)
        try server.setRights(SyncTests.rights(calendars: existing.joined(separator: "|")))
        #expect(try a.run(["list", "add", "Errands"]).status == 0)
        #expect(try a.run(["add", "--list", "Errands", "Buy stamps"]).status == 0)
        #expect(try a.run(["add", "--list", "Work", "Slides"]).status == 0)

        for attempt in 0..<2 {
            let r = try a.sync()
            #expect(r.status == 65, "attempt \(attempt): \(r.stdout) \(r.stderr)")
            #expect(r.stderr.contains("list \"Errands\" was not synced and stays here only"), "\(r.stderr)")
            #expect(r.stderr.contains("MKCALENDAR: HTTP 403"), "the server's answer: \(r.stderr)")
            #expect(r.stderr.contains("\(server.url)\(server.user)/") && r.stderr.contains("then sync again"), "where and what to do: \(r.stderr)")
            #expect(r.stderr.contains("1 list(s) have no calendar on the server"), "the last line: \(r.stderr)")
            #expect(!r.stderr.contains("Work"), "only the refused list is named: \(r.stderr)")
            let todos = try server.todos()
            #expect(todos.contains { $0.data.contains("SUMMARY:Slides") }, "the other list synced")
            #expect(!todos.contains { $0.data.contains("SUMMARY:Buy stamps") })
            #expect(try server.collectionNames() == existing)
        }
        #expect(try a.show().contains("\"Buy stamps\""), "the list and its todo stay here")

        // Allowed again: the next sync creates the calendar and sends its todo.
        try server.setRights(SyncTests.rights(calendars: "[^/]+"))
        let r = try a.sync()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("1 up"), "\(r.stdout)")
        #expect(!r.stderr.contains("Errands"), "\(r.stderr)")
        #expect(try server.collectionNames().count == existing.count + 1)
        #expect(try server.todos().contains { $0.calendar == "Errands" && $0.data.contains("SUMMARY:Buy stamps") })
        let again = try a.sync()
        #expect(again.status == 0 && again.stdout.contains("0 up, 0 down"), "\(again.stdout) \(again.stderr)")
    }

    @Test("a sync-token the server rejects (403 DAV:valid-sync-token): changes come from the ETag listing, nothing duplicated, and a fresh token is stored")
    func rejectedSyncToken() throws {
        let server = try RadicaleServer()
        let a = try Device(server)
        #expect(try a.run(["list", "add", "Work"]).status == 0)
        for t in ["One", "Two", "Three"] { #expect(try a.run(["add", "--list", "Work", t]).status == 0) }
        #expect(try a.sync().status == 0)
        let items = try server.todos()
        let one = try #require(items.first { $0.data.contains("SUMMARY:One") })
        let two = try #require(items.first { $0.data.contains("SUMMARY:Two") })

        // Changed, deleted and added there.
        try server.client(["set", one.uid, "SUMMARY", "One (there)"])
        try server.client(["delete", two.uid])
        let file = a.tmp.file("four.ics")
        try SyncTests.vtodo("four-from-python", ["SUMMARY:Four"]).write(toFile: file, atomically: true, encoding: .utf8)
        try server.client(["put", "Work", file])

        // A token of the right form that the server does not know (its token cache was cleared):
        // Radicale answers 403 with DAV:valid-sync-token.
        let stale = "http://radicale.org/ns/sync/" + String(repeating: "0", count: 64)
        do {
            let store = try a.store()
            #expect(try store.database.run("UPDATE sync_collections SET sync_token = ?", [.text(stale)]) == 1)
        }
        a.env["TASKTILE_SYNC_DEBUG"] = "requests"
        let r = try a.sync()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("(sync-collection) Depth 1 → 403"), "the token was refused: \(r.stderr)")
        #expect(r.stderr.contains("(calendar-query) Depth 1 → 207"), "the ETag listing: \(r.stderr)")
        #expect(r.stdout.contains("0 up, 2 down, 1 deleted here"), "\(r.stdout)")
        let shown = try a.show()
        #expect(shown.contains("\"One (there)\"") && shown.contains("\"Four\"") && shown.contains("\"Three\""), "\(shown)")
        #expect(!shown.contains("\"Two\""))
        let after = try server.todos()
        #expect(after.count == 3 && Set(after.map(\.uid)).count == 3, "nothing duplicated there")
        let local = try a.store().database.scalarInt("SELECT count(*) FROM todos") ?? -1
        #expect(local == 3, "nothing duplicated here")

        let token = try #require(try a.store().database.scalarText("SELECT sync_token FROM sync_collections"))
        #expect(token != stale && token.hasPrefix("http://radicale.org/ns/sync/"), "a fresh token: \(token)")
        // The fresh token is the server's current one: the next pass sees it in the home's
        // PROPFIND, equal to the stored one, and asks nothing more.
        let next = try a.sync()
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.contains("0 up, 0 down, 0 deleted here, 0 deleted there"), "\(next.stdout)")
        #expect(SyncTests.requests(next.stderr).count == 1, "\(next.stderr)")
    }

    /// The request lines of `TASKTILE_SYNC_DEBUG=requests` output.
    static func requests(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("debug tasktile-sync: dav: request ") }
    }

    @Test("a no-change pass makes one HTTP request (the kept calendar home's PROPFIND with every collection's sync-token); a home that stopped answering is discovered again")
    func noChangeRequests() throws {
        let server = try RadicaleServer()
        let a = try Device(server, extra: ["TASKTILE_SYNC_DEBUG": "requests"])
        for name in ["Work", "Home", "Errands"] {
            #expect(try a.run(["list", "add", name]).status == 0)
            #expect(try a.run(["add", "--list", name, "\(name) todo"]).status == 0)
        }
        let first = try a.sync()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(SyncTests.requests(first.stderr).contains { $0.contains("PROPFIND \(server.url) ") }, "discovery at the URL: \(first.stderr)")
        let home = try #require(try a.store().database.scalarText("SELECT calendar_home FROM sync_accounts"))
        #expect(home == "\(server.url)\(server.user)/", "the home is kept: \(home)")
        // The first pass stored each collection's token after its own uploads: the next pass is idle.
        let idle = try a.sync()
        #expect(idle.status == 0 && idle.stdout.contains("0 up, 0 down"), "\(idle.stdout) \(idle.stderr)")
        let lines = SyncTests.requests(idle.stderr)
        #expect(lines.count == 1, "\(idle.stderr)")
        #expect(lines.first?.contains("PROPFIND \(home) Depth 1 → 207") == true, "\(lines)")

        // One change there: the home's PROPFIND and one sync-collection REPORT for that collection
        // (and the multiget of the changed item).
        let item = try #require(try server.todos().first { $0.data.contains("SUMMARY:Home todo") })
        try server.client(["set", item.uid, "SUMMARY", "Home todo (there)"])
        let one = try a.sync()
        #expect(one.status == 0 && one.stdout.contains("1 down"), "\(one.stdout) \(one.stderr)")
        let oneLines = SyncTests.requests(one.stderr)
        #expect(oneLines.filter { $0.contains("(sync-collection)") }.count == 1, "\(oneLines)")
        #expect(oneLines.count == 3, "\(oneLines)")

        // A kept home that no longer answers (moved): discovery runs again and the right one is kept.
        do {
            let store = try a.store()
            _ = try store.database.run("UPDATE sync_accounts SET calendar_home = ?", [.text("\(server.url)moved/")])
        }
        let moved = try a.sync()
        #expect(moved.status == 0 && moved.stdout.contains("0 up, 0 down"), "\(moved.stdout) \(moved.stderr)")
        #expect(SyncTests.requests(moved.stderr).contains { $0.contains("PROPFIND \(server.url) ") }, "discovered again: \(moved.stderr)")
        #expect(try a.store().database.scalarText("SELECT calendar_home FROM sync_accounts") == home)
    }
}
