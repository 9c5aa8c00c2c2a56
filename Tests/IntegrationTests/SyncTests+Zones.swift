import Foundation
import Testing
import TaskTileCore
import TestSupport

extension SyncTests {
    /// `Tests/Scripts/vtimezone_check.py` on one item: UID → [DUE in UTC, the first occurrences in UTC], read from
    /// the item's VTIMEZONEs alone (its TZIDs renamed) and checked against tzdata by the script.
    static func zoneCheck(_ text: String, in tmp: TemporaryDirectory) throws -> [String: [String]] {
        let path = tmp.file("item-\(UUID().uuidString).ics")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let py = try runProcess("/usr/bin/python3", [repositoryRoot + "/Tests/Scripts/vtimezone_check.py", path, "3"])
        #expect(py.status == 0, "\(py.stderr)\n\(text)")
        var out: [String: [String]] = [:]
        for line in py.stdout.split(separator: "\n") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if f.count == 3 { out[f[0]] = [f[1]] + f[2].split(separator: " ").map(String.init) }
        }
        return out
    }

    @Test(
        "items go up with a VTIMEZONE per zone: right across DST, the same dues on another device, edits add zones",
        arguments: CalDAVServer.Kind.allCases)
    func zonesGoUpWithVTimeZones(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let a = try Device(server, extra: ["TASKTILE_NOW": "2027-03-20T12:00:00+09:00"])
        do {
            let store = try a.store()
            _ = try store.addList(title: "Work")
            func at(_ m: Int, _ d: Int, _ h: Int, _ zone: String) -> Due {
                .dateTime(
                    LocalDateTime(date: LocalDate(year: 2027, month: m, day: d)!, hour: h, minute: 0)!, zoneID: zone)
            }
            _ = try store.addTodo(
                title: "Berlin daily", list: "Work", due: at(3, 26, 9, "Europe/Berlin"),
                repeatRule: RepeatRule(frequency: .daily, interval: 1))
            _ = try store.addTodo(title: "Berlin once", list: "Work", due: at(3, 29, 9, "Europe/Berlin"))
            _ = try store.addTodo(title: "New York once", list: "Work", due: at(11, 8, 9, "America/New_York"))
            _ = try store.addTodo(title: "UTC once", list: "Work", due: at(7, 20, 9, "UTC"))
        }
        let up = try a.sync()
        #expect(up.status == 0 && up.stdout.contains("4 up"), "\(up.stdout)\(up.stderr)")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            Issue.record("python3-icalendar and python3-recurring-ical-events are needed: make deps installs them")
            return
        }
        let tmp = TemporaryDirectory("sync-zones")
        var read: [String: [String]] = [:]
        for item in try server.todos() {
            let zones = item.data.components(separatedBy: "BEGIN:VTIMEZONE").count - 1
            #expect(zones == (item.data.contains("SUMMARY:UTC once") ? 0 : 1), "\(item.data)")
            for (uid, v) in try Self.zoneCheck(item.data, in: tmp) {
                read[item.data.contains("SUMMARY:Berlin daily") ? "Berlin daily" : uid] = v
                if item.data.contains("SUMMARY:Berlin once") { read["Berlin once"] = v }
                if item.data.contains("SUMMARY:New York once") { read["New York once"] = v }
            }
        }
        // 09:00 in Berlin: 08:00 UTC before the change of 2027-03-28, 07:00 after.
        #expect(
            read["Berlin daily"]
                == [
                    "2027-03-26T08:00:00+00:00", "2027-03-26T08:00:00+00:00", "2027-03-27T08:00:00+00:00",
                    "2027-03-28T07:00:00+00:00",
                ], "\(read)")
        #expect(read["Berlin once"] == ["2027-03-29T07:00:00+00:00"], "\(read)")
        #expect(read["New York once"] == ["2027-11-08T14:00:00+00:00"], "after New York's change: \(read)")

        // The other device reads the TZIDs as the same IANA zones: the same dues.
        let b = try Device(server, extra: ["TASKTILE_NOW": "2027-03-20T12:00:00+09:00", "TZ": "America/Chicago"])
        #expect(try b.sync().status == 0)
        func dues(_ d: Device) throws -> [String: String] {
            let rows = try d.store().database.rows("SELECT title, due_local, due_zone, due_utc FROM todos")
            return Dictionary(
                uniqueKeysWithValues: rows.map {
                    (
                        $0.text("title") ?? "",
                        [
                            $0.text("due_local") ?? "-", $0.text("due_zone") ?? "-",
                            $0.double("due_utc").map { "\(Int($0))" } ?? "-",
                        ].joined(separator: " ")
                    )
                })
        }
        let duesA = try dues(a), duesB = try dues(b)
        #expect(duesB == duesA, "\(duesB)")
        let quiet = try b.sync()
        #expect(quiet.stdout.contains("0 up, 0 down"), "\(quiet.stdout)")

        // Edited here into this device's zone (Asia/Tokyo): the item gets Tokyo's VTIMEZONE beside Berlin's.
        #expect(try a.run(["edit", "Berlin once", "--due", "2027-07-21 10:00"]).status == 0)
        #expect(try a.sync().stdout.contains("1 up"))
        let edited = try #require(try server.todos().first { $0.data.contains("SUMMARY:Berlin once") }?.data)
        #expect(
            edited.contains("TZID:Asia/Tokyo") && edited.contains("DUE;TZID=Asia/Tokyo:20270721T100000"), "\(edited)")
        #expect(try Self.zoneCheck(edited, in: tmp).values.first == ["2027-07-21T01:00:00+00:00"], "\(edited)")
        #expect(try b.sync().status == 0)
        let editedA = try dues(a)["Berlin once"], editedB = try dues(b)["Berlin once"]
        #expect(editedB == editedA && editedA?.contains("Asia/Tokyo") == true, "\(String(describing: editedB))")
    }
}
