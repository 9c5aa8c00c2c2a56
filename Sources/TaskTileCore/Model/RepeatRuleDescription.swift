/// A repeat rule described in language-neutral parts, for the repeat line of `show` (docs/lists-and-todos.md "show"):
/// the cadence (`Daily`, `Every 3 days`, `Mon, Wed`, `Every 2 weeks on Fri`, `Monthly` …) and an
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
    /// listed Monday first and only for weekly rules.
    public func describe(currentIndex: Int) -> RepeatRuleDescription {
        let cadence: RepeatRuleDescription.Cadence
        switch frequency {
        case .daily: cadence = .daily(interval: interval)
        case .weekly: cadence = .weekly(interval: interval, weekdays: weekdays.sorted())
        case .monthly: cadence = .monthly(interval: interval)
        case .yearly: cadence = .yearly(interval: interval)
        }
        let ending: RepeatRuleDescription.Ending?
        switch end {
        case .never: ending = nil
        case .afterCount(let n):
            let (afterCurrent, overflow) = n.subtractingReportingOverflow(max(currentIndex, 0))
            ending = .remaining(overflow ? 0 : max(afterCurrent - 1, 0))
        case .until(let date): ending = .until(date)
        }
        return RepeatRuleDescription(cadence: cadence, ending: ending)
    }

    /// The repeat line for `show` (docs/lists-and-todos.md "show"), e.g. `Daily`, `Every 3 days`, `Mon, Wed`,
    /// `Every 2 weeks on Fri`, `Monthly · 2 left`, `Yearly · until 2027-12-31`.
    /// - Parameter currentIndex: the current cycle (0-based), for the `N left` count.
    public func summary(currentIndex: Int, vocabulary: RepeatRuleVocabulary = .english) -> String {
        describe(currentIndex: currentIndex).text(vocabulary)
    }
}
