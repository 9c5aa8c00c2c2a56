/// Why a repeat rule was refused (docs/cycles.md "Repeat rules"; exit 64). Thrown by `RepeatRule.validate()`; the text is
/// meant for the user, one sentence per case.
public enum RepeatRuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The interval is outside `RepeatRule.intervalRange` (every 1…999 units).
    case intervalOutOfRange(Int)
    /// A weekly rule with no weekday selected.
    case weeklyWithoutWeekdays
    /// Weekdays given for a daily, monthly or yearly rule, where they would be ignored.
    case weekdaysWithoutWeekly(RepeatRule.Frequency)
    /// `afterCount(n)` with `n < 1`.
    case countOutOfRange(Int)
    /// The rule's `until` date falls before its first occurrence, so the series would be empty.
    case untilBeforeFirstOccurrence(until: LocalDate, first: LocalDate)
    /// An Nth weekday ("the 3rd Thursday") for a daily or weekly rule, where it means nothing.
    case nthWeekdayWithoutMonthlyOrYearly(RepeatRule.Frequency)
    /// An Nth-weekday ordinal outside −5…−1, 1…5 (RFC 5545 §3.3.10 within a month).
    case nthWeekdayOrdinalOutOfRange(Int)
    /// A 5th weekday that no month of the series has (a 5th Monday of February every 4 years from a common year), so
    /// the series would be empty.
    case nthWeekdayNeverOccurs(RepeatRule.NthWeekday)
    /// `skipsShortMonths` on a daily or weekly rule, or on an Nth-weekday one, where no month is short of the day.
    case skipShortMonthsWithoutDayOfMonth(RepeatRule.Frequency)
    /// A target per period (`--goal`) on a daily or yearly rule, or with an Nth weekday or skipped short months.
    case goalWithoutWeeklyOrMonthly(RepeatRule.Frequency)
    /// A target per period outside 1…`max` (the days of the shortest period).
    case goalOutOfRange(Int, max: Int)
    /// A target per period with a due that has a time of day (the periods count days).
    case goalWithTimedDue(String)
    /// Repeat from completion with weekdays, a weekday of the month, a target or skipped short months.
    case fromCompletionWithDays
    /// Repeat from completion with an end after N cycles (`--times`).
    case fromCompletionWithCount

    /// One sentence saying what is wrong and what is accepted.
    public var description: String { message(Localizer(.en)) }
}
