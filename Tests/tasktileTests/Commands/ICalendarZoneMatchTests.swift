import Foundation
import Testing
@testable import tasktile
@testable import TaskTileInterchange
import TaskTileCore
import TestSupport

/// A TZID only its VTIMEZONE defines — older Outlook's display names — becomes the system zone whose offsets and changes
/// agree (docs/interchange.md "iCalendar"), so a weekly repeat keeps its wall-clock time across the DST changes; a
/// repeat in a zone no system zone matches is refused (the rest of the file imports), never pinned to UTC.
@Suite("iCalendar: zones defined only by a VTIMEZONE")
struct ICalendarZoneMatchTests {
    /// A VTIMEZONE as older Outlook writes it: rules from 1601, no X-LIC-LOCATION, a display name as the TZID.
    static func vtimezone(_ tzid: String, standard: (from: String, to: String, byDay: String, month: Int, at: String),
                          daylight: (from: String, to: String, byDay: String, month: Int, at: String)) -> [String] {
        ["BEGIN:VTIMEZONE", "TZID:\(tzid)",
         "BEGIN:STANDARD", "DTSTART:16010101T\(standard.at)", "TZOFFSETFROM:\(standard.from)", "TZOFFSETTO:\(standard.to)",
         "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=\(standard.byDay);BYMONTH=\(standard.month)", "END:STANDARD",
         "BEGIN:DAYLIGHT", "DTSTART:16010101T\(daylight.at)", "TZOFFSETFROM:\(daylight.from)", "TZOFFSETTO:\(daylight.to)",
         "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=\(daylight.byDay);BYMONTH=\(daylight.month)", "END:DAYLIGHT",
         "END:VTIMEZONE"]
    }

    static func weekly(_ uid: String, _ title: String, tzid: String, start: String = "20270201T090000", rule: String = "FREQ=WEEKLY;BYDAY=MO") -> [String] {
        ["BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20270101T000000Z", "SUMMARY:\(title)",
         "DTSTART;TZID=\"\(tzid)\":\(start)", "DUE;TZID=\"\(tzid)\":\(start)", "RRULE:\(rule)", "END:VTODO"]
    }

    static let europe = "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"
    static let eastern = "(UTC-05:00) Eastern Time (US & Canada)"
    static let sydney = "(UTC+10:00) Canberra, Melbourne, Sydney"

    static let file = ICalendarPeersTests.calendar(
        // outlook.com escapes the commas of the TZID property (it is TEXT); the quoted parameters do not.
        vtimezone(europe.replacingOccurrences(of: ",", with: "\\,"),
                  standard: ("+0200", "+0100", "-1SU", 10, "030000"), daylight: ("+0100", "+0200", "-1SU", 3, "020000"))
        + vtimezone(eastern, standard: ("-0400", "-0500", "1SU", 11, "020000"), daylight: ("-0500", "-0400", "2SU", 3, "020000"))
        + vtimezone(sydney, standard: ("+1100", "+1000", "1SU", 4, "030000"), daylight: ("+1000", "+1100", "1SU", 10, "020000"))
        // +05:30 with a summer hour from the last Sunday of March: no zone of the tz database does that.
        + vtimezone("Customized Time Zone", standard: ("+0630", "+0530", "-1SU", 10, "030000"),
                    daylight: ("+0530", "+0630", "-1SU", 3, "020000"))
        + weekly("eu", "Amsterdam standup", tzid: europe)
        + weekly("us", "Eastern standup", tzid: eastern)
        + weekly("au", "Sydney standup", tzid: sydney)
        + weekly("custom", "Custom weekly", tzid: "Customized Time Zone")
        + ["BEGIN:VTODO", "UID:custom-once", "DTSTAMP:20270101T000000Z", "SUMMARY:Custom once",
           "DUE;TZID=Customized Time Zone:20270720T090000", "END:VTODO"])

    @Test("three Outlook display-name zones: a weekly repeat stays at 09:00 local across the spring and autumn changes; the choice is reported")
    func outlookZones() throws {
        let cli = CLIHarness()
        let r = cli.run("--json", "import", "--format", "ics", cli.writeFile("outlook.ics", Self.file))
        #expect(r.status == 0, "\(r.stderr)")
        let report = try JSONValue.parse(r.stdout)
        #expect(report["added"]?["todos"] == .number(4), "\(r.stdout)")
        guard case .array(let items)? = report["notImported"] else { Issue.record("no notImported: \(r.stdout)"); return }
        let notes = items.compactMap { $0["message"]?.stringValue }.joined(separator: "\n")
        let todos = try ICalendarTests.todos(cli)
        for (title, zone, offsets) in [("Amsterdam standup", "Europe/Amsterdam", ["+01:00", "+02:00"]),
                                       ("Eastern standup", "America/New_York", ["-05:00", "-04:00"]),
                                       ("Sydney standup", "Australia/Canberra", ["+11:00", "+10:00"])] {
            let todo = try #require(todos.first { $0["title"] == .string(title) }, "\(title) not imported: \(notes)")
            #expect(todo["timeZone"] == .string(zone), "\(title): \(todo)")
            #expect(notes.contains("its VTIMEZONE has the offsets and changes of \(zone)"), "\(title): \(notes)")
            let o = cli.run("--json", "occurrences", title, "--list", "Inbox", "--count", "45")
            #expect(o.status == 0, "\(o.stderr)")
            let dues = try #require(try JSONSerialization.jsonObject(with: Data(o.stdout.utf8)) as? [String])
            #expect(dues.count == 45)
            // Every Monday at 09:00 wall-clock, on both sides of both changes of 2027.
            #expect(dues.allSatisfy { $0.contains("T09:00:00") }, "\(title): \(dues)")
            #expect(Set(dues.map { String($0.suffix(6)) }) == Set(offsets), "\(title): \(dues)")
        }
        #expect(!todos.contains { $0["title"] == .string("Custom weekly") })
        #expect(notes.contains("not imported: time zone \"Customized Time Zone\" is defined only by the file's VTIMEZONE"), "\(notes)")
        #expect(!notes.contains("DTSTART kept as the same instant"), "a refused repeat has one line: \(notes)")
        // A one-off in that zone is still the right instant: 09:00 at +06:30 is 02:30 UTC.
        #expect(todos.first { $0["title"] == .string("Custom once") }?["due"] == .string("2027-07-20T02:30:00+00:00"))
    }

    @Test("matching looks at the years the series spans: a zone whose rules changed inside them is not a match")
    func spanMatters() throws {
        // Mexico City kept US-like DST until 2022 (first Sunday of April to last Sunday of October), then stopped.
        let rules = VTimeZoneRules(try ICalendarText.components(
            try ICalendarText.contentLines(Array(ICalendarPeersTests.calendar(Self.vtimezone(
                "(UTC-06:00) Guadalajara, Mexico City, Monterrey",
                standard: ("-0500", "-0600", "-1SU", 10, "020000"), daylight: ("-0600", "-0500", "1SU", 4, "020000"))).utf8), file: "t"),
            file: "t")[0].children[0])
        let tzid = "(UTC-06:00) Guadalajara, Mexico City, Monterrey"
        #expect(try #require(rules).matchingZone(tzid: tzid, years: 2015...2021)?.zoneID == "America/Mexico_City")
        #expect(try #require(rules).matchingZone(tzid: tzid, years: 2015...2024) == nil)
    }
}
