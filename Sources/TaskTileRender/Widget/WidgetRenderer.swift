import Foundation
import TaskTileCore

/// Draws a widget (docs/widgets.md) into a new surface and builds its hit map.
///
/// All layout is in **points** and comes from `WidgetLayout` (sizes, the vertical rhythm, row
/// slots, hit rectangles); this type paints into it with Cairo and Pango. The surface is
/// `spec.pixelSize` pixels (points × `spec.scale`). The picture: a rounded background (theme
/// corner radius), a header (list title on the left, counts on the right), a hairline divider and
/// one-line rows; overflow becomes a last `+ N more` line.
public struct WidgetRenderer {
    /// The widget's spec: family, size, scale, mode, language.
    public var spec: WidgetSpec
    /// Colours, fonts, metrics and checkbox style.
    public var theme: Theme
    /// "Now" and the zone, for due labels and flashes.
    public var clock: Clock

    /// A renderer for one spec in one theme.
    public init(spec: WidgetSpec, theme: Theme, clock: Clock) {
        self.spec = spec; self.theme = theme; self.clock = clock
    }

    /// The gap between a checkbox and its title, points (docs/widgets.md "Layout").
    public static let checkboxGap = 8.0
    /// The smallest side of a checkbox hit region, points.
    public static let minimumHitSide = 24.0
    /// A tag chip's text inset from its left and right edges, points.
    public static let tagPadding = 5.0
    /// The gap between the title and the first tag chip, and between chips, points.
    public static let tagGap = 5.0
    /// A tag chip's corner radius, points (at most half its height).
    public static let tagCornerRadius = 5.0
    /// The share of a row's title room a title keeps when its tag chips do not all fit.
    public static let tagTitleShare = 0.55
    /// The least a title keeps before tag chips get room, in item-size ems (a small widget's
    /// narrow rows show titles, not chips).
    public static let tagTitleEms = 6.0
    /// The height of a parent's progress bar in a large widget, points.
    public static let progressBarHeight = 2.0
    /// The share of the rows area's height kept for pending rows in a large widget with a completed
    /// section while both sections have more todos than fit; the rows under it are the completed
    /// section's cap (`WidgetLayout.sections(completedCount:pendingCount:tallPendingRows:)`).
    public static let pendingShare = 0.6

    /// The fontconfig family list for a theme's `fontFamily` in a widget of `language`.
    ///
    /// The generic default `sans-serif` becomes an explicit list so every machine built from the
    /// README draws the same glyphs: English widgets use Noto Sans (Debian `fonts-noto-core`) for
    /// Latin, with its baseline "…", then Noto Sans CJK JP for kana and kanji; Japanese widgets use
    /// Noto Sans CJK JP first, so Latin, digits, punctuation and the ellipsis (the centred "⋯" of
    /// Japanese typesetting) match the Japanese text. A custom family comes first and falls back
    /// the same way. fontconfig's own fallback supplies Noto Color Emoji for emoji and the Noto Sans
    /// script families (Arabic, Hebrew…) for other scripts.
    ///
    /// Noto Color Emoji is deliberately *not* listed: it has glyphs for the digits and the space
    /// (keycap bases), so listing it makes "5 left" take emoji-width digits.
    public static func fontFamilies(for family: String, language: Language = .en) -> String {
        let fallback = language.fontFallback
        switch family.lowercased() {
        case "sans-serif", "sans": return fallback
        default: return family + ", " + fallback
        }
    }

    /// Draws `content`. Todos in `flashing` (completed ones, by id) are drawn as the flash frame of
    /// docs/widgets.md "Flash": still in their pending place, checked and struck through, with no complete action.
    /// - Throws: `CairoError` when the surface or context cannot be created.
    public func render(_ content: WidgetContent, flashing: Set<String> = []) throws -> RenderedWidget {
        let px = spec.pixelSize
        let surface = try Surface(width: px.width, height: px.height)
        let g = try Context(surface: surface)
        g.scale(spec.scale, spec.scale)
        let layout = try draw(
            content, flashing: flashing, highlighted: nil, spec: spec, drawsAdd: spec.drawsAdd(onDesktop: false), in: g)
        return RenderedWidget(
            surface: surface, hitMap: layout.hitMap, rows: layout.rows,
            pendingSlots: layout.pendingSlots, completedSlots: layout.completedSlots)
    }

    /// Draws `content` onto a Cairo context made elsewhere — a GTK window's, in its `draw`
    /// handler — with no image surface or PNG in between.
    ///
    /// The context's user space must already be **points** with the origin at the widget's top-left
    /// corner: GTK sets the window surface's device scale to the output's scale factor, so one
    /// user unit is `deviceScale` device pixels. The widget's rectangle is cleared to transparent
    /// first (rounded corners show what is below when the surface has an alpha channel); the
    /// context's state is restored afterwards. `spec.scale` is not used: hairlines, strike lines and
    /// the hit map follow `deviceScale`. The header's "+" is drawn unless the spec says `"add": false`
    /// (`WidgetSpec.drawsAdd(onDesktop: true)`); `render` draws it only when the spec says `"add": true`.
    /// - Parameters:
    ///   - cairoContext: a `cairo_t *` (borrowed: referenced while drawing, never destroyed here).
    ///   - deviceScale: device pixels per point (the output's scale factor, 1…4).
    ///   - highlighted: a pending todo whose checkbox is drawn highlighted (the pointer is over it).
    /// - Returns: the hit map in **device pixels** (points × `deviceScale`) and the rows drawn.
    /// - Throws: `CairoError.contextCreation` when the context is in an error state before or after drawing.
    public func draw(
        _ content: WidgetContent, flashing: Set<String> = [], highlighted: String? = nil,
        onto cairoContext: OpaquePointer, deviceScale: Double
    ) throws -> DrawnWidget {
        precondition(deviceScale > 0 && deviceScale.isFinite, "device scale \(deviceScale) must be a positive number")
        let g = try Context(referencing: cairoContext)
        var scaled = spec
        scaled.scale = deviceScale
        return try g.withSavedState {
            g.withSavedState {
                g.setClearOperator()
                g.newPath()
                g.rectangle(0, 0, scaled.pointSize.width, scaled.pointSize.height)
                g.fill()
            }
            return try draw(
                content, flashing: flashing, highlighted: highlighted, spec: scaled,
                drawsAdd: spec.drawsAdd(onDesktop: true), in: g)
        }
    }

    private func draw(
        _ content: WidgetContent, flashing: Set<String>, highlighted: String?, spec: WidgetSpec, drawsAdd: Bool,
        in g: Context
    ) throws -> DrawnWidget {
        let px = spec.pixelSize
        var drawing = Drawing(
            spec: spec, theme: theme, clock: clock, g: g, text: TextContext(context: g, language: spec.language))
        drawing.flashing = flashing
        drawing.highlighted = highlighted
        drawing.drawsAdd = drawsAdd
        drawing.draw(content)
        try g.checkStatus()
        let hitMap = HitMap(spec: spec.name, width: px.width, height: px.height, regions: drawing.regions)
        return DrawnWidget(
            hitMap: hitMap, rows: drawing.rows, pendingSlots: drawing.pendingSlots,
            completedSlots: drawing.completedSlots)
    }
}

/// What one drawing pass put where, without the pixels: for widgets drawn onto a surface that is
/// not ours (`WidgetRenderer.draw(_:flashing:highlighted:onto:deviceScale:)`).
public struct DrawnWidget {
    /// Clickable regions in device pixels (points × the scale drawn at).
    public var hitMap: HitMap
    /// The rows drawn, top to bottom (pending section, then completed section).
    public var rows: [RenderedRow]
    /// Rows that fit in the pending area.
    public var pendingSlots: Int
    /// Rows that fit in the completed area (0 when no completed section is drawn).
    public var completedSlots: Int
}

/// The state of one drawing pass: Cairo and Pango calls into the rectangles of a `WidgetLayout`.
private struct Drawing {
    let spec: WidgetSpec
    let theme: Theme
    let clock: Clock
    let g: Context
    let text: TextContext
    let strings: WidgetStrings
    let m: ThemeMetrics
    let layout: WidgetLayout
    let families: String

    var regions: [HitRegion] = []
    var rows: [RenderedRow] = []
    var pendingSlots = 0
    var completedSlots = 0
    /// Completed todos to draw in their pending place (the flash frame).
    var flashing: Set<String> = []
    /// The pending todo whose checkbox the pointer is over (drawn with a halo).
    var highlighted: String?
    /// Whether the header gets the "+" (`WidgetSpec.drawsAdd(onDesktop:)`).
    var drawsAdd = false
    /// Done/total subtasks of each parent in the content (`ListContent.subtaskProgress`).
    var progress: [String: SubtaskProgress] = [:]

    init(spec: WidgetSpec, theme: Theme, clock: Clock, g: Context, text: TextContext) {
        self.spec = spec; self.theme = theme; self.clock = clock; self.g = g; self.text = text
        strings = WidgetStrings(language: spec.language)
        m = theme.metrics
        layout = WidgetLayout(spec: spec, theme: theme)
        families = WidgetRenderer.fontFamilies(for: theme.fontFamily, language: spec.language)
    }

    var itemFont: FontSpec { FontSpec(family: families, size: m.item) }
    var headerFont: FontSpec {
        FontSpec(family: families, size: m.header, semibold: m.headerSemibold || spec.family == .small)
    }
    var countFont: FontSpec { FontSpec(family: families, size: max(10, m.item - 2)) }
    var moreFont: FontSpec { FontSpec(family: families, size: max(10, m.item - 2)) }
    var dueFont: FontSpec { FontSpec(family: families, size: layout.dueFontSize) }
    /// The priority mark: the item size, semibold.
    var markFont: FontSpec { FontSpec(family: families, size: m.item, semibold: true) }
    /// Tag chip text: 4 pt under the item size, at least 9.
    var tagFont: FontSpec { FontSpec(family: families, size: max(9, m.item - 4)) }
    var dividerColor: ThemeColor { theme.resolvedText.withAlphaScaled(0.14) }

    mutating func draw(_ content: WidgetContent) {
        // Background: a rounded rectangle; everything else is clipped to it.
        g.newPath()
        g.roundedRectangle(0, 0, layout.width, layout.height, radius: theme.cornerRadius)
        g.setColor(theme.resolvedBackground)
        g.fillPreserve()
        g.clip()

        switch content {
        case .setup:
            let file = spec.file.isEmpty ? strings.unnamedSpec : (spec.file as NSString).lastPathComponent
            message(strings.setup(specFile: file), in: layout.contentArea)
        case .missingList(let reference):
            header(title: reference, titleColor: theme.secondaryText, counts: nil)
            message(strings.noList(reference), in: layout.areaBelowHeader)
        case .list(let c):
            var addRegion: HitRegion?
            if drawsAdd, let button = layout.addButton {
                addButton(button.glyph)
                addRegion = layout.pixelRegion(.add(listID: c.addListID), button.hit)
            }
            header(
                title: c.list.title, titleColor: theme.accent, counts: (c.pending.count, c.completed.count),
                right: drawsAdd ? layout.addButton?.textRight : nil)
            regions.insert(layout.pixelRegion(.openList(c.list.id), layout.headerRegion), at: 0)
            if let addRegion { regions.insert(addRegion, at: 1) }
            body(c)
        case .grid(let report):
            var grid = GridRenderer(spec: spec, theme: theme, g: g, text: text, layout: layout, families: families)
            grid.draw(report)
            regions = grid.regions
        }
    }

    /// A hairline across the content width at `y` (its centre, on the pixel grid).
    func hairline(at y: Double) {
        g.newPath()
        g.move(layout.left, y)
        g.line(layout.right, y)
        g.setLineWidth(layout.hairlineWidth)
        g.setColor(dividerColor)
        g.stroke()
    }

    // MARK: Header

    /// Draws the header and the divider below it (the rows start at `layout.rowsTop`). The counts
    /// never take the title's last room: the title keeps at least its first grapheme cluster and
    /// "…" (counts are shortened, then dropped, before that).
    /// `right` is where the counts end (points; default the content's right edge): left of the "+".
    mutating func header(
        title: String, titleColor: ThemeColor, counts: (pending: Int, completed: Int)?, right: Double? = nil
    ) {
        var box = layout.headerBox
        box.width = (right ?? box.maxX) - box.x
        let baseline = WidgetLayout.baseline(centredAt: box.midY, fontSize: headerFont.size)

        // Counts on the right, on the title's baseline.
        var countsWidth = 0.0
        if let counts {
            let minimalTitle = TextLayout(title.first.map { String($0) + "…" } ?? "…", font: headerFont, in: text)
            let room = box.width - minimalTitle.logicalSize.width - 8
            countsWidth =
                spec.family == .small
                ? smallCounts(counts, right: box.maxX, midY: box.midY, baseline: baseline, room: room)
                : textCounts(counts, right: box.maxX, baseline: baseline, room: room)
        }
        let titleLayout = TextLayout(title, font: headerFont, in: text)
        titleLayout.setSingleLine(width: box.width - countsWidth - (countsWidth > 0 ? 8 : 0))
        g.setColor(titleColor)
        titleLayout.draw(in: g, x: box.x, y: baseline - titleLayout.baseline)

        hairline(at: layout.dividerY)
    }

    /// The header's "+": two strokes with round caps in `Theme.addButtonColor`, inside `glyph` (points).
    func addButton(_ glyph: Rect) {
        let w = max(layout.hairlineWidth * 2, (glyph.width * 0.14 * layout.scale).rounded() / layout.scale)
        let inset = w / 2
        g.withSavedState {
            g.newPath()
            g.move(glyph.x + inset, glyph.midY)
            g.line(glyph.maxX - inset, glyph.midY)
            g.move(glyph.midX, glyph.y + inset)
            g.line(glyph.midX, glyph.maxY - inset)
            g.setLineWidth(w)
            g.setRoundCapsAndJoins()
            g.setColor(theme.addButtonColor)
            g.stroke()
        }
    }

    /// Whether the header says how many todos are left (so an overflowing pending section needs no
    /// `+ N more` line of its own).
    var headerShowsRemaining: Bool { theme.showRemainingCount }

    /// `N left · N done` (theme flags) right-aligned, at most `room` points wide (shortened with
    /// "…", left out when not even a digit fits); returns its width in points.
    mutating func textCounts(_ counts: (pending: Int, completed: Int), right: Double, baseline: Double, room: Double)
        -> Double
    {
        var parts: [String] = []
        if theme.showRemainingCount { parts.append(strings.left(counts.pending)) }
        if theme.showCompletedCount { parts.append(strings.done(counts.completed)) }
        guard !parts.isEmpty, room >= countFont.size else { return 0 }
        let layout = TextLayout(parts.joined(separator: " · "), font: countFont, in: text)
        if layout.logicalSize.width > room { layout.setSingleLine(width: room) }
        let w = min(layout.logicalSize.width, room)
        g.setColor(theme.secondaryText)
        layout.draw(in: g, x: right - w, y: baseline - layout.baseline)
        return w
    }

    /// Small widgets: the pending glyph + N and the completed glyph + N, as many as fit in `room`
    /// points (the completed one goes first); returns the width in points.
    mutating func smallCounts(
        _ counts: (pending: Int, completed: Int), right: Double, midY: Double, baseline: Double, room: Double
    ) -> Double {
        var items: [(completed: Bool, n: Int)] = []
        if theme.showRemainingCount { items.append((false, counts.pending)) }
        if theme.showCompletedCount { items.append((true, counts.completed)) }
        func width(_ list: [(completed: Bool, n: Int)]) -> Double {
            list.enumerated().reduce(0) { sum, e in
                sum + TextLayout(String(e.element.n), font: countFont, in: text).logicalSize.width + 3 + m.icon
                    + (e.offset > 0 ? 7 : 0)
            }
        }
        while !items.isEmpty && width(items) > room { items.removeLast() }
        var x = right
        for (i, item) in items.enumerated().reversed() {
            let layout = TextLayout(String(item.n), font: countFont, in: text)
            let w = layout.logicalSize.width
            x -= w
            g.setColor(theme.secondaryText)
            layout.draw(in: g, x: x, y: baseline - layout.baseline)
            x -= 3 + m.icon / 2
            CheckboxPainter.draw(
                theme.checkboxStyle, completed: item.completed, cx: x, cy: midY, size: m.icon,
                accent: theme.accent, fill: theme.secondaryText, in: g)
            x -= m.icon / 2
            if i > 0 { x -= 7 }
        }
        return right - x
    }

    // MARK: Body

    mutating func body(_ c: ListContent) {
        progress = c.subtaskProgress
        // The flash frame: a just-completed todo stays in its pending place, drawn checked.
        // Each section lists its todos in the spec's order with every subtask right after its
        // parent (`SubtaskTree`); `WidgetLayout.treeRows` decides which fit.
        let flashed = c.completed.filter { flashing.contains($0.id) }
        let pendingRows = tree(order(c.pending.map { ($0, false) } + flashed.map { ($0, true) }))
        let completedRows = tree(c.completed.filter { !flashing.contains($0.id) }.map { ($0, true) })
        // Due lines below the titles only when a row that fits has a due: otherwise the rows stay
        // short (and a due further down shows inline when its row is reached).
        var tall = false
        if layout.dueStyle == .below {
            let tallSection = layout.sections(
                completedCount: completedRows.count, pendingCount: pendingRows.count, tallPendingRows: true
            ).pending
            let fitting = layout.treeRows(
                depths: pendingRows.map(\.depth), in: tallSection, countInHeader: headerShowsRemaining)
            tall = fitting.todos.contains { !pendingRows[$0.index].completed && pendingRows[$0.index].todo.due != nil }
        }
        let sections = layout.sections(
            completedCount: completedRows.count, pendingCount: pendingRows.count, tallPendingRows: tall)
        pendingSlots = sections.pending.slots
        if pendingRows.isEmpty {
            allDone(in: sections.pending.area)
        } else {
            section(pendingRows, in: sections.pending, listID: c.list.id, countInHeader: headerShowsRemaining)
        }
        if let completed = sections.completed {
            hairline(at: completed.dividerY)
            completedSlots = completed.section.slots
            section(completedRows, in: completed.section, listID: c.list.id, countInHeader: theme.showCompletedCount)
        }
    }

    /// One todo of a section in drawing order: whether it is drawn completed, its subtask depth.
    struct Entry {
        var todo: Todo
        var completed: Bool
        var depth: Int
    }

    /// `rows` (in the spec's order) with every subtask right after its parent (`SubtaskTree.ordered`).
    func tree(_ rows: [(Todo, Bool)]) -> [Entry] {
        let completed = Dictionary(rows.map { ($0.0.id, $0.1) }, uniquingKeysWith: { a, _ in a })
        return SubtaskTree.ordered(rows.map(\.0)).map {
            Entry(todo: $0.todo, completed: completed[$0.todo.id] ?? false, depth: $0.depth)
        }
    }

    /// Pending rows in the spec's order: `manual` the list's order; `due` overdue first, then by
    /// deadline, undated last (ties keep the list's order).
    func order(_ rows: [(Todo, Bool)]) -> [(Todo, Bool)] {
        let manual: ((Todo, Bool), (Todo, Bool)) -> Bool = { a, b in
            (a.0.sortOrder, a.0.createdAt, a.0.id) < (b.0.sortOrder, b.0.createdAt, b.0.id)
        }
        guard spec.sort == .due else { return rows.sorted(by: manual) }
        let zone = clock.timeZone
        let keyed = rows.map { ($0, $0.0.due.map { $0.deadline(userZone: zone) } ?? .distantFuture) }
        return keyed.sorted { a, b in a.1 != b.1 ? a.1 < b.1 : manual(a.0, b.0) }.map(\.0)
    }

    /// Draws todos into the slots of `section`, subtasks under their parents when there is room;
    /// when they do not all fit, the count goes on the last row or a `+ N more` line
    /// (`WidgetLayout.treeRows(depths:in:countInHeader:)`).
    mutating func section(_ todos: [Entry], in section: WidgetLayout.Section, listID: String, countInHeader: Bool) {
        let slots = layout.treeRows(depths: todos.map(\.depth), in: section, countInHeader: countInHeader)
        for slot in slots.todos {
            let e = todos[slot.index]
            row(
                e.todo, completed: e.completed, level: slot.level, frame: slot.frame, inlineMore: slot.inlineMore,
                tall: section.rowHeight > m.rowHeight && slot.frame.height > m.rowHeight)
        }
        if let more = slots.more {
            moreRow(more.count, frame: more.frame, listID: listID)
        }
    }

    /// The label of a pending todo's due and its colour, or nil (no due, labels off, completed).
    func dueLabel(_ todo: Todo, completed: Bool) -> (text: String, color: ThemeColor, repeats: Bool)? {
        guard layout.dueStyle != .off, !completed, let due = todo.due else { return nil }
        let label = DueLabel(due: due, now: clock.now, zone: clock.timeZone)
        let color: ThemeColor
        switch label.kind {
        case .overdue: color = theme.overdueColor
        case .today: color = theme.warningColor
        case .upcoming: color = theme.secondaryText
        }
        return (strings.due(label, today: clock.today), color, todo.repeatRule != nil)
    }

    /// Draws a due label (with the repeat glyph first for a repeating todo) with its left edge at
    /// `x` on `baseline`; returns its width. `measureOnly` just measures.
    mutating func drawDue(
        _ due: (text: String, color: ThemeColor, repeats: Bool), x: Double, baseline: Double,
        maxWidth: Double = .infinity, measureOnly: Bool = false
    ) -> Double {
        let label = TextLayout(due.text, font: dueFont, in: text)
        let glyph = due.repeats ? dueFont.size * 0.9 + 3 : 0
        if label.logicalSize.width + glyph > maxWidth { label.setSingleLine(width: maxWidth - glyph) }
        let w = min(label.logicalSize.width, maxWidth - glyph) + glyph
        guard !measureOnly else { return w }
        g.setColor(due.color)
        if due.repeats {
            RepeatGlyph.draw(
                cx: x + dueFont.size * 0.45, cy: baseline - 0.35 * dueFont.size, size: dueFont.size * 0.9,
                color: due.color, in: g)
        }
        g.setColor(due.color)
        label.draw(in: g, x: x + glyph, y: baseline - label.baseline)
        return w
    }

    /// Draws one todo row at indent `level` (docs/widgets.md "Layout", "Subtasks, priority and
    /// tags"): checkbox, priority mark, title, tag chips, then right-aligned the subtask count, the
    /// due label and the inline `+ N more`; in a large widget a parent's progress bar under its title.
    mutating func row(_ todo: Todo, completed: Bool, level: Int, frame: Rect, inlineMore: Int?, tall: Bool) {
        var (titleX, titleRight, checkboxX) = layout.rowGeometry(frame, level: level)
        let columnX = titleX, columnRight = titleRight
        let due = dueLabel(todo, completed: completed)
        // A tall row: the title's line at the top (inside the row padding), the due line below it.
        // A todo without a due in a tall row keeps its title centred.
        let below = tall && due != nil
        // The padding above the title's line: the theme's, or less in a row squeezed to fill the space
        // (`WidgetLayout.filled`), the two lines staying centred in the row.
        let padTop = min(m.rowPadding, max(0, (frame.height - m.lineHeight - self.layout.dueLineHeight) / 2))
        let lineMidY = below ? frame.y + padTop + m.lineHeight / 2 : frame.midY
        let baseline = WidgetLayout.baseline(centredAt: lineMidY, fontSize: itemFont.size)
        if let checkboxX {
            if !completed, highlighted == todo.id {
                // Hover: a soft accent disc behind the glyph, the pointer's "this completes" cue.
                g.newPath()
                g.arc(checkboxX, lineMidY, m.icon * 0.8, 0, 2 * .pi)
                g.setColor(theme.accent.withAlphaScaled(0.22))
                g.fill()
            }
            CheckboxPainter.draw(
                theme.checkboxStyle, completed: completed, cx: checkboxX, cy: lineMidY, size: m.icon,
                accent: theme.accent, fill: theme.secondaryText, in: g)
        }
        // Trailing texts share the title's line only when the title keeps room for a few characters;
        // on a very narrow widget the header's count already says how many there are, and two texts
        // must never overlap.
        if let inlineMore {
            let more = TextLayout(strings.more(inlineMore), font: moreFont, in: text)
            let w = more.logicalSize.width
            if titleRight - w - 6 - titleX >= 3 * itemFont.size {
                g.setColor(theme.secondaryText)
                more.draw(in: g, x: titleRight - w, y: baseline - more.baseline)
                titleRight -= w + 6
            }
        }
        if let due, !below {
            let w = drawDue(due, x: 0, baseline: baseline, measureOnly: true)
            if titleRight - w - 6 - titleX >= 3 * itemFont.size {
                _ = drawDue(due, x: titleRight - w, baseline: baseline)
                titleRight -= w + 6
            }
        }
        let subtasks = progress[todo.id].flatMap { $0.total > 0 ? $0 : nil }
        if let subtasks {
            let count = TextLayout(
                strings.subtaskProgress(done: subtasks.done, total: subtasks.total), font: countFont, in: text)
            let w = count.logicalSize.width
            if titleRight - w - 6 - titleX >= 3 * itemFont.size {
                g.setColor(theme.secondaryText)
                count.draw(in: g, x: titleRight - w, y: baseline - count.baseline)
                titleRight -= w + 6
            }
        }
        var markFrame: Rect?
        if let mark = WidgetStrings.priorityMark(todo.priority) {
            let markLayout = TextLayout(mark, font: markFont, in: text)
            let w = markLayout.logicalSize.width
            if titleRight - w - 4 - titleX >= 3 * itemFont.size {
                g.setColor(completed ? theme.priorityMarkColor.withAlphaScaled(0.6) : theme.priorityMarkColor)
                let y = baseline - markLayout.baseline
                markLayout.draw(in: g, x: titleX, y: y)
                markFrame = Rect(x: titleX, y: y, width: w, height: markLayout.logicalSize.height)
                titleX += w + 4
            }
        }
        let layout = TextLayout(todo.title, font: itemFont, in: text)
        let room = titleRight - titleX
        let chips = tagChips(todo.tags, titleWidth: layout.logicalSize.width, room: room)
        let chipsWidth = chips.last.map { $0.x + $0.width } ?? 0
        let titleWidth = room - (chips.isEmpty ? 0 : chipsWidth + WidgetRenderer.tagGap)
        layout.setSingleLine(width: titleWidth)
        g.setColor(completed ? theme.secondaryText : theme.resolvedText)
        let y = baseline - layout.baseline
        layout.draw(in: g, x: titleX, y: y)
        let size = layout.logicalSize
        var chipFrames: [Rect] = []
        let chipsX = titleX + min(layout.drawnWidth, titleWidth) + WidgetRenderer.tagGap
        for chip in chips {
            chipFrames.append(drawChip(chip, x: chipsX + chip.x, midY: lineMidY, dimmed: completed))
        }
        if let due, below {
            let dueBaseline = WidgetLayout.baseline(
                centredAt: frame.y + padTop + m.lineHeight + self.layout.dueLineHeight / 2,
                fontSize: dueFont.size)
            _ = drawDue(due, x: columnX, baseline: dueBaseline, maxWidth: columnRight - columnX)
        }
        // A parent's progress bar in a large widget: a thin track under the title's line (under the
        // due line of a tall row), as wide as the title column, filled done/total in the accent.
        var barFrame: Rect?
        if let subtasks, spec.family == .large, !completed {
            // 1 pt below the line box, clear of descenders, or as low as the row allows (compact rows).
            let lineBottom =
                below ? frame.y + padTop + m.lineHeight + self.layout.dueLineHeight : lineMidY + m.lineHeight / 2
            let h = WidgetRenderer.progressBarHeight
            let top = self.layout.snapped(min(lineBottom + 1, frame.maxY - h))
            if top >= lineBottom - h, top + h <= frame.maxY + 1e-9 {
                let bar = Rect(x: columnX, y: top, width: columnRight - columnX, height: h)
                g.newPath()
                g.roundedRectangle(bar.x, bar.y, bar.width, bar.height, radius: h / 2)
                g.setColor(theme.resolvedText.withAlphaScaled(0.12))
                g.fill()
                let done = bar.width * Double(min(subtasks.done, subtasks.total)) / Double(subtasks.total)
                if done > 0 {
                    g.newPath()
                    g.roundedRectangle(bar.x, bar.y, max(h, done), bar.height, radius: h / 2)
                    g.setColor(theme.accent)
                    g.fill()
                }
                barFrame = bar
            }
        }
        if completed {
            // Our own strike line, 0.3 em above the baseline (0.36 em for Japanese, whose glyphs sit
            // higher): Pango's comes from each font's metrics, which puts it near the baseline for
            // CJK faces and at another height for emoji.
            let s = self.layout.scale
            let strikeY = self.layout.snapped(baseline - spec.language.strikethroughHeight * itemFont.size)
            g.newPath()
            g.move(titleX, strikeY)
            g.line(titleX + min(size.width, titleWidth), strikeY)
            g.setLineWidth(max(1 / s, (itemFont.size * 0.07 * s).rounded() / s))
            g.setColor(theme.secondaryText)
            g.stroke()
        }
        rows.append(
            RenderedRow(
                kind: completed ? .completed : .pending, todoID: todo.id, text: todo.title, frame: frame,
                textFrame: Rect(x: titleX, y: y, width: size.width, height: size.height),
                lineCount: layout.lineCount, isEllipsized: layout.isEllipsized, level: level,
                priorityMark: markFrame, tagChips: chipFrames, progressBar: barFrame))

        if let checkboxX, !completed {
            let hit = self.layout.checkboxHitRect(
                frame: frame, checkboxX: checkboxX, titleX: columnX, titleRight: columnRight)
            regions.append(self.layout.pixelRegion(.complete(todoID: todo.id), hit))
        }
        regions.append(self.layout.pixelRegion(.openTodo(todo.id), frame))
    }

    /// A tag chip to draw: its text (ellipsized to `textWidth` when shortened), its x offset from
    /// the first chip's left edge and its width, points.
    struct Chip {
        var layout: TextLayout
        var x: Double
        var width: Double
    }

    /// The chips of `tags` after a title `titleWidth` points wide in a line `room` points wide.
    ///
    /// When title and chips fit, both keep their natural widths. Otherwise the title keeps at least
    /// `tagTitleShare` of the room and `tagTitleEms` item sizes (or its whole width when shorter),
    /// and the chips get the rest in order: each drawn whole while it fits, the first that does
    /// not is shortened with "…" when `#`, its first character and "…" fit, and the rest are
    /// left out.
    func tagChips(_ tags: [String], titleWidth: Double, room: Double) -> [Chip] {
        guard !tags.isEmpty, room > 0 else { return [] }
        let pad = WidgetRenderer.tagPadding, gap = WidgetRenderer.tagGap
        let layouts = tags.map { TextLayout("#" + $0, font: tagFont, in: text) }
        let natural = layouts.map { $0.logicalSize.width + 2 * pad }
        let all = natural.reduce(0, +) + gap * Double(tags.count - 1)
        let keep = max(room * WidgetRenderer.tagTitleShare, WidgetRenderer.tagTitleEms * itemFont.size)
        let titleKeeps = titleWidth + gap + all <= room ? titleWidth : min(titleWidth, max(keep, room - gap - all))
        var left = room - titleKeeps - gap
        var chips: [Chip] = []
        var x = 0.0
        for (i, layout) in layouts.enumerated() {
            let needed = natural[i] + (chips.isEmpty ? 0 : gap)
            if needed <= left + 1e-9 {
                chips.append(Chip(layout: layout, x: x + (chips.isEmpty ? 0 : gap), width: natural[i]))
            } else {
                // Shortened only when "#", its first character and "…" fit: a bare "#…" says nothing.
                let width = left - (chips.isEmpty ? 0 : gap)
                let shortest =
                    TextLayout("#" + String(tags[i].prefix(1)) + "…", font: tagFont, in: text).logicalSize.width + 2
                    * pad
                if width >= shortest {
                    layout.setSingleLine(width: width - 2 * pad)
                    let drawn = min(width, layout.drawnWidth + 2 * pad)
                    chips.append(Chip(layout: layout, x: x + (chips.isEmpty ? 0 : gap), width: drawn))
                }
                break
            }
            x = chips.last!.x + chips.last!.width
            left -= needed
        }
        return chips
    }

    /// Draws a chip with its left edge at `x`, centred on `midY`: a rounded rectangle in
    /// `tagChipBackground` with its text in `tagChipText` (both at 60 % on completed rows).
    /// - Returns: the chip's rectangle, points.
    mutating func drawChip(_ chip: Chip, x: Double, midY: Double, dimmed: Bool) -> Rect {
        let h = min(m.lineHeight, (tagFont.size * 1.5).rounded())
        let r = Rect(x: x, y: midY - h / 2, width: chip.width, height: h)
        g.newPath()
        g.roundedRectangle(r.x, r.y, r.width, r.height, radius: min(WidgetRenderer.tagCornerRadius, h / 2))
        g.setColor(dimmed ? theme.tagChipBackground.withAlphaScaled(0.6) : theme.tagChipBackground)
        g.fill()
        g.setColor(dimmed ? theme.tagChipText.withAlphaScaled(0.6) : theme.tagChipText)
        let baseline = WidgetLayout.baseline(centredAt: midY, fontSize: tagFont.size)
        chip.layout.draw(in: g, x: x + WidgetRenderer.tagPadding, y: baseline - chip.layout.baseline)
        return r
    }

    mutating func moreRow(_ count: Int, frame: Rect, listID: String) {
        let x = layout.moreTextX(frame)
        let text = TextLayout(strings.more(count), font: moreFont, in: self.text)
        text.setSingleLine(width: frame.maxX - x)
        let baseline = WidgetLayout.baseline(centredAt: frame.midY, fontSize: itemFont.size)
        g.setColor(theme.secondaryText)
        let y = baseline - text.baseline
        text.draw(in: g, x: x, y: y)
        let size = text.logicalSize
        rows.append(
            RenderedRow(
                kind: .more, todoID: nil, text: strings.more(count), frame: frame,
                textFrame: Rect(x: x, y: y, width: size.width, height: size.height),
                lineCount: text.lineCount, isEllipsized: text.isEllipsized))
        regions.append(layout.pixelRegion(.openList(listID), frame))
    }

    /// The accent check-circle and `All done!`, centred in `area`; in an area too low for both,
    /// the circle alone (at least 8 pt), or nothing.
    mutating func allDone(in area: Rect) {
        let label = TextLayout(
            strings.allDone, font: FontSpec(family: families, size: m.item, semibold: true), in: text)
        label.setSingleLine(width: area.width)
        let textH = label.logicalSize.height
        guard area.height >= textH + 6 + 14 else {
            let circle = min(spec.family == .small ? 34 : 40, area.height)
            if circle >= 8 {
                CheckboxPainter.checkCircle(cx: area.midX, cy: area.midY, size: circle, accent: theme.accent, in: g)
            }
            return
        }
        let circle = min(spec.family == .small ? 34 : 40, max(14, area.height - textH - 6))
        let total = circle + 6 + textH
        let y0 = area.y + max(0, (area.height - total) / 2)
        CheckboxPainter.checkCircle(cx: area.midX, cy: y0 + circle / 2, size: circle, accent: theme.accent, in: g)
        g.setColor(theme.secondaryText)
        label.draw(in: g, x: area.midX - label.logicalSize.width / 2, y: y0 + circle + 6)
    }

    /// A centred, wrapped message (setup and missing-list states).
    mutating func message(_ s: String, in area: Rect) {
        let layout = TextLayout(s, font: FontSpec(family: families, size: max(11, m.item - 1)), in: text)
        layout.setWrapped(width: area.width, maxLines: max(1, Int(area.height / (m.item * 1.5))), centered: true)
        let size = layout.logicalSize
        g.setColor(theme.secondaryText)
        layout.draw(in: g, x: area.x, y: area.y + max(0, (area.height - size.height) / 2))
    }
}
