import Foundation

/// Computes the occurrences ("cycles") of a repeating todo from its rule and its anchor (docs/cycles.md "Computing cycles").
///
/// The engine is pure: every answer depends only on `(rule, anchor, k)` — plus "now" and the
/// user's zone for `firstOccurrenceIndex(after:of:anchor:userZone:)` — and occurrence `k` is computed
/// **from the anchor**, never from occurrence `k - 1`, so nothing drifts:
///
/// - daily: anchor date + k·N days;
/// - monthly: the anchor's day of month in month k·N, clamped to the month's last day
///   (Jan 31 → Feb 28/29 → Mar 31 → Apr 30 …; the 29th and 30th likewise); with `RepeatRule.skipsShortMonths`
///   (RFC 5545 §3.3.10: an instance with an invalid date is skipped) occurrence k is in the k-th month of the
///   sequence anchor month + j·N that has the anchor's day (Jan 31 → Mar 31 → May 31 …);
/// - yearly: the anchor's month and day in year k·N, Feb 29 clamped to Feb 28 in common years; skipping, Feb 29 of
///   the k-th leap year of the sequence anchor year + j·N;
/// - monthly or yearly on the Nth weekday (`RepeatRule.nthWeekday`, RFC 5545 §3.3.10 `BYDAY=3TH`, `-1FR`): that
///   weekday of month (or the anchor's month of year) k·N, counted from occurrence 0 — the first such day on or
///   after the anchor date. A month without the day (a 5th Thursday) is skipped, as the RFC does;
/// - weekly: the selected weekdays (the anchor's weekday when the set is empty) of every N-th
///   ISO week (Monday first). Occurrence 0 is the first selected weekday on or after the anchor
///   date, and weeks are counted from the ISO week of occurrence 0. This equals RFC 5545 §3.3.10
///   expansion (`WKST=MO`) with DTSTART set to occurrence 0, which is how it is exported.
///
/// A timed anchor keeps its wall-clock time of day and zone id in every occurrence; turning that
/// wall-clock into an instant (spring gap moves forward for that one occurrence, autumn overlap
/// takes the first instant) is `ZonedClock`'s job. A date-only anchor gives date-only occurrences.
///
/// Where tasktile's own rules deliberately differ from RFC 5545: the RFC drops impossible dates (`FREQ=MONTHLY`
/// from Jan 31 skips February) where we clamp to the month end, and `UNTIL` is an instant where our
/// `until` covers the whole calendar day. See docs/cycles.md "iCalendar forms" for the RRULE forms that match ours.
/// A rule read from another app keeps the RFC meaning: `skipsShortMonths`, and `End.untilTime` (an occurrence after
/// the UNTIL moment does not exist: compared as instants for a UTC UNTIL, as wall-clock times for a floating one).
///
/// Corrupt rules (interval outside `RepeatRule.intervalRange`, a count below 1) never crash or hang:
/// an interval outside the range yields no occurrences at all; `afterCount(n)` with `n < 1` yields
/// none. Occurrences after 9999-12-31 (the end of `LocalDate`) do not exist.
public enum RecurrenceEngine {
    /// The largest occurrence index that can exist: the number of days from 0001-01-01 to
    /// 9999-12-31. Every occurrence falls at least one calendar day after the previous one, so any
    /// larger index would be past the end of `LocalDate`'s range.
    public static let maxOccurrenceIndex = 3_652_058

    /// Occurrence `k` of `rule` from `anchor` (k = 0 is the first cycle), or nil when it does not
    /// exist: `k < 0`, `k` at or past the `afterCount` end, its wall-clock calendar date after the
    /// `until` date (inclusive of that whole day, in the todo's zone), past year 9999, or a corrupt
    /// interval.
    ///
    /// - Returns: `.date` for a date-only anchor; `.dateTime` with the anchor's wall-clock time of
    ///   day and zone id for a timed anchor (the instant is `Due.deadline(userZone:)`).
    public static func occurrence(_ k: Int, of rule: RepeatRule, anchor: Due) -> Due? {
        guard k >= 0, k <= maxOccurrenceIndex,
              RepeatRule.intervalRange.contains(rule.interval) else { return nil }
        if case .afterCount(let n) = rule.end, k >= n { return nil }
        guard let date = occurrenceDate(k, of: rule, anchorDate: anchor.localDate) else { return nil }
        if case .until(let last) = rule.end, date > last { return nil }
        let due: Due
        switch anchor {
        case .date:
            due = .date(date)
        case .dateTime(let wallClock, let zoneID):
            var result = wallClock
            result.date = date
            due = .dateTime(result, zoneID: zoneID)
        }
        if case .untilTime(let last, let isUTC) = rule.end, isAfter(due, last, isUTC: isUTC) { return nil }
        return due
    }

    /// Whether occurrence `due` starts after an RFC 5545 UNTIL moment (`RepeatRule.End.untilTime`): a UTC UNTIL is
    /// compared with the occurrence's instant in its own zone (`ZonedClock` gap and overlap rules), a floating one with
    /// its wall-clock time; a date-only occurrence compares its date with the UNTIL's date.
    private static func isAfter(_ due: Due, _ last: LocalDateTime, isUTC: Bool) -> Bool {
        switch due {
        case .date(let d): return d > last.date
        case .dateTime(let wc, let zoneID):
            guard isUTC else { return wc > last }
            let utc = TimeZone(identifier: "UTC")!
            return ZonedClock.instant(of: wc, in: TimeZone(identifier: zoneID) ?? utc) > ZonedClock.instant(of: last, in: utc)
        }
    }

    /// Occurrences 0, 1, … of `rule` from `anchor`, at most `count` of them (fewer when the series
    /// ends first); in order, each strictly later than the one before. Empty for `count <= 0`.
    public static func occurrences(of rule: RepeatRule, anchor: Due, count: Int) -> [Due] {
        var result: [Due] = []
        guard count > 0 else { return result }
        result.reserveCapacity(min(count, 1024))
        var k = 0
        while k < count, let due = occurrence(k, of: rule, anchor: anchor) {
            result.append(due)
            k += 1
        }
        return result
    }

    /// The index of the current cycle at `instant` ("now"): the smallest `k` whose occurrence's
    /// deadline (`Due.deadline(userZone:)`: a timed due's instant, or the end of a date-only due's
    /// day in `userZone`) is strictly after `instant`. Nil when no such occurrence exists (the
    /// series has ended before `instant`, or the rule is corrupt).
    ///
    /// Used by catch-up (docs/cycles.md "Cycle semantics"). Deadlines never decrease as `k` grows and existence is a prefix
    /// (`occurrence(k)` exists ⇒ every smaller index does), so the answer is found by estimating `k`
    /// from the elapsed time and the rule's mean period, galloping from the estimate (the step
    /// doubles, so at most 23 probes reach either end of 0...maxOccurrenceIndex), then bisecting
    /// (at most 22 probes): under 50 occurrence computations for any input, typically a handful.
    /// Every probe moves a bound strictly, and a hard cap (`searchEvaluationLimit`) stops the
    /// search regardless, answering nil: it cannot loop without advancing.
    public static func firstOccurrenceIndex(after instant: Date, of rule: RepeatRule, anchor: Due,
                                            userZone: TimeZone) -> Int? {
        searchFirstOccurrenceIndex(after: instant, of: rule, anchor: anchor, userZone: userZone).index
    }

    /// The upper bound on occurrence computations one `firstOccurrenceIndex` call may make. The
    /// search needs at most 1 + 23 + 22 = 46; this cap is a second guard, not the mechanism.
    static let searchEvaluationLimit = 128

    /// `firstOccurrenceIndex` plus the number of occurrences it computed (for tests of the bound).
    static func searchFirstOccurrenceIndex(after instant: Date, of rule: RepeatRule, anchor: Due,
                                           userZone: TimeZone) -> (index: Int?, evaluations: Int) {
        // P(k): "k is at or past the answer" — the occurrence is missing or its deadline is after
        // `instant`. P is false…false true…true over 0...maxOccurrenceIndex+1.
        var evaluations = 0
        let evaluationLimit = searchEvaluationLimit
        func isAtOrPast(_ k: Int) -> Bool {
            evaluations += 1
            guard let due = occurrence(k, of: rule, anchor: anchor) else { return true }
            return due.deadline(userZone: userZone) > instant
        }

        let top = maxOccurrenceIndex + 1 // P(top) is true: no occurrence that far exists.
        var lo: Int   // P(lo) is false (or lo == -1, meaning "before 0")
        var hi: Int   // P(hi) is true
        let guess = estimateIndex(at: instant, of: rule, anchor: anchor, userZone: userZone)
        if isAtOrPast(guess) {
            hi = guess
            lo = -1
            var step = 1
            // Gallop down: at most 23 doublings before the probe reaches 0.
            while hi > 0, evaluations < evaluationLimit {
                let probe = max(hi - step, 0)
                if isAtOrPast(probe) {
                    hi = probe
                    step *= 2
                } else {
                    lo = probe
                    break
                }
            }
        } else {
            lo = guess
            hi = top
            var step = 1
            // Gallop up: at most 23 doublings before the probe reaches `top`.
            while lo < top - 1, evaluations < evaluationLimit {
                let probe = min(lo + step, top)
                if isAtOrPast(probe) {
                    hi = probe
                    break
                }
                lo = probe
                step *= 2
            }
        }
        // Bisect (lo, hi]: the gap is at most the last step (< 2^22) and halves every probe.
        while hi - lo > 1, evaluations < evaluationLimit {
            let mid = lo + (hi - lo) / 2
            if isAtOrPast(mid) { hi = mid } else { lo = mid }
        }
        // hi - lo > 1 here is unreachable by construction; if it happened, answer nil rather than guess.
        guard hi - lo == 1, occurrence(hi, of: rule, anchor: anchor) != nil else { return (nil, evaluations) }
        return (hi, evaluations)
    }

    // MARK: - Dates

    /// The calendar date of occurrence `k` ignoring the end condition; nil past year 9999.
    /// `k` is in 0...maxOccurrenceIndex and `rule.interval` in 1...999, so nothing overflows.
    static func occurrenceDate(_ k: Int, of rule: RepeatRule, anchorDate a: LocalDate) -> LocalDate? {
        let n = rule.interval
        if rule.goal != nil { return periodBounds(k, of: rule, anchorDate: a)?.last }
        if let nth = rule.nthWeekday {
            switch rule.frequency {
            case .monthly: return nthWeekdayDate(k, nth, stepMonths: n, searchStep: 1, anchorDate: a)
            case .yearly: return nthWeekdayDate(k, nth, stepMonths: 12 * n, searchStep: 12, anchorDate: a)
            case .daily, .weekly: return nil // refused by `RepeatRule.validate()`; a corrupt row yields no cycles
            }
        }
        switch rule.frequency {
        case .daily:
            return validDate(dayNumber: a.dayNumber + k * n)
        case .weekly:
            let selected = rule.weekdays.isEmpty ? [a.weekday] : rule.weekdays.sorted()
            let perWeek = selected.count
            let anchorIso = a.weekday.isoNumber
            let weekStart = a.dayNumber - (anchorIso - 1) // Monday of the anchor's ISO week
            // Selected days of the anchor's week that fall on or after the anchor.
            let eligible = selected.filter { $0.isoNumber >= anchorIso }.count
            let firstWeekStart: Int
            let virtualIndex: Int // index counted from the first selected day of the first week
            if eligible > 0 {
                firstWeekStart = weekStart
                virtualIndex = k + (perWeek - eligible)
            } else {
                // Nothing left in the anchor's week: occurrence 0 is in the next week, and weeks
                // are counted from there (docs/cycles.md "Repeat rules": the first selected weekday on or after).
                firstWeekStart = weekStart + 7
                virtualIndex = k
            }
            let week = virtualIndex / perWeek
            let day = selected[virtualIndex % perWeek]
            return validDate(dayNumber: firstWeekStart + week * n * 7 + (day.isoNumber - 1))
        case .monthly:
            if rule.skipsMonths(from: a) { return skippingMonthlyDate(k, stepMonths: n, anchorDate: a) }
            let monthIndex = (a.year * 12 + (a.month - 1)) + k * n
            return clampedDate(year: monthIndex / 12, month: monthIndex % 12 + 1, day: a.day)
        case .yearly:
            if rule.skipsMonths(from: a) { return leapDayDate(k, stepYears: n, anchorDate: a) }
            return clampedDate(year: a.year + k * n, month: a.month, day: a.day)
        }
    }

    /// The first and last day of period `k` of a rule with a target (`RepeatRule.goal`): period 0 holds the anchor
    /// date — its ISO week (Monday to Sunday) and the `interval − 1` weeks after, or its calendar month and the
    /// `interval − 1` months after — and period k starts k · interval weeks (months) later. Cycle k is due on the last
    /// day. Nil past year 9999, or for a daily or yearly rule (refused by `RepeatRule.validate()`).
    public static func periodBounds(_ k: Int, of rule: RepeatRule, anchorDate a: LocalDate) -> (first: LocalDate, last: LocalDate)? {
        guard k >= 0, k <= maxOccurrenceIndex, RepeatRule.intervalRange.contains(rule.interval) else { return nil }
        let n = rule.interval
        switch rule.frequency {
        case .weekly:
            let start = a.dayNumber - (a.weekday.isoNumber - 1) + k * n * 7
            guard let first = validDate(dayNumber: start), let last = validDate(dayNumber: start + n * 7 - 1) else { return nil }
            return (first, last)
        case .monthly:
            let month = a.year * 12 + (a.month - 1) + k * n
            let end = month + n - 1
            guard (1...9999).contains(month / 12), (1...9999).contains(end / 12) else { return nil }
            let lastYear = end / 12, lastMonth = end % 12 + 1
            guard let first = LocalDate(year: month / 12, month: month % 12 + 1, day: 1),
                  let last = LocalDate(year: lastYear, month: lastMonth, day: LocalDate.daysInMonth(year: lastYear, month: lastMonth))
            else { return nil }
            return (first, last)
        case .daily, .yearly:
            return nil
        }
    }

    /// Occurrence `k` of a monthly rule from the 29th–31st that skips months without that day (RFC 5545 §3.3.10): the
    /// k-th month (0-based) of anchor month + j·`stepMonths` that has the day; the anchor's month always has it.
    /// Month lengths repeat every 4800 months (the 400-year Gregorian cycle), and for the 30th and 31st every 12 (only
    /// February lacks a 30th, and its length never reaches 30), so `periodicHit` scans at most two periods.
    static func skippingMonthlyDate(_ k: Int, stepMonths: Int, anchorDate a: LocalDate) -> LocalDate? {
        let first = a.year * 12 + (a.month - 1)
        let cycle = a.day == 29 ? 4800 : 12
        // A month index with the same length as `month`: the same place in the cycle, in years 2000…2399.
        func hasDay(_ month: Int) -> Bool {
            let m = 2000 * 12 + month % cycle
            return LocalDate.daysInMonth(year: m / 12, month: m % 12 + 1) >= a.day
        }
        guard let j = periodicHit(k, period: cycle / gcd(stepMonths, cycle), hit: { hasDay(first + $0 * stepMonths) }) else {
            return nil
        }
        let (offset, overflow) = j.multipliedReportingOverflow(by: stepMonths)
        guard !overflow, offset <= 9999 * 12 + 11 - first else { return nil }
        let month = first + offset
        return LocalDate(year: month / 12, month: month % 12 + 1, day: a.day)
    }

    /// Occurrence `k` of a yearly rule from Feb 29 that skips common years (RFC 5545 §3.3.10): Feb 29 of the k-th
    /// leap year (0-based) of anchor year + j·`stepYears`. Leap years repeat every 400 years.
    static func leapDayDate(_ k: Int, stepYears: Int, anchorDate a: LocalDate) -> LocalDate? {
        guard let j = periodicHit(k, period: 400 / gcd(stepYears, 400),
                                  hit: { LocalDate.isLeapYear(2000 + (a.year + $0 * stepYears) % 400) }) else { return nil }
        let (offset, overflow) = j.multipliedReportingOverflow(by: stepYears)
        guard !overflow, offset <= 9999 - a.year else { return nil }
        return LocalDate(year: a.year + offset, month: 2, day: 29)
    }

    /// The index j of the k-th (0-based) step that `hit` accepts, for a `hit` that repeats every `period` steps
    /// (`hit(j) == hit(j + period)`); nil when no step of a period hits. Whole periods are counted arithmetically, so
    /// `hit` is called at most 2 · `period` times whatever `k` is.
    static func periodicHit(_ k: Int, period: Int, hit: (Int) -> Bool) -> Int? {
        guard k >= 0, period > 0 else { return nil }
        var perPeriod = 0
        for j in 0..<period where hit(j) { perPeriod += 1 }
        guard perPeriod > 0 else { return nil }
        let (periods, rest) = k.quotientAndRemainder(dividingBy: perPeriod)
        var seen = -1
        for j in 0..<period where hit(j) {
            seen += 1
            if seen == rest { return periods * period + j }
        }
        return nil
    }

    private static func gcd(_ x: Int, _ y: Int) -> Int { y == 0 ? x : gcd(y, x % y) }

    /// The month index (year · 12 + month − 1) that holds occurrence 0 of an Nth-weekday rule: the first month
    /// `anchor month + i · searchStep` (i ≥ 0) whose Nth weekday exists and falls on or after the anchor date — "the
    /// first selected day on or after the anchor", as for weekly rules. Nil when none exists within 400 years (the
    /// Gregorian calendar repeats after 400 years, 4800 months, so none ever will) or before year 9999 ends.
    static func nthWeekdayFirstMonth(_ nth: RepeatRule.NthWeekday, searchStep: Int, anchorDate a: LocalDate) -> Int? {
        let anchorMonth = a.year * 12 + (a.month - 1)
        var month = anchorMonth
        while month - anchorMonth <= 4800, month / 12 <= 9999 {
            if let date = nth.date(year: month / 12, month: month % 12 + 1), date >= a { return month }
            month += searchStep
        }
        return nil
    }

    /// Occurrence `k` of an Nth-weekday rule that steps `stepMonths` months (N for monthly, 12·N for yearly), counted
    /// from the month of occurrence 0 (`nthWeekdayFirstMonth`), never from occurrence k − 1.
    ///
    /// For ordinals ±1…±4 every month has the day, so occurrence k is in month `first + k · stepMonths`. For ±5
    /// (RFC 5545 §3.3.10: a month without the day has no instance) occurrence k is in the k-th month of the
    /// sequence `first + j · stepMonths` that has a 5th weekday. Whether a month has one depends only on its index
    /// modulo 4800 (the 400-year Gregorian cycle is exactly 20 871 weeks), so the sequence's pattern repeats every
    /// `4800 / gcd(stepMonths, 4800)` steps: whole periods are skipped arithmetically and at most two periods are
    /// scanned (< 9 600 month checks), whatever k is.
    static func nthWeekdayDate(_ k: Int, _ nth: RepeatRule.NthWeekday, stepMonths: Int, searchStep: Int,
                               anchorDate a: LocalDate) -> LocalDate? {
        guard stepMonths > 0, let first = nthWeekdayFirstMonth(nth, searchStep: searchStep, anchorDate: a) else { return nil }
        let lastMonth = 9999 * 12 + 11
        func date(month: Int) -> LocalDate? {
            month <= lastMonth ? nth.date(year: month / 12, month: month % 12 + 1) : nil
        }
        if nth.occursEveryMonth {
            let (offset, overflow) = k.multipliedReportingOverflow(by: stepMonths)
            guard !overflow, offset <= lastMonth - first else { return nil }
            return date(month: first + offset)
        }
        let has = fifthWeekdayMonths[(nth.ordinal > 0 ? 0 : 7) + nth.weekday.isoNumber - 1]
        let firstInCycle = first % 4800, stepInCycle = stepMonths % 4800
        // Step 0 (occurrence 0's month) always has the day.
        guard let j = periodicHit(k, period: 4800 / gcd(stepMonths, 4800),
                                  hit: { has[(firstInCycle + $0 * stepInCycle) % 4800] }) else { return nil }
        let (offset, overflow) = j.multipliedReportingOverflow(by: stepMonths)
        guard !overflow, offset <= lastMonth - first else { return nil }
        return date(month: first + offset)
    }

    /// For the 5th and the 5th-to-last of each weekday (index: 0…6 for 5, Monday first; 7…13 for −5), whether month
    /// `m` of the 400-year Gregorian cycle (m = (year mod 400) · 12 + month − 1) has that day. Built once, on first use.
    static let fifthWeekdayMonths: [[Bool]] = (0..<14).map { index in
        let nth = RepeatRule.NthWeekday(index < 7 ? 5 : -5, Weekday.allCases[index % 7])
        return (0..<4800).map { m in nth.date(year: 400 + m / 12, month: m % 12 + 1) != nil }
    }

    private static func validDate(dayNumber: Int) -> LocalDate? {
        let date = LocalDate(dayNumber: dayNumber)
        return (1...9999).contains(date.year) ? date : nil
    }

    /// `day` of the month, or the month's last day when the month is shorter.
    private static func clampedDate(year: Int, month: Int, day: Int) -> LocalDate? {
        guard (1...9999).contains(year) else { return nil }
        return LocalDate(year: year, month: month, day: min(day, LocalDate.daysInMonth(year: year, month: month)))
    }

    /// A first guess at the current cycle index from the elapsed days and the rule's mean period in
    /// days; any value in 0...maxOccurrenceIndex is safe (the search corrects it).
    private static func estimateIndex(at instant: Date, of rule: RepeatRule, anchor: Due,
                                      userZone: TimeZone) -> Int {
        guard RepeatRule.intervalRange.contains(rule.interval) else { return 0 }
        let elapsed = instant.timeIntervalSince(anchor.deadline(userZone: userZone)) / 86_400
        guard elapsed.isFinite, elapsed > 0 else { return 0 }
        let n = Double(rule.interval)
        var period: Double
        switch rule.frequency {
        case .daily: period = n
        case .weekly: period = rule.goal != nil ? 7 * n : 7 * n / Double(max(rule.weekdays.count, 1))
        case .monthly: period = 30.436_875 * n
        case .yearly: period = 365.2425 * n
        }
        // A 5th weekday falls in about 4 months out of 9 (a little under half; the search corrects the guess).
        if let nth = rule.nthWeekday, !nth.occursEveryMonth { period *= 2.25 }
        // Skipping short months: 7 months in 12 have a 31st, 11 a 30th; about 1 year in 4 a Feb 29.
        if rule.skipsMonths(from: anchor.localDate) {
            switch (rule.frequency, anchor.localDate.day) {
            case (.monthly, 31): period *= 12.0 / 7
            case (.monthly, 30): period *= 12.0 / 11
            case (.yearly, _): period *= 400.0 / 97
            default: break
            }
        }
        let estimate = (elapsed / period).rounded(.up)
        guard estimate < Double(maxOccurrenceIndex) else { return maxOccurrenceIndex }
        return max(0, Int(estimate))
    }
}
