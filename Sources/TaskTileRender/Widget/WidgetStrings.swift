import TaskTileCore

/// The widget's strings (docs/language.md "Key terms"), looked up in the shared catalogue
/// (`Localizer`, `Strings+en.swift` / `Strings+ja.swift`) in the widget's language.
struct WidgetStrings: Sendable {
    let language: Language
    private var l: Localizer { Localizer(language) }

    /// `N left` / `残りN件`.
    func left(_ n: Int) -> String { l.text(.countLeft, n) }
    /// `N done` / `N件完了`.
    func done(_ n: Int) -> String { l.text(.countDone, n) }
    /// `+ N more` / `他N件`.
    func more(_ n: Int) -> String { l.text(.countMore, n) }
    /// `All done!` / `全て完了！`.
    var allDone: String { l.text(.stateAllDone) }
    /// What the setup text calls a spec that has no file name.
    var unnamedSpec: String { l.text(.widgetUnnamedSpec) }
    /// The setup text of a spec without `list`.
    func setup(specFile: String) -> String { l.text(.widgetSetup, specFile) }
    /// A parent's subtask count, done/total: `2/5` in every language (as `show` writes it; digits
    /// and a slash, not a phrase).
    func subtaskProgress(done: Int, total: Int) -> String { "\(done)/\(total)" }
    /// A row's priority mark (docs/widgets.md "Subtasks, priority and tags"): `!` low, `!!` medium,
    /// `!!!` high (the CLI's spelling, docs/organize.md "Priority"), nil for none.
    static func priorityMark(_ priority: Priority) -> String? {
        priority == .none ? nil : String(repeating: "!", count: priority.rawValue)
    }
    /// The missing-list text.
    func noList(_ reference: String) -> String { l.text(.widgetMissingList, reference) }

    /// A row's due label (docs/widgets.md "Due labels"), from Core's `DueLabel` and the catalogue's
    /// date words (`StatusStrings.dueText`, the status bars' short form): overdue `Overdue` (due
    /// earlier today), `Overdue · Mon` (within the last 6 days), `Overdue · Jan 5`; due today
    /// `Today 18:00` (`Today` for a date-only due); later `Tomorrow 09:00`, `Jan 5 09:00`,
    /// `Jan 5, 2028`. Japanese `期限切れ`, `期限切れ · 月`, `今日 18:00`, `明日`, `1月5日 09:00`.
    func due(_ label: DueLabel, today: LocalDate) -> String {
        switch label.kind {
        case .overdue:
            let daysAgo = today.dayNumber - label.date.dayNumber
            if daysAgo <= 0 { return l.text(.dueOverdue) }
            let when = daysAgo < 7 ? l.text(label.date.weekday.catalogueKey) : l.monthDay(label.date, today: today)
            return l.text(.dueOverdueAt, when)
        case .today, .upcoming:
            return StatusStrings.forLanguage(language).dueText(label, today: today)
        }
    }
}
