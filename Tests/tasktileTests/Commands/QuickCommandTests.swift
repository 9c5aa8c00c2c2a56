import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

/// `tasktile quick` (docs/quick-add.md): one line into a todo through the real CLI and store.
@Suite("tasktile quick")
struct QuickCommandTests {
    @Test("adds the todo the line describes, to ^list or --list or the default list; --dry-run adds nothing")
    func adds() throws {
        let cli = CLIHarness(now: "2027-01-08T19:00:00+01:00")
        #expect(cli.run("list", "add", "Family").status == 0)
        #expect(cli.run("list", "add", "家").status == 0)
        let dry = cli.run("--json", "quick", "--dry-run", "Call mom tomorrow 6pm #family !high ^Family")
        #expect(dry.status == 0, "\(dry.stderr)")
        let parsed = try JSONValue.parse(dry.stdout)
        #expect(parsed["title"] == .string("Call mom"))
        #expect(parsed["todo"] == .null)
        guard case .array(let parts)? = parsed["parts"] else { Issue.record("no parts: \(dry.stdout)"); return }
        #expect(parts.compactMap { $0["kind"]?.stringValue } == ["due", "tag", "priority", "list"])
        #expect(try ICalendarTests.todos(cli).isEmpty, "a dry run adds nothing")

        let r = cli.run("--json", "quick", "Call", "mom", "tomorrow", "6pm", "#family", "!high", "^Family")
        #expect(r.status == 0, "\(r.stderr)")
        let todo = try #require(try JSONValue.parse(r.stdout)["todo"])
        #expect(todo["title"] == .string("Call mom"))
        #expect(todo["list"] == .string("Family"))
        #expect(todo["due"] == .string("2027-01-09T18:00:00+01:00"))
        #expect(todo["priority"] == .string("high"))
        #expect(todo["tags"] == .array([.string("family")]))

        #expect(cli.run("quick", "毎週月曜 9時 ゴミ出し", "--list", "家").status == 0)
        let garbage = try #require(try ICalendarTests.todos(cli).first { $0["title"] == .string("ゴミ出し") })
        #expect(garbage["list"] == .string("家"))
        #expect(garbage["repeat"]?["weekdays"] == .array([.string("mon")]))
        #expect(cli.run("quick", "Plain todo").status == 0)
        #expect(
            try ICalendarTests.todos(cli).first { $0["title"] == .string("Plain todo") }?["list"] == .string("Inbox"))
        // An ambiguity is reported, and the todo still added.
        let fri = cli.run("quick", "standup fri")
        #expect(
            fri.status == 0 && fri.stderr.contains("that weekday is today: read as next week, 2027-01-15"),
            "\(fri.stderr)")
    }

    @Test("a line with nothing for the title, an empty line or a bad tag: exit 64, a message, nothing added")
    func badInput() throws {
        let cli = CLIHarness(now: "2027-01-08T19:00:00+01:00")
        for (args, message) in [
            (["quick", "tomorrow 6pm"], "nothing is left for the title"),
            (["quick", " "], "give the line to read"),
            (["quick", "Call #" + String(repeating: "x", count: 60)], "tag"),
        ] {
            let r = cli.run(args)
            #expect(r.status == 64, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(message), "\(r.stderr)")
        }
        #expect(try ICalendarTests.todos(cli).isEmpty)
    }

    @Test("^Inbox names the default list before it exists (created on first use); view rm of a missing view says view")
    func defaultListByNameAndMissingView() throws {
        let cli = CLIHarness(now: "2027-01-08T19:00:00+01:00")
        let r = cli.run("quick", "first ^Inbox")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try ICalendarTests.todos(cli).first?["list"] == .string("Inbox"))
        #expect(cli.run("add", "other", "--list", "Nope").status == 1, "any other missing list is still refused")
        let rm = cli.run("view", "rm", "nope")
        #expect(rm.status == 1)
        #expect(rm.stderr.contains("no saved view is named @nope"), "\(rm.stderr)")
    }
}

