import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// Snooze (docs/notifications.md "Snooze") on a real WAL store: a snooze moves the reminder of the current cycle to
/// `until` with its own delivery key, never the due; it is kept in the store across a reopen, withdrawn by the one
/// completion function and by deleting the todo, and a refused snooze changes nothing.
@Suite("Snooze")
struct SnoozeTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")
    static func at(_ text: String) -> Date { CycleFixtures.instant(text + ":00+01:00") }
    static let ten = Due.dateTime(LocalDateTime(iso: "2027-01-05T10:00")!, zoneID: "Europe/Berlin")

    /// A store at 2027-01-05 09:00 Berlin with "Buy milk" due 10:00 in Home.
    static func make(_ label: String, repeatRule: RepeatRule? = nil) throws -> (DataDirectory, Store, Todo) {
        let dir = CycleFixtures.dataDirectory(label)
        let store = try CycleFixtures.open(dir, now: at("2027-01-05T09:00"), zone: berlin)
        try store.addList(title: "Home")
        let todo = try store.addTodo(title: "Buy milk", list: "Home", due: ten, repeatRule: repeatRule)
        return (dir, store, todo)
    }

    static func plan(_ store: Store) throws -> [PlannedNotification] {
        NotificationPlanner.plan(try store.notificationInput(), now: store.clock.now, userZone: berlin)
    }

    @Test("after the due was delivered, a snooze fires at until under its own key; the due is unchanged")
    func movesReminderNotDue() throws {
        let (_, store, todo) = try Self.make("snooze-move")
        store.clock.now = Self.at("2027-01-05T10:00")
        let dueItem = try #require(
            NotificationPlanner.due(
                try store.notificationInput(), after: Self.at("2027-01-05T09:59"),
                through: store.clock.now, userZone: Self.berlin
            ).first)
        #expect(try store.claimDeliveries([dueItem], outcome: "shown", pid: 1).count == 1)

        store.clock.now = Self.at("2027-01-05T10:01")
        let s = try store.snooze(todoID: todo.id, until: Self.at("2027-01-05T10:11"))
        #expect(s.cycle == nil)
        #expect(try store.todo(id: todo.id)?.due == Self.ten)
        let plan = try Self.plan(store)
        #expect(plan.map(\.identifier) == ["snooze:\(todo.id)_\(InstantRange.seconds(Self.at("2027-01-05T10:11")))"])
        #expect(plan.first?.fireAt == Self.at("2027-01-05T10:11"))
        #expect(plan.first?.due == Self.ten)
        #expect(plan.first?.deliveryKey != dueItem.deliveryKey)

        // At 10:11 the daemon's window finds it and the delivery log takes it, although the due's key was delivered.
        store.clock.now = Self.at("2027-01-05T10:11")
        let due = NotificationPlanner.due(
            try store.notificationInput(), after: Self.at("2027-01-05T10:00"),
            through: store.clock.now, userZone: Self.berlin)
        #expect(due.map(\.identifier) == plan.map(\.identifier))
        #expect(try store.claimDeliveries(due, outcome: "shown", pid: 1).count == 1)
        #expect(try store.claimDeliveries(due, outcome: "shown", pid: 1).isEmpty)
    }

    @Test("a snooze made before the due moves that notification: the due's is left out, the snooze's fires")
    func snoozeBeforeDue() throws {
        let (_, store, todo) = try Self.make("snooze-before")
        try store.snooze(todoID: todo.id, until: Self.at("2027-01-05T11:00"))
        #expect(try Self.plan(store).map(\.fireAt) == [Self.at("2027-01-05T11:00")])
        // Shown before the snooze, the due's notification is now resolved (withdrawn by the daemon).
        let dueItem = PlannedNotification(
            identifier: todo.id, kind: .todo, fireAt: Self.at("2027-01-05T10:00"), due: Self.ten,
            todoId: todo.id, index: nil, listId: todo.listId, listTitle: "Home", title: todo.title)
        #expect(try store.resolvedDeliveries([dueItem]) == [dueItem.deliveryKey])
    }

    @Test("kept in the store: a reopened store (a restarted notifier) plans the same snooze")
    func survivesReopen() throws {
        let (dir, store, todo) = try Self.make("snooze-reopen")
        try store.snooze(todoID: todo.id, until: Self.at("2027-01-05T12:00"))
        try store.database.close()
        let reopened = try CycleFixtures.open(dir, now: Self.at("2027-01-05T09:30"), zone: Self.berlin)
        #expect(try reopened.snooze(of: todo.id)?.until == Self.at("2027-01-05T12:00"))
        #expect(try Self.plan(reopened).map(\.identifier).contains { $0.hasPrefix("snooze:\(todo.id)_") })
    }

    @Test("completing withdraws the snooze (the one completion function), and its shown notification is resolved")
    func completionWithdraws() throws {
        let (_, store, todo) = try Self.make("snooze-complete")
        try store.snooze(todoID: todo.id, until: Self.at("2027-01-05T12:00"))
        let item = try #require(try Self.plan(store).first { $0.identifier.hasPrefix("snooze:") })
        _ = try store.complete(todoID: todo.id, source: .notification)
        #expect(try store.snooze(of: todo.id) == nil)
        #expect(try Self.plan(store).isEmpty)
        #expect(try store.resolvedDeliveries([item]) == [item.deliveryKey])
        // Undone, the todo notifies at its due again, not at the withdrawn snooze.
        _ = try store.undo(todo.id)
        #expect(try Self.plan(store).map(\.fireAt) == [Self.at("2027-01-05T10:00")])
    }

    @Test("a repeating todo: the snooze moves the current cycle only; completing that cycle withdraws it")
    func repeatingCycle() throws {
        let (_, store, todo) = try Self.make("snooze-repeat", repeatRule: RepeatRule(frequency: .daily))
        let s = try store.snooze(todoID: todo.id, until: Self.at("2027-01-05T10:30"))
        #expect(s.cycle == 0)
        let fires = try Self.plan(store).prefix(3).map(\.fireAt)
        #expect(fires == [Self.at("2027-01-05T10:30"), Self.at("2027-01-06T10:00"), Self.at("2027-01-07T10:00")])
        _ = try store.complete(todoID: todo.id, source: .cli)
        #expect(try store.snooze(of: todo.id) == nil)
        #expect(try Self.plan(store).first?.fireAt == Self.at("2027-01-06T10:00"))
    }

    @Test("editing the due drops the snooze (a new reminder); editing the title keeps it")
    func editDue() throws {
        let (_, store, todo) = try Self.make("snooze-edit")
        try store.snooze(todoID: todo.id, until: Self.at("2027-01-05T12:00"))
        try store.editTodo(todo.id, changes: TodoChanges(title: "Buy oat milk"))
        #expect(try store.snooze(of: todo.id) != nil)
        let later = Due.dateTime(LocalDateTime(iso: "2027-01-06T10:00")!, zoneID: "Europe/Berlin")
        try store.editTodo(todo.id, changes: TodoChanges(due: .some(later)))
        #expect(try store.snooze(of: todo.id) == nil)
        #expect(try Self.plan(store).map(\.fireAt) == [Self.at("2027-01-06T10:00")])
    }

    @Test("deleting the todo deletes its snooze")
    func deleteCascades() throws {
        let (_, store, todo) = try Self.make("snooze-delete")
        try store.snooze(todoID: todo.id, until: Self.at("2027-01-05T12:00"))
        _ = try store.removeTodo(todo.id)
        #expect(try store.database.scalarInt("SELECT count(*) FROM snoozes") == 0)
    }

    @Test("refused, nothing changed: a completed todo, a todo without a due, a time not in the future")
    func refusals() throws {
        let (_, store, todo) = try Self.make("snooze-refuse")
        let noDue = try store.addTodo(title: "Someday", list: "Home")
        func refused(_ id: String, _ until: Date, _ expected: String) {
            #expect {
                try store.snooze(todoID: id, until: until)
            } throws: { error in
                guard case .invalidSnooze = error as? StoreError else { return false }
                return (error as? StoreError)?.exitCode == .usage && "\(error)".contains(expected)
            }
        }
        refused(todo.id, store.clock.now, "is not in the future")
        refused(todo.id, Self.at("2027-01-05T08:00"), "2027-01-05T08:00:00+01:00 is not in the future")
        refused(noDue.id, Self.at("2027-01-05T12:00"), "has no due")
        _ = try store.complete(todoID: todo.id, source: .cli)
        refused(todo.id, Self.at("2027-01-05T12:00"), "is completed")
        #expect(try store.database.scalarInt("SELECT count(*) FROM snoozes") == 0)
    }

    @Test("a later snooze replaces the earlier one, and the shown earlier one is resolved")
    func replaces() throws {
        let (_, store, todo) = try Self.make("snooze-replace")
        try store.snooze(todoID: todo.id, until: Self.at("2027-01-05T11:00"))
        let first = try #require(try Self.plan(store).first)
        try store.snooze(todoID: todo.id, until: Self.at("2027-01-05T11:30"))
        #expect(try Self.plan(store).map(\.fireAt) == [Self.at("2027-01-05T11:30")])
        #expect(try store.resolvedDeliveries([first]) == [first.deliveryKey])
    }
}

/// `SnoozeTime.parse` and `SnoozeAction` (docs/notifications.md "Snooze"): now is Tuesday 2027-01-05 09:00 in Berlin.
@Suite("Snooze times")
struct SnoozeTimeTests {
    static let clock = Clock(now: SnoozeTests.at("2027-01-05T09:00"), timeZone: SnoozeTests.berlin)

    @Test(
        "accepted forms",
        arguments: [
            ("10m", "2027-01-05T09:10"), ("90m", "2027-01-05T10:30"), ("1h", "2027-01-05T10:00"),
            ("2d", "2027-01-07T09:00"),
            ("tomorrow", "2027-01-06T07:30"), ("18:00", "2027-01-05T18:00"), ("08:00", "2027-01-06T08:00"),
            ("today 18:00", "2027-01-05T18:00"), ("fri 9am", "2027-01-08T09:00"), ("2027-01-08", "2027-01-08T07:30"),
            ("in 3 hours", "2027-01-05T12:00"), (" 1H ", "2027-01-05T10:00"),
        ])
    func accepted(_ text: String, _ expected: String) throws {
        #expect(
            try SnoozeTime.parse(text, clock: Self.clock, defaultTime: NotifyTime(hour: 7, minute: 30)!)
                == SnoozeTests.at(expected))
    }

    @Test(
        "refused with the accepted forms named",
        arguments: ["", "0m", "-5m", "10x", "1.5h", "m", "soon", "99999999d", "25:00"])
    func refused(_ text: String) {
        #expect {
            try SnoozeTime.parse(text, clock: Self.clock, defaultTime: .standard)
        } throws: { error in
            (error as? DueParser.ParseError)?.reason.text(Localizer(.en)).contains(SnoozeTime.acceptedForms) == true
        }
    }

    @Test("actions: 10 minutes, an hour, tomorrow at the default time in the user's zone (across the DST change)")
    func actions() {
        let now = SnoozeTests.at("2027-01-05T23:30")
        let zone = SnoozeTests.berlin
        #expect(
            SnoozeAction.tenMinutes.until(now: now, defaultTime: .standard, userZone: zone)
                == now.addingTimeInterval(600))
        #expect(
            SnoozeAction.oneHour.until(now: now, defaultTime: .standard, userZone: zone) == now.addingTimeInterval(3600)
        )
        #expect(
            SnoozeAction.tomorrow.until(now: now, defaultTime: .standard, userZone: zone)
                == SnoozeTests.at("2027-01-06T09:00"))
        // The night before spring forward (Berlin, 2027-03-28): tomorrow 09:00 is CEST, +02:00.
        let march = CycleFixtures.instant("2027-03-27T22:00:00+01:00")
        #expect(
            SnoozeAction.tomorrow.until(now: march, defaultTime: .standard, userZone: zone)
                == CycleFixtures.instant("2027-03-28T09:00:00+02:00"))
        #expect(SnoozeAction.allCases.map(\.rawValue) == ["snooze-10m", "snooze-1h", "snooze-tomorrow"])
    }
}
