import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// The catch-up index (docs/cycles.md "Catch-up cost"): the check every open runs reads
/// only the repeating todos whose boundary has passed, a write by another program (the sqlite3
/// CLI) cannot hide a todo from catch-up, and over random walks the index always says what
/// `Store.catchUpBoundary` says of each stored todo, while the stored cycles stay what the whole
/// history gives.
@Suite("Catch-up index")
struct CatchUpIndexTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")

    /// Every row of `catch_up_boundaries` as (todo id → "utc|local"), and the stale ids.
    static func index(_ store: Store) throws -> (boundaries: [String: String], stale: [String]) {
        var boundaries: [String: String] = [:]
        for row in try store.database.rows("SELECT todo_id, boundary_utc, boundary_local FROM catch_up_boundaries") {
            boundaries[row.text(0) ?? ""] = "\(row.double(1).map { String($0) } ?? "-")|\(row.text(2) ?? "-")"
        }
        let stale = try store.database.rows("SELECT todo_id FROM catch_up_stale").map { $0.text(0) ?? "" }
        return (boundaries, stale)
    }

    /// What the index should hold for `todo`, in the encoding of `index(_:)`; nil for no row.
    static func expectedEntry(_ todo: Todo) -> String? {
        guard let boundary = Store.catchUpBoundary(of: todo) else { return nil }
        switch Store.encodeDue(boundary) {
        case (.text(let local), .null, _): return "-|\(local)"
        case (_, _, .double(let utc)): return "\(String(utc))|-"
        default: return "unexpected encoding"
        }
    }

    @Test("with no boundary passed the check reads no todo, though three repeating todos are overdue; then exactly the one that moves")
    func checkReadsOnlyMovers() throws {
        let dir = try CatchUpTests.quietStore()
        let quiet = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T12:30:00+01:00"), zone: Self.berlin)
        let overdue = try quiet.read {
            try quiet.contents().flatMap(\.pending).filter { $0.repeatRule != nil && $0.due!.deadline(userZone: Self.berlin) <= quiet.clock.now }
        }
        // "Date" (daily, date-only) is on today's cycle: a daily date-only habit is never overdue.
        #expect(Set(overdue.map(\.title)) == ["Timed", "Tokyo", "Ended overdue"], "the control: overdue repeating todos exist")
        #expect(try quiet.read { try quiet.catchUpCandidates(at: quiet.clock.now) }.isEmpty)
        // 13:00 Berlin is 21:00 in Tokyo: Tokyo's next cycle is due, so Tokyo alone is read (and moved).
        let later = CycleFixtures.instant("2027-01-04T13:00:00+01:00")
        #expect(try quiet.read { try quiet.catchUpCandidates(at: later) }.map(\.title) == ["Tokyo"])
        let moved = try CycleFixtures.open(dir, now: later, zone: Self.berlin)
        #expect(try moved.read { try moved.catchUpCandidates(at: later) }.isEmpty, "the boundary moved on with the cycle")
    }

    @Test("a repeating todo inserted or moved back by another program (sqlite3) is still caught up at the next open")
    func foreignWritesAreCaughtUp() throws {
        let dir = try CatchUpTests.quietStore()
        let raw = try CycleFixtures.observer(dir)
        let listID = try #require(try raw.rows("SELECT id FROM lists WHERE title = 'Home'").first?.text(0))
        // A daily 09:00 Berlin series from 2027-01-01 at cycle 0, written by hand: three days behind.
        let anchorUTC = CycleFixtures.instant("2027-01-01T09:00:00+01:00").timeIntervalSince1970
        try raw.run("""
            INSERT INTO todos (id, list_id, title, sort_order, created_at, due_local, due_zone, due_utc, anchor_local, anchor_zone,
                               repeat_frequency, repeat_interval)
            VALUES ('raw-1', ?, 'By hand', 99, 0, '2027-01-01T09:00:00', 'Europe/Berlin', ?, '2027-01-01T09:00:00', 'Europe/Berlin', 'daily', 1)
            """, [.text(listID), .double(anchorUTC)])
        // And the series "Timed", moved back to its first cycle by hand.
        try raw.run("""
            UPDATE todos SET occurrence_count = 0, due_local = anchor_local, due_utc = ?, missed_count = 0 WHERE title = 'Timed'
            """, [.double(anchorUTC)])
        #expect(try raw.rows("SELECT count(*) FROM catch_up_stale").first?.int(0) == 2, "the triggers saw both writes")

        let now = CycleFixtures.instant("2027-01-04T12:30:00+01:00")
        let store = try CycleFixtures.open(dir, now: now, zone: Self.berlin)
        for title in ["By hand", "Timed"] {
            let todo = try #require(try store.read { try store.contents().flatMap(\.pending).first { $0.title == title } })
            #expect(todo.occurrenceCount == 3, "\(title): Jan 4 09:00 is the cycle due")
            #expect(todo.missedCount == 3, "\(title): Jan 1, 2 and 3 were missed (no history)")
            #expect(try store.read { try store.derivedInTransaction(todo, at: now) } == todo)
        }
        let (boundaries, stale) = try Self.index(store)
        #expect(stale.isEmpty)
        let byHand = try #require(try store.read { try store.todo(id: "raw-1") })
        #expect(boundaries["raw-1"] == Self.expectedEntry(byHand))
        #expect(boundaries["raw-1"] == "\(String(CycleFixtures.instant("2027-01-05T09:00:00+01:00").timeIntervalSince1970))|-")
    }


    /// Random repeating todos: timed in three zones or date-only; daily, weekly on days, monthly
    /// (also on the Nth weekday), yearly; with intervals and ends.
    static func randomTodos(_ store: Store, _ rng: inout SplitMix, count: Int) throws -> [String] {
        let zones = ["Europe/Berlin", "Asia/Tokyo", "America/Los_Angeles"]
        var ids: [String] = []
        for i in 0..<count {
            let day = 1 + Int.random(in: 0..<6, using: &rng)
            let due: Due = Bool.random(using: &rng)
                ? .date(LocalDate(iso: "2027-01-0\(day)")!)
                : .dateTime(LocalDateTime(iso: "2027-01-0\(day)T\(10 + Int.random(in: 0..<13, using: &rng)):15")!,
                            zoneID: zones.randomElement(using: &rng)!)
            let end: RepeatRule.End = [.never, .never, .afterCount(Int.random(in: 2...6, using: &rng)),
                                       .until(LocalDate(iso: "2027-01-2\(Int.random(in: 0...9, using: &rng))")!)].randomElement(using: &rng)!
            let interval = Int.random(in: 1...3, using: &rng)
            let rule: RepeatRule
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: rule = RepeatRule(frequency: .daily, interval: interval, end: end)
            case 1: rule = RepeatRule(frequency: .weekly, interval: interval, weekdays: [.monday, .thursday, .saturday], end: end)
            case 2: rule = RepeatRule(frequency: .monthly, interval: interval, end: end)
            case 3: rule = RepeatRule(frequency: .monthly, end: end, nthWeekday: RepeatRule.NthWeekday(byDay: "-1FR"))
            default: rule = RepeatRule(frequency: .yearly, end: end)
            }
            if let todo = try? store.addTodo(title: "Habit \(i)", list: "Habits", due: due, repeatRule: rule) { ids.append(todo.id) }
        }
        return ids
    }

    @Test("random walks forward in time with completions and undos: the index matches every todo, and every cycle is what history gives",
          arguments: [1, 2, 3, 4] as [UInt64])
    func randomWalk(_ seed: UInt64) throws {
        var rng = SplitMix(state: seed)
        let dir = CycleFixtures.dataDirectory("catchup-index")
        var now = CycleFixtures.instant("2027-01-01T08:00:00+01:00")
        let setup = try CycleFixtures.open(dir, now: now, zone: Self.berlin)
        try setup.addList(title: "Habits")
        let ids = try Self.randomTodos(setup, &rng, count: 24)
        #expect(ids.count >= 16, "the generator makes valid rules")
        var moves = 0, previous: [Todo] = []
        for step in 0..<50 {
            now += Double(Int.random(in: 60...(3 * 86_400), using: &rng))
            let store = try CycleFixtures.open(dir, now: now, zone: Self.berlin)
            let caughtUp = try store.read { try ids.compactMap { try store.todo(id: $0) } }
            moves += zip(previous, caughtUp).filter { $0.occurrenceCount != $1.occurrenceCount }.count
            switch Int.random(in: 0..<4, using: &rng) {
            case 0, 1: _ = try? store.complete(todoID: ids.randomElement(using: &rng)!, source: .cli)
            case 2: _ = try? store.undo(ids.randomElement(using: &rng)!)
            default: break
            }
            let stored = try store.read { try ids.compactMap { try store.todo(id: $0) } }
            previous = stored
            let (boundaries, stale) = try Self.index(store)
            #expect(stale.isEmpty, "step \(step)")
            for todo in stored {
                let derived = try store.read { try store.derivedInTransaction(todo, at: now) }
                #expect(derived == todo, "\(todo.title) at step \(step): \(todo) vs derived \(derived)")
                #expect(boundaries[todo.id] == Self.expectedEntry(todo), "\(todo.title) at step \(step)")
            }
            // The check agrees with a scan of every repeating todo through the pure rule.
            let movers = Set(stored.filter { Store.caughtUp($0, at: now + 3600, userZone: Self.berlin) != nil }.map(\.id))
            let found = Set(try store.read { try store.cycleAdvances(at: now + 3600, only: nil) }.map(\.id))
            #expect(found == movers, "step \(step)")
        }
        #expect(moves > 10, "catch-up moved cycles \(moves) times: a walk where nothing moves cannot fail")
    }

    @Test("undo of the cycle that is due brings its missed count back from history (completing had reset it to 0)")
    func undoRestoresMissedCount() throws {
        let dir = CycleFixtures.dataDirectory("catchup-index")
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-01T08:00:00+01:00"), zone: Self.berlin)
        try store.addList(title: "Habits")
        let todo = try store.addTodo(title: "Stretch", list: "Habits", due: .date(LocalDate(iso: "2027-01-01")!),
                                     repeatRule: RepeatRule(frequency: .daily))
        // On Jan 4: Jan 1–3 missed, Jan 4 the cycle that is due (a daily date-only habit has no overdue window).
        let later = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T12:00:00+01:00"), zone: Self.berlin)
        #expect(try later.read { try later.todo(id: todo.id) }?.missedCount == 3)
        try later.complete(todoID: todo.id, source: .cli)
        #expect(try later.read { try later.todo(id: todo.id) }?.missedCount == 0)
        let undone = try later.undo(todo.id)
        #expect(undone.missedCount == 3 && !undone.isCompleted && undone.occurrenceCount == 3)
        #expect(try later.read { try later.todo(id: todo.id) } == undone)
    }
}
