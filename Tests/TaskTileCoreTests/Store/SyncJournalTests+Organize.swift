import Foundation
import Testing
@testable import TaskTileCore
import TestSupport
@testable import TaskTileInterchange

/// Parent, priority, tags and start as sync merge groups (docs/sync.md "Merging"): each replaces
/// only its own lines when it changed, and what it does not own stays byte for byte.
extension SyncJournalTests {
    static let organizedItem = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Nextcloud Tasks v0.15.0", "BEGIN:VTODO", "UID:socks@example.org",
        "DTSTAMP:20270101T000000Z", "SUMMARY:Socks", "CATEGORIES:Clothes,Winter", "CATEGORIES:wool", "PRIORITY:5",
        "RELATED-TO:trip@example.org", "RELATED-TO;RELTYPE=CHILD:darning@example.org", "X-FOO;X=1:keep me",
        "DTSTART;VALUE=DATE:20270110", "DUE;VALUE=DATE:20270112", "END:VTODO", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    static func parse(_ text: String) throws -> ICalendarResource {
        try ICalendarResource.parse(
            text, href: "/x.ics", userZone: TimeZone(identifier: "UTC")!, now: Date(timeIntervalSince1970: 0))
    }

    @Test(
        "RELATED-TO without RELTYPE, PRIORITY, every CATEGORIES line (all tags), a one-off's DTSTART are read"
    )
    func organizeRead() throws {
        let r = try Self.parse(Self.organizedItem)
        #expect(r.todo.parentId == ICalendarResource.todoID(forUID: "trip@example.org"))
        #expect(r.todo.priority == .medium)
        #expect(
            r.todo.tags == ["Clothes", "Winter", "wool"],
            "in a sync resource the collection is the list: every category is a tag")
        #expect(r.todo.start == .date(LocalDate(year: 2027, month: 1, day: 10)!))
        #expect(r.todo.due == .date(LocalDate(year: 2027, month: 1, day: 12)!))
    }

    @Test(
        "an organize group, changed alone, replaces its own lines; the rest stays byte for byte",
        arguments: ["parent", "no parent", "priority", "tags", "start", "due"])
    func organizeGroupRender(_ change: String) throws {
        let r = try Self.parse(Self.organizedItem)
        var edited = r.todo
        var parentUID: String?
        switch change {
        case "parent":
            edited.parentId = ICalendarResource.todoID(forUID: "bag@example.org"); parentUID = "bag@example.org"
        case "no parent": edited.parentId = nil
        case "priority": edited.priority = .high
        case "tags": edited.tags = ["Clothes", "cotton"]
        case "start": edited.start = nil
        default: edited.due = .date(LocalDate(year: 2027, month: 1, day: 20)!)
        }
        let out = ICalendarResource.render(
            edited, over: Self.organizedItem, templateTodo: r.todo, parentUID: parentUID,
            now: Date(timeIntervalSince1970: 1_800_000_000))
        let lines: [String: [String]] = [
            "parent": ["RELATED-TO:trip@example.org"], "priority": ["PRIORITY:5"],
            "tags": ["CATEGORIES:Clothes,Winter", "CATEGORIES:wool"],
            "start": ["DTSTART;VALUE=DATE:20270110"], "due": ["DUE;VALUE=DATE:20270112"],
        ]
        let group = change == "no parent" ? "parent" : change
        for (g, own) in lines {
            for l in own { #expect(out.contains(l + "\r\n") == (g != group), "\(change): \(l)\n\(out)") }
        }
        for kept in ["RELATED-TO;RELTYPE=CHILD:darning@example.org\r\n", "X-FOO;X=1:keep me\r\n", "SUMMARY:Socks\r\n"] {
            #expect(out.contains(kept), "\(change): \(kept) kept\n\(out)")
        }
        switch change {
        case "parent": #expect(out.contains("RELATED-TO;RELTYPE=PARENT:bag@example.org\r\n"))
        case "priority": #expect(out.contains("PRIORITY:1\r\n"))
        case "tags": #expect(out.contains("CATEGORIES:Clothes,cotton\r\n") && !out.contains("wool"))
        case "due": #expect(out.contains("DUE;VALUE=DATE:20270120\r\n"))
        default: break
        }
        // What was written reads back as the edit, in every group.
        let back = try Self.parse(out).todo
        for g in ICalendarResource.Group.allCases {
            #expect(g.same(back, edited), "\(change): \(g) \(g.describe(back))")
        }
    }

    @Test(
        "a one-off's start is its own group; a repeating item's DTSTART is its schedule, a start here stays"
    )
    func startGroup() throws {
        let r = try Self.parse(Self.organizedItem)
        var later = r.todo
        later.start = .date(LocalDate(year: 2027, month: 1, day: 11)!)
        #expect(!ICalendarResource.Group.start.same(r.todo, later))
        #expect(ICalendarResource.Group.schedule.same(r.todo, later))
        let repeating = try Self.parse(
            Self.organizedItem.replacingOccurrences(of: "PRIORITY:5", with: "RRULE:FREQ=WEEKLY"))
        #expect(repeating.todo.start == nil && repeating.todo.repeatRule != nil, "DTSTART is the first cycle")
        var here = repeating.todo
        here.start = .date(LocalDate(year: 2027, month: 1, day: 1)!)
        #expect(ICalendarResource.Group.start.same(here, repeating.todo), "a repeating todo's start has no wire form")
        ICalendarResource.Group.start.copy(from: repeating.todo, into: &here)
        #expect(here.start == .date(LocalDate(year: 2027, month: 1, day: 1)!))
        // A repeat removed: the DTSTART that was the first cycle goes with it, and the start is written instead.
        var oneOff = repeating.todo
        oneOff.repeatRule = nil; oneOff.anchor = nil; oneOff.start = .date(LocalDate(year: 2027, month: 1, day: 5)!)
        let out = ICalendarResource.render(
            oneOff, over: repeating.text, templateTodo: repeating.todo, now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(
            !out.contains("RRULE") && out.contains("DTSTART;VALUE=DATE:20270105\r\n")
                && !out.contains("DTSTART;VALUE=DATE:20270110"), "\(out)")
    }

    @Test("categories that are no tags (a space, as Nextcloud allows) survive a change of the tags")
    func foreignCategoriesSurvive() throws {
        let text = Self.organizedItem.replacingOccurrences(of: "CATEGORIES:wool", with: "CATEGORIES:Work stuff,a\\,b")
        let r = try Self.parse(text)
        #expect(r.todo.tags == ["Clothes", "Winter"])
        #expect(r.cleaned.contains { $0.description.contains("Work stuff") }, "reported: \(r.cleaned)")
        var edited = r.todo
        edited.tags = ["cotton"]
        let out = ICalendarResource.render(
            edited, over: text, templateTodo: r.todo, now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(out.contains("CATEGORIES:cotton,Work stuff,a\\,b\r\n"), "\(out)")
        #expect(try Self.parse(out).todo.tags == ["cotton"])
        edited.tags = []
        let none = ICalendarResource.render(
            edited, over: text, templateTodo: r.todo, now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(none.contains("CATEGORIES:Work stuff,a\\,b\r\n") && !none.contains("Clothes"), "\(none)")
    }
}
