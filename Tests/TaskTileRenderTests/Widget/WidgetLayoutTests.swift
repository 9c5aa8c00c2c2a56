import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRender
import TestSupport

/// Rows shown and the `+ N more` count for every font size × row height × family, with the
/// expected numbers computed here from docs/widgets.md and docs/themes.md (not read back from the renderer).
@Suite struct WidgetLayoutTests {
    init() { TestFonts.install() } // before Pango first runs: the test fonts (fonts.conf)

    /// docs/themes.md "Font sizes and row heights": item / icon / header / line height in points.
    static func table(_ size: Theme.FontSize) -> (item: Double, icon: Double, header: Double, line: Double) {
        switch size {
        case .small: (12, 11, 15, 16)
        case .medium: (15, 12, 17, 20)
        case .large: (17, 15, 20, 22)
        case .points(let pt): (pt, max(pt - 2, 8), pt + 2, pt * 1.4)
        }
    }
    /// docs/themes.md "Font sizes and row heights": row padding above and below.
    static func padding(_ r: Theme.RowHeight) -> Double { [.compact: 2, .normal: 6, .comfortable: 11][r]! }
    /// docs/widgets.md "Families and geometry": family size and padding (h × v).
    static func geometry(_ f: WidgetFamily) -> (w: Double, h: Double, padH: Double, padV: Double) {
        switch f {
        case .small: (170, 170, 12, 12)
        case .medium, .grid: (364, 170, 16, 12)
        case .large: (364, 382, 16, 16)
        }
    }
    /// The documented header (WidgetRenderer): a line box of round(header × 1.3) pt, 5 pt, a
    /// one-pixel hairline (its centre half a pixel below the line), 4 pt; rows start below.
    static func rowsTop(_ size: Theme.FontSize, family: WidgetFamily, scale: Double) -> Double {
        geometry(family).padV + (table(size).header * 1.3).rounded() + 5 + 0.5 / scale + 4
    }

    static let sizes: [Theme.FontSize] = [.small, .medium, .large, .points(8), .points(20), .points(32)]

    /// docs/widgets.md "Layout", "Fill the space first": `count` rows of `rowH` points (row padding
    /// `padding`) in `available` points. `floor(available / rowH)` whole rows; when they do not all fit
    /// and leave at least half a row, one more row and every row `available / (n + 1)` tall, unless
    /// that takes more than the padding beyond 2 pt above and below.
    static func filled(_ available: Double, rowH: Double, padding: Double, count: Int) -> (slots: Int, rowH: Double) {
        let n = Int((available / rowH + 1e-9).rounded(.down))
        guard count > n, n >= 1, available - Double(n) * rowH + 1e-9 >= rowH / 2 else { return (n, rowH) }
        let pitch = available / Double(n + 1)
        return pitch + 1e-9 >= rowH - 2 * (padding - min(2, padding)) ? (n + 1, pitch) : (n, rowH)
    }

    @Test func metricsFollowTheSpecTable() {
        for size in Self.sizes {
            for r in Theme.RowHeight.allCases {
                let m = ThemeMetrics(fontSize: size, rowHeight: r)
                let t = Self.table(size)
                #expect(m.item == t.item && m.icon == t.icon && m.header == t.header && abs(m.lineHeight - t.line) < 1e-9)
                #expect(abs(m.rowHeight - (t.line + 2 * Self.padding(r))) < 1e-9)
            }
        }
        #expect(ThemeMetrics(fontSize: .points(9), rowHeight: .normal).icon == 8) // max(pt − 2, 8)
        #expect(ThemeMetrics(fontSize: .medium, rowHeight: .normal).headerSemibold)
    }

    @Test(arguments: sizes, Theme.RowHeight.allCases)
    func rowsAndMoreCount(size: Theme.FontSize, rowHeight: Theme.RowHeight) throws {
        var theme = Theme.standard
        theme.fontSize = size
        theme.rowHeight = rowHeight
        let total = 40
        let content = Sample.content("Work", (1...total).map { "Todo \($0)" })
        for family in WidgetFamily.allCases {
            let g = Self.geometry(family)
            let available = g.h - g.padV - Self.rowsTop(size, family: family, scale: 2)
            let fill = Self.filled(available, rowH: Self.table(size).line + 2 * Self.padding(rowHeight),
                                   padding: Self.padding(rowHeight), count: total)
            let slots = max(1, fill.slots), rowH = fill.rowH
            let w = try Sample.render(content, family: family, theme: theme, scale: 2)
            let label = "\(family) \(size) \(rowHeight)"
            #expect(w.pendingSlots == slots, "\(label)")
            let pending = w.rows.filter { $0.kind == .pending }
            let more = w.rows.filter { $0.kind == .more }
            // The header says "N left": every slot is a todo, the count shares the last row.
            #expect(pending.count == slots && more.isEmpty, "\(label)")
            // Without the header count, the last slot (unless it is the only one) says how many more.
            var quiet = theme
            quiet.showRemainingCount = false
            let q = try Sample.render(content, family: family, theme: quiet, scale: 2)
            if slots == 1 {
                #expect(q.rows.filter { $0.kind == .pending }.count == 1 && !q.rows.contains { $0.kind == .more }, "\(label)")
            } else {
                #expect(q.rows.filter { $0.kind == .pending }.count == slots - 1, "\(label)")
                #expect(q.rows.filter { $0.kind == .more }.map(\.text) == ["+ \(total - (slots - 1)) more"], "\(label)")
            }
            #expect(w.rows.allSatisfy { $0.frame.maxY <= g.h - g.padV + 1e-9 }, "\(label): a row below the padding")
            #expect(w.rows.allSatisfy { abs($0.frame.height - rowH) < 1e-9 }, "\(label)")
            // Exactly `slots` todos fit without a `+ N more` line.
            let fit = try Sample.render(Sample.content("Work", (1...slots).map { "Todo \($0)" }), family: family, theme: theme, scale: 2)
            #expect(fit.rows.count == slots && fit.rows.allSatisfy { $0.kind == .pending }, "\(label)")
        }
    }

    @Test(arguments: sizes)
    func largeSplitsSixtyFortyOnlyWithCompletedTodos(size: Theme.FontSize) throws {
        var theme = Theme.standard
        theme.fontSize = size
        theme.showCompleted = true
        let rowH = Self.table(size).line + 12
        let available = 382 - 16 - Self.rowsTop(size, family: .large, scale: 2)
        let pendingHeight = (available * 0.6).rounded(.down)
        let withDone = try Sample.render(Sample.content("Home", (1...30).map { "Chore \($0)" }, completed: (1...30).map { "Done \($0)" }),
                                         family: .large, theme: theme, scale: 2)
        // The 60 % share's whole rows, the completed cap under them; the pending rows (overflowing) take
        // the room the cap leaves, filled (`filled`).
        let share = max(1, Int((pendingHeight / rowH).rounded(.down)))
        let cap = Int(((available - min(pendingHeight, Double(share) * rowH)) / rowH).rounded(.down))
        let room = max(min(pendingHeight, Double(share) * rowH), available - Double(cap) * rowH)
        let pendingFill = Self.filled(room, rowH: rowH, padding: 6, count: 30)
        #expect(withDone.pendingSlots == max(1, pendingFill.slots))
        // The pending section is cut to its rows, so the completed section gets the rest.
        let pendingUsed = Double(withDone.pendingSlots) * pendingFill.rowH
        #expect(pendingUsed <= room + 1e-9)
        #expect(withDone.completedSlots == Int(((available - pendingUsed) / rowH + 1e-9).rounded(.down)))
        #expect(withDone.rows.contains { $0.kind == .completed })
        let without = try Sample.render(Sample.content("Home", (1...30).map { "Chore \($0)" }), family: .large, theme: theme, scale: 2)
        #expect(without.completedSlots == 0)
        #expect(without.pendingSlots == max(1, Self.filled(available, rowH: rowH, padding: 6, count: 30).slots))
        // Medium and small never draw a completed section.
        let medium = try Sample.render(Sample.content("Home", ["a"], completed: ["b"]), family: .medium, theme: theme)
        #expect(medium.completedSlots == 0 && !medium.rows.contains { $0.kind == .completed })
    }

    /// The row capacity is filled with pending rows first; completed rows take what is
    /// left, at most the completed section's cap while pending todos are hidden. Slots the completed
    /// todos do not need go to pending rows (and the other way round), so no empty band is left
    /// under the last row while more todos exist than are shown. Expected numbers from
    /// docs/widgets.md: the capacity is `floor(available / row height)`; the cap is the rows left
    /// under the `floor(60 %)` pending share. The hit map follows the rows drawn.
    @Test(arguments: [WidgetFamily.small, .medium, .large], [false, true])
    func rowCapacityIsFilledPendingFirst(family: WidgetFamily, showCompleted: Bool) throws {
        var theme = Theme.standard
        theme.showCompleted = showCompleted
        let g = Self.geometry(family)
        let rowH = Self.table(.medium).line + 2 * Self.padding(.normal)
        let bottom = g.h - g.padV
        let available = bottom - Self.rowsTop(.medium, family: family, scale: 2)
        let pendingShare = Int(((available * 0.6).rounded(.down) / rowH).rounded(.down))
        let cap = Int(((available - Double(pendingShare) * rowH) / rowH).rounded(.down))
        let titles = ["牛乳 🥛", "Call the family 👨‍👩‍👧‍👦", "🇯🇵 旅行の計画を立てる", "Café with Zoë", "トイレットペーパー"]
        let counts = [0, 1, 3, 40]
        for language in [Language.en, .ja] {
            for p in counts {
                for c in counts {
                    let content = Sample.content("買い物 Home", (0..<p).map { "\(titles[$0 % titles.count]) \($0)" },
                                                 completed: (0..<c).map { "完了 ✅ \(titles[$0 % titles.count]) \($0)" })
                    let w = try Sample.render(content, family: family, theme: theme, scale: 2, language: language)
                    let label = "\(family) showCompleted=\(showCompleted) \(language) pending=\(p) completed=\(c)"
                    let split = family == .large && showCompleted && c > 0
                    let expected: (pending: Int, completed: Int)
                    if !split {
                        expected = (min(p, Self.filled(available, rowH: rowH, padding: 6, count: p).slots), 0)
                    } else if p == 0 {
                        expected = (0, min(c, cap)) // `All done!` keeps the rest
                    } else {
                        // Pending rows take the room the completed rows they keep leave, filled; the
                        // completed rows take what is under the pending rows drawn, filled.
                        let room = max(Double(pendingShare) * rowH, available - Double(min(c, cap)) * rowH)
                        let fill = Self.filled(room, rowH: rowH, padding: 6, count: p)
                        let pendingRows = min(p, fill.slots)
                        let rest = available - Double(pendingRows) * fill.rowH
                        expected = (pendingRows, min(c, Self.filled(rest, rowH: rowH, padding: 6, count: c).slots))
                    }
                    // The header says how many are left, so pending rows are all todos; the completed
                    // section (no `N done` in the header) may end with a `+ N more` line.
                    let pending = w.rows.filter { $0.kind == .pending }
                    let completedSection = w.rows.filter { $0.kind != .pending }
                    #expect(pending.count == expected.pending, "\(label)")
                    #expect(completedSection.count == expected.completed, "\(label)")
                    #expect(zip(w.rows, w.rows.dropFirst()).allSatisfy { abs($0.frame.maxY - $1.frame.y) < 1e-9 }, "\(label): rows touch")
                    if let last = w.rows.last {
                        #expect(last.frame.maxY <= bottom + 1e-9, "\(label): a row below the padding")
                        // Todos this widget shows when there is room: pending ones, completed ones when split.
                        let shown = w.rows.filter { $0.kind != .more }.count
                        if shown < p + (split ? c : 0) {
                            #expect(bottom - last.frame.maxY < rowH / 2, "\(label): an empty band of \(bottom - last.frame.maxY) pt under the last row")
                        }
                    }
                    // The hit map: the header, every row drawn (open), every pending checkbox; nothing else.
                    let layout = WidgetLayout(spec: WidgetSpec(name: "sample", family: family, list: "sample", scale: 2), theme: theme)
                    #expect(w.hitMap.regions.count == 1 + w.rows.count + pending.count, "\(label)")
                    for row in w.rows {
                        let action: HitRegion.Action = row.kind == .more ? .openList("00000000-0000-4000-8000-0000000000aa") : .openTodo(row.todoID!)
                        #expect(w.hitMap.regions.contains(layout.pixelRegion(action, row.frame)), "\(label): \(row.text)")
                        let completes = w.hitMap.regions.contains { $0.action == .complete(todoID: row.todoID ?? "") }
                        #expect(completes == (row.kind == .pending), "\(label): \(row.text)")
                    }
                    let lastPixel = Int(((w.rows.last?.frame.maxY ?? 0) * 2).rounded())
                    #expect(w.hitMap.regions.allSatisfy { $0.y + $0.height <= max(lastPixel, Int((layout.headerRegion.maxY * 2).rounded())) },
                            "\(label): a region under the last row")
                }
            }
        }
    }

    @Test func specSizeOverridesAdaptTheLayout() throws {
        let content = Sample.content("Work", (1...40).map { "Todo \($0)" })
        let w = try Sample.render(content, family: .medium, scale: 2, width: 500, height: 600)
        #expect(w.surface.width == 1000 && w.surface.height == 1200)
        let rowH = 20.0 + 12
        let available = 600 - 12 - Self.rowsTop(.medium, family: .medium, scale: 2)
        #expect(w.pendingSlots == Self.filled(available, rowH: rowH, padding: 6, count: 40).slots)
        let row = try #require(w.rows.first)
        #expect(row.frame.x == 16 && row.frame.maxX == 500 - 16)
        #expect(w.hitMap.width == 1000 && w.hitMap.height == 1200)
    }

    @Test func checkboxGapAndPositions() throws {
        let content = Sample.content("Work", ["Alpha", "Beta"])
        let leading = try Sample.render(content, family: .medium)
        let m = Theme.standard.metrics
        #expect(leading.rows[0].textFrame.x == 16 + m.icon + 8) // icon, then the 8 pt gap
        let readOnly = try Sample.render(content, family: .medium, mode: .readOnly)
        #expect(readOnly.rows[0].textFrame.x == 16)
        #expect(!readOnly.hitMap.regions.contains { if case .complete = $0.action { true } else { false } })
    }
}
