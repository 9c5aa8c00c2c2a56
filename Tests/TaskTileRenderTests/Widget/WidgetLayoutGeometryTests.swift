import Testing
import TaskTileCore
@testable import TaskTileRender

/// `WidgetLayout` on its own: no surface, no fonts, just the points of docs/widgets.md "Layout" and docs/themes.md.
@Suite struct WidgetLayoutGeometryTests {
    static func layout(_ family: WidgetFamily, scale: Double = 2, mode: WidgetMode = .interactive,
                       configure: (inout Theme) -> Void = { _ in }) -> WidgetLayout {
        var theme = Theme.standard
        configure(&theme)
        return WidgetLayout(spec: WidgetSpec(name: "t", family: family, list: nil, mode: mode, scale: scale), theme: theme)
    }

    @Test func headerAndDividerSitOnThePixelGrid() {
        let l = Self.layout(.medium, scale: 2)
        // Medium: 364 × 170, padding 16 × 12; header 17 pt → a 22 pt line box.
        #expect((l.width, l.height, l.left, l.right, l.top, l.bottom) == (364, 170, 16, 348, 12, 158))
        #expect(l.headerBox == Rect(x: 16, y: 12, width: 332, height: 22))
        #expect(l.dividerY == 39.25)        // 12 + 22 + 5 = 39, then half a device pixel
        #expect(l.rowsTop == 43.25)
        #expect(l.headerRegion == Rect(x: 0, y: 0, width: 364, height: 39.25))
        #expect(Self.layout(.medium, scale: 3).hairlineY(10.1) == 10.0 + 0.5 / 3)
    }

    @Test func slotsAndTheMoreLine() throws {
        let l = Self.layout(.medium)
        let pending = l.sections(completedCount: 5).pending // medium never shows completed todos
        #expect(l.sections(completedCount: 5).completed == nil)
        // 114.75 pt of 32-pt rows: 3 whole rows leave 18.75 pt, more than half a row, so while todos are
        // hidden (an unknown count is "more than fit") a fourth row is drawn and the four share the height.
        let fill = WidgetLayoutTests.filled(158 - 43.25, rowH: l.metrics.rowHeight, padding: 6, count: .max)
        let rowH = fill.rowH
        #expect(pending.slots == fill.slots && fill.slots == 4 && abs(rowH - 114.75 / 4) < 1e-9)
        let fits = l.rows(count: pending.slots, in: pending)
        #expect(fits.todos.count == pending.slots && fits.more == nil)
        let over = l.rows(count: 10, in: pending)
        #expect(over.todos.count == pending.slots - 1)
        let more = try #require(over.more)
        #expect(more.count == 10 - (pending.slots - 1))
        #expect(abs(more.frame.y - (pending.area.y + Double(pending.slots - 1) * rowH)) < 1e-9)
        #expect(over.todos.allSatisfy { $0.inlineMore == nil })
        #expect(
            zip(over.todos, over.todos.dropFirst()).allSatisfy { abs($0.frame.maxY - $1.frame.y) < 1e-9 }, "rows touch")
        // When the header already says how many are left, every slot is a todo and the last one
        // carries the count (medium shows 4 rows, not 3 and "+ N more").
        let shared = l.rows(count: 10, in: pending, countInHeader: true)
        #expect(shared.more == nil)
        #expect(shared.todos.count == pending.slots && pending.slots == 4)
        // Exactly the 3 whole rows' worth of todos keep the rows' own height.
        #expect(l.sections(completedCount: 0, pendingCount: 3).pending.slots == 3)
        #expect(l.sections(completedCount: 0, pendingCount: 3).pending.rowHeight == l.metrics.rowHeight)
        #expect(shared.todos.last?.inlineMore == 10 - pending.slots)
        #expect(shared.todos.dropLast().allSatisfy { $0.inlineMore == nil })
        #expect(l.rows(count: 3, in: pending, countInHeader: true).todos.allSatisfy { $0.inlineMore == nil })
    }

    @Test func oneSlotSharesTheRowWithTheCount() throws {
        let l = Self.layout(.small)
        let one = WidgetLayout.Section(area: Rect(x: 12, y: 40, width: 146, height: 20), slots: 1, rowHeight: l.metrics.rowHeight)
        let rows = l.rows(count: 5, in: one)
        #expect(rows.todos.count == 1 && rows.more == nil)
        #expect(rows.todos[0].inlineMore == 4)
        // A row squeezed into an area lower than a row but not lower than a line keeps inside it.
        #expect(rows.todos[0].frame.height == 20)
        #expect(l.slots(in: l.metrics.lineHeight) == 1, "one squeezed row where a line of text fits")
        #expect(l.slots(in: l.metrics.lineHeight - 1) == 0, "no row where not even a line fits")
        #expect(l.rows(count: 5, in: WidgetLayout.Section(area: Rect(x: 12, y: 40, width: 146, height: 5), slots: 0,
                                                          rowHeight: l.metrics.rowHeight)).todos.isEmpty)
    }

    @Test func largeSplitsOnlyWithCompletedTodos() throws {
        let l = Self.layout(.large) { $0.showCompleted = true }
        let rowH = l.metrics.rowHeight
        let available = l.bottom - l.rowsTop
        // Both sections overflow: pending keeps the whole rows of floor(60 %), completed the rest (its cap).
        let share = l.slots(in: (available * 0.6).rounded(.down))
        let cap = l.slots(in: available - Double(share) * rowH)
        let split = l.sections(completedCount: 40)
        let completed = try #require(split.completed)
        // The pending rows (more than fit) take the room over the cap, filled: the share's rows and the
        // part-row left under the completed cap.
        let fill = WidgetLayoutTests.filled(available - Double(cap) * rowH, rowH: rowH, padding: 6, count: .max)
        #expect(split.pending.slots == fill.slots && fill.slots >= share)
        #expect(abs(split.pending.area.height - Double(fill.slots) * fill.rowH) < 1e-9)
        #expect(completed.section.slots == cap)
        #expect(completed.section.area.y == split.pending.area.maxY)
        #expect(completed.section.area.maxY == l.bottom)
        #expect(completed.dividerY == l.hairlineY(split.pending.area.maxY))
        // Few pending todos: the pending area is cut to them and the completed section gets the rest.
        let few = l.sections(completedCount: 40, pendingCount: 2)
        #expect(few.pending.area.height == 2 * rowH)
        #expect(few.completed.map { $0.section.slots }
                == WidgetLayoutTests.filled(available - 2 * rowH, rowH: rowH, padding: 6, count: 40).slots)
        // Nothing pending: `All done!` takes what the completed rows, at most the cap, leave.
        #expect(l.sections(completedCount: 40, pendingCount: 0).pending.area.height == available - Double(cap) * rowH)
        #expect(l.sections(completedCount: 1, pendingCount: 0).pending.area.height == available - rowH)
        #expect(l.sections(completedCount: 0).completed == nil)
        #expect(l.sections(completedCount: 0).pending.area.height == available)
        #expect(Self.layout(.large) { $0.showCompleted = false }.sections(completedCount: 5).completed == nil)
    }

    /// Completed rows keep only the slots they need (up to the cap) and the pending rows
    /// get the others, so a large widget with one completed todo shows capacity − 1 pending rows,
    /// not the 60 % share, and no empty band is left under the completed rows.
    @Test(arguments: [false, true])
    func fewCompletedTodosGiveTheirSlotsToPendingRows(tall: Bool) throws {
        let l = Self.layout(.large) { $0.showCompleted = true }
        let rowH = l.metrics.rowHeight
        let pendingRowH = rowH + (tall ? l.dueLineHeight : 0)
        let available = l.bottom - l.rowsTop
        let share = l.slots(in: (available * 0.6).rounded(.down), rowHeight: pendingRowH)
        let cap = l.slots(in: available - Double(share) * pendingRowH)
        #expect(cap >= 3, "the standard large widget keeps more than two rows for completed todos")
        for completedCount in 1...(cap + 2) {
            let s = l.sections(completedCount: completedCount, pendingCount: 40, tallPendingRows: tall)
            let completed = try #require(s.completed)
            let kept = min(completedCount, cap)
            let fill = WidgetLayoutTests.filled(available - Double(kept) * rowH, rowH: pendingRowH, padding: 6, count: 40)
            #expect(s.pending.slots == fill.slots, "\(completedCount)")
            #expect(s.pending.slots >= share, "\(completedCount)")
            #expect(abs(s.pending.area.height - Double(s.pending.slots) * fill.rowH) < 1e-9, "\(completedCount)")
            #expect(completed.section.slots >= kept, "\(completedCount)")
            // Under the last completed row: less than one row that could take another todo.
            let lastRow = completed.section.area.y + Double(kept) * rowH
            #expect(l.bottom - lastRow < (completedCount > cap ? rowH : pendingRowH) + 1e-9, "\(completedCount)")
        }
    }

    /// The rule of `sections(completedCount:pendingCount:tallPendingRows:)` over spec heights, font
    /// sizes and counts, with and without due lines and header counts: rows stay inside the rows
    /// area and touch; while todos are hidden, less than one row of room is left under the last row;
    /// completed rows get their cap (or all they need) while pending todos overflow.
    @Test(arguments: [Theme.FontSize.small, .medium, .large, .points(28)])
    func noEmptyBandAtAnyHeight(fontSize: Theme.FontSize) throws {
        for height in stride(from: 120.0, through: 900, by: 13) {
            var theme = Theme.standard
            theme.fontSize = fontSize
            theme.showCompleted = true
            let l = WidgetLayout(spec: WidgetSpec(name: "t", family: .large, list: nil, scale: 2, height: height), theme: theme)
            let available = l.bottom - l.rowsTop
            for tall in [false, true] {
                let pendingRowH = l.metrics.rowHeight + (tall ? l.dueLineHeight : 0), rowH = l.metrics.rowHeight
                let share = l.slots(in: (available * 0.6).rounded(.down), rowHeight: pendingRowH)
                let cap = l.slots(in: available - min((available * 0.6).rounded(.down), Double(share) * pendingRowH))
                for p in [0, 1, 2, 5, 40] {
                    for c in [1, 2, 3, 6, 40] {
                        for inHeader in [false, true] {
                            let label = "height \(height) \(fontSize) tall=\(tall) pending=\(p) completed=\(c) inHeader=\(inHeader)"
                            let s = l.sections(completedCount: c, pendingCount: p, tallPendingRows: tall)
                            let done = try #require(s.completed, "\(label)")
                            let pending = l.rows(count: p, in: s.pending, countInHeader: inHeader)
                            let completed = l.rows(count: c, in: done.section, countInHeader: inHeader)
                            let frames = pending.todos.map(\.frame) + (pending.more.map { [$0.frame] } ?? [])
                                + completed.todos.map(\.frame) + (completed.more.map { [$0.frame] } ?? [])
                            #expect(frames.allSatisfy { $0.y >= l.rowsTop - 1e-9 && $0.maxY <= l.bottom + 1e-9 }, "\(label)")
                            if p > 0 {
                                #expect(zip(frames, frames.dropFirst()).allSatisfy { abs($0.maxY - $1.y) < 1e-9 }, "\(label): rows touch")
                            }
                            let pendingShown = pending.todos.count
                            let pendingHidden = pendingShown < p
                            let completedHidden = completed.todos.count < c
                            if p > 0, let last = frames.last {
                                let gap = l.bottom - last.maxY
                                if pendingHidden { #expect(gap < pendingRowH - 1e-9, "\(label): a band of \(gap) pt") }
                                if completedHidden { #expect(gap < rowH - 1e-9, "\(label): a band of \(gap) pt") }
                            }
                            if pendingHidden {
                                #expect(done.section.slots >= min(c, cap), "\(label): completed rows under their cap")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func checkboxesAndHitRectangles() {
        let leading = Self.layout(.medium)
        let frame = Rect(x: 16, y: 50, width: 332, height: 32)
        let icon = leading.metrics.icon
        let g = leading.rowGeometry(frame)
        #expect(g.titleX == 16 + icon + 8 && g.titleRight == 348 && g.checkboxX == 16 + icon / 2)
        let hit = leading.checkboxHitRect(frame: frame, checkboxX: g.checkboxX!, titleX: g.titleX, titleRight: g.titleRight)
        // 24 pt wide, centred on the 12 pt glyph, stopping short of the title; as tall as the row.
        #expect(hit == Rect(x: 10, y: 50, width: 24, height: 32))

        let trailing = Self.layout(.medium) { $0.checkboxPosition = .trailing }
        let t = trailing.rowGeometry(frame)
        #expect(t.titleX == 16 && t.titleRight == 348 - icon - 8 && t.checkboxX == 348 - icon / 2)
        let tHit = trailing.checkboxHitRect(frame: frame, checkboxX: t.checkboxX!, titleX: t.titleX, titleRight: t.titleRight)
        #expect(tHit == Rect(x: 330, y: 50, width: 24, height: 32))
        #expect(trailing.moreTextX(frame) == 16 && leading.moreTextX(frame) == g.titleX)

        let readOnly = Self.layout(.medium, mode: .readOnly).rowGeometry(frame)
        #expect(readOnly.titleX == 16 && readOnly.titleRight == 348 && readOnly.checkboxX == nil)
    }

    @Test func pixelRegionsRoundAndClamp() {
        let l = Self.layout(.small, scale: 2) // 340 × 340 pixels
        let r = l.pixelRegion(.openTodo("x"), Rect(x: 10.2, y: 20.3, width: 5.1, height: 400))
        #expect((r.x, r.y, r.width, r.height) == (20, 41, 11, 340 - 41))
        let outside = l.pixelRegion(.openTodo("x"), Rect(x: -5, y: -5, width: 2, height: 2))
        #expect((outside.x, outside.y, outside.width, outside.height) == (0, 0, 0, 0))
    }
}
