import Foundation
import TaskTileCore

/// Draws the `grid` family (docs/widgets.md "grid"): a challenge's habits × days below the header
/// "Title … Day 12 / 50 · best 🔥 5", filling the widget (`GridLayout`). A done cell is filled in the
/// accent, a missed cell in the tertiary text colour, today's open cell and future cells are faint
/// boxes, today's cell whose due time has passed (overdue, not yet missed) a faint box ringed in the
/// overdue colour, days a habit does not repeat on are blank, and today's column (row) is outlined
/// in the accent inside its own slots. Each habit's current streak (`🔥 3`) sits at its row's end
/// when the theme shows counts, and a legend (done, missed, overdue) along the bottom when it fits.
/// Cells are rounded for every checkbox style but `square`.
///
/// The hit map covers every cell: in an interactive widget a done, missed or open cell toggles that
/// day's check-in (`checkIn`, through `done --on` / `undo --on`); a future or blank cell opens the
/// habit; the header opens the list.
struct GridRenderer {
    let spec: WidgetSpec
    let theme: Theme
    let g: Context
    let text: TextContext
    let layout: WidgetLayout
    let families: String
    let strings: WidgetStrings

    private(set) var regions: [HitRegion] = []

    init(spec: WidgetSpec, theme: Theme, g: Context, text: TextContext, layout: WidgetLayout, families: String) {
        self.spec = spec; self.theme = theme; self.g = g; self.text = text; self.layout = layout; self.families = families
        strings = WidgetStrings(language: spec.language)
    }

    var m: ThemeMetrics { theme.metrics }

    mutating func draw(_ r: ChallengeReport) {
        header(r)
        regions.insert(layout.pixelRegion(.openList(r.challenge.listId), layout.headerRegion), at: 0)
        let labelFont = FontSpec(family: families, size: max(9, m.item - 3))
        // Each habit's current streak after its row, when the theme shows counts and there is room.
        let streaks = theme.showCompletedCount
            ? r.habits.map { TextLayout(strings.gridStreak($0.streak.current), font: labelFont, in: text) } : []
        let streakWidth = streaks.map(\.logicalSize.width).max() ?? 0
        let streakHeight = streaks.map(\.logicalSize.height).max() ?? 0
        let grid = GridLayout(area: layout.areaBelowHeader, habits: r.habits.count, days: r.challenge.days,
                              rowHeight: theme.rowHeight, labelFontSize: labelFont.size,
                              streakLabel: (streakWidth, streakHeight),
                              legendHeight: r.habits.isEmpty ? 0 : labelFont.size + 8)
        let rounded = theme.checkboxStyle != .square
        // Today's outline stays inside its column: the cells of that column give it the room.
        let outline = max(1, min(1.5, min(grid.cellWidth, grid.cellHeight) * 0.2))
        let todayInset = max(0, outline - grid.gap / 2)
        for (h, habit) in r.habits.enumerated() {
            let box = grid.label(habit: h)
            let label = TextLayout(habit.title, font: labelFont, in: text)
            label.setSingleLine(width: box.width - 2)
            g.setColor(theme.secondaryText)
            label.draw(in: g, x: box.x, y: box.midY - label.logicalSize.height / 2)
            if let slot = grid.streak(habit: h), h < streaks.count {
                let streak = streaks[h]
                g.setColor(habit.streak.current > 0 ? theme.secondaryText : theme.tertiaryText)
                let size = streak.logicalSize
                streak.draw(in: g, x: grid.daysAsColumns ? slot.maxX - size.width : slot.midX - size.width / 2,
                            y: slot.midY - size.height / 2)
            }
            for (d, state) in habit.cells.enumerated() {
                let slot = grid.cell(habit: h, day: d)
                let inset = grid.gap / 2 + (d == r.todayIndex ? todayInset : 0)
                let cell = Rect(x: slot.x + inset, y: slot.y + inset, width: max(0.5, slot.width - 2 * inset),
                                height: max(0.5, slot.height - 2 * inset))
                paint(state, in: cell, rounded: rounded)
                guard let id = habit.todoID else { continue }
                let date = r.challenge.startDate.adding(days: d)
                let action: HitRegion.Action
                switch state {
                case .done, .missed, .open, .partial, .overdue:
                    action = layout.interactive ? .checkIn(todoID: id, date: date.description) : .openTodo(id)
                case .future, .off:
                    action = .openTodo(id)
                }
                regions.append(layout.pixelRegion(action, slot))
            }
        }
        if let today = r.todayIndex, !r.habits.isEmpty {
            let strip = grid.dayStrip(today)
            g.newPath()
            g.roundedRectangle(strip.x + outline / 2, strip.y + outline / 2, strip.width - outline,
                               strip.height - outline, radius: rounded ? min(3, strip.width / 2) : 0)
            g.setLineWidth(outline)
            g.setColor(theme.accent)
            g.stroke()
        }
        if let strip = grid.legend { legend(in: strip, font: labelFont, rounded: rounded) }
    }

    /// "■ Done  ■ Missed  ▢ Overdue" along the bottom, each swatch painted as its cell is; items that
    /// do not fit the width are left out (from the end).
    func legend(in strip: Rect, font: FontSpec, rounded: Bool) {
        let side = (font.size * 0.8).rounded()
        var x = strip.x
        for (state, word) in [(ChallengeCell.done, strings.gridLegendDone), (.missed, strings.gridLegendMissed),
                              (.overdue, strings.gridLegendOverdue)] {
            let label = TextLayout(word, font: font, in: text)
            let width = side + 4 + label.logicalSize.width
            guard x + width <= strip.maxX + 0.5 else { break }
            paint(state, in: Rect(x: x, y: strip.midY - side / 2, width: side, height: side), rounded: rounded)
            g.setColor(theme.secondaryText)
            label.draw(in: g, x: x + side + 4, y: strip.midY - label.logicalSize.height / 2)
            x += width + 12
        }
    }

    func paint(_ state: ChallengeCell, in r: Rect, rounded: Bool) {
        let radius = rounded ? min(r.width, r.height) * 0.3 : 0
        g.newPath()
        g.roundedRectangle(r.x, r.y, r.width, r.height, radius: radius)
        switch state {
        case .done:
            g.setColor(theme.accent)
            g.fill()
        case .missed:
            g.setColor(theme.tertiaryText)
            g.fill()
        case .open, .future:
            g.setColor(theme.resolvedText.withAlphaScaled(0.1))
            g.fill()
        case .overdue:
            // Still open today, its due time passed: the open cell ringed in the overdue colour (a missed
            // cell is a solid grey one).
            g.setColor(theme.resolvedText.withAlphaScaled(0.1))
            g.fillPreserve()
            let w = max(0.75, min(1.5, min(r.width, r.height) * 0.2))
            g.newPath()
            g.roundedRectangle(r.x + w / 2, r.y + w / 2, r.width - w, r.height - w, radius: max(0, radius - w / 2))
            g.setLineWidth(w)
            g.setColor(theme.overdueColor)
            g.stroke()
        case .partial:
            // A period with check-ins short of its target: the lower half filled in the accent.
            g.setColor(theme.resolvedText.withAlphaScaled(0.1))
            g.fill()
            g.save()
            g.newPath()
            g.rectangle(r.x, r.y + r.height / 2, r.width, r.height / 2)
            g.clip()
            g.newPath()
            g.roundedRectangle(r.x, r.y, r.width, r.height, radius: radius)
            g.setColor(theme.accent)
            g.fill()
            g.restore()
        case .off:
            g.newPath()
        }
    }

    /// Title on the left (accent); "Day 12 / 50 · best 🔥 5" (or "Finished · 320 / 350") on the
    /// right when the theme shows counts; the divider below.
    func header(_ r: ChallengeReport) {
        let box = layout.headerBox
        let headerFont = FontSpec(family: families, size: m.header, semibold: m.headerSemibold)
        let countFont = FontSpec(family: families, size: max(10, m.item - 2))
        let baseline = WidgetLayout.baseline(centredAt: box.midY, fontSize: headerFont.size)
        var parts: [String] = []
        if theme.showRemainingCount {
            parts.append(r.state == .running ? strings.gridDay(r.day, of: r.challenge.days)
                                             : strings.gridFinished(r.checkIns, of: r.possible))
        }
        if theme.showCompletedCount { parts.append(strings.gridBest(r.bestStreak)) }
        var countsWidth = 0.0
        if !parts.isEmpty {
            let counts = TextLayout(parts.joined(separator: " · "), font: countFont, in: text)
            countsWidth = counts.logicalSize.width
            g.setColor(theme.secondaryText)
            counts.draw(in: g, x: layout.right - countsWidth, y: baseline - counts.baseline)
        }
        let title = TextLayout(r.challenge.title, font: headerFont, in: text)
        title.setSingleLine(width: box.width - countsWidth - (countsWidth > 0 ? 8 : 0))
        g.setColor(theme.accent)
        title.draw(in: g, x: box.x, y: baseline - title.baseline)
        g.newPath()
        g.move(layout.left, layout.dividerY)
        g.line(layout.right, layout.dividerY)
        g.setLineWidth(layout.hairlineWidth)
        g.setColor(theme.resolvedText.withAlphaScaled(0.12))
        g.stroke()
    }
}

extension WidgetStrings {
    /// `Day 12 / 50` / `12 / 50 日目`.
    func gridDay(_ day: Int, of days: Int) -> String { Localizer(language).text(.gridDay, day, days) }
    /// `best 🔥 5` / `最高 🔥 5`.
    func gridBest(_ n: Int) -> String { Localizer(language).text(.gridBest, n) }
    /// `Finished · 320 / 350` / `終了 · 320 / 350`.
    func gridFinished(_ checkIns: Int, of possible: Int) -> String { Localizer(language).text(.gridFinished, checkIns, possible) }
    /// A habit's current streak at its row end: `🔥 3`.
    func gridStreak(_ n: Int) -> String { Localizer(language).text(.streakShowBadge, n) }
    /// The legend's words for a done, a missed and an overdue cell: `Done` / `達成`, `Missed` / `未達成`,
    /// `Overdue` / `期限切れ`.
    var gridLegendDone: String { Localizer(language).text(.gridLegendDone) }
    var gridLegendMissed: String { Localizer(language).text(.repeatMissed) }
    var gridLegendOverdue: String { Localizer(language).text(.dueOverdue) }
}
