import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRender
import TestSupport

/// Rows with subtasks, priority marks and tag chips (docs/widgets.md "Subtasks, priority and
/// tags"), in English and Japanese, in the default theme and two presets. Goldens at scale 1 or 2
/// (see `Snapshot` for the tolerance), each looked at when recorded; assertions on the drawn rows
/// beside them: nothing overlaps, nothing leaves its row.
@Suite struct WidgetOrganizeGoldenTests {
    init() { TestFonts.install() }  // before Pango first runs: the test fonts (fonts.conf)

    static func render(
        _ content: WidgetContent, family: WidgetFamily, theme: Theme = .standard, scale: Double = 1,
        language: Language
    ) throws -> RenderedWidget {
        let spec = WidgetSpec(name: "sample", family: family, list: "sample", scale: scale, language: language)
        return try WidgetRenderer(spec: spec, theme: theme, clock: Sample.clock).render(content)
    }

    static func preset(_ name: String) throws -> Theme {
        try #require(try Sample.presets().first { $0.file == name }?.theme)
    }

    /// What every organize golden must show: marks, chips and bars inside their row, apart from
    /// the title and from each other.
    static func expectTidy(_ widget: RenderedWidget, _ label: String) {
        for row in widget.rows where row.kind != .more {
            let inside = { (r: Rect) in
                r.x >= row.frame.x - 1e-6 && r.maxX <= row.frame.maxX + 1e-6
                    && r.y >= row.frame.y - 1e-6 && r.maxY <= row.frame.maxY + 1e-6
            }
            for chip in row.tagChips {
                #expect(inside(chip), "\(label): chip \(chip) leaves row \(row.frame) of \(row.text)")
                #expect(
                    chip.x >= row.textFrame.x + min(row.textFrame.width, 1),
                    "\(label): chip over the title of \(row.text)")
            }
            for (a, b) in zip(row.tagChips, row.tagChips.dropFirst()) {
                #expect(a.maxX < b.x, "\(label): chips overlap in \(row.text)")
            }
            if let mark = row.priorityMark {
                #expect(mark.maxX < row.textFrame.x, "\(label): the mark touches the title of \(row.text)")
            }
            if let bar = row.progressBar { #expect(inside(bar), "\(label): bar \(bar) leaves row \(row.frame)") }
        }
    }

    @Test func subtasksPriorityAndTags() throws {
        for (language, ja) in [(Language.en, false), (.ja, true)] {
            let l = language.rawValue
            let content = Sample.organized(japanese: ja)
            // Large: every todo fits; subtasks indented under their parents, a progress bar under
            // the parent's title, the `1/3` count at the row's end.
            let large = try Self.render(content, family: .large, language: language)
            Self.expectTidy(large, "large-\(l)")
            // Ten rows (nine whole ones and the part-row left under them, `WidgetLayout.filled`): the
            // five top-level todos and the five open subtasks in drawing order (Spare laces, three
            // deep, drawn at level 2; Draft outline under the report): every open todo fits.
            #expect(large.rows.map(\.level) == [0, 1, 2, 2, 1, 0, 0, 0, 1, 0], "large-\(l)")
            #expect(
                large.rows.filter { $0.progressBar != nil }.count == 4,
                "large-\(l): Pack, Clothes, Wool socks, the report")
            try Snapshot.check(large.surface, variant: "large-\(l)")
            // Medium: three rows, all top-level todos cannot fit, so no subtasks.
            let medium = try Self.render(content, family: .medium, scale: 2, language: language)
            Self.expectTidy(medium, "medium-\(l)")
            #expect(medium.rows.allSatisfy { $0.level == 0 }, "medium-\(l)")
            try Snapshot.check(medium.surface, variant: "medium-\(l)")
            // Small: narrow rows, chips shortened first.
            let small = try Self.render(content, family: .small, scale: 2, language: language)
            Self.expectTidy(small, "small-\(l)")
            try Snapshot.check(small.surface, variant: "small-\(l)")
        }
    }

    @Test func presetsDrawTheirOrganizeColours() throws {
        // Dark (Midnight) and trailing checkboxes (Candy), each with the fewer top-level todos that
        // leave room for subtasks in a medium widget too.
        let few = Array(Sample.organizedItems.prefix(6))
        for (name, language, ja) in [("midnight", Language.ja, true), ("candy", .en, false)] {
            let theme = try Self.preset(name)
            let content = Sample.organized(japanese: ja, items: few)
            let large = try Self.render(content, family: .large, theme: theme, language: language)
            Self.expectTidy(large, "\(name)-large")
            try Snapshot.check(large.surface, variant: "\(name)-large-\(language.rawValue)")
            let medium = try Self.render(content, family: .medium, theme: theme, scale: 2, language: language)
            Self.expectTidy(medium, "\(name)-medium")
            #expect(medium.rows.map(\.level).contains(1), "\(name)-medium: the one parent leaves rows for subtasks")
            try Snapshot.check(medium.surface, variant: "\(name)-medium-\(language.rawValue)")
        }
    }

    @Test func progressBarUnderTheDueLine() throws {
        // Large widgets put due labels below the titles: a parent's bar goes under its due line.
        let today = Due.dateTime(
            LocalDateTime(date: LocalDate(year: 2027, month: 1, day: 5)!, hour: 18, minute: 0)!, zoneID: "Asia/Tokyo")
        let items = [
            Sample.Item(en: "Weekly review", ja: "週次レビュー", priority: .high, tags: ["home"], tagsJa: ["家"], due: today),
            Sample.Item(en: "Inbox to zero", ja: "受信箱を空に", depth: 1, done: true),
            Sample.Item(
                en: "Plan next week", ja: "来週の計画", depth: 1, due: .date(LocalDate(year: 2027, month: 1, day: 6)!)),
            Sample.Item(en: "Tidy the desk", ja: "机の片付け", depth: 1),
            Sample.Item(en: "Buy stamps", ja: "切手を買う", priority: .low),
        ]
        for (language, ja) in [(Language.en, false), (.ja, true)] {
            let widget = try Self.render(
                Sample.organized(japanese: ja, items: items), family: .large, scale: 2, language: language)
            Self.expectTidy(widget, "due-\(language.rawValue)")
            let parent = try #require(widget.rows.first)
            let bar = try #require(parent.progressBar)
            #expect(bar.y > parent.textFrame.maxY, "under the due line, not through it")
            #expect(widget.rows.map(\.level) == [0, 1, 1, 0])
            try Snapshot.check(widget.surface, variant: "large-\(language.rawValue)")
        }
    }
}
