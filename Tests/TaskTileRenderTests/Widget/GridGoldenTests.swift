import Foundation
import Testing
@testable import TaskTileCore
@testable import TaskTileRender
import TestSupport

/// The `grid` family (docs/widgets.md "grid"): golden images of a 7-habit ×
/// 50-day challenge, small and large, English and Japanese, light and dark (see `Snapshot` for the
/// tolerance and re-recording), plus its geometry and hit map.
@Suite struct GridGoldenTests {
    init() { TestFonts.install() }

    static let english = ["Stretch", "Read 20 pages", "No sugar", "Walk 8000 steps", "Journal", "Water 2 L", "Bed by 23:00"]
    static let japanese = ["ストレッチ", "20ページ読書", "砂糖なし", "8000歩歩く", "日記", "水を2リットル", "23時までに寝る"]

    /// A challenge on day 23 of 50: habit h was done on day d unless (d + h) % (h + 4) == 0 (a
    /// missed day); the last habit is off every 7th day; today open for the odd habits, done for the even ones.
    static func report(_ titles: [String], today: Int = 22) -> ChallengeReport {
        let start = LocalDate(iso: "2027-01-04")!
        let c = Challenge(id: "00000000-0000-4000-8000-0000000000c1", listId: "00000000-0000-4000-8000-0000000000aa",
                          title: titles == japanese ? "50日チャレンジ" : "50-day challenge", startDate: start, days: 50,
                          remind: "21:00", routine: nil, habits: titles, createdAt: Sample.instant)
        var habits: [ChallengeReport.Habit] = []
        for (h, title) in titles.enumerated() {
            let cells: [ChallengeCell] = (0..<50).map { d in
                if d > today { return .future }
                if d == today { return h % 2 == 0 ? .done : .open }
                if h == 6 && d % 7 == 5 { return .off }
                return (d + h) % (h + 4) == 0 ? .missed : .done
            }
            habits.append(ChallengeReport.Habit(todoID: String(format: "00000000-0000-4000-8000-%012d", h + 1), title: title,
                                                cells: cells, checkIns: cells.filter { $0 == .done }.count,
                                                streak: Streak(current: 3, best: 9, completedInWindow: 20, window: 23)))
        }
        return ChallengeReport(challenge: c, state: .running, day: today + 1, todayIndex: today, habits: habits,
                               checkIns: habits.map(\.checkIns).reduce(0, +), possible: 350, bestStreak: 9)
    }

    static func render(_ r: ChallengeReport, theme: Theme, language: Language, width: Double? = nil, height: Double? = nil,
                       mode: WidgetMode = .interactive) throws -> RenderedWidget {
        let spec = WidgetSpec(file: "", name: "grid", family: .grid, list: r.challenge.title, mode: mode, scale: 2,
                              language: language, width: width, height: height)
        return try WidgetRenderer(spec: spec, theme: theme, clock: Sample.clock).render(.grid(r))
    }

    @Test func sevenHabitsFiftyDays() throws {
        let presets = try Sample.presets()
        let light = try #require(presets.first { $0.file == "daylight" }?.theme)
        let dark = try #require(presets.first { $0.file == "midnight" }?.theme)
        for (size, w, h) in [("small", nil, nil), ("large", 760.0, 300.0)] as [(String, Double?, Double?)] {
            for (lang, titles) in [(Language.en, Self.english), (.ja, Self.japanese)] {
                for (appearance, theme) in [("light", light), ("dark", dark)] {
                    let widget = try Self.render(Self.report(titles), theme: theme, language: lang, width: w, height: h)
                    try Snapshot.check(widget.surface, variant: "\(size)-\(lang.rawValue)-\(appearance)")
                }
            }
        }
    }

    @Test("the hit map covers every cell: check-in toggles for past and today's cells, open for future ones")
    func hitMapCoversEveryCell() throws {
        let r = Self.report(Self.english)
        let widget = try Self.render(r, theme: .standard, language: .en)
        let cells = widget.hitMap.regions.filter {
            switch $0.action { case .checkIn, .openTodo: true; default: false }
        }
        #expect(cells.count == 7 * 50)
        let checkIns = widget.hitMap.regions.compactMap { region -> String? in
            if case .checkIn(_, let date) = region.action { return date } else { return nil }
        }
        // Days 1…23 of every habit but the blank days of the last one.
        #expect(checkIns.count == 7 * 23 - 3)
        #expect(checkIns.contains("2027-01-26") && !checkIns.contains("2027-01-27"))
        // No two cells overlap, and each cell's centre hits that cell.
        for (i, a) in cells.enumerated() {
            #expect(widget.hitMap.region(atX: a.x + a.width / 2, y: a.y + a.height / 2) == a, "cell \(i)")
        }
        // Read-only: nothing toggles.
        let readOnly = try Self.render(r, theme: .standard, language: .en, mode: .readOnly)
        #expect(!readOnly.hitMap.regions.contains { if case .checkIn = $0.action { true } else { false } })
        // The hit map survives its JSON form.
        #expect(HitMap(json: widget.hitMap.jsonValue) == widget.hitMap)
    }

    @Test("days are columns in a wide widget and rows in a tall one")
    func orientation() {
        let wide = GridLayout(area: Rect(x: 0, y: 0, width: 300, height: 100), habits: 7, days: 50, rowHeight: .normal, labelFontSize: 12)
        let tall = GridLayout(area: Rect(x: 0, y: 0, width: 150, height: 500), habits: 7, days: 50, rowHeight: .normal, labelFontSize: 12)
        #expect(wide.daysAsColumns && !tall.daysAsColumns)
        #expect(wide.cell(habit: 0, day: 1).x > wide.cell(habit: 0, day: 0).x)
        #expect(tall.cell(habit: 0, day: 1).y > tall.cell(habit: 0, day: 0).y)
        #expect(tall.cell(habit: 6, day: 49).maxY <= 500.0001 && wide.cell(habit: 6, day: 49).maxX <= 300.0001)
    }

    @Test("the grid fills its area: habits spread over the height, streaks after the rows, the legend below",
          arguments: [(760.0, 300.0, 3, 28), (364, 150, 7, 50), (364, 150, 2, 7), (160, 500, 3, 30), (200, 70, 7, 50)])
    func fillsItsArea(_ w: Double, _ h: Double, _ habits: Int, _ days: Int) {
        let area = Rect(x: 10, y: 20, width: w, height: h)
        let g = GridLayout(area: area, habits: habits, days: days, rowHeight: .normal, labelFontSize: 12,
                           streakLabel: Self.streakLabel, legendHeight: 20)
        func inside(_ r: Rect) -> Bool {
            r.x >= area.x - 0.001 && r.y >= area.y - 0.001 && r.maxX <= area.maxX + 0.001 && r.maxY <= area.maxY + 0.001
        }
        let first = g.cell(habit: 0, day: 0), last = g.cell(habit: habits - 1, day: days - 1)
        #expect(inside(first) && inside(last) && inside(g.label(habit: habits - 1)))
        // The cells span the day axis and reach across the habit axis: no more than one pitch's slack is left.
        let legend = g.legend?.height ?? 0
        if g.daysAsColumns {
            #expect(last.maxX - first.x >= w - g.labelSize - g.streakSize - 8.001)
            #expect(first.y - area.y <= g.habitPitch / 2 && area.maxY - legend - last.maxY <= g.habitPitch / 2 + 0.001)
        } else {
            #expect(last.maxY - first.y >= h - g.labelSize - g.streakSize - legend - 4.001)
        }
        if let streak = g.streak(habit: habits - 1) {
            #expect(inside(streak))
            #expect(g.daysAsColumns ? streak.x >= last.maxX : streak.y >= last.maxY)
        }
        if let l = g.legend { #expect(inside(l) && l.y >= last.maxY - 0.001) }
        // Only the tiny widget gives up its legend.
        #expect((g.legend == nil) == (h == 70))
    }

    /// The size of a `🔥 12` label, points.
    static let streakLabel = (width: 30.0, height: 16.0)

    @Test("an overdue cell is ringed in the overdue colour and checks in; today's outline stays inside the widget")
    func overdueAndTodayOutline() throws {
        var r = Self.report(Self.english, today: 49)
        r.habits[1].cells[49] = .overdue
        let widget = try Self.render(r, theme: .standard, language: .en)
        // The overdue cell is a check-in target like today's open one.
        let read = "00000000-0000-4000-8000-000000000002"
        #expect(widget.hitMap.regions.contains { $0.action == .checkIn(todoID: read, date: "2027-02-22") })
        try Snapshot.check(widget.surface, variant: "last-day-overdue")
    }
}

/// A challenge with habits that have a target per week (docs/cycles.md "Habits with a target"), on day 17 of 28, a
/// Wednesday: the cells `Store.challengeReport` gives them. "Run" needs 3 a week: week 1 met (the days without a
/// check-in blank), week 2 short (those days missed), week 3 has one check-in and today is partly filled. "Gym" needs
/// 2: both weeks met, and today's check-in meets week 3. "Stretch" is a plain daily habit beside them.
@Suite struct GoalGridGoldenTests {
    init() { TestFonts.install() }

    static func report(_ language: Language) -> ChallengeReport {
        let today = 16
        let titles = language == .ja ? ["ランニング", "ジム", "ストレッチ"] : ["Run", "Gym", "Stretch"]
        let c = Challenge(id: "00000000-0000-4000-8000-0000000000c2", listId: "00000000-0000-4000-8000-0000000000ab",
                          title: language == .ja ? "4週間チャレンジ" : "4-week challenge",
                          startDate: LocalDate(iso: "2027-01-04")!, days: 28, remind: "21:00", routine: nil,
                          habits: titles, createdAt: Sample.instant)
        /// One row of a weekly goal habit: `checkIns` the days with a check-in, `goal` per Monday-to-Sunday week.
        func goalRow(_ checkIns: Set<Int>, goal: Int) -> [ChallengeCell] {
            (0..<28).map { d in
                let week = (d / 7 * 7)..<(d / 7 * 7 + 7)
                let met = week.filter { checkIns.contains($0) }.count >= goal
                if checkIns.contains(d) { return .done }
                if d > today { return .future }
                if d == today { return met ? .off : (week.contains { checkIns.contains($0) } ? .partial : .open) }
                if week.upperBound <= today && !met { return .missed }
                return .off
            }
        }
        let rows: [[ChallengeCell]] = [
            goalRow([0, 2, 4, 8, 11, 14], goal: 3),
            goalRow([1, 3, 9, 10, 14, 16], goal: 2),
            (0..<28).map { d in d > today ? .future : d == today ? .open : d % 6 == 5 ? .missed : .done },
        ]
        let streaks = [Streak(current: 0, best: 1, completedInWindow: 1, window: 2),
                       Streak(current: 3, best: 3, completedInWindow: 3, window: 3),
                       Streak(current: 5, best: 5, completedInWindow: 14, window: 16)]
        let habits = titles.indices.map { h in
            ChallengeReport.Habit(todoID: String(format: "00000000-0000-4000-8000-%012d", h + 11), title: titles[h],
                                  cells: rows[h], checkIns: rows[h].filter { $0 == .done }.count, streak: streaks[h])
        }
        return ChallengeReport(challenge: c, state: .running, day: today + 1, todayIndex: today, habits: habits,
                               checkIns: habits.map(\.checkIns).reduce(0, +), possible: 3 * 4 + 2 * 4 + 28,
                               bestStreak: 5)
    }

    @Test func weeklyGoals() throws {
        let presets = try Sample.presets()
        let light = try #require(presets.first { $0.file == "daylight" }?.theme)
        for (size, w, h) in [("small", nil, nil), ("large", 760.0, 300.0)] as [(String, Double?, Double?)] {
            for lang in [Language.en, .ja] {
                let widget = try GridGoldenTests.render(Self.report(lang), theme: light, language: lang,
                                                        width: w, height: h)
                try Snapshot.check(widget.surface, variant: "\(size)-\(lang.rawValue)-light")
            }
        }
    }

    @Test("a partly filled cell is a check-in target like any other day of the habit")
    func partialCellChecksIn() throws {
        let widget = try GridGoldenTests.render(Self.report(.en), theme: .standard, language: .en)
        let run = "00000000-0000-4000-8000-000000000011"
        #expect(widget.hitMap.regions.contains { $0.action == .checkIn(todoID: run, date: "2027-01-20") })
    }
}
