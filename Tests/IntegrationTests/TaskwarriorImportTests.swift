import Foundation
import Testing
import TaskTileCore
import TestSupport

/// `tasktile import --format taskwarrior` on what a real Taskwarrior 2.6 (`task`, Debian package
/// taskwarrior) exports (docs/interchange.md "Taskwarrior").
@Suite("import --format taskwarrior from a real task export")
struct TaskwarriorImportTests {
    let tasktile: String

    init() throws {
        tasktile = try #require(builtProduct("tasktile"), "build the products first (swift build; make test does)")
    }

    /// A Taskwarrior with its own data in `tmp`, run with `args`; returns stdout.
    @discardableResult
    func task(_ tmp: TemporaryDirectory, _ args: String...) throws -> String { try task(tmp, args) }

    @discardableResult
    func task(_ tmp: TemporaryDirectory, _ args: [String]) throws -> String {
        let binary = "/usr/bin/task"
        try #require(FileManager.default.isExecutableFile(atPath: binary), "task is not installed: make deps installs it (Debian: taskwarrior)")
        let rc = tmp.file("taskrc")
        if !FileManager.default.fileExists(atPath: rc) {
            try AtomicFile.write("data.location=\(tmp.file("taskdata"))\nconfirmation=off\nhooks=off\nverbose=nothing\n", to: rc)
        }
        let r = try runProcess(binary, args, environment: ["TASKRC": rc, "TZ": "Europe/Berlin", "HOME": tmp.path])
        try #require(r.status == 0, "task \(args.joined(separator: " ")) exited \(r.status): \(r.stderr)")
        return r.stdout
    }

    @Test("description, project, due, status, recur, until, annotations and uuid map; the rest is reported; a re-import adds nothing; JSON lines and stdin work")
    func realExport() throws {
        let tmp = TemporaryDirectory("taskwarrior")
        try task(tmp, "add", "Fish & chips", "project:Home", "due:2027-01-05")
        try task(tmp, "add", "Standup", "project:Work.Team", "due:2027-01-04T09:30", "recur:weekly", "until:2027-06-30", "+work", "priority:H")
        try task(tmp, "add", "Water plants", "recur:3d", "due:2027-01-02")
        try task(tmp, "log", "Paid rent", "project:Home")
        try task(tmp, "add", "Gone")
        try task(tmp, "description:Gone", "delete")
        try task(tmp, "description:Fish", "annotate", "buy vinegar")
        try task(tmp, "add", "Odd period", "recur:weekdays", "due:2027-01-04")
        let export = try task(tmp, "export")
        let file = tmp.file("tasks.json")
        try AtomicFile.write(export, to: file)

        let e = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "Europe/Berlin", "LANG": "C", "NO_COLOR": "1",
                 "TASKTILE_NOW": "2026-12-01T12:00:00+01:00"]
        let r = try runProcess(tasktile, ["--json", "import", "--format", "taskwarrior", file], environment: e)
        #expect(r.status == 0, "\(r.stderr)")
        let report = try JSONValue.parse(Array(r.stdout.utf8))
        #expect(report["added"]?["todos"] == .number(5), "\(r.stdout)")
        let notes = "\(report["notImported"] ?? .null)"
        #expect(notes.contains("deleted in Taskwarrior"))
        #expect(!notes.contains("priority H") && !notes.contains("tags work"), "tags and priority are data: \(notes)")
        #expect(notes.contains("recur:weekdays"), "\(notes)")

        let show = try JSONValue.parse(Array(try runProcess(tasktile, ["--json", "show"], environment: e).stdout.utf8))
        guard case .array(let lists)? = show["lists"] else { Issue.record("no lists: \(show)"); return }
        #expect(Set(lists.compactMap { $0["title"]?.stringValue }) == ["Home", "Work.Team", "Inbox"])
        var todos: [String: JSONValue] = [:]
        for list in lists {
            for key in ["pending", "completed"] {
                if case .array(let items)? = list[key] { for t in items { todos[t["title"]?.stringValue ?? ""] = t } }
            }
        }
        let fish = try #require(todos["Fish & chips"])
        #expect(fish["due"] == .string("2027-01-05"), "a due at local midnight is a date")
        #expect(fish["list"] == .string("Home"))
        #expect(fish["notes"]?.stringValue?.hasSuffix(": buy vinegar") == true, "\(String(describing: fish["notes"]))")
        let standup = try #require(todos["Standup"])
        #expect(standup["due"] == .string("2027-01-04T09:30:00+01:00"))
        #expect(standup["repeat"]?["frequency"] == .string("weekly"))
        #expect(standup["repeat"]?["weekdays"] == .array([.string("mon")]))
        #expect(
            standup["repeat"]?["endDate"] == .string("2027-06-29"),
            "until:2027-06-30 is its midnight: Taskwarrior makes no 09:30 occurrence that day")
        #expect(standup["priority"] == .string("high"))
        #expect(standup["tags"] == .array([.string("work")]))
        let water = try #require(todos["Water plants"])
        #expect(water["repeat"]?["frequency"] == .string("daily") && water["repeat"]?["interval"] == .number(3))
        #expect(todos["Paid rent"]?["isCompleted"] == .bool(true))
        #expect(todos["Gone"] == nil)
        #expect(todos["Odd period"]?["repeat"] == .null)
        // The uuid is the id: Taskwarrior's uuid of "Standup" (the recurring template).
        let uuids = try JSONValue.parse(Array(export.utf8))
        guard case .array(let tasks) = uuids else { Issue.record("task export is not an array"); return }
        let template = tasks.first { $0["description"] == .string("Standup") && $0["status"] == .string("recurring") }
        #expect(standup["id"] == template?["uuid"])

        // A re-import (of JSON lines, from standard input) merges by uuid: nothing added.
        let jsonLines = tasks.map { $0.serialized(pretty: false) }.joined(separator: "\n") + "\n"
        let again = try runProcess(tasktile, ["--json", "import", "--format", "taskwarrior", "-"], environment: e, stdin: jsonLines)
        #expect(again.status == 0, "\(again.stderr)")
        let second = try JSONValue.parse(Array(again.stdout.utf8))
        #expect(second["added"]?["todos"] == .number(0), "\(again.stdout)")
    }

    @Test("tags, priority, wait and scheduled become data; depends and a second start are reported")
    func organizeFields() throws {
        let tmp = TemporaryDirectory("taskwarrior-organize")
        try task(
            tmp, "add", "Book flights", "project:Trip", "+travel", "+Büro", "priority:M", "wait:2027-01-10",
            "scheduled:2027-01-08")
        try task(tmp, "add", "Pack bags", "project:Trip", "priority:L", "scheduled:2027-01-12T18:00")
        try task(tmp, "add", "Visa", "project:Trip", "depends:1")
        let file = tmp.file("tasks.json")
        try AtomicFile.write(try task(tmp, "export"), to: file)
        let e = [
            "TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "Europe/Berlin", "LANG": "C", "NO_COLOR": "1",
            "TASKTILE_NOW": "2026-12-01T12:00:00+01:00",
        ]
        let r = try runProcess(tasktile, ["--json", "import", "--format", "taskwarrior", file], environment: e)
        #expect(r.status == 0, "\(r.stderr)")
        let report = try JSONValue.parse(Array(r.stdout.utf8))
        #expect(report["added"]?["todos"] == .number(3), "\(r.stdout)")
        let notes = "\(report["notImported"] ?? .null)"
        #expect(notes.contains("scheduled 2027-01-08 not imported"), "wait wins; scheduled is reported: \(notes)")
        #expect(notes.contains("depends"), "\(notes)")
        // Both start in the future: hidden from show, listed with --all.
        let hidden = try JSONValue.parse(
            Array(try runProcess(tasktile, ["--json", "show"], environment: e).stdout.utf8))
        #expect(!"\(hidden)".contains("Book flights"), "a future wait hides the todo")
        let show = try JSONValue.parse(
            Array(try runProcess(tasktile, ["--json", "show", "--all"], environment: e).stdout.utf8))
        guard case .array(let lists)? = show["lists"], case .array(let pending)? = lists.first?["pending"] else {
            Issue.record("no lists: \(show)"); return
        }
        let byTitle = Dictionary(pending.map { ($0["title"]?.stringValue ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        let flights = try #require(byTitle["Book flights"])
        #expect(flights["priority"] == .string("medium"))
        guard case .array(let tags)? = flights["tags"] else { Issue.record("no tags: \(flights)"); return }
        #expect(Set(tags.compactMap(\.stringValue)) == ["travel", "Büro"])
        #expect(flights["start"] == .string("2027-01-10"), "wait at local midnight is a date")
        let pack = try #require(byTitle["Pack bags"])
        #expect(pack["priority"] == .string("low"))
        #expect(pack["start"] == .string("2027-01-12T18:00:00+01:00"), "without wait, scheduled is the start")
        #expect(byTitle["Visa"]?["priority"] == .string("none"))
    }

    @Test(
        "completed and deleted occurrences become check-ins; annotations, moved dues and untils are kept or reported; an odd task blocks nothing"
    )
    func recurringHistory() throws {
        let tmp = TemporaryDirectory("taskwarrior-history")
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        // Taskwarrior generates occurrences by the real clock, so the dates are relative to today.
        let today = ZonedClock.wallClock(of: Date(), in: berlin).date
        let start = today.adding(days: -10)
        try task(tmp, "add", "Stretch", "due:\(start)T07:30", "recur:daily")
        try task(tmp, "add", "Renew passport", "due:\(today.adding(days: 30))", "until:\(today.adding(days: 60))")
        try task(tmp, "add", "Broken", "due:\(today.adding(days: 20))", "recur:weekly", "until:\(today.adding(days: 5))")
        try task(tmp, "add", "Call\nmum")
        guard case .array(let generated) = try JSONValue.parse(Array(try task(tmp, "export").utf8)) else {
            Issue.record("task export is not an array"); return
        }
        let template = try #require(generated.first { $0["description"] == .string("Stretch") && $0["status"] == .string("recurring") })
        func occurrence(_ imask: Int) throws -> String {
            try #require(generated.first { $0["parent"] == template["uuid"] && $0["imask"] == .number(Double(imask)) }?["uuid"]?.stringValue,
                         "Taskwarrior did not generate occurrence \(imask)")
        }
        let one = ["rc.recurrence.confirmation=no"]
        try task(tmp, one + [try occurrence(1), "annotate", "felt great"])
        try task(tmp, one + [try occurrence(1), "done"])
        try task(tmp, one + [try occurrence(2), "done"])
        try task(tmp, one + [try occurrence(3), "delete"])
        try task(tmp, one + [try occurrence(4), "annotate", "sore knee"])
        try task(tmp, one + [try occurrence(5), "modify", "due:\(start.adding(days: 5))T08:15"])
        try task(tmp, one + [try occurrence(9), "done"])
        let file = tmp.file("tasks.json")
        try AtomicFile.write(try task(tmp, "export"), to: file)

        let now = Date().addingTimeInterval(60)
        let e = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "Europe/Berlin", "LANG": "C", "NO_COLOR": "1",
                 "TASKTILE_NOW": ZonedClock.iso8601(now, in: berlin)]
        let r = try runProcess(tasktile, ["--json", "import", "--format", "taskwarrior", file], environment: e)
        #expect(r.status == 0, "\(r.stderr)")
        let report = try JSONValue.parse(Array(r.stdout.utf8))
        #expect(report["added"]?["todos"] == .number(3), "Stretch, Renew passport, Call mum: \(r.stdout)")
        guard case .array(let items)? = report["notImported"] else { Issue.record("no notes: \(r.stdout)"); return }
        let notes = items.map { "\($0["item"]?.stringValue ?? ""): \($0["message"]?.stringValue ?? "")" }
        func noted(_ item: String, _ text: String) -> Bool { notes.contains { $0.hasPrefix(item + ":") && $0.contains(text) } }
        #expect(noted("Broken", "not imported: The repeat end date"), "refused as add --until refuses it: \(notes)")
        #expect(noted("Renew passport", "until:\(today.adding(days: 60))"), "\(notes)")
        #expect(noted("Call mum", "line breaks"), "\(notes)")
        #expect(noted("Stretch", "occurrences of \(start.adding(days: 3)) were deleted in Taskwarrior"), "\(notes)")
        #expect(noted("Stretch", "the occurrence of \(start.adding(days: 5)) is due \(start.adding(days: 5)) 08:15"), "\(notes)")
        #expect(noted("Stretch", "annotations of the occurrence of \(start.adding(days: 4))"), "\(notes)")
        #expect(!notes.contains { $0.contains("deleted in Taskwarrior: not imported") && $0.hasPrefix("Stretch") },
                "a deleted occurrence is a check-in, not a deleted task: \(notes)")

        let backup = try JSONValue.parse(Array(try runProcess(tasktile, ["export", "--format", "json"], environment: e).stdout.utf8))
        guard case .array(let todos)? = backup["todos"], case .array(let completions)? = backup["completions"] else {
            Issue.record("no backup"); return
        }
        let stretch = try #require(todos.first { $0["title"] == .string("Stretch") })
        #expect(todos.contains { $0["title"] == .string("Call mum") })
        #expect(stretch["notes"]?.stringValue?.contains(": sore knee") == true, "\(stretch)")
        let history = completions.filter { $0["todoId"] == stretch["id"] }
        #expect(Set(history.compactMap { $0["cycleIndex"]?.intValue }) == [1, 2, 3, 9], "\(history)")
        #expect(history.first { $0["cycleIndex"] == .number(1) }?["note"]?.stringValue?.hasSuffix(": felt great") == true)
        #expect(history.first { $0["cycleIndex"] == .number(3) }?["note"] == .string("Taskwarrior: deleted"))
        // Yesterday's cycle was done in Taskwarrior: the series is on today's, nothing missed since (it was yesterday's,
        // overdue, until today's 07:30 without the check-in).
        #expect(stretch["occurrenceCount"] == .number(10) && stretch["isCompleted"] == .bool(false), "\(stretch)")
        #expect(stretch["missedCount"] == .number(0), "\(stretch)")

        // Importing again adds nothing, and no check-in twice.
        let again = try runProcess(tasktile, ["--json", "import", "--format", "taskwarrior", file], environment: e)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try JSONValue.parse(Array(again.stdout.utf8))["added"]?["todos"] == .number(0))
        let after = try JSONValue.parse(Array(try runProcess(tasktile, ["export", "--format", "json"], environment: e).stdout.utf8))
        #expect(after == backup, "a second import of the same export changes nothing")
    }

    @Test("not a Taskwarrior export: exit 65 naming the file and what is expected; the store is untouched")
    func badInput() throws {
        let tmp = TemporaryDirectory("taskwarrior-bad")
        let e = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "UTC", "LANG": "C"]
        #expect(try runProcess(tasktile, ["list", "add", "Home"], environment: e).status == 0)
        let store = tmp.dataDirectory.path + "/tasktile.sqlite"
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        for (name, text, expected) in [("a.json", "{\"description\": \"x\", \"due\": \"tomorrow\"}\n", "is not a Taskwarrior date"),
                                       ("b.json", "[1, 2", "not a Taskwarrior export"),
                                       ("c.json", "{\"status\": \"pending\"}\n", "without a description")] {
            let path = tmp.file(name)
            try AtomicFile.write(text, to: path)
            let r = try runProcess(tasktile, ["import", "--format", "taskwarrior", path], environment: e)
            #expect(r.status == 65, "\(name): \(r.stderr)")
            #expect(r.stderr.contains(path) && r.stderr.contains(expected), "\(name): \(r.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        let export = try runProcess(tasktile, ["export", "--format", "taskwarrior"], environment: e)
        #expect(export.status == 64, "export writes json, ics or todotxt only")
    }
}
