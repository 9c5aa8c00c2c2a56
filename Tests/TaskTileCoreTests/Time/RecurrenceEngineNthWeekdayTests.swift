import Foundation
import Testing
@testable import TaskTileCore

/// Monthly and yearly repeats on the Nth weekday (docs/cycles.md "Repeat rules", RFC 5545 §3.3.10 `BYDAY=3TH`, `-1FR`):
/// occurrences from the anchor at month boundaries, months without a 5th weekday skipped, DST, and the cycle search.
/// Expected dates were read off a calendar (and agree with python-dateutil, see `RecurrenceVectorTests`).
@Suite struct RecurrenceEngineNthWeekdayTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let rule: RepeatRule
        let anchor: String
        let dates: [String]
        let note: String
        var testDescription: String { note }
    }

    static func monthly(_ ordinal: Int, _ day: Weekday, every n: Int = 1, end: RepeatRule.End = .never) -> RepeatRule {
        RepeatRule(frequency: .monthly, interval: n, end: end, nthWeekday: .init(ordinal, day))
    }

    static func yearly(_ ordinal: Int, _ day: Weekday, every n: Int = 1) -> RepeatRule {
        RepeatRule(frequency: .yearly, interval: n, nthWeekday: .init(ordinal, day))
    }

    static let cases: [Case] = [
        Case(rule: monthly(3, .thursday), anchor: "2027-01-21",
             dates: ["2027-01-21", "2027-02-18", "2027-03-18", "2027-04-15", "2027-05-20"],
             note: "3rd Thursday from an anchor on one"),
        Case(rule: monthly(3, .thursday), anchor: "2027-01-05",
             dates: ["2027-01-21", "2027-02-18"], note: "the first 3rd Thursday on or after the anchor"),
        Case(rule: monthly(3, .thursday), anchor: "2027-01-22",
             dates: ["2027-02-18", "2027-03-18"], note: "anchor after this month's 3rd Thursday: next month"),
        // 2027: Thursdays in Apr 1, 8, 15, 22, 29 (five); May 6 … 27 (four); Jul 1 … 29 (five); Sep 2 … 30 (five).
        Case(rule: monthly(5, .thursday), anchor: "2027-04-01",
             dates: ["2027-04-29", "2027-07-29", "2027-09-30", "2027-12-30", "2028-03-30"],
             note: "5th Thursday: months with four are skipped (RFC 5545), never clamped"),
        Case(rule: monthly(4, .thursday), anchor: "2027-04-01",
             dates: ["2027-04-22", "2027-05-27", "2027-06-24", "2027-07-22"],
             note: "4th Thursday exists in every month, with four Thursdays or five"),
        Case(rule: monthly(-1, .thursday), anchor: "2027-04-01",
             dates: ["2027-04-29", "2027-05-27", "2027-06-24", "2027-07-29"],
             note: "last Thursday is the 5th or the 4th"),
        // February: 2028 is a leap year (Feb 29 a Tuesday), 2027 is not (Feb 28 a Sunday).
        Case(rule: monthly(-1, .friday), anchor: "2027-01-01",
             dates: ["2027-01-29", "2027-02-26", "2027-03-26", "2027-04-30"], note: "last Friday, common-year February"),
        Case(rule: monthly(-1, .friday), anchor: "2028-01-01",
             dates: ["2028-01-28", "2028-02-25", "2028-03-31"], note: "last Friday, leap-year February"),
        Case(rule: monthly(-1, .tuesday), anchor: "2028-02-01",
             dates: ["2028-02-29", "2028-03-28"], note: "last Tuesday is Feb 29 in 2028"),
        Case(rule: monthly(5, .tuesday), anchor: "2028-02-01",
             dates: ["2028-02-29", "2028-05-30", "2028-08-29", "2028-10-31"], note: "Feb 29 as a 5th Tuesday"),
        Case(rule: monthly(-1, .sunday), anchor: "2027-02-28",
             dates: ["2027-02-28", "2027-03-28", "2027-04-25"], note: "the anchor is the last Sunday"),
        Case(rule: monthly(-2, .friday), anchor: "2027-01-01",
             dates: ["2027-01-22", "2027-02-19", "2027-03-19"], note: "2nd-to-last Friday"),
        Case(rule: monthly(1, .monday, every: 2), anchor: "2027-01-04",
             dates: ["2027-01-04", "2027-03-01", "2027-05-03", "2027-07-05"], note: "every 2 months on the 1st Monday"),
        Case(rule: monthly(1, .monday, every: 2), anchor: "2027-01-05",
             dates: ["2027-02-01", "2027-04-05", "2027-06-07"],
             note: "every 2 months counts from occurrence 0's month, like weekly counts from its week"),
        Case(rule: monthly(2, .tuesday, end: .afterCount(3)), anchor: "2027-01-01",
             dates: ["2027-01-12", "2027-02-09", "2027-03-09"], note: "after 3"),
        Case(rule: monthly(2, .tuesday, end: .until(date("2027-03-09"))), anchor: "2027-01-01",
             dates: ["2027-01-12", "2027-02-09", "2027-03-09"], note: "until the day of an occurrence, inclusive"),
        Case(rule: yearly(4, .thursday), anchor: "2027-11-01",
             dates: ["2027-11-25", "2028-11-23", "2029-11-22", "2030-11-28"], note: "US Thanksgiving"),
        Case(rule: yearly(4, .thursday), anchor: "2027-11-26",
             dates: ["2028-11-23", "2029-11-22"], note: "anchor after this year's: next year, the same month"),
        Case(rule: yearly(-1, .monday, every: 2), anchor: "2027-05-01",
             dates: ["2027-05-31", "2029-05-28", "2031-05-26"], note: "every 2 years on the last Monday of May"),
        // Feb 1 is a Monday in 2016, 2044 (leap years); 2072 too.
        Case(rule: yearly(5, .monday), anchor: "2027-02-01",
             dates: ["2044-02-29", "2072-02-29"], note: "5th Monday of February: only leap years starting on a Monday"),
    ]

    @Test(arguments: cases)
    func occurrencesFromTheAnchor(_ c: Case) {
        #expect(occurrenceDates(c.rule, from: .date(date(c.anchor)), count: c.dates.count + 1).prefix(c.dates.count)
            == ArraySlice(c.dates))
    }

    @Test("occurrence k is the same computed alone as in a run from 0, far out too", arguments: [
        monthly(3, .thursday), monthly(5, .friday), monthly(-5, .sunday, every: 7), yearly(5, .saturday, every: 3),
        yearly(-1, .friday),
    ])
    func occurrenceIsComputedFromTheAnchorAlone(_ rule: RepeatRule) {
        let anchor = Due.date(date("2027-03-10"))
        let run = RecurrenceEngine.occurrences(of: rule, anchor: anchor, count: 400)
        #expect(run.count == 400)
        for k in [0, 1, 17, 99, 250, 399] {
            #expect(RecurrenceEngine.occurrence(k, of: rule, anchor: anchor) == run[k], "k=\(k)")
        }
        // Strictly increasing, each on the rule's weekday and within its ordinal.
        for (a, b) in zip(run, run.dropFirst()) { #expect(a.localDate < b.localDate) }
        for due in run {
            let d = due.localDate
            #expect(d.weekday == rule.nthWeekday!.weekday)
            #expect(rule.nthWeekday!.date(year: d.year, month: d.month) == d)
        }
    }

    @Test("nothing past year 9999, and huge indexes answer nil at once")
    func endsAtYear9999() {
        let rule = Self.monthly(5, .thursday)
        let anchor = Due.date(date("9999-01-01"))
        let all = RecurrenceEngine.occurrences(of: rule, anchor: anchor, count: 20)
        #expect(!all.isEmpty && all.allSatisfy { $0.localDate.year == 9999 })
        #expect(RecurrenceEngine.occurrence(RecurrenceEngine.maxOccurrenceIndex, of: rule, anchor: anchor) == nil)
        #expect(RecurrenceEngine.occurrence(1_000_000, of: Self.monthly(3, .monday), anchor: .date(date("2027-01-01"))) == nil)
    }

    @Test("a 09:00 Europe/Berlin todo on the last Sunday stays at 09:00 across both DST changes")
    func wallClockAcrossDST() {
        // Berlin changes on the last Sunday of March (CET → CEST) and of October (CEST → CET).
        let rule = Self.monthly(-1, .sunday)
        let anchor = Due.dateTime(wallClock("2027-02-01T09:00"), zoneID: "Europe/Berlin")
        let dues = RecurrenceEngine.occurrences(of: rule, anchor: anchor, count: 10)
        let berlin = zone("Europe/Berlin")
        #expect(dues.map { utcText($0.deadline(userZone: berlin)) } == [
            "2027-02-28T08:00:00Z", "2027-03-28T07:00:00Z", "2027-04-25T07:00:00Z", "2027-05-30T07:00:00Z",
            "2027-06-27T07:00:00Z", "2027-07-25T07:00:00Z", "2027-08-29T07:00:00Z", "2027-09-26T07:00:00Z",
            "2027-10-31T08:00:00Z", "2027-11-28T08:00:00Z",
        ])
        #expect(dues.allSatisfy { $0.zoneID == "Europe/Berlin" })
    }

    @Test("02:30 on the spring-forward Sunday becomes 03:30 for that cycle only")
    func springGap() {
        let rule = Self.monthly(-1, .sunday)
        let anchor = Due.dateTime(wallClock("2027-02-01T02:30"), zoneID: "Europe/Berlin")
        let berlin = zone("Europe/Berlin")
        let dues = RecurrenceEngine.occurrences(of: rule, anchor: anchor, count: 3)
        #expect(dues.map { utcText($0.deadline(userZone: berlin)) }
            == ["2027-02-28T01:30:00Z", "2027-03-28T01:30:00Z", "2027-04-25T00:30:00Z"])
    }

    @Test("the current cycle at now: the search agrees with the occurrences at each boundary")
    func currentCycleSearch() {
        let berlin = zone("Europe/Berlin")
        for rule in [Self.monthly(3, .thursday), Self.monthly(5, .thursday), Self.yearly(4, .thursday)] {
            let anchor = Due.dateTime(wallClock("2027-11-01T09:00"), zoneID: "Europe/Berlin")
            let dues = RecurrenceEngine.occurrences(of: rule, anchor: anchor, count: 30)
            for (k, due) in dues.enumerated() {
                let deadline = due.deadline(userZone: berlin)
                #expect(RecurrenceEngine.firstOccurrenceIndex(after: deadline.addingTimeInterval(-1), of: rule,
                                                              anchor: anchor, userZone: berlin) == k)
                #expect(RecurrenceEngine.occurrenceIndex(on: due.localDate, of: rule, anchor: anchor) == k)
            }
            let (_, evaluations) = RecurrenceEngine.searchFirstOccurrenceIndex(
                after: utc("2500-06-01T00:00:00Z"), of: rule, anchor: anchor, userZone: berlin)
            #expect(evaluations < 50)
        }
        // A day that is not the 3rd Thursday is no cycle.
        #expect(RecurrenceEngine.occurrenceIndex(on: date("2027-11-19"), of: Self.monthly(3, .thursday),
                                                 anchor: .date(date("2027-11-01"))) == nil)
    }

    @Test("NthWeekday.date: first and last days of the month, and no 5th in a month with four")
    func nthDate() {
        typealias N = RepeatRule.NthWeekday
        #expect(N(1, .friday).date(year: 2027, month: 1) == date("2027-01-01"))
        #expect(N(5, .sunday).date(year: 2027, month: 1) == date("2027-01-31"))
        #expect(N(-1, .sunday).date(year: 2027, month: 1) == date("2027-01-31"))
        #expect(N(-5, .friday).date(year: 2027, month: 1) == date("2027-01-01"))
        #expect(N(5, .monday).date(year: 2027, month: 2) == nil)
        #expect(N(-5, .sunday).date(year: 2027, month: 2) == nil)
        #expect(N(4, .sunday).date(year: 2027, month: 2) == date("2027-02-28"))
        #expect(N(0, .sunday).date(year: 2027, month: 2) == nil)
        #expect(N(6, .sunday).date(year: 2027, month: 2) == nil)
    }

    @Test("RFC 5545 weekdaynum: 3TH, +3TH, -1FR read; TH, 0MO, 6TH, 3XX do not; written back as 3TH, -1FR")
    func byDayValue() {
        typealias N = RepeatRule.NthWeekday
        #expect(N(byDay: "3TH") == N(3, .thursday))
        #expect(N(byDay: "+3th") == N(3, .thursday))
        #expect(N(byDay: "-1FR") == N(-1, .friday))
        for bad in ["TH", "0MO", "6TH", "-6SU", "3XX", "", "3", "1.5MO", "--1FR"] { #expect(N(byDay: bad) == nil, "\(bad)") }
        #expect(N(3, .thursday).byDayValue == "3TH")
        #expect(N(-1, .friday).byDayValue == "-1FR")
    }

    @Test("validate: only monthly and yearly, ordinals −5…−1 and 1…5")
    func validation() {
        #expect(throws: RepeatRuleError.nthWeekdayWithoutMonthlyOrYearly(.daily)) {
            try RepeatRule(frequency: .daily, nthWeekday: .init(3, .thursday)).validate()
        }
        #expect(throws: RepeatRuleError.nthWeekdayWithoutMonthlyOrYearly(.weekly)) {
            try RepeatRule(frequency: .weekly, weekdays: [.monday], nthWeekday: .init(3, .thursday)).validate()
        }
        for n in [0, 6, -6, 99] {
            #expect(throws: RepeatRuleError.nthWeekdayOrdinalOutOfRange(n)) { try Self.monthly(n, .friday).validate() }
        }
        for n in [1, 2, 3, 4, 5, -1, -2, -3, -4, -5] { #expect(throws: Never.self) { try Self.yearly(n, .friday).validate() } }
        #expect(throws: RepeatRuleError.weekdaysWithoutWeekly(.monthly)) {
            try RepeatRule(frequency: .monthly, weekdays: [.thursday]).validate()
        }
        // An until before the first 3rd Thursday makes an empty series.
        #expect(throws: RepeatRuleError.untilBeforeFirstOccurrence(until: date("2027-01-20"), first: date("2027-01-21"))) {
            try Self.monthly(3, .thursday, end: .until(date("2027-01-20"))).validate(anchor: .date(date("2027-01-01")))
        }
    }

    @Test("a corrupt Nth weekday on a daily or weekly rule yields no occurrences instead of crashing")
    func corruptRows() {
        let anchor = Due.date(date("2027-01-01"))
        #expect(RecurrenceEngine.occurrence(0, of: RepeatRule(frequency: .daily, nthWeekday: .init(3, .monday)), anchor: anchor) == nil)
        #expect(RecurrenceEngine.occurrence(0, of: Self.monthly(0, .monday), anchor: anchor) == nil)
        #expect(RecurrenceEngine.occurrence(0, of: Self.monthly(9, .monday), anchor: anchor) == nil)
        #expect(RecurrenceEngine.firstOccurrenceIndex(after: utc("2030-01-01T00:00:00Z"), of: Self.monthly(9, .monday),
                                                      anchor: anchor, userZone: zone("UTC")) == nil)
    }

    @Test("show lines in English and Japanese", arguments: [
        (monthly(3, .thursday), "2027-01-21", "Monthly on the 3rd Thursday", "毎月第3木曜日"),
        (monthly(-1, .friday), "2027-01-29", "Monthly on the last Friday", "毎月最終金曜日"),
        (monthly(-2, .friday, every: 2), "2027-01-22", "Every 2 months on the 2nd-to-last Friday", "2か月ごと 最後から2番目の金曜日"),
        (monthly(1, .monday, end: .afterCount(3)), "2027-01-04", "Monthly on the 1st Monday · 2 left", "毎月第1月曜日 · 残り2回"),
        (yearly(4, .thursday), "2027-11-25", "Yearly on the 4th Thursday of Nov", "毎年11月の第4木曜日"),
        (yearly(5, .sunday, every: 3), "2027-10-31", "Every 3 years on the 5th Sunday of Oct", "3年ごと 10月の第5日曜日"),
    ])
    func descriptions(_ rule: RepeatRule, _ anchor: String, _ english: String, _ japanese: String) {
        let a = Due.date(date(anchor))
        #expect(rule.summary(currentIndex: 0, anchor: a) == english)
        #expect(rule.summary(currentIndex: 0, anchor: a, vocabulary: .japanese) == japanese)
    }
}
