import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRender
import TestSupport

/// Subtasks, priority and tags in widgets (docs/widgets.md "Subtasks, priority and tags"): which
/// rows show, their indent levels, the hit map regions of subtask checkboxes, the fingerprint and
/// the presets' organize colours.
@Suite struct WidgetOrganizeTests {
    init() { TestFonts.install() }  // before Pango first runs: the test fonts (fonts.conf)

    static func layout(_ family: WidgetFamily, theme: Theme = .standard) -> WidgetLayout {
        WidgetLayout(spec: WidgetSpec(name: "w", family: family, list: "x"), theme: theme)
    }

    /// (index, level) of the rows `depths` get in a section of `slots` rows.
    static func shown(_ depths: [Int], slots: Int, countInHeader: Bool = true) -> (
        rows: [[Int]], more: Int?, inline: Int?
    ) {
        let l = layout(.large)
        let section = WidgetLayout.Section(
            area: Rect(x: 16, y: 50, width: 332, height: Double(slots) * l.metrics.rowHeight),
            slots: slots, rowHeight: l.metrics.rowHeight)
        let r = l.treeRows(depths: depths, in: section, countInHeader: countInHeader)
        return (r.todos.map { [$0.index, $0.level] }, r.more?.count, r.todos.last?.inlineMore)
    }

    @Test func topLevelTodosFirstThenSubtasksInDrawingOrder() {
        // Three slots, three top-level todos: no room for subtasks.
        #expect(Self.shown([0, 1, 1, 0, 1, 0], slots: 3).rows == [[0, 0], [3, 0], [5, 0]])
        // Five slots: the two left go to the first subtasks in drawing order (the first parent's).
        #expect(Self.shown([0, 1, 1, 0, 1, 0], slots: 5).rows == [[0, 0], [1, 1], [2, 1], [3, 0], [5, 0]])
        // Room for all: drawing order, every subtask under its parent.
        #expect(
            Self.shown([0, 1, 1, 0, 1, 0], slots: 9).rows == [[0, 0], [1, 1], [2, 1], [3, 0], [4, 1], [5, 0]])
        // Depths past two are drawn at level 2.
        #expect(Self.shown([0, 1, 2, 3, 4, 0], slots: 9).rows.map { $0[1] } == [0, 1, 2, 2, 2, 0])
        // A grandchild is only drawn after its parent: the prefix in drawing order.
        #expect(Self.shown([0, 1, 2, 1, 0], slots: 3).rows == [[0, 0], [1, 1], [4, 0]])
        // No subtask is left out for a `+ N more`: its parent's `2/5` counts it.
        let partly = Self.shown([0, 1, 1, 1, 0], slots: 3)
        #expect(partly.more == nil && partly.inline == nil)
    }

    @Test func whenTopLevelTodosOverflowTheCountIsEveryTodoNotDrawn() {
        // Twelve parents with one subtask each in nine slots.
        let depths = Array(repeating: [0, 1], count: 12).flatMap { $0 }
        #expect(depths.count == 24)
        let header = Self.shown(depths, slots: 9, countInHeader: true)
        #expect(header.rows.map { $0[0] } == Array(stride(from: 0, to: 18, by: 2)), "nine parents, no subtask")
        #expect(header.rows.allSatisfy { $0[1] == 0 })
        #expect(header.inline == 24 - 9 && header.more == nil)
        let line = Self.shown(depths, slots: 9, countInHeader: false)
        #expect(line.rows.count == 8 && line.more == 24 - 8 && line.inline == nil)
        // Nothing fits: nothing drawn, no count.
        #expect(Self.shown(depths, slots: 0).rows.isEmpty)
    }

    @Test func indentMovesTheCheckboxAndTitleByOneCheckboxPerLevel() {
        let l = Self.layout(.medium)
        let frame = Rect(x: 16, y: 44, width: 332, height: 32)
        let top = l.rowGeometry(frame, level: 0), one = l.rowGeometry(frame, level: 1),
            three = l.rowGeometry(frame, level: 3)
        let step = l.metrics.icon + WidgetRenderer.checkboxGap
        #expect(one.checkboxX! - top.checkboxX! == step && one.titleX - top.titleX == step)
        #expect(three.titleX - top.titleX == 2 * step, "deeper than two drawn at level 2")
        // A subtask's checkbox sits under its parent's title.
        #expect(one.checkboxX! - l.metrics.icon / 2 == top.titleX)
        var trailing = Theme.standard
        trailing.checkboxPosition = .trailing
        let t = Self.layout(.medium, theme: trailing)
        #expect(t.rowGeometry(frame, level: 1).checkboxX == t.rowGeometry(frame, level: 0).checkboxX)
        #expect(t.rowGeometry(frame, level: 1).titleX == frame.x + step)
    }

    @Test(arguments: [Theme.CheckboxPosition.leading, .trailing], [1.0, 2.0])
    func subtaskCheckboxesCompleteTheSubtask(position: Theme.CheckboxPosition, scale: Double) throws {
        var theme = Theme.standard
        theme.checkboxPosition = position
        let content = Sample.organized(japanese: false)
        guard case .list(let c) = content else { return }
        let widget = try Sample.render(content, family: .large, theme: theme, scale: scale)
        let completes = widget.hitMap.regions.filter(\.isComplete)
        // Every pending row drawn has one complete region for its own todo, inside its row.
        let drawn = widget.rows.filter { $0.kind == .pending }
        #expect(drawn.count == 10)
        #expect(completes.count == drawn.count)
        for row in drawn {
            let id = try #require(row.todoID)
            let region = try #require(
                completes.first { $0.action == .complete(todoID: id) }, "no checkbox for \(row.text)")
            #expect(
                Double(region.y) >= (row.frame.y * scale).rounded()
                    && Double(region.y + region.height) <= (row.frame.maxY * scale).rounded())
            // A click in the middle of the region completes that todo, a click on its title opens it.
            let hit = widget.hitMap.region(atX: region.x + region.width / 2, y: region.y + region.height / 2)
            #expect(hit?.action == .complete(todoID: id), "\(row.text)")
            let textX = Int(((row.textFrame.x + min(row.textFrame.width, 20) / 2) * scale).rounded())
            #expect(
                widget.hitMap.region(atX: textX, y: region.y + region.height / 2)?.action == .openTodo(id),
                "\(row.text)")
        }
        // Complete regions never overlap: each click completes one todo.
        for (i, a) in completes.enumerated() {
            for b in completes[(i + 1)...] {
                #expect(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y)
            }
        }
        // Leading checkboxes: a subtask's region starts one indent right of its parent's.
        let pack = try #require(c.pending.first { $0.title == "Pack for Kyoto" })
        let clothes = try #require(c.pending.first { $0.title == "Clothes" })
        let socks = try #require(c.pending.first { $0.title == "Wool socks" })
        func region(_ t: Todo) throws -> HitRegion {
            try #require(completes.first { $0.action == .complete(todoID: t.id) })
        }
        if position == .leading {
            let step = (theme.metrics.icon + WidgetRenderer.checkboxGap) * scale
            #expect(abs(Double(try region(clothes).x - region(pack).x) - step) <= 1)
            #expect(abs(Double(try region(socks).x - region(clothes).x) - step) <= 1)
        } else {
            #expect(try region(clothes).x == region(pack).x)
        }
        // Read-only widgets: no checkboxes, so no complete regions for subtasks either.
        let readOnly = try Sample.render(content, family: .large, theme: theme, scale: scale, mode: .readOnly)
        #expect(!readOnly.hitMap.regions.contains { $0.isComplete })
        #expect(readOnly.rows.map(\.level) == widget.rows.map(\.level))
    }

    @Test func aFlashingSubtaskStaysUnderItsParentWithoutACheckboxRegion() throws {
        guard case .list(let c) = Sample.organized(japanese: false) else { return }
        let passport = try #require(c.completed.first { $0.title == "Passport" })
        let spec = WidgetSpec(name: "sample", family: .large, list: "sample")
        let widget = try WidgetRenderer(spec: spec, theme: .standard, clock: Sample.clock).render(
            .list(c), flashing: [passport.id])
        #expect(widget.rows.prefix(2).map(\.text) == ["Pack for Kyoto", "Passport"])
        #expect(widget.rows[1].level == 1 && widget.rows[1].kind == .completed)
        #expect(!widget.hitMap.regions.contains { $0.action == .complete(todoID: passport.id) })
        #expect(widget.hitMap.regions.contains { $0.action == .openTodo(passport.id) })
    }

    @Test func priorityTagsAndProgressChangeTheFingerprint() throws {
        guard case .list(let c) = Sample.organized(japanese: false) else { return }
        let spec = WidgetSpec(name: "w", family: .large, list: "x")
        func print(_ c: ListContent) -> String {
            WidgetFingerprint.of(spec: spec, theme: .standard, content: .list(c), flashing: [], clock: Sample.clock)
        }
        let base = print(c)
        #expect(print(c) == base)
        let i = try #require(c.pending.firstIndex { $0.title == "Call mom" })
        var priority = c
        priority.pending[i].priority = .high
        var tags = c
        tags.pending[i].tags = ["family", "phone"]
        var parent = c
        parent.pending[i].parentId = c.pending[0].id
        var progress = c
        progress.subtaskProgress[c.pending[0].id] = SubtaskProgress(done: 2, total: 3)
        let changed = [priority, tags, parent, progress].map(print)
        #expect(changed.allSatisfy { $0 != base })
        #expect(Set(changed).count == changed.count)
        // Two tags are not one tag with their text joined.
        var joined = c
        joined.pending[i].tags = ["familyphone"]
        #expect(print(joined) != print(tags))
        // A theme colour the rows draw in changes it too.
        var theme = Theme.standard
        theme.tagBackground = ThemeColor(hex: "#FFEEDD")
        #expect(
            WidgetFingerprint.of(spec: spec, theme: theme, content: .list(c), flashing: [], clock: Sample.clock) != base
        )
    }

    @Test func rowsShowWhatTheTodosCarry() throws {
        let widget = try Sample.render(Sample.organized(japanese: false), family: .large)
        func row(_ title: String) throws -> RenderedRow { try #require(widget.rows.first { $0.text == title }) }
        #expect(try row("Pack for Kyoto").priorityMark != nil && row("Water the plants 🌿").priorityMark == nil)
        // `!!!` is wider than `!`.
        #expect(try row("Pack for Kyoto").priorityMark!.width > row("Call mom").priorityMark!.width)
        #expect(try row("Book the ryokan").tagChips.count == 2 && row("Water the plants 🌿").tagChips.isEmpty)
        // Progress bars only on parents in large widgets, under the title's line, inside the row.
        let pack = try row("Pack for Kyoto")
        let bar = try #require(pack.progressBar)
        #expect(bar.y >= pack.textFrame.y + pack.textFrame.height * 0.5 && bar.maxY <= pack.frame.maxY)
        #expect(try row("Phone charger").progressBar == nil)
        let medium = try Sample.render(Sample.organized(japanese: false), family: .medium)
        #expect(medium.rows.allSatisfy { $0.progressBar == nil })
    }

    @Test func everyPresetSetsTheOrganizeColours() throws {
        let presets = try Sample.presets()
        #expect(presets.count == 8)
        for (file, theme) in presets {
            #expect(theme.priorityColor != nil && theme.tagBackground != nil && theme.tagText != nil, "\(file)")
        }
    }
}
