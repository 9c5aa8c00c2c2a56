import Foundation

extension RecurrenceEngine {
    /// The index of the cycle of `rule` from `anchor` whose due falls on the local calendar date
    /// `date` (a timed due's date in its own zone, a date-only due's date), or nil when no cycle
    /// falls on it (not a day the rule repeats on, before cycle 0, after the series' end).
    ///
    /// Used by `done --on` / `undo --on` and the grid widget (docs/cycles.md "Completing a past
    /// cycle"). Bounded like `firstOccurrenceIndex` (< 50 occurrence computations): the search runs
    /// on the date-only twin of the series, whose cycles fall on the same dates.
    /// For a rule with a target (`RepeatRule.goal`) the cycle is the period that holds `date`.
    public static func occurrenceIndex(on date: LocalDate, of rule: RepeatRule, anchor: Due) -> Int? {
        if rule.goal != nil {
            guard let k = occurrenceIndex(onOrAfter: date, of: rule, anchor: anchor),
                occurrence(k, of: rule, anchor: anchor) != nil,
                let bounds = periodBounds(k, of: rule, anchorDate: anchor.localDate), bounds.first <= date
            else { return nil }
            return k
        }
        guard let k = occurrenceIndex(onOrAfter: date, of: rule, anchor: anchor),
            occurrence(k, of: rule, anchor: anchor)?.localDate == date
        else { return nil }
        return k
    }

    /// The index of the first cycle of `rule` from `anchor` whose due's local date is on or after
    /// `date`, or nil when the series has ended before it.
    public static func occurrenceIndex(onOrAfter date: LocalDate, of rule: RepeatRule, anchor: Due) -> Int? {
        let utc = TimeZone(identifier: "UTC")!
        // A date-only due ends at the start of the next day, so "deadline after the start of
        // `date`" is "dated `date` or later".
        return firstOccurrenceIndex(
            after: ZonedClock.startOfDay(date, in: utc), of: rule,
            anchor: .date(anchor.localDate), userZone: utc)
    }
}
