import Foundation
import Testing
@testable import TaskTileCore
import TestSupport

@Suite("Notification planner (docs/notifications.md)")
struct NotificationPlannerTests {
    static let zone = TimeZone(identifier: "Asia/Tokyo")!
    static let list = TodoList(id: "list-1", title: "Home", sortOrder: 0, createdAt: Date(timeIntervalSince1970: 0))

    /// 2027-01-04 is a Monday.
    static func at(_ iso: String) -> Date { Clock.parseInstant(iso, zone: zone)! }
    static func timed(_ iso: String) -> Due { .dateTime(LocalDateTime(iso: iso)!, zoneID: "Asia/Tokyo") }
    static func todo(_ id: String, due: Due?, rule: RepeatRule? = nil, completed: Bool = false, cycle: Int = 0,
                     list: String = "list-1") -> Todo {
        Todo(id: id, listId: list, title: "T \(id)", isCompleted: completed, sortOrder: 0,
             createdAt: Date(timeIntervalSince1970: 0), due: due, anchor: rule == nil ? nil : due,
             repeatRule: rule, occurrenceCount: cycle)
    }
    static func wallClocks(_ plan: [PlannedNotification]) -> [String] {
        plan.map { "\(ZonedClock.wallClock(of: $0.fireAt, in: zone))" }
    }

    @Test("a weekly Mon/Wed/Fri list reminder fires on all three days, with list:<id>_<i> ids")
    func weeklyReminderAllDays() {
        let rule = RepeatRule(frequency: .weekly, weekdays: [.monday, .wednesday, .friday])
        let reminder = ListReminder(listId: "list-1", anchor: Self.timed("2027-01-04T18:00"), repeatRule: rule)
        let input = NotificationPlanInput(todos: [], lists: [Self.list], reminders: [reminder])
        let plan = NotificationPlanner.plan(input, now: Self.at("2027-01-04T12:00"), userZone: Self.zone)
        #expect(Array(Self.wallClocks(plan).prefix(4)) == ["2027-01-04T18:00:00", "2027-01-06T18:00:00",
                                                           "2027-01-08T18:00:00", "2027-01-11T18:00:00"])
        #expect(plan.count == NotificationPlanner.cycleLookahead)
        #expect(plan.map(\.identifier).prefix(3) == ["list:list-1_0", "list:list-1_1", "list:list-1_2"])
        #expect(plan.allSatisfy { $0.kind == .reminder && $0.title == "Home" })
    }

    @Test("a repeating todo's completed current cycle is skipped; an incomplete one is planned")
    func completedCycleSkipped() {
        let rule = RepeatRule(frequency: .daily)
        let now = Self.at("2027-01-05T08:00")
        let done = Self.todo("a", due: Self.timed("2027-01-03T09:00"), rule: rule, completed: true, cycle: 2)
        let open = Self.todo("b", due: Self.timed("2027-01-03T09:00"), rule: rule, completed: false, cycle: 2)
        let planDone = NotificationPlanner.plan(NotificationPlanInput(todos: [done], lists: [Self.list]), now: now, userZone: Self.zone)
        let planOpen = NotificationPlanner.plan(NotificationPlanInput(todos: [open], lists: [Self.list]), now: now, userZone: Self.zone)
        #expect(planDone.first?.identifier == "a_3")
        #expect(Self.wallClocks(planDone).first == "2027-01-06T09:00:00")
        #expect(planDone.count == 7)
        #expect(planOpen.first?.identifier == "b_2")
        #expect(Self.wallClocks(planOpen).first == "2027-01-05T09:00:00")
    }

    @Test("a daily reminder set after today's time does not fire for today (it starts tomorrow)")
    func reminderSetAfterItsTime() {
        let reminder = ListReminder(listId: "list-1", anchor: Self.timed("2027-01-04T10:00"), repeatRule: RepeatRule(frequency: .daily),
                                    createdAt: Self.at("2027-01-04T10:56"))
        let input = NotificationPlanInput(todos: [], lists: [Self.list], reminders: [reminder])
        // The daemon's window after it starts (or catches up) at 10:57 that day.
        let due = NotificationPlanner.due(input, after: Self.at("2027-01-03T10:57"), through: Self.at("2027-01-05T10:00"),
                                          userZone: Self.zone)
        #expect(due.map(\.identifier) == ["list:list-1_1"])
    }

    @Test("a cycle completed in history (after catch-up moved on) is not due again")
    func historyCompletedCycle() {
        let rule = RepeatRule(frequency: .daily)
        let t = Self.todo("a", due: Self.timed("2027-01-03T09:00"), rule: rule, completed: false, cycle: 3)
        let input = NotificationPlanInput(todos: [t], lists: [Self.list], completedCycles: ["a_2"])
        let due = NotificationPlanner.due(input, after: Self.at("2027-01-04T08:00"), through: Self.at("2027-01-06T08:00"),
                                          userZone: Self.zone)
        #expect(due.map(\.identifier) == ["a_1"])
    }

    @Test("after 3 occurrences the series stops at 3", arguments: [0, 1, 2])
    func afterThree(cycle: Int) {
        let rule = RepeatRule(frequency: .daily, end: .afterCount(3))
        let t = Self.todo("a", due: Self.timed("2027-01-05T09:00"), rule: rule, cycle: cycle)
        let plan = NotificationPlanner.plan(NotificationPlanInput(todos: [t], lists: [Self.list]),
                                            now: Self.at("2027-01-05T08:00"), userZone: Self.zone)
        #expect(plan.map(\.identifier) == (cycle..<3).map { "a_\($0)" })
    }

    @Test("a list reminder ending after 3 stops after 3 deliveries, not 3 occurrences")
    func reminderAfterThreeDeliveries() {
        let rule = RepeatRule(frequency: .daily, end: .afterCount(3))
        var reminder = ListReminder(listId: "list-1", anchor: Self.timed("2027-01-01T18:00"), repeatRule: rule, deliveries: 1)
        let now = Self.at("2027-01-05T12:00")
        var plan = NotificationPlanner.plan(NotificationPlanInput(todos: [], lists: [Self.list], reminders: [reminder]),
                                            now: now, userZone: Self.zone)
        // Occurrences 0…3 are past (some consumed with nothing to say): 2 deliveries remain.
        #expect(plan.map(\.identifier) == ["list:list-1_4", "list:list-1_5"])
        reminder.deliveries = 3
        plan = NotificationPlanner.plan(NotificationPlanInput(todos: [], lists: [Self.list], reminders: [reminder]),
                                        now: now, userZone: Self.zone)
        #expect(plan.isEmpty)
    }

    @Test("20 repeating todos: the plan is capped at the 64 soonest, soonest first")
    func capAt64() {
        let todos = (0..<20).map { i in
            Self.todo(String(format: "t%02d", i), due: Self.timed(String(format: "2027-01-05T09:%02d", i)),
                      rule: RepeatRule(frequency: .daily))
        }
        let plan = NotificationPlanner.plan(NotificationPlanInput(todos: todos, lists: [Self.list]),
                                            now: Self.at("2027-01-05T08:00"), userZone: Self.zone)
        #expect(plan.count == 64)
        #expect(zip(plan, plan.dropFirst()).allSatisfy { $0.fireAt <= $1.fireAt })
        // 20 per day: days 5, 6 and 7 fill 60; the first 4 of day 8 make 64.
        #expect(Self.wallClocks(plan).first == "2027-01-05T09:00:00")
        #expect(Self.wallClocks(plan).last == "2027-01-08T09:03:00")
        #expect(Set(plan.map(\.identifier)).count == 64)
    }

    @Test("date-only dues notify at notify.defaultTime in the user's zone; completed one-offs not at all")
    func dateOnlyAndOneOff() {
        let a = Self.todo("a", due: .date(LocalDate(year: 2027, month: 1, day: 6)!))
        let b = Self.todo("b", due: Self.timed("2027-01-05T20:00"), completed: true)
        let c = Self.todo("c", due: Self.timed("2027-01-05T07:00")) // already past
        var input = NotificationPlanInput(todos: [a, b, c], lists: [Self.list])
        #expect(Self.wallClocks(NotificationPlanner.plan(input, now: Self.at("2027-01-05T08:00"), userZone: Self.zone))
                == ["2027-01-06T09:00:00"])
        input.defaultTime = NotifyTime(text: "07:30")!
        let plan = NotificationPlanner.plan(input, now: Self.at("2027-01-05T08:00"), userZone: Self.zone)
        #expect(Self.wallClocks(plan) == ["2027-01-06T07:30:00"])
        #expect(plan.map(\.identifier) == ["a"])
    }

    @Test("todos and reminders of a list that is gone are not planned")
    func missingListIgnored() {
        let t = Self.todo("a", due: Self.timed("2027-01-05T09:00"), list: "gone")
        let r = ListReminder(listId: "gone", anchor: Self.timed("2027-01-05T18:00"), repeatRule: nil)
        let input = NotificationPlanInput(todos: [t], lists: [Self.list], reminders: [r])
        #expect(NotificationPlanner.plan(input, now: Self.at("2027-01-05T08:00"), userZone: Self.zone).isEmpty)
    }
}

@Suite("Notification store: plan from the store, delivery log, list reminders")
struct NotificationStoreTests {
    @Test("deleting a list removes its todos' and its reminder's plan entries")
    func deletingListRemovesEntries() throws {
        let tmp = TemporaryDirectory("notify-store")
        let store = try Store.open(tmp.dataDirectory, clock: testClock("2027-01-05T08:00:00", zone: "Asia/Tokyo"))
        try store.addList(title: "Home")
        try store.addList(title: "Work")
        let due = Due.dateTime(LocalDateTime(iso: "2027-01-05T10:00")!, zoneID: "Asia/Tokyo")
        try store.addTodo(title: "A", list: "Home", due: due)
        try store.addTodo(title: "B", list: "Work", due: due, repeatRule: RepeatRule(frequency: .daily))
        try store.setListReminder(list: "Work", anchor: due, repeatRule: RepeatRule(frequency: .daily))
        func plannedLists() throws -> Set<String> {
            Set(NotificationPlanner.plan(try store.notificationInput(), now: store.clock.now, userZone: store.clock.timeZone).map(\.listTitle))
        }
        #expect(try plannedLists() == ["Home", "Work"])
        try store.removeList("Work")
        #expect(try plannedLists() == ["Home"])
        #expect(try store.database.scalarInt("SELECT count(*) FROM list_reminders") == 0)
    }

    @Test("a claim is made once: a second claim of the same key (another daemon, a restart) gets nothing")
    func claimOnce() throws {
        let tmp = TemporaryDirectory("notify-claim")
        let clock = testClock("2027-01-05T10:00:00", zone: "Asia/Tokyo")
        let store = try Store.open(tmp.dataDirectory, clock: clock)
        try store.addList(title: "Home")
        store.clock.now = clock.now.addingTimeInterval(-3600)
        try store.addTodo(title: "A", list: "Home", due: .dateTime(LocalDateTime(iso: "2027-01-05T10:00")!, zoneID: "Asia/Tokyo"))
        store.clock.now = clock.now
        let other = try Store.open(tmp.dataDirectory, clock: clock)
        let items = NotificationPlanner.due(try store.notificationInput(), after: clock.now.addingTimeInterval(-60),
                                            through: clock.now, userZone: clock.timeZone)
        #expect(items.count == 1)
        #expect(try store.claimDeliveries(items, outcome: "shown", pid: 1).count == 1)
        #expect(try other.claimDeliveries(items, outcome: "shown", pid: 2).isEmpty)
        #expect(try store.claimDeliveries(items, outcome: "shown", pid: 1).isEmpty)
        #expect(try store.database.scalarInt("SELECT count(*) FROM notification_deliveries") == 1)
    }

    @Test("a list reminder with zero incomplete todos at fire time shows nothing, but its occurrence is consumed")
    func emptyReminderShowsNothing() throws {
        let tmp = TemporaryDirectory("notify-empty")
        let clock = testClock("2027-01-05T18:00:00", zone: "Asia/Tokyo")
        let store = try Store.open(tmp.dataDirectory, clock: clock)
        try store.addList(title: "Home")
        let t = try store.addTodo(title: "A", list: "Home")
        try store.complete(todoID: t.id, source: .cli)
        let anchor = Due.dateTime(LocalDateTime(iso: "2027-01-05T18:00")!, zoneID: "Asia/Tokyo")
        try store.setListReminder(list: "Home", anchor: anchor, repeatRule: RepeatRule(frequency: .daily, end: .afterCount(2)))
        let items = NotificationPlanner.due(try store.notificationInput(), after: clock.now.addingTimeInterval(-1),
                                            through: clock.now, userZone: clock.timeZone)
        #expect(items.map(\.identifier) == ["list:\(t.listId)_0"])
        #expect(try store.claimDeliveries(items, outcome: "shown", pid: 1).isEmpty)
        #expect(try store.database.scalarText("SELECT outcome FROM notification_deliveries") == "empty")
        #expect(try store.listReminder(list: "Home").reminder?.deliveries == 0)
        // With an incomplete todo the next occurrence is shown and counts.
        try store.addTodo(title: "B", list: "Home")
        store.clock.now = clock.now.addingTimeInterval(86_400)
        let next = NotificationPlanner.due(try store.notificationInput(), after: store.clock.now.addingTimeInterval(-1),
                                           through: store.clock.now, userZone: clock.timeZone)
        let claims = try store.claimDeliveries(next, outcome: "shown", pid: 1)
        #expect(claims.map(\.incompleteCount) == [1])
        #expect(try store.listReminder(list: "Home").reminder?.deliveries == 1)
    }
}
