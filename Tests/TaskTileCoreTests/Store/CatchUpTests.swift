import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// Catch-up (docs/cycles.md "Cycle semantics"): the pure transition as a table, date-only dues west of UTC, and the rule
/// that a catch-up with nothing to do writes nothing at all.
@Suite("Catch-up")
struct CatchUpTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")
    static let anchor = Due.dateTime(LocalDateTime(iso: "2027-01-04T09:00")!, zoneID: "Europe/Berlin")

    struct Row: Sendable, CustomStringConvertible {
        var name: String
        var end: RepeatRule.End = .never
        var k: Int
        var completed: Bool
        var missedBefore = 0
        var now: String
        /// nil: catch-up leaves the todo alone.
        var expected: (k: Int, missed: Int, completed: Bool)?
        var description: String { name }
    }

    static let table: [Row] = [
        Row(name: "before the deadline nothing moves", k: 0, completed: false, now: "2027-01-04T08:59:59+01:00", expected: nil),
        // From its due until the next cycle's due, cycle k is overdue, not missed.
        Row(name: "exactly at the due the cycle is overdue and stays", k: 0, completed: false, now: "2027-01-04T09:00:00+01:00",
            expected: nil),
        Row(name: "1 s after the due it stays", k: 0, completed: false, now: "2027-01-04T09:00:01+01:00", expected: nil),
        Row(name: "1 s before the next due it stays", k: 0, completed: false, now: "2027-01-05T08:59:59+01:00", expected: nil),
        Row(name: "at the next due it is missed and the next cycle is overdue", k: 0, completed: false,
            now: "2027-01-05T09:00:00+01:00", expected: (1, 1, false)),
        Row(name: "completed cycle passes: pending next, no miss", k: 0, completed: true, now: "2027-01-04T09:00:00+01:00",
            expected: (1, 0, false)),
        Row(name: "three cycles pass, two of them missed, the third overdue", k: 0, completed: false,
            now: "2027-01-07T08:00:00+01:00", expected: (2, 2, false)),
        Row(name: "completed cycle then two more pass: one missed, one overdue", k: 0, completed: true,
            now: "2027-01-07T08:00:00+01:00", expected: (2, 1, false)),
        Row(name: "misses add to earlier misses", k: 2, completed: false, missedBefore: 2, now: "2027-01-08T08:00:00+01:00",
            expected: (3, 3, false)),
        Row(name: "a year of misses is found without walking", k: 0, completed: false, now: "2028-01-04T08:00:00+01:00",
            expected: (364, 364, false)),
        Row(name: "ended, last cycle completed: stays", end: .afterCount(3), k: 2, completed: true, now: "2027-02-01T00:00:00+01:00",
            expected: nil),
        Row(name: "ended, last cycle incomplete: stays overdue", end: .afterCount(3), k: 2, completed: false, now: "2027-02-01T00:00:00+01:00",
            expected: nil),
        Row(name: "ended while on an earlier cycle: moves to the last, not counting it", end: .afterCount(3), k: 0, completed: false,
            now: "2027-02-01T00:00:00+01:00", expected: (2, 2, false)),
        Row(name: "ended after a completed cycle", end: .until(LocalDate(iso: "2027-01-06")!), k: 0, completed: true,
            now: "2027-02-01T00:00:00+01:00", expected: (2, 1, false)),
        Row(name: "the cycle before the last is overdue now", end: .afterCount(3), k: 0, completed: false,
            now: "2027-01-06T08:00:00+01:00", expected: (1, 1, false)),
        Row(name: "the last cycle is overdue now", end: .afterCount(3), k: 0, completed: false, now: "2027-01-06T10:00:00+01:00",
            expected: (2, 2, false)),
    ]

    @Test("Store.caughtUp", arguments: table)
    func transition(_ row: Row) throws {
        let rule = RepeatRule(frequency: .daily, end: row.end)
        let due = try #require(RecurrenceEngine.occurrence(row.k, of: rule, anchor: Self.anchor))
        let todo = Todo(id: "t", listId: "l", title: "Stretch", isCompleted: row.completed,
                        completedAt: row.completed ? Date(timeIntervalSince1970: 0) : nil, sortOrder: 0,
                        createdAt: Date(timeIntervalSince1970: 0), due: due, anchor: Self.anchor, repeatRule: rule,
                        missedCount: row.missedBefore, occurrenceCount: row.k)
        let result = Store.caughtUp(todo, at: CycleFixtures.instant(row.now), userZone: Self.berlin)
        guard let expected = row.expected else {
            #expect(result == nil)
            return
        }
        let moved = try #require(result)
        #expect(moved.occurrenceCount == expected.k)
        #expect(moved.missedCount == expected.missed)
        #expect(moved.isCompleted == expected.completed)
        #expect(moved.completedAt == nil)
        #expect(moved.due == RecurrenceEngine.occurrence(expected.k, of: rule, anchor: Self.anchor))
        // Idempotent: catching up the result at the same instant changes nothing.
        #expect(Store.caughtUp(moved, at: CycleFixtures.instant(row.now), userZone: Self.berlin) == nil)
    }

    @Test("a date-only due west of UTC passes at the end of its local day, not at UTC midnight")
    func dateOnlyWestOfUTC() throws {
        let la = CycleFixtures.zone("America/Los_Angeles")
        let dir = CycleFixtures.dataDirectory()
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T08:00:00-08:00"), zone: la)
        try store.addList(title: "Home")
        let todo = try store.addTodo(title: "Water plants", list: "Home", due: .date(LocalDate(iso: "2027-01-04")!),
                                     repeatRule: RepeatRule(frequency: .daily))
        // 2027-01-05T07:30Z is still Jan 4 (23:30) in Los Angeles: the cycle has not passed.
        let late = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-05T07:30:00Z"), zone: la)
        #expect(try late.read { try late.todo(id: todo.id) }?.occurrenceCount == 0)
        // 00:30 on Jan 5 local: it has, and a daily date-only cycle has no overdue window (shared/SPEC.md
        // §3.4): Jan 4 is missed, Jan 5 is the cycle that is due.
        let next = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-05T00:30:00-08:00"), zone: la)
        let moved = try #require(try next.read { try next.todo(id: todo.id) })
        #expect(moved.occurrenceCount == 1 && moved.missedCount == 1 && moved.due == .date(LocalDate(iso: "2027-01-05")!))
        // 00:30 on Jan 6 local: Jan 5 is missed too.
        let later = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-06T00:30:00-08:00"), zone: la)
        let moved2 = try #require(try later.read { try later.todo(id: todo.id) })
        #expect(moved2.occurrenceCount == 2 && moved2.missedCount == 2 && moved2.due == .date(LocalDate(iso: "2027-01-06")!))
    }

    /// A store with repeating todos of every kind whose current cycles are all still ahead at
    /// 2027-01-04 12:00 Berlin: timed (Berlin and Tokyo), date-only today, an ended series sitting
    /// completed and one sitting overdue. Returns the directory.
    static func quietStore() throws -> DataDirectory {
        let dir = CycleFixtures.dataDirectory()
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-01T08:00:00+01:00"), zone: berlin)
        try store.addList(title: "Home")
        try store.addTodo(title: "Timed", list: "Home", due: .dateTime(LocalDateTime(iso: "2027-01-01T09:00")!, zoneID: "Europe/Berlin"),
                          repeatRule: RepeatRule(frequency: .daily))
        try store.addTodo(title: "Tokyo", list: "Home", due: .dateTime(LocalDateTime(iso: "2027-01-01T21:00")!, zoneID: "Asia/Tokyo"),
                          repeatRule: RepeatRule(frequency: .daily))
        try store.addTodo(title: "Date", list: "Home", due: .date(LocalDate(iso: "2027-01-01")!), repeatRule: RepeatRule(frequency: .daily))
        let done = try store.addTodo(title: "Ended done", list: "Home", due: .date(LocalDate(iso: "2027-01-01")!),
                                     repeatRule: RepeatRule(frequency: .daily, end: .afterCount(1)))
        try store.complete(todoID: done.id, source: .cli)
        try store.addTodo(title: "Ended overdue", list: "Home", due: .date(LocalDate(iso: "2027-01-02")!),
                          repeatRule: RepeatRule(frequency: .daily, end: .afterCount(1)))
        try store.addTodo(title: "One-off overdue", list: "Home", due: .date(LocalDate(iso: "2027-01-02")!))
        // Catch everything up to 2027-01-04 12:00 once (this open writes).
        _ = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T12:00:00+01:00"), zone: berlin)
        return dir
    }

    @Test("with no boundary passed, opening and reading the store writes nothing")
    func quietOpenWritesNothing() throws {
        let dir = try Self.quietStore()
        let observer = try CycleFixtures.observer(dir)
        // One ordinary write while the observer holds the store open, so the WAL has frames.
        try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T12:00:00+01:00"), zone: Self.berlin).addList(title: "Work")
        let version = try observer.dataVersion()
        let wal = CycleFixtures.walSize(dir)
        let rows = try CycleFixtures.dump(observer)
        #expect(wal > 0, "the observer keeps the WAL; a zero size would make this test unable to fail")

        // 12:30 Berlin is before every next deadline (Timed: overdue on Jan 4 09:00 until Jan 5 09:00;
        // Tokyo: overdue on Jan 3 21:00 JST until Jan 4 21:00 JST, which is 13:00 Berlin; Date: the end of Jan 4).
        for _ in 0..<3 {
            let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T12:30:00+01:00"), zone: Self.berlin)
            #expect(try store.catchUpRepeats() == 0)
            _ = try store.contents()
        }
        #expect(try observer.dataVersion() == version)
        #expect(CycleFixtures.walSize(dir) == wal)
        #expect(try CycleFixtures.dump(observer) == rows)

        // Control: once a boundary passes (Tokyo's 21:00 JST), the same open does write.
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T13:00:00+01:00"), zone: Self.berlin)
        #expect(try store.catchUpRepeats() == 0) // already done by open
        #expect(try observer.dataVersion() != version)
    }
}

extension CatchUpTests {
    @Test("with no boundary passed, opening the store does not even take the write lock")
    func quietOpenTakesNoWriteLock() throws {
        let dir = try Self.quietStore()
        let writer = try CycleFixtures.observer(dir)
        try writer.execute("BEGIN IMMEDIATE") // another process in the middle of a write
        defer { try? writer.execute("ROLLBACK") }
        // A 0.1 s busy timeout: any attempt at the write lock fails with StoreError.busy.
        let store = try Store.open(dir, clock: Clock(now: CycleFixtures.instant("2027-01-04T12:30:00+01:00"), timeZone: Self.berlin),
                                   busyTimeout: 0.1)
        #expect(try store.contents().first?.pending.count == 5)
        // Control: when a boundary has passed, the same open needs the lock and reports busy.
        #expect(throws: StoreError.self) {
            try Store.open(dir, clock: Clock(now: CycleFixtures.instant("2027-01-04T13:00:00+01:00"), timeZone: Self.berlin),
                           busyTimeout: 0.1)
        }
    }
}
