import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRender
import TestSupport

/// Layout and drawing of one widget: rows, ellipsis, overflow, states, hit map.
@Suite struct WidgetRendererTests {
    init() { TestFonts.install() } // before Pango first runs: the test fonts (fonts.conf)

    /// Draws `spec` from the fixture's store with `theme`, writes it (so `TASKTILE_RENDER_KEEP` can keep it).
    func render(_ fx: RenderFixture, _ spec: WidgetSpec, theme: Theme = .standard, keep: String? = nil) throws -> RenderedWidget {
        let content = try WidgetContent.read(for: spec, from: fx.store)
        let widget = try WidgetRenderer(spec: spec, theme: theme, clock: fx.store.clock).render(content)
        let path = spec.outputPath(dataDirectory: fx.dataDirectory)
        try WidgetOutput.write(widget, to: path)
        if let keep { fx.keep(path, as: keep + ".png") }
        return widget
    }

    /// Whether any pixel in the rectangle (pixels) differs from `background` by more than `tolerance`
    /// per channel (antialiasing of neighbouring rows stays below the tolerance only if nothing is drawn).
    func hasInk(_ s: Surface, x: Range<Int>, y: Range<Int>, background: Pixel, tolerance: Int = 8) -> Bool {
        for yy in y.clamped(to: 0..<s.height) {
            for xx in x.clamped(to: 0..<s.width) {
                let p = s.pixel(x: xx, y: yy)
                if abs(Int(p.red) - Int(background.red)) > tolerance || abs(Int(p.green) - Int(background.green)) > tolerance
                    || abs(Int(p.blue) - Int(background.blue)) > tolerance || abs(Int(p.alpha) - Int(background.alpha)) > tolerance {
                    return true
                }
            }
        }
        return false
    }

    static let white = Pixel(red: 255, green: 255, blue: 255, alpha: 255)

    @Test func longJapaneseTitleIsEllipsisedOnOneLine() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let long = String(repeating: "クレンジングオイルと牛乳を買う", count: 20) // 300 characters
        #expect(long.count == 300)
        let (_, todos) = try fx.list("買い物", [long, "牛乳"])
        let spec = WidgetSpec(name: "long", family: .medium, list: "買い物", language: .ja)
        let w = try render(fx, spec, keep: "long-title")
        let row = try #require(w.rows.first { $0.todoID == todos[0].id })
        #expect(row.lineCount == 1)
        #expect(row.isEllipsized)
        #expect(row.textFrame.maxX <= row.frame.maxX + 0.5)
        // Nothing drawn between the first row's text and the next row: the title did not wrap.
        let s = spec.scale
        let next = try #require(w.rows.first { $0.todoID == todos[1].id })
        let gapTop = Int((row.frame.maxY * s).rounded(.up)) + 2
        let gapBottom = Int((next.textFrame.y * s).rounded(.down))
        let xs = Int(row.textFrame.x * s)..<Int(row.frame.maxX * s)
        #expect(gapBottom > gapTop)
        #expect(!hasInk(w.surface, x: xs, y: gapTop..<gapBottom, background: Self.white))
        // And nothing drawn right of the row (no text cut at the edge).
        #expect(!hasInk(w.surface, x: Int(row.frame.maxX * s + 1)..<w.surface.width - 4,
                        y: Int(row.frame.y * s)..<Int(row.frame.maxY * s), background: Self.white))
    }

    @Test(arguments: [WidgetFamily.small, .medium, .large])
    func fortyTodosFillTheSlotsAndSayHowManyMore(family: WidgetFamily) throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let titles = (1...40).map { "Todo \($0) — something to do" }
        try fx.list("Work", titles)
        let spec = WidgetSpec(name: "forty-\(family)", family: family, list: "Work")
        var quiet = Theme.standard
        quiet.showRemainingCount = false
        let w = try render(fx, spec, theme: quiet, keep: "forty-\(family)")
        // The real available height: family height − vertical padding − the rows' top.
        let m = Theme.standard.metrics
        let rowsTop = try #require(w.rows.first).frame.y
        let available = spec.pointSize.height - spec.family.padding.vertical - rowsTop
        let fill = WidgetLayoutTests.filled(available, rowH: m.rowHeight, padding: m.rowPadding, count: 40)
        let slots = max(1, fill.slots)
        #expect(w.pendingSlots == slots)
        #expect(w.rows.count == slots)
        #expect(w.rows.last?.kind == .more)
        #expect(w.rows.last?.text == "+ \(40 - (slots - 1)) more")
        #expect(w.rows.dropLast().map(\.text) == Array(titles.prefix(slots - 1)))
        #expect(w.rows.allSatisfy { $0.frame.maxY <= spec.pointSize.height - spec.family.padding.vertical + 1e-9 })
        // With the header's "N left" (the default theme) every slot is a todo.
        let counted = try render(fx, spec)
        #expect(counted.rows.map(\.text) == Array(titles.prefix(slots)))
        #expect(counted.rows.allSatisfy { $0.kind == .pending })
    }

    @Test func japaneseMoreLine() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        try fx.list("買い物", (1...10).map { "品物\($0)" })
        var quiet = Theme.standard
        quiet.showRemainingCount = false
        let w = try render(fx, WidgetSpec(name: "ja-more", family: .medium, list: "買い物", language: .ja), theme: quiet)
        #expect(w.rows.last?.text == "他\(10 - (w.pendingSlots - 1))件")
    }

    @Test func hitMapCoversPendingTodosInsideTheImage() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let (list, todos) = try fx.list("Work", ["Ship it 🚀", "Write docs", "Review"], completed: ["Done thing"])
        let spec = WidgetSpec(name: "hits", family: .medium, list: "Work")
        let w = try render(fx, spec)
        let map = w.hitMap
        #expect(map.width == 728 && map.height == 340)
        for r in map.regions {
            #expect(r.x >= 0 && r.y >= 0 && r.width > 0 && r.height > 0)
            #expect(r.x + r.width <= map.width && r.y + r.height <= map.height)
        }
        let completes = map.regions.compactMap { r -> String? in if case .complete(let id) = r.action { id } else { nil } }
        #expect(completes == todos.prefix(3).map(\.id))
        let opens = map.regions.compactMap { r -> String? in if case .openTodo(let id) = r.action { id } else { nil } }
        #expect(opens == todos.prefix(3).map(\.id))
        #expect(map.regions.first?.action == .openList(list.id))

        // A click on a checkbox completes; a click on the title text opens; checkbox regions are
        // at least 24 pt wide and never reach the title.
        for row in w.rows {
            let cy = Int(row.frame.midY * 2)
            let checkbox = try #require(map.regions.first { $0.action == .complete(todoID: row.todoID!) })
            #expect(checkbox.width >= 48)
            #expect(checkbox.x + checkbox.width <= Int(row.textFrame.x * 2))
            #expect(map.region(atX: checkbox.x + checkbox.width / 2, y: cy)?.action == .complete(todoID: row.todoID!))
            #expect(map.region(atX: Int(row.textFrame.x * 2) + 4, y: cy)?.action == .openTodo(row.todoID!))
        }
        #expect(map.region(atX: 40, y: 20)?.action == .openList(list.id))
        // Rows tile without overlapping, and so do checkbox regions.
        for kind in ["open", "complete"] {
            let rs = map.regions.filter {
                switch $0.action { case .openTodo: kind == "open"; case .complete: kind == "complete"; default: false }
            }
            for (a, b) in zip(rs, rs.dropFirst()) { #expect(a.y + a.height <= b.y) }
        }
        // JSON round trip.
        #expect(HitMap(json: try JSONValue.parse(map.jsonValue.serialized())) == map)
    }

    @Test func readOnlyHasNoCompleteRegionsAndNoCheckboxes() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        try fx.list("Work", ["Ship it", "Write docs"])
        let w = try render(fx, WidgetSpec(name: "ro", family: .medium, list: "Work", mode: .readOnly), keep: "read-only")
        #expect(!w.hitMap.regions.contains { if case .complete = $0.action { true } else { false } })
        #expect(w.hitMap.regions.filter { if case .openTodo = $0.action { true } else { false } }.count == 2)
        // Titles start at the padding: no checkbox column.
        #expect(w.rows.allSatisfy { $0.textFrame.x == WidgetFamily.medium.padding.horizontal })
    }

    @Test func allDoneMissingListAndSetupStates() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        try fx.list("Home", [], completed: ["Laundry"])
        for family in WidgetFamily.allCases where family != .grid { // the grid draws a challenge (GridGoldenTests)
            let done = try render(fx, WidgetSpec(name: "done-\(family)", family: family, list: "Home"), keep: "all-done-\(family)")
            #expect(done.rows.isEmpty)
            // The accent check-circle is drawn in the middle of the rows area.
            let accent = Theme.standard.accent
            let s = done.surface
            var sawAccent = false
            for y in stride(from: s.height / 3, to: s.height * 4 / 5, by: 2) {
                let p = s.pixel(x: s.width / 2 - 10, y: y)
                if abs(Int(p.red) - Int(accent.red * 255)) < 6, abs(Int(p.green) - Int(accent.green * 255)) < 6,
                   abs(Int(p.blue) - Int(accent.blue * 255)) < 6 { sawAccent = true }
            }
            #expect(sawAccent, "no accent check-circle in \(family)")
        }
        let ja = try render(fx, WidgetSpec(name: "done-ja", family: .small, list: "Home", language: .ja), keep: "all-done-ja")
        #expect(ja.rows.isEmpty)
        let missing = try render(fx, WidgetSpec(name: "missing", family: .medium, list: "Groceries"), keep: "missing-list")
        #expect(missing.rows.isEmpty && missing.hitMap.regions.isEmpty)
        let setup = try render(fx, WidgetSpec(file: "/x/widgets/desk.json", name: "setup", family: .small, list: nil), keep: "setup")
        #expect(setup.rows.isEmpty)
        #expect(hasInk(setup.surface, x: 40..<300, y: 100..<240, background: Self.white))
    }

    @Test func largeWithShowCompletedSplitsSixtyForty() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        try fx.list("Home", (1...12).map { "Chore \($0)" }, completed: ["Laundry 🧺", "Dishes", "Vacuum", "Water the plants 🌱"])
        var theme = Theme.standard
        theme.showCompleted = true
        theme.showCompletedCount = true
        let w = try render(fx, WidgetSpec(name: "large-completed", family: .large, list: "Home"), theme: theme, keep: "large-completed")
        let m = theme.metrics
        let rowsTop = try #require(w.rows.first).frame.y
        let available = 382 - 16 - rowsTop
        // 12 pending, 4 completed: the four completed rows fit under the cap, the pending rows take the
        // rest of the rows area, filled (`WidgetLayout.filled`: the part-row left becomes one more row).
        let pendingFill = WidgetLayoutTests.filled(
            available - 4 * m.rowHeight, rowH: m.rowHeight, padding: m.rowPadding, count: 12)
        #expect(w.pendingSlots == pendingFill.slots)
        #expect(w.pendingSlots >= Int((available * 0.6).rounded(.down) / m.rowHeight))
        let completedRows = w.rows.filter { $0.kind == .completed }
        #expect(completedRows.count == 4)
        // The completed section starts right under the pending rows drawn (no empty band).
        #expect(abs(completedRows.first!.frame.y - (rowsTop + Double(w.pendingSlots) * pendingFill.rowH)) < 1e-9)
        #expect(w.completedSlots == Int((available - Double(w.pendingSlots) * pendingFill.rowH) / m.rowHeight + 1e-9))
        // Completed rows carry no complete action.
        for r in completedRows {
            #expect(!w.hitMap.regions.contains { $0.action == .complete(todoID: r.todoID!) })
        }
        // Without completed todos the pending section takes the whole height.
        let fx2 = try RenderFixture()
        defer { fx2.remove() }
        try fx2.list("Home", (1...12).map { "Chore \($0)" })
        let w2 = try render(fx2, WidgetSpec(name: "large-nocompleted", family: .large, list: "Home"), theme: theme)
        #expect(w2.completedSlots == 0)
        let alone = WidgetLayoutTests.filled(382 - 16 - rowsTop, rowH: m.rowHeight, padding: m.rowPadding, count: 12)
        #expect(w2.pendingSlots == alone.slots)
    }

    @Test func englishEmojiAndDarkTheme() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let titles = ["Buy flowers 💐", "Call mom 👩‍👧", "🇯🇵 trip planning", "Fix bike 🚲🔧", "Café ☕️ with Zoë"]
        try fx.list("Weekend ☀️", titles)
        var dark = Theme(name: "Dark")
        dark.appearance = .dark
        dark.accent = ThemeColor(hex: "#FF9F0A")!
        dark.checkboxStyle = .circle
        dark.showCompletedCount = true
        /// Whether some pixel of `frame` (points, drawn at `scale`) satisfies `test`.
        func any(_ s: Surface, in frame: Rect, scale: Double, _ test: (Pixel) -> Bool) -> Bool {
            for y in Int(frame.y * scale)..<Int(frame.maxY * scale) where (0..<s.height).contains(y) {
                for x in Int(frame.x * scale)..<Int(frame.maxX * scale) where (0..<s.width).contains(x) && test(s.pixel(x: x, y: y)) {
                    return true
                }
            }
            return false
        }
        for family in WidgetFamily.allCases where family != .grid { // the grid draws a challenge (GridGoldenTests)
            for (name, theme) in [("emoji", Theme.standard), ("dark", dark)] {
                let spec = WidgetSpec(name: "\(name)-\(family)", family: family, list: "Weekend ☀️")
                let w = try render(fx, spec, theme: theme, keep: "\(name)-\(family)")
                // The todos in order, one line each, as many as fit: both themes show "N left" in
                // the header, so every slot is a todo and no "+ N more" line takes one.
                let shown = min(w.pendingSlots, titles.count)
                let pending = w.rows.filter { $0.kind == .pending }
                #expect(pending.map(\.text) == Array(titles.prefix(shown)), "\(name)-\(family)")
                #expect(pending.allSatisfy { $0.lineCount == 1 }, "\(name)-\(family)")
                #expect(!w.rows.contains { $0.kind == .more }, "\(name)-\(family)")
                for row in pending {
                    #expect(w.hitMap.regions.contains { $0.action == .complete(todoID: row.todoID!) }, "\(name)-\(family): \(row.text)")
                }
                // 💐 in colour (Noto Color Emoji): the title is black or white, so a strongly
                // coloured pixel in its text frame can only be the emoji (not tofu, not monochrome).
                let flowers = try #require(pending.first)
                #expect(any(w.surface, in: flowers.textFrame, scale: spec.scale) { p in
                    Int(max(p.red, p.green, p.blue)) - Int(min(p.red, p.green, p.blue)) > 80
                }, "\(name)-\(family): no colour in 'Buy flowers 💐'")
            }
            // The dark theme: its background, white titles and orange checkboxes.
            let spec = WidgetSpec(name: "dark-\(family)", family: family, list: "Weekend ☀️")
            let d = try render(fx, spec, theme: dark)
            let bottom = d.surface.pixel(x: d.surface.width / 2, y: d.surface.height - 3)
            #expect(bottom.red < 40 && bottom.green < 40 && bottom.blue < 40, "dark-\(family) background is \(bottom)")
            let first = try #require(d.rows.first)
            #expect(any(d.surface, in: first.textFrame, scale: spec.scale) { $0.red > 220 && $0.green > 220 && $0.blue > 220 },
                    "dark-\(family): the title is not white")
            #expect(any(d.surface, in: first.frame, scale: spec.scale) { $0.red > 200 && (110...190).contains($0.green) && $0.blue < 80 },
                    "dark-\(family): no orange (#FF9F0A) checkbox")
        }
    }

    @Test func trailingCheckboxesSitRightOfTheTitleAndTheirRegionsDoNotReachIt() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let (_, todos) = try fx.list("Work", ["A rather long title that will need to be shortened by Pango", "Short"], completed: ["Done"])
        var theme = Theme.standard
        theme.checkboxPosition = .trailing
        theme.checkboxStyle = .heart
        theme.showCompletedCount = true
        let spec = WidgetSpec(name: "trailing", family: .small, list: "Work")
        let w = try render(fx, spec, theme: theme, keep: "trailing-heart-small")
        for row in w.rows where row.kind == .pending {
            #expect(row.textFrame.x == WidgetFamily.small.padding.horizontal)
            let region = try #require(w.hitMap.regions.first { $0.action == .complete(todoID: row.todoID!) })
            #expect(Double(region.x) >= (row.textFrame.x + row.textFrame.width) * 2)
            #expect(region.width >= 48 && region.x + region.width <= w.hitMap.width)
        }
        #expect(w.rows.first?.todoID == todos[0].id && w.rows.first?.isEllipsized == true)
    }
}
