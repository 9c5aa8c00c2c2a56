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
    /// The missing-list text.
    func noList(_ reference: String) -> String { l.text(.widgetMissingList, reference) }
}
