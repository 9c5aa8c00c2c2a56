import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// A wrong clock (docs/cycles.md "A wrong clock"): one run with the clock far ahead leaves no
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
        // The date-only Jan 4 was missed at midnight; Jan 5 is the cycle that is due (no overdue window).
        #expect(before[1].occurrenceCount == 1 && before[1].missedCount == 1 && !before[1].isCompleted)

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

/// The other direction: a clock set *back* for one run (a bad RTC, a stray
/// `TASKTILE_NOW`) recomputes the cache at an instant before some of the history; when the clock is
/// right again that history counts at once, not only after the next cycle boundary.
extension ClockJumpTests {
    static let tokyo = CycleFixtures.zone("Asia/Tokyo")

    /// A daily 09:00 Asia/Tokyo todo from 2027-01-05 with the Jan 5 cycle completed late (09:30)
    /// and the Jan 6 cycle early (Jan 6 07:30). Returns the directory and the todo id.
    static func tokyoHabit() throws -> (DataDirectory, String) {
        let dir = CycleFixtures.dataDirectory("clock")
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T12:00:00+09:00"), zone: tokyo)
        try store.addList(title: "Habits")
        let t = try store.addTodo(title: "Stretch", list: "Habits",
                                  due: .dateTime(LocalDateTime(iso: "2027-01-05T09:00")!, zoneID: "Asia/Tokyo"),
                                  repeatRule: RepeatRule(frequency: .daily))
        for at in ["2027-01-05T09:30:00+09:00", "2027-01-06T07:30:00+09:00"] {
            try CycleFixtures.open(dir, now: CycleFixtures.instant(at), zone: tokyo).complete(todoID: t.id, source: .cli)
        }
        return (dir, t.id)
    }

    static func tokyoState(_ dir: DataDirectory, _ id: String, at now: String) throws -> Todo {
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant(now), zone: tokyo)
        return try #require(try store.read { try store.todo(id: id) })
    }

    @Test("a clock set back, then right again: the cycles are as before it, and a poll then writes nothing")
    func setBackThenRight() throws {
        let (dir, id) = try Self.tokyoHabit()
        let right = "2027-01-06T08:00:00+09:00"
        let before = try Self.tokyoState(dir, id, at: right)
        #expect(before.occurrenceCount == 1 && before.isCompleted && before.missedCount == 0)
        #expect(before.due == .dateTime(LocalDateTime(iso: "2027-01-06T09:00")!, zoneID: "Asia/Tokyo"))

        // One process with a bad RTC: no completion has been made yet at that instant.
        let wrong = try Self.tokyoState(dir, id, at: "2026-12-01T12:00:00+09:00")
        #expect(wrong.occurrenceCount == 0 && !wrong.isCompleted && wrong.missedCount == 0)

        // Right again, before the next boundary (Jan 6 09:00): Jan 6 completed, not Jan 5 overdue.
        #expect(try Self.tokyoState(dir, id, at: right) == before)

        // Having recomputed, the store is quiet again: a poll at the same instant writes nothing.
        let observer = try CycleFixtures.observer(dir)
        let version = try observer.dataVersion()
        let poll = try CycleFixtures.open(dir, now: CycleFixtures.instant(right), zone: Self.tokyo)
        #expect(try poll.catchUpRepeats() == 0)
        _ = try poll.statusSnapshot()
        #expect(try observer.dataVersion() == version)
    }

    @Test("right again in steps: each completion the set-back run could not see counts from the instant it was made")
    func setBackThenRightInSteps() throws {
        let (dir, id) = try Self.tokyoHabit()
        _ = try Self.tokyoState(dir, id, at: "2026-12-01T12:00:00+09:00")
        // After the Jan 5 completion (09:30) and before the Jan 6 one: Jan 5 completed late, Jan 6 pending.
        let jan5 = try Self.tokyoState(dir, id, at: "2027-01-05T12:00:00+09:00")
        #expect(jan5.occurrenceCount == 1 && !jan5.isCompleted && jan5.missedCount == 0)
        // No boundary passes between Jan 5 12:00 and Jan 6 08:00; the Jan 6 completion (07:30) counts all the same.
        let jan6 = try Self.tokyoState(dir, id, at: "2027-01-06T08:00:00+09:00")
        #expect(jan6.occurrenceCount == 1 && jan6.isCompleted && jan6.missedCount == 0)
        #expect(jan6.completedAt == CycleFixtures.instant("2027-01-06T07:30:00+09:00"))
    }

    @Test("a store migrated after a set-back run finds the history that run could not see")
    func migrationRecordsUnseenHistory() throws {
        let (dir, id) = try Self.tokyoHabit()
        let right = "2027-01-06T08:00:00+09:00"
        let before = try Self.tokyoState(dir, id, at: right)
        _ = try Self.tokyoState(dir, id, at: "2026-12-01T12:00:00+09:00")
        // The store as the previous version left it: no unseen_from column, the migration not applied.
        let db = try CycleFixtures.observer(dir)
        try db.execute("""
            ALTER TABLE cycle_clock DROP COLUMN unseen_from;
            DELETE FROM tasktile_migrations WHERE identifier = 'v6-cycle-clock-unseen-history';
            """)
        #expect(try Self.tokyoState(dir, id, at: right) == before)
    }

    struct Step: Sendable, CustomStringConvertible {
        var at: String
        var completes: String? = nil
        var description: String { completes.map { "\(at) done \($0)" } ?? at }
    }

    struct Walk: Sendable, CustomStringConvertible {
        var name: String
        var steps: [Step]
        var description: String { name }
    }

    static let walks: [Walk] = [
        Walk(name: "set back before the series, then forward one step at a time", steps: [
            Step(at: "2027-01-04T09:30:00+01:00", completes: "Timed"),
            Step(at: "2027-01-05T08:00:00+01:00", completes: "Timed"),
            Step(at: "2027-01-05T12:00:00+01:00", completes: "Dated"),
            Step(at: "2027-01-06T10:00:00+01:00", completes: "Timed"),
            Step(at: "2027-01-03T12:00:00+01:00"),
            Step(at: "2027-01-04T10:00:00+01:00"), Step(at: "2027-01-05T08:30:00+01:00"),
            Step(at: "2027-01-05T09:30:00+01:00"), Step(at: "2027-01-05T13:00:00+01:00"),
            Step(at: "2027-01-06T09:30:00+01:00"), Step(at: "2027-01-06T10:30:00+01:00"),
            Step(at: "2027-01-08T12:00:00+01:00"),
        ]),
        Walk(name: "a clock ahead completes, right again, then time reaches that completion", steps: [
            Step(at: "2027-01-04T09:30:00+01:00", completes: "Timed"),
            Step(at: "2027-01-07T10:00:00+01:00", completes: "Timed"),
            Step(at: "2027-01-07T10:00:00+01:00", completes: "Dated"),
            Step(at: "2027-01-05T10:00:00+01:00"), Step(at: "2027-01-07T09:59:00+01:00"),
            Step(at: "2027-01-07T10:00:00+01:00"), Step(at: "2027-01-07T12:00:00+01:00"),
        ]),
        Walk(name: "two processes whose clocks disagree by an hour, alternating", steps: [
            Step(at: "2027-01-05T09:10:00+01:00", completes: "Timed"),
            Step(at: "2027-01-05T08:10:00+01:00"), Step(at: "2027-01-05T09:20:00+01:00"),
            Step(at: "2027-01-06T08:50:00+01:00", completes: "Timed"),
            Step(at: "2027-01-06T07:55:00+01:00"), Step(at: "2027-01-06T08:55:00+01:00"),
            Step(at: "2027-01-06T09:05:00+01:00"), Step(at: "2027-01-06T08:06:00+01:00"),
            Step(at: "2027-01-07T10:00:00+01:00"),
        ]),
    ]

    @Test("whatever the clock did before, after catch-up every cycle column is what the whole history gives at now",
          arguments: walks)
    func cacheIsAlwaysDerived(_ walk: Walk) throws {
        let dir = CycleFixtures.dataDirectory("clock")
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-03T12:00:00+01:00"), zone: Self.berlin)
        try store.addList(title: "Habits")
        let ids = [
            "Timed": try store.addTodo(title: "Timed", list: "Habits", due: Self.anchor, repeatRule: RepeatRule(frequency: .daily)).id,
            "Dated": try store.addTodo(title: "Dated", list: "Habits", due: .date(LocalDate(iso: "2027-01-04")!),
                                       repeatRule: RepeatRule(frequency: .daily)).id,
        ]
        for step in walk.steps {
            let now = CycleFixtures.instant(step.at)
            let process = try CycleFixtures.open(dir, now: now, zone: Self.berlin)
            if let title = step.completes { try process.complete(todoID: try #require(ids[title]), source: .cli) }
            for (title, id) in ids {
                let (stored, derived) = try process.read {
                    let stored = try #require(try process.todo(id: id))
                    return (stored, try process.derivedInTransaction(stored, at: now))
                }
                #expect(stored == derived, "\(title) after \(step)")
            }
        }
    }

    @Test("a clock ahead that completed a cycle, then right again: no lasting change, and polls write nothing")
    func aheadThenRightStaysQuiet() throws {
        let dir = CycleFixtures.dataDirectory("clock")
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T08:00:00+01:00"), zone: Self.berlin)
        try store.addList(title: "Habits")
        let t = try store.addTodo(title: "Stretch", list: "Habits", due: Self.anchor, repeatRule: RepeatRule(frequency: .daily))
        let right = "2027-01-05T10:00:00+01:00"
        let before = try Self.state(dir, t.id, at: right)
        #expect(before.occurrenceCount == 1 && before.missedCount == 1 && !before.isCompleted)
        // A day ahead, the cycle due there (Jan 6) is completed.
        let ahead = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-06T10:00:00+01:00"), zone: Self.berlin)
        #expect(try ahead.complete(todoID: t.id, source: .cli).todo.occurrenceCount == 2)
        // Right again: that completion is not counted before the instant it was made at.
        #expect(try Self.state(dir, t.id, at: "2027-01-05T10:00:30+01:00") == before)
        let observer = try CycleFixtures.observer(dir)
        let version = try observer.dataVersion()
        for now in ["2027-01-05T10:00:30+01:00", "2027-01-05T10:01:00+01:00", "2027-01-05T18:00:00+01:00"] {
            let poll = try CycleFixtures.open(dir, now: CycleFixtures.instant(now), zone: Self.berlin)
            #expect(try poll.catchUpRepeats() == 0)
            _ = try poll.statusSnapshot()
        }
        #expect(try observer.dataVersion() == version)
    }
}
