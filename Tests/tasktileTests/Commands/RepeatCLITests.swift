import Foundation
import Testing
import TaskTileCore
import TestSupport
@testable import tasktile

/// `add`/`edit` repeat options, the `show` repeat line and `occurrences` (docs/lists-and-todos.md "show", docs/cycles.md).
@Suite("Repeat CLI")
struct RepeatCLITests {
    /// A store with list "Home" and a daily "Stretch" at 09:00 from Monday 2027-01-04, 3 times.
    static func withStretch() -> CycleCLI {
        let cli = CycleCLI()
        cli.run("list", "add", "Home")
        let added = cli.run("add", "Stretch", "--list", "Home", "--due", "2027-01-04 09:00", "--repeat", "daily", "--times", "3")
        precondition(added.code == 0, added.stderr)
        return cli
    }

    @Test("occurrences lists the next dues from the current cycle, one per line, ending with the series")
    func occurrencesHuman() {
        let cli = Self.withStretch()
        let r = cli.run("occurrences", "Stretch", "--list", "Home")
        #expect(r.code == 0)
        #expect(r.stdout == "Mon, Jan 4 09:00\nTue, Jan 5 09:00\nWed, Jan 6 09:00\n")
        #expect(r.stderr.isEmpty)
        // A day later Jan 4 is missed and Jan 5 is overdue, the cycle that is due: the list starts there.
        let later = cli.at("2027-01-05T10:00:00+01:00").run("occurrences", "Stretch", "--list", "Home", "--count", "1")
        #expect(later.stdout == "Tue, Jan 5 09:00\n")
    }

    @Test("occurrences --json prints ISO 8601 with offsets, or YYYY-MM-DD for date-only dues")
    func occurrencesJSON() throws {
        let cli = Self.withStretch()
        let timed = cli.run("occurrences", "Stretch", "--list", "Home", "--json", "--count", "2")
        #expect(timed.code == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(timed.stdout.utf8)) as? [String]
                == ["2027-01-04T09:00:00+01:00", "2027-01-05T09:00:00+01:00"])

        #expect(cli.run("add", "Rent", "--list", "Home", "--due", "2027-01-31", "--repeat", "monthly").code == 0)
        let rent = cli.run("--json", "occurrences", "Rent", "--list", "Home", "--count", "4")
        #expect(try JSONSerialization.jsonObject(with: Data(rent.stdout.utf8)) as? [String]
                == ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"])

        // Weekly on days that exclude the due's weekday (Mon): the first cycle is Wednesday.
        #expect(cli.run("add", "Run", "--list", "Home", "--due", "2027-01-04 07:00", "--repeat", "weekly", "--on", "wed,fri").code == 0)
        let run = cli.run("occurrences", "Run", "--list", "Home", "--count", "3", "--json")
        #expect(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String]
                == ["2027-01-06T07:00:00+01:00", "2027-01-08T07:00:00+01:00", "2027-01-13T07:00:00+01:00"])
        // Default count 7.
        let seven = cli.run("occurrences", "Rent", "--list", "Home")
        #expect(seven.stdout.split(separator: "\n").count == 7)
    }

    @Test("occurrences refuses a count outside 1…1000", arguments: ["0", "1001", "-3", "seven"])
    func occurrencesBadCount(_ count: String) {
        let cli = Self.withStretch()
        let r = cli.run("occurrences", "Stretch", "--list", "Home", "--count", count)
        #expect(r.code == 64)
        #expect(r.stderr.contains("--count"))
        #expect(r.stdout.isEmpty)
    }

    @Test("occurrences of a todo without a due says so and exits 1")
    func occurrencesNoDue() {
        let cli = Self.withStretch()
        cli.run("add", "Milk", "--list", "Home")
        let r = cli.run("occurrences", "Milk", "--list", "Home")
        #expect(r.code == 1)
        #expect(r.stderr.contains("no due"))
    }

    struct BadInput: Sendable, CustomStringConvertible {
        var arguments: [String]
        var mentions: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let badInputs: [BadInput] = [
        BadInput(arguments: ["add", "X", "--list", "Home", "--due", "2027-01-04", "--repeat", "daily", "--every", "0"], mentions: "--every"),
        BadInput(arguments: ["add", "X", "--list", "Home", "--due", "2027-01-04", "--repeat", "weekly", "--on", "xyz"], mentions: "--on"),
        BadInput(arguments: ["add", "X", "--list", "Home", "--due", "2027-01-04", "--repeat", "daily", "--until", "2027-01-03"], mentions: "--until"),
        BadInput(arguments: ["add", "X", "--list", "Home", "--due", "2027-01-04", "--repeat", "daily", "--times", "0"], mentions: "--times"),
        BadInput(arguments: ["add", "X", "--list", "Home", "--due", "2027-01-04", "--repeat", "daily", "--on", "mon"], mentions: "--on"),
        // --until on the due's Monday but before the first selected weekday (Wednesday).
        BadInput(arguments: ["add", "X", "--list", "Home", "--due", "2027-01-04", "--repeat", "weekly", "--on", "wed", "--until", "2027-01-05"],
                 mentions: "--until"),
        BadInput(arguments: ["edit", "Stretch", "--list", "Home", "--repeat", "daily", "--every", "0"], mentions: "--every"),
        BadInput(arguments: ["edit", "Stretch", "--list", "Home", "--repeat", "weekly", "--on", "xyz"], mentions: "--on"),
        BadInput(arguments: ["edit", "Stretch", "--list", "Home", "--repeat", "daily", "--until", "2027-01-03"], mentions: "--until"),
        BadInput(arguments: ["edit", "Stretch", "--list", "Home", "--repeat", "daily", "--times", "0"], mentions: "--times"),
        BadInput(arguments: ["edit", "Stretch", "--list", "Home", "--repeat", "monthly", "--on", "mon"], mentions: "--on"),
        BadInput(arguments: ["edit", "Stretch", "--list", "Home", "--due", "2027-02-01", "--repeat", "daily", "--until", "2027-01-31"],
                 mentions: "--until"),
    ]

    @Test("refused repeat options exit 64, name the option and leave the store unchanged", arguments: badInputs)
    func refused(_ input: BadInput) throws {
        let cli = Self.withStretch()
        let observer = try CycleFixtures.observer(cli.directory)
        let rows = try CycleFixtures.dump(observer)
        let version = try observer.dataVersion()
        #expect(rows.contains { $0.hasPrefix("todos:") }, "the dump must see the todo, or the comparison proves nothing")

        let r = cli.run(arguments: input.arguments)
        #expect(r.code == 64)
        #expect(r.stderr.hasPrefix("Error: "))
        #expect(r.stderr.contains(input.mentions))
        #expect(r.stdout.isEmpty)
        #expect(try observer.dataVersion() == version)
        #expect(try CycleFixtures.dump(observer) == rows)
    }

    @Test("show prints the engine's repeat line with Missed ×N; --json carries the cycle fields")
    func showRepeatLine() throws {
        let cli = Self.withStretch()
        // Jan 4 and 5 have passed: Jan 4 is missed, Jan 5 overdue until Jan 6 09:00 (docs/cycles.md).
        let later = cli.at("2027-01-06T10:00:00+01:00")
        let text = later.run("show", "Home")
        #expect(text.code == 0)
        #expect(text.stdout.contains("Stretch  · Overdue · Wed, Jan 6 09:00\n        ↻ Daily · 0 left · Missed ×2\n"), "\(text.stdout)")

        let json = later.run("show", "Home", "--json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let list = try #require((root["lists"] as? [[String: Any]])?.first)
        let todo = try #require((list["pending"] as? [[String: Any]])?.first)
        #expect(todo["due"] as? String == "2027-01-06T09:00:00+01:00")
        #expect(todo["missedCount"] as? Int == 2)
        #expect(todo["occurrenceCount"] as? Int == 2)
        let rule = try #require(todo["repeat"] as? [String: Any])
        #expect(rule["frequency"] as? String == "daily")
        #expect(rule["endCount"] as? Int == 3)
    }
}
