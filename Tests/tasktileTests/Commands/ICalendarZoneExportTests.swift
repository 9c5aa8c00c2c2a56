import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

/// `export --format ics` writes a VTIMEZONE for each IANA zone it names (RFC 5545 §3.2.19), and other readers get
/// tzdata's instants from it alone (docs/interchange.md "iCalendar").
@Suite("iCalendar export: VTIMEZONEs for the zones used")
struct ICalendarZoneExportTests {
    /// Todos in four zones and UTC, repeats across a DST change in each hemisphere.
    static let calendar = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
        "BEGIN:VTODO", "UID:berlin-once", "DTSTAMP:20270101T000000Z", "SUMMARY:Berlin once",
        "DUE;TZID=Europe/Berlin:20270327T090000", "END:VTODO",
        "BEGIN:VTODO", "UID:berlin-daily", "DTSTAMP:20270101T000000Z", "SUMMARY:Berlin daily",
        "DTSTART;TZID=Europe/Berlin:20270326T090000", "DUE;TZID=Europe/Berlin:20270326T090000", "RRULE:FREQ=DAILY",
        "END:VTODO",
        "BEGIN:VTODO", "UID:ny-weekly", "DTSTAMP:20270101T000000Z", "SUMMARY:New York weekly",
        "DTSTART;TZID=America/New_York:20270308T180000", "DUE;TZID=America/New_York:20270308T180000",
        "RRULE:FREQ=WEEKLY", "END:VTODO",
        "BEGIN:VTODO", "UID:sydney-daily", "DTSTAMP:20270101T000000Z", "SUMMARY:Sydney daily",
        "DTSTART;TZID=Australia/Sydney:20270402T083000", "DUE;TZID=Australia/Sydney:20270402T083000",
        "RRULE:FREQ=DAILY", "END:VTODO",
        "BEGIN:VTODO", "UID:tokyo", "DTSTAMP:20270101T000000Z", "SUMMARY:Tokyo", "DUE;TZID=Asia/Tokyo:20270720T090000",
        "END:VTODO",
        "BEGIN:VTODO", "UID:utc", "DTSTAMP:20270101T000000Z", "SUMMARY:UTC", "DUE:20270720T090000Z", "END:VTODO",
        "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    @Test(
        "export: a VTIMEZONE per zone; python reads tzdata's instants from them alone; re-import keeps the zones"
    )
    func exportedZonesReadElsewhere() throws {
        let cli = CLIHarness(now: "2027-03-01T12:00:00+01:00", zone: "Europe/Berlin")
        let r = cli.run("import", "--format", "ics", cli.writeFile("zones.ics", Self.calendar))
        #expect(r.status == 0, "\(r.stderr)")
        let export = cli.run("export", "--format", "ics")
        #expect(export.status == 0, "\(export.stderr)")
        let text = export.stdout
        for zone in ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Tokyo"] {
            #expect(text.components(separatedBy: "BEGIN:VTIMEZONE\r\nTZID:\(zone)\r\n").count == 2, "one for \(zone)")
        }
        #expect(text.components(separatedBy: "BEGIN:VTIMEZONE").count == 5, "none for UTC: \(text)")
        let firstTodo = try #require(text.range(of: "BEGIN:VTODO"))
        let lastZone = try #require(text.range(of: "END:VTIMEZONE", options: .backwards))
        #expect(lastZone.upperBound <= firstTodo.lowerBound, "the VTIMEZONEs come first")
        #expect(text.contains("DUE:20270720T090000Z"))

        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            Issue.record("python3-icalendar and python3-recurring-ical-events are needed: make deps installs them")
            return
        }
        let path = cli.writeFile("export.ics", text)
        let py = try runProcess("/usr/bin/python3", [repositoryRoot + "/Tests/Scripts/vtimezone_check.py", path, "4"])
        #expect(py.status == 0, "\(py.stderr)\n\(text)")
        var read: [String: [String]] = [:]
        for line in py.stdout.split(separator: "\n") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if f.count == 3 { read[f[0]] = [f[1]] + f[2].split(separator: " ").map(String.init) }
        }
        // Foreign UIDs go back as they came.
        let uid = { (u: String) in u }
        #expect(read[uid("berlin-once")] == ["2027-03-27T08:00:00+00:00"], "\(read)")
        // 09:00 in Berlin: 08:00 UTC before the change of 2027-03-28, 07:00 after.
        #expect(
            read[uid("berlin-daily")]
                == [
                    "2027-03-26T08:00:00+00:00", "2027-03-26T08:00:00+00:00", "2027-03-27T08:00:00+00:00",
                    "2027-03-28T07:00:00+00:00", "2027-03-29T07:00:00+00:00",
                ], "\(read)")
        // 18:00 in New York: 23:00 UTC before 2027-03-14, 22:00 after.
        #expect(
            read[uid("ny-weekly")]
                == [
                    "2027-03-08T23:00:00+00:00", "2027-03-08T23:00:00+00:00", "2027-03-15T22:00:00+00:00",
                    "2027-03-22T22:00:00+00:00", "2027-03-29T22:00:00+00:00",
                ], "\(read)")
        // 08:30 in Sydney: 21:30 UTC the day before while DST lasts (to 2027-04-04), 22:30 after.
        #expect(
            read[uid("sydney-daily")]
                == [
                    "2027-04-01T21:30:00+00:00", "2027-04-01T21:30:00+00:00", "2027-04-02T21:30:00+00:00",
                    "2027-04-03T22:30:00+00:00", "2027-04-04T22:30:00+00:00",
                ], "\(read)")
        #expect(read[uid("tokyo")] == ["2027-07-20T00:00:00+00:00"], "\(read)")

        // Our own import reads the TZIDs back as the same IANA zones: the same dues, nothing new.
        let before = try ICalendarTests.todos(cli)
        let target = CLIHarness(now: "2027-03-01T12:00:00+01:00", zone: "Europe/Berlin")
        #expect(target.run("import", "--format", "ics", target.writeFile("back.ics", text)).status == 0)
        let after = try ICalendarTests.todos(target)
        #expect(after.count == before.count)
        for t in before {
            let back = after.first { $0["title"] == t["title"] }
            #expect(back?["due"] == t["due"] && back?["zone"] == t["zone"], "\(String(describing: t["title"]))")
        }
        let again = target.run("export", "--format", "ics").stdout
        #expect(
            again.components(separatedBy: "BEGIN:VTIMEZONE").count == 5
                && again.contains("TZID:Europe/Berlin\r\n") && again.contains("DUE;TZID=Europe/Berlin:20270327T090000"),
            "\(again)")
    }
}
