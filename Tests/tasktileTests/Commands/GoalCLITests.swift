import Foundation
import Testing
import TaskTileCore
import TestSupport
@testable import tasktile

/// Habits with a target per period from the command line (docs/cycles.md "Habits with a target"): `add`/`edit
/// --goal`, `--no-goal`, refusals, `show` and `status --format json` progress, and the iCalendar and JSON backup
/// forms that carry the target.
@Suite("Goal CLI")
struct GoalCLITests {
    static func gym(_ extra: String...) -> CycleCLI {
        let cli = CycleCLI().at("2027-01-04T08:00:00+01:00")  // Monday
        cli.run("list", "add", "Habits")
        let r = cli.run(
            arguments: ["add", "Gym", "--list", "Habits", "--due", "2027-01-04", "--repeat", "weekly", "--goal", "3"]
                + extra)
        precondition(r.code == 0, r.stderr)
        return cli
    }

    @Test(
        "two check-ins of three: show says 2/3, status json carries checkIns and goal; a second a day is refused (1)"
    )
    func progress() throws {
        let cli = Self.gym()
        #expect(cli.run("done", "Gym", "--list", "Habits").code == 0)
        let again = cli.run("done", "Gym", "--list", "Habits")
        #expect(again.code == 1 && again.stderr.contains("already checked in on 2027-01-04"), "\(again.stderr)")
        let wednesday = cli.at("2027-01-06T19:00:00+01:00")
        #expect(wednesday.run("done", "Gym", "--list", "Habits").code == 0)
        let show = wednesday.run("show", "Habits").stdout
        #expect(show.contains("↻ 3 times a week · 2/3"), "\(show)")
        let status = try #require(
            try JSONSerialization.jsonObject(with: Data(wednesday.run("status", "--format", "json").stdout.utf8))
                as? [String: Any])
        let streak = try #require((status["streaks"] as? [[String: Any]])?.first)
        #expect(streak["checkIns"] as? Int == 2 && streak["goal"] as? Int == 3, "\(streak)")
        let shown = try #require(
            try JSONSerialization.jsonObject(with: Data(wednesday.run("show", "Habits", "--json").stdout.utf8))
                as? [String: Any])
        let todo = try #require(((shown["lists"] as? [[String: Any]])?.first?["pending"] as? [[String: Any]])?.first)
        let progress = try #require(todo["progress"] as? [String: Any], "\(todo)")
        #expect(progress["checkIns"] as? Int == 2 && progress["goal"] as? Int == 3, "\(progress)")
        #expect(wednesday.run("--lang", "ja", "show", "Habits").stdout.contains("↻ 週3回 · 2/3"))
        // Undo takes back Wednesday's check-in only.
        #expect(wednesday.run("undo", "Gym", "--list", "Habits").code == 0)
        #expect(wednesday.run("show", "Habits").stdout.contains("↻ 3 times a week · 1/3"))
        let ja = wednesday.run("--lang", "ja", "done", "Gym", "--list", "Habits", "--on", "2027-01-05")
        #expect(ja.code == 64, "\(ja.stderr)")
    }

    @Test("undo --on DATE takes back that day's check-in; a day without one exits 1, nothing written")
    func undoOnDate() throws {
        let cli = Self.gym()
        #expect(cli.run("done", "Gym", "--list", "Habits").code == 0)
        let wednesday = cli.at("2027-01-06T19:00:00+01:00")
        #expect(wednesday.run("done", "Gym", "--list", "Habits").code == 0)
        let none = wednesday.run("undo", "Gym", "--list", "Habits", "--on", "2027-01-05")
        #expect(none.code == 1, "\(none.stderr)")
        #expect(none.stderr.contains("\"Gym\" in \"Habits\" has no check-in on 2027-01-05"), "\(none.stderr)")
        let ja = wednesday.run("--lang", "ja", "undo", "Gym", "--list", "Habits", "--on", "2027-01-05")
        #expect(ja.code == 1 && ja.stderr.contains("2027-01-05 のチェックインがありません"), "\(ja.stderr)")
        #expect(wednesday.run("show", "Habits").stdout.contains("· 2/3"))
        // Monday's check-in goes; Wednesday's (the latest) stays, so Monday can be checked in again only on Monday.
        #expect(wednesday.run("undo", "Gym", "--list", "Habits", "--on", "2027-01-04").code == 0)
        #expect(wednesday.run("show", "Habits").stdout.contains("· 1/3"))
        #expect(wednesday.run("done", "Gym", "--list", "Habits").code == 1)  // Wednesday is still checked in
        // Without --on, undo takes back the last check-in: Wednesday's.
        #expect(wednesday.run("undo", "Gym", "--list", "Habits").code == 0)
        #expect(wednesday.run("show", "Habits").stdout.contains("· 0/3"))
    }

    @Test(
        "bad --goal values exit 64 naming what is accepted, and nothing is written",
        arguments: [
            ["--repeat", "weekly", "--goal", "8"], ["--repeat", "weekly", "--goal", "three"],
            ["--repeat", "daily", "--goal", "2"],
            ["--repeat", "weekly", "--on", "mon", "--goal", "2"], ["--goal", "2"],
            ["--repeat", "monthly", "--goal", "0"],
        ])
    func refused(_ options: [String]) throws {
        let cli = CycleCLI()
        cli.run("list", "add", "Habits")
        let observer = try CycleFixtures.observer(cli.directory)
        let dump = try CycleFixtures.dump(observer)
        let r = cli.run(arguments: ["add", "Gym", "--list", "Habits", "--due", "2027-01-04"] + options)
        #expect(r.code == 64, "\(r.stderr)")
        #expect(r.stderr.contains("--goal") || r.stderr.contains("--repeat"), "\(r.stderr)")
        #expect(try CycleFixtures.dump(observer) == dump)
        let timed = cli.run(
            "add", "Gym", "--list", "Habits", "--due", "2027-01-04 09:00", "--repeat", "weekly", "--goal", "3")
        #expect(timed.code == 64 && timed.stderr.contains("without a time of day"), "\(timed.stderr)")
        #expect(try CycleFixtures.dump(observer) == dump)
    }

    @Test("edit --goal changes the target, --no-goal drops it, --goal with --no-goal is refused")
    func edit() throws {
        let cli = Self.gym()
        #expect(cli.run("edit", "Gym", "--list", "Habits", "--goal", "4").code == 0)
        #expect(cli.run("show", "Habits").stdout.contains("0/4"))
        #expect(cli.run("edit", "Gym", "--list", "Habits", "--goal", "9").code == 64)
        #expect(cli.run("edit", "Gym", "--list", "Habits", "--goal", "2", "--no-goal").code == 64)
        #expect(cli.run("edit", "Gym", "--list", "Habits", "--no-goal").code == 0)
        #expect(!cli.run("show", "Habits").stdout.contains("/4"))
        #expect(cli.run("done", "Gym", "--list", "Habits").code == 0)
        #expect(cli.run("done", "Gym", "--list", "Habits").code == 1)  // one check-in completes the cycle again
    }

    @Test("iCalendar: a weekly VTODO on Sundays with X-TASKTILE-TARGET; imported back, the target is kept")
    func iCalendar() throws {
        let cli = Self.gym()
        let ics = cli.run("export", "--format", "ics")
        #expect(ics.code == 0)
        #expect(ics.stdout.contains("RRULE:FREQ=WEEKLY;BYDAY=SU;WKST=MO\r\n"), "\(ics.stdout)")
        #expect(ics.stdout.contains("X-TASKTILE-TARGET:3\r\n"))
        #expect(ics.stdout.contains("DTSTART;VALUE=DATE:20270110\r\n"))
        let path = NSTemporaryDirectory() + "goal-\(UUID().uuidString).ics"
        FileManager.default.createFile(atPath: path, contents: Data(ics.stdout.utf8))
        let other = CycleCLI().at("2027-01-04T08:00:00+01:00")
        let imported = other.run("import", path)
        #expect(imported.code == 0, "\(imported.stderr)")
        let shown0 = other.run("show", "Habits").stdout
        #expect(shown0.contains("↻ 3 times a week · 0/3"), "\(shown0)")
    }

    @Test("the JSON backup carries the target and the check-ins; restored, the progress is the same")
    func backup() throws {
        let cli = Self.gym()
        #expect(cli.run("done", "Gym", "--list", "Habits").code == 0)
        let json = cli.run("export", "--format", "json")
        #expect(
            json.stdout.contains("\"goal\" : 3") || json.stdout.contains("\"goal\": 3"), "\(json.stdout.prefix(2000))")
        let path = NSTemporaryDirectory() + "goal-\(UUID().uuidString).json"
        FileManager.default.createFile(atPath: path, contents: Data(json.stdout.utf8))
        let other = CycleCLI().at("2027-01-04T08:00:00+01:00")
        let restored = other.run("import", path)
        #expect(restored.code == 0, "\(restored.stderr)")
        let shown1 = other.run("show", "Habits").stdout
        #expect(shown1.contains("↻ 3 times a week · 1/3"), "\(shown1)")
    }
}

/// `--after-completion` from the command line: show, refusals, edit, iCalendar and the JSON backup.
@Suite("After-completion CLI")
struct AfterCompletionCLITests {
    @Test("add, show, done, edit --no-after-completion; iCalendar and JSON carry it")
    func wholeLife() throws {
        let cli = CycleCLI().at("2027-01-04T08:00:00+01:00")
        cli.run("list", "add", "Home")
        #expect(
            cli.run(
                "add", "Filter", "--list", "Home", "--due", "2027-01-04", "--repeat", "weekly", "--after-completion"
            ).code == 0)
        for bad in [["--on", "mon,wed"], ["--times", "3"], ["--goal", "2"]] {
            let r = cli.run(
                arguments: [
                    "add", "Bad", "--list", "Home", "--due", "2027-01-04", "--repeat", "weekly", "--after-completion",
                ] + bad)
            #expect(
                r.code == 64 && r.stderr.contains("--after-completion") || r.stderr.contains("--goal"),
                "\(bad) \(r.stderr)")
        }
        let later = cli.at("2027-01-20T09:00:00+01:00")
        #expect(later.run("show", "Home").stdout.contains("↻ Every week after completion"))
        #expect(later.run("done", "Filter", "--list", "Home").code == 0)
        #expect(later.run("show", "Home").stdout.contains("Wed, Jan 27"), "\(later.run("show", "Home").stdout)")
        let ics = later.run("export", "--format", "ics").stdout
        #expect(
            ics.contains("RRULE:FREQ=WEEKLY;BYDAY=WE;WKST=MO\r\n")
                && ics.contains("X-TASKTILE-REPEAT-FROM:COMPLETION\r\n"), "\(ics)")
        let path = NSTemporaryDirectory() + "after-\(UUID().uuidString).ics"
        FileManager.default.createFile(atPath: path, contents: Data(ics.utf8))
        let other = CycleCLI().at("2027-01-20T09:00:00+01:00")
        #expect(other.run("import", path).code == 0)
        #expect(other.run("show", "Home").stdout.contains("↻ Every week after completion"))
        let json = later.run("export", "--format", "json").stdout
        #expect(json.contains("\"fromCompletion\""))
        #expect(later.run("edit", "Filter", "--list", "Home", "--no-after-completion").code == 0)
        #expect(!later.run("show", "Home").stdout.contains("after completion"))
        #expect(later.run("edit", "Filter", "--list", "Home", "--after-completion").code == 0)
        #expect(later.run("show", "Home").stdout.contains("after completion"))
    }
}

/// A habit with a target in a challenge's grid (docs/challenges.md): its days with check-ins are done, today is partly
/// filled while the week is short of its target, the days of a week that ended short are missed.
@Suite("Goal habit in a challenge grid")
struct GoalGridTests {
    @Test("cells: xx-----x+ then the days ahead; a click on today (done --on today) checks in")
    func cells() throws {
        let cli = CycleCLI().at("2027-01-04T08:00:00+01:00")
        #expect(cli.run("challenge", "start", "Fortnight", "--days", "14", "--habit", "Read").code == 0)
        #expect(
            cli.run("add", "Gym", "--list", "Fortnight", "--due", "2027-01-04", "--repeat", "weekly", "--goal", "3")
                .code == 0)
        for day in ["04", "05", "11"] {
            #expect(cli.at("2027-01-\(day)T19:00:00+01:00").run("done", "Gym", "--list", "Fortnight").code == 0)
        }
        let tuesday = cli.at("2027-01-12T10:00:00+01:00")
        let report = try ChallengeCLITests.json(tuesday.run("challenge", "show", "Fortnight", "--json"))
        #expect(ChallengeCLITests.cells(report).last == "xx-----x+.....", "\(ChallengeCLITests.cells(report))")
        // The grid's click on today's cell is `done --on` today: a check-in of today.
        #expect(tuesday.run("done", "Gym", "--list", "Fortnight", "--on", "2027-01-12").code == 0)
        let after = try ChallengeCLITests.json(tuesday.run("challenge", "show", "Fortnight", "--json"))
        #expect(ChallengeCLITests.cells(after).last == "xx-----xx.....", "\(ChallengeCLITests.cells(after))")
        #expect(tuesday.run("undo", "Gym", "--list", "Fortnight", "--on", "2027-01-12").code == 0)
        #expect(
            ChallengeCLITests.cells(try ChallengeCLITests.json(tuesday.run("challenge", "show", "Fortnight", "--json")))
                .last
                == "xx-----x+.....")
    }
}
