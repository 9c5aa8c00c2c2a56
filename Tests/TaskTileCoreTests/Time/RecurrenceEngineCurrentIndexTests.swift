import Foundation
import Testing
@testable import TaskTileCore

/// Finding the current cycle (docs/cycles.md "Cycle semantics"): the smallest k whose deadline is after "now",
/// fast for old anchors and bounded for any rule, however corrupt.
@Suite struct RecurrenceEngineCurrentIndexTests {
    /// The obvious answer, by walking k up from 0 (bounded for the test's sake).
    static func linearIndex(after now: Date, rule: RepeatRule, anchor: Due, userZone: TimeZone) -> Int? {
        for k in 0..<20_000 {
            guard let due = RecurrenceEngine.occurrence(k, of: rule, anchor: anchor) else { return nil }
            if due.deadline(userZone: userZone) > now { return k }
        }
        Issue.record("linear scan did not finish")
        return nil
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let rule: RepeatRule
        let anchor: Due
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "daily 09:00 Berlin since 2020", rule: RepeatRule(frequency: .daily),
             anchor: .dateTime(wallClock("2020-01-01T09:00"), zoneID: "Europe/Berlin")),
        Case(name: "every 3 days 02:30 New York", rule: RepeatRule(frequency: .daily, interval: 3),
             anchor: .dateTime(wallClock("2021-03-14T02:30"), zoneID: "America/New_York")),
        Case(name: "every 2 weeks Mon/Wed/Fri Lord Howe",
             rule: RepeatRule(frequency: .weekly, interval: 2, weekdays: [.monday, .wednesday, .friday]),
             anchor: .dateTime(wallClock("2022-01-08T01:45"), zoneID: "Australia/Lord_Howe")),
        Case(name: "weekly Sun date-only", rule: RepeatRule(frequency: .weekly, weekdays: [.sunday]),
             anchor: .date(date("2019-06-05"))),
        Case(name: "monthly Jan 31 Tokyo", rule: RepeatRule(frequency: .monthly),
             anchor: .dateTime(wallClock("2001-01-31T23:30"), zoneID: "Asia/Tokyo")),
        Case(name: "yearly Feb 29 date-only", rule: RepeatRule(frequency: .yearly),
             anchor: .date(date("1996-02-29"))),
        Case(name: "daily after 500", rule: RepeatRule(frequency: .daily, end: .afterCount(500)),
             anchor: .dateTime(wallClock("2025-01-01T12:00"), zoneID: "Europe/Berlin")),
        Case(name: "monthly until 2027-06-30", rule: RepeatRule(frequency: .monthly, end: .until(date("2027-06-30"))),
             anchor: .date(date("2026-01-30"))),
        Case(name: "every 999 days", rule: RepeatRule(frequency: .daily, interval: 999),
             anchor: .date(date("2000-01-01"))),
        // The RFC meaning of imported rules (docs/cycles.md "iCalendar forms"): bounded the same way.
        Case(name: "monthly Jan 31 skipping short months Tokyo", rule: RepeatRule(frequency: .monthly, skipsShortMonths: true),
             anchor: .dateTime(wallClock("2001-01-31T23:30"), zoneID: "Asia/Tokyo")),
        Case(name: "every 5 months on the 29th skipping", rule: RepeatRule(frequency: .monthly, interval: 5, skipsShortMonths: true),
             anchor: .date(date("2019-09-29"))),
        Case(name: "yearly Feb 29 skipping common years", rule: RepeatRule(frequency: .yearly, skipsShortMonths: true),
             anchor: .date(date("1996-02-29"))),
        Case(name: "every 3 years Feb 29 skipping", rule: RepeatRule(frequency: .yearly, interval: 3, skipsShortMonths: true),
             anchor: .dateTime(wallClock("2000-02-29T02:30"), zoneID: "America/New_York")),
        Case(name: "daily 09:30 Berlin until an instant at 08:00 UTC",
             rule: RepeatRule(frequency: .daily, end: .untilTime(wallClock("2027-03-29T08:00"), isUTC: true)),
             anchor: .dateTime(wallClock("2026-12-30T09:30"), zoneID: "Europe/Berlin")),
    ]

    static let nows: [String] = [
        "1990-01-01T00:00:00Z", "2020-01-01T08:00:00Z", "2020-01-01T08:00:01Z", "2024-02-29T12:00:00Z",
        "2026-03-08T07:29:59Z", "2026-07-01T00:00:00Z", "2027-03-15T11:00:00Z", "2027-07-01T00:00:00Z",
        "2031-12-31T23:59:59Z",
    ]

    @Test(arguments: cases)
    func agreesWithLinearScan(_ c: Case) {
        for userZoneID in ["Europe/Berlin", "America/Los_Angeles", "Pacific/Kiritimati"] {
            let userZone = zone(userZoneID)
            for nowText in Self.nows {
                let now = utc(nowText)
                let (fast, evaluations) = RecurrenceEngine.searchFirstOccurrenceIndex(
                    after: now, of: c.rule, anchor: c.anchor, userZone: userZone)
                let slow = Self.linearIndex(after: now, rule: c.rule, anchor: c.anchor, userZone: userZone)
                #expect(fast == slow, "now \(nowText) user zone \(userZoneID)")
                #expect(evaluations <= 60, "now \(nowText): \(evaluations) evaluations")
            }
        }
    }

    /// Also at and around every deadline of the first cycles: exactly at the deadline the cycle is past.
    @Test(arguments: cases)
    func boundariesAreExact(_ c: Case) {
        let userZone = zone("America/Los_Angeles")
        for (k, due) in RecurrenceEngine.occurrences(of: c.rule, anchor: c.anchor, count: 40).enumerated() {
            let deadline = due.deadline(userZone: userZone)
            let before = RecurrenceEngine.firstOccurrenceIndex(after: deadline.addingTimeInterval(-1), of: c.rule,
                                                               anchor: c.anchor, userZone: userZone)
            let at = RecurrenceEngine.firstOccurrenceIndex(after: deadline, of: c.rule, anchor: c.anchor,
                                                           userZone: userZone)
            #expect(before == k)
            let nextExists = RecurrenceEngine.occurrence(k + 1, of: c.rule, anchor: c.anchor) != nil
            #expect(at == (nextExists ? k + 1 : nil))
        }
    }

    @Test func dailySince2020() {
        let rule = RepeatRule(frequency: .daily)
        let anchor = Due.dateTime(wallClock("2020-01-01T09:00"), zoneID: "Europe/Berlin")
        // 2027-03-15 10:00 in Berlin (CET): today's 09:00 has passed, so the current cycle is tomorrow's.
        let now = utc("2027-03-15T09:00:00Z")
        let k = RecurrenceEngine.firstOccurrenceIndex(after: now, of: rule, anchor: anchor, userZone: zone("Asia/Tokyo"))
        #expect(k == date("2027-03-16").dayNumber - date("2020-01-01").dayNumber)
        #expect(RecurrenceEngine.occurrence(k ?? -1, of: rule, anchor: anchor)
                == .dateTime(wallClock("2027-03-16T09:00"), zoneID: "Europe/Berlin"))
    }

    @Test func endedSeriesHasNoCurrentIndex() {
        let rule = RepeatRule(frequency: .daily, end: .afterCount(3))
        let anchor = Due.date(date("2027-01-01"))
        let utcZone = TimeZone(secondsFromGMT: 0)!
        #expect(RecurrenceEngine.firstOccurrenceIndex(after: utc("2027-01-03T23:59:59Z"), of: rule, anchor: anchor,
                                                      userZone: utcZone) == 2)
        #expect(RecurrenceEngine.firstOccurrenceIndex(after: utc("2027-01-04T00:00:00Z"), of: rule, anchor: anchor,
                                                      userZone: utcZone) == nil)
        #expect(RecurrenceEngine.firstOccurrenceIndex(after: utc("2990-01-01T00:00:00Z"), of: rule, anchor: anchor,
                                                      userZone: utcZone) == nil)
    }

    // MARK: The guard

    struct CorruptCase: CustomTestStringConvertible, Sendable {
        let name: String
        let rule: RepeatRule
        var testDescription: String { name }
    }

    static let corrupt: [CorruptCase] = [
        CorruptCase(name: "interval 0", rule: RepeatRule(frequency: .daily, interval: 0)),
        CorruptCase(name: "interval -1 weekly", rule: RepeatRule(frequency: .weekly, interval: -1, weekdays: [.monday])),
        CorruptCase(name: "interval Int.min monthly", rule: RepeatRule(frequency: .monthly, interval: Int.min)),
        CorruptCase(name: "interval Int.max yearly", rule: RepeatRule(frequency: .yearly, interval: Int.max)),
        CorruptCase(name: "interval 1000", rule: RepeatRule(frequency: .daily, interval: 1000)),
        CorruptCase(name: "afterCount 0", rule: RepeatRule(frequency: .daily, end: .afterCount(0))),
        CorruptCase(name: "afterCount -7", rule: RepeatRule(frequency: .monthly, end: .afterCount(-7))),
        CorruptCase(name: "afterCount Int.min", rule: RepeatRule(frequency: .weekly, weekdays: [.friday], end: .afterCount(Int.min))),
        CorruptCase(name: "until year 1", rule: RepeatRule(frequency: .daily, end: .until(date("0001-01-01")))),
    ]

    @Test(arguments: corrupt)
    func corruptRulesHaveNoOccurrencesAndNeverHang(_ c: CorruptCase) {
        let anchor = Due.dateTime(wallClock("2027-01-31T02:30"), zoneID: "Europe/Berlin")
        for k in [0, 1, 2, 1000, RecurrenceEngine.maxOccurrenceIndex, Int.max, -1, Int.min] {
            #expect(RecurrenceEngine.occurrence(k, of: c.rule, anchor: anchor) == nil, "k=\(k)")
        }
        #expect(RecurrenceEngine.occurrences(of: c.rule, anchor: anchor, count: Int.max) == [])
        for now in ["1970-01-01T00:00:00Z", "2027-06-01T00:00:00Z", "9999-12-31T23:59:59Z"] {
            let (index, evaluations) = RecurrenceEngine.searchFirstOccurrenceIndex(
                after: utc(now), of: c.rule, anchor: anchor, userZone: zone("Europe/Berlin"))
            #expect(index == nil)
            #expect(evaluations <= RecurrenceEngine.searchEvaluationLimit)
        }
        #expect(throws: RepeatRuleError.self) { try c.rule.validate(anchor: anchor) }
    }

    /// Rules the engine tolerates although `validate()` refuses them, and extreme but valid inputs.
    @Test func toleratedOddities() {
        let anchor = Due.date(date("2027-01-06")) // a Wednesday
        // Weekly with no weekdays: the anchor's weekday.
        #expect(occurrenceDates(RepeatRule(frequency: .weekly), from: anchor, count: 2) == ["2027-01-06", "2027-01-13"])
        // Weekdays on a daily rule are ignored.
        #expect(occurrenceDates(RepeatRule(frequency: .daily, weekdays: [.monday]), from: anchor, count: 2)
                == ["2027-01-06", "2027-01-07"])
        // afterCount(Int.max) never ends before the calendar does.
        let huge = RepeatRule(frequency: .yearly, interval: 999, end: .afterCount(Int.max))
        #expect(occurrenceDates(huge, from: anchor, count: 100) == ["2027-01-06", "3026-01-06", "4025-01-06",
                                                                   "5024-01-06", "6023-01-06", "7022-01-06",
                                                                   "8021-01-06", "9020-01-06"])
        // Searching far in the future and far in the past stays bounded.
        for now in ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"] {
            for rule in [RepeatRule(frequency: .daily), RepeatRule(frequency: .weekly, weekdays: Set(Weekday.allCases)),
                         huge] {
                let (index, evaluations) = RecurrenceEngine.searchFirstOccurrenceIndex(
                    after: utc(now), of: rule, anchor: .date(date("0001-01-01")), userZone: zone("Pacific/Kiritimati"))
                #expect(evaluations <= 60, "\(now) \(rule.frequency): \(evaluations)")
                if now.hasPrefix("0001") { #expect(index == 0) } else { #expect(index == nil || index! > 0) }
            }
        }
        // A zone id the system does not know falls back to the user's zone, without crashing.
        let unknownZone = Due.dateTime(wallClock("2027-01-06T09:00"), zoneID: "Mars/Olympus_Mons")
        #expect(RecurrenceEngine.firstOccurrenceIndex(after: utc("2027-01-10T00:00:00Z"), of: RepeatRule(frequency: .daily),
                                                      anchor: unknownZone, userZone: TimeZone(secondsFromGMT: 0)!) == 4)
    }
}
