import Foundation
import Testing
import TaskTileCore
import TestSupport
@testable import tasktile

/// `--repeat monthly|yearly --on 3thu` (docs/cycles.md "Repeat rules"): the accepted spellings, refusals
/// (exit 64, store untouched), `edit`, `show`, `done` moving to the next cycle, and the JSON backup and iCalendar round
/// trips, the exported RRULEs checked against python-dateutil.
@Suite("Repeat CLI: the Nth weekday of the month")
struct RepeatNthWeekdayCLITests {
    /// A store with list "Home"; now is Mon 2027-01-04 08:00 in Berlin.
    static func home() -> CycleCLI {
        let cli = CycleCLI()
        cli.run("list", "add", "Home")
        return cli
    }

    static func occurrences(_ cli: CycleCLI, _ title: String, count: Int = 4) throws -> [String] {
        let r = cli.run("--json", "occurrences", title, "--list", "Home", "--count", "\(count)")
        #expect(r.code == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String])
    }

    @Test("the third Thursday, however it is spelled", arguments: [
        "3thu", "3-thu", "3rd-thu", "3rdthu", "3th", "3thursday", "3rd-Thursday", "+3TH", " 3thu ",
    ])
    func thirdThursday(_ on: String) throws {
        let cli = Self.home()
        let r = cli.run("add", "Book club", "--list", "Home", "--due", "2027-01-04 19:00", "--repeat", "monthly", "--on", on)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(try Self.occurrences(cli, "Book club") == [
            "2027-01-21T19:00:00+01:00", "2027-02-18T19:00:00+01:00", "2027-03-18T19:00:00+01:00", "2027-04-15T19:00:00+02:00",
        ])
    }

    @Test("the last Friday and the one before it", arguments: [
        ("last-fri", ["2027-01-29", "2027-02-26", "2027-03-26"]), ("lastfri", ["2027-01-29", "2027-02-26", "2027-03-26"]),
        ("last-friday", ["2027-01-29", "2027-02-26", "2027-03-26"]), ("-1fr", ["2027-01-29", "2027-02-26", "2027-03-26"]),
        ("-1fri", ["2027-01-29", "2027-02-26", "2027-03-26"]), ("-2fr", ["2027-01-22", "2027-02-19", "2027-03-19"]),
        ("2nd-last-fri", ["2027-01-22", "2027-02-19", "2027-03-19"]), ("2nd-to-last-fri", ["2027-01-22", "2027-02-19", "2027-03-19"]),
        ("5fri", ["2027-01-29", "2027-04-30", "2027-07-30"]), ("1st-mon", ["2027-01-04", "2027-02-01", "2027-03-01"]),
    ])
    func fromTheEnd(_ on: String, _ dates: [String]) throws {
        let cli = Self.home()
        let r = cli.run("add", "Pay", "--list", "Home", "--due", "2027-01-01", "--repeat", "monthly", "--on", on)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(try Self.occurrences(cli, "Pay", count: 3) == dates)
    }

    @Test("yearly on the 4th Thursday of the due's month: Thanksgiving")
    func thanksgiving() throws {
        let cli = Self.home()
        #expect(cli.run("add", "Thanksgiving", "--list", "Home", "--due", "2027-11-01", "--repeat", "yearly", "--on", "4thu").code == 0)
        #expect(try Self.occurrences(cli, "Thanksgiving") == ["2027-11-25", "2028-11-23", "2029-11-22", "2030-11-28"])
        let show = cli.run("show", "Home")
        #expect(show.stdout.contains("↻ Yearly on the 4th Thursday of Nov\n"), "\(show.stdout)")
        let ja = cli.run("--lang", "ja", "show", "Home")
        #expect(ja.stdout.contains("↻ 毎年11月の第4木曜日\n"), "\(ja.stdout)")
    }

    @Test("show and --json describe the rule; every 2 months and an end")
    func showAndJSON() throws {
        let cli = Self.home()
        #expect(cli.run("add", "Book club", "--list", "Home", "--due", "2027-01-04 19:00", "--repeat", "monthly", "--on", "3thu").code == 0)
        #expect(cli.run("add", "Pay", "--list", "Home", "--due", "2027-01-01", "--repeat", "monthly", "--every", "2",
                        "--on", "last-fri", "--times", "3").code == 0)
        let show = cli.run("show", "Home")
        #expect(show.stdout.contains("↻ Monthly on the 3rd Thursday\n"), "\(show.stdout)")
        #expect(show.stdout.contains("↻ Every 2 months on the last Friday · 2 left\n"), "\(show.stdout)")
        let ja = cli.run("--lang", "ja", "show", "Home")
        #expect(ja.stdout.contains("↻ 毎月第3木曜日\n"), "\(ja.stdout)")
        #expect(ja.stdout.contains("↻ 2か月ごと 最終金曜日 · 残り2回\n"), "\(ja.stdout)")

        let json = cli.run("--json", "show", "Home")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let pending = try #require((root["lists"] as? [[String: Any]])?.first?["pending"] as? [[String: Any]])
        let club = try #require(pending.first { $0["title"] as? String == "Book club" })
        let rule = try #require(club["repeat"] as? [String: Any])
        #expect(rule["frequency"] as? String == "monthly")
        #expect(rule["weekdays"] as? [String] == [])
        let nth = try #require(rule["nthWeekday"] as? [String: Any])
        #expect(nth["ordinal"] as? Int == 3 && nth["weekday"] as? String == "thu")
        #expect(club["due"] as? String == "2027-01-21T19:00:00+01:00")
    }

    @Test("done on the due day moves to next month's 3rd Thursday; a late done completes the cycle that was due")
    func completionMovesOn() throws {
        let cli = Self.home()
        #expect(cli.run("add", "Book club", "--list", "Home", "--due", "2027-01-21 19:00", "--repeat", "monthly", "--on", "3thu").code == 0)
        // A day late (Jan 22): the January cycle is overdue, not missed, and done completes it.
        let late = cli.at("2027-01-22T10:00:00+01:00")
        #expect(late.run("done", "Book club", "--list", "Home").code == 0)
        #expect(try Self.occurrences(late, "Book club", count: 2) == ["2027-02-18T19:00:00+01:00", "2027-03-18T19:00:00+01:00"])
        #expect(late.run("show", "Home").stdout.contains("Book club  · Thu, Feb 18 19:00"))
        // Past February's without completing it: missed once, March's is current.
        let april = cli.at("2027-03-19T10:00:00+01:00")
        let show = april.run("show", "Home")
        #expect(show.stdout.contains("↻ Monthly on the 3rd Thursday · Missed ×1"), "\(show.stdout)")
    }

    @Test("edit sets the rule from the todo's own due and keeps it when only --every changes")
    func edit() throws {
        let cli = Self.home()
        #expect(cli.run("add", "Club", "--list", "Home", "--due", "2027-01-05 19:00").code == 0)
        let r = cli.run("edit", "Club", "--list", "Home", "--repeat", "monthly", "--on", "3thu")
        #expect(r.code == 0, "\(r.stderr)")
        #expect(try Self.occurrences(cli, "Club", count: 2) == ["2027-01-21T19:00:00+01:00", "2027-02-18T19:00:00+01:00"])
        #expect(cli.run("edit", "Club", "--list", "Home", "--repeat", "monthly", "--every", "2").code == 0)
        #expect(try Self.occurrences(cli, "Club", count: 2) == ["2027-01-21T19:00:00+01:00", "2027-03-18T19:00:00+01:00"])
        #expect(cli.run("show", "Home").stdout.contains("↻ Every 2 months on the 3rd Thursday\n"))
        // --no-repeat drops the rule, Nth weekday included.
        #expect(cli.run("edit", "Club", "--list", "Home", "--no-repeat").code == 0)
        #expect(cli.run("show", "Home").stdout.contains("↻") == false)
    }

    struct Bad: Sendable, CustomStringConvertible {
        var arguments: [String]
        var mentions: [String]
        var description: String { arguments.joined(separator: " ") }
    }

    static let add = ["add", "X", "--list", "Home", "--due", "2027-01-04"]
    static let bad: [Bad] = [
        Bad(arguments: add + ["--repeat", "monthly", "--on", "6thu"], mentions: ["--on", "got 6", "1…5", "last-thu"]),
        Bad(arguments: add + ["--repeat", "monthly", "--on", "0fri"], mentions: ["--on", "got 0"]),
        Bad(arguments: add + ["--repeat", "yearly", "--on", "-6su"], mentions: ["--on", "got -6"]),
        Bad(arguments: add + ["--repeat", "daily", "--on", "3thu"], mentions: ["--on", "monthly or yearly", "daily"]),
        Bad(arguments: add + ["--repeat", "weekly", "--on", "last-fri"], mentions: ["--on", "monthly or yearly", "weekly"]),
        Bad(arguments: add + ["--repeat", "monthly", "--on", "1mon,3mon"], mentions: ["--on 1mon,3mon", "one weekday of the month"]),
        Bad(arguments: add + ["--repeat", "monthly", "--on", "3xyz"], mentions: ["'3xyz'", "3thu", "last-fri"]),
        Bad(arguments: add + ["--repeat", "monthly", "--on", "last"], mentions: ["'last'", "-1fr"]),
        Bad(arguments: add + ["--repeat", "monthly", "--on", "thu"], mentions: ["--on", "3thu"]),
        Bad(arguments: add + ["--on", "3thu"], mentions: ["--on", "--repeat"]),
        Bad(arguments: add + ["--repeat", "monthly", "--on", "3thu", "--until", "2027-01-20"], mentions: ["--until", "2027-01-21"]),
        Bad(arguments: ["edit", "Club", "--list", "Home", "--repeat", "monthly", "--on", "9mon"], mentions: ["--on", "got 9"]),
        Bad(arguments: ["edit", "Club", "--list", "Home", "--repeat", "daily", "--on", "3thu"], mentions: ["--on", "daily"]),
    ]

    @Test("refused --on values exit 64, say what was wrong and what is accepted, and leave the store unchanged", arguments: bad)
    func refused(_ input: Bad) throws {
        let cli = Self.home()
        #expect(cli.run("add", "Club", "--list", "Home", "--due", "2027-01-05 19:00").code == 0)
        let observer = try CycleFixtures.observer(cli.directory)
        let rows = try CycleFixtures.dump(observer)
        #expect(rows.contains { $0.hasPrefix("todos:") }, "the dump must see the todo, or the comparison proves nothing")
        let r = cli.run(arguments: input.arguments)
        #expect(r.code == 64)
        #expect(r.stderr.hasPrefix("Error: "))
        for m in input.mentions { #expect(r.stderr.contains(m), "\(m) in \(r.stderr)") }
        #expect(r.stdout.isEmpty)
        #expect(try CycleFixtures.dump(observer) == rows)
    }

    @Test("the refusals in Japanese", arguments: [
        (["--repeat", "monthly", "--on", "6thu"], "月末から"), (["--repeat", "daily", "--on", "3thu"], "毎月か毎年"),
        (["--repeat", "monthly", "--on", "3xyz"], "第何曜日"), (["--repeat", "monthly", "--on", "1mon,3mon"], "1つだけ"),
    ])
    func refusedInJapanese(_ options: [String], _ phrase: String) {
        let cli = Self.home()
        let r = cli.run(arguments: ["--lang", "ja"] + Self.add + options)
        #expect(r.code == 64)
        #expect(r.stderr.hasPrefix("エラー: "), "\(r.stderr)")
        #expect(r.stderr.contains(phrase), "\(r.stderr)")
    }

    @Test("the help names the weekday-of-month forms, in English and Japanese")
    func help() {
        let cli = Self.home()
        let en = cli.run("add", "--help").stdout
        #expect(en.contains("3thu") && en.contains("last-fri"), "\(en)")
        let ja = cli.run("--lang", "ja", "add", "--help").stdout
        #expect(ja.contains("月の第何曜日") && ja.contains("last-fri"), "\(ja)")
    }
}

/// The Nth weekday through the JSON backup and iCalendar (RFC 5545 §3.3.10 BYDAY with an ordinal).
@Suite("Interchange: the Nth weekday of the month")
struct NthWeekdayInterchangeTests {
    static func harness() -> CLIHarness {
        let cli = CLIHarness()
        for args in [["list", "add", "Home"],
                     ["add", "Book club", "--list", "Home", "--due", "2027-01-05 19:00", "--repeat", "monthly", "--on", "3thu"],
                     ["add", "Pay", "--list", "Home", "--due", "2027-01-01", "--repeat", "monthly", "--on", "last-fri", "--times", "10"],
                     ["add", "Fifth", "--list", "Home", "--due", "2027-01-01 12:00", "--repeat", "monthly", "--every", "2", "--on", "5thu"],
                     ["add", "Thanksgiving", "--list", "Home", "--due", "2027-11-01", "--repeat", "yearly", "--on", "4thu"],
                     ["add", "DST Sunday", "--list", "Home", "--due", "2027-02-01 02:30", "--repeat", "monthly", "--on", "-1su",
                      "--until", "2028-12-31"]] {
            let r = cli.run(args)
            precondition(r.status == 0, "\(args): \(r.stderr)")
        }
        return cli
    }

    @Test("the JSON backup round-trips the rule")
    func backupRoundTrip() throws {
        let source = Self.harness()
        let backup = source.run("export", "--format", "json")
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.stdout.contains("\"nthWeekday\""))
        let target = CLIHarness()
        let r = target.run("import", "--format", "json", source.writeFile("b.json", backup.stdout))
        #expect(r.status == 0, "\(r.stderr)")
        let a = try source.withStore { try $0.backup() }.todos, b = try target.withStore { try $0.backup() }.todos
        #expect(a.count == 5)
        #expect(a.map(\.repeatRule) == b.map(\.repeatRule))
        #expect(b.compactMap(\.repeatRule?.nthWeekday) == [.init(3, .thursday), .init(-1, .friday), .init(5, .thursday),
                                                            .init(4, .thursday), .init(-1, .sunday)])
    }

    @Test("a backup with a bad nthWeekday is refused with exit 65 and changes nothing", arguments: [
        "{\"ordinal\": 6, \"weekday\": \"thu\"}", "{\"ordinal\": 3, \"weekday\": \"xyz\"}", "{\"ordinal\": 3}",
    ])
    func badBackup(_ nth: String) throws {
        let source = Self.harness()
        let regex = try Regex(#"\{\s*"ordinal": 3,\s*"weekday": "thu"\s*\}"#)
        let text = source.run("export", "--format", "json").stdout.replacing(regex, with: nth)
        try #require(text.contains(nth), "the test must change the backup")
        let target = CLIHarness()
        let before = target.fullDump()
        let r = target.run("import", "--format", "json", target.writeFile("bad.json", text))
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("repeat"), "\(r.stderr)")
        #expect(target.fullDump() == before)
    }

    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VTODO\r
        UID:club\r
        SUMMARY:Book club\r
        DTSTART;TZID=Europe/Berlin:20270121T190000\r
        DUE;TZID=Europe/Berlin:20270121T190000\r
        RRULE:FREQ=MONTHLY;BYDAY=3TH\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:pay\r
        SUMMARY:Pay\r
        DUE;VALUE=DATE:20270129\r
        RRULE:FREQ=MONTHLY;BYDAY=-1FR\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:thanks\r
        SUMMARY:Thanksgiving\r
        DUE;VALUE=DATE:20271125\r
        RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:first-monday\r
        SUMMARY:First Monday\r
        DUE;VALUE=DATE:20270104\r
        RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=1MO;COUNT=6\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:two-mondays\r
        SUMMARY:Two Mondays\r
        DUE;VALUE=DATE:20270104\r
        RRULE:FREQ=MONTHLY;BYDAY=1MO,3MO\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:setpos\r
        SUMMARY:Setpos\r
        DUE;VALUE=DATE:20270104\r
        RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:year-day\r
        SUMMARY:Year day\r
        DUE;VALUE=DATE:20270104\r
        RRULE:FREQ=YEARLY;BYDAY=1MO\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    @Test("iCalendar: BYDAY=3TH, -1FR, BYMONTH=11;BYDAY=4TH, INTERVAL=2;BYDAY=1MO import and export as the same RRULE")
    func icsRoundTrip() throws {
        let cli = CLIHarness()
        let r = cli.run("--json", "import", "--format", "ics", cli.writeFile("nth.ics", Self.calendar))
        #expect(r.status == 0, "\(r.stderr)")
        let report = try JSONValue.parse(r.stdout)
        let notes = "\(report["notImported"] ?? .null)"
        for unsupported in ["BYDAY=1MO,3MO", "BYSETPOS=1", "FREQ=YEARLY;BYDAY=1MO"] {
            #expect(notes.contains(unsupported), "missing note about \(unsupported): \(notes)")
        }
        guard case .array(let items)? = report["notImported"] else { Issue.record("no notImported array"); return }
        #expect(Set(items.compactMap { $0["item"]?.stringValue }) == ["two-mondays", "setpos", "year-day"], "\(notes)")
        let todos = try cli.withStore { try $0.backup() }.todos
        func rule(_ title: String) -> RepeatRule? { todos.first { $0.title == title }?.repeatRule }
        #expect(rule("Book club") == RepeatRule(frequency: .monthly, nthWeekday: .init(3, .thursday)))
        #expect(rule("Pay") == RepeatRule(frequency: .monthly, nthWeekday: .init(-1, .friday)))
        #expect(rule("Thanksgiving") == RepeatRule(frequency: .yearly, nthWeekday: .init(4, .thursday)))
        #expect(rule("First Monday") == RepeatRule(frequency: .monthly, interval: 2, end: .afterCount(6), nthWeekday: .init(1, .monday)))

        let ics = cli.run("export", "--format", "ics")
        #expect(ics.status == 0, "\(ics.stderr)")
        // The VTODOs' rules (the VTIMEZONE of Europe/Berlin before them has its own yearly ones).
        let todosPart = ics.stdout.components(separatedBy: "END:VTIMEZONE").last ?? ""
        let rrules = todosPart.components(separatedBy: "\r\n").filter { $0.hasPrefix("RRULE:") }
        #expect(Set(rrules) == ["RRULE:FREQ=MONTHLY;BYDAY=3TH", "RRULE:FREQ=MONTHLY;BYDAY=-1FR",
                                "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=1MO;COUNT=6"])
        #expect(ics.stdout.contains("DTSTART;TZID=Europe/Berlin:20270121T190000"), "\(ics.stdout)")
    }

    @Test("iCalendar: our own export read back gives the same rules, anchors and dues")
    func icsOwnRoundTrip() throws {
        let source = Self.harness()
        let ics = source.run("export", "--format", "ics")
        #expect(ics.status == 0, "\(ics.stderr)")
        let target = CLIHarness()
        let r = target.run("import", "--format", "ics", target.writeFile("own.ics", ics.stdout))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "nothing of ours is lost: \(r.stderr)")
        let a = try source.withStore { try $0.backup() }.todos, b = try target.withStore { try $0.backup() }.todos
        #expect(a.count == 5)
        #expect(a.map(\.repeatRule) == b.map(\.repeatRule))
        #expect(a.map(\.anchor) == b.map(\.anchor))
        #expect(a.map(\.due) == b.map(\.due))
    }

    @Test("a list reminder on the last Friday: stored, shown and planned")
    func reminder() {
        let cli = Self.harness()
        let r = cli.run("reminder", "set", "Home", "--at", "2027-01-05 18:00", "--repeat", "monthly", "--on", "last-fri")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(cli.run("reminder", "show", "Home").stdout
            == "Home: 18:00 · Monthly on the last Friday · next Fri, Jan 29 18:00\n")
        #expect(cli.run("reminder", "set", "Home", "--at", "18:00", "--repeat", "weekly", "--on", "last-fri").status == 64)
    }

    @Test("iCalendar: yearly BYMONTH in another month than DTSTART is reported, not guessed")
    func icsByMonthMismatch() throws {
        let cli = CLIHarness()
        let text = Self.calendar.replacingOccurrences(of: "BYMONTH=11;BYDAY=4TH", with: "BYMONTH=10;BYDAY=4TH")
        let r = cli.run("--json", "import", "--format", "ics", cli.writeFile("nth.ics", text))
        #expect(r.status == 0, "\(r.stderr)")
        #expect("\(try JSONValue.parse(r.stdout)["notImported"] ?? .null)".contains("BYMONTH=10;BYDAY=4TH"))
    }

    @Test("python-dateutil expands every exported Nth-weekday RRULE to the engine's next 12 cycles")
    func dateutilAgrees() throws {
        try #require(pythonDateutilAvailable,
                     "python3-dateutil is not installed for /usr/bin/python3: make deps installs it (Debian: python3-dateutil)")
        let cli = Self.harness()
        // Complete one so DTSTART (the current cycle) is not the anchor.
        #expect(cli.run("done", "Pay", "--list", "Home").status == 0)
        let path = cli.writeFile("nth.ics", cli.run("export", "--format", "ics").stdout)
        let oracle = try ICalendarTests.dateutilExpansion(of: path, cycles: 12)
        let todos = try cli.withStore { try $0.backup() }.todos
        #expect(todos.count == 5)
        for todo in todos {
            #expect(todo.repeatRule != nil && todo.anchor != nil)
            #expect(oracle[todo.id] == ICalendarTests.engineExpansion(todo, cycles: 12), "\(todo.title): RRULE expansion differs")
        }
    }
}
