import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRender
import TestSupport

/// Widgets as a person sees them: due labels, sort by due, the space used,
/// tiny sizes and right-to-left titles. Goldens at scale 1 or 2 (see `Snapshot` for the tolerance),
/// each looked at when recorded; assertions on the drawn rows and pixels beside them.
@Suite struct WidgetPersonGoldenTests {
    init() { TestFonts.install() } // before Pango first runs: the test fonts (fonts.conf)

    /// Sample "now": Tuesday 2027-01-05 09:00 in Asia/Tokyo.
    static let clock = Sample.clock
    static let zone = "Asia/Tokyo"

    static func day(_ d: Int) -> LocalDate { LocalDate(year: 2027, month: 1, day: d)! }
    static func at(_ d: Int, _ h: Int, _ m: Int = 0) -> Due { .dateTime(LocalDateTime(date: day(d), hour: h, minute: m)!, zoneID: zone) }

    /// Todos with every kind of due, in the list's order (`sortOrder` 1, 2, …).
    static func dues(japanese: Bool) -> WidgetContent {
        let list = TodoList(id: "00000000-0000-4000-8000-0000000000bb", title: japanese ? "今週" : "This week", sortOrder: 0, createdAt: Sample.instant)
        let items: [(String, String, Due?, RepeatRule?)] = [
            ("Water the plants 🌿", "植物に水やり 🌿", nil, nil),
            ("Pay the electricity bill", "電気代を払う", at(5, 8), nil),                  // overdue since 08:00 today
            ("Call the dentist", "歯医者に電話", .date(day(3)), nil),                      // overdue since Sunday
            ("Team standup", "朝会", at(5, 18), RepeatRule(frequency: .daily)),         // today 18:00, repeating
            ("Return library books 📚", "図書館に本を返す 📚", .date(day(6)), nil),        // tomorrow
            ("Dinner with Aiko", "アイコと夕食", at(20, 19, 30), nil),                     // Jan 20 19:30
            ("Renew passport", "パスポート更新", .date(day(1).adding(days: 380)), nil),     // next year
            ("Tax return (old)", "確定申告（昔の）", .date(LocalDate(year: 2026, month: 12, day: 20)!), nil), // overdue long ago
        ]
        var n = 0
        let todos = items.map { en, ja, due, rule -> Todo in
            n += 1
            return Todo(id: String(format: "00000000-0000-4000-8000-%012d", n), listId: list.id, title: japanese ? ja : en,
                        sortOrder: n, createdAt: Sample.instant, due: due, anchor: due, repeatRule: rule)
        }
        return .list(ListContent(list: list, pending: todos, completed: []))
    }

    static func render(_ content: WidgetContent, family: WidgetFamily, theme: Theme = .standard, scale: Double = 1,
                       language: Language = .en, sort: WidgetSort = .manual,
                       width: Double? = nil, height: Double? = nil) throws -> RenderedWidget {
        var spec = WidgetSpec(name: "sample", family: family, list: "sample", scale: scale, language: language, width: width, height: height)
        spec.sort = sort
        return try WidgetRenderer(spec: spec, theme: theme, clock: clock).render(content)
    }

    static var dark: Theme {
        var t = Theme(name: "Dark")
        t.appearance = .dark
        return t
    }

    @Test func dueLabels() throws {
        // Strings first: Core's DueLabel and the catalogue's words, in both languages.
        let today = Self.clock.today
        let en = WidgetStrings(language: .en), ja = WidgetStrings(language: .ja)
        func label(_ due: Due) -> DueLabel { DueLabel(due: due, now: Self.clock.now, zone: Self.clock.timeZone) }
        #expect(en.due(label(Self.at(5, 8)), today: today) == "Overdue")
        #expect(en.due(label(.date(Self.day(3))), today: today) == "Overdue · Sun")
        #expect(en.due(label(.date(LocalDate(year: 2026, month: 12, day: 20)!)), today: today) == "Overdue · Dec 20, 2026")
        #expect(en.due(label(Self.at(5, 18)), today: today) == "Today 18:00")
        #expect(en.due(label(.date(Self.day(6))), today: today) == "Tomorrow")
        #expect(en.due(label(Self.at(20, 19, 30)), today: today) == "Jan 20 19:30")
        #expect(ja.due(label(Self.at(5, 8)), today: today) == "期限切れ")
        #expect(ja.due(label(.date(Self.day(3))), today: today) == "期限切れ · 日")
        #expect(ja.due(label(Self.at(5, 18)), today: today) == "今日 18:00")
        #expect(ja.due(label(Self.at(20, 19, 30)), today: today) == "1月20日 19:30")

        for (language, ja) in [(Language.en, false), (.ja, true)] {
            let content = Self.dues(japanese: ja)
            for (appearance, theme) in [("light", Theme.standard), ("dark", Self.dark)] {
                let l = language.rawValue
                // Large: a second line under each title that has a due (auto = below).
                let large = try Self.render(content, family: .large, theme: theme, language: language)
                #expect(large.rows.filter { $0.kind == .pending }.count >= 5, "\(l)-\(appearance)")
                try Snapshot.check(large.surface, variant: "large-\(l)-\(appearance)")
                // Medium: a trailing label when the title keeps room (auto = inline).
                let medium = try Self.render(content, family: .medium, theme: theme, scale: 2, language: language)
                try Snapshot.check(medium.surface, variant: "medium-\(l)-\(appearance)")
            }
        }
        // The overdue label is red and today's orange: look for those colours in the large widget.
        let w = try Self.render(Self.dues(japanese: false), family: .large, scale: 2)
        func has(_ row: RenderedRow, _ test: (Pixel) -> Bool) -> Bool {
            for y in Int(row.frame.y * 2)..<Int(row.frame.maxY * 2) {
                for x in Int(row.frame.x * 2)..<Int(row.frame.maxX * 2) where test(w.surface.pixel(x: x, y: y)) { return true }
            }
            return false
        }
        let rows = w.rows.filter { $0.kind == .pending }
        let red: (Pixel) -> Bool = { $0.red > 200 && $0.green < 120 && $0.blue < 120 }
        let orange: (Pixel) -> Bool = { $0.red > 200 && (110...190).contains($0.green) && $0.blue < 80 }
        #expect(!has(rows[0], red) && !has(rows[0], orange), "no due, no label")
        #expect(has(rows[1], red), "overdue in red")
        #expect(has(rows[3], orange), "today in orange")
        #expect(rows[1].frame.height > Theme.standard.metrics.rowHeight, "large: due lines below")
        // showDue off: no labels, short rows.
        var off = Theme.standard
        off.showDue = .off
        let plain = try Self.render(Self.dues(japanese: false), family: .large, theme: off, scale: 2)
        #expect(plain.rows.allSatisfy { $0.frame.height == off.metrics.rowHeight })
    }

    @Test func sortByDue() throws {
        let content = Self.dues(japanese: false)
        let w = try Self.render(content, family: .large, sort: .due)
        // Overdue first (oldest first), then by due, undated last.
        #expect(w.rows.filter { $0.kind == .pending }.map(\.text).prefix(6) == [
            "Tax return (old)", "Call the dentist", "Pay the electricity bill", "Team standup", "Return library books 📚", "Dinner with Aiko",
        ])
        let all = try Self.render(content, family: .large, sort: .due, height: 800)
        #expect(all.rows.last?.text == "Water the plants 🌿", "undated last")
        try Snapshot.check(w.surface, variant: "large-en")
        let manual = try Self.render(content, family: .large)
        #expect(manual.rows.first?.text == "Water the plants 🌿")
    }

    @Test func mediumFillsItsRows() throws {
        let content = Sample.content("Groceries", ["Milk", "Eggs", "Bread", "Coffee beans", "Apples", "Rice"])
        let w = try Self.render(content, family: .medium)
        // The header says "6 left": four todos (three whole rows and the part-row under them, shared
        // evenly), the count shares the last row's line.
        #expect(w.rows.map(\.text) == ["Milk", "Eggs", "Bread", "Coffee beans"])
        try Snapshot.check(w.surface, variant: "medium-en")
        let ja = try Self.render(Sample.content("買い物", ["牛乳", "卵", "食パン", "コーヒー豆", "りんご", "お米"]), family: .medium, language: .ja)
        #expect(ja.rows.count == 4 && ja.rows.allSatisfy { $0.kind == .pending })
        try Snapshot.check(ja.surface, variant: "medium-ja")
        // Large with completed todos: the completed section starts right under the pending rows.
        var theme = Theme.standard
        theme.showCompleted = true
        let large = try Self.render(Sample.content("Home", (1...12).map { "Chore \($0)" }, completed: ["Laundry", "Dishes", "Vacuum", "Plants", "Bins"]),
                                    family: .large, theme: theme)
        let lastPending = try #require(large.rows.last { $0.kind == .pending })
        let firstDone = try #require(large.rows.first { $0.kind == .completed })
        #expect(firstDone.frame.y == lastPending.frame.maxY)
        try Snapshot.check(large.surface, variant: "large-completed-en")
    }

    @Test(arguments: [WidgetFamily.small, .medium, .large])
    func tinySizesNeverOverlap(family: WidgetFamily) throws {
        let content = Sample.content("Weekend plans", ["Buy flowers 💐", "Call the family", "Fix the bike"])
        for points in [nil, 32.0] {
            var theme = Theme.standard
            if let points { theme.fontSize = .points(points) }
            let w = try Self.render(content, family: family, theme: theme, scale: 2, width: 100, height: 100)
            let label = "\(family) \(points.map { "\(Int($0)) pt" } ?? "medium")"
            let bottom = 100 - family.padding.vertical
            #expect(w.rows.allSatisfy { $0.frame.maxY <= bottom + 1e-9 }, "\(label): a row below the padding")
            #expect(zip(w.rows, w.rows.dropFirst()).allSatisfy { $0.frame.maxY <= $1.frame.y + 1e-9 }, "\(label)")
            for r in w.hitMap.regions {
                #expect(r.x >= 0 && r.y >= 0 && r.x + r.width <= 200 && r.y + r.height <= 200, "\(label): \(r)")
            }
            try Snapshot.check(w.surface, variant: "\(family)-\(points.map { "\(Int($0))pt" } ?? "medium")")
        }
        // All done in a tiny widget: the check circle, never text over the padding.
        var big = Theme.standard
        big.fontSize = .points(32)
        let done = try Self.render(Sample.content("Home", [], completed: ["a"]), family: family, theme: big, scale: 2, width: 100, height: 100)
        try Snapshot.check(done.surface, variant: "\(family)-alldone-32pt")
    }

    @Test func rightToLeftTitlesStartBesideTheCheckbox() throws {
        let content = Sample.content("Mixed", ["שלום", "مرحبا", "Milk חלב", "عنوان طويل جدا جدا جدا جدا جدا جدا جدا جدا جدا جدا"])
        let w = try Self.render(content, family: .large, scale: 2)
        let rows = w.rows.filter { $0.kind == .pending }
        #expect(rows.count == 4)
        let background = w.surface.pixel(x: 2, y: w.surface.height / 2)
        /// Whether the row has ink in its title's first 30 points (left of it, the checkbox).
        func inkNearStart(_ row: RenderedRow) -> Bool {
            for y in Int(row.frame.y * 2)..<Int(row.frame.maxY * 2) {
                for x in Int(row.textFrame.x * 2)..<Int((row.textFrame.x + 30) * 2) {
                    let p = w.surface.pixel(x: x, y: y)
                    if abs(Int(p.red) - Int(background.red)) > 60 { return true }
                }
            }
            return false
        }
        for row in rows { #expect(inkNearStart(row), "\(row.text) is not aligned to the widget's leading edge") }
        #expect(rows[3].isEllipsized)
        try Snapshot.check(w.surface, variant: "large-en")
    }

    @Test func stackedCombiningMarks() throws {
        // Several marks on one base (Vietnamese, IPA, Zalgo-ish): drawn over their base, from the
        // base's font (docs/widgets.md "Text and fonts").
        let content = Sample.content("Marks", ["Tiếng Việt: Nguyễn Thị Ánh", "IPA: ə̃ ɛ̃ ɔ̃ ɑ̃ ŋ̊", "Stacked: Z̤̈ ä̤ o̰̓̈ ë̃", "Hindi: क्षत्रिय"])
        for language in Language.allCases {
            let w = try Self.render(content, family: .large, scale: 2, language: language)
            #expect(w.rows.filter { $0.kind == .pending }.count == 4)
            try Snapshot.check(w.surface, variant: "large-\(language.rawValue)")
        }
    }
}

/// A watcher redraws only when the fingerprint changes: due labels must be in it.
@Suite struct WidgetFingerprintDueTests {
    @Test func aDueTurningOverdueChangesTheFingerprint() {
        let content = WidgetPersonGoldenTests.dues(japanese: false)
        let spec = WidgetSpec(name: "w", family: .large, list: "x")
        let zone = TimeZone(identifier: "Asia/Tokyo")!
        func print(_ iso: TimeInterval) -> String {
            WidgetFingerprint.of(spec: spec, theme: .standard, content: content, flashing: [],
                                 clock: Clock(now: Sample.instant.addingTimeInterval(iso), timeZone: zone))
        }
        // 09:00 and 09:01: the same labels; 18:00 passes: "Today 18:00" becomes "Overdue".
        #expect(print(0) == print(60))
        #expect(print(60) != print(9 * 3600 + 60))
        // Midnight: "Tomorrow" becomes "Today".
        #expect(print(9 * 3600 + 60) != print(15 * 3600 + 60))
    }
}
