/// A repeat rule described in language-neutral parts, for the repeat line of `show` (docs/lists-and-todos.md "show"):
/// the cadence (`Daily`, `Every 3 days`, `Mon, Wed`, `Every 2 weeks on Fri`, `Monthly`, `Monthly on the 3rd Thursday` …) and an
/// optional end (`2 left`, `until 2027-12-31`). `text(_:)` turns it into words through a
/// `RepeatRuleVocabulary`, so another language only supplies another vocabulary.
public struct RepeatRuleDescription: Hashable, Sendable {
    /// How often the rule repeats.
    public enum Cadence: Hashable, Sendable {
        /// Every `interval` days.
        case daily(interval: Int)
        /// Every `interval` weeks on `weekdays` (Monday first; empty means the anchor's weekday).
        case weekly(interval: Int, weekdays: [Weekday])
        /// Every `interval` months.
        case monthly(interval: Int)
        /// Every `interval` years.
        case yearly(interval: Int)
        /// Every `interval` months on the Nth weekday (`Monthly on the 3rd Thursday`).
        case monthlyOnWeekday(interval: Int, nth: RepeatRule.NthWeekday)
        /// Every `interval` years on the Nth weekday of `month` (1…12; `Yearly on the 4th Thursday of Nov`).
        case yearlyOnWeekday(interval: Int, nth: RepeatRule.NthWeekday, month: Int)
        /// Every `interval` months on `day` (29…31), months without it skipped (`RepeatRule.skipsShortMonths`:
        /// `Monthly on the 31st, skipping shorter months`).
        case monthlySkipping(interval: Int, day: Int)
        /// Every `interval` years on Feb 29, common years skipped (`Yearly on Feb 29, only in leap years`).
        case yearlyOnLeapDay(interval: Int)
        /// `goal` check-ins in every period of `interval` weeks or months (`frequency`; `RepeatRule.goal`): `3 times a
        /// week`, `10 times a month`, `3 times every 2 weeks`.
        case timesPerPeriod(goal: Int, interval: Int, frequency: RepeatRule.Frequency)
        /// One `interval` of `frequency` after each completion (`RepeatRule.fromCompletion`): `Every week after
        /// completion`, `Every 3 days after completion`.
        case afterCompletion(interval: Int, frequency: RepeatRule.Frequency)
    }

    /// How the series ends, as seen from the current cycle.
    public enum Ending: Hashable, Sendable {
        /// This many occurrences remain *after* the current one (0 on the last).
        case remaining(Int)
        /// The last occurrence is on or before this calendar day, in the todo's zone.
        case until(LocalDate)
    }

    /// How often the rule repeats.
    public var cadence: Cadence
    /// How the series ends; nil for a series that never ends.
    public var ending: Ending?

    /// A description from its parts (normally made by `RepeatRule.describe(currentIndex:)`).
    public init(cadence: Cadence, ending: Ending?) {
        self.cadence = cadence
        self.ending = ending
    }

    /// The description in words, e.g. `Every 2 weeks on Fri · 3 left` with `.english`.
    public func text(_ vocabulary: RepeatRuleVocabulary = .english) -> String {
        let cadenceText: String
        switch cadence {
        case .daily(let n):
            cadenceText = n == 1 ? vocabulary.every1(.daily) : vocabulary.everyN(n, .daily)
        case .monthly(let n):
            cadenceText = n == 1 ? vocabulary.every1(.monthly) : vocabulary.everyN(n, .monthly)
        case .yearly(let n):
            cadenceText = n == 1 ? vocabulary.every1(.yearly) : vocabulary.everyN(n, .yearly)
        case .monthlyOnWeekday(let n, let nth):
            cadenceText = vocabulary.monthlyOn(n, vocabulary.nthWeekday(nth))
        case .yearlyOnWeekday(let n, let nth, let month):
            cadenceText = vocabulary.yearlyOn(n, vocabulary.nthWeekday(nth), month)
        case .monthlySkipping(let n, let day):
            cadenceText = vocabulary.monthlySkipping(n, day)
        case .yearlyOnLeapDay(let n):
            cadenceText = vocabulary.yearlyOnLeapDay(n)
        case .timesPerPeriod(let goal, let n, let frequency):
            cadenceText = vocabulary.timesPer(goal, n, frequency)
        case .afterCompletion(let n, let frequency):
            cadenceText = vocabulary.afterCompletion(n, frequency)
        case .weekly(let n, let days):
            let list = days.map(vocabulary.weekday).joined(separator: vocabulary.weekdaySeparator)
            switch (n == 1, days.isEmpty) {
            case (true, true): cadenceText = vocabulary.every1(.weekly)
            case (true, false): cadenceText = list
            case (false, true): cadenceText = vocabulary.everyN(n, .weekly)
            case (false, false): cadenceText = vocabulary.everyNWeeksOn(n, list)
            }
        }
        switch ending {
        case nil: return cadenceText
        case .remaining(let left): return cadenceText + vocabulary.separator + vocabulary.remaining(left)
        case .until(let date): return cadenceText + vocabulary.separator + vocabulary.until(date)
        }
    }
}

extension RepeatRule {
    /// This rule in parts, as seen from cycle `currentIndex` (0-based, `Todo.occurrenceCount`):
    /// `afterCount(n)` becomes `.remaining(n - currentIndex - 1)` (never below 0). Weekdays are
    /// listed Monday first and only for weekly rules. An Nth-weekday rule names its weekday, and a yearly one the month
    /// of `anchor` (the series' anchor; without one, the plain `Yearly` cadence). A rule that skips short months
    /// (`skipsMonths(from:)` the anchor's date) says so with its day; an RFC 5545 UNTIL time ends on `untilDate(anchor:)`.
    public func describe(currentIndex: Int, anchor: Due? = nil) -> RepeatRuleDescription {
        let cadence: RepeatRuleDescription.Cadence
        switch (frequency, nthWeekday, anchor) {
        case (_, _, _) where fromCompletion:
            cadence = .afterCompletion(interval: interval, frequency: frequency)
        case (.weekly, _, _) where goal != nil, (.monthly, _, _) where goal != nil:
            cadence = .timesPerPeriod(goal: goal ?? 1, interval: interval, frequency: frequency)
        case (.monthly, nil, let anchor?) where skipsMonths(from: anchor.localDate):
            cadence = .monthlySkipping(interval: interval, day: anchor.localDate.day)
        case (.yearly, nil, let anchor?) where skipsMonths(from: anchor.localDate):
            cadence = .yearlyOnLeapDay(interval: interval)
        case (.daily, _, _): cadence = .daily(interval: interval)
        case (.weekly, _, _): cadence = .weekly(interval: interval, weekdays: weekdays.sorted())
        case (.monthly, let nth?, _): cadence = .monthlyOnWeekday(interval: interval, nth: nth)
        case (.monthly, nil, _): cadence = .monthly(interval: interval)
        case (.yearly, let nth?, let anchor?): cadence = .yearlyOnWeekday(interval: interval, nth: nth, month: anchor.localDate.month)
        case (.yearly, _, _): cadence = .yearly(interval: interval)
        }
        let ending: RepeatRuleDescription.Ending?
        switch end {
        case .never: ending = nil
        case .afterCount(let n):
            let (afterCurrent, overflow) = n.subtractingReportingOverflow(max(currentIndex, 0))
            ending = .remaining(overflow ? 0 : max(afterCurrent - 1, 0))
        case .until(let date): ending = .until(date)
        case .untilTime(let wc, _): ending = .until(untilDate(anchor: anchor) ?? wc.date)
        }
        return RepeatRuleDescription(cadence: cadence, ending: ending)
    }

    /// The repeat line for `show` (docs/lists-and-todos.md "show"), e.g. `Daily`, `Every 3 days`, `Mon, Wed`,
    /// `Every 2 weeks on Fri`, `Monthly · 2 left`, `Yearly · until 2027-12-31`.
    /// `Monthly on the 3rd Thursday`, `Yearly on the 4th Thursday of Nov` for Nth-weekday rules; `3 times a week`,
    /// `10 times a month`, `3 times every 2 weeks` for a habit with a target per period; `Every week after completion`
    /// for a rule that repeats from completion.
    /// - Parameters:
    ///   - currentIndex: the current cycle (0-based), for the `N left` count.
    ///   - anchor: the series' anchor, for the month of a yearly Nth-weekday rule.
    public func summary(currentIndex: Int, anchor: Due? = nil, vocabulary: RepeatRuleVocabulary = .english) -> String {
        describe(currentIndex: currentIndex, anchor: anchor).text(vocabulary)
    }
}
