/// The few words status bars print, in one place per language (SPEC §8: English and Japanese).
///
/// Templates use `{n}` for a count, like the keys a `Localizable.strings` file will hold when the
/// localisation module arrives (`status.left`, `status.allDone`, …); until then they live here.
public struct StatusStrings: Hashable, Sendable {
    /// `{n} left`: the bar text when something is pending.
    public var left: String
    /// The bar text when nothing is pending.
    public var allDone: String
    /// `{n} overdue`: added to the bar text when something is overdue.
    public var overdueCount: String
    /// `Overdue`: marks an overdue todo in a tooltip or menu.
    public var overdue: String
    /// `{n}% done`: the done ratio (`StatusSnapshot.percentage`).
    public var done: String
    /// `next:` introduces the next due.
    public var next: String
    /// `… and {n} more`: the line after a truncated list of titles.
    public var more: String
    /// `Error`: the bar text when the store could not be read.
    public var error: String
    /// `Today`, `Tomorrow` for due text.
    public var today: String
    public var tomorrow: String

    /// English.
    public static let english = StatusStrings(
        left: "{n} left", allDone: "All done", overdueCount: "{n} overdue", overdue: "Overdue", done: "{n}% done", next: "next:",
        more: "… and {n} more", error: "Error", today: "Today", tomorrow: "Tomorrow")

    /// Japanese.
    public static let japanese = StatusStrings(
        left: "残り{n}件", allDone: "すべて完了", overdueCount: "期限切れ{n}件", overdue: "期限切れ", done: "{n}%完了", next: "次:",
        more: "…ほか{n}件", error: "エラー", today: "今日", tomorrow: "明日")

    /// The strings for a language code (`en`, `ja`; anything else is English).
    public static func forLanguage(_ code: String) -> StatusStrings {
        code.lowercased().hasPrefix("ja") ? japanese : english
    }

    /// Whether this is the Japanese table (date text differs: `1月5日` instead of `Jan 5`).
    var isJapanese: Bool { self == .japanese }

    /// Fills `{n}` in `template`.
    public func count(_ template: String, _ n: Int) -> String {
        template.replacingOccurrences(of: "{n}", with: String(n))
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A due as a bar shows it: `Today 18:00`, `Tomorrow`, `Jan 5 09:00`, `Jan 5, 2028`
    /// (Japanese `今日 18:00`, `明日`, `1月5日 09:00`, `2028年1月5日`). Times are the user's wall clock.
    public func dueText(_ label: DueLabel, today: LocalDate) -> String {
        let d = label.date
        let day: String
        if d == today { day = self.today } else if d == today.adding(days: 1) { day = tomorrow } else if isJapanese {
            day = (d.year == today.year ? "" : "\(d.year)年") + "\(d.month)月\(d.day)日"
        } else {
            day = "\(StatusStrings.monthNames[d.month - 1]) \(d.day)" + (d.year == today.year ? "" : ", \(d.year)")
        }
        return label.time.map { "\(day) \($0)" } ?? day
    }
}
