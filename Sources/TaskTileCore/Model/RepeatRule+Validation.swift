extension RepeatRule {
    /// Checks the rule on its own (docs/cycles.md "Repeat rules"): interval 1…999, weekdays exactly when weekly (at least
    /// one), an `afterCount` of at least 1, an Nth weekday only for monthly and yearly rules with an ordinal in
    /// −5…−1 or 1…5 (RFC 5545 §3.3.10 BYDAY ordinals within a month).
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
            if weekdays.isEmpty { throw .weeklyWithoutWeekdays }
        case .daily, .monthly, .yearly:
            if !weekdays.isEmpty { throw .weekdaysWithoutWeekly(frequency) }
        }
        if case .afterCount(let n) = end, n < 1 { throw .countOutOfRange(n) }
    }

    /// `validate()`, then checks that the series from `anchor` has at least one occurrence (an
    /// `until` date before the first occurrence, or a 5th weekday no month of the series has, would make an empty
    /// series).
    /// - Throws: `RepeatRuleError` naming the first problem found.
    public func validate(anchor: Due) throws(RepeatRuleError) {
        try validate()
        if let nth = nthWeekday, RecurrenceEngine.occurrence(0, of: RepeatRule(frequency: frequency, interval: interval,
                                                                                  nthWeekday: nth), anchor: anchor) == nil {
            // Only a 5th weekday can be missing, and only from every month the series visits (a 5th Monday of
            // February every 4 years from a common year).
            throw .nthWeekdayNeverOccurs(nth)
        }
        if case .until(let last) = end {
            var unbounded = self
            unbounded.end = .never
            if let first = RecurrenceEngine.occurrence(0, of: unbounded, anchor: anchor)?.localDate,
               last < first {
                throw .untilBeforeFirstOccurrence(until: last, first: first)
            }
        }
    }
}
