/// The few words status bars print (English and Japanese, docs/language.md), read from the string
/// catalogue's `status.*` keys (`Localizer`).
///
/// Each template holds `{0}` where the count goes (the catalogue's `{count}`, `{percent}`, filled
/// with the text `{0}` when the strings are read); `count(_:_:)` fills it.
public struct StatusStrings: Hashable, Sendable {
    /// `{0} left`: the bar text when something is pending.
    public var left: String
    /// The bar text when nothing is pending.
    public var allDone: String
    /// `{0} overdue`: added to the bar text when something is overdue.
    public var overdueCount: String
    /// `Overdue`: marks an overdue todo in a tooltip or menu.
    public var overdue: String
    /// `{0}% done`: the done ratio (`StatusSnapshot.percentage`).
    public var done: String
    /// `next:` introduces the next due.
    public var next: String
    /// `… and {0} more`: the line after a truncated list of titles.
    public var more: String
    /// `Error`: the bar text when the store could not be read.
    public var error: String
    /// `Today`, `Tomorrow` for due text.
    public var today: String
    public var tomorrow: String
    /// `Refresh`: the last xbar menu item.
    public var refresh: String
    /// The language the strings are in (date text: `Jan 5` or `1月5日`).
    public var language: Language

    /// The strings of `localizer`'s language.
    public init(_ localizer: Localizer) {
        let l = localizer
        left = l.text(.statusLeft, "{0}"); allDone = l.text(.statusAllDone)
        overdueCount = l.text(.statusOverdueCount, "{0}"); overdue = l.text(.dueOverdue)
        done = l.text(.statusDone, "{0}"); next = l.text(.statusNext); more = l.text(.statusMore, "{0}")
        error = l.text(.statusError); today = l.text(.dueToday); tomorrow = l.text(.dueTomorrow)
        refresh = l.text(.statusRefresh); language = l.language
    }

    /// English.
    public static let english = StatusStrings(Localizer(.en))

    /// Japanese.
    public static let japanese = StatusStrings(Localizer(.ja))

    /// The strings for `language`.
    public static func forLanguage(_ language: Language) -> StatusStrings { byLanguage[language]! }

    /// Every language's, built once from its catalogue.
    static let byLanguage: [Language: StatusStrings] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { ($0, StatusStrings(Localizer($0))) })

    /// Fills `{0}` in `template`.
    public func count(_ template: String, _ n: Int) -> String {
        template.replacingOccurrences(of: "{0}", with: String(n))
    }

    /// A due as a bar shows it: `Today 18:00`, `Tomorrow`, `Jan 5 09:00`, `Jan 5, 2028`
    /// (Japanese `今日 18:00`, `明日`, `1月5日 09:00`, `2028年1月5日`). Times are the user's wall clock.
    public func dueText(_ label: DueLabel, today: LocalDate) -> String {
        let d = label.date
        let day: String
        if d == today { day = self.today } else if d == today.adding(days: 1) { day = tomorrow } else {
            day = Localizer(language).monthDay(d, today: today)
        }
        return label.time.map { "\(day) \($0)" } ?? day
    }
}
