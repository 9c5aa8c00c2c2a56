import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRender
import TestSupport

/// Golden images of whole widgets and checkbox sheets (see `Snapshot` for the tolerance and how to
/// re-record). Scale 1 keeps the committed PNGs small; the checkbox sheets use scale 2, since an
/// 11 pt glyph at scale 1 is too few pixels to show its shape.
@Suite struct WidgetGoldenTests {
    init() { TestFonts.install() } // before Pango first runs: the test fonts (fonts.conf)

    static let english = Sample.content("Weekend", [
        "Buy flowers 💐", "Call the family 👨‍👩‍👧‍👦", "Review the quarterly roadmap with the design team before Friday's all-hands",
        "🇯🇵 Trip planning", "Fix the bike 🚲", "Café with Zoë", "Water the plants 🌿", "Return library books 📚",
    ], completed: ["Laundry 🧺", "Pay rent"])
    static let japanese = Sample.content("買い物", [
        "牛乳 🥛", "卵（10個入り）", "クレンジングオイルと詰め替え用のシャンプーとコンディショナーを忘れずに買う",
        "食パン 🍞", "トイレットペーパー", "花束 💐 を母の日に", "洗濯洗剤", "お米 5kg",
    ], completed: ["トマト 🍅", "豆腐"])
    /// Presets whose goldens use the Japanese sample (the Japanese palettes); the rest use English.
    static let japanesePresets: Set<String> = ["sakura", "indigo", "matcha"]

    @Test func everyFamilyInEveryPreset() throws {
        let presets = try Sample.presets()
        #expect(presets.count >= 6)
        for (file, theme) in presets {
            let ja = Self.japanesePresets.contains(file)
            for family in WidgetFamily.allCases where family != .grid { // grid: GridGoldenTests
                let w = try Sample.render(ja ? Self.japanese : Self.english, family: family, theme: theme, language: ja ? .ja : .en)
                try Snapshot.check(w.surface, variant: "\(file)-\(family)")
            }
        }
    }

    /// Every family in the pseudo-locale en-XA (docs/language.md "The pseudo-locale"): each widget
    /// word is in the catalogue (accented, in brackets), and ~30 % longer words still fit or are
    /// ellipsized, never drawn over the counts.
    @Test func everyFamilyInThePseudoLocale() throws {
        for family in WidgetFamily.allCases where family != .grid {
            let w = try Sample.render(Self.english, family: family, language: .enXA)
            try Snapshot.check(w.surface, variant: "\(family)-en-XA")
        }
        let grid = try GridGoldenTests.render(GridGoldenTests.report(["Run", "Read", "Stretch"]), theme: .standard,
                                              language: .enXA)
        try Snapshot.check(grid.surface, variant: "grid-en-XA")
    }

    @Test func checkboxStylesPendingAndCompleted() throws {
        for size in [11.0, 20.0] {
            // One row per style: pending, completed; on white and on the Midnight background.
            let styles = Theme.CheckboxStyle.allCases
            let cell = size * 2
            let surface = try Surface(width: Int(cell * 4 * 2), height: Int(cell * Double(styles.count) * 2))
            let g = try Context(surface: surface)
            g.scale(2, 2)
            let dark = ThemeColor(hex: "#1C1C1E")!
            g.setColor(.white); g.rectangle(0, 0, cell * 2, cell * Double(styles.count)); g.fill()
            g.setColor(dark); g.rectangle(cell * 2, 0, cell * 2, cell * Double(styles.count)); g.fill()
            for (i, style) in styles.enumerated() {
                let cy = cell * (Double(i) + 0.5)
                for (j, done) in [false, true].enumerated() {
                    CheckboxPainter.draw(style, completed: done, cx: cell * (Double(j) + 0.5), cy: cy, size: size,
                                         accent: Theme.defaultAccent, fill: ThemeColor.black.withAlphaScaled(0.6), in: g)
                    CheckboxPainter.draw(style, completed: done, cx: cell * (Double(j) + 2.5), cy: cy, size: size,
                                         accent: ThemeColor(hex: "#FF9F0A")!, fill: ThemeColor.white.withAlphaScaled(0.6), in: g)
                }
            }
            try g.checkStatus()
            try Snapshot.check(surface, variant: "\(Int(size))pt")
        }
    }

    @Test func leadingTrailingAndReadOnly() throws {
        var trailing = Theme.standard
        trailing.checkboxPosition = .trailing
        trailing.checkboxStyle = .star
        trailing.showCompletedCount = true
        try Snapshot.check(try Sample.render(Self.english, family: .medium).surface, variant: "leading-medium")
        try Snapshot.check(try Sample.render(Self.english, family: .medium, theme: trailing).surface, variant: "trailing-medium")
        try Snapshot.check(try Sample.render(Self.japanese, family: .small, theme: trailing, language: .ja).surface, variant: "trailing-small-ja")
        try Snapshot.check(try Sample.render(Self.english, family: .medium, mode: .readOnly).surface, variant: "readonly-medium")
        var bookmark = Theme.standard
        bookmark.checkboxStyle = .bookmark
        bookmark.showCompleted = true
        try Snapshot.check(try Sample.render(Self.japanese, family: .large, theme: bookmark, language: .ja, mode: .readOnly).surface,
                           variant: "readonly-large-ja")
    }

    /// The header's "+" (docs/widgets.md "Adding from a widget"), drawn in PNGs because the spec says `"add": true`:
    /// the counts move left of it, a long title stops before it; in a dark preset's own `addColor`, at scale 2.
    @Test func theAddButtonInTheHeader() throws {
        let presets = Dictionary(try Sample.presets().map { ($0.file, $0.theme) }, uniquingKeysWith: { a, _ in a })
        let midnight = try #require(presets["midnight"])
        let matcha = try #require(presets["matcha"])
        try Snapshot.check(try Sample.render(Self.english, family: .medium, add: true).surface, variant: "medium-en")
        try Snapshot.check(
            try Sample.render(Self.japanese, family: .small, theme: matcha, language: .ja, add: true).surface,
            variant: "small-ja-matcha")
        try Snapshot.check(
            try Sample.render(Self.english, family: .large, theme: midnight, scale: 2, add: true).surface,
            variant: "large-en-midnight-scale2")
    }

    @Test func setupMissingListAndAllDone() throws {
        for language in Language.allCases {
            let l = language.rawValue
            try Snapshot.check(try Sample.render(.setup, family: .small, language: language, file: "/home/u/widgets/desk.json").surface,
                               variant: "setup-small-\(l)")
            try Snapshot.check(try Sample.render(.missingList(language == .ja ? "買い物" : "Groceries"), family: .medium, language: language).surface,
                               variant: "missing-medium-\(l)")
            let done = Sample.content(language == .ja ? "家事" : "Home", [], completed: ["Laundry", "Dishes"])
            for family in WidgetFamily.allCases where family != .grid { // grid: GridGoldenTests
                try Snapshot.check(try Sample.render(done, family: family, language: language).surface, variant: "alldone-\(family)-\(l)")
            }
        }
    }

    @Test func fortyTodosAndLongTitles() throws {
        let forty = Sample.content("Work", (1...40).map { "Todo \($0) — something to do" })
        try Snapshot.check(try Sample.render(forty, family: .large).surface, variant: "forty-large")
        try Snapshot.check(try Sample.render(forty, family: .small).surface, variant: "forty-small")
        let long = String(repeating: "クレンジングオイルと牛乳を買う", count: 20)
        #expect(long.count == 300)
        let titles = Sample.content("買い物", [long, "🍎🍌🍇🍓🍒🍑🥝🍍🥭🍉🍋🍊🍐🍈 果物を全部", "👍🏽👍🏿👩🏻‍💻 絵文字の肌の色", "🇯🇵🇫🇷🇧🇷🇰🇷🇺🇸🇩🇪 国旗"])
        try Snapshot.check(try Sample.render(titles, family: .medium, scale: 2, language: .ja).surface, variant: "emoji-long-medium-ja")
    }

    /// Ellipsis at grapheme boundaries in every script that can break it: each title is too long for
    /// a small widget and ends in a cluster that must stay whole or go entirely.
    @Test func ellipsisKeepsGraphemeClusters() throws {
        let content = Sample.content("Scripts", [
            "Zoë Cafe\u{301} Ame\u{301}lie Noe\u{308}l re\u{301}sume\u{301}",   // combining marks
            "Family 👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦",              // ZWJ sequences
            "Flags 🇯🇵🇫🇷🇧🇷🇰🇷🇺🇸🇩🇪🇮🇹🇪🇸",                                 // regional indicator pairs
            "Thumbs 👍🏽👍🏿👍🏻👍🏼👍🏾👍🏽👍🏿",                                  // skin tone modifiers
            "東京都渋谷区神南一丁目の郵便局で荷物を受け取る",
            "שלום עולם, זה כותרת ארוכה מאוד",                                   // Hebrew (RTL)
            "مرحبا بالعالم، هذا عنوان طويل جدا",                                 // Arabic (RTL, joined)
        ])
        let w = try Sample.render(content, family: .small, scale: 2, height: 300)
        #expect(w.rows.filter { $0.kind == .pending }.count == 7)
        #expect(w.rows.allSatisfy { $0.lineCount == 1 })
        #expect(w.rows.allSatisfy { $0.isEllipsized })
        try Snapshot.check(w.surface, variant: "small-en")
    }
}
