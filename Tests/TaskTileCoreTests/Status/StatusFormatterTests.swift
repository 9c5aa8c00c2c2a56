import Foundation
import Testing
import TaskTileCore
import TestSupport

/// `StatusFormatter` (docs/status-bars.md "Formats"): the exact text of every format for a
/// snapshot full of adversarial titles, and each output read back with its bar's own grammar.
@Suite struct StatusFormatterTests {
    static let today = LocalDate(iso: "2027-01-05")!
    static let tasktile = "/usr/local/bin/tasktile"
    static let formatter = StatusFormatter(strings: .english, executablePath: tasktile, dataDirectory: "/home/u/.local/share/tasktile")

    static func label(_ due: Due) -> DueLabel { DueLabel(due: due, now: StatusFixtures.now, zone: StatusFixtures.zone) }

    static func id(_ n: Int) -> String { String(format: "100000%02d-0000-4000-8000-000000000000", n) }

    /// One item per adversarial title, ids 10000001…; three carry dues: overdue, today 18:00, Jan 7.
    static var items: [StatusSnapshot.Item] {
        StatusFixtures.adversarialTitles.enumerated().map { i, title in
            let due: Due? = switch i {
            case 0: .date(LocalDate(iso: "2027-01-04")!)
            case 1: .dateTime(LocalDateTime(iso: "2027-01-05T18:00:00")!, zoneID: "Asia/Tokyo")
            case 3: .date(LocalDate(iso: "2027-01-07")!)
            default: nil
            }
            return StatusSnapshot.Item(id: id(i + 1), shortID: String(id(i + 1).prefix(8)), title: title, listTitle: "Errands",
                                       due: due, dueLabel: due.map(label))
        }
    }

    /// 12 pending (10 listed), 4 completed, 1 overdue, next due `<b>bold</b>` today at 18:00.
    static var snapshot: StatusSnapshot {
        StatusSnapshot(pendingCount: 12, completedCount: 4, overdueCount: 1, nextDue: items[1], pending: items, today: today)
    }

    static let cut80 = String(repeating: "€", count: 79) + "…"
    static let cut40 = String(repeating: "€", count: 39) + "…"

    // MARK: - Exact outputs

    @Test func plainExact() {
        let expected = """
        12 left · 1 overdue · next: <b>bold</b> (Today 18:00) · 25% done
        ○ 10000001  Fish & Chips (Overdue · Jan 4)
        ○ 10000002  <b>bold</b> (Today 18:00)
        ○ 10000003  %{F#f00}red%{F-}
        ○ 10000004  a | b (Jan 7)
        ○ 10000005  :smile:
        ○ 10000006  line\\nbreak
        ○ 10000007  \(StatusFixtures.adversarialTitles[6])
        ○ 10000008  شراء الحليب
        ○ 10000009  --sub
        ○ 10000010  \(StatusFixtures.longTitle)
        … and 2 more

        """
        #expect(Self.formatter.plain(Self.snapshot) == expected)
    }

    @Test func waybarExact() throws {
        let party = StatusFixtures.adversarialTitles[6]
        let expected = #"{"text":"12 left · 1 overdue","tooltip":"12 left · 1 overdue · 25% done\nnext: &lt;b&gt;bold&lt;/b&gt; (Today 18:00)\n○ Fish &amp; Chips (Overdue · Jan 4)\n○ &lt;b&gt;bold&lt;/b&gt; (Today 18:00)\n○ %{F#f00}red%{F-}\n○ a | b (Jan 7)\n○ :smile:\n○ line\\nbreak\n○ "#
            + party + #"\n○ شراء الحليب\n○ --sub\n○ "# + Self.cut80 + #"\n… and 2 more","class":"overdue","percentage":25,"alt":"overdue"}"# + "\n"
        #expect(Self.formatter.waybar(Self.snapshot) == expected)
    }

    @Test func i3blocksExact() {
        #expect(Self.formatter.i3blocks(Self.snapshot) == "12 left · 1 overdue · next: <b>bold</b> (Today 18:00)\n12 left · 1 overdue\n#FF5555\n")
    }

    @Test func polybarExact() {
        #expect(Self.formatter.polybar(Self.snapshot) == "12 left · 1 overdue · next: <b>bold</b> (Today 18:00)\n")
    }

    @Test func xbarExact() {
        let p = StatusFormatter.xbarTextParameters
        func action(_ n: Int) -> String {
            "shell=/usr/local/bin/tasktile param1=intent param2=complete param3=--id param4=\(Self.id(n)) param5=--data-dir param6=/home/u/.local/share/tasktile terminal=false refresh=true bash=/usr/local/bin/tasktile"
        }
        let expected = """
        12 left · 1 overdue | color=#FF5555 \(p)
        ---
        next: <b>bold</b> (Today 18:00) | \(p)
        ○ Fish & Chips (Overdue · Jan 4) | \(action(1)) color=#FF5555 \(p)
        ○ <b>bold</b> (Today 18:00) | \(action(2)) \(p)
        ○ %{F#f00}red%{F-} | \(action(3)) \(p)
        ○ a ¦ b (Jan 7) | \(action(4)) \(p)
        ○ :smile: | \(action(5)) \(p)
        ○ line\\nbreak | \(action(6)) \(p)
        ○ \(StatusFixtures.adversarialTitles[6]) | \(action(7)) \(p)
        ○ شراء الحليب | \(action(8)) \(p)
        ○ --sub | \(action(9)) \(p)
        ○ \(Self.cut80) | \(action(10)) \(p)
        … and 2 more | \(p)
        ---
        Refresh | refresh=true \(p)

        """
        #expect(Self.formatter.xbar(Self.snapshot) == expected)
    }

    @Test func jsonExact() {
        let one = StatusSnapshot(listTitle: "Errands", pendingCount: 1, completedCount: 1, overdueCount: 0,
                                 nextDue: Self.items[1], pending: [Self.items[1]], today: Self.today)
        let item = """
            {
              "id": "10000002-0000-4000-8000-000000000000",
              "title": "<b>bold</b>",
              "list": "Errands",
              "due": "2027-01-05T18:00:00+09:00",
              "overdue": false,
              "priority": "none",
              "tags": [],
              "parentId": null
            }
        """
        let expected = """
        {
          "list": "Errands",
          "class": "pending",
          "pendingCount": 1,
          "completedCount": 1,
          "overdueCount": 0,
          "percentage": 50,
          "nextDue": \(item.dropFirst(4).replacingOccurrences(of: "\n    ", with: "\n  ")),
          "pending": [
        \(item)
          ],
          "unlistedCount": 0,
          "streaks": []
        }

        """
        #expect(Self.formatter.json(one) == expected)
    }

    @Test func emptyStateIsAClassNotAFailure() throws {
        let empty = StatusSnapshot(pendingCount: 0, completedCount: 3, overdueCount: 0, pending: [], today: Self.today)
        #expect(Self.formatter.waybar(empty) == #"{"text":"All done","tooltip":"All done","class":"empty","percentage":100,"alt":"empty"}"# + "\n")
        #expect(Self.formatter.polybar(empty) == "All done\n")
        #expect(Self.formatter.i3blocks(empty) == "All done\nAll done\n")
        #expect(Self.formatter.plain(empty) == "All done · 100% done\n")
        #expect(Self.formatter.xbar(empty) == "All done | \(StatusFormatter.xbarTextParameters)\n---\n---\nRefresh | refresh=true \(StatusFormatter.xbarTextParameters)\n")
        let nothing = StatusSnapshot(pendingCount: 0, completedCount: 0, overdueCount: 0, pending: [], today: Self.today)
        #expect(Self.formatter.plain(nothing) == "All done\n")
        #expect(nothing.percentage == 100)
    }

    @Test func percentageRoundsDownAndReaches100OnlyWhenNothingIsPending() {
        func p(_ pending: Int, _ completed: Int) -> Int {
            StatusSnapshot(pendingCount: pending, completedCount: completed, overdueCount: 0, pending: [], today: Self.today).percentage
        }
        #expect(p(1, 199) == 99)
        #expect(p(2, 1) == 33)
        #expect(p(3, 0) == 0)
        #expect(p(0, 5) == 100)
    }

    // MARK: - Per title, in the one-line formats

    struct TitleCase: Sendable, CustomTestStringConvertible {
        var title: String
        /// The title as polybar prints it (bar length, `%{` neutralised).
        var polybar: String
        /// The title in i3blocks' full_text (bar length, as is).
        var i3blocks: String
        /// The title in an xbar menu line (menu length, `|` replaced).
        var xbar: String
        var testDescription: String { String(title.prefix(20)) }
    }

    static let titleCases: [TitleCase] = StatusFixtures.adversarialTitles.map { t in
        switch t {
        case "%{F#f00}red%{F-}": TitleCase(title: t, polybar: "% {F#f00}red% {F-}", i3blocks: t, xbar: t)
        case "a | b": TitleCase(title: t, polybar: t, i3blocks: t, xbar: "a ¦ b")
        case StatusFixtures.longTitle: TitleCase(title: t, polybar: cut40, i3blocks: cut40, xbar: cut80)
        default: TitleCase(title: t, polybar: t, i3blocks: t, xbar: t)
        }
    }

    static func single(_ title: String) -> StatusSnapshot {
        let due = Due.dateTime(LocalDateTime(iso: "2027-01-05T18:00:00")!, zoneID: "Asia/Tokyo")
        let item = StatusSnapshot.Item(id: id(1), shortID: "10000001", title: title, listTitle: "L", due: due, dueLabel: label(due))
        return StatusSnapshot(pendingCount: 1, completedCount: 0, overdueCount: 0, nextDue: item, pending: [item], today: today)
    }

    @Test(arguments: titleCases) func polybarOneLineWithoutTags(_ c: TitleCase) {
        let out = Self.formatter.polybar(Self.single(c.title))
        #expect(out == "1 left · next: \(c.polybar) (Today 18:00)\n")
        #expect(!out.contains("%{"), "polybar would read a tag")
        #expect(out.filter { $0 == "\n" }.count == 1)
    }

    @Test(arguments: titleCases) func i3blocksLines(_ c: TitleCase) {
        let out = Self.formatter.i3blocks(Self.single(c.title))
        #expect(out == "1 left · next: \(c.i3blocks) (Today 18:00)\n1 left\n")
    }

    @Test(arguments: titleCases) func xbarLinesParse(_ c: TitleCase) throws {
        let out = Self.formatter.xbar(Self.single(c.title))
        let lines = out.split(separator: "\n")
        let parsed = try lines.map(StatusGrammar.bitBarLine)
        for (line, p) in zip(lines, parsed) where line != "---" {
            // No line may be read as a separator or a submenu item.
            #expect(!p.text.hasPrefix("--"), "\(line)")
            for key in ["emojize", "ansi", "useMarkup", "unescape"] { #expect(p.parameters[key] == "false", "\(key) in \(line)") }
        }
        let item = parsed[3]
        #expect(item.text == "○ \(c.xbar) (Today 18:00)")
        #expect(item.parameters["shell"] == Self.tasktile)
        #expect(["param1", "param2", "param3", "param4", "param5", "param6"].map { item.parameters[$0] ?? "" }
                == ["intent", "complete", "--id", Self.id(1), "--data-dir", "/home/u/.local/share/tasktile"])
        #expect(item.parameters["terminal"] == "false" && item.parameters["refresh"] == "true")
        #expect(item.parameters["bash"] == Self.tasktile, "Argos runs only bash=")
        #expect(item.parameterOrder.prefix(9) == ["shell", "param1", "param2", "param3", "param4", "param5", "param6", "terminal", "refresh"])
    }

    // MARK: - waybar through JSON and Pango

    @Test func waybarParsesAsJSONAndPango() throws {
        let out = Self.formatter.waybar(Self.snapshot)
        let object = try StatusGrammar.waybarObject(out)
        #expect(Set(object.keys) == ["text", "tooltip", "class", "percentage", "alt"])
        #expect(object["class"] as? String == "overdue")
        #expect((object["percentage"] as? NSNumber)?.intValue == 25)
        let text = try StatusGrammar.pangoText(try #require(object["text"] as? String)).get()
        #expect(text == "12 left · 1 overdue")
        let tooltip = try StatusGrammar.pangoText(try #require(object["tooltip"] as? String)).get()
        // What the user sees is every title verbatim (cut only when long).
        let shown = tooltip.split(separator: "\n").map(String.init)
        #expect(shown.contains("○ Fish & Chips (Overdue · Jan 4)"))
        #expect(shown.contains("○ <b>bold</b> (Today 18:00)"))
        #expect(shown.contains("next: <b>bold</b> (Today 18:00)"))
        for c in Self.titleCases where c.title != StatusFixtures.longTitle && c.title != "a | b" {
            #expect(shown.contains { $0.hasPrefix("○ " + c.title) }, "\(c.title)")
        }
        #expect(shown.contains("○ a | b (Jan 7)"))
        #expect(shown.contains("○ " + Self.cut80))
    }

    @Test(arguments: StatusFixtures.adversarialTitles) func waybarEveryTitleIsValidMarkup(_ title: String) throws {
        let object = try StatusGrammar.waybarObject(Self.formatter.waybar(Self.single(title)))
        let tooltip = try #require(object["tooltip"] as? String)
        let plain = try StatusGrammar.pangoText(tooltip).get()
        #expect(plain.contains(StatusFormatter.cut(title, StatusFormatter.menuTitleLength)))
    }

    @Test func unescapedTitleWouldFailPango() {
        // The check above can fail: Pango refuses the raw title that would blank waybar's label.
        if case .success = StatusGrammar.pangoText("Fish & Chips") { Issue.record("Pango accepted a raw &") }
        if case .success = StatusGrammar.pangoText("<b>bold") { Issue.record("Pango accepted an open tag") }
    }

    // MARK: - Errors and language

    @Test func errorLinesAreValidInEveryBar() throws {
        let message = "cannot open /tmp/a&b/<x>/\"q\"/tasktile.sqlite: disk I/O error | %{F#f00}"
        let w = try StatusGrammar.waybarObject(Self.formatter.error(message, as: .waybar))
        #expect(w["class"] as? String == "error")
        #expect(try StatusGrammar.pangoText(try #require(w["tooltip"] as? String)).get() == message)
        #expect(try StatusGrammar.pangoText(try #require(w["text"] as? String)).get() == "Error")
        let polybar = Self.formatter.error(message, as: .polybar)
        #expect(polybar == "Error: cannot open /tmp/a&b/<x>/\"q\"/tasktile.sqlite: disk I/O error | % {F#f00}\n")
        #expect(Self.formatter.error(message, as: .i3blocks) == "Error: " + StatusFormatter.cut(message, 80) + "\nError\n#FF5555\n")
        let xbar = try Self.formatter.error(message, as: .xbar).split(separator: "\n").map(StatusGrammar.bitBarLine)
        #expect(xbar[0].text == "Error" && xbar[0].parameters["color"] == "#FF5555")
        #expect(xbar[2].text == "cannot open /tmp/a&b/<x>/\"q\"/tasktile.sqlite: disk I/O error ¦ %{F#f00}")
    }

    @Test func japanese() {
        let ja = StatusFormatter(strings: .forLanguage(.ja), executablePath: Self.tasktile, dataDirectory: "/d")
        #expect(ja.polybar(Self.snapshot) == "残り12件 · 期限切れ1件 · 次: <b>bold</b> (今日 18:00)\n")
        #expect(ja.plain(Self.snapshot).hasPrefix("残り12件 · 期限切れ1件 · 次: <b>bold</b> (今日 18:00) · 25%完了\n○ 10000001  Fish & Chips (期限切れ · 1月4日)\n"))
        let empty = StatusSnapshot(pendingCount: 0, completedCount: 0, overdueCount: 0, pending: [], today: Self.today)
        #expect(ja.i3blocks(empty) == "全て完了\n全て完了\n")
        #expect(ja.error("x", as: .polybar) == "エラー: x\n")
    }

    @Test func dueTextAcrossDays() {
        let s = StatusStrings.english
        let t = Self.today
        func l(_ iso: String) -> DueLabel { Self.label(.date(LocalDate(iso: iso)!)) }
        #expect(s.dueText(l("2027-01-06"), today: t) == "Tomorrow")
        #expect(s.dueText(l("2028-03-01"), today: t) == "Mar 1, 2028")
        #expect(StatusStrings.japanese.dueText(l("2028-03-01"), today: t) == "2028年3月1日")
    }
}
