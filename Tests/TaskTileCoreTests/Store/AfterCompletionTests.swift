import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// Repeat from completion (docs/cycles.md "Repeat from completion", `--after-completion`): the next due is the
/// completion's day (or wall-clock time) plus the interval, date-only stays date-only, nothing is ever missed, undo
/// goes back to the due that was completed, and catch-up leaves such a todo alone whatever the clock does.
@Suite("Repeat from completion")
struct AfterCompletionTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")

    static func at(_ local: String) -> Date { ZonedClock.instant(of: LocalDateTime(iso: local)!, in: berlin) }

    static func make(_ rule: RepeatRule, due: Due) throws -> (DataDirectory, String) {
        let dir = CycleFixtures.dataDirectory("after")
        let store = try CycleFixtures.open(dir, now: at("2027-01-04T08:00"), zone: berlin)
        try store.addList(title: "Home")
        return (dir, try store.addTodo(title: "Filter", list: "Home", due: due, repeatRule: rule).id)
    }

    static func open(_ dir: DataDirectory, _ id: String, _ now: String) throws -> (Store, Todo) {
        let store = try CycleFixtures.open(dir, now: at(now), zone: berlin)
        return (store, try #require(try store.read { try store.todo(id: id) }))
    }

    struct Step: Sendable, CustomStringConvertible {
        var rule: RepeatRule
        var due: Due
        var completedAt: String
        var next: Due
        var description: String { "\(rule.frequency) \(due) done \(completedAt)" }
    }

    static func date(_ s: String) -> Due { .date(LocalDate(iso: s)!) }
    static func timed(_ s: String) -> Due { .dateTime(LocalDateTime(iso: s)!, zoneID: "Europe/Berlin") }

    @Test(
        "the next due is the completion plus the interval",
        arguments: [
            Step(
                rule: RepeatRule(frequency: .weekly, weekdays: [.monday], fromCompletion: true),
                due: date("2027-01-04"),
                completedAt: "2027-01-20T09:13", next: date("2027-01-27")),
            Step(
                rule: RepeatRule(frequency: .daily, interval: 3, fromCompletion: true), due: date("2027-01-04"),
                completedAt: "2027-01-03T23:59", next: date("2027-01-06")),
            // Timed: the completion's wall-clock time, across the spring change (Mar 28) — 09:13 stays 09:13.
            Step(
                rule: RepeatRule(frequency: .weekly, weekdays: [.monday], fromCompletion: true),
                due: timed("2027-01-04T18:00"),
                completedAt: "2027-03-24T09:13", next: timed("2027-03-31T09:13")),
            // Monthly from the 31st clamps as --repeat monthly does.
            Step(
                rule: RepeatRule(frequency: .monthly, fromCompletion: true), due: date("2027-01-04"),
                completedAt: "2027-01-31T12:00", next: date("2027-02-28")),
        ])
    func next(_ step: Step) throws {
        let (dir, id) = try Self.make(step.rule, due: step.due)
        let (store, _) = try Self.open(dir, id, step.completedAt)
        let result = try store.complete(todoID: id, source: .cli)
        #expect(result.todo.isCompleted && result.todo.due == step.due)
        #expect(result.stored.due == step.next && result.stored.anchor == step.next && !result.stored.isCompleted)
        let (_, later) = try Self.open(dir, id, step.completedAt)
        #expect(later.due == step.next && later.missedCount == 0)
    }

    @Test("never missed: overdue for weeks, then done once; undo goes back to that due; a wrong clock changes nothing")
    func neverMissed() throws {
        let (dir, id) = try Self.make(
            RepeatRule(frequency: .weekly, weekdays: [.monday], fromCompletion: true), due: Self.date("2027-01-04"))
        var (store, todo) = try Self.open(dir, id, "2027-02-20T10:00")
        #expect(
            todo.due == Self.date("2027-01-04") && todo.missedCount == 0 && todo.occurrenceCount == 0
                && !todo.isCompleted)
        try store.complete(todoID: id, source: .cli)
        (store, todo) = try Self.open(dir, id, "2027-02-20T10:01")
        #expect(todo.due == Self.date("2027-02-27"))
        // Ten years ahead and back: the cycle stays.
        _ = try Self.open(dir, id, "2037-02-20T10:00")
        (store, todo) = try Self.open(dir, id, "2027-02-20T10:02")
        #expect(todo.due == Self.date("2027-02-27") && todo.missedCount == 0)
        let undone = try store.undo(id)
        #expect(
            undone.due == Self.date("2027-01-04") && undone.anchor == Self.date("2027-01-04") && !undone.isCompleted)
        #expect(throws: StoreError.self) { try store.undo(id) }
    }

    @Test("an until before the next due ends the series completed")
    func untilEnds() throws {
        let rule = RepeatRule(
            frequency: .weekly, weekdays: [.monday], end: .until(LocalDate(iso: "2027-01-20")!), fromCompletion: true)
        let (dir, id) = try Self.make(rule, due: Self.date("2027-01-04"))
        let (store, _) = try Self.open(dir, id, "2027-01-15T10:00")
        let result = try store.complete(todoID: id, source: .cli)
        #expect(result.stored.isCompleted && result.stored.due == Self.date("2027-01-04"))
        let (_, later) = try Self.open(dir, id, "2027-03-01T10:00")
        #expect(later.isCompleted)
    }

    @Test("notifications: only the current due is planned, never the anchor's later cycles")
    func plansCurrentDueOnly() throws {
        let (dir, id) = try Self.make(
            RepeatRule(frequency: .daily, fromCompletion: true), due: Self.timed("2027-01-05T09:00"))
        let (store, _) = try Self.open(dir, id, "2027-01-04T08:00")
        let plan = NotificationPlanner.due(
            try store.notificationInput(), after: store.clock.now,
            through: store.clock.now.addingTimeInterval(10 * 86_400), userZone: Self.berlin)
        #expect(plan.map(\.due) == [Self.timed("2027-01-05T09:00")])
    }

    @Test("refused: weekdays, a weekday of the month, a target, a count")
    func refused() {
        for rule in [
            RepeatRule(frequency: .weekly, weekdays: [.monday, .friday], fromCompletion: true),
            RepeatRule(frequency: .monthly, nthWeekday: .init(1, .monday), fromCompletion: true),
            RepeatRule(frequency: .weekly, goal: 2, fromCompletion: true),
            RepeatRule(frequency: .daily, end: .afterCount(3), fromCompletion: true),
        ] {
            #expect(throws: RepeatRuleError.self) { try rule.validate() }
        }
    }
}
