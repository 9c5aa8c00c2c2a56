import Foundation
import Testing
import TaskTileCore
import TestSupport
@testable import tasktile

/// Challenges (docs/challenges.md): a challenge's whole life from the
/// command line, the day it turns finished, refusals, and a routine started as a challenge.
@Suite("Challenge CLI")
struct ChallengeCLITests {
    static func json(_ r: CycleCLI.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout) \(r.stderr)")
    }

    static func jsonArray(_ r: CycleCLI.Outcome) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]], "\(r.stdout) \(r.stderr)")
    }

    static func cells(_ report: [String: Any]) -> [String] {
        ((report["habits"] as? [[String: Any]]) ?? []).compactMap { $0["cells"] as? String }
    }

    @Test("start → check in → review → end → archive → start again: the list of challenges has both; history is exported")
    func wholeLife() throws {
        let cli = CycleCLI().at("2027-01-04T10:00:00+01:00")
        let started = cli.run("challenge", "start", "Fifty", "--days", "50", "--habit", "Stretch", "--habit", "Read 20 pages",
                              "--remind", "21:00")
        #expect(started.code == 0, "\(started.stderr)")
        #expect(started.stdout == "Started \"Fifty\": 2 habits for 50 days, 2027-01-04 to 2027-02-22\n")
        #expect(cli.run("reminder", "show", "Fifty").stdout.contains("21:00"))

        // Day 3: Stretch every day, Read on day 2 only. The habits are daily and date-only, so they
        // have no overdue window (shared/SPEC.md §3.4): a plain `done` on day 3 is day 3's, a
        // second one is refused, and days 1 and 2 are backdated.
        let day3 = cli.at("2027-01-06T10:00:00+01:00")
        let first = day3.run("--json", "done", "Stretch", "--list", "Fifty")
        #expect(try Self.json(first)["due"] as? String == "2027-01-06")
        #expect(day3.run("done", "Stretch", "--list", "Fifty").code == 1)
        #expect(day3.run("done", "Stretch", "--list", "Fifty", "--on", "2027-01-05").code == 0)
        #expect(day3.run("done", "Stretch", "--list", "Fifty", "--on", "2027-01-04").code == 0)
        #expect(day3.run("done", "Read 20 pages", "--list", "Fifty", "--on", "2027-01-05", "--note", "chapter 2").code == 0)
        let review = try Self.json(day3.run("challenge", "show", "Fifty", "--json"))
        #expect(review["state"] as? String == "running" && review["day"] as? Int == 3)
        #expect(review["checkIns"] as? Int == 4 && review["possible"] as? Int == 100 && review["bestStreak"] as? Int == 3)
        #expect(Self.cells(review) == ["xxx" + String(repeating: ".", count: 47), "-xo" + String(repeating: ".", count: 47)])
        let text = day3.run("challenge", "show", "Fifty")
        #expect(text.stdout.hasPrefix("Fifty · Day 3 / 50\n4 of 100 check-ins (4%) · best streak 3\n"), "\(text.stdout)")
        let ja = day3.run("--lang", "ja", "challenge", "show", "Fifty")
        #expect(ja.stdout.hasPrefix("Fifty · 3 / 50 日目\n"), "\(ja.stdout)")

        // End on day 3: finished with its totals; its habits stop.
        #expect(day3.run("challenge", "end", "Fifty").code == 0)
        let ended = try Self.json(day3.run("challenge", "show", "Fifty", "--json"))
        #expect(ended["state"] as? String == "finished" && ended["checkIns"] as? Int == 4)
        let later = cli.at("2027-01-09T10:00:00+01:00")
        #expect(later.run("challenge", "ls").stdout.contains("Fifty · finished"))
        #expect(try Self.json(later.run("challenge", "show", "Fifty", "--json"))["possible"] as? Int == 6)

        // Archive: the list goes (not in show), the totals stay, the check-ins are exported.
        let archived = later.run("challenge", "archive", "Fifty")
        #expect(archived.code == 0 && archived.stdout == "Archived \"Fifty\": 4 of 6 check-ins\n", "\(archived.stdout)\(archived.stderr)")
        #expect(!later.run("show").stdout.contains("Stretch"))
        let export = later.run("export", "--format", "json")
        #expect(export.code == 0)
        let backup = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        let completions = try #require(backup["completions"] as? [[String: Any]])
        #expect(completions.filter { $0["title"] as? String == "Stretch" }.count == 3)

        // Start again with the same title: the list of challenges has both.
        #expect(later.run("challenge", "start", "Fifty", "--days", "50", "--habit", "Stretch").code == 0)
        let all = try Self.jsonArray(later.run("challenge", "ls", "--json"))
        #expect(all.map { $0["state"] as? String } == ["archived", "running"])
        #expect(all.map { $0["checkIns"] as? Int } == [4, 0])
        #expect(try Self.json(later.run("challenge", "show", "Fifty", "--json"))["day"] as? Int == 1)

        // rm only archived ones.
        let notArchived = later.run("challenge", "rm", "Fifty")
        #expect(notArchived.code == 0, "the archived one is named by the same title: \(notArchived.stderr)")
        #expect(try Self.jsonArray(later.run("challenge", "ls", "--json")).count == 1)
        let running = later.run("challenge", "rm", "Fifty")
        #expect(running.code == 1 && running.stderr.contains("not archived"))
    }

    @Test("one minute before local midnight on the last day it runs; one minute after, it is finished and a new one can start")
    func finishesAtMidnight() throws {
        var cli = CycleCLI().at("2027-01-04T10:00:00+09:00")
        cli.zone = "Asia/Tokyo"
        #expect(cli.run("challenge", "start", "Two", "--days", "2", "--habit", "Walk").code == 0)
        let before = try Self.json(cli.at("2027-01-05T23:59:00+09:00").run("challenge", "show", "Two", "--json"))
        #expect(before["state"] as? String == "running" && before["day"] as? Int == 2)
        let again = cli.at("2027-01-05T23:59:00+09:00").run("challenge", "start", "Two", "--days", "2", "--habit", "Walk")
        #expect(again.code == 64 && again.stderr.contains("is running"))
        let after = cli.at("2027-01-06T00:01:00+09:00")
        let finished = try Self.json(after.run("challenge", "show", "Two", "--json"))
        #expect(finished["state"] as? String == "finished" && finished["day"] as? Int == 2)
        #expect(Self.cells(finished) == ["--"])
        #expect(after.run("challenge", "start", "Two", "--days", "2", "--habit", "Walk").code == 0)
    }

    @Test("bad input is refused with its exit code and a message naming what is accepted; nothing written", arguments: [
        (["challenge", "start", "X", "--days", "0", "--habit", "A"], 64, "1 to 3650"),
        (["challenge", "start", "X", "--days", "ten", "--habit", "A"], 64, "1 to 3650"),
        (["challenge", "start", "X", "--days", "5"], 64, "--habit"),
        (["challenge", "start", "X", "--days", "5", "--habit", "A", "--remind", "25:00"], 64, "HH:MM"),
        (["challenge", "start", "X", "--days", "5", "--habit", "A", "--start", "2026-02-30"], 64, "'2026-02-30' is not a valid value for '--start'"),
        (["challenge", "start", "X", "--days", "5", "--habit", "Stretch", "--habit", " Stretch "], 64, "is given twice"),
        (["challenge", "archive", "Run"], 1, "still running"),
        (["challenge", "end", "Nope"], 1, "No challenge"),
        (["challenge", "rm"], 64, "--all-archived"),
    ])
    func refusals(_ arguments: [String], _ code: Int32, _ says: String) throws {
        let cli = CycleCLI()
        #expect(cli.run("challenge", "start", "Run", "--days", "5", "--habit", "Jog").code == 0)
        let observer = try CycleFixtures.observer(cli.directory)
        let dump = try CycleFixtures.dump(observer)
        let r = cli.run(arguments: arguments)
        #expect(r.code == code, "\(r.stderr)")
        #expect(r.stderr.contains(says), "\(r.stderr)")
        #expect(try CycleFixtures.dump(observer) == dump)
    }

    @Test("a routine can be started as a challenge: its items become timed habits on its days")
    func routineChallenge() throws {
        let cli = CycleCLI().at("2027-01-04T06:00:00+01:00")
        let dir = cli.directory.path + "/routines"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("""
            {"format": "tasktile-routine", "version": 1, "name": "morning", "list": "Morning",
             "items": [{"time": "07:00", "title": "Water"}, {"time": "07:15", "title": "Stretch"}]}
            """.utf8).write(to: URL(fileURLWithPath: dir + "/morning.json"))
        let r = cli.run("challenge", "start", "--routine", "morning", "--days", "30")
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout == "Started \"Morning\": 2 habits for 30 days, 2027-01-04 to 2027-02-02\n")
        let show = cli.run("show", "Morning", "--json")
        #expect(show.stdout.contains("\"due\" : \"2027-01-04T07:00:00+01:00\"") || show.stdout.contains("\"due\": \"2027-01-04T07:00:00+01:00\""),
                "\(show.stdout)")
        let ls = try Self.jsonArray(cli.run("challenge", "ls", "--json"))
        #expect(ls.first?["routine"] as? String == "morning" && ls.first?["days"] as? Int == 30)
        let occurrences = cli.run("occurrences", "Water", "--list", "Morning", "--count", "1000", "--json")
        #expect(try JSONSerialization.jsonObject(with: Data(occurrences.stdout.utf8)) as? [String] == (0..<30).map {
            LocalDate(iso: "2027-01-04")!.adding(days: $0).description + "T07:00:00+01:00"
        })
    }
}

/// A 30-day challenge with days missed in the middle (shared/SPEC.md §3.4): each check-in made with
/// a plain `done` counts for the day it is made, so a missed day leaves its gap on that day — in
/// `challenge show`, its grid cells and the streaks — never a gap moved to the end.
@Suite("Challenge with missed days")
struct ChallengeMissedDaysTests {
    @Test("misses on days 10, 11 and 20: cells, show, streak and best streak follow the real days")
    func missesInTheMiddle() throws {
        let cli = CycleCLI().at("2027-01-01T08:00:00+01:00")
        #expect(cli.run("challenge", "start", "Thirty", "--days", "30", "--habit", "Read").code == 0)
        let missed: Set<Int> = [10, 11, 20]
        for day in 1...25 where !missed.contains(day) {
            let at = cli.at(String(format: "2027-01-%02dT21:00:00+01:00", day))
            let r = at.run("--json", "done", "Read", "--list", "Thirty")
            #expect(r.code == 0, "\(r.stderr)")
            #expect(try ChallengeCLITests.json(r)["due"] as? String == String(format: "2027-01-%02d", day))
        }
        // Day 26 in the morning, not checked in yet: today is open, not overdue.
        let day26 = cli.at("2027-01-26T00:10:00+01:00")
        let report = try ChallengeCLITests.json(day26.run("challenge", "show", "Thirty", "--json"))
        let expected = (1...30).map { day -> String in
            day > 26 ? "." : day == 26 ? "o" : missed.contains(day) ? "-" : "x"
        }.joined()
        #expect(ChallengeCLITests.cells(report) == [expected])
        #expect(report["checkIns"] as? Int == 22)
        // The longest real run is days 1–9 (9), not 22 in a row with the gaps moved to the end.
        #expect(report["bestStreak"] as? Int == 9)
        let habit = try #require((report["habits"] as? [[String: Any]])?.first)
        #expect(habit["checkIns"] as? Int == 22)
        let text = day26.run("challenge", "show", "Thirty")
        #expect(text.stdout.hasPrefix("Thirty · Day 26 / 30\n22 of 30 check-ins (73%) · best streak 9\n"), "\(text.stdout)")
        // The streak: days 21–25 in a row (5), best 9.
        let streak = try ChallengeCLITests.jsonArray(day26.run("streak", "Read", "--list", "Thirty", "--json"))
        #expect(streak.first?["current"] as? Int == 5 && streak.first?["best"] as? Int == 9, "\(streak)")
        // The status bar shows nothing overdue ten minutes after midnight.
        let shown = day26.run("show", "Thirty")
        #expect(!shown.stdout.lowercased().contains("overdue"), "\(shown.stdout)")
        let status = try ChallengeCLITests.json(day26.run("status", "--format", "json"))
        #expect(status["overdueCount"] as? Int == 0, "\(status)")
    }
}

/// `streak` names what it knows: a first cycle past its due but still open is not "no cycle has passed".
@Suite("Streak of an open first cycle")
struct StreakOpenFirstCycleTests {
    @Test("before the first due: no cycle has passed; after it, still open: says so; once decided: the rate")
    func lines() {
        let cli = CycleCLI().at("2027-01-04T08:00:00+01:00")
        cli.run("list", "add", "Habits")
        #expect(cli.run("add", "Run", "--list", "Habits", "--due", "2027-01-04", "--repeat", "weekly", "--on", "mon,fri").code == 0)
        #expect(cli.run("streak", "Run", "--list", "Habits").stdout.contains("no cycle has passed yet"))
        let tuesday = cli.at("2027-01-05T10:00:00+01:00")
        let open = tuesday.run("streak", "Run", "--list", "Habits")
        #expect(open.stdout.contains("the first cycle is overdue, not decided yet"), "\(open.stdout)")
        #expect(!open.stdout.contains("no cycle has passed"))
        let friday = cli.at("2027-01-08T10:00:00+01:00")
        #expect(friday.run("streak", "Run", "--list", "Habits").stdout.contains("0% of the last 1 cycles"))
    }
}
