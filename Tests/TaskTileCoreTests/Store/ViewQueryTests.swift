import Foundation
import Testing
import TestSupport

@testable import TaskTileCore

/// Smart lists read through SQL (`Store.viewQuery`, docs/organize.md "Smart lists") give exactly what
/// the filter's own rule (`TodoFilter.matches`) gives over every todo: rows, order, counts, next due.
@Suite("Smart lists in SQL: the same todos, order and counts as the filter's rule")
struct ViewQueryTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")
    static func at(_ local: String) -> Date { ZonedClock.instant(of: LocalDateTime(iso: local)!, in: berlin) }

    /// What a view holds by the rule: every todo of every list, in list then todo order, that `matches` keeps.
    static func byRule(_ store: Store, _ view: SmartView) throws -> [(Todo, TodoList)] {
        try store.read {
            let now = store.clock.now, zone = store.clock.timeZone, today = store.clock.today
            var out: [(Todo, TodoList)] = []
            for list in try store.allLists() {
                for t in try store.todos(inList: list.id)
                where view.filter.matches(t, listTitle: list.title, now: now, today: today, userZone: zone) {
                    out.append((t, list))
                }
            }
            return out
        }
    }

    static let filters = [
        "due<=0d", "due>=0d due<=7d", "!high", "#work", "#work -!high due<=7d", "due:today", "due:overdue",
        "-due:overdue", "due:none", "due:any", "-due:any", "due<0d", "due>3d", "due=1d", "-due<=0d", "due=-2d",
        "sub:yes", "sub:no due<=0d", "^Home due>=-3d", "-^Home", "!any -#home", "milk due<=0d", "-#work !none",
        "due<=0d sub:yes -#later", "due:none -sub:yes", "due>=-1w due<1w !low",
    ]

    /// A store of varied todos around local midnight: date-only and timed dues (Berlin, Tokyo, UTC),
    /// starts before and after now, subtasks, tags, priorities, completed ones; deterministic.
    static func populate(_ store: Store) throws {
        for title in ["Home", "Work", "Errands"] { try store.addList(title: title) }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let zones = ["Europe/Berlin", "Asia/Tokyo", "UTC"]
        let tags = ["work", "home", "later", "Café"]
        var parents: [String: [String]] = [:]
        for i in 0..<240 {
            let list = ["Home", "Work", "Errands"][next(3)]
            let today = LocalDate(iso: "2027-01-04")!
            var due: Due?
            switch next(3) {
            case 0: due = .date(today.adding(days: next(21) - 10))
            case 1:
                // Timed, near local midnight on purpose: 22:00…02:45 in its zone.
                let day = today.adding(days: next(9) - 4)
                let hour = [22, 23, 0, 1, 2][next(5)]
                let wall = LocalDateTime(date: hour < 12 ? day.adding(days: 1) : day, hour: hour, minute: next(4) * 15)!
                due = .dateTime(wall, zoneID: zones[next(3)])
            default: due = nil
            }
            var start: Due?
            switch next(5) {
            case 0: start = .date(today.adding(days: next(5) - 2))
            case 1:
                let wall = LocalDateTime(date: today, hour: [7, 8, 9, 23][next(4)], minute: 0)!
                start = .dateTime(wall, zoneID: zones[next(3)])
            default: start = nil
            }
            let candidates = parents[list] ?? []
            let parent = next(3) == 0 && !candidates.isEmpty ? candidates[next(candidates.count)] : nil
            let title = (next(4) == 0 ? "Buy milk " : "Step ") + "\(i)"
            let chosen = (0..<next(3)).map { _ in tags[next(tags.count)] }
            let priority = Priority(rawValue: next(4)) ?? .none
            let todo: Todo
            do {
                todo = try store.addTodo(
                    title: title, list: list, due: due, parent: parent, priority: priority, tags: chosen, start: start)
            } catch is StoreError {
                // A start after the due, or a completed parent: the todo without them.
                todo = try store.addTodo(title: title, list: list, due: due, priority: priority, tags: chosen)
            }
            if todo.parentId == nil { parents[list, default: []].append(todo.id) }
            if next(4) == 0 { try store.complete(todoID: todo.id, source: .cli) }
        }
    }

    static func check(_ store: Store, at label: String) throws {
        let zone = store.clock.timeZone, now = store.clock.now
        for text in filters {
            let view = SmartView(reference: "@t", filter: try TodoFilter(text), isBuiltin: false)
            let expected = try byRule(store, view)
            let got = try store.read { try store.todos(inView: view) }
            #expect(got.map(\.0.id) == expected.map(\.0.id), "\(label): \(text)")
            let pending = expected.filter { !$0.0.isCompleted }
            let counts = try store.read { try store.counts(ofView: view) }
            let overdue = pending.filter { $0.0.due.map { $0.deadline(userZone: zone) <= now } ?? false }.count
            #expect(
                counts
                    == ViewCounts(pending: pending.count, completed: expected.count - pending.count, overdue: overdue),
                "\(label): \(text)")
            let page = try store.read { try store.todos(inView: view, completed: false, limit: 5) }
            #expect(page.map(\.0.id) == pending.prefix(5).map(\.0.id), "\(label): \(text)")
            // The same pages read list by list (a large `expected` makes the view count as dense).
            let walked = try store.read { try store.todos(inView: view, completed: false, limit: 5, expected: 1 << 20) }
            #expect(walked.map(\.0.id) == pending.prefix(5).map(\.0.id), "\(label): \(text), list by list")
            let walkedBoth = try store.read { try store.todos(inView: view, limit: 7, expected: 1 << 20) }
            #expect(walkedBoth.map(\.0.id) == expected.prefix(7).map(\.0.id), "\(label): \(text), list by list")
            let nextDue = pending.filter { $0.0.due.map { $0.deadline(userZone: zone) > now } ?? false }
                .min { $0.0.due!.deadline(userZone: zone) < $1.0.due!.deadline(userZone: zone) }
            #expect(try store.read { try store.nextDue(inView: view) }?.0.id == nextDue?.0.id, "\(label): \(text)")
        }
    }

    @Test("every filter term, negated or not, gives the rule's todos at 08:00, just before and at local midnight")
    func sameAsRule() throws {
        let dir = CycleFixtures.dataDirectory("view-query")
        try Self.populate(try CycleFixtures.open(dir, now: Self.at("2027-01-04T08:00"), zone: Self.berlin))
        for local in ["2027-01-04T08:00", "2027-01-04T23:59", "2027-01-05T00:00", "2027-01-05T00:01"] {
            let store = try CycleFixtures.open(dir, now: Self.at(local), zone: Self.berlin)
            // Something is in each case, or the comparison would prove little.
            let today = SmartView(reference: "@today", filter: try TodoFilter("due<=0d"), isBuiltin: true)
            #expect(try Self.byRule(store, today).count > 10)
            try Self.check(store, at: local)
        }
    }

    @Test(
        "@today moves at the user's local midnight for a timed due in another zone; a start hides a todo until it comes"
    )
    func midnightAndStart() throws {
        let dir = CycleFixtures.dataDirectory("view-query-midnight")
        let store = try CycleFixtures.open(dir, now: Self.at("2027-01-04T08:00"), zone: Self.berlin)
        try store.addList(title: "Home")
        // 07:30 in Tokyo on the 5th is 23:30 in Berlin on the 4th: today for a Berlin user.
        try store.addTodo(
            title: "Tokyo call", list: "Home",
            due: .dateTime(LocalDateTime(iso: "2027-01-05T07:30")!, zoneID: "Asia/Tokyo"))
        // 08:00 in Tokyo on the 5th is 00:00 in Berlin on the 5th: tomorrow.
        try store.addTodo(
            title: "Tokyo 8", list: "Home",
            due: .dateTime(LocalDateTime(iso: "2027-01-05T08:00")!, zoneID: "Asia/Tokyo"))
        try store.addTodo(title: "Dated", list: "Home", due: .date(LocalDate(iso: "2027-01-04")!))
        try store.addTodo(
            title: "Later today", list: "Home", due: .date(LocalDate(iso: "2027-01-04")!),
            start: .dateTime(LocalDateTime(iso: "2027-01-04T12:00")!, zoneID: "Europe/Berlin"))
        let parent = try store.addTodo(title: "Trip", list: "Home", due: .date(LocalDate(iso: "2027-01-06")!))
        try store.addTodo(title: "Passport", list: "Home", due: .date(LocalDate(iso: "2027-01-03")!), parent: parent.id)
        func today(_ local: String) throws -> (titles: [String], status: StatusSnapshot) {
            let s = try CycleFixtures.open(dir, now: Self.at(local), zone: Self.berlin)
            return (
                try #require(try s.contents(of: "@today").first).pending.map(\.title),
                try s.statusSnapshot(list: "@today")
            )
        }
        var (titles, status) = try today("2027-01-04T08:00")
        #expect(titles == ["Tokyo call", "Dated", "Passport"])
        #expect(status.pendingCount == 3 && status.overdueCount == 1 && status.pending.map(\.title) == titles)
        #expect(status.nextDue?.title == "Tokyo call")
        (titles, status) = try today("2027-01-04T12:00")
        #expect(titles == ["Tokyo call", "Dated", "Later today", "Passport"], "the start has come")
        #expect(status.pendingCount == 4)
        (titles, status) = try today("2027-01-04T23:59")
        #expect(titles == ["Tokyo call", "Dated", "Later today", "Passport"])
        #expect(status.overdueCount == 2, "Tokyo call and Passport are past; the dated ones are due until midnight")
        (titles, status) = try today("2027-01-05T00:00")
        #expect(titles == ["Tokyo call", "Tokyo 8", "Dated", "Later today", "Passport"])
        #expect(status.pendingCount == 5 && status.overdueCount == 5)
        let subtasks = try CycleFixtures.open(dir, now: Self.at("2027-01-04T08:00"), zone: Self.berlin)
        #expect(
            try subtasks.contents(of: "@today").first?.subtaskProgress[parent.id] == nil, "the parent is not in @today")
        try subtasks.saveView(name: "Steps", filter: "sub:yes due<=0d")
        #expect(try subtasks.contents(of: "@Steps").first?.pending.map(\.title) == ["Passport"])
    }
}
