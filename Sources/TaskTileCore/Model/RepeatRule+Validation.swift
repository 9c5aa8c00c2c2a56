extension RepeatRule {
    /// Checks the rule on its own (docs/cycles.md "Repeat rules"): interval 1…999, weekdays exactly when weekly (at least
    /// one), an `afterCount` of at least 1.
    ///
    /// A CLI that lets `weekly` default to the start date's weekday fills `weekdays` in before calling
    /// this. The recurrence engine itself tolerates every rule this refuses (see `RecurrenceEngine`).
    /// - Throws: `RepeatRuleError` naming the first problem found.
    public func validate() throws(RepeatRuleError) {
        guard Self.intervalRange.contains(interval) else { throw .intervalOutOfRange(interval) }
        switch frequency {
        case .weekly:
            if weekdays.isEmpty { throw .weeklyWithoutWeekdays }
        case .daily, .monthly, .yearly:
            if !weekdays.isEmpty { throw .weekdaysWithoutWeekly(frequency) }
        }
        if case .afterCount(let n) = end, n < 1 { throw .countOutOfRange(n) }
    }

    /// `validate()`, then checks that the series from `anchor` has at least one occurrence (an
    /// `until` date before the first occurrence would make an empty series).
    /// - Throws: `RepeatRuleError` naming the first problem found.
    public func validate(anchor: Due) throws(RepeatRuleError) {
        try validate()
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
