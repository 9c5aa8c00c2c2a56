import Foundation
import Testing
import TaskTileCore
import TestSupport
@testable import tasktile

/// Habits from the command line (docs/cycles.md "Completing a past cycle"): `done --on`, `undo --on`,
/// `--note`, and `edit --repeat` keeping what it does not name.
@Suite("Habit CLI")
struct HabitCLITests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")

    /// A store with list "Habits" and a daily "Stretch" at 09:00 Europe/Berlin from Monday 2027-01-04.
    static func withStretch(_ extra: String...) -> CycleCLI {
        let cli = CycleCLI()
        cli.run("list", "add", "Habits")
        let added = cli.run(arguments: ["add", "Stretch", "--list", "Habits", "--due", "2027-01-04 09:00", "--repeat", "daily"] + extra)
        precondition(added.code == 0, added.stderr)
        return cli
    }

    static func todo(_ cli: CycleCLI, _ title: String = "Stretch") throws -> Todo {
        let store = try Store.open(cli.directory, clock: Clock(now: CycleFixtures.instant(cli.now), timeZone: CycleFixtures.zone(cli.zone)))
        return try #require(try store.contents().flatMap { $0.pending + $0.completed }.first { $0.title == title })
    }

    static func history(_ cli: CycleCLI) throws -> [[String]] {
        let db = try CycleFixtures.observer(cli.directory)
        return try db.rows("SELECT cycle_index, cycle_due, ifnull(note, '') FROM completions WHERE undone_at IS NULL ORDER BY cycle_index")
            .map { [String($0.int(0) ?? -1), $0.text(1) ?? "", $0.text(2) ?? ""] }
    }

    @Test("done --on completes that past cycle: a history row, missedCount lowered, the current cycle untouched")
    func doneOnPastCycle() throws {
        let cli = Self.withStretch().at("2027-01-08T10:00:00+01:00")
        let before = try Self.todo(cli)
        // Jan 4–7 missed, Jan 8 overdue (the cycle that is due).
        #expect(before.occurrenceCount == 4 && before.missedCount == 4)
        let r = cli.run("done", "Stretch", "--list", "Habits", "--on", "2027-01-07", "--note", "forgot to tick")
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout == "Completed \"Stretch\" in Habits for 2027-01-07\n")
        let after = try Self.todo(cli)
        #expect(after.occurrenceCount == 4 && after.due == before.due && !after.isCompleted)
        #expect(after.missedCount == 0)
        #expect(try Self.history(cli) == [["3", "2027-01-07T09:00:00", "forgot to tick"]])
        // An earlier day: nothing after the latest completion changes.
        #expect(cli.run("done", "Stretch", "--list", "Habits", "--on", "2027-01-05").code == 0)
        #expect(try Self.todo(cli).missedCount == 0)
        // The same day twice: already completed (exit 1).
        let twice = cli.run("done", "Stretch", "--list", "Habits", "--on", "2027-01-07")
        #expect(twice.code == 1 && twice.stderr.contains("already completed"))
        // undo --on takes it back; the misses after Jan 5 count again.
        #expect(cli.run("undo", "Stretch", "--list", "Habits", "--on", "2027-01-07").code == 0)
        #expect(try Self.todo(cli).missedCount == 2)
        #expect(try Self.history(cli).map { $0[0] } == ["1"])
    }

    @Test("a check-in corrected on a past day survives a restart and time moving on")
    func correctionSurvivesRestart() throws {
        let cli = Self.withStretch().at("2027-01-06T10:00:00+01:00")
        #expect(cli.run("done", "Stretch", "--list", "Habits", "--on", "2027-01-05").code == 0)
        #expect(cli.run("done", "Stretch", "--list", "Habits").code == 0) // Jan 6, late
        let later = cli.at("2027-01-09T10:00:00+01:00") // a new process three days on
        #expect(try Self.history(later).map { $0[0] } == ["1", "2"])
        let todo = try Self.todo(later)
        #expect(todo.occurrenceCount == 5 && todo.missedCount == 2) // Jan 7, 8 missed; Jan 9 overdue
    }

    struct Refusal: Sendable, CustomStringConvertible {
        var date: String
        var says: [String]
        var description: String { date }
    }

    @Test("done --on refuses a date that is not a cycle that can be checked in, naming what is accepted; nothing written",
          arguments: [
              Refusal(date: "2027-01-03", says: ["before the first cycle", "2027-01-04"]),
              Refusal(date: "2027-01-09", says: ["future cycle", "2027-01-08"]),
              Refusal(date: "2027-01-05", says: ["not a day", "2027-01-04", "2027-01-06"]),
              Refusal(date: "yesterday", says: ["YYYY-MM-DD"]),
              Refusal(date: "2027-02-30", says: ["YYYY-MM-DD"]),
          ])
    func refusals(_ refusal: Refusal) throws {
        let cli = CycleCLI().at("2027-01-08T10:00:00+01:00")
        cli.run("list", "add", "Habits")
        #expect(cli.run("add", "Run", "--list", "Habits", "--due", "2027-01-04 07:00", "--repeat", "weekly", "--on", "mon,wed").code == 0)
        let observer = try CycleFixtures.observer(cli.directory)
        let dump = try CycleFixtures.dump(observer)
        let r = cli.run("done", "Run", "--list", "Habits", "--on", refusal.date)
        #expect(r.code == 64, "\(r.stderr)")
        for word in refusal.says { #expect(r.stderr.contains(word), "\(r.stderr)") }
        #expect(r.stdout.isEmpty)
        #expect(try CycleFixtures.dump(observer) == dump)
    }

    @Test("done --on a todo that does not repeat is refused with 64, in Japanese too")
    func notRepeating() {
        let cli = CycleCLI()
        cli.run("list", "add", "Home")
        cli.run("add", "Milk", "--list", "Home", "--due", "2027-01-04")
        let r = cli.run("done", "Milk", "--list", "Home", "--on", "2027-01-04")
        #expect(r.code == 64 && r.stderr.contains("does not repeat"))
        let ja = cli.run("--lang", "ja", "done", "Milk", "--list", "Home", "--on", "2027-01-04")
        #expect(ja.code == 64 && ja.stderr.contains("繰り返しではありません"), "\(ja.stderr)")
    }

    struct Zoned: Sendable, CustomStringConvertible {
        var zone: String
        var due: String
        var on: String
        var now: String
        var cycleDue: String
        var description: String { "\(zone) \(due)" }
    }

    @Test("backdating across a DST change and for date-only dues", arguments: [
        // Berlin springs forward on 2027-03-28 (02:00 → 03:00): 02:30 does not exist that day.
        Zoned(zone: "Europe/Berlin", due: "2027-03-26 02:30", on: "2027-03-28", now: "2027-03-30T12:00:00+02:00",
              cycleDue: "2027-03-28T02:30:00"),
        Zoned(zone: "Europe/Berlin", due: "2027-10-29 02:30", on: "2027-10-31", now: "2027-11-02T12:00:00+01:00",
              cycleDue: "2027-10-31T02:30:00"),
        // New York springs forward on 2027-03-14 and falls back on 2027-11-07.
        Zoned(zone: "America/New_York", due: "2027-03-12 02:30", on: "2027-03-14", now: "2027-03-16T12:00:00-04:00",
              cycleDue: "2027-03-14T02:30:00"),
        Zoned(zone: "America/New_York", due: "2027-11-05 01:30", on: "2027-11-07", now: "2027-11-09T12:00:00-05:00",
              cycleDue: "2027-11-07T01:30:00"),
        Zoned(zone: "America/New_York", due: "2027-03-12", on: "2027-03-14", now: "2027-03-16T12:00:00-04:00",
              cycleDue: "2027-03-14"),
    ])
    func backdateAcrossDST(_ z: Zoned) throws {
        var cli = CycleCLI()
        cli.zone = z.zone
        cli.now = z.now
        cli.run("list", "add", "Habits")
        let added = cli.run("add", "Walk", "--list", "Habits", "--due", z.due, "--repeat", "daily")
        #expect(added.code == 0, "\(added.stderr)")
        let before = try Self.todo(cli, "Walk")
        let r = cli.run("done", "Walk", "--list", "Habits", "--on", z.on)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(try Self.history(cli) == [["2", z.cycleDue, ""]])
        let after = try Self.todo(cli, "Walk")
        #expect(after.occurrenceCount == before.occurrenceCount && after.missedCount < before.missedCount)
    }

    @Test("edit --repeat keeps the end condition it does not name, and replaces the one it names")
    func editKeepsEnd() throws {
        let cli = Self.withStretch("--times", "6")
        #expect(cli.run("edit", "Stretch", "--list", "Habits", "--repeat", "weekly").code == 0)
        var rule = try #require(try Self.todo(cli).repeatRule)
        #expect(rule.frequency == .weekly && rule.end == .afterCount(6))

        #expect(cli.run("edit", "Stretch", "--list", "Habits", "--repeat", "weekly", "--until", "2027-03-01").code == 0)
        rule = try #require(try Self.todo(cli).repeatRule)
        #expect(rule.end == .until(LocalDate(iso: "2027-03-01")!))

        // Same frequency: the interval and days not named are kept too.
        #expect(cli.run("edit", "Stretch", "--list", "Habits", "--repeat", "weekly", "--every", "2", "--on", "mon,thu").code == 0)
        #expect(cli.run("edit", "Stretch", "--list", "Habits", "--repeat", "weekly", "--times", "4").code == 0)
        rule = try #require(try Self.todo(cli).repeatRule)
        #expect(rule.interval == 2 && rule.weekdays == [.monday, .thursday] && rule.end == .afterCount(4))
    }

    @Test("streak prints the current and best streak and the rate; --json; show's 🔥 N; status --format json carries them")
    func streakOutputs() throws {
        let cli = Self.withStretch().at("2027-01-08T10:00:00+01:00")
        cli.run("add", "Milk", "--list", "Habits")
        for day in ["2027-01-05", "2027-01-06", "2027-01-07"] {
            #expect(cli.run("done", "Stretch", "--list", "Habits", "--on", day).code == 0)
        }
        let text = cli.run("streak")
        #expect(text.code == 0, "\(text.stderr)")
        #expect(text.stdout == "🔥 3 · best 3 · 75% of the last 4 cycles  Stretch (Habits)\n")
        let ja = cli.run("--lang", "ja", "streak", "Stretch", "--list", "Habits")
        #expect(ja.stdout == "🔥 3 · 最高 3 · 直近 4 回の 75%  Stretch (Habits)\n")

        let json = cli.run("streak", "--list", "Habits", "--json", "--last", "2")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["current"] as? Int == 3 && rows.first?["best"] as? Int == 3)
        #expect(rows.first?["rate"] as? Double == 1 && rows.first?["window"] as? Int == 2)

        let show = cli.run("show", "Habits")
        #expect(show.stdout.contains("Stretch  · Overdue · Fri, Jan 8 09:00  🔥 3\n"), "\(show.stdout)")
        #expect(!show.stdout.contains("Milk  🔥"))

        let status = cli.run("status", "--format", "json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        let streaks = try #require(root["streaks"] as? [[String: Any]])
        #expect(streaks.count == 1 && streaks.first?["title"] as? String == "Stretch" && streaks.first?["current"] as? Int == 3)

        let oneOff = cli.run("streak", "Milk", "--list", "Habits")
        #expect(oneOff.code == 1 && oneOff.stderr.contains("does not repeat"))
        let badLast = cli.run("streak", "--last", "0")
        #expect(badLast.code == 64 && badLast.stderr.contains("--last"))
    }
}
