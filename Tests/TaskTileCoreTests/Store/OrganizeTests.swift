import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// Subtasks, priority, tags, start dates and smart lists in the store (docs/organize.md).
@Suite("Organize: subtasks, priority, tags, start dates, smart lists")
struct OrganizeTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")
    static func at(_ local: String) -> Date { ZonedClock.instant(of: LocalDateTime(iso: local)!, in: berlin) }
    static func open(_ dir: DataDirectory, _ now: String) throws -> Store {
        try CycleFixtures.open(dir, now: at(now), zone: berlin)
    }
    static func state(_ store: Store) throws -> [String] {
        try store.read {
            try store.database.rows(
                "SELECT title, is_completed, coalesce(parent_id, '-'), priority, coalesce(tags, '') FROM todos ORDER BY title"
            )
            .map { "\($0.text(0)!)|\($0.int(1)!)|\($0.text(2)!.prefix(4))|\($0.int(3)!)|\($0.text(4)!)" }
        }
    }

    @Test(
        "completing a parent completes its open subtasks; one undo reopens them; the last subtask does not complete the parent"
    )
    func cascade() throws {
        let dir = CycleFixtures.dataDirectory("organize-cascade")
        let store = try Self.open(dir, "2027-01-04T08:00")
        try store.addList(title: "Home")
        let parent = try store.addTodo(title: "Pack", list: "Home")
        let a = try store.addTodo(title: "Socks", list: nil, parent: parent.id)
        let b = try store.addTodo(title: "Shirts", list: "Home", parent: "Pack")
        let c = try store.addTodo(title: "Blue shirt", list: "Home", parent: b.id)
        #expect(a.listId == parent.listId && a.parentId == parent.id && c.parentId == b.id)
        try store.complete(todoID: a.id, source: .cli)
        try store.complete(todoID: parent.id, source: .cli)
        let done = try store.read { try [parent.id, a.id, b.id, c.id].map { try store.todo(id: $0)!.isCompleted } }
        #expect(done == [true, true, true, true])
        // Each subtask completed with the parent has its own history row.
        let rows = try store.read {
            try store.database.scalarInt("SELECT count(*) FROM completions WHERE undone_at IS NULL")
        }
        #expect(rows == 4)
        try store.undo(parent.id)
        let after = try store.read { try [parent.id, a.id, b.id, c.id].map { try store.todo(id: $0)!.isCompleted } }
        #expect(after == [false, true, false, false], "Socks was completed before, on its own")
        // Completing every subtask leaves the parent open, showing 3/3... of its direct subtasks 2/2.
        try store.complete(todoID: b.id, source: .cli)
        let content = try #require(try store.contents(of: "Home").first)
        #expect(content.subtaskProgress[parent.id] == SubtaskProgress(done: 2, total: 2))
        // A subtask not started yet is not counted until its start.
        try store.addTodo(title: "Passport", list: nil, parent: parent.id, start: .date(LocalDate(iso: "2027-01-09")!))
        #expect(try store.contents(of: "Home").first?.subtaskProgress[parent.id] == SubtaskProgress(done: 2, total: 2))
        #expect(content.pending.map(\.title) == ["Pack"])
    }

    @Test("a repeating parent's checklist reopens with each new cycle, and its check-ins stay in history")
    func checklist() throws {
        let dir = CycleFixtures.dataDirectory("organize-checklist")
        var store = try Self.open(dir, "2027-01-04T08:00")
        try store.addList(title: "Home")
        let review = try store.addTodo(
            title: "Weekly review", list: "Home", due: .date(LocalDate(iso: "2027-01-04")!),
            repeatRule: RepeatRule(frequency: .weekly, weekdays: [.monday]))
        let steps = try (1...3).map { try store.addTodo(title: "Step \($0)", list: "Home", parent: review.id) }
        for cycle in 0..<3 {
            let day = LocalDate(iso: "2027-01-04")!.adding(days: 7 * cycle)
            store = try Self.open(dir, "\(day)T09:00")
            let open = try store.read { try steps.map { try store.todo(id: $0.id)!.isCompleted } }
            #expect(open == [false, false, false], "cycle \(cycle) starts with an open checklist")
            try store.complete(todoID: steps[0].id, source: .cli)
            try store.complete(todoID: review.id, source: .cli)
        }
        let history = try store.read {
            try store.database.scalarInt(
                "SELECT count(*) FROM completions WHERE todo_id = ? AND undone_at IS NULL", [.text(steps[2].id)])
        }
        #expect(history == 3)
    }

    @Test("deleting a parent deletes its subtasks; moving it moves them")
    func deleteAndMove() throws {
        let dir = CycleFixtures.dataDirectory("organize-delete")
        let store = try Self.open(dir, "2027-01-04T08:00")
        try store.addList(title: "Home")
        try store.addList(title: "Work")
        let p = try store.addTodo(title: "Trip", list: "Home")
        let s = try store.addTodo(title: "Tickets", list: "Home", parent: p.id)
        _ = try store.addTodo(title: "Seats", list: "Home", parent: s.id)
        try store.editTodo(p.id, changes: TodoChanges(list: "Work"))
        let lists = try store.read {
            try Set(
                store.database.rows("SELECT l.title FROM todos t JOIN lists l ON l.id = t.list_id").map { $0.text(0)! })
        }
        #expect(lists == ["Work"])
        try store.removeTodo(p.id)
        #expect(try store.read { try store.database.scalarInt("SELECT count(*) FROM todos") } == 0)
    }

    @Test(
        "bad input: a parent in another list, its own descendant, itself; an empty or 200-character tag — refused, nothing changed"
    )
    func badInput() throws {
        let dir = CycleFixtures.dataDirectory("organize-bad")
        let store = try Self.open(dir, "2027-01-04T08:00")
        try store.addList(title: "Home")
        try store.addList(title: "Work")
        let p = try store.addTodo(title: "Trip", list: "Home")
        let s = try store.addTodo(title: "Tickets", list: "Home", parent: p.id)
        let before = try Self.state(store)
        func refused(_ body: () throws -> Void) {
            do { try body(); Issue.record("accepted") } catch let e as StoreError {
                #expect(e.exitCode == .usage, "\(e)")
            } catch { Issue.record("\(error)") }
        }
        refused { try store.addTodo(title: "X", list: "Work", parent: p.id) }
        refused { try store.editTodo(p.id, changes: TodoChanges(parent: .some(s.id))) }
        refused { try store.editTodo(p.id, changes: TodoChanges(parent: .some(p.id))) }
        refused { try store.addTodo(title: "X", list: "Home", tags: ["#"]) }
        refused { try store.addTodo(title: "X", list: "Home", tags: [String(repeating: "a", count: 200)]) }
        refused { try store.addTodo(title: "X", list: "Home", tags: ["two words"]) }
        refused { try store.saveView(name: "Focus", filter: "due<soon") }
        refused { try store.saveView(name: "today", filter: "!high") }
        #expect(try Self.state(store) == before)
        #expect(Priority(name: "urgent") == nil)
        #expect(
            Priority(name: "H") == .high && Priority(icalendarValue: 3) == .high && Priority(icalendarValue: 7) == .low)
    }

    @Test("tags match case-insensitively and keep their first spelling; a start hides a todo until then")
    func tagsAndStart() throws {
        let dir = CycleFixtures.dataDirectory("organize-tags")
        var store = try Self.open(dir, "2027-01-04T08:00")
        try store.addList(title: "Home")
        let t = try store.addTodo(
            title: "Call", list: "Home", tags: ["Work", "#work", "家族"], start: .date(LocalDate(iso: "2027-01-06")!))
        #expect(t.tags == ["Work", "家族"])
        #expect(try store.contents(of: "Home").first?.pending.isEmpty == true)
        #expect(try store.contents(of: "Home", includeUnstarted: true).first?.pending.count == 1)
        #expect(try store.statusSnapshot().pendingCount == 0)
        store = try Self.open(dir, "2027-01-06T00:00")
        #expect(try store.contents(of: "#WORK").first?.pending.map(\.title) == ["Call"])
        #expect(try store.statusSnapshot().pendingCount == 1)
        #expect(try store.tagUsage().map(\.tag) == ["Work", "家族"])
    }

    @Test("smart lists: @today, @upcoming, @high, #tag and a saved view, wherever a list is")
    func views() throws {
        let dir = CycleFixtures.dataDirectory("organize-views")
        var store = try Self.open(dir, "2027-01-04T08:00")
        try store.addList(title: "Home")
        try store.addList(title: "Work")
        func date(_ s: String) -> Due { .date(LocalDate(iso: s)!) }
        try store.addTodo(title: "Overdue", list: "Home", due: date("2027-01-02"))
        try store.addTodo(title: "Today", list: "Work", due: date("2027-01-04"), priority: .high, tags: ["work"])
        try store.addTodo(title: "Soon", list: "Work", due: date("2027-01-08"), tags: ["work"])
        try store.addTodo(title: "Later", list: "Home", due: date("2027-02-01"), priority: .high)
        func titles(_ ref: String) throws -> [String] {
            let c = try #require(try store.contents(of: ref).first)
            return c.pending.map(\.title)
        }
        #expect(try titles("@today") == ["Overdue", "Today"])
        #expect(try titles("@upcoming") == ["Today", "Soon"])
        #expect(try titles("@high") == ["Later", "Today"])
        #expect(try titles("#work") == ["Today", "Soon"])
        try store.saveView(name: "Focus", filter: "#work -!high due<=7d")
        #expect(try titles("@focus") == ["Soon"])
        #expect(try store.statusSnapshot(list: "@today").pendingCount == 2)
        let result = try store.intentComplete(listTitle: "@today", todoTitle: "Today", first: false)
        #expect(result.todo.title == "Today")
        #expect(try store.widgetContent(list: "@today")?.completed.map(\.title) == ["Today"])
        // At the next local midnight @today moves on.
        store = try Self.open(dir, "2027-01-08T00:00")
        #expect(try titles("@today") == ["Overdue", "Soon"])
        #expect(throws: StoreError.self) { try store.contents(of: "@nosuchview") }
    }

    @Test(
        "status json carries priority, tags and parent in a list and a view; a notification counts steps"
    )
    func statusAndNotification() throws {
        let dir = CycleFixtures.dataDirectory("organize-status")
        let store = try Self.open(dir, "2027-01-04T08:00")
        try store.addList(title: "Home")
        let parent = try store.addTodo(
            title: "Weekly review", list: "Home",
            due: .dateTime(LocalDateTime(iso: "2027-01-04T09:00")!, zoneID: "Europe/Berlin"),
            priority: .high, tags: ["work"])
        for step in ["Inbox", "Calendar", "Goals"] { try store.addTodo(title: step, list: nil, parent: parent.id) }
        // A step whose start has not come is not counted (docs/organize.md "Start dates"): 2 of 3, not 3 of 4.
        try store.addTodo(title: "Taxes", list: nil, parent: parent.id, start: .date(LocalDate(iso: "2027-01-09")!))
        let first = try #require(try store.read { try store.descendants(of: parent.id) }.first { $0.title == "Inbox" })
        try store.complete(todoID: first.id, source: .cli)
        for scope in [nil, "#work"] as [String?] {
            let snapshot = try store.statusSnapshot(list: scope)
            let json = try JSONValue.parse(
                Array(StatusFormatter(executablePath: "/usr/bin/tasktile", dataDirectory: "/d").json(snapshot).utf8))
            guard case .array(let pending)? = json["pending"] else { Issue.record("no pending: \(json)"); continue }
            let review = try #require(pending.first { $0["title"] == .string("Weekly review") })
            #expect(review["priority"] == .string("high"))
            #expect(review["tags"] == .array([.string("work")]))
            #expect(review["parentId"] == .null)
            if scope == nil {
                let step = try #require(pending.first { $0["title"] == .string("Calendar") })
                #expect(step["parentId"] == .string(parent.id))
                #expect(step["priority"] == .string("none"))
            }
        }
        // The notification claimed at the due says how many of its steps are left.
        let later = try Self.open(dir, "2027-01-04T09:00")
        let input = try later.notificationInput()
        let planned = NotificationPlanner.due(
            input, after: Self.at("2027-01-04T08:00"), through: Self.at("2027-01-04T10:00"),
            userZone: Self.berlin)
        let item = try #require(planned.first { $0.todoId == parent.id })
        let claim = try #require(try later.claimDeliveries([item], outcome: "shown", pid: 1).first)
        #expect(claim.steps?.open == 2 && claim.steps?.total == 3)
    }

    @Test("search within a list or a smart list finds only that scope's todos")
    func searchInScope() throws {
        let dir = CycleFixtures.dataDirectory("organize-search")
        let store = try Self.open(dir, "2027-01-04T08:00")
        try store.addList(title: "Home")
        try store.addList(title: "Work")
        try store.addTodo(title: "Buy milk", list: "Home", due: .date(LocalDate(iso: "2027-01-04")!))
        try store.addTodo(title: "Buy milk for the office", list: "Work", tags: ["office"])
        try store.addTodo(title: "Buy printer paper", list: "Work", due: .date(LocalDate(iso: "2027-01-09")!))
        func titles(_ q: String, _ scope: String?) throws -> [String] {
            try (scope.map { try store.search(q, in: $0) } ?? store.search(q)).todos.map(\.todo.title)
        }
        #expect(try titles("buy", nil).count == 3)
        #expect(try titles("buy", "@today") == ["Buy milk"])
        #expect(try titles("milk", "#office") == ["Buy milk for the office"])
        #expect(try titles("buy", "Work") == ["Buy milk for the office", "Buy printer paper"])
        #expect(try store.search("work", in: "@today").lists.isEmpty, "a smart list has no list to find")
        #expect(throws: StoreError.self) { try store.search("buy", in: "@nosuchview") }
    }

    @Test("refused with exit 64 and nothing changed: a start after the due, a subtask moved without its parent, a completed parent")
    func startMoveAndCompletedParent() throws {
        let dir = CycleFixtures.dataDirectory("organize-refusals")
        let store = try Self.open(dir, "2027-01-04T08:00")
        try store.addList(title: "Home")
        try store.addList(title: "Work")
        func date(_ s: String) -> Due { .date(LocalDate(iso: s)!) }
        func refused(_ body: () throws -> Void) {
            #expect(throws: StoreError.self) { try body() }
        }
        let before = try Self.state(store)
        refused { try store.addTodo(title: "Late", list: "Home", due: date("2027-01-05"), start: date("2027-01-10")) }
        refused {
            try store.addTodo(title: "Habit", list: "Home", due: date("2027-01-05"), repeatRule: RepeatRule(frequency: .daily),
                              start: date("2027-01-06"))
        }
        #expect(try Self.state(store) == before)
        // The same day is not after: a repeat may start the day its first due is.
        let habit = try store.addTodo(title: "Habit", list: "Home", due: date("2027-01-06"),
                                      repeatRule: RepeatRule(frequency: .daily), start: date("2027-01-06"))
        var later = TodoChanges()
        later.start = .some(date("2027-01-09"))
        refused { try store.editTodo(habit.id, changes: later) }

        let pack = try store.addTodo(title: "Pack", list: "Work")
        let socks = try store.addTodo(title: "Socks", list: nil, parent: pack.id)
        let shirts = try store.addTodo(title: "Shirts", list: nil, parent: pack.id)
        try store.addTodo(title: "Other", list: "Home")
        var move = TodoChanges()
        move.list = "Home"
        refused { try store.editTodo(socks.id, changes: move) }
        #expect(try store.read { try store.todo(id: socks.id)?.parentId } == pack.id)
        // The parent moves with its subtasks, which follow it at the end of the list, in their order.
        try store.editTodo(pack.id, changes: move)
        let home = try #require(try store.contents(of: "Home").first)
        #expect(home.pending.map(\.title) == ["Other", "Pack", "Socks", "Shirts"], "Habit has not started")
        #expect(try store.read { try store.todo(id: shirts.id)?.listId } == home.list.id)
        // Alone, with --no-parent.
        move.list = "Work"
        move.parent = .some(nil)
        try store.editTodo(socks.id, changes: move)
        #expect(try store.read { try store.todo(id: socks.id) }?.parentId == nil)

        try store.complete(todoID: pack.id, source: .cli)
        refused { try store.addTodo(title: "Late step", list: nil, parent: pack.id) }
    }
}

