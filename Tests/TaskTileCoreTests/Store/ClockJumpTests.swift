import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// Issue 21 item 2 (docs/cycles.md "A wrong clock"): one run with the clock far ahead leaves no
/// lasting change. The cycle columns are a cache of what the anchor, the history and now give; a
/// process whose now is before the instant the cache was written for recomputes them.
@Suite("Clock jumps")
struct ClockJumpTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")
    static let anchor = Due.dateTime(LocalDateTime(iso: "2027-01-04T09:00")!, zoneID: "Europe/Berlin")

    static func state(_ dir: DataDirectory, _ id: String, at now: String) throws -> Todo {
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant(now), zone: berlin)
        return try #require(try store.read { try store.todo(id: id) })
    }

    @Test("ten years ahead, then right again: every cycle column is back to what the history says")
    func tenYearsAheadAndBack() throws {
        let dir = CycleFixtures.dataDirectory("clock")
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T08:00:00+01:00"), zone: Self.berlin)
        try store.addList(title: "Habits")
        let daily = try store.addTodo(title: "Stretch", list: "Habits", due: Self.anchor, repeatRule: RepeatRule(frequency: .daily))
        let dated = try store.addTodo(title: "Water", list: "Habits", due: .date(LocalDate(iso: "2027-01-04")!),
                                      repeatRule: RepeatRule(frequency: .daily))
        try store.complete(todoID: daily.id, source: .cli) // cycle 0, early

        let right = "2027-01-05T10:00:00+01:00"
        let before = try [daily.id, dated.id].map { try Self.state(dir, $0, at: right) }
        #expect(before[0].occurrenceCount == 1 && before[0].missedCount == 0 && !before[0].isCompleted)
        // The date-only Jan 4 has passed (at the end of its day) and is overdue until Jan 5 ends.
        #expect(before[1].occurrenceCount == 0 && before[1].missedCount == 0 && !before[1].isCompleted)

        // A bad RTC: ten years ahead. The series move on (and a completion is made there).
        let ahead = try CycleFixtures.open(dir, now: CycleFixtures.instant("2037-01-05T10:00:00+01:00"), zone: Self.berlin)
        let far = try #require(try ahead.read { try ahead.todo(id: daily.id) })
        #expect(far.occurrenceCount > 3600 && far.missedCount > 3600)
        try ahead.complete(todoID: dated.id, source: .cli)

        // The clock is right again: nothing of that run lasts.
        let after = try [daily.id, dated.id].map { try Self.state(dir, $0, at: "2027-01-05T10:00:30+01:00") }
        #expect(after == before)
        // And time runs on normally from there.
        let tomorrow = try Self.state(dir, daily.id, at: "2027-01-06T10:00:00+01:00")
        #expect(tomorrow.occurrenceCount == 2 && tomorrow.missedCount == 1)
    }

    @Test("a clock one day ahead and back restores an overdue cycle and its missed count")
    func oneDayAheadAndBack() throws {
        let dir = CycleFixtures.dataDirectory("clock")
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T08:00:00+01:00"), zone: Self.berlin)
        try store.addList(title: "Habits")
        let t = try store.addTodo(title: "Stretch", list: "Habits", due: Self.anchor, repeatRule: RepeatRule(frequency: .daily))
        let overdue = try Self.state(dir, t.id, at: "2027-01-05T10:00:00+01:00")
        #expect(overdue.occurrenceCount == 1 && overdue.missedCount == 1)
        let ahead = try Self.state(dir, t.id, at: "2027-01-06T10:00:00+01:00")
        #expect(ahead.occurrenceCount == 2 && ahead.missedCount == 2)
        #expect(try Self.state(dir, t.id, at: "2027-01-05T10:00:01+01:00") == overdue)
    }

    struct Case: Sendable, CustomStringConvertible {
        var completed: [Int]
        var earlier: String
        var now: String
        var description: String { "\(completed) \(earlier) → \(now)" }
    }

    static let cases: [Case] = [
        Case(completed: [], earlier: "2027-01-04T08:00:00+01:00", now: "2027-01-09T12:00:00+01:00"),
        Case(completed: [0], earlier: "2027-01-04T09:30:00+01:00", now: "2027-01-09T12:00:00+01:00"),
        Case(completed: [0, 1], earlier: "2027-01-05T09:30:00+01:00", now: "2027-01-05T12:00:00+01:00"),
        Case(completed: [2], earlier: "2027-01-06T10:00:00+01:00", now: "2027-01-07T10:00:00+01:00"),
        Case(completed: [3], earlier: "2027-01-07T08:00:00+01:00", now: "2027-01-07T08:30:00+01:00"),
        Case(completed: [1, 2], earlier: "2027-01-06T10:00:00+01:00", now: "2027-01-12T08:30:00+01:00"),
        Case(completed: [0, 1, 2, 3], earlier: "2027-01-07T10:00:00+01:00", now: "2027-01-08T09:00:00+01:00"),
    ]

    @Test("moving the cache on (caughtUp) gives what deriving from history gives", arguments: cases)
    func forwardEqualsDerived(_ c: Case) throws {
        let rule = RepeatRule(frequency: .daily)
        let base = Todo(id: "t", listId: "l", title: "Stretch", isCompleted: false, completedAt: nil, sortOrder: 0,
                        createdAt: Date(timeIntervalSince1970: 0), due: Self.anchor, anchor: Self.anchor, repeatRule: rule,
                        missedCount: 0, occurrenceCount: 0)
        let history = Dictionary(uniqueKeysWithValues: c.completed.map { ($0, Date(timeIntervalSince1970: 1)) })
        let cached = Store.derived(base, completed: history, at: CycleFixtures.instant(c.earlier), userZone: Self.berlin)
        let now = CycleFixtures.instant(c.now)
        var forward = Store.caughtUp(cached, at: now, userZone: Self.berlin) ?? cached
        var derived = Store.derived(base, completed: history, at: now, userZone: Self.berlin)
        // completedAt of the current cycle is not part of the comparison (the cache keeps the real instant).
        forward.completedAt = nil
        derived.completedAt = nil
        #expect(forward == derived)
    }

    @Test("a status poll after a cycle boundary does not wait for a writer holding the lock, and writes nothing")
    func pollNeverWaits() throws {
        let dir = CycleFixtures.dataDirectory("clock")
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T08:00:00+01:00"), zone: Self.berlin)
        try store.addList(title: "Habits")
        let t = try store.addTodo(title: "Stretch", list: "Habits", due: Self.anchor, repeatRule: RepeatRule(frequency: .daily))
        try store.complete(todoID: t.id, source: .cli) // early: a boundary passes at 09:00
        let writer = try CycleFixtures.observer(dir)
        let version = try writer.dataVersion()
        try writer.execute("BEGIN IMMEDIATE") // another process in the middle of a long write
        defer { try? writer.execute("ROLLBACK") }
        let clock = Clock(now: CycleFixtures.instant("2027-01-04T09:30:00+01:00"), timeZone: Self.berlin)
        // A 30 s busy timeout: waiting for the lock would fail this test with StoreError.busy much later.
        let poll = try Store.open(dir, clock: clock, busyTimeout: 30, waitForCatchUp: false)
        let snapshot = try poll.statusSnapshot()
        #expect(snapshot.completedCount == 1, "the cycles as last written")
        #expect(try writer.dataVersion() == version)
        // Control: an ordinary open needs the lock for the same catch-up.
        #expect(throws: StoreError.self) { try Store.open(dir, clock: clock, busyTimeout: 0.1) }
        try writer.execute("ROLLBACK")
        // Once the lock is free, the next poll catches up.
        let next = try Store.open(dir, clock: clock, busyTimeout: 30, waitForCatchUp: false)
        #expect(try next.statusSnapshot().pendingCount == 1)
        try writer.execute("BEGIN") // for the deferred ROLLBACK
    }
}
