import TaskTileCore

/// The typographic resources a widget picks by language: the one place the renderer branches on
/// `Language` (its words come from the catalogue, see `WidgetStrings`).
extension Language {
    /// The Noto fallback after a theme's family, the language's own script first so shared code
    /// points (punctuation, kana in titles) take that script's forms (see
    /// `WidgetRenderer.fontFamilies(for:language:)`).
    var fontFallback: String {
        switch self {
        case .ja: "Noto Sans CJK JP, Noto Sans, sans-serif"
        default: "Noto Sans, Noto Sans CJK JP, sans-serif"  // Latin script (en, en-XA)
        }
    }

    /// Height of the completed-todo strike line above the baseline, in em: 0.3, or 0.36 for
    /// Japanese, whose glyphs sit higher.
    var strikethroughHeight: Double {
        switch self {
        case .ja: 0.36
        default: 0.3
        }
    }
}
