import Foundation

/// A widget theme (docs/themes.md), as stored in `themes.json` and shipped in `Themes/*.json`.
public struct Theme: Hashable, Sendable {
    public enum Appearance: String, CaseIterable, Sendable { case light, dark }
    public enum RowHeight: String, CaseIterable, Sendable { case compact, normal, comfortable }
    public enum CheckboxPosition: String, CaseIterable, Sendable { case leading, trailing }
    /// Where a row shows its due label (docs/themes.md "Keys", docs/widgets.md "Due labels").
    public enum ShowDue: String, CaseIterable, Sendable {
        /// `below` on large widgets, `inline` on medium and small ones (default).
        case auto
        /// A trailing label on the title's line, when it leaves the title room.
        case inline
        /// A second line under the title.
        case below
        /// No due labels.
        case off
    }

    /// Text size: a named size or custom points 8…32 (docs/themes.md "Font sizes and row heights").
    public enum FontSize: Hashable, Sendable {
        case small, medium, large
        /// Custom size in points, 8…32.
        case points(Double)
        public static let customRange: ClosedRange<Double> = 8...32
    }

    /// The ten checkbox styles (docs/widgets.md "Checkbox styles").
    public enum CheckboxStyle: String, CaseIterable, Sendable {
        case circleDotted, circle, square, roundedSquare, diamond, seal, bubble, heart, star, bookmark
    }

    /// Lowercase hyphenated UUID text.
    public var id: String
    /// Non-empty display name; specs may refer to a theme by name or id.
    public var name: String
    public var accent: ThemeColor
    /// nil = the appearance's background (white for light, black for dark).
    public var background: ThemeColor?
    /// nil = the appearance's label colour (black for light, white for dark).
    public var text: ThemeColor?
    /// The colour of due labels due today; nil = the appearance's system orange (`warningColor`).
    public var warning: ThemeColor?
    /// The colour of overdue labels; nil = the appearance's system red (`overdueColor`).
    public var overdue: ThemeColor?
    /// The colour of a row's priority mark (`!`, `!!`, `!!!`, docs/widgets.md "Organize");
    /// nil = the accent (`priorityMarkColor`).
    public var priorityColor: ThemeColor?
    /// The fill of a row's tag chips; nil = the accent at 14 % opacity (`tagChipBackground`).
    public var tagBackground: ThemeColor?
    /// The text of a row's tag chips; nil = the accent (`tagChipText`).
    public var tagText: ThemeColor?
    /// The "+" in an interactive widget's header that opens the capture popup (docs/widgets.md
    /// "Adding from a widget"); nil = the accent (`addButtonColor`).
    public var addColor: ThemeColor?
    public var appearance: Appearance
    /// A fontconfig family name, default `sans-serif`.
    public var fontFamily: String
    public var fontSize: FontSize
    public var rowHeight: RowHeight
    public var checkboxStyle: CheckboxStyle
    public var checkboxPosition: CheckboxPosition
    public var showRemainingCount: Bool
    public var showCompletedCount: Bool
    public var showCompleted: Bool
    /// Where rows show their due label, default `auto`.
    public var showDue: ShowDue
    /// Widget corner radius in points, default 22.
    public var cornerRadius: Double

    /// The default accent, `#007AFF`.
    public static let defaultAccent = ThemeColor(hex: "#007AFF")!

    /// A theme with every default of docs/themes.md "Keys".
    public init(id: String = UUID().uuidString.lowercased(), name: String) {
        self.id = id
        self.name = name
        accent = Theme.defaultAccent
        background = nil
        text = nil
        warning = nil
        overdue = nil
        priorityColor = nil
        tagBackground = nil
        tagText = nil
        addColor = nil
        appearance = .light
        fontFamily = "sans-serif"
        fontSize = .medium
        rowHeight = .normal
        checkboxStyle = .circleDotted
        checkboxPosition = .leading
        showRemainingCount = true
        showCompletedCount = false
        showCompleted = false
        showDue = .auto
        cornerRadius = 22
    }

    /// The fixed id of the built-in Default theme, so every data directory's Default is the same.
    public static let defaultThemeID = "00000000-0000-4000-8000-000000000001"

    /// The theme created in a new `themes.json`: every default, named `Default`.
    public static var standard: Theme { Theme(id: defaultThemeID, name: "Default") }

    /// The background actually drawn: `background`, else white (light) or black (dark).
    public var resolvedBackground: ThemeColor {
        background ?? (appearance == .light ? .white : ThemeColor(red: 0.11, green: 0.11, blue: 0.118))
    }

    /// The primary text colour actually drawn: `text`, else black (light) or white (dark).
    public var resolvedText: ThemeColor { text ?? (appearance == .light ? .black : .white) }
    /// Secondary text: the text colour at 60 % (docs/themes.md "Keys").
    public var secondaryText: ThemeColor { resolvedText.withAlphaScaled(0.6) }
    /// Tertiary text: the text colour at 40 % (docs/themes.md "Keys").
    public var tertiaryText: ThemeColor { resolvedText.withAlphaScaled(0.4) }
    /// The warning colour of due labels due today: `warning`, else the system orange of the
    /// appearance (`#FF9500` light, `#FF9F0A` dark, Apple's Human Interface Guidelines "Color").
    public var warningColor: ThemeColor { warning ?? ThemeColor(hex: appearance == .light ? "#FF9500" : "#FF9F0A")! }
    /// The colour of overdue labels: `overdue`, else the system red of the appearance (`#FF3B30`
    /// light, `#FF453A` dark).
    public var overdueColor: ThemeColor { overdue ?? ThemeColor(hex: appearance == .light ? "#FF3B30" : "#FF453A")! }

    /// The colour of priority marks actually drawn: `priorityColor`, else the accent (as Apple
    /// Reminders draws `!!!` in the list's colour).
    public var priorityMarkColor: ThemeColor { priorityColor ?? accent }
    /// The tag chip fill actually drawn: `tagBackground`, else the accent at 14 % opacity.
    public var tagChipBackground: ThemeColor { tagBackground ?? accent.withAlphaScaled(0.14) }
    /// The tag chip text colour actually drawn: `tagText`, else the accent.
    public var tagChipText: ThemeColor { tagText ?? accent }
    /// The colour of the header's "+" actually drawn: `addColor`, else the accent.
    public var addButtonColor: ThemeColor { addColor ?? accent }

    /// Font metrics in points derived from `fontSize` (docs/themes.md "Font sizes and row heights").
    public var metrics: ThemeMetrics { ThemeMetrics(fontSize: fontSize, rowHeight: rowHeight) }
}

/// Sizes in points derived from a theme's font size and row height (docs/themes.md "Font sizes and row heights").
public struct ThemeMetrics: Hashable, Sendable {
    /// Row title size, points.
    public var item: Double
    /// Checkbox glyph size, points.
    public var icon: Double
    /// Header title size, points.
    public var header: Double
    /// Whether the header is semibold (the `medium` named size).
    public var headerSemibold: Bool
    /// Line height of a row's text, points.
    public var lineHeight: Double
    /// Padding above and below a row's line, points (compact 2, normal 6, comfortable 11).
    public var rowPadding: Double

    /// Row height = line height + 2 × row padding, points.
    public var rowHeight: Double { lineHeight + 2 * rowPadding }

    public init(fontSize: Theme.FontSize, rowHeight: Theme.RowHeight) {
        switch fontSize {
        case .small: (item, icon, header, headerSemibold, lineHeight) = (12, 11, 15, false, 16)
        case .medium: (item, icon, header, headerSemibold, lineHeight) = (15, 12, 17, true, 20)
        case .large: (item, icon, header, headerSemibold, lineHeight) = (17, 15, 20, false, 22)
        case .points(let pt):
            (item, icon, header, headerSemibold, lineHeight) = (pt, max(pt - 2, 8), pt + 2, false, pt * 1.4)
        }
        switch rowHeight {
        case .compact: rowPadding = 2
        case .normal: rowPadding = 6
        case .comfortable: rowPadding = 11
        }
    }
}
