import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

@Suite("todo.txt export and import")
struct TodoTxtTests {
    static func todo(_ todos: [JSONValue], _ title: String) throws -> JSONValue {
        try #require(todos.first { $0["title"] == .string(title) }, "no todo \(title)")
    }

    @Test("the docs/interchange.md rules: priority, dates, +project, @context, due:, rec:, done with priority, URLs, escapes")
    func fixture() throws {
        let cli = CLIHarness()
        let r = cli.run("--json", "import", "--format", "todotxt", fixturePath("todotxt/sample.txt"))
        #expect(r.status == 0, "\(r.stderr)")
        let report = try JSONValue.parse(r.stdout)
        #expect(report["added"]?["todos"] == .number(10))
        let notes = "\(report["notImported"] ?? .null)"
        let todos = try ICalendarTests.todos(cli)

        let call = try Self.todo(todos, "Call Mum")
        #expect(call["list"] == .string("Family"))
        #expect(call["due"] == .string("2027-01-10"))
        #expect(call["notes"] == .null, "(A) is the priority and @phone a tag: nothing left for the notes line")
        #expect(call["priority"] == .string("high"))
        #expect(call["tags"] == .array([.string("phone")]))
        #expect(
            call["createdAt"] == .string("2027-01-01T23:00:00Z"), "creation date = start of that day in the user's zone"
        )

        let rent = try Self.todo(todos, "Pay rent")
        #expect(rent["isCompleted"] == .bool(true))
        #expect(rent["completedAt"] == .string("2027-01-03T23:00:00Z"))
        #expect(rent["notes"] == .null)
        #expect(rent["priority"] == .string("medium"), "a done line keeps its priority (pri:B)")
        let old = try Self.todo(todos, "Old style done with priority")
        #expect(old["isCompleted"] == .bool(true))
        #expect(old["priority"] == .string("low"))

        let read = try Self.todo(todos, "Read http://example.com/article later")
        #expect(read["list"] == .string("Reading"), "a URL is title text, not key:value")

        let water = try Self.todo(todos, "Water the plants")
        #expect(water["repeat"]?["frequency"] == .string("weekly"))
        #expect(water["repeat"]?["weekdays"] == .array([.string("wed")]))
        let gym = try Self.todo(todos, "Gym")
        #expect(gym["repeat"]?["interval"] == .number(2))
        #expect(notes.contains("rec:2d repeats from the completion date"))

        let review = try Self.todo(todos, "Review notes")
        #expect(review["list"] == .string("Work Projects"))
        #expect(review["notes"] == .string("todo.txt: created:none"), "no creation date on the line: none invented")
        #expect(review["start"] == .string("2027-01-04"), "t: is the start of a todo that does not repeat")
        #expect(review["tags"] == .array([.string("desk")]))
        #expect(!notes.contains("t:2027-01-04"), "a threshold is data now, not reported")

        let business = try Self.todo(todos, "Business thing")
        #expect(business["repeat"] == .null)
        #expect(business["notes"] == .string("todo.txt: rec:+1b created:none"))

        #expect(try Self.todo(todos, "Plain inbox task")["list"] == .string("Inbox"))
        #expect(try Self.todo(todos, "Escaped +notaproject and key:value words")["list"] == .string("Inbox"))

        // Export writes the same metadata back and re-import merges by uid: nothing new.
        let exported = cli.run("export", "--format", "todotxt").stdout
        #expect(exported.contains("(A) 2027-01-02 Call Mum +Family @phone due:2027-01-10 uid:"))
        #expect(exported.contains("x 2027-01-04 2027-01-01 Pay rent +Home pri:B uid:"))
        #expect(exported.contains("Escaped \\+notaproject and key\\:value words uid:"))
        #expect(!exported.contains("+Inbox"))
        let again = try JSONValue.parse(cli.run("--json", "import", "--format", "todotxt", cli.writeFile("out.txt", exported)).stdout)
        #expect(again["added"]?["todos"] == .number(0))
        #expect(again["skipped"]?["todos"] == .number(10))
    }

    @Test("export invents no creation date, never puts one after the completion date, and keeps the imported line order")
    func creationDatesAndOrder() throws {
        let cli = CLIHarness()
        let lines = [
            "Buy milk +Home",
            "x 2020-01-05 Old chore +Home",
            "2027-01-02 Fix the tap +Home",
            "x 2027-01-09 2027-01-03 Sweep +Home",
            "Call plumber +Work",
            "Answer mail +Home",
        ]
        #expect(cli.run("import", "--format", "todotxt", cli.writeFile("in.txt", lines.joined(separator: "\n") + "\n")).status == 0)
        let exported = cli.run("export", "--format", "todotxt").stdout.split(separator: "\n").map { line in
            // Drop the uid: tag tasktile adds, to compare with the input.
            line.split(separator: " ").filter { !$0.hasPrefix("uid:") }.joined(separator: " ")
        }
        // Home's lines in their imported order (done and pending mixed), then Work's; dates only where the file had them.
        #expect(exported == ["Buy milk +Home", "x 2020-01-05 Old chore +Home", "2027-01-02 Fix the tap +Home",
                             "x 2027-01-09 2027-01-03 Sweep +Home", "Answer mail +Home", "Call plumber +Work"])
        // No line is a done line with its creation date after its completion date.
        for line in exported where line.hasPrefix("x ") {
            let words = line.split(separator: " ")
            if words.count > 2, let done = LocalDate(iso: words[1]), let created = LocalDate(iso: words[2]) {
                #expect(created <= done, "\(line)")
            }
        }
    }

    @Test("titles that look like metadata are escaped on export and read back unchanged")
    func escaping() throws {
        let cli = CLIHarness()
        cli.run("list", "add", "My List")
        let titles = ["x marks the spot", "(A) is not a priority", "2027-01-05 is not a date", "note:this +tag @home",
                      "C:\\path\\ and a \\ backslash", "see https://example.com:8080/x", "due:tomorrow is text"]
        for t in titles { #expect(cli.run("add", t, "--list", "My List").status == 0) }
        let text = cli.run("export", "--format", "todotxt").stdout
        let target = CLIHarness()
        #expect(target.run("import", "--format", "todotxt", target.writeFile("t.txt", text)).status == 0)
        let back = try ICalendarTests.todos(target)
        #expect(Set(back.compactMap { $0["title"]?.stringValue }) == Set(titles))
        #expect(Set(back.compactMap { $0["list"]?.stringValue }) == ["My List"])
        #expect(back.allSatisfy { $0["notes"] == .null }, "no title word leaked into metadata")
    }

    @Test("what todo.txt cannot hold is listed on stderr at export")
    func exportNotes() throws {
        let cli = try JSONBackupTests.richHarness()
        let r = cli.run("export", "--format", "todotxt")
        #expect(r.status == 0)
        #expect(r.stderr.contains("not exported: \"Mon Wed until March\": the repeat on several weekdays"))
        #expect(r.stderr.contains("the time 18:30 Europe/Berlin"))
        #expect(r.stdout.split(separator: "\n").count == 10)
    }

    @Test("a t: threshold moves with the due when the repeat advances, keeping its offset, and a re-import does not move it twice")
    func thresholdMovesWithTheDue() throws {
        var cli = CLIHarness(now: "2027-01-05T09:00:00+01:00")
        let id = "5f0c7a52-3c1e-4d0b-9a8e-2b7f6d1c4e3a"
        let line = "Water plants +Home t:2027-01-08 due:2027-01-10 rec:+1w uid:\(id)\n"
        #expect(cli.run("import", "--format", "todotxt", cli.writeFile("in.txt", line)).status == 0)
        #expect(cli.run("export", "--format", "todotxt").stdout == line, "the threshold is written where it was")
        // Done on its due day; the next day the series is on Jan 17, and the threshold two days before it.
        cli.environment["TASKTILE_NOW"] = "2027-01-10T12:00:00+01:00"
        #expect(cli.run("done", "Water plants", "--list", "Home").status == 0)
        cli.environment["TASKTILE_NOW"] = "2027-01-11T12:00:00+01:00"
        let moved = cli.run("export", "--format", "todotxt").stdout
        #expect(moved == "Water plants +Home t:2027-01-15 due:2027-01-17 rec:+1w uid:\(id)\n", "\(moved)")
        // Reading that back (a merge by uid) and writing it again keeps it where it is.
        #expect(cli.run("import", "--format", "todotxt", cli.writeFile("back.txt", moved)).status == 0)
        #expect(cli.run("export", "--format", "todotxt").stdout == moved)
    }

    @Test("an impossible date exits 65 with the line, store unchanged")
    func invalidDate() throws {
        let cli = try JSONBackupTests.richHarness()
        let before = cli.fullDump()
        let r = cli.run("import", "--format", "todotxt", fixturePath("todotxt/invalid-date.txt"))
        #expect(r.status == 65)
        #expect(r.stderr.contains("invalid-date.txt:2:"), "\(r.stderr)")
        #expect(cli.fullDump() == before)
    }

    @Test(
        "priority, @contexts as tags and t: as the start round-trip; (D) keeps its letter; a context that is not a tag stays on the notes line"
    )
    func organize() throws {
        let cli = CLIHarness(now: "2027-01-05T09:00:00+01:00")
        let lines = [
            "(A) Call Mum +Family @phone @家 t:2027-01-09 due:2027-01-10",
            "(D) 2027-01-02 Someday +Family @a,b",
            "Plain +Family",
        ]
        let r = cli.run(
            "--json", "import", "--format", "todotxt", cli.writeFile("in.txt", lines.joined(separator: "\n") + "\n"))
        #expect(r.status == 0, "\(r.stderr)")
        #expect("\(try JSONValue.parse(r.stdout)["notImported"] ?? .null)".contains("context @a,b kept in the notes"))
        let todos = try ICalendarTests.todos(cli)
        let call = try Self.todo(todos, "Call Mum")
        #expect(call["priority"] == .string("high"))
        #expect(call["tags"] == .array([.string("phone"), .string("家")]))
        #expect(call["start"] == .string("2027-01-09"))
        let someday = try Self.todo(todos, "Someday")
        #expect(someday["priority"] == .string("low"), "(D)…(Z) are low")
        #expect(someday["notes"] == .string("todo.txt: (D) @a,b"), "the letter and the odd context are kept for export")
        // The start hides Call Mum until the 9th.
        #expect(!cli.run("show").stdout.contains("Call Mum"))

        let exported = cli.run("export", "--format", "todotxt").stdout
        #expect(exported.contains("(A) Call Mum +Family @phone @家 t:2027-01-09 due:2027-01-10 uid:"), "\(exported)")
        #expect(exported.contains("(D) 2027-01-02 Someday +Family @a,b uid:"), "\(exported)")
        // Edited here, the priority is written in its own letter and a new tag as a context.
        #expect(cli.run("edit", "Someday", "--list", "Family", "--priority", "high", "--tag", "later").status == 0)
        #expect(cli.run("edit", "Plain", "--list", "Family", "--priority", "medium").status == 0)
        let edited = cli.run("export", "--format", "todotxt").stdout
        #expect(edited.contains("(A) 2027-01-02 Someday +Family @later @a,b uid:"), "\(edited)")
        #expect(edited.contains("(B) Plain +Family uid:"), "\(edited)")
        // Read back into an empty store: the same priorities, tags and start.
        let target = CLIHarness(now: "2027-01-05T09:00:00+01:00")
        #expect(target.run("import", "--format", "todotxt", target.writeFile("back.txt", edited)).status == 0)
        let back = try ICalendarTests.todos(target)
        #expect(try Self.todo(back, "Someday")["tags"] == .array([.string("later")]))
        #expect(try Self.todo(back, "Someday")["priority"] == .string("high"))
        #expect(try Self.todo(back, "Call Mum")["start"] == .string("2027-01-09"))
        #expect(try Self.todo(back, "Plain")["priority"] == .string("medium"))
        // todo.txt has no subtasks: a re-import keeps a parent given here.
        let plainID = try #require(try Self.todo(todos, "Plain")["id"]?.stringValue)
        #expect(cli.run("edit", "Someday", "--list", "Family", "--parent", plainID).status == 0)
        #expect(cli.run("import", "--format", "todotxt", cli.writeFile("again.txt", edited)).status == 0)
        #expect(try Self.todo(try ICalendarTests.todos(cli), "Someday")["parentId"] == .string(plainID))
    }
}
