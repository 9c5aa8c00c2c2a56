import Foundation
import Testing
import TaskTileCore
import TestSupport

extension SyncTests {
    @Test(
        "first sync with a list and a calendar of the same name: one list, one calendar; a name twice on one side: reported, unpaired, exit 65; sync rm and add again: no second copy",
        arguments: CalDAVServer.Kind.allCases)
    func pairByName(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try server.client(["mkcal", "Work", "work"])
        try server.client(["fill", "Work", "2"])
        try server.client(["mkcal", "Errands", "errands-1"])
        try server.client(["mkcal", "Errands", "errands-2"])
        let a = try Device(server)
        for list in ["Work", "Errands"] { #expect(try a.run(["list", "add", list]).status == 0) }
        #expect(try a.run(["add", "--list", "Work", "Report"]).status == 0)
        #expect(try a.run(["add", "--list", "Errands", "Milk"]).status == 0)
        let before = try server.collectionNames()

        let r = try a.sync()
        #expect(r.status == 65, "\(r.stdout)\n\(r.stderr)")
        #expect(
            r.stderr.contains("\"Errands\" is ambiguous (1 list(s) here, 2 calendar(s) on the server"), "\(r.stderr)")
        #expect(r.stdout.contains("1 up, 2 down"), "\(r.stdout)")
        let after = try server.collectionNames()
        #expect(after == before, "no calendar created: \(after)")
        let lists = try a.store().database.rows("SELECT title FROM lists").compactMap { $0.text("title") }
        #expect(lists.filter { $0 == "Work" }.count == 1 && lists.filter { $0 == "Errands" }.count == 1, "\(lists)")
        let work = try server.todos().filter { $0.calendar == "Work" }
        #expect(work.count == 3, "\(work.map(\.uid))")

        // Removed and added again: the lists pair by name (or by id) again, nothing goes up twice.
        #expect(try a.run(["sync", "rm", "dav"]).status == 0)
        let pw = a.tmp.file("pw")
        #expect(
            try a.run([
                "sync", "add", "dav", "--url", server.url, "--user", server.user, "--password-command", "cat '\(pw)'",
            ]).status == 0)
        let again = try a.sync()
        #expect(again.stdout.contains("0 up, 0 down"), "\(again.stdout)\n\(again.stderr)")
        #expect(try server.todos().filter { $0.calendar == "Work" }.count == 3)
        #expect(try server.collectionNames() == before)
    }
}
