import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

/// `tasktile snooze` in-process (docs/notifications.md "Snooze"): now is Tuesday 2027-01-05 09:00 in Berlin.
@Suite("snooze command in-process")
struct SnoozeCLITests {
    /// A harness with "Buy milk" due today 10:00 in Home.
    func harness() -> CLIHarness {
        let cli = CLIHarness()
        cli.run("list", "add", "Home")
        cli.run("add", "Buy milk", "--list", "Home", "--due", "today 10:00")
        return cli
    }

    func snoozes(_ cli: CLIHarness) throws -> [String] {
        let store = try Store.open(
            cli.tmp.dataDirectory, clock: Clock(now: Date(), timeZone: TimeZone(identifier: "UTC")!))
        return try store.database.rows("SELECT until_utc FROM snoozes").map { "\($0.values)" }
    }

    func pending(_ cli: CLIHarness) throws -> [[String: Any]] {
        let r = cli.run("--json", "notify", "pending")
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
    }

    @Test("snooze 1h moves the reminder (notify pending shows it), the due stays; --json; --clear puts it back")
    func snoozeAndClear() throws {
        let cli = harness()
        let r = cli.run("snooze", "Buy milk", "--list", "Home", "2h")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "Snoozed Buy milk (Home): reminder at 2027-01-05 11:00, due unchanged\n")
        #expect(try pending(cli).compactMap { $0["fireAt"] as? String } == ["2027-01-05T11:00:00+01:00"])
        let show = cli.run("--json", "show", "Home")
        #expect(show.stdout.contains("2027-01-05T10:00") && !show.stdout.contains("11:00"), "\(show.stdout)")

        let json = cli.run("--json", "snooze", "Buy milk", "-l", "Home", "tomorrow")
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["snoozedUntil"] as? String == "2027-01-06T08:00:00Z")
        #expect(object["title"] as? String == "Buy milk")
        #expect(object["list"] as? String == "Home")

        let clear = cli.run("snooze", "Buy milk", "-l", "Home", "--clear")
        #expect(clear.status == 0)
        #expect(clear.stdout == "Cleared the snooze of Buy milk (Home)\n")
        #expect(try pending(cli).compactMap { $0["fireAt"] as? String } == ["2027-01-05T10:00:00+01:00"])
        let again = cli.run("snooze", "Buy milk", "-l", "Home", "--clear")
        #expect(again.status == 1)
        #expect(again.stderr == "Error: Buy milk (Home) is not snoozed (nothing to clear)\n")
    }

    @Test("Japanese output")
    func japanese() {
        let cli = harness()
        let r = cli.run("--lang", "ja", "snooze", "Buy milk", "-l", "Home", "10m")
        #expect(r.stdout == "Home の Buy milk をスヌーズしました: 通知は 2027-01-05 09:10（期限は変わりません）\n")
    }

    @Test(
        "bad input exits 64 with a message naming what is accepted, and changes nothing",
        arguments: [
            (
                ["snooze", "Buy milk", "-l", "Home", "soon"],
                "\"soon\" is not a snooze time; accepted: 10m, 90m, 1h, 2d, tomorrow"
            ),
            (["snooze", "Buy milk", "-l", "Home", "0m"], "\"0m\" is not a snooze time"),
            (
                ["snooze", "Buy milk", "-l", "Home", "2027-01-01 08:00"],
                "2027-01-01T08:00:00+01:00 is not in the future"
            ),
            (["snooze", "Buy milk", "-l", "Home"], "a snooze time is needed"),
            (["snooze", "Buy milk", "-l", "Home", "1h", "--clear"], "give a snooze time or --clear, not both"),
            (["snooze", "Someday", "-l", "Home", "1h"], "Someday (Home) has no due"),
            (["snooze", "Done", "-l", "Home", "1h"], "Done (Home) is completed"),
        ])
    func badInput(_ args: [String], _ message: String) throws {
        let cli = harness()
        cli.run("add", "Someday", "--list", "Home")
        cli.run("add", "Done", "--list", "Home", "--due", "today 18:00")
        cli.run("done", "Done", "--list", "Home")
        let before = cli.fingerprint()
        let r = cli.run(args)
        #expect(r.status == 64, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.hasPrefix("Error: ") && r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stderr.contains("See 'tasktile snooze --help'"))
        #expect(r.stdout.isEmpty)
        #expect(cli.fingerprint() == before)
        #expect(try snoozes(cli).isEmpty)
    }

    @Test("done withdraws the snooze")
    func doneWithdraws() throws {
        let cli = harness()
        #expect(cli.run("snooze", "Buy milk", "-l", "Home", "1h").status == 0)
        #expect(try snoozes(cli).count == 1)
        #expect(cli.run("done", "Buy milk", "-l", "Home").status == 0)
        #expect(try snoozes(cli).isEmpty)
        #expect(try pending(cli).isEmpty)
    }
}
