import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport
import TaskTileInterchange

@Suite("routines: ls, apply, remove")
struct RoutineTests {
    /// A harness whose data directory holds the repository's example packs.
    static func harness(now: String = "2027-01-05T09:00:00+01:00") throws -> CLIHarness {
        let cli = CLIHarness(now: now)
        let dir = cli.tmp.dataDirectory.path + "/routines"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for f in ["student-day-ja.json", "short-sleeper.json", "gentle-weekend.json"] {
            try FileManager.default.copyItem(atPath: repositoryRoot + "/Examples/routines/" + f, toPath: dir + "/" + f)
        }
        return cli
    }

    @Test("every shipped pack parses")
    func shippedPacks() throws {
        let (packs, problems) = RoutinePack.all(in: [repositoryRoot + "/Examples/routines"])
        #expect(problems.isEmpty, "\(problems)")
        #expect(Set(packs.map(\.name)) == ["student-day-ja", "short-sleeper", "gentle-weekend"])
        let student = try #require(packs.first { $0.name == "student-day-ja" })
        #expect(student.items.first?.title == "起床" && student.items.first?.hour == 6)
        #expect(student.items.last?.title == "就寝" && student.items.last?.hour == 23)
    }

    @Test("ls finds packs in the data directory")
    func ls() throws {
        let cli = try Self.harness()
        let r = cli.run("routine", "ls")
        #expect(r.status == 0)
        #expect(r.stdout.contains("student-day-ja  学生の一日 · 13 items · daily"))
        #expect(r.stdout.contains("gentle-weekend  Gentle weekend · 8 items · sat,sun"))
    }

    @Test("apply creates daily todos anchored at the next occurrence of each time, in the user's zone")
    func apply() throws {
        let cli = try Self.harness()   // now: Tue 2027-01-05 09:00 Europe/Berlin
        let r = cli.run("--json", "routine", "apply", "student-day-ja")
        #expect(r.status == 0, "\(r.stderr)")
        let todos = try ICalendarTests.todos(cli)
        #expect(todos.count == 13)
        #expect(todos.allSatisfy { $0["list"] == .string("学生の一日") && $0["repeat"]?["frequency"] == .string("daily") })
        let wake = try #require(todos.first { $0["title"] == .string("起床") })
        #expect(wake["due"] == .string("2027-01-06T06:00:00+01:00"), "06:00 has passed today: tomorrow")
        let lunch = try #require(todos.first { $0["title"] == .string("昼ごはん") })
        #expect(lunch["due"] == .string("2027-01-05T12:30:00+01:00"), "12:30 is still ahead: today")
        // Applying twice is refused; the first list stays.
        let again = cli.run("routine", "apply", "student-day-ja")
        #expect(again.status == 1)
        #expect(again.stderr.contains("already applied"))
    }

    @Test("a weekend pack repeats weekly on its days, first on the next of them")
    func weekend() throws {
        let cli = try Self.harness()
        #expect(cli.run("routine", "apply", "gentle-weekend").status == 0)
        let todos = try ICalendarTests.todos(cli)
        let walk = try #require(todos.first { $0["title"] == .string("Walk outside") })
        #expect(walk["due"] == .string("2027-01-09T11:00:00+01:00"))
        #expect(walk["repeat"]?["weekdays"] == .array([.string("sat"), .string("sun")]))
    }

    @Test("apply accepts a file path; remove deletes only the routine's own list")
    func removeIsSafe() throws {
        let cli = try Self.harness()
        #expect(cli.run("routine", "apply", repositoryRoot + "/Examples/routines/short-sleeper.json").status == 0)
        cli.run("list", "add", "Short sleeper's day")        // the user's own list with the same title
        // Not a routine name: refused, nothing removed.
        let before = cli.fullDump()
        let notRoutine = cli.run("routine", "remove", "My list")
        #expect(notRoutine.status == 1)
        #expect(cli.fullDump() == before)
        // A todo the user added to the routine's list blocks removal.
        let routineList = try #require(try cli.withStore { s in try s.database.scalarText("SELECT list_id FROM routine_lists") })
        #expect(cli.run("add", "My extra", "--list", String(routineList.prefix(8))).status == 0)
        let blocked = cli.run("routine", "remove", "short-sleeper")
        #expect(blocked.status == 1)
        #expect(blocked.stderr.contains("holds 1 todo(s) you added"))
        #expect(cli.run("rm", "My extra", "--list", String(routineList.prefix(8))).status == 0)
        let removed = cli.run("routine", "remove", "short-sleeper")
        #expect(removed.status == 0, "\(removed.stderr)")
        let lists = try JSONValue.parse(cli.run("--json", "list", "ls").stdout)
        guard case .array(let items) = lists else { Issue.record("list ls"); return }
        #expect(items.count == 1, "the user's own list of the same title is still there")
    }

    @Test("a bad pack exits 65 naming the member")
    func badPack() throws {
        let cli = try Self.harness()
        let path = cli.writeFile("bad.json", #"{ "format": "tasktile-routine", "version": 1, "name": "x", "list": "X", "items": [ { "time": "25:00", "title": "a" } ] }"#)
        let r = cli.run("routine", "apply", path)
        #expect(r.status == 65)
        #expect(r.stderr.contains("items[0].time"))
        #expect(cli.run("routine", "apply", "no-such-pack").status == 1)
    }
}
