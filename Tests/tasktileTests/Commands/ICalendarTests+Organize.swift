import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TaskTileInterchange
import TestSupport

/// iCalendar's organize properties (docs/organize.md "Interchange and sync"): RELATED-TO, PRIORITY,
/// CATEGORIES and a one-off's DTSTART are data both ways.
extension ICalendarTests {
    static func calendar(_ todos: [[String]]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Nextcloud Tasks v0.15.0"]
            + todos.flatMap { ["BEGIN:VTODO"] + $0 + ["END:VTODO"] } + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    @Test(
        "Nextcloud subtasks (RELATED-TO, with and without RELTYPE), PRIORITY, CATEGORIES, DTSTART: data"
    )
    func organizeImport() throws {
        let cli = CLIHarness()
        let ics = Self.calendar([
            ["UID:trip", "SUMMARY:Pack for the trip", "CATEGORIES:Home", "PRIORITY:1"],
            [
                "UID:socks", "SUMMARY:Socks", "CATEGORIES:Home,clothes", "CATEGORIES:Winter\\,Wear,ok",
                "RELATED-TO;RELTYPE=PARENT:trip",
                "PRIORITY:5",
            ],
            [
                "UID:shoes", "SUMMARY:Shoes", "CATEGORIES:Home", "RELATED-TO:trip", "PRIORITY:9",
                "DTSTART;VALUE=DATE:20270110", "DUE;VALUE=DATE:20270112",
            ],
            [
                "UID:laces", "SUMMARY:Laces", "CATEGORIES:Home", "RELATED-TO:shoes", "RELATED-TO;RELTYPE=CHILD:other",
                "PRIORITY:0",
            ],
            ["UID:elsewhere", "SUMMARY:Elsewhere", "CATEGORIES:Work", "RELATED-TO:trip", "PRIORITY:12"],
            ["UID:orphan", "SUMMARY:Orphan", "CATEGORIES:Home", "RELATED-TO:nobody"],
            [
                "UID:self", "SUMMARY:Self", "CATEGORIES:Home", "RELATED-TO:self", "RELATED-TO;RELTYPE=PARENT:trip",
                "RELATED-TO:shoes",
            ],
            ["UID:loop-a", "SUMMARY:Loop A", "CATEGORIES:Home", "RELATED-TO:loop-b"],
            ["UID:loop-b", "SUMMARY:Loop B", "CATEGORIES:Home", "RELATED-TO:loop-a"],
            ["UID:daily", "SUMMARY:Daily", "CATEGORIES:Home", "DTSTART;VALUE=DATE:20270105", "RRULE:FREQ=DAILY"],
        ])
        let r = cli.run("--json", "import", "--format", "ics", cli.writeFile("nc.ics", ics))
        #expect(r.status == 0, "\(r.stderr)")
        let report = "\(try JSONValue.parse(r.stdout)["notImported"] ?? .null)"
        let todos = try #require(try cli.withStore { try $0.backup() }.todos)
        func todo(_ uid: String) throws -> Todo {
            try #require(todos.first { $0.id == ICalendarResource.todoID(forUID: uid) }, "\(uid)")
        }
        let trip = try todo("trip")
        #expect(try todo("socks").parentId == trip.id, "RELTYPE=PARENT")
        #expect(try todo("shoes").parentId == trip.id, "RELATED-TO without RELTYPE is a parent (RFC 5545 §3.8.4.5)")
        #expect(try todo("laces").parentId == (try todo("shoes")).id, "nesting")
        #expect(report.contains("RELATED-TO"), "the CHILD relation is not ours and is reported: \(report)")
        #expect(trip.priority == .high)
        #expect(try todo("socks").priority == .medium)
        #expect(try todo("shoes").priority == .low)
        #expect(try todo("laces").priority == Priority.none)
        #expect(try todo("elsewhere").priority == Priority.none)
        #expect(report.contains("PRIORITY:12"), "\(report)")
        // Every CATEGORIES line; the first value is the list, an escaped comma stays inside a value.
        #expect(try todo("socks").tags == ["clothes", "ok"])
        #expect(report.contains("Winter,Wear"), "a category that is no tag is reported: \(report)")
        #expect(try todo("shoes").start == .date(LocalDate(year: 2027, month: 1, day: 10)!))
        #expect(try todo("shoes").due == .date(LocalDate(year: 2027, month: 1, day: 12)!))
        #expect(try todo("daily").start == nil, "a repeating VTODO's DTSTART is its first cycle")
        #expect(try todo("daily").repeatRule != nil)
        // Parents that cannot be taken: the todo stays, at the top level, and the report says why.
        #expect(try todo("elsewhere").parentId == nil)
        #expect(report.contains("the parent is in list \\\"Home\\\""), "\(report)")
        #expect(try todo("orphan").parentId == nil)
        #expect(report.contains("RELATED-TO nobody: no todo of the same list"), "\(report)")
        let loop = [try todo("loop-a"), try todo("loop-b")]
        #expect(loop.filter { $0.parentId == nil }.count == 1, "the loop is broken once: \(loop.map(\.parentId))")
        #expect(report.contains("makes a loop of parents"), "\(report)")
        #expect(try todo("self").parentId == trip.id, "its own UID is refused, the first other parent kept")
        #expect(
            report.contains("RELATED-TO self makes a loop") && report.contains("RELATED-TO shoes not imported"),
            "\(report)")
        #expect(!report.contains("not imported: tasktile has due dates only") && !report.contains("has no priorities"))
    }

    @Test("a calendar named by X-WR-CALNAME is the list: its categories are tags; our X-TASKTILE-LIST-ID wins")
    func namedCalendarCategories() throws {
        let cli = CLIHarness()
        let ics = Self.calendar([
            ["UID:n1", "SUMMARY:Milk", "CATEGORIES:dairy,urgent"],
            [
                "UID:n2", "SUMMARY:Ours", "CATEGORIES:Home,work",
                "X-TASKTILE-LIST-ID:1c6e1a52-0d3f-4a8e-9b7c-2d4e6f8a0b1c",
            ],
        ]).replacingOccurrences(
            of: "PRODID:-//Nextcloud Tasks v0.15.0", with: "PRODID:-//Nextcloud Tasks v0.15.0\r\nX-WR-CALNAME:Errands")
        let r = cli.run("import", "--format", "ics", cli.writeFile("named.ics", ics))
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let backup = try cli.withStore { try $0.backup() }
        let lists = Dictionary(uniqueKeysWithValues: backup.lists.map { ($0.id, $0.title) })
        let milk = try #require(backup.todos.first { $0.title == "Milk" })
        #expect(lists[milk.listId] == "Errands" && milk.tags == ["dairy", "urgent"])
        let ours = try #require(backup.todos.first { $0.title == "Ours" })
        #expect(lists[ours.listId] == "Home" && ours.tags == ["work"])
    }

    @Test(
        "a subtask tree: export, python icalendar and recurring-ical-events read it, import gives the same tree"
    )
    func organizeRoundTrip() throws {
        let source = CLIHarness()
        #expect(source.run("list", "add", "Home").status == 0)
        let review = source.run(
            "--json", "add", "Weekly review", "--list", "Home", "--due", "2027-01-08", "--repeat", "weekly",
            "--priority", "high", "--tag", "work")
        #expect(review.status == 0, "\(review.stderr)")
        #expect(
            source.run("add", "Inbox zero", "--parent", "Weekly review", "--tag", "mail", "--tag", "Ünïcode").status
                == 0)
        #expect(
            source.run(
                "add", "Plan, next week", "--parent", "Weekly review", "--priority", "low", "--start", "2027-01-07"
            ).status == 0)
        #expect(
            source.run(
                "add", "Calendar", "--parent", "Plan, next week", "--start", "2027-01-07T09:30",
                "--due", "2027-01-07T12:00"
            ).status == 0)
        let before = try source.withStore { try $0.backup() }.todos
        #expect(before.filter { $0.parentId != nil }.count == 3)
        let ics = source.run("export", "--format", "ics")
        #expect(ics.status == 0 && ics.stderr.isEmpty, "\(ics.stderr)")
        #expect(ics.stdout.contains("RELATED-TO;RELTYPE=PARENT:"))
        #expect(ics.stdout.contains("PRIORITY:1\r\n") && ics.stdout.contains("PRIORITY:9\r\n"))
        #expect(ics.stdout.contains("CATEGORIES:Home,work\r\n"))

        // Another program's reading of it: python3-icalendar and recurring-ical-events (make deps).
        let path = source.writeFile("tree.ics", ics.stdout)
        let check = """
            import json, sys, datetime, icalendar, recurring_ical_events
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], encoding="utf-8").read())
            out = {}
            for t in cal.walk("VTODO"):
                rel = t.get("RELATED-TO")
                cats = t.get("CATEGORIES")
                cats = cats if isinstance(cats, list) else ([cats] if cats is not None else [])
                out[str(t["SUMMARY"])] = {
                    "uid": str(t["UID"]),
                    "parent": str(rel) if rel is not None else None,
                    "reltype": rel.params.get("RELTYPE") if rel is not None else None,
                    "priority": int(t["PRIORITY"]) if "PRIORITY" in t else 0,
                    "categories": [str(c) for cl in cats for c in cl.cats],
                    "dtstart": t.decoded("DTSTART").isoformat() if "DTSTART" in t else None,
                }
            cycles = recurring_ical_events.of(cal, components=["VTODO"]).between(
                datetime.date(2027, 1, 1), datetime.date(2027, 1, 31))
            out["cycles"] = sorted(str(c["SUMMARY"]) + " " + c.decoded("DTSTART").isoformat() for c in cycles)
            print(json.dumps(out))
            """
        let script = source.writeFile("check.py", check)
        let py = try runProcess("/usr/bin/python3", [script, path])
        #expect(
            py.status == 0,
            "python3-icalendar and python3-recurring-ical-events are needed (make deps installs them): \(py.stderr)")
        let read = try JSONValue.parse(py.stdout)
        let reviewUID = read["Weekly review"]?["uid"]
        #expect(
            read["Inbox zero"]?["parent"] == reviewUID && read["Inbox zero"]?["reltype"] == .string("PARENT"),
            "\(py.stdout)")
        #expect(read["Calendar"]?["parent"] == read["Plan, next week"]?["uid"])
        #expect(read["Weekly review"]?["priority"] == .number(1))
        #expect(read["Plan, next week"]?["priority"] == .number(9))
        #expect(read["Inbox zero"]?["categories"] == .array([.string("Home"), .string("mail"), .string("Ünïcode")]))
        #expect(read["Plan, next week"]?["dtstart"] == .string("2027-01-07"))
        #expect(read["Calendar"]?["dtstart"] == .string("2027-01-07T09:30:00+01:00"))
        #expect(
            read["Weekly review"]?["dtstart"] == .string("2027-01-08"), "the repeating parent's DTSTART is its cycle")
        let cycles = "\(read["cycles"] ?? .null)"
        for day in ["08", "15", "22", "29"] { #expect(cycles.contains("Weekly review 2027-01-\(day)"), "\(cycles)") }

        let target = CLIHarness()
        let r = target.run("import", "--format", "ics", path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "nothing of ours is lost: \(r.stderr)")
        let after = try target.withStore { try $0.backup() }.todos
        for t in before {
            let got = try #require(after.first { $0.id == t.id }, "\(t.title)")
            #expect(
                got.parentId == t.parentId && got.priority == t.priority && got.tags == t.tags && got.start == t.start,
                "\(t.title): \(got)")
        }
        // And once more: the same file imported again changes nothing.
        let again = try JSONValue.parse(target.run("--json", "import", "--format", "ics", path).stdout)
        #expect(again["updated"]?["todos"] == .number(0), "\(again)")
    }
}
