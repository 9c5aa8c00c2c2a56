import Foundation
import TaskTileCore

/// Our repeat rules ↔ RFC 5545 RRULE (§3.3.10, §3.8.5.3), in forms other clients expand the way
/// `RecurrenceEngine` does (docs/cycles.md "iCalendar forms"):
///
/// - DTSTART is the current cycle (occurrence k), so `COUNT` is the cycles *left* (end count − k);
/// - monthly from day 29/30/31 (clamped to the month end by us, dropped by the RFC):
///   `BYMONTHDAY=28,29;BYSETPOS=-1`, `BYMONTHDAY=28,29,30;BYSETPOS=-1`, `BYMONTHDAY=-1`;
/// - yearly from Feb 29: `BYMONTH=2;BYMONTHDAY=-1`;
/// - a rule that skips short months (`RepeatRule.skipsShortMonths`, the RFC meaning: a plain `FREQ=MONTHLY` or
///   `BYMONTHDAY=31` from the 31st, `FREQ=YEARLY` from Feb 29) is written plain, as it came, and read back skipping;
/// - monthly on the Nth weekday: `BYDAY=3TH`, `BYDAY=-1FR`; yearly: `BYMONTH=11;BYDAY=4TH` (the anchor's month). A
///   month without a 5th weekday has no instance in both (RFC 5545 §3.3.10), so these need no other form;
/// - weekly: `BYDAY` lists the weekdays, `WKST=MO` (our weeks are ISO weeks);
/// - `UNTIL` (inclusive): a DATE for date-only dues; for timed dues the last second of the until
///   day in the todo's zone, in UTC (the RFC requires UTC when DTSTART has a TZID). An UNTIL time that came from
///   another app (`End.untilTime`) is written as that instant; a UNTIL on the last second of a local day reads back as
///   the whole-day `until`, the same series.
public enum RRuleMapping {
    static let dayCodes: [Weekday: String] = [.monday: "MO", .tuesday: "TU", .wednesday: "WE", .thursday: "TH",
                                              .friday: "FR", .saturday: "SA", .sunday: "SU"]

    /// The RRULE value for `rule` with DTSTART = occurrence `k` from `anchor`.
    /// `rule` (parsed from a weekly or monthly RRULE) as a habit with `goal` check-ins per period, keeping its
    /// interval and end (`X-TASKTILE-TARGET`, docs/cycles.md "Habits with a target"); nil when that is not a valid
    /// rule from `anchor` (another frequency, a goal out of range, a timed anchor).
    public static func withTarget(_ rule: RepeatRule, goal: Int, anchor: Due) -> RepeatRule? {
        let r = RepeatRule(frequency: rule.frequency, interval: rule.interval, end: rule.end, goal: goal)
        do { try r.validate(anchor: anchor) } catch { return nil }
        return r
    }

    public static func rrule(_ rule: RepeatRule, anchor: Due, occurrenceIndex k: Int) -> String {
        var parts = ["FREQ=\(rule.frequency.rawValue.uppercased())"]
        if rule.interval != 1 { parts.append("INTERVAL=\(rule.interval)") }
        let anchorDate = anchor.localDate
        if let nth = rule.nthWeekday, rule.frequency == .monthly || rule.frequency == .yearly {
            if rule.frequency == .yearly { parts.append("BYMONTH=\(anchorDate.month)") }
            parts.append("BYDAY=" + nth.byDayValue)
            return (parts + untilOrCount(rule, anchor: anchor, occurrenceIndex: k)).joined(separator: ";")
        }
        if rule.goal != nil {
            // A period with a target is due on its last day: the Sunday, or the month's last day.
            parts += rule.frequency == .weekly ? ["BYDAY=SU", "WKST=MO"] : ["BYMONTHDAY=-1"]
            return (parts + untilOrCount(rule, anchor: anchor, occurrenceIndex: k)).joined(separator: ";")
        }
        switch rule.frequency {
        case .daily: break
        case .weekly:
            let days = rule.weekdays.isEmpty ? [anchorDate.weekday] : rule.weekdays.sorted()
            parts.append("BYDAY=" + days.map { dayCodes[$0]! }.joined(separator: ","))
            parts.append("WKST=MO")
        case .monthly where rule.skipsMonths(from: anchorDate):
            break // RFC 5545 §3.3.10 itself skips the months without DTSTART's day
        case .yearly where rule.skipsMonths(from: anchorDate):
            break // and the common years without Feb 29
        case .monthly:
            switch anchorDate.day {
            case 29: parts += ["BYMONTHDAY=28,29", "BYSETPOS=-1"]
            case 30: parts += ["BYMONTHDAY=28,29,30", "BYSETPOS=-1"]
            case 31: parts.append("BYMONTHDAY=-1")
            default: parts.append("BYMONTHDAY=\(anchorDate.day)")
            }
        case .yearly:
            if anchorDate.month == 2 && anchorDate.day == 29 { parts += ["BYMONTH=2", "BYMONTHDAY=-1"] }
        }
        return (parts + untilOrCount(rule, anchor: anchor, occurrenceIndex: k)).joined(separator: ";")
    }

    /// The `COUNT` (cycles left from occurrence `k`) or `UNTIL` part of `rule`, if it ends.
    private static func untilOrCount(_ rule: RepeatRule, anchor: Due, occurrenceIndex k: Int) -> [String] {
        switch rule.end {
        case .never: return []
        case .afterCount(let n): return ["COUNT=\(max(n - k, 1))"]
        case .until(let d):
            switch anchor {
            case .date: return ["UNTIL=" + ICalendarText.compact(d)]
            case .dateTime(_, let zoneID):
                let zone = TimeZone(identifier: zoneID) ?? TimeZone(identifier: "UTC")!
                let end = ZonedClock.startOfDay(d.adding(days: 1), in: zone).addingTimeInterval(-1)
                return ["UNTIL=" + ICalendarText.utc(end)]
            }
        case .untilTime(let wc, let isUTC):
            switch anchor {
            case .date: return ["UNTIL=" + ICalendarText.compact(wc.date)]
            case .dateTime(_, let zoneID):
                // UTC, as the RFC requires beside a TZID; a floating UNTIL is its wall-clock time in the todo's zone.
                let utc = TimeZone(identifier: "UTC")!
                let zone = isUTC ? utc : TimeZone(identifier: zoneID) ?? utc
                return ["UNTIL=" + ICalendarText.utc(ZonedClock.instant(of: wc, in: zone))]
            }
        }
    }

    /// Reads an RRULE whose DTSTART (first instance) is `start`.
    /// - Returns: the rule, or nil with the reason when it cannot be represented; plus notes about
    ///   parts that were adjusted.
    public static func parse(_ value: String, start: Due) -> (rule: RepeatRule?, notes: [Phrase]) {
        var notes: [Phrase] = []
        var fields: [String: String] = [:]
        for part in value.split(separator: ";") {
            let kv = part.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { return (nil, [Phrase(key: .rruleMalformedPart, part)]) }
            fields[kv[0].uppercased()] = String(kv[1]).uppercased()
        }
        func unsupported(_ why: Phrase) -> (RepeatRule?, [Phrase]) { (nil, [Phrase(key: .rruleNotImported, value, why)]) }
        guard let f = fields.removeValue(forKey: "FREQ") else { return unsupported(Phrase(key: .rruleWhyNoFreq)) }
        guard let frequency = RepeatRule.Frequency(rawValue: f.lowercased()) else {
            return unsupported(Phrase(key: .rruleWhyFreq, f))
        }
        var interval = 1
        if let i = fields.removeValue(forKey: "INTERVAL") {
            guard let n = Int(i), RepeatRule.intervalRange.contains(n) else { return unsupported(Phrase(key: .rruleWhyInterval, i)) }
            interval = n
        }
        var end = RepeatRule.End.never
        if let c = fields.removeValue(forKey: "COUNT") {
            guard let n = Int(c), n >= 1 else { return unsupported("COUNT=\(c)") }
            end = .afterCount(n)
        }
        if let u = fields.removeValue(forKey: "UNTIL") {
            guard let until = untilEnd(u, start: start) else { return unsupported(Phrase(key: .rruleWhyUntil, u)) }
            if case .afterCount = end { notes.append(Phrase(key: .rruleNoteCountAndUntil)) } else { end = until }
        }
        let a = start.localDate
        var weekdays = Set<Weekday>()
        let byDay = fields.removeValue(forKey: "BYDAY")
        let byMonthDay = fields.removeValue(forKey: "BYMONTHDAY")
        let bySetPos = fields.removeValue(forKey: "BYSETPOS")
        let byMonth = fields.removeValue(forKey: "BYMONTH")
        let wkst = fields.removeValue(forKey: "WKST")
        if let other = fields.keys.sorted().first {
            return unsupported(Phrase(key: .rruleWhyOtherPart, other, other.dropFirst(2).lowercased()))
        }
        let isLastDay = a.day == LocalDate.daysInMonth(year: a.year, month: a.month)
        // Monthly or yearly on the Nth weekday (RFC 5545 §3.3.10 BYDAY with an ordinal): one `weekdaynum`, with
        // neither BYMONTHDAY nor BYSETPOS; yearly needs BYMONTH = DTSTART's month (the rule keeps the anchor's month).
        var nthWeekday: RepeatRule.NthWeekday?
        if let byDay, frequency == .monthly || frequency == .yearly {
            if let bySetPos { return unsupported(Phrase(key: .rruleWhyNthByDay, "\(byDay);BYSETPOS=\(bySetPos)")) }
            if let byMonthDay { return unsupported(Phrase(key: .rruleWhyNthByDay, "\(byDay);BYMONTHDAY=\(byMonthDay)")) }
            guard let nth = RepeatRule.NthWeekday(byDay: byDay) else { return unsupported(Phrase(key: .rruleWhyNthByDay, byDay)) }
            switch frequency {
            case .monthly:
                if byMonth != nil { return unsupported(Phrase(key: .rruleWhyMonthlyBy)) }
            default:
                guard let byMonth else { return unsupported(Phrase(key: .rruleWhyYearlyByDayNeedsMonth, byDay)) }
                guard Int(byMonth) == a.month else { return unsupported(Phrase(key: .rruleWhyByMonthNth, byMonth, byDay, a)) }
            }
            if nth.date(year: a.year, month: a.month) != a { notes.append(Phrase(key: .rruleNoteStartNotOnDay, a)) }
            nthWeekday = nth
        }
        // RFC 5545 §3.3.10: a month (year) without DTSTART's day has no instance, and so it stays here.
        var skipsShortMonths = false
        switch frequency {
        case .daily:
            if byDay != nil || byMonthDay != nil || byMonth != nil || bySetPos != nil { return unsupported(Phrase(key: .rruleWhyDailyBy)) }
        case .weekly:
            if byMonthDay != nil || byMonth != nil || bySetPos != nil { return unsupported(Phrase(key: .rruleWhyWeeklyBy)) }
            if let byDay {
                for code in byDay.split(separator: ",") {
                    guard let day = dayCodes.first(where: { $0.value == code })?.key else {
                        return unsupported(Phrase(key: .rruleWhyByDay, byDay))
                    }
                    weekdays.insert(day)
                }
            } else {
                weekdays = [a.weekday]
            }
            if !weekdays.contains(a.weekday) {
                notes.append(Phrase(key: .rruleNoteStartNotOnDay, a))
            }
            if let wkst, wkst != "MO", interval > 1, weekdays.count > 1 {
                notes.append(Phrase(key: .rruleNoteWkst, wkst, interval))
            }
        case .monthly where nthWeekday != nil: break
        case .yearly where nthWeekday != nil: break
        case .monthly:
            if byMonth != nil { return unsupported(Phrase(key: .rruleWhyMonthlyBy)) }
            switch (byMonthDay, bySetPos) {
            case (nil, nil): skipsShortMonths = a.day > 28
            case (let d?, nil) where Int(d) == a.day: skipsShortMonths = a.day > 28
            case ("-1", nil) where isLastDay:
                if a.day != 31 { return unsupported(Phrase(key: .rruleWhyMonthEnd, a)) }
            case ("28,29", "-1") where a.day == 29 || (isLastDay && a.day == 28):
                if a.day != 29 { return unsupported(Phrase(key: .rruleWhyDay29, a)) }
            case ("28,29,30", "-1") where a.day == 30 || (isLastDay && a.day < 30):
                if a.day != 30 { return unsupported(Phrase(key: .rruleWhyDay30, a)) }
            default:
                return unsupported(Phrase(key: .rruleWhyByMonthDay, (byMonthDay ?? "") + (bySetPos.map { ";BYSETPOS=\($0)" } ?? ""), a))
            }
        case .yearly:
            if bySetPos != nil { return unsupported(Phrase(key: .rruleWhyYearlyBy)) }
            let leapDay = a.month == 2 && a.day == 29
            switch (byMonth, byMonthDay) {
            case (nil, nil): skipsShortMonths = leapDay
            case (let m?, nil) where Int(m) == a.month: skipsShortMonths = leapDay
            case (let m?, let d?) where Int(m) == a.month && Int(d) == a.day: skipsShortMonths = leapDay
            case ("2", "-1") where a.month == 2:
                if a.day != 29 { return unsupported(Phrase(key: .rruleWhyFebEnd, a)) }
            default: return unsupported(Phrase(key: .rruleWhyByMonth, byMonth ?? "", byMonthDay ?? "", a))
            }
        }
        let rule = RepeatRule(frequency: frequency, interval: interval, weekdays: frequency == .weekly ? weekdays : [], end: end,
                              nthWeekday: nthWeekday, skipsShortMonths: skipsShortMonths)
        do { try rule.validate(anchor: start) } catch { return unsupported(error.phrase) }
        return (rule, notes)
    }

    /// The end an RRULE's `UNTIL` value gives a series from `start` (RFC 5545 §3.3.10), or nil when it is neither a
    /// DATE nor a DATE-TIME. A date-only series ends on a calendar day: a DATE, or the date of a DATE-TIME (a UTC one
    /// read in the user's zone is not known here, so its date as written). A timed series ends at the moment itself
    /// (`End.untilTime`: an instant for `…Z`, else a wall-clock time in the todo's zone) — unless that moment is the
    /// last second of a local day, which is the whole-day `until` that `rrule` writes (the same series); a DATE beside a
    /// timed DTSTART (the RFC wants the same value type) keeps that whole day.
    static func untilEnd(_ value: String, start: Due) -> RepeatRule.End? {
        if let d = ICalendarText.date(Substring(value)) { return .until(d) }
        guard let (wc, isUTC) = ICalendarText.dateTime(value) else { return nil }
        guard case .dateTime(_, let zoneID) = start else { return .until(wc.date) }
        let utc = TimeZone(identifier: "UTC")!
        let zone = TimeZone(identifier: zoneID) ?? utc
        let local = isUTC ? ZonedClock.wallClock(of: ZonedClock.instant(of: wc, in: utc), in: zone) : wc
        let endOfDay = ZonedClock.startOfDay(local.date.adding(days: 1), in: zone).addingTimeInterval(-1)
        if ZonedClock.instant(of: wc, in: isUTC ? utc : zone) == endOfDay { return .until(local.date) }
        return .untilTime(wc, isUTC: isUTC)
    }
}
