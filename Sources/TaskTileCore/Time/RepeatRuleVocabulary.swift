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
    /// The Nth weekday of a month: `the 3rd Thursday`, `the last Friday`.
    public var nthWeekday: @Sendable (RepeatRule.NthWeekday) -> String
    /// Every N months (1 = monthly) on an Nth weekday's text: `Monthly on the 3rd Thursday`, `Every 2 months on …`.
    public var monthlyOn: @Sendable (Int, String) -> String
    /// Every N years (1 = yearly) on an Nth weekday's text in a month (1…12): `Yearly on the 4th Thursday of Nov`.
    public var yearlyOn: @Sendable (Int, String, Int) -> String
    /// Every N months (1 = monthly) on a day 29…31, months without it skipped: `Monthly on the 31st, skipping shorter
    /// months`, `Every 2 months on the 30th, skipping shorter months`.
    public var monthlySkipping: @Sendable (Int, Int) -> String
    /// Every N years (1 = yearly) on Feb 29, common years skipped: `Yearly on Feb 29, only in leap years`.
    public var yearlyOnLeapDay: @Sendable (Int) -> String
    /// A target of G check-ins per period of N weeks or months: (G, N, frequency) → `3 times a week`, `Once a month`,
    /// `3 times every 2 weeks`.
    public var timesPer: @Sendable (Int, Int, RepeatRule.Frequency) -> String
    /// N days, weeks, months or years after each completion: `Every week after completion`, `Every 3 days after
    /// completion`.
    public var afterCompletion: @Sendable (Int, RepeatRule.Frequency) -> String

    /// A vocabulary from its words; see `english` for what each one says.
    public init(every1: @escaping @Sendable (RepeatRule.Frequency) -> String,
                everyN: @escaping @Sendable (Int, RepeatRule.Frequency) -> String,
                weekday: @escaping @Sendable (Weekday) -> String,
                weekdaySeparator: String,
                everyNWeeksOn: @escaping @Sendable (Int, String) -> String,
                remaining: @escaping @Sendable (Int) -> String,
                until: @escaping @Sendable (LocalDate) -> String,
                separator: String,
                nthWeekday: (@Sendable (RepeatRule.NthWeekday) -> String)? = nil,
                monthlyOn: (@Sendable (Int, String) -> String)? = nil,
                yearlyOn: (@Sendable (Int, String, Int) -> String)? = nil,
                monthlySkipping: (@Sendable (Int, Int) -> String)? = nil,
                yearlyOnLeapDay: (@Sendable (Int) -> String)? = nil,
                timesPer: (@Sendable (Int, Int, RepeatRule.Frequency) -> String)? = nil,
                afterCompletion: (@Sendable (Int, RepeatRule.Frequency) -> String)? = nil) {
        self.every1 = every1; self.everyN = everyN; self.weekday = weekday
        self.weekdaySeparator = weekdaySeparator; self.everyNWeeksOn = everyNWeeksOn
        self.remaining = remaining; self.until = until; self.separator = separator
        // Nth-weekday words default to the catalogue's English, so a vocabulary written before them still works.
        let english = Localizer(.en)
        self.nthWeekday = nthWeekday ?? { $0.phrase.text(english) }
        self.monthlyOn = monthlyOn ?? { n, day in
            n == 1 ? english.text(.repeatMonthlyOn, day) : english.text(.repeatEveryMonthsOn, n, day)
        }
        self.yearlyOn = yearlyOn ?? { n, day, month in
            let m = english.text(Localizer.monthKeys[min(max(month, 1), 12) - 1])
            return n == 1 ? english.text(.repeatYearlyOn, day, m) : english.text(.repeatEveryYearsOn, n, day, m)
        }
        self.monthlySkipping = monthlySkipping ?? { n, day in RepeatRuleVocabulary.monthlySkippingText(english, n, day) }
        self.yearlyOnLeapDay = yearlyOnLeapDay ?? { n in RepeatRuleVocabulary.yearlyOnLeapDayText(english, n) }
        self.timesPer = timesPer ?? { g, n, f in RepeatRuleVocabulary.timesPerText(english, g, n, f) }
        self.afterCompletion = afterCompletion ?? { n, f in RepeatRuleVocabulary.afterCompletionText(english, n, f) }
    }
}
