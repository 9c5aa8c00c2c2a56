import Foundation
import Testing
import TaskTileCore
import TestSupport

/// How other clients complete a repeating todo (docs/sync.md "Repeating todos"), each shape
/// written by python3-caldav.
extension SyncTests {
    @Test(
        "a Thunderbird override (RECURRENCE-ID, STATUS:COMPLETED) is a check-in of that cycle; Nextcloud web completing the master is one of the current cycle; neither goes back as a completed series",
        arguments: CalDAVServer.Kind.allCases)
    func otherClientsComplete(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let a = try Device(server, extra: ["TASKTILE_NOW": "2027-01-05T08:00:00+09:00"])
        #expect(try a.run(["list", "add", "Habits"]).status == 0)
        #expect(
            try a.run(["add", "--list", "Habits", "Stretch", "--due", "2027-01-05 09:00", "--repeat", "daily"]).status
                == 0)
        #expect(
            try a.run(["add", "--list", "Habits", "Water plants", "--due", "2027-01-05 10:00", "--repeat", "daily"])
                .status == 0)
        #expect(try a.sync().status == 0)
        let items = try server.todos()
        let stretch = try #require(items.first { $0.data.contains("SUMMARY:Stretch") })
        let water = try #require(items.first { $0.data.contains("SUMMARY:Water plants") })
        func checkIns(_ title: String) throws -> Int {
            try a.store().database.scalarInt(
                """
                SELECT count(*) FROM completions c JOIN todos t ON t.id = c.todo_id WHERE t.title = ? AND c.source = 'sync'
                """, [.text(title)]) ?? 0
        }

        // Thunderbird: the master unchanged, an override of the 5 January cycle completed.
        let master = stretch.data.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(String.init)
        let start = try #require(master.firstIndex(of: "BEGIN:VTODO")),
            end = try #require(master.firstIndex(of: "END:VTODO"))
        let override = [
            "BEGIN:VTODO", "UID:\(stretch.uid)", "DTSTAMP:20270104T233000Z",
            "RECURRENCE-ID;TZID=Asia/Tokyo:20270105T090000",
            "DTSTART;TZID=Asia/Tokyo:20270105T090000", "DUE;TZID=Asia/Tokyo:20270105T090000", "SUMMARY:Stretch",
            "STATUS:COMPLETED", "COMPLETED:20270104T233000Z", "PERCENT-COMPLETE:100", "END:VTODO",
        ]
        let thunderbird = Array(master[..<start]) + Array(master[start...end]) + override + Array(master[(end + 1)...])
        let file = a.tmp.file("thunderbird.ics")
        try (thunderbird.joined(separator: "\r\n") + "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        try server.client(["replace", stretch.uid, file])

        // Nextcloud web: the master itself marked completed (its DUE, its RRULE unchanged).
        try server.client(["set", water.uid, "STATUS", "COMPLETED"])
        try server.client(["set", water.uid, "COMPLETED", "20270104T234500Z"])
        try server.client(["set", water.uid, "PERCENT-COMPLETE", "100"])

        let r = try a.sync()
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(try checkIns("Stretch") == 1, "the override's cycle is checked in")
        #expect(try checkIns("Water plants") == 1, "the completed master is a check-in of the current cycle")
        let shown = try a.show()
        #expect(!shown.contains("\"pendingCount\": 2"), "both cycles are completed here: \(shown)")

        // Converged: a pass or two later the server holds both series moved on, nothing completed
        // beside an RRULE, the override kept, and no check-in is recorded twice.
        for _ in 0..<2 { #expect(try a.sync().status == 0) }
        let after = try server.todos()
        #expect(after.count == 2, "no duplicate series: \(after.map(\.uid))")
        let waterText = try #require(after.first { $0.uid == water.uid }?.data)
        #expect(
            !waterText.contains("STATUS:COMPLETED") && waterText.contains("DUE;TZID=Asia/Tokyo:20270106T100000"),
            "\(waterText)")
        let stretchText = try #require(after.first { $0.uid == stretch.uid }?.data)
        #expect(stretchText.contains("RECURRENCE-ID"), "the override is kept: \(stretchText)")
        let masterPart = stretchText.components(separatedBy: "RECURRENCE-ID")[0]
        #expect(
            masterPart.contains("DUE;TZID=Asia/Tokyo:20270106T090000") || !masterPart.contains("STATUS:COMPLETED"),
            "\(stretchText)")
        #expect(try checkIns("Stretch") == 1 && checkIns("Water plants") == 1)
    }

    @Test(
        "a Thunderbird one-off with a DTSTART: completed here and its due edited here, the DTSTART keeps its time and zone",
        arguments: CalDAVServer.Kind.allCases)
    func thunderbirdStartKept(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let a = try Device(server)
        #expect(try a.run(["list", "add", "Work"]).status == 0)
        #expect(try a.sync().status == 0)
        let file = a.tmp.file("tb.ics")
        try SyncTests.vtodo(
            "tb-1",
            ["SUMMARY:Steuer", "DTSTART;TZID=Asia/Tokyo:20270105T090000", "DUE;TZID=Asia/Tokyo:20270106T170000"]
        )
        .write(toFile: file, atomically: true, encoding: .utf8)
        try server.client(["put", "Work", file])
        #expect(try a.sync().status == 0)
        #expect(try a.run(["edit", "Steuer", "--list", "Work", "--due", "2027-01-08 10:00"]).status == 0)
        #expect(try a.sync().status == 0)
        let edited = try #require(try server.todos().first { $0.uid == "tb-1" }?.data)
        #expect(
            edited.contains("DTSTART;TZID=Asia/Tokyo:20270105T090000")
                && edited.contains("DUE;TZID=Asia/Tokyo:20270108T100000"), "\(edited)")
        #expect(try a.run(["done", "Steuer", "--list", "Work"]).status == 0)
        #expect(try a.sync().status == 0)
        let done = try #require(try server.todos().first { $0.uid == "tb-1" }?.data)
        #expect(
            done.contains("DTSTART;TZID=Asia/Tokyo:20270105T090000") && done.contains("STATUS:COMPLETED"), "\(done)")
    }
}
