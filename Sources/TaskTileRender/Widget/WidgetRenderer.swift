import Foundation
import TaskTileCore

/// Draws a widget (SPEC §5) into a new surface and builds its hit map.
///
/// All layout is in **points**; the surface is `spec.pixelSize` pixels (points × `spec.scale`).
/// Families: small 170 × 170, medium 364 × 170, large 364 × 382 points unless the spec overrides
/// the size. The layout: a rounded background (theme corner radius), a header (list title on the
/// left, counts on the right), a hairline divider and one-line rows; overflow becomes a last
/// `+ N more` line.
///
/// Vertical rhythm, in points: the family's top padding, the header line box of
/// `round(header size × 1.3)`, 5 pt, a one-device-pixel hairline (centred half a pixel below that
/// line), 4 pt, then rows of `line height + 2 × row padding` (SPEC §6.1) down to the bottom padding:
/// `max(1, floor(available / row height))` of them. With one slot and more todos than fit, the
/// `+ N more` count shares the row with the first todo. A large widget whose theme shows completed
/// todos gives the pending section `floor(60 %)` of the available height only when there are
/// completed todos, and the completed section the rest.
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

    /// The gap between a checkbox and its title, points (SPEC §5.1).
    public static let checkboxGap = 8.0
    /// The smallest side of a checkbox hit region, points.
    public static let minimumHitSide = 24.0
    /// The share of the rows area the pending section gets in a large widget with a completed section.
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
    /// SPEC §5.4: still in their pending place, checked and struck through, with no complete action.
    /// - Throws: `CairoError` when the surface or context cannot be created.
    public func render(_ content: WidgetContent, flashing: Set<String> = []) throws -> RenderedWidget {
        let px = spec.pixelSize
        let surface = try Surface(width: px.width, height: px.height)
        let g = try Context(surface: surface)
        g.scale(spec.scale, spec.scale)
        var drawing = Drawing(spec: spec, theme: theme, g: g, text: TextContext(context: g, language: spec.language))
        drawing.flashing = flashing
        drawing.draw(content)
        try g.checkStatus()
        let hitMap = HitMap(spec: spec.name, width: px.width, height: px.height, regions: drawing.regions)
        return RenderedWidget(surface: surface, hitMap: hitMap, rows: drawing.rows,
                              pendingSlots: drawing.pendingSlots, completedSlots: drawing.completedSlots)
    }
}

/// The state of one drawing pass.
private struct Drawing {
    let spec: WidgetSpec
    let theme: Theme
    let g: Context
    let text: TextContext
    let strings: WidgetStrings
    let m: ThemeMetrics
    let width: Double, height: Double
    let left: Double, right: Double, top: Double, bottom: Double
    let families: String

    var regions: [HitRegion] = []
    var rows: [RenderedRow] = []
    var pendingSlots = 0
    var completedSlots = 0
    /// Completed todos to draw in their pending place (the flash frame).
    var flashing: Set<String> = []

    init(spec: WidgetSpec, theme: Theme, g: Context, text: TextContext) {
        self.spec = spec; self.theme = theme; self.g = g; self.text = text
        strings = WidgetStrings(language: spec.language)
        m = theme.metrics
        (width, height) = spec.pointSize
        let pad = spec.family.padding
        left = pad.horizontal; right = width - pad.horizontal
        top = pad.vertical; bottom = height - pad.vertical
        families = WidgetRenderer.fontFamilies(for: theme.fontFamily, language: spec.language)
    }

    var itemFont: FontSpec { FontSpec(family: families, size: m.item) }
    var headerFont: FontSpec { FontSpec(family: families, size: m.header, semibold: m.headerSemibold || spec.family == .small) }
    var countFont: FontSpec { FontSpec(family: families, size: max(10, m.item - 2)) }
    var moreFont: FontSpec { FontSpec(family: families, size: max(10, m.item - 2)) }
    var interactive: Bool { spec.mode == .interactive }

    /// The baseline, in points, that puts text of `fontSize` points visually centred on `y`: the
    /// middle of Latin capitals and of CJK ideographs both sit about 0.35 em above the baseline.
    /// Fixed from the em size rather than font metrics so rows with emoji or fallback fonts line up
    /// with the rest, and the checkbox (centred on `y`) sits in the middle of the text.
    static func baseline(centredAt y: Double, fontSize: Double) -> Double { y + 0.35 * fontSize }
    /// Header line box height, points.
    var headerHeight: Double { (m.header * 1.3).rounded() }
    var dividerColor: ThemeColor { theme.resolvedText.withAlphaScaled(0.14) }

    mutating func draw(_ content: WidgetContent) {
        // Background: a rounded rectangle; everything else is clipped to it.
        g.newPath()
        g.roundedRectangle(0, 0, width, height, radius: theme.cornerRadius)
        g.setColor(theme.resolvedBackground)
        g.fillPreserve()
        g.clip()

        switch content {
        case .setup:
            let file = spec.file.isEmpty ? strings.unnamedSpec : (spec.file as NSString).lastPathComponent
            message(strings.setup(specFile: file), in: Rect(x: left, y: top, width: right - left, height: bottom - top))
        case .missingList(let reference):
            let rowsTop = header(title: reference, titleColor: theme.secondaryText, counts: nil)
            message(strings.noList(reference), in: Rect(x: left, y: rowsTop, width: right - left, height: bottom - rowsTop))
        case .list(let c):
            let rowsTop = header(title: c.list.title, titleColor: theme.accent, counts: (c.pending.count, c.completed.count))
            regions.insert(pixelRegion(.openList(c.list.id), Rect(x: 0, y: 0, width: width, height: rowsTop - 4)), at: 0)
            body(c, top: rowsTop)
        }
    }

    // MARK: Header

    /// Draws the header and divider; returns the top of the rows area in points.
    mutating func header(title: String, titleColor: ThemeColor, counts: (pending: Int, completed: Int)?) -> Double {
        let box = Rect(x: left, y: top, width: right - left, height: headerHeight)
        let baseline = Drawing.baseline(centredAt: box.midY, fontSize: headerFont.size)

        // Counts on the right, on the title's baseline.
        var countsWidth = 0.0
        if let counts {
            countsWidth = spec.family == .small
                ? smallCounts(counts, right: right, midY: box.midY, baseline: baseline)
                : textCounts(counts, right: right, baseline: baseline)
        }
        let titleLayout = TextLayout(title, font: headerFont, in: text)
        titleLayout.setSingleLine(width: box.width - countsWidth - (countsWidth > 0 ? 8 : 0))
        g.setColor(titleColor)
        titleLayout.draw(in: g, x: box.x, y: baseline - titleLayout.baseline)

        // Hairline divider: one device pixel, aligned to the pixel grid.
        let s = spec.scale
        let dividerY = ((box.maxY + 5) * s).rounded() / s + 0.5 / s
        g.newPath()
        g.move(left, dividerY)
        g.line(right, dividerY)
        g.setLineWidth(1 / s)
        g.setColor(dividerColor)
        g.stroke()
        return dividerY + 4
    }

    /// `N left · N done` (theme flags) right-aligned; returns its width in points.
    mutating func textCounts(_ counts: (pending: Int, completed: Int), right: Double, baseline: Double) -> Double {
        var parts: [String] = []
        if theme.showRemainingCount { parts.append(strings.left(counts.pending)) }
        if theme.showCompletedCount { parts.append(strings.done(counts.completed)) }
        guard !parts.isEmpty else { return 0 }
        let layout = TextLayout(parts.joined(separator: " · "), font: countFont, in: text)
        let w = layout.logicalSize.width
        g.setColor(theme.secondaryText)
        layout.draw(in: g, x: right - w, y: baseline - layout.baseline)
        return w
    }

    /// Small widgets: the pending glyph + N and the completed glyph + N; returns the width in points.
    mutating func smallCounts(_ counts: (pending: Int, completed: Int), right: Double, midY: Double, baseline: Double) -> Double {
        var items: [(completed: Bool, n: Int)] = []
        if theme.showRemainingCount { items.append((false, counts.pending)) }
        if theme.showCompletedCount { items.append((true, counts.completed)) }
        var x = right
        for (i, item) in items.enumerated().reversed() {
            let layout = TextLayout(String(item.n), font: countFont, in: text)
            let w = layout.logicalSize.width
            x -= w
            g.setColor(theme.secondaryText)
            layout.draw(in: g, x: x, y: baseline - layout.baseline)
            x -= 3 + m.icon / 2
            CheckboxPainter.draw(theme.checkboxStyle, completed: item.completed, cx: x, cy: midY, size: m.icon,
                                 accent: theme.accent, fill: theme.secondaryText, in: g)
            x -= m.icon / 2
            if i > 0 { x -= 7 }
        }
        return right - x
    }

    // MARK: Body

    mutating func body(_ c: ListContent, top rowsTop: Double) {
        // The flash frame: a just-completed todo stays in its pending place, drawn checked.
        let flashed = c.completed.filter { flashing.contains($0.id) }
        let pendingRows = (c.pending.map { ($0, false) } + flashed.map { ($0, true) })
            .sorted { a, b in (a.0.sortOrder, a.0.createdAt, a.0.id) < (b.0.sortOrder, b.0.createdAt, b.0.id) }
        let completedRows = c.completed.filter { !flashing.contains($0.id) }.map { ($0, true) }
        let available = bottom - rowsTop
        let showCompleted = spec.family == .large && theme.showCompleted && !completedRows.isEmpty
        let pendingHeight = showCompleted ? (available * WidgetRenderer.pendingShare).rounded(.down) : available
        let pendingArea = Rect(x: left, y: rowsTop, width: right - left, height: pendingHeight)
        pendingSlots = slots(in: pendingArea.height)
        if pendingRows.isEmpty {
            allDone(in: pendingArea)
        } else {
            section(pendingRows, in: pendingArea, slots: pendingSlots, listID: c.list.id)
        }
        if showCompleted {
            let s = spec.scale
            let y = ((pendingArea.maxY) * s).rounded() / s + 0.5 / s
            g.newPath(); g.move(left, y); g.line(right, y)
            g.setLineWidth(1 / s); g.setColor(dividerColor); g.stroke()
            let area = Rect(x: left, y: pendingArea.maxY, width: right - left, height: bottom - pendingArea.maxY)
            completedSlots = slots(in: area.height)
            section(completedRows, in: area, slots: completedSlots, listID: c.list.id)
        }
    }

    /// `max(1, floor(height / row height))`.
    func slots(in areaHeight: Double) -> Int {
        max(1, Int((areaHeight / m.rowHeight + 1e-9).rounded(.down)))
    }

    /// Draws todos into `slots` rows of `area`; when they do not all fit, the last slot says `+ N more`.
    mutating func section(_ todos: [(Todo, Bool)], in area: Rect, slots: Int, listID: String) {
        let rowH = m.rowHeight
        let overflow = todos.count > slots
        let shown = overflow ? max(1, slots - 1) : todos.count
        for (i, (todo, completed)) in todos.prefix(shown).enumerated() {
            let frame = Rect(x: area.x, y: area.y + Double(i) * rowH, width: area.width, height: rowH)
            // With a single slot and overflow, the count shares the row (trailing), so one todo still shows.
            let inlineMore = overflow && slots == 1 ? todos.count - 1 : nil
            row(todo, completed: completed, frame: frame, inlineMore: inlineMore)
        }
        if overflow && slots > 1 {
            let frame = Rect(x: area.x, y: area.y + Double(shown) * rowH, width: area.width, height: rowH)
            moreRow(todos.count - shown, frame: frame, listID: listID)
        }
    }

    /// The x range of a row's title and the checkbox centre, in points.
    func rowGeometry(_ frame: Rect) -> (titleX: Double, titleRight: Double, checkboxX: Double?) {
        guard interactive else { return (frame.x, frame.maxX, nil) }
        let gap = WidgetRenderer.checkboxGap
        switch theme.checkboxPosition {
        case .leading: return (frame.x + m.icon + gap, frame.maxX, frame.x + m.icon / 2)
        case .trailing: return (frame.x, frame.maxX - m.icon - gap, frame.maxX - m.icon / 2)
        }
    }

    mutating func row(_ todo: Todo, completed: Bool, frame: Rect, inlineMore: Int?) {
        var (titleX, titleRight, checkboxX) = rowGeometry(frame)
        let baseline = Drawing.baseline(centredAt: frame.midY, fontSize: itemFont.size)
        if let checkboxX {
            CheckboxPainter.draw(theme.checkboxStyle, completed: completed, cx: checkboxX, cy: frame.midY, size: m.icon,
                                 accent: theme.accent, fill: theme.secondaryText, in: g)
        }
        if let inlineMore {
            let more = TextLayout(strings.more(inlineMore), font: moreFont, in: text)
            let w = more.logicalSize.width
            // Only when the title keeps room for a few characters; on a very narrow widget the
            // header's count already says how many there are, and two texts must never overlap.
            if titleRight - w - 6 - titleX >= 3 * itemFont.size {
                g.setColor(theme.secondaryText)
                more.draw(in: g, x: titleRight - w, y: baseline - more.baseline)
                titleRight -= w + 6
            }
        }
        let layout = TextLayout(todo.title, font: itemFont, in: text)
        layout.setSingleLine(width: titleRight - titleX)
        g.setColor(completed ? theme.secondaryText : theme.resolvedText)
        let y = baseline - layout.baseline
        layout.draw(in: g, x: titleX, y: y)
        let size = layout.logicalSize
        if completed {
            // Our own strike line, 0.3 em above the baseline (0.36 em for Japanese, whose glyphs sit
            // higher): Pango's comes from each font's metrics, which puts it near the baseline for
            // CJK faces and at another height for emoji.
            let s = spec.scale
            let strikeY = ((baseline - spec.language.strikethroughHeight * itemFont.size) * s).rounded() / s
            g.newPath()
            g.move(titleX, strikeY)
            g.line(titleX + min(size.width, titleRight - titleX), strikeY)
            g.setLineWidth(max(1 / s, (itemFont.size * 0.07 * s).rounded() / s))
            g.setColor(theme.secondaryText)
            g.stroke()
        }
        rows.append(RenderedRow(kind: completed ? .completed : .pending, todoID: todo.id, text: todo.title, frame: frame,
                                textFrame: Rect(x: titleX, y: y, width: size.width, height: size.height),
                                lineCount: layout.lineCount, isEllipsized: layout.isEllipsized))

        if let checkboxX, !completed {
            regions.append(pixelRegion(.complete(todoID: todo.id), checkboxHitRect(frame: frame, checkboxX: checkboxX,
                                                                                    titleX: titleX, titleRight: titleRight)))
        }
        regions.append(pixelRegion(.openTodo(todo.id), frame))
    }

    /// A checkbox hit rectangle, points: at least 24 pt wide (wider than the glyph for comfortable
    /// clicking), as tall as the row (so neighbouring rows' regions never overlap), and stopping
    /// 1 pt short of the title so a click on the text never completes.
    func checkboxHitRect(frame: Rect, checkboxX: Double, titleX: Double, titleRight: Double) -> Rect {
        let side = max(WidgetRenderer.minimumHitSide, m.icon + 8)
        switch theme.checkboxPosition {
        case .leading:
            let r = min(checkboxX + side / 2, titleX - 1)
            let l = max(0, r - side)
            return Rect(x: l, y: frame.y, width: r - l, height: frame.height)
        case .trailing:
            let l = max(checkboxX - side / 2, titleRight + 1)
            let r = min(width, l + side)
            return Rect(x: l, y: frame.y, width: r - l, height: frame.height)
        }
    }

    mutating func moreRow(_ count: Int, frame: Rect, listID: String) {
        let (titleX, _, _) = rowGeometry(frame)
        let x = theme.checkboxPosition == .leading ? titleX : frame.x
        let layout = TextLayout(strings.more(count), font: moreFont, in: text)
        layout.setSingleLine(width: frame.maxX - x)
        let baseline = Drawing.baseline(centredAt: frame.midY, fontSize: itemFont.size)
        g.setColor(theme.secondaryText)
        let y = baseline - layout.baseline
        layout.draw(in: g, x: x, y: y)
        let size = layout.logicalSize
        rows.append(RenderedRow(kind: .more, todoID: nil, text: strings.more(count), frame: frame,
                                textFrame: Rect(x: x, y: y, width: size.width, height: size.height),
                                lineCount: layout.lineCount, isEllipsized: layout.isEllipsized))
        regions.append(pixelRegion(.openList(listID), frame))
    }

    /// The accent check-circle and `All done!`, centred in `area`.
    mutating func allDone(in area: Rect) {
        let label = TextLayout(strings.allDone, font: FontSpec(family: families, size: m.item, semibold: true), in: text)
        label.setSingleLine(width: area.width)
        let textH = label.logicalSize.height
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

    /// A region in points turned into whole PNG pixels: edges rounded to the nearest pixel (so
    /// adjacent rows share an edge and never overlap), clamped to the image.
    func pixelRegion(_ action: HitRegion.Action, _ r: Rect) -> HitRegion {
        let s = spec.scale
        let px = spec.pixelSize
        func p(_ v: Double) -> Int { Int((v * s).rounded()) }
        let x0 = max(0, p(r.x)), y0 = max(0, p(r.y))
        let x1 = min(px.width, p(r.maxX)), y1 = min(px.height, p(r.maxY))
        return HitRegion(action: action, x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
