import Foundation
import Testing
import TaskTileCore
import TestSupport

/// Subtasks as Nextcloud Tasks writes them (docs/sync.md "Subtasks"): python3-caldav stores the
/// VTODOs on the server, `tasktile sync` brings them in as a tree and writes our changes back.
extension SyncTests {
    /// `show --all --json`'s todos by title.
    static func todosByTitle(_ device: Device) throws -> [String: JSONValue] {
        let shown = try JSONValue.parse(try device.run(["show", "--all", "--json"]).stdout)
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

    @Test(
        "Nextcloud subtasks (RELATED-TO, with and without RELTYPE) via python3-caldav: a tree, a late parent, edits",
        arguments: CalDAVServer.Kind.allCases)
    func nextcloudSubtasks(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try server.client(["mkcal", "Trip"])
        let a = try Device(server)
        func put(_ uid: String, _ lines: [String]) throws {
            let file = a.tmp.file("\(uid).ics")
            try SyncTests.vtodo(uid, lines).write(toFile: file, atomically: true, encoding: .utf8)
            try server.client(["put", "Trip", file])
        }
        try put("nc-pack", ["SUMMARY:Pack", "PRIORITY:1", "CATEGORIES:travel"])
        try put("nc-socks", ["SUMMARY:Socks", "RELATED-TO;RELTYPE=PARENT:nc-pack", "PRIORITY:5"])
        try put("nc-shoes", ["SUMMARY:Shoes", "RELATED-TO:nc-pack", "CATEGORIES:clothes,winter"])
        try put("nc-laces", ["SUMMARY:Laces", "RELATED-TO:nc-shoes", "DTSTART;VALUE=DATE:20270110"])
        try put("nc-waiting", ["SUMMARY:Passport", "RELATED-TO:nc-documents"])
        let first = try a.sync()
        #expect(first.status == 0, "\(first.stdout)\n\(first.stderr)")
        #expect(first.stdout.contains("5 down"), "\(first.stdout)")
        #expect(first.stderr.contains("\"Passport\" waits at the top level"), "\(first.stderr)")
        var todos = try SyncTests.todosByTitle(a)
        let pack = try #require(todos["Pack"]?["id"])
        #expect(todos["Socks"]?["parentId"] == pack, "RELTYPE=PARENT")
        #expect(todos["Shoes"]?["parentId"] == pack, "no RELTYPE: PARENT (RFC 5545 §3.8.4.5)")
        #expect(todos["Laces"]?["parentId"] == todos["Shoes"]?["id"], "two levels")
        #expect(todos["Passport"]?["parentId"] == .null, "kept, at the top level, until its parent comes")
        #expect(todos["Pack"]?["priority"] == .string("high") && todos["Socks"]?["priority"] == .string("medium"))
        #expect(todos["Shoes"]?["tags"] == .array([.string("clothes"), .string("winter")]))
        #expect(todos["Laces"]?["start"] == .string("2027-01-10"))

        // The parent comes later: the waiting subtask is attached.
        try put("nc-documents", ["SUMMARY:Documents"])
        let second = try a.sync()
        #expect(second.status == 0 && second.stdout.contains("1 down"), "\(second.stdout)\n\(second.stderr)")
        todos = try SyncTests.todosByTitle(a)
        #expect(todos["Passport"]?["parentId"] == todos["Documents"]?["id"], "\(todos["Passport"] ?? .null)")

        // Ours back: a priority and a tag; the RELATED-TO line is kept as Nextcloud wrote it.
        #expect(try a.run(["edit", "Shoes", "--list", "Trip", "--priority", "high", "--untag", "winter"]).status == 0)
        let third = try a.sync()
        #expect(third.status == 0 && third.stdout.contains("1 up"), "\(third.stdout)\n\(third.stderr)")
        let shoes = try #require(try server.todos().first { $0.uid == "nc-shoes" }).data
        let lines = Set(shoes.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(String.init))
        #expect(lines.isSuperset(of: ["RELATED-TO:nc-pack", "PRIORITY:1", "CATEGORIES:clothes"]), "\(shoes)")

        // A second device gets the same tree; nothing more to exchange on either.
        let b = try Device(server)
        #expect(try b.sync().status == 0)
        let mine = try SyncTests.todosByTitle(a), theirs = try SyncTests.todosByTitle(b)
        for title in ["Socks", "Shoes", "Laces", "Passport"] {
            #expect(
                mine[title]?["parentId"] == theirs[title]?["parentId"] && mine[title]?["parentId"] != .null, "\(title)")
            #expect(
                mine[title]?["priority"] == theirs[title]?["priority"] && mine[title]?["tags"] == theirs[title]?["tags"]
            )
        }
        #expect(try a.sync().stdout.contains("0 up, 0 down"))
        #expect(try b.sync().stdout.contains("0 up, 0 down"))
    }
}
