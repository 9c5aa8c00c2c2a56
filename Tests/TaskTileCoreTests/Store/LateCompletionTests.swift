import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// Late completions (docs/cycles.md "Cycle semantics"): a completion at or after a cycle's due and
/// before the next cycle's due completes that cycle and leaves the todo pending on the next one; a
/// completion before the due shows completed until the due passes. Tested at the boundaries for
/// daily, weekly Mon/Wed, monthly-on-the-31st, Nth-weekday and date-only rules, on a real WAL store.
@Suite("Late completion")
struct LateCompletionTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")

    struct Series: Sendable, CustomStringConvertible {
        var name: String
        var anchor: Due
        var rule: RepeatRule
        var description: String { name }
    }

    static func nine(_ date: String) -> Due { .dateTime(LocalDateTime(iso: date + "T09:00")!, zoneID: "Europe/Berlin") }

    static let series: [Series] = [
        Series(name: "daily 09:00", anchor: nine("2027-01-04"), rule: RepeatRule(frequency: .daily)),
        Series(name: "weekly Mon, Wed 09:00", anchor: nine("2027-01-04"),
               rule: RepeatRule(frequency: .weekly, weekdays: [.monday, .wednesday])),
        Series(name: "monthly on the 31st 09:00", anchor: nine("2027-01-31"), rule: RepeatRule(frequency: .monthly)),
        Series(name: "daily, date only", anchor: .date(LocalDate(iso: "2027-01-04")!), rule: RepeatRule(frequency: .daily)),
        // The Nth weekday: the next cycle is a month on, or several when a month has no 5th Thursday;
        // the last Sunday of February 2027 is followed by the spring-forward Sunday in Berlin.
        Series(name: "monthly on the last Sunday 09:00, across DST", anchor: nine("2027-02-28"),
               rule: RepeatRule(frequency: .monthly, nthWeekday: .init(-1, .sunday))),
        Series(name: "monthly on the 5th Thursday 09:00", anchor: nine("2027-04-29"),
               rule: RepeatRule(frequency: .monthly, nthWeekday: .init(5, .thursday))),
        Series(name: "yearly on the 4th Thursday of November, date only", anchor: .date(LocalDate(iso: "2027-11-25")!),
               rule: RepeatRule(frequency: .yearly, nthWeekday: .init(4, .thursday))),
    ]

    /// A store with the series added a day before cycle 0; returns the directory and the todo id.
    static func make(_ s: Series) throws -> (DataDirectory, String) {
        let dir = CycleFixtures.dataDirectory("late")
        let before = s.anchor.deadline(userZone: berlin).addingTimeInterval(-2 * 86400)
        let store = try CycleFixtures.open(dir, now: before, zone: berlin)
        try store.addList(title: "Habits")
        let todo = try store.addTodo(title: "Habit", list: "Habits", due: s.anchor, repeatRule: s.rule)
        #expect(todo.occurrenceCount == 0 && todo.due == s.anchor)
        return (dir, todo.id)
    }

    /// When `due`'s cycle begins, which ends the overdue window of the cycle before (shared/SPEC.md
    /// §3.4): a timed cycle at its due, a date-only one at 00:00 of its date.
    static func begins(_ due: Due) -> Date {
        if case .date(let d) = due { return ZonedClock.startOfDay(d, in: berlin) }
        return due.deadline(userZone: berlin)
    }

    static func history(_ store: Store, _ id: String) throws -> [Int] {
        try store.database.rows("SELECT cycle_index FROM completions WHERE todo_id = ? AND undone_at IS NULL ORDER BY id",
                                [.text(id)]).compactMap { $0.int(0) }
    }

    @Test("at the due, 1 s after it and 1 s before the next cycle begins, completing completes that cycle and the next is pending",
          arguments: series)
    func lateCompletesTheDueCycle(_ s: Series) throws {
        let due0 = s.anchor.deadline(userZone: Self.berlin)
        let cycle1 = try #require(RecurrenceEngine.occurrence(1, of: s.rule, anchor: s.anchor))
        let cycle2 = try #require(RecurrenceEngine.occurrence(2, of: s.rule, anchor: s.anchor))
        let due1 = cycle1.deadline(userZone: Self.berlin)
        // A daily date-only series has no overdue window: its next cycle begins as its day ends.
        for now in [due0, due0.addingTimeInterval(1), Self.begins(cycle1).addingTimeInterval(-1)]
            where now >= due0 && now < Self.begins(cycle1) {
            let (dir, id) = try Self.make(s)
            let store = try CycleFixtures.open(dir, now: now, zone: Self.berlin)
            let shown = try #require(try store.read { try store.todo(id: id) })
            #expect(shown.occurrenceCount == 0 && !shown.isCompleted && shown.missedCount == 0, "\(s) at \(now): overdue, not missed")
            let result = try store.complete(todoID: id, source: .notification)
            #expect(result.todo.occurrenceCount == 0 && result.todo.isCompleted && result.todo.due == s.anchor, "\(s) at \(now)")
            #expect(result.stored.occurrenceCount == 1 && !result.stored.isCompleted && result.stored.due == cycle1, "\(s) at \(now)")
            #expect(try Self.history(store, id) == [0])
            // Another process sees the same: pending for cycle 1, its due shown, nothing missed.
            let again = try CycleFixtures.open(dir, now: now, zone: Self.berlin)
            let stored = try #require(try again.read { try again.todo(id: id) })
            #expect(stored.occurrenceCount == 1 && !stored.isCompleted && stored.due == cycle1 && stored.missedCount == 0)
            // Completing again completes cycle 1 early; it shows completed until its due passes.
            let early = try again.complete(todoID: id, source: .cli)
            #expect(early.stored.isCompleted && early.stored.occurrenceCount == 1)
            let after = try CycleFixtures.open(dir, now: due1, zone: Self.berlin)
            let next = try #require(try after.read { try after.todo(id: id) })
            #expect(next.occurrenceCount == 2 && !next.isCompleted && next.due == cycle2 && next.missedCount == 0)
        }
    }

    @Test("when the next cycle begins the cycle is missed, and completing completes the next one", arguments: series)
    func afterTheNextDue(_ s: Series) throws {
        let cycle1 = try #require(RecurrenceEngine.occurrence(1, of: s.rule, anchor: s.anchor))
        let (dir, id) = try Self.make(s)
        let store = try CycleFixtures.open(dir, now: Self.begins(cycle1), zone: Self.berlin)
        let shown = try #require(try store.read { try store.todo(id: id) })
        #expect(shown.occurrenceCount == 1 && shown.missedCount == 1 && !shown.isCompleted)
        let result = try store.complete(todoID: id, source: .cli)
        // A timed cycle 1 is overdue at its due (a late completion moves on); a date-only one is
        // checked in on its own day and shows completed until the day ends.
        let dateOnly = if case .date = cycle1 { true } else { false }
        #expect(result.todo.occurrenceCount == 1 && result.stored.occurrenceCount == (dateOnly ? 1 : 2) && result.stored.missedCount == 0)
        #expect(try Self.history(store, id) == [1])
    }

    @Test("1 s before the due the completion is early: completed until the due passes", arguments: series)
    func earlyCompletion(_ s: Series) throws {
        let due0 = s.anchor.deadline(userZone: Self.berlin)
        let (dir, id) = try Self.make(s)
        let store = try CycleFixtures.open(dir, now: due0.addingTimeInterval(-1), zone: Self.berlin)
        let result = try store.complete(todoID: id, source: .intent)
        #expect(result.stored.isCompleted && result.stored.occurrenceCount == 0)
        let atDue = try CycleFixtures.open(dir, now: due0, zone: Self.berlin)
        let next = try #require(try atDue.read { try atDue.todo(id: id) })
        #expect(!next.isCompleted && next.occurrenceCount == 1 && next.missedCount == 0)
    }

    @Test("undo after a late completion reopens that cycle while its window is open")
    func undoLate() throws {
        let s = Self.series[0]
        let (dir, id) = try Self.make(s)
        let store = try CycleFixtures.open(dir, now: s.anchor.deadline(userZone: Self.berlin).addingTimeInterval(30), zone: Self.berlin)
        try store.complete(todoID: id, source: .notification)
        let reopened = try store.undo(id)
        #expect(reopened.occurrenceCount == 0 && !reopened.isCompleted && reopened.due == s.anchor)
        #expect(try Self.history(store, id) == [])
        #expect(throws: StoreError.self) { try store.undo(id) }
    }
}
