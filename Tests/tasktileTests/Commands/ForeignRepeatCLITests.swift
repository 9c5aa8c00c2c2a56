import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

/// Rules from other apps keep their RFC 5545 meaning (docs/cycles.md "iCalendar forms", docs/interchange.md
/// "iCalendar"): `add --skip-short-months`, `show`, `--json`; an imported `FREQ=MONTHLY` from the 31st skips the short
/// months and is exported as it came; an UNTIL moment ends the series at that moment; the JSON backup keeps both kinds.
@Suite("Repeats from other apps keep their RFC 5545 meaning")
struct ForeignRepeatCLITests {
    static func home() -> CLIHarness {
        let cli = CLIHarness()
        cli.run("list", "add", "Home")
        return cli
    }

    static func occurrences(_ cli: CLIHarness, _ title: String, list: String = "Home", count: Int = 4) throws -> [String] {
        let r = cli.run("--json", "occurrences", title, "--list", list, "--count", "\(count)")
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String])
    }

    static func rules(_ cli: CLIHarness) throws -> [String: RepeatRule] {
        var rules: [String: RepeatRule] = [:]
        for todo in try cli.withStore({ try $0.backup() }).todos { rules[todo.title] = todo.repeatRule }
        return rules
    }

    @Test("add --skip-short-months: only the months with a 31st; show and --json say so; edit keeps it")
    func addSkipping() throws {
        let cli = Self.home()
        var r = cli.run("add", "Rent", "--list", "Home", "--due", "2027-01-31", "--repeat", "monthly", "--skip-short-months")
        #expect(r.status == 0, "\(r.stderr)")
        r = cli.run("add", "Clamped", "--list", "Home", "--due", "2027-01-31", "--repeat", "monthly")
        #expect(r.status == 0, "\(r.stderr)")
        r = cli.run("add", "Leap", "--list", "Home", "--due", "2028-02-29", "--repeat", "yearly", "--skip-short-months")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.occurrences(cli, "Rent") == ["2027-01-31", "2027-03-31", "2027-05-31", "2027-07-31"])
        #expect(try Self.occurrences(cli, "Clamped") == ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"])
        #expect(try Self.occurrences(cli, "Leap", count: 2) == ["2028-02-29", "2032-02-29"])
        let show = cli.run("show", "Home").stdout
        #expect(show.contains("↻ Monthly on the 31st, skipping shorter months\n"), "\(show)")
        #expect(show.contains("↻ Monthly\n"), "\(show)")
        #expect(show.contains("↻ Yearly on Feb 29, only in leap years\n"), "\(show)")
        let ja = cli.run("--lang", "ja", "show", "Home").stdout
        #expect(ja.contains("↻ 毎月31日（その日がない月は飛ばす）\n"), "\(ja)")
        let todos = try ICalendarTests.todos(cli)
        #expect(todos.first { $0["title"] == .string("Rent") }?["repeat"]?["skipShortMonths"] == .bool(true))
        #expect(todos.first { $0["title"] == .string("Clamped") }?["repeat"]?["skipShortMonths"] == nil, "absent when clamping")
        // Changing only the interval keeps the meaning.
        #expect(cli.run("edit", "Rent", "--list", "Home", "--repeat", "monthly", "--every", "2").status == 0)
        #expect(try Self.occurrences(cli, "Rent", count: 3) == ["2027-01-31", "2027-03-31", "2027-05-31"])
        #expect(try Self.rules(cli)["Rent"]?.skipsShortMonths == true)
    }

    @Test("--skip-short-months without a monthly or yearly day of the month exits 64 naming the option; the store is untouched",
          arguments: [["--repeat", "weekly", "--skip-short-months"], ["--skip-short-months"],
                      ["--repeat", "monthly", "--on", "last-fri", "--skip-short-months"]])
    func refused(_ options: [String]) throws {
        let cli = Self.home()
        let before = cli.fullDump()
        let r = cli.run(["add", "X", "--list", "Home", "--due", "2027-01-31"] + options)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("Error: ") && r.stderr.contains("--skip-short-months"), "\(r.stderr)")
        #expect(cli.fullDump() == before)
    }

    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Google Inc//Google Calendar 70.9054//EN\r
        BEGIN:VTODO\r
        UID:rent\r
        SUMMARY:Rent\r
        DTSTART;VALUE=DATE:20270131\r
        DUE;VALUE=DATE:20270131\r
        RRULE:FREQ=MONTHLY\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:rent-31\r
        SUMMARY:Rent on the 31st\r
        DUE;VALUE=DATE:20270131\r
        RRULE:FREQ=MONTHLY;BYMONTHDAY=31\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:month-end\r
        SUMMARY:Month end\r
        DUE;VALUE=DATE:20270131\r
        RRULE:FREQ=MONTHLY;BYMONTHDAY=-1\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:leap\r
        SUMMARY:Leap day\r
        DUE;VALUE=DATE:20280229\r
        RRULE:FREQ=YEARLY\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:standup\r
        SUMMARY:Standup\r
        DTSTART;TZID=Europe/Berlin:20270322T093000\r
        DUE;TZID=Europe/Berlin:20270322T093000\r
        RRULE:FREQ=DAILY;UNTIL=20270329T070000Z\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    @Test("iCalendar: FREQ=MONTHLY from the 31st skips the short months, BYMONTHDAY=-1 clamps; both export as they came")
    func icsRoundTrip() throws {
        let cli = CLIHarness()
        let r = cli.run("import", "--format", "ics", cli.writeFile("google.ics", Self.calendar))
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let rules = try Self.rules(cli)
        #expect(rules["Rent"] == RepeatRule(frequency: .monthly, skipsShortMonths: true))
        #expect(rules["Rent on the 31st"] == RepeatRule(frequency: .monthly, skipsShortMonths: true))
        #expect(rules["Month end"] == RepeatRule(frequency: .monthly))
        #expect(rules["Leap day"] == RepeatRule(frequency: .yearly, skipsShortMonths: true))
        #expect(rules["Standup"] == RepeatRule(frequency: .daily, end: .untilTime(LocalDateTime(iso: "2027-03-29T07:00:00")!, isUTC: true)))
        // 09:30 CEST on Mar 29 is 07:30 UTC, after the UNTIL: the last standup is on the 28th.
        let standups = try Self.occurrences(cli, "Standup", list: "Inbox", count: 10)
        #expect(standups.last == "2027-03-28T09:30:00+02:00", "\(standups)")

        let ics = cli.run("export", "--format", "ics")
        #expect(ics.status == 0, "\(ics.stderr)")
        let rrules = ics.stdout.components(separatedBy: "\r\n").filter { $0.hasPrefix("RRULE:") }
        #expect(rrules.filter { $0 == "RRULE:FREQ=MONTHLY" }.count == 2, "\(rrules)")
        #expect(rrules.contains("RRULE:FREQ=MONTHLY;BYMONTHDAY=-1"))
        #expect(rrules.contains("RRULE:FREQ=YEARLY"))
        #expect(rrules.contains("RRULE:FREQ=DAILY;UNTIL=20270329T070000Z"), "\(rrules)")

        // Read back (our own export, and as another client sees it): the same rules.
        let again = CLIHarness()
        #expect(again.run("import", "--format", "ics", again.writeFile("own.ics", ics.stdout)).status == 0)
        #expect(try Self.rules(again) == rules)
        // python-dateutil expands the exported RRULEs to the engine's cycles.
        try #require(pythonDateutilAvailable, "python3-dateutil is not installed for /usr/bin/python3 (Debian: python3-dateutil)")
        let oracle = try ICalendarTests.dateutilExpansion(of: cli.writeFile("export.ics", ics.stdout), cycles: 8)
        let uids = try cli.withStore { try $0.foreignUIDs() }
        for todo in try cli.withStore({ try $0.backup() }).todos {
            #expect(oracle[uids[todo.id] ?? todo.id] == ICalendarTests.engineExpansion(todo, cycles: 8), "\(todo.title)")
        }
    }

    @Test("the JSON backup restores skipping and clamping, whole-day untils and UNTIL moments")
    func backupRoundTrip() throws {
        let source = CLIHarness()
        #expect(source.run("import", "--format", "ics", source.writeFile("google.ics", Self.calendar)).status == 0)
        source.run("list", "add", "Home")
        #expect(source.run("add", "Own", "--list", "Home", "--due", "2027-01-30 08:00", "--repeat", "monthly", "--until", "2027-12-31").status == 0)
        let backup = source.run("export", "--format", "json")
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.stdout.contains("\"skipShortMonths\": true") && backup.stdout.contains("\"endTime\": \"2027-03-29T07:00:00Z\""))
        let target = CLIHarness()
        let r = target.run("import", "--format", "json", target.writeFile("b.json", backup.stdout))
        #expect(r.status == 0, "\(r.stderr)")
        let a = try source.withStore { try $0.backup() }.todos, b = try target.withStore { try $0.backup() }.todos
        #expect(a.count == 6)
        #expect(a.map(\.repeatRule) == b.map(\.repeatRule))
        #expect(b.contains { $0.repeatRule?.end == .until(LocalDate(iso: "2027-12-31")!) })
        #expect(b.contains { $0.repeatRule?.skipsShortMonths == false && $0.repeatRule?.frequency == .monthly })
        #expect(target.run("export", "--format", "json").stdout == backup.stdout)
    }
}
