import Foundation
import Testing
import TaskTileCore
import TestSupport

/// A server is a door too: what it holds goes through the importers' rules.
extension SyncTests {
    @Test(
        "hostile server items: cleaned as importers clean them or left alone, each named; the backup restores"
    )
    func hostileServerItems() throws {
        let server = try CalDAVServer(.radicale)
        let a = try Device(server)
        try server.client(["mkcal", "Errands"])
        try server.client(["mkcal", " "])
        let long = String(repeating: "x", count: 1500)
        let items: [(String, String, [String])] = [
            ("Errands", "good", ["SUMMARY:Buy milk", "DUE;VALUE=DATE:20270105"]),
            ("Errands", "control", ["SUMMARY:bad\u{7}bell", "DUE;VALUE=DATE:20270105"]),
            ("Errands", "long", ["SUMMARY:\(long)"]),
            ("Errands", "blank", ["SUMMARY:   "]),
            ("Errands", "categories", ["SUMMARY:with categories", "CATEGORIES:a\\nb"]),
            (" ", "spacelist", ["SUMMARY:in a calendar named with a space"]),
        ]
        for (calendar, uid, lines) in items {
            let file = a.tmp.file("\(uid).ics")
            try SyncTests.vtodo(uid, lines).write(toFile: file, atomically: true, encoding: .utf8)
            try server.client(["put", calendar, file])
        }
        let r = try a.sync()
        #expect(r.status == 0, "cleaned items are taken: exit 0 (docs/exit-codes.md)\n\(r.stdout)\n\(r.stderr)")
        for uid in ["control", "long", "blank"] {
            #expect(r.stderr.contains("\(uid).ics"), "\(uid) named: \(r.stderr)")
        }
        #expect(r.stderr.contains("cannot be a list title"), "the calendar named with a space: \(r.stderr)")
        let shown = try a.show()
        for title in ["Buy milk", "bad bell", "(untitled)", "with categories", "in a calendar named with a space"] {
            #expect(shown.contains("\"\(title)\""), "\(title): \(shown)")
        }
        #expect(shown.contains("\"Inbox\""), "the calendar named with a space is the list Inbox")

        // What sync stored is what the importers accept: the backup restores into an empty directory.
        let backup = a.tmp.file("backup.json")
        let export = try a.run(["export", "--format", "json", "--out", backup])
        #expect(export.status == 0, "\(export.stderr)")
        let empty = TemporaryDirectory("sync-hostile-restore")
        let restore = try runProcess(
            a.tasktile, ["import", backup],
            environment: a.env.merging(["TASKTILE_DATA_DIR": empty.dataDirectory.path]) { $1 })
        #expect(restore.status == 0, "\(restore.stderr)")
    }
}
