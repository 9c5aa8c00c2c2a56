import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

/// iCalendar from other apps (docs/interchange.md "iCalendar"): foreign UIDs go
/// back unchanged, Windows zone names, zones defined only by a VTIMEZONE, in-process todos.
@Suite("iCalendar from other apps")
struct ICalendarPeersTests {
    static func calendar(_ body: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN"] + body + ["END:VCALENDAR", ""])
            .joined(separator: "\r\n")
    }

    @Test("a Thunderbird UID is kept and exported back; importing the export again adds nothing")
    func foreignUIDRoundTrip() throws {
        let cli = CLIHarness()
        let file = cli.writeFile("tb.ics", Self.calendar([
            "BEGIN:VTODO", "UID:7F3A9C2E-4B1D-4E8F-A6C5-0D9E8B7A6F5E", "DTSTAMP:20270101T000000Z", "SUMMARY:Upper-case UUID", "END:VTODO",
            "BEGIN:VTODO", "UID:040000008200E00074C5B7101A82E0080000000@outlook.example", "DTSTAMP:20270101T000000Z", "SUMMARY:Outlook UID", "END:VTODO",
        ]))
        #expect(cli.run("import", "--format", "ics", file).status == 0)
        let export = cli.run("export", "--format", "ics")
        #expect(export.status == 0)
        #expect(export.stdout.contains("UID:7F3A9C2E-4B1D-4E8F-A6C5-0D9E8B7A6F5E\r\n"), "\(export.stdout)")
        #expect(export.stdout.contains("UID:040000008200E00074C5B7101A82E0080000000@outlook.example\r\n"))
        let again = cli.run("--json", "import", "--format", "ics", cli.writeFile("again.ics", export.stdout))
        #expect(again.status == 0)
        #expect(try ICalendarTests.todos(cli).count == 2, "no duplicate on the way back")
    }

    @Test("Outlook's Windows zone names map through the CLDR table; a VTIMEZONE-only zone is honoured, never read as local time")
    func zones() throws {
        let cli = CLIHarness()
        let file = cli.writeFile("outlook.ics", Self.calendar([
            // A Windows name with a VTIMEZONE that has no X-LIC-LOCATION (Outlook).
            "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time",
            "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
            "END:VTIMEZONE",
            // A zone only this file defines: +05:30 in winter, +06:30 from the last Sunday of March.
            "BEGIN:VTIMEZONE", "TZID:Custom Office Time",
            "BEGIN:STANDARD", "DTSTART:19700101T030000", "TZOFFSETFROM:+0630", "TZOFFSETTO:+0530", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:19700101T020000", "TZOFFSETFROM:+0530", "TZOFFSETTO:+0630", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
            "END:VTIMEZONE",
            "BEGIN:VTODO", "UID:w1", "DTSTAMP:20270101T000000Z", "SUMMARY:Berlin", "DUE;TZID=W. Europe Standard Time:20270720T090000", "END:VTODO",
            "BEGIN:VTODO", "UID:w2", "DTSTAMP:20270101T000000Z", "SUMMARY:Tokyo", "DUE;TZID=\"Tokyo Standard Time\":20270720T090000", "END:VTODO",
            "BEGIN:VTODO", "UID:c1", "DTSTAMP:20270101T000000Z", "SUMMARY:Custom winter", "DUE;TZID=Custom Office Time:20270115T090000", "END:VTODO",
            "BEGIN:VTODO", "UID:c2", "DTSTAMP:20270101T000000Z", "SUMMARY:Custom summer", "DUE;TZID=Custom Office Time:20270720T090000", "END:VTODO",
        ]))
        let r = cli.run("--json", "import", "--format", "ics", file)
        #expect(r.status == 0, "\(r.stderr)")
        let todos = try ICalendarTests.todos(cli)
        func todo(_ title: String) throws -> JSONValue { try #require(todos.first { $0["title"] == .string(title) }) }
        #expect(try todo("Berlin")["timeZone"] == .string("Europe/Berlin"))
        #expect(try todo("Berlin")["due"] == .string("2027-07-20T09:00:00+02:00"))
        #expect(try todo("Tokyo")["timeZone"] == .string("Asia/Tokyo"))
        // 09:00 at +05:30 is 03:30 UTC; 09:00 at +06:30 is 02:30 UTC — whatever the reader's zone.
        #expect(try todo("Custom winter")["timeZone"] == .string("UTC"))
        let winter = try todo("Custom winter")
        #expect(winter["due"] == .string("2027-01-15T03:30:00+00:00"), "\(winter)")
        #expect(try todo("Custom summer")["due"] == .string("2027-07-20T02:30:00+00:00"))
        #expect(r.stdout.contains("defined only by the file's VTIMEZONE"), "reported: \(r.stdout)")
        #expect(!r.stdout.contains("is unknown"))
    }

    @Test("STATUS:IN-PROCESS with PERCENT-COMPLETE (even 100, even with COMPLETED) imports as pending, reported")
    func inProcessIsPending() throws {
        let cli = CLIHarness()
        let file = cli.writeFile("progress.ics", Self.calendar([
            "BEGIN:VTODO", "UID:p1", "DTSTAMP:20270101T000000Z", "SUMMARY:Forty", "STATUS:IN-PROCESS", "PERCENT-COMPLETE:40", "END:VTODO",
            "BEGIN:VTODO", "UID:p2", "DTSTAMP:20270101T000000Z", "SUMMARY:Hundred", "STATUS:IN-PROCESS", "PERCENT-COMPLETE:100",
            "COMPLETED:20270102T000000Z", "END:VTODO",
            "BEGIN:VTODO", "UID:p3", "DTSTAMP:20270101T000000Z", "SUMMARY:Done", "PERCENT-COMPLETE:100", "END:VTODO",
        ]))
        let r = cli.run("--json", "import", "--format", "ics", file)
        #expect(r.status == 0, "\(r.stderr)")
        let todos = try ICalendarTests.todos(cli)
        #expect(todos.first { $0["title"] == .string("Forty") }?["isCompleted"] == .bool(false))
        #expect(todos.first { $0["title"] == .string("Hundred") }?["isCompleted"] == .bool(false))
        #expect(todos.first { $0["title"] == .string("Done") }?["isCompleted"] == .bool(true), "no STATUS: 100 % still means done")
        #expect(r.stdout.contains("STATUS:IN-PROCESS imported as pending"), "\(r.stdout)")
    }
}
