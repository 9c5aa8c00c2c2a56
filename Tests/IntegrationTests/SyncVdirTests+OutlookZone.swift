import Foundation
import Testing
import TaskTileCore
import TestSupport

extension SyncVdirTests {
    static let outlookZone = "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"

    @Test(
        "an Outlook item's due edited here keeps its TZID and VTIMEZONE; python icalendar reads the instant"
    )
    func outlookZoneKeptOnEdit() throws {
        let tasktile = try #require(builtProduct("tasktile"))
        let tmp = TemporaryDirectory("sync-vdir-outlook")
        try FileManager.default.createDirectory(atPath: tmp.file("vdir"), withIntermediateDirectories: true)
        let env = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "Europe/Berlin", "LANG": "C"]
        func tt(_ args: [String]) throws -> ProcessResult { try runProcess(tasktile, args, environment: env) }
        #expect(try tt(["list", "add", "Work"]).status == 0)
        #expect(try tt(["sync", "add", "v", "--vdir", tmp.file("vdir")]).status == 0)
        #expect(try tt(["sync"]).status == 0)
        let dir = try #require(try FileManager.default.contentsOfDirectory(atPath: tmp.file("vdir")).first)
        let path = tmp.file("vdir") + "/" + dir + "/outlook-1.ics"
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN",
            "BEGIN:VTIMEZONE", "TZID:\(Self.outlookZone)",
            "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
            "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE",
            "BEGIN:VTODO", "UID:outlook-1@example.com", "DTSTAMP:20270101T000000Z", "SUMMARY:Report",
            "DUE;TZID=\"\(Self.outlookZone)\":20270720T090000", "END:VTODO", "END:VCALENDAR",
        ]
        try (lines.joined(separator: "\r\n") + "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try tt(["sync"]).stdout.contains("1 down"))
        #expect(try tt(["edit", "Report", "--due", "2027-07-21 10:00"]).status == 0)
        let r = try tt(["sync"])
        #expect(r.status == 0 && r.stdout.contains("1 up"), "\(r.stdout)\(r.stderr)")

        // Every TZID the item uses has its VTIMEZONE, and a strict reader gets the edited instant.
        let check = """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], encoding="utf-8").read())
            zones = {str(c["TZID"]) for c in cal.walk("VTIMEZONE")}
            todo = next(iter(cal.walk("VTODO")))
            used = {str(todo[p].params["TZID"]) for p in ("DUE", "DTSTART") if p in todo and "TZID" in todo[p].params}
            assert used <= zones, (used, zones)
            print(todo.decoded("DUE").astimezone(__import__("datetime").timezone.utc).isoformat())
            """
        let script = tmp.file("check.py")
        try check.write(toFile: script, atomically: true, encoding: .utf8)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            Issue.record("python3-icalendar is needed: make deps installs it")
            return
        }
        let py = try runProcess("/usr/bin/python3", [script, path])
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(py.status == 0, "\(py.stderr)\n\(written)")
        #expect(
            py.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2027-07-21T08:00:00+00:00", "\(py.stdout)")
    }
}
