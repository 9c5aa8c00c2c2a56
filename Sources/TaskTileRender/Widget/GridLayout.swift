import TaskTileCore

/// Geometry of the `grid` family (docs/widgets.md "grid"), in **points**: habits × days of a
/// challenge below the shared header, filling the area. Days are columns when the widget is at
/// least as wide as it is tall, else rows; habit labels sit before each habit's row (or above each
/// habit's column), each habit's streak after it (or below it), and the legend along the bottom.
///
/// Along the day axis the cells share the whole length; along the habit axis each habit gets an
/// equal share (its *pitch*) and its cells are as long as that share allows, at most twice the day
/// slot or the theme's row height (whichever is larger), centred in it — so a widget with few
/// habits spreads them over its height instead of leaving it empty.
struct GridLayout {
    /// The area the labels, cells, streaks and legend share (below the header divider).
    let area: Rect
    let habits: Int
    let days: Int
    /// Days as columns (habits as rows); false: days as rows (habits as columns).
    let daysAsColumns: Bool
    /// The label column's width (days as columns) or the label row's height (days as rows).
    let labelSize: Double
    /// The streak column's width (days as columns) or the streak row's height (days as rows); 0: no streaks.
    let streakSize: Double
    /// The legend strip's height along the bottom; 0: no legend (it did not fit).
    let legendHeight: Double
    /// One cell's slot (the cell is drawn inset by `gap / 2` on each side).
    let cellWidth: Double
    let cellHeight: Double
    /// The distance from one habit's slot to the next (≥ the slot's length on that axis).
    let habitPitch: Double
    /// Where the cell block starts (the first habit's pitch begins here).
    let originX: Double
    let originY: Double
    /// The space between cells.
    let gap: Double

    /// The theme's row height as a cell length along the habit axis: the length below which cells
    /// are never capped (a habit may get more when its share and the day slot allow).
    static func maximumHabitSide(_ rowHeight: Theme.RowHeight) -> Double {
        switch rowHeight {
        case .compact: 18
        case .normal: 24
        case .comfortable: 30
        }
    }

    /// - Parameters:
    ///   - streakLabel: the size of the widest streak label, points; the layout takes its width beside rows
    ///     (days as columns) or its height below columns (days as rows); zero for no streaks. Dropped when the
    ///     cells would get narrower than 3 points.
    ///   - legendHeight: the height the legend wants; dropped when the cells would get shorter than 8 points
    ///     per habit (days as columns) or 3 points per day (days as rows).
    init(area: Rect, habits: Int, days: Int, rowHeight: Theme.RowHeight, labelFontSize: Double,
         streakLabel: (width: Double, height: Double) = (0, 0), legendHeight: Double = 0) {
        self.area = area
        self.habits = max(1, habits)
        self.days = max(1, days)
        let habitMax = GridLayout.maximumHabitSide(rowHeight)
        let columns = area.width >= area.height
        daysAsColumns = columns
        let streakSize = columns ? streakLabel.width : streakLabel.height
        let n = Double(self.habits), d = Double(self.days)
        if columns {
            let label = min(area.width * 0.3, max(48, labelFontSize * 7))
            labelSize = label
            let withStreak = (area.width - label - 4 - streakSize - 4) / d
            self.streakSize = streakSize > 0 && withStreak >= 3 ? streakSize : 0
            self.legendHeight = legendHeight > 0 && area.height - legendHeight >= 8 * n ? legendHeight : 0
            let length = area.width - label - 4 - (self.streakSize > 0 ? self.streakSize + 4 : 0)
            cellWidth = length / d
            habitPitch = (area.height - self.legendHeight) / n
            cellHeight = min(habitPitch, max(habitMax, cellWidth * 2))
            originX = area.x + label + 4
            originY = area.y
        } else {
            labelSize = labelFontSize + 6
            let withStreak = (area.height - labelSize - 2 - streakSize - 2 - legendHeight) / d
            self.streakSize = streakSize > 0 && withStreak >= 3 ? streakSize : 0
            let rest = area.height - labelSize - 2 - (self.streakSize > 0 ? self.streakSize + 2 : 0)
            self.legendHeight = legendHeight > 0 && (rest - legendHeight) / d >= 3 ? legendHeight : 0
            cellHeight = (rest - self.legendHeight) / d
            habitPitch = area.width / n
            cellWidth = min(habitPitch, max(habitMax * 2, cellHeight * 2))
            originX = area.x
            originY = area.y + labelSize + 2
        }
        gap = min(2, max(0.5, min(cellWidth, cellHeight) * 0.18))
    }

    /// Where habit `h`'s slot starts on the habit axis (centred in its pitch).
    private func habitOffset(_ h: Int) -> Double {
        Double(h) * habitPitch + (habitPitch - (daysAsColumns ? cellHeight : cellWidth)) / 2
    }

    /// The slot of habit `h` on day index `d` (0 = day 1).
    func cell(habit h: Int, day d: Int) -> Rect {
        daysAsColumns
            ? Rect(x: originX + Double(d) * cellWidth, y: originY + habitOffset(h), width: cellWidth, height: cellHeight)
            : Rect(x: originX + habitOffset(h), y: originY + Double(d) * cellHeight, width: cellWidth, height: cellHeight)
    }

    /// Where habit `h`'s label goes.
    func label(habit h: Int) -> Rect {
        daysAsColumns
            ? Rect(x: area.x, y: originY + habitOffset(h), width: labelSize, height: cellHeight)
            : Rect(x: originX + Double(h) * habitPitch, y: area.y, width: habitPitch, height: labelSize)
    }

    /// Where habit `h`'s streak goes (after its row, or below its column); nil when there is no room for streaks.
    func streak(habit h: Int) -> Rect? {
        guard streakSize > 0 else { return nil }
        return daysAsColumns
            ? Rect(x: area.maxX - streakSize, y: originY + habitOffset(h), width: streakSize, height: cellHeight)
            : Rect(x: originX + Double(h) * habitPitch, y: originY + Double(days) * cellHeight + 2, width: habitPitch,
                   height: streakSize)
    }

    /// The legend strip along the bottom of the area; nil when it did not fit.
    var legend: Rect? {
        legendHeight > 0 ? Rect(x: area.x, y: area.maxY - legendHeight, width: area.width, height: legendHeight) : nil
    }

    /// The whole column (or row) of day index `d`, from the first habit's slot to the last one's, for today's outline.
    func dayStrip(_ d: Int) -> Rect {
        let first = cell(habit: 0, day: d), last = cell(habit: habits - 1, day: d)
        return Rect(x: first.x, y: first.y, width: last.maxX - first.x, height: last.maxY - first.y)
    }
}
