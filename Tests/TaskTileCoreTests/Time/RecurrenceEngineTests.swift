import Foundation
import Testing
@testable import TaskTileCore

/// Calendar arithmetic of the recurrence engine (docs/cycles.md "Computing cycles"): every occurrence computed from the
/// anchor, month ends clamped, weekly sets with every-N-weeks.
@Suite struct RecurrenceEngineTests {
    struct DateCase: CustomTestStringConvertible, Sendable {
        let name: String
        let rule: RepeatRule
        let anchor: String
        let expected: [String]
        var testDescription: String { name }
    }

    static let dateCases: [DateCase] = [
        DateCase(name: "monthly from Jan 31, common year", rule: RepeatRule(frequency: .monthly),
                 anchor: "2027-01-31",
                 expected: ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31", "2027-06-30",
                            "2027-07-31", "2027-08-31", "2027-09-30", "2027-10-31", "2027-11-30", "2027-12-31",
                            "2028-01-31", "2028-02-29"]),
        DateCase(name: "monthly from Jan 31, leap year", rule: RepeatRule(frequency: .monthly),
                 anchor: "2028-01-31",
                 expected: ["2028-01-31", "2028-02-29", "2028-03-31", "2028-04-30", "2028-05-31"]),
        DateCase(name: "monthly from the 30th", rule: RepeatRule(frequency: .monthly),
                 anchor: "2027-01-30",
                 expected: ["2027-01-30", "2027-02-28", "2027-03-30", "2027-04-30", "2027-05-30"]),
        DateCase(name: "monthly from the 30th, leap year", rule: RepeatRule(frequency: .monthly),
                 anchor: "2027-12-30",
                 expected: ["2027-12-30", "2028-01-30", "2028-02-29", "2028-03-30"]),
        DateCase(name: "monthly from the 29th", rule: RepeatRule(frequency: .monthly),
                 anchor: "2027-01-29",
                 expected: ["2027-01-29", "2027-02-28", "2027-03-29", "2027-04-29"]),
        DateCase(name: "monthly from the 29th, leap year", rule: RepeatRule(frequency: .monthly),
                 anchor: "2028-01-29",
                 expected: ["2028-01-29", "2028-02-29", "2028-03-29"]),
        DateCase(name: "every 2 months from Jan 31", rule: RepeatRule(frequency: .monthly, interval: 2),
                 anchor: "2027-01-31",
                 expected: ["2027-01-31", "2027-03-31", "2027-05-31", "2027-07-31", "2027-09-30", "2027-11-30",
                            "2028-01-31"]),
        DateCase(name: "every 14 months from Dec 31", rule: RepeatRule(frequency: .monthly, interval: 14),
                 anchor: "2027-12-31",
                 expected: ["2027-12-31", "2029-02-28", "2030-04-30", "2031-06-30"]),
        DateCase(name: "yearly from Feb 29 over 8 years", rule: RepeatRule(frequency: .yearly),
                 anchor: "2028-02-29",
                 expected: ["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29", "2033-02-28",
                            "2034-02-28", "2035-02-28"]),
        DateCase(name: "every 3 years from Feb 29", rule: RepeatRule(frequency: .yearly, interval: 3),
                 anchor: "2028-02-29",
                 expected: ["2028-02-29", "2031-02-28", "2034-02-28", "2037-02-28", "2040-02-29"]),
        DateCase(name: "yearly across 2100 (not a leap year)", rule: RepeatRule(frequency: .yearly, interval: 4),
                 anchor: "2096-02-29",
                 expected: ["2096-02-29", "2100-02-28", "2104-02-29"]),
        DateCase(name: "every 3 days across February", rule: RepeatRule(frequency: .daily, interval: 3),
                 anchor: "2027-02-26",
                 expected: ["2027-02-26", "2027-03-01", "2027-03-04", "2027-03-07"]),
        DateCase(name: "daily across a year end", rule: RepeatRule(frequency: .daily),
                 anchor: "2027-12-30",
                 expected: ["2027-12-30", "2027-12-31", "2028-01-01"]),
        // 2027-01-04 is a Monday; the anchor 2027-01-06 a Wednesday.
        DateCase(name: "every 2 weeks on Mon, Wed, Fri from a Wednesday",
                 rule: RepeatRule(frequency: .weekly, interval: 2, weekdays: [.friday, .monday, .wednesday]),
                 anchor: "2027-01-06",
                 expected: ["2027-01-06", "2027-01-08", "2027-01-18", "2027-01-20", "2027-01-22",
                            "2027-02-01", "2027-02-03", "2027-02-05"]),
        DateCase(name: "weekly on Tue, Thu from a Wednesday: first is the next selected day",
                 rule: RepeatRule(frequency: .weekly, weekdays: [.tuesday, .thursday]),
                 anchor: "2027-01-06",
                 expected: ["2027-01-07", "2027-01-12", "2027-01-14", "2027-01-19"]),
        DateCase(name: "every 2 weeks on Mon from a Saturday: first is the next Monday",
                 rule: RepeatRule(frequency: .weekly, interval: 2, weekdays: [.monday]),
                 anchor: "2027-01-09",
                 expected: ["2027-01-11", "2027-01-25", "2027-02-08"]),
        DateCase(name: "every 2 weeks on Sun, Mon from a Sunday: ISO weeks start on Monday",
                 rule: RepeatRule(frequency: .weekly, interval: 2, weekdays: [.sunday, .monday]),
                 anchor: "2027-01-10",
                 expected: ["2027-01-10", "2027-01-18", "2027-01-24", "2027-02-01", "2027-02-07"]),
        DateCase(name: "weekly with no weekdays means the anchor's weekday",
                 rule: RepeatRule(frequency: .weekly, interval: 3),
                 anchor: "2027-01-06",
                 expected: ["2027-01-06", "2027-01-27", "2027-02-17"]),
        DateCase(name: "weekly on every day",
                 rule: RepeatRule(frequency: .weekly, weekdays: Set(Weekday.allCases)),
                 anchor: "2027-01-09",
                 expected: ["2027-01-09", "2027-01-10", "2027-01-11", "2027-01-12"]),
    ]

    @Test(arguments: dateCases)
    func dateOnlyOccurrences(_ c: DateCase) {
        let dues = RecurrenceEngine.occurrences(of: c.rule, anchor: .date(date(c.anchor)), count: c.expected.count)
        #expect(dues.map(\.localDate.description) == c.expected)
        // A floating anchor gives floating occurrences.
        #expect(dues.allSatisfy { $0.zoneID == nil })
    }

    @Test(arguments: dateCases)
    func timedOccurrencesKeepTimeAndZone(_ c: DateCase) {
        let anchorTime = wallClock("\(c.anchor)T07:45:10")
        let dues = RecurrenceEngine.occurrences(of: c.rule, anchor: .dateTime(anchorTime, zoneID: "Asia/Tokyo"),
                                                count: c.expected.count)
        #expect(dues.map(\.localDate.description) == c.expected)
        for due in dues {
            guard case .dateTime(let wc, let zoneID) = due else {
                Issue.record("expected a timed occurrence, got \(due)"); continue
            }
            #expect(zoneID == "Asia/Tokyo")
            #expect((wc.hour, wc.minute, wc.second) == (7, 45, 10))
        }
    }

    @Test(arguments: dateCases)
    func occurrenceIsComputedFromTheAnchorAlone(_ c: DateCase) {
        // Asking for a late index directly equals walking there, and later indexes are later dates.
        let anchor = Due.date(date(c.anchor))
        let walked = RecurrenceEngine.occurrences(of: c.rule, anchor: anchor, count: 60)
        #expect(walked.count == 60)
        for k in [59, 37, 12] {
            #expect(RecurrenceEngine.occurrence(k, of: c.rule, anchor: anchor) == walked[k])
        }
        #expect(zip(walked, walked.dropFirst()).allSatisfy { $0.localDate < $1.localDate })
    }

    // MARK: End conditions

    @Test func afterCountEndsTheSeries() {
        let rule = RepeatRule(frequency: .daily, end: .afterCount(3))
        let anchor = Due.date(date("2027-05-01"))
        #expect(occurrenceDates(rule, from: anchor, count: 10) == ["2027-05-01", "2027-05-02", "2027-05-03"])
        #expect(RecurrenceEngine.occurrence(2, of: rule, anchor: anchor) != nil)
        #expect(RecurrenceEngine.occurrence(3, of: rule, anchor: anchor) == nil)
        #expect(RecurrenceEngine.occurrence(Int.max, of: rule, anchor: anchor) == nil)
    }

    @Test func afterCountOneIsJustTheAnchor() {
        let rule = RepeatRule(frequency: .yearly, end: .afterCount(1))
        #expect(occurrenceDates(rule, from: .date(date("2028-02-29")), count: 5) == ["2028-02-29"])
    }

    struct UntilCase: CustomTestStringConvertible, Sendable {
        let anchor: String      // wall-clock in Europe/Berlin
        let until: String
        let expectedLast: String
        var testDescription: String { "\(anchor) until \(until)" }
    }

    /// `until` covers its whole calendar day in the todo's zone, whatever the clock time.
    @Test(arguments: [
        UntilCase(anchor: "2027-01-01T23:59", until: "2027-01-05", expectedLast: "2027-01-05T23:59:00"),
        UntilCase(anchor: "2027-01-01T23:59:59", until: "2027-01-05", expectedLast: "2027-01-05T23:59:59"),
        UntilCase(anchor: "2027-01-01T00:00", until: "2027-01-05", expectedLast: "2027-01-05T00:00:00"),
        UntilCase(anchor: "2027-01-01T09:00", until: "2027-01-01", expectedLast: "2027-01-01T09:00:00"),
    ])
    func untilIsInclusiveOfTheWholeDay(_ c: UntilCase) {
        let rule = RepeatRule(frequency: .daily, end: .until(date(c.until)))
        let dues = RecurrenceEngine.occurrences(of: rule, anchor: .dateTime(wallClock(c.anchor), zoneID: "Europe/Berlin"),
                                                count: 100)
        guard case .dateTime(let last, _)? = dues.last else {
            Issue.record("no occurrences"); return
        }
        #expect(last.description == c.expectedLast)
        // The next day is outside, even at 00:00.
        #expect(RecurrenceEngine.occurrence(dues.count, of: rule,
                                            anchor: .dateTime(wallClock(c.anchor), zoneID: "Europe/Berlin")) == nil)
    }

    @Test func untilWithDateOnlyAnchorAndMonthEnds() {
        let rule = RepeatRule(frequency: .monthly, end: .until(date("2027-04-30")))
        #expect(occurrenceDates(rule, from: .date(date("2027-01-31")), count: 100)
                == ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"])
        let dayBefore = RepeatRule(frequency: .monthly, end: .until(date("2027-04-29")))
        #expect(occurrenceDates(dayBefore, from: .date(date("2027-01-31")), count: 100)
                == ["2027-01-31", "2027-02-28", "2027-03-31"])
    }

    @Test func untilBeforeTheFirstWeeklyOccurrenceGivesAnEmptySeries() {
        // Anchor Saturday 2027-01-09, first Monday is 2027-01-11, until Sunday.
        let rule = RepeatRule(frequency: .weekly, weekdays: [.monday], end: .until(date("2027-01-10")))
        #expect(RecurrenceEngine.occurrence(0, of: rule, anchor: .date(date("2027-01-09"))) == nil)
    }

    // MARK: The edge of the calendar

    @Test func nothingExistsAfterYear9999() {
        let anchor = Due.date(date("9998-12-31"))
        #expect(occurrenceDates(RepeatRule(frequency: .yearly), from: anchor, count: 5) == ["9998-12-31", "9999-12-31"])
        #expect(occurrenceDates(RepeatRule(frequency: .daily, interval: 999), from: anchor, count: 5) == ["9998-12-31"])
        #expect(occurrenceDates(RepeatRule(frequency: .monthly, interval: 12), from: anchor, count: 5)
                == ["9998-12-31", "9999-12-31"])
        #expect(occurrenceDates(RepeatRule(frequency: .weekly, weekdays: [.monday, .friday]), from: anchor, count: 500).count
                < 500)
    }

    @Test func hugeIndexesReturnNilWithoutOverflow() {
        let anchor = Due.date(date("2027-01-31"))
        for frequency in RepeatRule.Frequency.allCases {
            for k in [Int.max, Int.max / 2, RecurrenceEngine.maxOccurrenceIndex + 1, 1 << 40] {
                let rule = RepeatRule(frequency: frequency, interval: 999, weekdays: frequency == .weekly ? [.monday] : [])
                #expect(RecurrenceEngine.occurrence(k, of: rule, anchor: anchor) == nil, "\(frequency) k=\(k)")
            }
        }
        // The largest index is reachable for a daily rule from year 1.
        let fromYear1 = Due.date(date("0001-01-01"))
        #expect(RecurrenceEngine.occurrence(RecurrenceEngine.maxOccurrenceIndex, of: RepeatRule(frequency: .daily),
                                            anchor: fromYear1) == .date(date("9999-12-31")))
    }

    @Test func negativeIndexDoesNotExist() {
        #expect(RecurrenceEngine.occurrence(-1, of: RepeatRule(frequency: .daily), anchor: .date(date("2027-01-01"))) == nil)
        #expect(RecurrenceEngine.occurrence(Int.min, of: RepeatRule(frequency: .daily), anchor: .date(date("2027-01-01"))) == nil)
        #expect(RecurrenceEngine.occurrences(of: RepeatRule(frequency: .daily), anchor: .date(date("2027-01-01")), count: -3) == [])
    }
}
