import Foundation
import Testing
@testable import TaskTileCore

/// Rules from other apps keep their RFC 5545 meaning (docs/cycles.md "Computing cycles", "iCalendar forms"): a month
/// without the anchor's day is skipped, not clamped, and an UNTIL with a time ends the series at that moment.
/// (`RecurrenceVectorTests` checks both against python-dateutil; these are the cases a reader can check by eye.)
@Suite struct RecurrenceEngineForeignRuleTests {
    static func dates(_ rule: RepeatRule, _ anchor: Due, _ count: Int = 6) -> [String] {
        RecurrenceEngine.occurrences(of: rule, anchor: anchor, count: count).map { due in
            switch due {
            case .date(let d): d.description
            case .dateTime(let wc, _): wc.description
            }
        }
    }

    @Test("monthly from Jan 31: clamping gives every month's end, skipping only the 31-day months")
    func monthlyFrom31st() {
        let anchor = Due.date(date("2027-01-31"))
        #expect(Self.dates(RepeatRule(frequency: .monthly), anchor)
                == ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31", "2027-06-30"])
        #expect(Self.dates(RepeatRule(frequency: .monthly, skipsShortMonths: true), anchor)
                == ["2027-01-31", "2027-03-31", "2027-05-31", "2027-07-31", "2027-08-31", "2027-10-31"])
        #expect(Self.dates(RepeatRule(frequency: .monthly, interval: 2, skipsShortMonths: true), anchor, 4)
                == ["2027-01-31", "2027-03-31", "2027-05-31", "2027-07-31"])
    }

    @Test("the 29th skips only February of common years; the 30th every February")
    func monthlyFrom29thAnd30th() {
        #expect(Self.dates(RepeatRule(frequency: .monthly, skipsShortMonths: true), .date(date("2027-12-29")), 4)
                == ["2027-12-29", "2028-01-29", "2028-02-29", "2028-03-29"])
        #expect(Self.dates(RepeatRule(frequency: .monthly, skipsShortMonths: true), .date(date("2027-01-29")), 3)
                == ["2027-01-29", "2027-03-29", "2027-04-29"])
        #expect(Self.dates(RepeatRule(frequency: .monthly, skipsShortMonths: true), .date(date("2028-01-30")), 3)
                == ["2028-01-30", "2028-03-30", "2028-04-30"])
    }

    @Test("yearly from Feb 29: Feb 28 in common years when clamping, only leap years when skipping")
    func yearlyFromLeapDay() {
        let anchor = Due.dateTime(wallClock("2024-02-29T09:00"), zoneID: "Europe/Berlin")
        #expect(Self.dates(RepeatRule(frequency: .yearly), anchor, 3)
                == ["2024-02-29T09:00:00", "2025-02-28T09:00:00", "2026-02-28T09:00:00"])
        #expect(Self.dates(RepeatRule(frequency: .yearly, skipsShortMonths: true), anchor, 3)
                == ["2024-02-29T09:00:00", "2028-02-29T09:00:00", "2032-02-29T09:00:00"])
        // Every 3 years from 2024: 2027, 2030, 2033 have no Feb 29; 2036 does. 2100 is not a leap year.
        #expect(Self.dates(RepeatRule(frequency: .yearly, interval: 3, skipsShortMonths: true), anchor, 2)
                == ["2024-02-29T09:00:00", "2036-02-29T09:00:00"])
        #expect(Self.dates(RepeatRule(frequency: .yearly, interval: 4, skipsShortMonths: true), .date(date("2096-02-29")), 3)
                == ["2096-02-29", "2104-02-29", "2108-02-29"])
    }

    @Test("skipping changes nothing for days every month has, and COUNT counts only real occurrences")
    func skipIsANoOpOnOrdinaryDays() {
        let anchor = Due.date(date("2027-01-15"))
        #expect(Self.dates(RepeatRule(frequency: .monthly, skipsShortMonths: true), anchor)
                == Self.dates(RepeatRule(frequency: .monthly), anchor))
        #expect(Self.dates(RepeatRule(frequency: .monthly, end: .afterCount(3), skipsShortMonths: true), .date(date("2027-01-31")), 10)
                == ["2027-01-31", "2027-03-31", "2027-05-31"])
    }

    @Test("an UNTIL instant earlier in its last day than the occurrence time ends the series the day before")
    func untilInstant() {
        // Daily 09:30 Europe/Berlin: on 2027-03-29 (CEST) that is 07:30 UTC.
        let anchor = Due.dateTime(wallClock("2027-03-26T09:30"), zoneID: "Europe/Berlin")
        let before = RepeatRule(frequency: .daily, end: .untilTime(wallClock("2027-03-29T07:00"), isUTC: true))
        #expect(Self.dates(before, anchor, 10).last == "2027-03-28T09:30:00")
        let exactly = RepeatRule(frequency: .daily, end: .untilTime(wallClock("2027-03-29T07:30"), isUTC: true))
        #expect(Self.dates(exactly, anchor, 10).last == "2027-03-29T09:30:00", "UNTIL is inclusive")
        // tasktile's own until is the whole day.
        #expect(Self.dates(RepeatRule(frequency: .daily, end: .until(date("2027-03-29"))), anchor, 10).last == "2027-03-29T09:30:00")
        // A floating UNTIL compares wall-clock times, whatever the zone's offset.
        let floating = RepeatRule(frequency: .daily, end: .untilTime(wallClock("2027-03-29T09:29:59"), isUTC: false))
        #expect(Self.dates(floating, anchor, 10).last == "2027-03-28T09:30:00")
        #expect(RecurrenceEngine.lastOccurrenceIndex(atOrAfter: 0, of: before, anchor: anchor) == 2)
    }

    @Test("validation: skipping needs a monthly or yearly day of the month; an UNTIL before the first occurrence is refused")
    func validation() {
        #expect(throws: RepeatRuleError.skipShortMonthsWithoutDayOfMonth(.weekly)) {
            try RepeatRule(frequency: .weekly, weekdays: [.monday], skipsShortMonths: true).validate()
        }
        #expect(throws: RepeatRuleError.skipShortMonthsWithoutDayOfMonth(.monthly)) {
            try RepeatRule(frequency: .monthly, nthWeekday: .init(5, .thursday), skipsShortMonths: true).validate()
        }
        let anchor = Due.dateTime(wallClock("2027-03-29T09:30"), zoneID: "Europe/Berlin")
        #expect(throws: RepeatRuleError.untilBeforeFirstOccurrence(until: date("2027-03-28"), first: date("2027-03-29"))) {
            try RepeatRule(frequency: .daily, end: .untilTime(wallClock("2027-03-29T07:00"), isUTC: true)).validate(anchor: anchor)
        }
        #expect(throws: Never.self) {
            try RepeatRule(frequency: .daily, end: .untilTime(wallClock("2027-03-29T07:30"), isUTC: true)).validate(anchor: anchor)
        }
    }

    @Test("show: the skipping rules say so in English and Japanese; an UNTIL moment shows its last possible day")
    func descriptions() {
        let jan31 = Due.date(date("2027-01-31"))
        let skip = RepeatRule(frequency: .monthly, skipsShortMonths: true)
        #expect(skip.summary(currentIndex: 0, anchor: jan31) == "Monthly on the 31st, skipping shorter months")
        #expect(skip.summary(currentIndex: 0, anchor: jan31, vocabulary: .japanese) == "毎月31日（その日がない月は飛ばす）")
        #expect(RepeatRule(frequency: .monthly, interval: 2, skipsShortMonths: true).summary(currentIndex: 0, anchor: .date(date("2027-01-30")))
                == "Every 2 months on the 30th, skipping shorter months")
        #expect(RepeatRule(frequency: .monthly).summary(currentIndex: 0, anchor: jan31) == "Monthly")
        let leap = RepeatRule(frequency: .yearly, skipsShortMonths: true)
        #expect(leap.summary(currentIndex: 0, anchor: .date(date("2028-02-29"))) == "Yearly on Feb 29, only in leap years")
        #expect(leap.summary(currentIndex: 0, anchor: .date(date("2028-02-29")), vocabulary: .japanese) == "毎年2月29日（うるう年のみ）")
        let until = RepeatRule(frequency: .daily, end: .untilTime(wallClock("2027-03-29T07:00"), isUTC: true))
        #expect(until.summary(currentIndex: 0, anchor: .dateTime(wallClock("2027-03-26T09:30"), zoneID: "Europe/Berlin"))
                == "Daily · until 2027-03-28")
    }
}
