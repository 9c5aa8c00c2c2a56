import TaskTileCore

/// Where the parts of a widget go, in **points**, from its spec and theme alone: no Cairo, no
/// Pango, so what fits can be computed (and tested) without drawing. `WidgetRenderer` paints
/// into these rectangles.
///
/// Families: small 170 × 170, medium 364 × 170, large 364 × 382 points unless the spec overrides
/// the size (`WidgetSpec.pointSize`); content sits inside the family's padding.
///
/// Vertical rhythm, in points: the family's top padding, the header line box of
/// `round(header size × 1.3)`, 5 pt, a one-device-pixel hairline (centred half a pixel below that
/// line), 4 pt, then rows of `line height + 2 × row padding` (docs/themes.md "Font sizes and row
/// heights"; plus a due line when due labels go below the titles) down to the bottom padding:
/// `floor(available / row height)` of them, and one squeezed row when only a line of text fits;
/// while todos are hidden, one more row when at least half a row is left, the rows sharing the
/// height (`filled(_:count:)`).
/// When more todos than slots are given and the header already says how many are left, every
/// slot is a todo and the last one carries the `+ N more` count at its end when it fits;
/// otherwise the last slot becomes a `+ N more` line. How a large widget whose theme shows
/// completed todos shares its rows between the two sections: `sections(completedCount:pendingCount:tallPendingRows:)`.
/// Which todos of a section with subtasks take its rows (top-level first, then subtasks in drawing
/// order, two indent levels): `treeRows(depths:in:countInHeader:)`.
///
/// What depends on measured text stays with the painter: the width of the header counts (and so
/// of the title), whether an inline label leaves room for a title, the `All done!` block.
struct WidgetLayout {
    /// Widget size, points.
    let width: Double, height: Double
    /// The content edges inside the family's padding, points.
    let left: Double, right: Double, top: Double, bottom: Double
    /// Device pixels per point (`WidgetSpec.scale`).
    let scale: Double
    /// The PNG size, pixels.
    let pixelSize: (width: Int, height: Int)
    /// The theme's font and row metrics, points.
    let metrics: ThemeMetrics
    /// Which side of a row the checkbox sits on (interactive widgets only).
    let checkboxPosition: Theme.CheckboxPosition
    /// Whether rows have checkboxes (`WidgetMode.interactive`).
    let interactive: Bool
    /// Whether a completed section is shown when there are completed todos (large family and
    /// `Theme.showCompleted`).
    let offersCompletedSection: Bool
    /// Where due labels go: `Theme.showDue` with `auto` resolved (below on large, inline otherwise).
    let dueStyle: Theme.ShowDue

    /// The layout of `spec` drawn in `theme`.
    init(spec: WidgetSpec, theme: Theme) {
        (width, height) = spec.pointSize
        let pad = spec.family.padding
        left = pad.horizontal; right = width - pad.horizontal
        top = pad.vertical; bottom = height - pad.vertical
        scale = spec.scale
        pixelSize = spec.pixelSize
        metrics = theme.metrics
        checkboxPosition = theme.checkboxPosition
        interactive = spec.mode == .interactive
        offersCompletedSection = spec.family == .large && theme.showCompleted
        dueStyle = theme.showDue == .auto ? (spec.family == .large ? .below : .inline) : theme.showDue
    }

    // MARK: Due labels

    /// The due label's font size, points: 3 pt under the item size, at least 10.
    var dueFontSize: Double { max(10, metrics.item - 3) }
    /// The second line a due label below the title adds to a row, points.
    var dueLineHeight: Double { (dueFontSize * 1.3).rounded() }

    // MARK: Pixel grid

    /// `y` rounded to the nearest device pixel, points.
    func snapped(_ y: Double) -> Double { (y * scale).rounded() / scale }
    /// The centre of a one-pixel hairline drawn along the pixel edge nearest `y`, points.
    func hairlineY(_ y: Double) -> Double { snapped(y) + 0.5 / scale }
    /// One device pixel, points.
    var hairlineWidth: Double { 1 / scale }

    /// The baseline, in points, that puts text of `fontSize` points visually centred on `y`: the
    /// middle of Latin capitals and of CJK ideographs both sit about 0.35 em above the baseline.
    /// Fixed from the em size rather than font metrics so rows with emoji or fallback fonts line up
    /// with the rest, and the checkbox (centred on `y`) sits in the middle of the text.
    static func baseline(centredAt y: Double, fontSize: Double) -> Double { y + 0.35 * fontSize }

    // MARK: Header

    /// Header line box height, points.
    var headerHeight: Double { (metrics.header * 1.3).rounded() }
    /// The header line box: title on the left, counts on the right.
    var headerBox: Rect { Rect(x: left, y: top, width: right - left, height: headerHeight) }
    /// The divider hairline's centre, 5 pt below the header box on the pixel grid.
    var dividerY: Double { hairlineY(headerBox.maxY + 5) }
    /// Top of the rows area, 4 pt below the divider.
    var rowsTop: Double { dividerY + 4 }
    /// The region that opens the list: the whole width above the rows area.
    var headerRegion: Rect { Rect(x: 0, y: 0, width: width, height: rowsTop - 4) }
    /// The header's "+" (docs/widgets.md "Adding from a widget"), points: `glyph` is the square the two
    /// strokes fill, `0.8 ×` the header size, at the content's right edge, centred on the header line;
    /// `textRight` is where the counts end, 8 pt left of it; `hit` is the clickable region, at least
    /// `WidgetRenderer.minimumHitSide` wide, from the widget's top to the header region's bottom and out to
    /// the widget's right edge. nil when the header is too narrow to keep a few characters of the title.
    var addButton: (glyph: Rect, textRight: Double, hit: Rect)? {
        let side = (metrics.header * 0.8).rounded()
        let box = headerBox
        guard box.width >= side + 8 + 3 * metrics.header else { return nil }
        let glyph = Rect(x: box.maxX - side, y: box.midY - side / 2, width: side, height: side)
        let hitSide = max(WidgetRenderer.minimumHitSide, side + 12)
        let hitX = glyph.midX - hitSide / 2
        return (glyph, glyph.x - 8, Rect(x: hitX, y: 0, width: width - hitX, height: headerRegion.height))
    }
    /// Everything inside the padding (the setup message).
    var contentArea: Rect { Rect(x: left, y: top, width: right - left, height: bottom - top) }
    /// Everything below the header inside the padding (the missing-list message).
    var areaBelowHeader: Rect { Rect(x: left, y: rowsTop, width: right - left, height: bottom - rowsTop) }

    // MARK: Sections and rows

    /// A run of row slots.
    struct Section {
        /// The section's area, points.
        var area: Rect
        /// How many rows fit (`slots(in:rowHeight:)`).
        var slots: Int
        /// Each row's height, points: `metrics.rowHeight`, plus `dueLineHeight` for rows with a
        /// due line below the title.
        var rowHeight: Double

        init(area: Rect, slots: Int, rowHeight: Double) {
            self.area = area; self.slots = slots; self.rowHeight = rowHeight
        }
    }

    /// The pending section and, when shown, the completed section with the hairline above it.
    ///
    /// The rule that shares the rows, stated here once: a completed section is shown
    /// only by a large widget whose theme has `showCompleted`, and only when there are completed
    /// todos. Then the widget's row capacity (the available height, points) is filled **first with
    /// pending rows**, and completed rows fill what is left. The completed section's **cap** is the
    /// rows left under `floor(WidgetRenderer.pendingShare × available height)` of pending rows: that
    /// many are kept for completed todos while pending todos are hidden. Fewer completed todos than
    /// the cap keep only the rows they need, and the pending rows get the other slots; fewer pending
    /// todos than their slots leave the rest to completed rows (beyond the cap). So no empty band
    /// is ever left between the last row and the bottom while more todos exist than are shown —
    /// only the part of a row that does not fit. With nothing pending, `All done!` takes what the
    /// completed rows (at most the cap) leave.
    /// - Parameters:
    ///   - completedCount: how many completed todos there are to show (not counting flashing ones);
    ///     0 = no completed section.
    ///   - pendingCount: how many pending rows there are to draw (flashing ones included): the
    ///     pending area is cut to the rows it really draws, so the completed section starts right
    ///     under them (0 = the `All done!` block).
    ///   - tallPendingRows: whether pending rows carry a due line below the title.
    /// - Returns: the sections' areas in points; `slots` is how many rows each may draw (the pending
    ///   section's are counted before it is cut to `pendingCount`).
    func sections(completedCount: Int, pendingCount: Int = .max, tallPendingRows: Bool = false)
        -> (pending: Section, completed: (dividerY: Double, section: Section)?)
    {
        let available = max(0, bottom - rowsTop)
        let pendingRowH = metrics.rowHeight + (tallPendingRows ? dueLineHeight : 0)
        let completedRowH = metrics.rowHeight
        guard offersCompletedSection && completedCount > 0 else {
            let area = Rect(x: left, y: rowsTop, width: right - left, height: available)
            let whole = slots(in: available, rowHeight: pendingRowH)
            let section = Section(area: area, slots: whole, rowHeight: pendingRowH)
            return (filled(section, count: pendingCount), nil)
        }
        // The pending share's whole rows (or its one squeezed row), then the completed section's cap.
        let share = (available * WidgetRenderer.pendingShare).rounded(.down)
        let pendingShareHeight = min(share, Double(slots(in: share, rowHeight: pendingRowH)) * pendingRowH)
        let cap = slots(in: available - pendingShareHeight, rowHeight: completedRowH)
        // Completed rows keep only the slots they need, up to the cap; pending rows get the rest.
        let kept = min(completedCount, cap)
        let pendingRoom = max(pendingShareHeight, available - Double(kept) * completedRowH)
        // Pending rows that do not all fit take the room's last part-row too (`filled`).
        let room = filled(
            Section(area: Rect(x: left, y: rowsTop, width: right - left, height: pendingRoom),
                    slots: slots(in: pendingRoom, rowHeight: pendingRowH), rowHeight: pendingRowH),
            count: pendingCount)
        let used = min(pendingCount, room.slots)
        let pendingHeight = pendingCount == 0 ? pendingRoom : min(pendingRoom, Double(used) * room.rowHeight)
        let pendingArea = Rect(x: left, y: rowsTop, width: right - left, height: pendingHeight)
        let pending = Section(area: pendingArea, slots: room.slots, rowHeight: room.rowHeight)
        // The completed section: everything under the pending rows drawn.
        let area = Rect(x: left, y: pendingArea.maxY, width: right - left, height: bottom - pendingArea.maxY)
        let completed = Section(
            area: area, slots: slots(in: area.height, rowHeight: completedRowH), rowHeight: completedRowH)
        return (pending, (hairlineY(pendingArea.maxY), filled(completed, count: completedCount)))
    }

    /// "Fill the space first" (docs/widgets.md "Layout"): when `count` rows want `section` and do not all
    /// fit, and the whole rows that fit leave at least half a row empty below them, one more row is
    /// drawn and every row of the section gets `area height / (slots + 1)` — as long as that keeps at
    /// least the compact row padding (2 points above and below the line; a due line below the title
    /// keeps its height). So a `+ N more` never sits above an empty band nearly a row tall. Otherwise
    /// (everything fits, too little is left, a compact theme) the section is returned unchanged.
    func filled(_ section: Section, count: Int) -> Section {
        guard count > section.slots, section.slots >= 1, section.rowHeight > 0 else { return section }
        let leftover = section.area.height - Double(section.slots) * section.rowHeight
        guard leftover + 1e-9 >= section.rowHeight / 2 else { return section }
        let pitch = section.area.height / Double(section.slots + 1)
        let squeezable = 2 * (metrics.rowPadding - min(2, metrics.rowPadding))
        guard pitch + 1e-9 >= section.rowHeight - squeezable else { return section }
        return Section(area: section.area, slots: section.slots + 1, rowHeight: pitch)
    }

    /// `floor(height / row height)`; when not even one whole row fits but a line of text does
    /// (`metrics.lineHeight`), one squeezed row; 0 when not even that fits (a 100-point widget
    /// with 32-point text: the header's count is all there is room for).
    func slots(in areaHeight: Double, rowHeight: Double? = nil) -> Int {
        let rowH = rowHeight ?? metrics.rowHeight
        let n = Int((areaHeight / rowH + 1e-9).rounded(.down))
        if n >= 1 { return n }
        return areaHeight + 1e-9 >= metrics.lineHeight ? 1 : 0
    }

    /// One todo row.
    struct RowSlot {
        /// Which of the section's todos (0-based, in order).
        var index: Int
        /// The row, points.
        var frame: Rect
        /// On the last row, when more todos than slots are given and the count shares the row:
        /// how many more, shown at the row's end.
        var inlineMore: Int?
        /// The indent level the row is drawn at: 0 for a top-level todo, 1 for a subtask, 2 for a
        /// subtask of a subtask and every deeper one (`drawnLevel(depth:)`).
        var level = 0
    }

    /// The rows `count` todos take in `section`: as many as fit. When they do not all fit and
    /// `countInHeader` (the header already says how many are left) or there is a single slot, every
    /// slot is a todo and the last carries the count inline; otherwise the last slot becomes a
    /// `+ N more` line (`more`). A squeezed single row is the section's height.
    func rows(count: Int, in section: Section, countInHeader: Bool = false) -> (
        todos: [RowSlot], more: (frame: Rect, count: Int)?
    ) {
        let rowH = min(section.rowHeight, max(section.area.height, metrics.lineHeight))
        let area = section.area
        guard section.slots > 0, count > 0 else { return ([], nil) }
        let overflow = count > section.slots
        let shareLastRow = overflow && (countInHeader || section.slots == 1)
        let shown = overflow ? (shareLastRow ? section.slots : section.slots - 1) : count
        let todos = (0..<shown).map { i in
            RowSlot(
                index: i, frame: Rect(x: area.x, y: area.y + Double(i) * rowH, width: area.width, height: rowH),
                inlineMore: shareLastRow && i == shown - 1 ? count - shown : nil)
        }
        guard overflow && !shareLastRow else { return (todos, nil) }
        return (
            todos, (Rect(x: area.x, y: area.y + Double(shown) * rowH, width: area.width, height: rowH), count - shown)
        )
    }

    // MARK: Subtasks

    /// The deepest indent level a widget draws: a todo, its subtasks (level 1) and theirs (level 2);
    /// deeper subtasks are drawn at level 2 (docs/widgets.md "Subtasks, priority and tags").
    static let deepestLevel = 2

    /// The level a todo `depth` parents below the top (`SubtaskTree.ordered`) is drawn at.
    static func drawnLevel(depth: Int) -> Int { min(max(0, depth), deepestLevel) }

    /// One indent level, points: a checkbox and its gap, so a subtask's checkbox sits under its
    /// parent's title.
    var indentStep: Double { metrics.icon + WidgetRenderer.checkboxGap }

    /// The rows a section's todos take when some are subtasks. `depths` are the todos' depths in
    /// drawing order (`SubtaskTree.ordered`: each subtask right after its parent; 0 = top level).
    ///
    /// The rule (docs/widgets.md "Subtasks, priority and tags"): **top-level todos first**. When not
    /// all of them fit, no subtask is drawn and the top-level todos take the slots as in
    /// `rows(count:in:countInHeader:)`, with the `+ N more` count being every todo not drawn,
    /// top-level and subtask alike (so rows drawn + N is the section's count). When they all fit,
    /// subtasks fill the slots left over **in drawing order** — the first parent's subtasks (and
    /// theirs) before the next parent's — and every row is drawn in drawing order, a subtask under
    /// its parent; a subtask left out is counted by its parent's `2/5`, not by a `+ N more` line.
    /// A subtask is never drawn without its parent (its parent comes earlier in drawing order).
    /// - Returns: `index` is the position in `depths`; `level` is `drawnLevel(depth:)`.
    func treeRows(depths: [Int], in section: Section, countInHeader: Bool = false)
        -> (todos: [RowSlot], more: (frame: Rect, count: Int)?)
    {
        let roots = depths.indices.filter { depths[$0] <= 0 }
        let top = rows(count: roots.count, in: section, countInHeader: countInHeader)
        if top.todos.count < roots.count {
            let hidden = depths.count - top.todos.count
            let todos = top.todos.map { slot in
                RowSlot(index: roots[slot.index], frame: slot.frame, inlineMore: slot.inlineMore.map { _ in hidden })
            }
            return (todos, top.more.map { ($0.frame, hidden) })
        }
        var free = max(0, section.slots - roots.count)
        var shown: [Int] = []
        for i in depths.indices {
            if depths[i] <= 0 {
                shown.append(i)
            } else if free > 0 {
                shown.append(i)
                free -= 1
            }
        }
        let placed = rows(count: shown.count, in: section)
        let todos = placed.todos.map { slot in
            RowSlot(
                index: shown[slot.index], frame: slot.frame, inlineMore: nil,
                level: WidgetLayout.drawnLevel(depth: depths[shown[slot.index]]))
        }
        return (todos, nil)
    }

    /// The x range of a row's title and the checkbox centre, in points, for a row drawn at indent
    /// `level` (the checkbox of a leading row and the title move right by `level × indentStep`; a
    /// trailing checkbox stays at the row's end).
    func rowGeometry(_ frame: Rect, level: Int) -> (titleX: Double, titleRight: Double, checkboxX: Double?) {
        let indent = Double(WidgetLayout.drawnLevel(depth: level)) * indentStep
        guard indent > 0 else { return rowGeometry(frame) }
        return rowGeometry(
            Rect(x: frame.x + indent, y: frame.y, width: max(0, frame.width - indent), height: frame.height))
    }

    /// The x range of a row's title and the checkbox centre, in points.
    func rowGeometry(_ frame: Rect) -> (titleX: Double, titleRight: Double, checkboxX: Double?) {
        guard interactive else { return (frame.x, frame.maxX, nil) }
        let gap = WidgetRenderer.checkboxGap
        switch checkboxPosition {
        case .leading: return (frame.x + metrics.icon + gap, frame.maxX, frame.x + metrics.icon / 2)
        case .trailing: return (frame.x, frame.maxX - metrics.icon - gap, frame.maxX - metrics.icon / 2)
        }
    }

    /// Where a `+ N more` line's text starts: aligned with the titles when checkboxes lead.
    func moreTextX(_ frame: Rect) -> Double {
        checkboxPosition == .leading ? rowGeometry(frame).titleX : frame.x
    }

    /// A checkbox hit rectangle, points: at least 24 pt wide (wider than the glyph for comfortable
    /// clicking), as tall as the row (so neighbouring rows' regions never overlap), and stopping
    /// 1 pt short of the title so a click on the text never completes.
    func checkboxHitRect(frame: Rect, checkboxX: Double, titleX: Double, titleRight: Double) -> Rect {
        let side = max(WidgetRenderer.minimumHitSide, metrics.icon + 8)
        switch checkboxPosition {
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

    /// A region in points turned into whole PNG pixels: edges rounded to the nearest pixel (so
    /// adjacent rows share an edge and never overlap), clamped to the image.
    func pixelRegion(_ action: HitRegion.Action, _ r: Rect) -> HitRegion {
        func p(_ v: Double) -> Int { Int((v * scale).rounded()) }
        let x0 = max(0, p(r.x)), y0 = max(0, p(r.y))
        let x1 = min(pixelSize.width, p(r.maxX)), y1 = min(pixelSize.height, p(r.maxY))
        return HitRegion(action: action, x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
