import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// docs/cycles.md "Cycle semantics" on a real WAL store: completing, missing and catching up repeating todos.
///
/// The series used throughout: "Stretch", daily at 09:00 Europe/Berlin from Monday 2027-01-04
/// (cycle k is due 2027-01-(4+k) 09:00 +01:00). Each step reopens the store at a new "now", as a
/// new process would; opening runs catch-up.
@Suite("Cycle semantics")
struct CycleSemanticsTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")

    /// `2027-01-DDTHH:MM` Berlin wall-clock → instant (January: +01:00).
    static func at(_ day: Int, _ time: String) -> Date {
        CycleFixtures.instant("2027-01-\(day < 10 ? "0" : "")\(day)T\(time):00+01:00")
    }

    static func dailyNine(_ end: RepeatRule.End = .never) -> (Due, RepeatRule) {
        (.dateTime(LocalDateTime(iso: "2027-01-04T09:00")!, zoneID: "Europe/Berlin"),
         RepeatRule(frequency: .daily, end: end))
    }

    /// A data directory with one list and the daily todo, added at 2027-01-04 08:00.
    static func makeSeries(_ end: RepeatRule.End = .never) throws -> (DataDirectory, String) {
        let dir = CycleFixtures.dataDirectory()
        let store = try CycleFixtures.open(dir, now: at(4, "08:00"), zone: berlin)
        try store.addList(title: "Home")
        let (due, rule) = dailyNine(end)
        let todo = try store.addTodo(title: "Stretch", list: "Home", due: due, repeatRule: rule)
        return (dir, todo.id)
    }

    /// Opens the store at `now` (running catch-up) and reads the todo back.
    static func reopen(_ dir: DataDirectory, _ id: String, at now: Date) throws -> (Store, Todo) {
        let store = try CycleFixtures.open(dir, now: now, zone: berlin)
        let todo = try store.read { try store.todo(id: id) }
        return (store, try #require(todo))
    }

    static func nine(_ day: Int) -> Due {
        .dateTime(LocalDateTime(iso: "2027-01-\(day < 10 ? "0" : "")\(day)T09:00")!, zoneID: "Europe/Berlin")
    }

    @Test("a completed cycle stays completed until its due passes, then the next cycle is pending")
    func completedThenPasses() throws {
        let (dir, id) = try Self.makeSeries()
        let (store, _) = try Self.reopen(dir, id, at: Self.at(4, "08:30"))
        try store.complete(todoID: id, source: .cli)

        let (_, before) = try Self.reopen(dir, id, at: Self.at(4, "08:59"))
        #expect(before.isCompleted && before.occurrenceCount == 0 && before.due == Self.nine(4))

        let (_, after) = try Self.reopen(dir, id, at: Self.at(4, "09:00"))
        #expect(!after.isCompleted)
        #expect(after.completedAt == nil)
        #expect(after.occurrenceCount == 1)
        #expect(after.due == Self.nine(5))
        #expect(after.missedCount == 0)
        #expect(after.anchor == Self.nine(4))
    }

    @Test("three cycles passing incomplete count two misses and land on the third, overdue: the cycle that is due now")
    func threeMissed() throws {
        let (dir, id) = try Self.makeSeries()
        let (_, todo) = try Self.reopen(dir, id, at: Self.at(7, "08:00"))
        #expect(todo.missedCount == 2)
        #expect(todo.occurrenceCount == 2)
        #expect(todo.due == Self.nine(6))
        #expect(!todo.isCompleted)
    }

    @Test("catch-up in steps counts the same as in one go")
    func stepwiseEqualsOneGo() throws {
        let (dir, id) = try Self.makeSeries()
        for day in 5...7 { _ = try Self.reopen(dir, id, at: Self.at(day, "08:00")) }
        let (_, todo) = try Self.reopen(dir, id, at: Self.at(7, "08:00"))
        #expect(todo.missedCount == 2 && todo.occurrenceCount == 2)
    }

    @Test("completing resets missedCount, and a completed cycle that passes is not a miss")
    func completeResets() throws {
        let (dir, id) = try Self.makeSeries()
        let (store, missed) = try Self.reopen(dir, id, at: Self.at(7, "08:00"))
        #expect(missed.missedCount == 2)
        // A late completion: cycle 2 (Jan 6, overdue) is completed and cycle 3 is pending at once.
        let result = try store.complete(todoID: id, source: .cli)
        #expect(result.todo.missedCount == 0 && result.todo.isCompleted && result.todo.occurrenceCount == 2)
        #expect(result.stored.missedCount == 0 && !result.stored.isCompleted && result.stored.occurrenceCount == 3)

        let (_, next) = try Self.reopen(dir, id, at: Self.at(8, "08:00"))
        #expect(next.missedCount == 0 && next.occurrenceCount == 3 && !next.isCompleted)
        // Completed cycle 2, then cycles 3 and 4 are missed; cycle 5 is overdue.
        let (_, later) = try Self.reopen(dir, id, at: Self.at(10, "08:00"))
        #expect(later.missedCount == 2 && later.occurrenceCount == 5)
    }

    @Test("complete twice is refused; complete → undo → complete makes exactly one next cycle")
    func completeUndoComplete() throws {
        let (dir, id) = try Self.makeSeries()
        let (store, _) = try Self.reopen(dir, id, at: Self.at(4, "08:30"))
        try store.complete(todoID: id, source: .cli)
        #expect(throws: StoreError.self) { try store.complete(todoID: id, source: .widget) }
        try store.undo(id)
        try store.complete(todoID: id, source: .intent)

        let (after, todo) = try Self.reopen(dir, id, at: Self.at(5, "08:00"))
        #expect(todo.occurrenceCount == 1 && todo.due == Self.nine(5) && !todo.isCompleted && todo.missedCount == 0)
        let history = try after.database.rows("SELECT cycle_index, undone_at IS NULL FROM completions WHERE todo_id = ? ORDER BY id", [.text(id)])
        #expect(history.map { [$0.int(0), $0.int(1)] } == [[0, 0], [0, 1]])
    }

    @Test("an ended series whose last cycle was completed stays completed")
    func endedCompleted() throws {
        let (dir, id) = try Self.makeSeries(.afterCount(3))
        let (store, last) = try Self.reopen(dir, id, at: Self.at(6, "09:30"))
        #expect(last.occurrenceCount == 2 && last.missedCount == 2)
        try store.complete(todoID: id, source: .cli)

        for day in [6, 7, 20] {
            let (_, todo) = try Self.reopen(dir, id, at: Self.at(day, "10:00"))
            #expect(todo.isCompleted, "day \(day)")
            #expect(todo.occurrenceCount == 2 && todo.due == Self.nine(6) && todo.missedCount == 0)
        }
    }

    @Test("an ended series whose last cycle was not completed stays pending and overdue on its last cycle")
    func endedNotCompleted() throws {
        let (dir, id) = try Self.makeSeries(.afterCount(3))
        // Cycles 0 and 1 are left behind (2 misses); the last cycle (2, Jan 6) stays current,
        // overdue, and is not counted: the decision documented in Store+CatchUp.swift.
        let (store, todo) = try Self.reopen(dir, id, at: Self.at(10, "08:00"))
        #expect(!todo.isCompleted)
        #expect(todo.occurrenceCount == 2)
        #expect(todo.due == Self.nine(6))
        #expect(todo.missedCount == 2)
        #expect(DueLabel(due: try #require(todo.due), now: store.clock.now, zone: Self.berlin).kind == .overdue)

        let (_, again) = try Self.reopen(dir, id, at: Self.at(30, "08:00"))
        #expect(again == todo)
    }

    @Test("an ended series left after a completed cycle counts only the cycles in between")
    func endedAfterCompletedCycle() throws {
        let (dir, id) = try Self.makeSeries(.until(LocalDate(iso: "2027-01-08")!))
        let (store, _) = try Self.reopen(dir, id, at: Self.at(4, "08:30"))
        try store.complete(todoID: id, source: .cli)
        // Cycle 0 completed; cycles 1, 2, 3 left behind; cycle 4 (Jan 8, the last) stays, overdue.
        let (_, todo) = try Self.reopen(dir, id, at: Self.at(12, "08:00"))
        #expect(todo.occurrenceCount == 4 && todo.due == Self.nine(8) && todo.missedCount == 3 && !todo.isCompleted)
    }

    @Test("a store opened before a boundary completes the cycle that is current now")
    func staleProcessCompletesCurrentCycle() throws {
        let (dir, id) = try Self.makeSeries()
        let (store, _) = try Self.reopen(dir, id, at: Self.at(4, "08:30"))
        store.clock.now = Self.at(5, "10:00") // a long-running process; Jan 4 and Jan 5 have passed
        let result = try store.complete(todoID: id, source: .widget)
        // Jan 4 is missed; Jan 5 is overdue (its due passed, Jan 6's has not) and is the cycle completed.
        #expect(result.todo.occurrenceCount == 1 && result.todo.due == Self.nine(5))
        #expect(result.todo.isCompleted && result.todo.missedCount == 0)
        #expect(result.stored.occurrenceCount == 2 && !result.stored.isCompleted && result.stored.due == Self.nine(6))
    }

    @Test("weekly on days that exclude the due's weekday starts on the first selected day after it")
    func weeklyFirstSelectedDay() throws {
        let dir = CycleFixtures.dataDirectory()
        let store = try CycleFixtures.open(dir, now: Self.at(4, "08:00"), zone: Self.berlin)
        try store.addList(title: "Home")
        let rule = RepeatRule(frequency: .weekly, weekdays: [.wednesday, .friday])
        let todo = try store.addTodo(title: "Run", list: "Home", due: Self.nine(4), repeatRule: rule)
        #expect(todo.due == Self.nine(6))
        #expect(todo.anchor == Self.nine(6))
        #expect(todo.occurrenceCount == 0)
        #expect(RecurrenceEngine.occurrences(of: rule, anchor: Self.nine(6), count: 3) == [Self.nine(6), Self.nine(8), Self.nine(13)])
    }

    @Test("a rule that is invalid for its due is refused before anything is written")
    func invalidRuleRefused() throws {
        let dir = CycleFixtures.dataDirectory()
        let store = try CycleFixtures.open(dir, now: Self.at(4, "08:00"), zone: Self.berlin)
        try store.addList(title: "Home")
        let observer = try CycleFixtures.observer(dir)
        let before = try CycleFixtures.dump(observer)
        let bad: [RepeatRule] = [
            RepeatRule(frequency: .daily, interval: 0),
            RepeatRule(frequency: .daily, end: .afterCount(0)),
            RepeatRule(frequency: .daily, end: .until(LocalDate(iso: "2027-01-03")!)),
            RepeatRule(frequency: .daily, weekdays: [.monday]),
        ]
        for rule in bad {
            #expect(throws: RepeatRuleError.self) {
                try store.addTodo(title: "X", list: "Home", due: Self.nine(4), repeatRule: rule)
            }
        }
        #expect(try CycleFixtures.dump(observer) == before)
    }
}
