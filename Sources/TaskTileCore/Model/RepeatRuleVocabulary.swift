/// Every word a repeat description uses, in one place (docs/language.md "The catalogue"): supply another instance
/// to describe rules in another language. Functions take numbers already validated by the caller
/// and must not assume a range (a corrupt rule may show `Every 0 days`).
public struct RepeatRuleVocabulary: Sendable {
    /// Interval 1: `Daily`, `Weekly`, `Monthly`, `Yearly`.
    public var every1: @Sendable (RepeatRule.Frequency) -> String
    /// Interval N > 1 without weekdays: `Every 3 days`, `Every 2 weeks`, `Every 2 months`, `Every 5 years`.
    public var everyN: @Sendable (Int, RepeatRule.Frequency) -> String
    /// A short weekday name: `Mon` … `Sun`.
    public var weekday: @Sendable (Weekday) -> String
    /// Between weekday names: `", "` gives `Mon, Wed`.
    public var weekdaySeparator: String
    /// Interval N > 1 with a weekday list: `Every 2 weeks on Fri`.
    public var everyNWeeksOn: @Sendable (Int, String) -> String
    /// Occurrences left after the current one: `2 left`.
    public var remaining: @Sendable (Int) -> String
    /// The inclusive end date: `until 2027-12-31`.
    public var until: @Sendable (LocalDate) -> String
    /// Between the cadence and the ending: `" · "`.
    public var separator: String

    /// A vocabulary from its words; see `english` for what each one says.
    public init(every1: @escaping @Sendable (RepeatRule.Frequency) -> String,
                everyN: @escaping @Sendable (Int, RepeatRule.Frequency) -> String,
                weekday: @escaping @Sendable (Weekday) -> String,
                weekdaySeparator: String,
                everyNWeeksOn: @escaping @Sendable (Int, String) -> String,
                remaining: @escaping @Sendable (Int) -> String,
                until: @escaping @Sendable (LocalDate) -> String,
                separator: String) {
        self.every1 = every1; self.everyN = everyN; self.weekday = weekday
        self.weekdaySeparator = weekdaySeparator; self.everyNWeeksOn = everyNWeeksOn
        self.remaining = remaining; self.until = until; self.separator = separator
    }
}
