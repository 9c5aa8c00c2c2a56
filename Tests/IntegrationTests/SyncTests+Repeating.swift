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

extension SyncTests {
    /// Evolution's completion of a repeating todo (evolution-data-server's
    /// `e_cal_util_mark_task_complete_sync`): the same VTODO moved to its next occurrence,
    /// `COUNT` one less, `NEEDS-ACTION`; the last cycle marked completed with its RRULE.
    static func evolutionCompletes(_ server: CalDAVServer, uid: String, next: String, count: Int) throws {
        try server.client(["set", uid, "DTSTART", ";TZID=Asia/Tokyo:\(next)"])
        try server.client(["set", uid, "DUE", ";TZID=Asia/Tokyo:\(next)"])
        try server.client(["set", uid, "RRULE", "FREQ=DAILY;COUNT=\(count)"])
        try server.client(["set", uid, "STATUS", "NEEDS-ACTION"])
        try server.client(["set", uid, "PERCENT-COMPLETE", "0"])
    }

    @Test(
        "Evolution completes a counted series in place (next occurrence, COUNT − 1): a check-in, the same series",
        arguments: CalDAVServer.Kind.allCases)
    func evolutionCompletesCountedSeries(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let a = try Device(server, extra: ["TASKTILE_NOW": "2027-01-05T08:00:00+09:00"])
        #expect(try a.run(["list", "add", "Habits"]).status == 0)
        // One series made here, one made in Evolution (its VTIMEZONE, no X-TASKTILE- properties).
        #expect(
            try a.run([
                "add", "--list", "Habits", "Vitamins", "--due", "2027-01-05 08:30", "--repeat", "daily", "--times", "3",
            ]).status == 0)
        #expect(try a.sync().status == 0)
        let file = a.tmp.file("evolution.ics")
        try [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Ximian//NONSGML Evolution Calendar//EN",
            "BEGIN:VTIMEZONE", "TZID:Asia/Tokyo", "X-LIC-LOCATION:Asia/Tokyo", "BEGIN:STANDARD",
            "TZNAME:JST", "DTSTART:19700101T000000", "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "END:STANDARD",
            "END:VTIMEZONE", "BEGIN:VTODO", "UID:20270104T120000Z-1234-1000-1-0@evolution.example",
            "DTSTAMP:20270104T120000Z", "CREATED:20270104T120000Z", "SUMMARY:Pills",
            "DTSTART;TZID=Asia/Tokyo:20270105T090000", "DUE;TZID=Asia/Tokyo:20270105T090000",
            "RRULE:FREQ=DAILY;COUNT=5", "STATUS:NEEDS-ACTION", "PERCENT-COMPLETE:0", "SEQUENCE:1", "END:VTODO",
            "END:VCALENDAR", "",
        ].joined(separator: "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        try server.client(["put", "Habits", file])
        #expect(try a.sync().stdout.contains("1 down"))
        let items = try server.todos()
        let vitamins = try #require(items.first { $0.data.contains("SUMMARY:Vitamins") })
        let pills = try #require(items.first { $0.data.contains("SUMMARY:Pills") })
        func row(_ title: String) throws -> (checkIns: Int, due: String, cycle: Int, completed: Bool) {
            let db = try a.store().database
            let n =
                try db.scalarInt(
                    "SELECT count(*) FROM completions c JOIN todos t ON t.id = c.todo_id WHERE t.title = ? AND c.source = 'sync'",
                    [.text(title)]) ?? 0
            let r = try #require(
                try db.rows("SELECT due_local, occurrence_count, is_completed FROM todos WHERE title = ?", [.text(title)])
                    .first)
            return (n, r.text("due_local") ?? "", r.int("occurrence_count") ?? -1, r.bool("is_completed"))
        }

        try Self.evolutionCompletes(server, uid: pills.uid, next: "20270106T090000", count: 4)
        try Self.evolutionCompletes(server, uid: vitamins.uid, next: "20270106T083000", count: 2)
        let r = try a.sync()
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        // A check-in of the current cycle, which shows completed here until its due passes.
        let p = try row("Pills"), v = try row("Vitamins")
        #expect(p.checkIns == 1 && p.completed && p.due == "2027-01-05T09:00:00", "\(p)")
        #expect(v.checkIns == 1 && v.completed && v.due == "2027-01-05T08:30:00", "\(v)")
        // The series keeps its start and end: five cycles from 5 January, three for Vitamins.
        let series = try a.store().database.rows("SELECT title, anchor_local, repeat_end_count FROM todos")
            .map { "\($0.text("title") ?? "") \($0.text("anchor_local") ?? "-") \($0.int("repeat_end_count") ?? -1)" }
        #expect(
            Set(series) == ["Pills 2027-01-05T09:00:00 5", "Vitamins 2027-01-05T08:30:00 3"], "\(series)")
        let after = try server.todos()
        #expect(after.count == 2, "no second series: \(after.map(\.uid))")
        let quiet = try a.sync()
        #expect(quiet.stdout.contains("0 up, 0 down"), "\(quiet.stdout)\(quiet.stderr)")
        #expect(try row("Pills").checkIns == 1, "no check-in twice")

        // The next morning the series stands on its next cycle, as Evolution wrote it.
        a.env["TASKTILE_NOW"] = "2027-01-06T08:00:00+09:00"
        let next = try row("Pills")
        #expect(!next.completed && next.cycle == 1 && next.due == "2027-01-06T09:00:00", "\(next)")
        #expect(try a.sync().stdout.contains("0 up, 0 down"))

        // The last cycle of Vitamins (COUNT=1): Evolution marks it completed with its RRULE.
        try server.client(["set", vitamins.uid, "DTSTART", ";TZID=Asia/Tokyo:20270107T083000"])
        try server.client(["set", vitamins.uid, "DUE", ";TZID=Asia/Tokyo:20270107T083000"])
        try server.client(["set", vitamins.uid, "RRULE", "FREQ=DAILY;COUNT=1"])
        #expect(try a.sync().status == 0)
        let second = try row("Vitamins")
        #expect(second.checkIns == 2 && second.completed && second.cycle == 1, "\(second)")
        a.env["TASKTILE_NOW"] = "2027-01-07T08:00:00+09:00"
        try server.client(["set", vitamins.uid, "STATUS", "COMPLETED"])
        try server.client(["set", vitamins.uid, "COMPLETED", "20270106T234000Z"])
        try server.client(["set", vitamins.uid, "PERCENT-COMPLETE", "100"])
        #expect(try a.sync().status == 0)
        let last = try row("Vitamins")
        #expect(last.checkIns == 3 && last.completed, "the series is done: \(last)")
        #expect(try server.todos().count == 2)
    }
}
