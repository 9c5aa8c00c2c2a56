import Foundation
import Testing
import TaskTileCore
import TestSupport
@testable import tasktile

/// A wrong clock, from the command line (docs/cycles.md "A wrong clock"): one `tasktile` run with
/// a wrong `TASKTILE_NOW`, earlier or later than the real instant, leaves no lasting change in
/// what the next runs at the right instant show.
@Suite("Wrong clock CLI")
struct ClockCLITests {
    /// A daily 09:00 "Stretch" in list "Habits" from 2027-01-05, in `zone`, added the day before.
    static func withStretch(zone: String) -> CycleCLI {
        var cli = CycleCLI()
        cli.zone = zone
        cli = cli.at("2027-01-04T12:00:00+09:00")
        cli.run("list", "add", "Habits")
        let added = cli.run("add", "Stretch", "--list", "Habits", "--due", "2027-01-05 09:00", "--repeat", "daily")
        precondition(added.code == 0, added.stderr)
        return cli
    }

    @Test("a run with TASKTILE_NOW a month back: the next run at the right time shows Jan 6 completed, not Jan 5 overdue")
    func setBackThenRight() throws {
        let cli = Self.withStretch(zone: "Asia/Tokyo")
        #expect(cli.at("2027-01-05T09:30:00+09:00").run("done", "Stretch", "--list", "Habits").code == 0) // Jan 5, late
        #expect(cli.at("2027-01-06T07:30:00+09:00").run("done", "Stretch", "--list", "Habits").code == 0) // Jan 6, early
        let right = cli.at("2027-01-06T08:00:00+09:00")
        let before = right.run("show", "Habits")
        #expect(before.code == 0 && before.stdout.contains("Completed (1)") && !before.stdout.contains("Pending"))
        let beforeStatus = right.run("status", "--format", "json")

        // One run with a stray TASKTILE_NOW: before either completion, the Jan 5 cycle is pending.
        let wrong = cli.at("2026-12-01T12:00:00+09:00").run("show", "Habits")
        #expect(wrong.stdout.contains("Pending (1)") && wrong.stdout.contains("Jan 5"))

        #expect(right.run("show", "Habits").stdout == before.stdout)
        let status = right.run("status", "--format", "json")
        #expect(status.code == 0 && status.stdout == beforeStatus.stdout)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(json["completedCount"] as? Int == 1 && json["overdueCount"] as? Int == 0)
    }

    @Test("a run with TASKTILE_NOW ten years ahead that completes: the next run at the right time shows what it showed before")
    func aheadThenRight() throws {
        let cli = Self.withStretch(zone: "Europe/Berlin")
        let right = cli.at("2027-01-05T10:00:00+01:00")
        let before = right.run("show", "Habits")
        #expect(before.code == 0 && before.stdout.contains("Pending (1)"))
        let beforeStatus = right.run("status", "--format", "json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(beforeStatus.stdout.utf8)) as? [String: Any])
        #expect(json["overdueCount"] as? Int == 1, "Jan 5 09:00 is overdue")

        let ahead = cli.at("2037-01-05T10:00:00+01:00")
        #expect(ahead.run("done", "Stretch", "--list", "Habits").code == 0)

        #expect(right.run("show", "Habits").stdout == before.stdout)
        #expect(right.run("status", "--format", "json").stdout == beforeStatus.stdout)
    }
}
