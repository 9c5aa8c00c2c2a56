import Foundation
import Testing
@testable import TaskTileCore
import TestSupport

@Suite("Due parsing: ISO forms and the everyday forms a person types")
struct DueParserTests {
    /// Tuesday 2027-01-05 09:00 in Europe/Berlin.
    let clock = testClock("2027-01-05T09:00:00", zone: "Europe/Berlin")

    func timed(_ iso: String, _ zone: String = "Europe/Berlin") -> Due { .dateTime(LocalDateTime(iso: iso)!, zoneID: zone) }
    func date(_ iso: String) -> Due { .date(LocalDate(iso: iso)!) }

    @Test("accepted forms", arguments: [
        ("2027-01-31", "2027-01-31"),
        ("2027-01-31 09:00", "2027-01-31T09:00:00"),
        ("2027-01-31 09:00:30", "2027-01-31T09:00:30"),
        ("2027-01-31T09:00+09:00", "2027-01-31T01:00:00"), // same instant, shown in the user's zone
        ("today", "2027-01-05"),
        ("today 18:00", "2027-01-05T18:00:00"),
        ("tomorrow", "2027-01-06"),
        ("tomorrow 9am", "2027-01-06T09:00:00"),
        ("fri 9am", "2027-01-08T09:00:00"),
        ("tue", "2027-01-05"),           // today's weekday, date only: today
        ("tue 8am", "2027-01-12T08:00:00"), // today at 8am has passed: next week
        ("tue 9:30pm", "2027-01-05T21:30:00"),
        ("jan 31", "2027-01-31"),
        ("31 jan", "2027-01-31"),
        ("jan 1", "2028-01-01"),         // already past this year: next year
        ("feb 28 2029", "2029-02-28"),
        ("feb 29", "2028-02-29"),        // 2027 is a common year: the next Feb 29
        ("29 feb", "2028-02-29"),
        ("+2d", "2027-01-07"),
        ("+1w", "2027-01-12"),
        ("in 3 hours", "2027-01-05T12:00:00"),
        ("in 30 minutes", "2027-01-05T09:30:00"),
        ("in 2 days", "2027-01-07"),
        ("in 3 weeks", "2027-01-26"),
        ("18:00", "2027-01-05T18:00:00"),
        ("12am", "2027-01-05T00:00:00"),
    ])
    func accepted(input: String, expected: String) throws {
        let due = try DueParser.parse(input, clock: clock)
        let want = expected.count == 10 ? date(expected) : timed(expected)
        #expect(due == want, "\(input)")
    }

    @Test("refused forms say what was wrong and list the accepted forms", arguments: [
        ("feb 30", "not a date"), ("feb 29 2027", "not a date"), ("2027-02-30", "does not exist"), ("2027-13-01", "month 13 does not exist"),
        ("someday", "not a recognised form"), ("25:00", "not a recognised form"), ("today 25:00", "not a time"),
        ("+99999999d", "0…36500"), ("in three hours", "in N hours"), ("", "empty"), ("2027-01-31T09:00+25:00", "HH:MM"),
        ("in 3 fortnights", "minutes, hours, days, weeks"),
    ])
    func refused(input: String, fragment: String) {
        #expect {
            try DueParser.parse(input, clock: clock)
        } throws: { error in
            let text = "\(error)"
            return text.contains(fragment) && text.contains("accepted:")
        }
    }

    @Test("a date-only due never becomes the previous day west of UTC", arguments: ["America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago"])
    func floating(zone: String) throws {
        let c = testClock("2027-07-20T23:30:00", zone: zone)
        let due = try DueParser.parse("today", clock: c)
        #expect(due == date("2027-07-20"))
        let label = DueLabel(due: due, now: c.now, zone: c.timeZone)
        #expect(label.kind == .today && label.date == LocalDate(iso: "2027-07-20")!)
        #expect(due.jsonText == "2027-07-20")
    }
}
