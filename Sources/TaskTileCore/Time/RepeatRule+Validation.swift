import Foundation

extension RepeatRule {
    /// Checks the rule on its own (docs/cycles.md "Repeat rules"): interval 1…999, weekdays exactly when weekly (at least
    /// one), an `afterCount` of at least 1, an Nth weekday only for monthly and yearly rules with an ordinal in
    /// −5…−1 or 1…5 (RFC 5545 §3.3.10 BYDAY ordinals within a month), `skipsShortMonths` only for monthly and yearly
    /// rules on a day of the month (an Nth weekday that a month lacks is skipped anyway).
    ///
    /// A CLI that lets `weekly` default to the start date's weekday fills `weekdays` in before calling
    /// this. The recurrence engine itself tolerates every rule this refuses (see `RecurrenceEngine`).
    /// - Throws: `RepeatRuleError` naming the first problem found.
    public func validate() throws(RepeatRuleError) {
        guard Self.intervalRange.contains(interval) else { throw .intervalOutOfRange(interval) }
        if let nth = nthWeekday {
            switch frequency {
            case .monthly, .yearly: break
            case .daily, .weekly: throw .nthWeekdayWithoutMonthlyOrYearly(frequency)
            }
            guard nth.ordinal != 0, NthWeekday.ordinalRange.contains(nth.ordinal) else {
                throw .nthWeekdayOrdinalOutOfRange(nth.ordinal)
            }
        }
        switch frequency {
        case .weekly:
            // A weekly target counts any day of the week: no weekdays then.
            if weekdays.isEmpty && goal == nil { throw .weeklyWithoutWeekdays }
        case .daily, .monthly, .yearly:
            if !weekdays.isEmpty { throw .weekdaysWithoutWeekly(frequency) }
        }
        if case .afterCount(let n) = end, n < 1 { throw .countOutOfRange(n) }
        if skipsShortMonths, nthWeekday != nil || frequency == .daily || frequency == .weekly {
            throw .skipShortMonthsWithoutDayOfMonth(frequency)
        }
        if let goal {
            guard frequency == .weekly || frequency == .monthly, nthWeekday == nil, !skipsShortMonths else {
                throw .goalWithoutWeeklyOrMonthly(frequency)
            }
            guard goalRange().contains(goal) else { throw .goalOutOfRange(goal, max: goalRange().upperBound) }
        }
        if fromCompletion {
            // The next due is one interval after the completion: weekdays, a weekday of the month, a target or a count
            // of cycles would mean nothing.
            if nthWeekday != nil || goal != nil || skipsShortMonths || weekdays.count > 1 { throw .fromCompletionWithDays }
            if case .afterCount = end { throw .fromCompletionWithCount }
        }
    }

    /// `validate()`, then checks that the series from `anchor` has at least one occurrence (an
    /// `until` date before the first occurrence, or a 5th weekday no month of the series has, would make an empty
    /// series).
    /// - Throws: `RepeatRuleError` naming the first problem found.
    public func validate(anchor: Due) throws(RepeatRuleError) {
        try validate()
        if goal != nil, case .dateTime(let wc, _) = anchor { throw .goalWithTimedDue(wc.description) }
        if let nth = nthWeekday, RecurrenceEngine.occurrence(0, of: RepeatRule(frequency: frequency, interval: interval,
                                                                                  nthWeekday: nth), anchor: anchor) == nil {
            // Only a 5th weekday can be missing, and only from every month the series visits (a 5th Monday of
            // February every 4 years from a common year).
            throw .nthWeekdayNeverOccurs(nth)
        }
        var unbounded = self
        unbounded.end = .never
        switch end {
        case .until(let last):
            if let first = RecurrenceEngine.occurrence(0, of: unbounded, anchor: anchor)?.localDate,
               last < first {
                throw .untilBeforeFirstOccurrence(until: last, first: first)
            }
        case .untilTime(let last, _):
            // The same question for an RFC 5545 UNTIL instant: is occurrence 0 at or before it?
            if let first = RecurrenceEngine.occurrence(0, of: unbounded, anchor: anchor),
               RecurrenceEngine.occurrence(0, of: self, anchor: anchor) == nil {
                throw .untilBeforeFirstOccurrence(until: untilDate(anchor: anchor) ?? last.date, first: first.localDate)
            }
        case .never, .afterCount: break
        }
    }
}

extension RepeatRule {
    /// The last calendar day an occurrence can fall on under the rule's end, in the todo's zone: the `until` date, or
    /// for an RFC 5545 UNTIL time (`End.untilTime`) the local date of that moment — the day before when the anchor's
    /// time of day is later than the UNTIL's (that day has no occurrence). Nil when the rule has no such end.
    /// For `show` and `--json` (`endDate`); the engine compares the moment itself.
    public func untilDate(anchor: Due?) -> LocalDate? {
        switch end {
        case .never, .afterCount: return nil
        case .until(let d): return d
        case .untilTime(let wc, let isUTC):
            guard case .dateTime(let at, let zoneID)? = anchor else { return wc.date }
            var local = wc
            if isUTC, let zone = TimeZone(identifier: zoneID) {
                local = ZonedClock.wallClock(of: ZonedClock.instant(of: wc, in: TimeZone(identifier: "UTC")!), in: zone)
            }
            let timeOfDay = at.naiveSeconds - at.date.dayNumber * 86_400
            let untilTimeOfDay = local.naiveSeconds - local.date.dayNumber * 86_400
            return timeOfDay > untilTimeOfDay ? local.date.adding(days: -1) : local.date
        }
    }
}
