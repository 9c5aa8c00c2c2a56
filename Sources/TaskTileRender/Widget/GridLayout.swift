import TaskTileCore

/// Geometry of the `grid` family (docs/widgets.md "grid"), in **points**: habits × days of a
/// challenge below the shared header. Days are columns when the widget is at least as wide as it
/// is tall, else rows; habit labels sit before each habit's row (or above each habit's column).
struct GridLayout {
    /// The area the labels and cells share (below the header divider).
    let area: Rect
    let habits: Int
    let days: Int
    /// Days as columns (habits as rows); false: days as rows (habits as columns).
    let daysAsColumns: Bool
    /// The label column's width (days as columns) or the label row's height (days as rows).
    let labelSize: Double
    /// One cell's slot (the cell is drawn inset by `gap / 2` on each side).
    let cellWidth: Double
    let cellHeight: Double
    /// Where the cell block starts.
    let originX: Double
    let originY: Double
    /// The space between cells.
    let gap: Double

    /// The largest cell side along the habit axis, by the theme's row height.
    static func maximumHabitSide(_ rowHeight: Theme.RowHeight) -> Double {
        switch rowHeight {
        case .compact: 18
        case .normal: 24
        case .comfortable: 30
        }
    }

    init(area: Rect, habits: Int, days: Int, rowHeight: Theme.RowHeight, labelFontSize: Double) {
        self.area = area
        self.habits = max(1, habits)
        self.days = max(1, days)
        daysAsColumns = area.width >= area.height
        let habitMax = GridLayout.maximumHabitSide(rowHeight)
        if daysAsColumns {
            labelSize = min(area.width * 0.3, max(48, labelFontSize * 7))
            cellWidth = (area.width - labelSize - 4) / Double(self.days)
            cellHeight = min(habitMax, area.height / Double(self.habits))
            originX = area.x + labelSize + 4
            originY = area.y + (area.height - cellHeight * Double(self.habits)) / 2
        } else {
            labelSize = labelFontSize + 6
            cellHeight = (area.height - labelSize - 2) / Double(self.days)
            cellWidth = min(habitMax * 2, (area.width) / Double(self.habits))
            originX = area.x + (area.width - cellWidth * Double(self.habits)) / 2
            originY = area.y + labelSize + 2
        }
        gap = min(2, max(0.5, min(cellWidth, cellHeight) * 0.18))
    }

    /// The slot of habit `h` on day index `d` (0 = day 1).
    func cell(habit h: Int, day d: Int) -> Rect {
        daysAsColumns
            ? Rect(x: originX + Double(d) * cellWidth, y: originY + Double(h) * cellHeight, width: cellWidth, height: cellHeight)
            : Rect(x: originX + Double(h) * cellWidth, y: originY + Double(d) * cellHeight, width: cellWidth, height: cellHeight)
    }

    /// Where habit `h`'s label goes.
    func label(habit h: Int) -> Rect {
        daysAsColumns
            ? Rect(x: area.x, y: originY + Double(h) * cellHeight, width: labelSize, height: cellHeight)
            : Rect(x: originX + Double(h) * cellWidth, y: area.y, width: cellWidth, height: labelSize)
    }

    /// The whole column (or row) of day index `d`, for today's outline.
    func dayStrip(_ d: Int) -> Rect {
        let first = cell(habit: 0, day: d), last = cell(habit: habits - 1, day: d)
        return Rect(x: first.x, y: first.y, width: last.maxX - first.x, height: last.maxY - first.y)
    }
}
