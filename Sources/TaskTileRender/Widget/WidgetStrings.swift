/// The few widget strings, English and Japanese (SPEC §8 key strings).
///
/// Kept in one small table until the shared localisation module exists; then this type forwards to it.
struct WidgetStrings: Sendable {
    let language: WidgetLanguage

    /// `N left` / `残りN件`.
    func left(_ n: Int) -> String { language == .ja ? "残り\(n)件" : "\(n) left" }
    /// `N done` / `N件完了`.
    func done(_ n: Int) -> String { language == .ja ? "\(n)件完了" : "\(n) done" }
    /// `+ N more` / `他N件`.
    func more(_ n: Int) -> String { language == .ja ? "他\(n)件" : "+ \(n) more" }
    /// `All done!` / `全て完了！`.
    var allDone: String { language == .ja ? "全て完了！" : "All done!" }
    /// The setup text of a spec without `list`.
    func setup(specFile: String) -> String {
        language == .ja ? "\(specFile) の \"list\" にリスト名を設定してください"
                        : "Set \"list\" in \(specFile) to a list title"
    }
    /// The missing-list text.
    func noList(_ reference: String) -> String {
        language == .ja ? "「\(reference)」という名前のリストはありません" : "No list named \(reference)"
    }
}
