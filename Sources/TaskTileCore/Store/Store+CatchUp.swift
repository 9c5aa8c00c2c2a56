import Foundation

/// Repeat catch-up (docs/cycles.md "Cycle semantics"): which cycle of a repeating todo is the one
/// that is due at "now", and how many cycles were missed on the way. **The rule is stated here,
/// once**; completion (`Store+Completion.swift`), `undo` and the streaks read it from here.
///
/// In terms of `Todo.occurrenceCount` (the current cycle index c) and `Todo.due` (always
/// `RecurrenceEngine.occurrence(c, of: rule, anchor: anchor)`), with "passed" meaning a cycle's
/// deadline (`Due.deadline(userZone:)`) is at or before now, and "begun" meaning a cycle's window
/// has opened (`Store.begins`: a timed cycle at its due, a date-only cycle at 00:00 local of its
/// date, shared/SPEC.md §3.4):
/// - cycle k is **pending** until its deadline; **overdue** from its deadline until cycle k + 1
///   begins; completing it in either window completes cycle k. It is **missed** when cycle k + 1
///   begins with k still incomplete. For a timed cycle that is k + 1's due; for a date-only one
///   00:00 of k + 1's date, so a daily date-only habit has no overdue window at all (a check-in
///   counts for the day it is made, an unticked day is missed at midnight), a Mon/Wed/Fri one is
///   overdue over the weekend, a monthly one on the 1st until the next 1st begins;
/// - so the current cycle is b, the latest begun cycle, while b is incomplete (pending on its own
///   date-only day, else overdue); once b is completed the current cycle is b + 1, pending — except
///   that a completed cycle is shown completed until its own deadline passes (an early completion,
///   or a date-only cycle checked in on its day). Before cycle 0 begins the current cycle is 0;
/// - `missedCount` is the number of missed cycles after the latest completed one: completing the
///   cycle that is due resets it to 0, completing a past cycle (`done --on`) lowers it;
/// - when the series has ended (no cycle's deadline is after now), the todo stays on the *last*
///   cycle L: completed if L was completed (for good), otherwise pending and overdue like a one-off
///   todo. **Decision:** L has no next cycle, so it is never counted in `missedCount`; the overdue
///   label says it was missed. An ended series is a fixed point: catch-up never touches it again.
///
/// The cycle columns (`occurrence_count`, the due, `is_completed`, `completed_at`,
/// `missed_count`) are a **cache** of what `Store.derived` computes from the anchor, the
/// completion history and now. `Store.caughtUp` (pure, no history) decides cheaply which todos
/// move; the ones that do are recomputed with `Store.derived` (one indexed history read each). The
/// table `cycle_clock` holds the instant the cache was last written for (`at`) and the earliest
/// completion the cache could not count (`unseen_from`). **Every repeating todo is recomputed with
/// `Store.derived`** when now is before `at` (the clock went back: a clock that was wrong and is
/// right again, a stray `TASKTILE_NOW`) **or at or past `unseen_from`** (history the cache could
/// not see is now visible: it was recorded after the instant a recompute ran for). A recompute at
/// now sets `at` to now and `unseen_from` to the earliest completion recorded after now (history
/// `Store.derived` ignores), or NULL; a cache written at now by any other path counts all history up
/// to now and keeps `unseen_from`. So in both directions a wrong clock reading leaves no lasting
/// change: whatever the clock did, catch-up shows what `Store.derived` gives from the whole
/// history at now.
///
/// Every step is idempotent: running catch-up twice at the same instant changes nothing the second
/// time, and running it from two processes at once counts each miss once, because the write
/// re-reads the rows inside `BEGIN IMMEDIATE` and recomputes from what it finds there.
extension Store {
    /// Catches up every repeating todo whose cached cycle is no longer the one due at `clock.now`.
    ///
    /// Runs on every `Store.open` (so in `tasktile`, `tasktile-render` and any other process);
    /// long-running processes call it again before reading (a widget tick, a notification pass).
    ///
    /// First a plain read transaction looks for a todo that needs to move and compares now with the
    /// cycle clock (`CycleClock.recomputes(at:)`); when neither calls for it — the normal case for
    /// a status bar polling every second — nothing is written: no write lock, no WAL frame, no
    /// change to `PRAGMA data_version` in other connections. Otherwise one `BEGIN IMMEDIATE` transaction re-reads the
    /// candidates and moves them.
    /// - Returns: the number of todos moved to another cycle.
    /// - Throws: `StoreError.busy` when another process holds the write lock past the busy timeout.
    @discardableResult
    public func catchUpRepeats() throws -> Int {
        let now = clock.now
        let needed = try read {
            try cycleClock()?.recomputes(at: now) == true || (try hasStaleBoundaries())
                || !(try cycleAdvances(at: now, only: nil).isEmpty)
        }
        guard needed else { return 0 }
        return try write { try catchUpInTransaction(at: now, only: nil) }
    }

    /// `catchUpRepeats()` for a reader that must never wait for the write lock (a status poll):
    /// when another process holds it, the catch-up is left to the next process
    /// (or poll) and nothing is written; the caller then reads the cycles as last written.
    /// - Parameter busyTimeout: the connection's usual busy timeout, restored afterwards.
    /// - Returns: the number of todos moved (0 when skipped).
    @discardableResult
    public func catchUpRepeatsWithoutWaiting(restoring busyTimeout: Double) -> Int {
        database.setBusyTimeout(0)
        defer { database.setBusyTimeout(busyTimeout) }
        return (try? catchUpRepeats()) ?? 0
    }

    /// The body of `catchUpRepeats()` (or, with `only`, of one todo's catch-up): re-reads the
    /// candidates and writes their new cycle; when the cycle clock calls for it (the clock went
    /// backwards, or history the cache could not see is now visible), recomputes every repeating
    /// todo from its history instead, even with `only`, and records the history it left out. Then
    /// sets the cycle clock to `now` when anything was written. Call only inside a write transaction.
    /// - Returns: the number of todos moved.
    @discardableResult
    func catchUpInTransaction(at now: Date, only todoID: String?) throws -> Int {
        precondition(transaction == .write, "catch-up must run inside Store.write")
        var moved = 0
        let recompute = try cycleClock()?.recomputes(at: now) ?? false
        if recompute {
            let all = try database.rows("""
                SELECT \(Store.todoColumns) FROM todos WHERE repeat_frequency IS NOT NULL AND anchor_local IS NOT NULL
                """).map(Store.todo(from:))
            for todo in all {
                let fresh = try derivedInTransaction(todo, at: now)
                if fresh != todo { try updateCycle(fresh); moved += 1 }
            }
        } else {
            // caughtUp picks the todos that move; their new state comes from history, which also
            // counts a later cycle completed before an earlier one was reopened (`undo --on`).
            for todo in try cycleAdvances(at: now, only: todoID) {
                let fresh = try derivedInTransaction(todo, at: now)
                if fresh != todo { try updateCycle(fresh); moved += 1 }
            }
        }
        if recompute {
            try setCycleClock(now, unseenFrom: try earliestCompletion(after: now))
        } else if moved > 0 {
            try setCycleClock(now)
        }
        return moved
    }

    /// Records that the cycle columns were written for `now` (see `cycle_clock` above), keeping
    /// `unseen_from`. Called when a catch-up moved something, and by completion and undo (after
    /// their catch-up at `now`, so the cache counts all history up to `now`); a catch-up that
    /// changes nothing writes nothing, so processes with different clocks that merely read never
    /// write. Call inside a write transaction.
    package func setCycleClock(_ now: Date) throws {
        try database.run("""
            INSERT INTO cycle_clock (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at WHERE at != excluded.at
            """, [.double(now.timeIntervalSince1970)])
    }

    /// Records a recompute of every repeating todo at `now`: the cycle clock is `now`, and
    /// `unseenFrom` (the earliest completion recorded after `now`, which the recompute could not
    /// count; nil when none) is when the next catch-up must recompute again. Writes nothing when
    /// both are as stored. Call inside a write transaction.
    func setCycleClock(_ now: Date, unseenFrom: Date?) throws {
        try database.run("""
            INSERT INTO cycle_clock (id, at, unseen_from) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE
            SET at = excluded.at, unseen_from = excluded.unseen_from
            WHERE at != excluded.at OR unseen_from IS NOT excluded.unseen_from
            """, [.double(now.timeIntervalSince1970), .optionalDouble(unseenFrom?.timeIntervalSince1970)])
    }

    /// The earliest completion (not undone) of a repeating todo recorded after `now` (UTC), which
    /// `completedCycles(of:at:)` leaves out at `now`; nil when there is none. One pass over the
    /// history, so only for a recompute of every todo. Call inside a transaction.
    func earliestCompletion(after now: Date) throws -> Date? {
        try database.rows("""
            SELECT min(completed_at) FROM completions
            WHERE undone_at IS NULL AND completed_at > ?
              AND todo_id IN (SELECT id FROM todos WHERE repeat_frequency IS NOT NULL)
            """, [.double(now.timeIntervalSince1970)]).first?.double(0).map { Date(timeIntervalSince1970: $0) }
    }

    /// Writes only the cycle columns of `todo` (its due, `is_completed`, `completed_at`,
    /// `missed_count`, `occurrence_count`): no title, so the search key stays as it is.
    ///
    /// When a repeating todo's cycle moves, its completed one-off subtasks reopen (a checklist per cycle,
    /// docs/organize.md "Subtasks").
    func updateCycle(_ todo: Todo) throws {
        // One indexed query (todos_by_parent) per repeating todo: its stored cycle, only when it has subtasks.
        if todo.repeatRule != nil,
           let old = try database.cachedStatement("""
               SELECT occurrence_count FROM todos WHERE id = ? AND EXISTS (SELECT 1 FROM todos c WHERE c.parent_id = ?)
               """).rows([.text(todo.id), .text(todo.id)]).first?.int(0) {
            try reopenChecklist(of: todo, fromCycle: old)
        }
        let (dueLocal, dueZone, dueUTC) = Store.encodeDue(todo.due)
        try database.run("""
            UPDATE todos SET is_completed = ?, completed_at = ?, due_local = ?, due_zone = ?, due_utc = ?,
                missed_count = ?, occurrence_count = ?
            WHERE id = ?
            """, [.int(todo.isCompleted ? 1 : 0), .optionalDouble(todo.completedAt?.timeIntervalSince1970), dueLocal, dueZone, dueUTC,
                  .int(todo.missedCount), .int(todo.occurrenceCount), .text(todo.id)])
    }

    /// The row of `cycle_clock` (see the rule above), or nil before the first catch-up that wrote.
    struct CycleClock: Equatable {
        /// The instant the cached cycle columns were last computed for (UTC).
        var at: Date
        /// The earliest completion recorded after the instant of the last recompute of every
        /// repeating todo, which that recompute could not count (UTC); nil when there was none.
        var unseenFrom: Date?

        /// Whether a catch-up at `now` recomputes every repeating todo from its history: `now` is
        /// before `at` (the clock went back), or at or past `unseenFrom` (history the cache could
        /// not count is now visible).
        func recomputes(at now: Date) -> Bool {
            at > now || unseenFrom.map { $0 <= now } == true
        }
    }

    /// The cycle clock as stored, or nil before the first catch-up that wrote. Call inside a
    /// transaction.
    func cycleClock() throws -> CycleClock? {
        guard let row = try database.cachedStatement("SELECT at, unseen_from FROM cycle_clock WHERE id = 1").rows([]).first,
              let at = row.double(0) else { return nil }
        return CycleClock(at: Date(timeIntervalSince1970: at), unseenFrom: row.double(1).map { Date(timeIntervalSince1970: $0) })
    }

    /// The todos (all, or the one with id `only`) that catch-up would move at `now`, as stored
    /// (not yet moved). Reads only; call inside a transaction.
    ///
    /// Without `only`, the SQL reads just the candidates: the todos whose catch-up boundary
    /// (`catchUpBoundary(of:)`, kept in `catch_up_boundaries`) has passed — timed ones by instant
    /// (`boundary_utc <= now`), date-only ones by date (`boundary_local < today` in the user's zone:
    /// a date-only due ends at the *end* of its day) — and those whose boundary is stale
    /// (`catch_up_stale`); `Store.caughtUp` then decides exactly. Two range seeks on partial indexes
    /// and a read of a (normally empty) table: an overdue repeating todo that is still the cycle
    /// due is no longer read by every open, so on a store with 20,000 repeating todos an open reads
    /// none of them.
    func cycleAdvances(at now: Date, only todoID: String?) throws -> [Todo] {
        let candidates: [Todo]
        if let todoID {
            candidates = try database.cachedStatement("""
                SELECT \(Store.todoColumns) FROM todos WHERE id = ? AND repeat_frequency IS NOT NULL AND anchor_local IS NOT NULL
                """).rows([.text(todoID)]).map(Store.todo(from:))
        } else {
            candidates = try catchUpCandidates(at: now)
        }
        return candidates.filter { Store.caughtUp($0, at: now, userZone: clock.timeZone) != nil }
    }

    /// The repeating todos whose catch-up boundary has passed at `now` or is stale (see
    /// `cycleAdvances`), as stored: a superset of those that move, read by index. Call inside a
    /// transaction.
    func catchUpCandidates(at now: Date) throws -> [Todo] {
        let today = ZonedClock.wallClock(of: now, in: clock.timeZone).date
        // Cached: this runs on every open of the store, in every process.
        return try database.cachedStatement("""
            SELECT \(Store.todoColumns) FROM todos
            WHERE repeat_frequency IS NOT NULL AND anchor_local IS NOT NULL AND id IN (
                SELECT todo_id FROM catch_up_boundaries WHERE boundary_utc <= ?
                UNION SELECT todo_id FROM catch_up_boundaries WHERE boundary_local < ?
                UNION SELECT todo_id FROM catch_up_stale)
            """).rows([.double(now.timeIntervalSince1970), .text(today.description)]).map(Store.todo(from:))
    }

    /// The due at whose deadline catch-up next moves `todo` (the rules above): its own due when it
    /// is completed (cycle k's deadline moves it on to k + 1); when it is not, the moment cycle
    /// k + 1 begins (k is missed then): the next cycle's due when timed, the day before the next
    /// cycle's date when date-only (that day's deadline is 00:00 of the next cycle's date); nil when
    /// nothing ever moves it — it does not repeat, or it is on the last cycle of its series.
    /// `caughtUp` returns nil for `todo` at every instant before this due's deadline, which is what
    /// lets `cycleAdvances` skip it. Pure.
    static func catchUpBoundary(of todo: Todo) -> Due? {
        guard let rule = todo.repeatRule, let anchor = todo.anchor, let due = todo.due, todo.occurrenceCount >= 0,
              !rule.fromCompletion,
              let next = RecurrenceEngine.occurrence(todo.occurrenceCount + 1, of: rule, anchor: anchor) else { return nil }
        // A period with a target ends as the next begins: its own due either way.
        if todo.isCompleted || rule.goal != nil { return due }
        if case .date(let date) = next { return .date(date.adding(days: -1)) }
        return next
    }

    /// Whether some todo's catch-up boundary is stale (see `cycleAdvances`). Call inside a transaction.
    func hasStaleBoundaries() throws -> Bool {
        try database.cachedStatement("SELECT EXISTS (SELECT 1 FROM catch_up_stale)").rows([]).first?.bool(0) ?? false
    }

    /// Writes the catch-up boundary of every todo in `catch_up_stale` and empties it; nothing when
    /// it is empty (one indexed read). `Store.write` calls it before every commit, so a process's
    /// own writes never leave a stale boundary behind; rows made stale by another program (the
    /// sqlite3 CLI, an older build) are read as candidates by `cycleAdvances` until the next
    /// catch-up writes. Call inside a write transaction.
    func refreshCatchUpBoundaries() throws {
        guard try hasStaleBoundaries() else { return }
        try database.run("DELETE FROM catch_up_boundaries WHERE todo_id IN (SELECT todo_id FROM catch_up_stale)")
        let insert = try database.cachedStatement("""
            INSERT INTO catch_up_boundaries (todo_id, boundary_utc, boundary_local) VALUES (?, ?, ?)
            """)
        for row in try database.rows("""
            SELECT \(Store.todoColumns) FROM todos WHERE repeat_frequency IS NOT NULL AND id IN (SELECT todo_id FROM catch_up_stale)
            """) {
            let todo = Store.todo(from: row)
            guard let boundary = Store.catchUpBoundary(of: todo) else { continue }
            let (local, zone, utc) = Store.encodeDue(boundary)
            try insert.run(zone == .null ? [.text(todo.id), .null, local] : [.text(todo.id), utc, .null])
        }
        try database.run("DELETE FROM catch_up_stale")
    }

    /// The latest cycle of `rule` from `anchor` whose deadline is at or before `now` (-1 when
    /// cycle 0's has not passed), and the first whose deadline is after `now` (nil when the series
    /// has ended before `now`). nil altogether for a corrupt rule.
    ///
    /// Bounded: one `firstOccurrenceIndex` search (< 50 occurrence computations), plus one
    /// `lastOccurrenceIndex` bisection (≤ 23) when the series has ended.
    public static func passedCycle(at now: Date, of rule: RepeatRule, anchor: Due, userZone: TimeZone) -> (passed: Int, next: Int?)? {
        if let j = RecurrenceEngine.firstOccurrenceIndex(after: now, of: rule, anchor: anchor, userZone: userZone) {
            return (j - 1, j)
        }
        guard let last = RecurrenceEngine.lastOccurrenceIndex(atOrAfter: 0, of: rule, anchor: anchor) else { return nil }
        return (last, nil)
    }

    /// Whether cycle `due` has begun at `now` (the rules above): a timed cycle at its due, a date-only
    /// cycle at 00:00 of its date in `userZone` (shared/SPEC.md §3.4: the overdue window of a
    /// date-only cycle ends when the next cycle's date begins). Pure.
    public static func begins(_ due: Due, at now: Date, userZone: TimeZone) -> Bool {
        switch due {
        case .date(let date): return ZonedClock.startOfDay(date, in: userZone) <= now
        case .dateTime: return due.deadline(userZone: userZone) <= now
        }
    }

    /// The latest cycle of `rule` from `anchor` that has begun at `now` (`begins`; -1 before cycle
    /// 0 begins), given `passedCycle`'s answer: the passed cycle, or for a date-only series the
    /// next one when its date is today. Bounded: one occurrence computation.
    static func begunCycle(_ cycles: (passed: Int, next: Int?), of rule: RepeatRule, anchor: Due, at now: Date,
                           userZone: TimeZone) -> Int {
        guard let next = cycles.next, case .date = anchor,
              let due = RecurrenceEngine.occurrence(next, of: rule, anchor: anchor) else { return cycles.passed }
        if rule.goal != nil {
            // A period with a target begins on its first day, as the period before ends.
            guard let first = RecurrenceEngine.periodBounds(next, of: rule, anchorDate: anchor.localDate)?.first,
                  ZonedClock.startOfDay(first, in: userZone) <= now else { return cycles.passed }
            return next
        }
        guard begins(due, at: now, userZone: userZone) else { return cycles.passed }
        return next
    }

    /// The latest cycle of `rule` from `anchor` whose window has opened at `now` (see `begunCycle`),
    /// or nil for a corrupt rule: the cycle a plain `undo` may still reopen after a late completion
    /// of it, while the next one has not begun.
    public static func begunCycle(at now: Date, of rule: RepeatRule, anchor: Due, userZone: TimeZone) -> Int? {
        guard let cycles = passedCycle(at: now, of: rule, anchor: anchor, userZone: userZone) else { return nil }
        return begunCycle(cycles, of: rule, anchor: anchor, at: now, userZone: userZone)
    }

    /// `todo` after catch-up at `now` (the rules above), moved on from its cached cycle without
    /// reading history, or nil when it stays as it is: it does not repeat, its current deadline is
    /// after `now`, it is overdue and still the cycle that is due (the next has not begun), or it is
    /// on the last cycle of its series. Exact when the cache was computed at an instant at or before
    /// `now` and no cycle after the cached one has a completion (catch-up then takes the state from
    /// history, `derived`).
    ///
    /// Pure; bounded: at most one `firstOccurrenceIndex` search (< 50 occurrence computations) and
    /// one `lastOccurrenceIndex` bisection (≤ 23), never a walk over the cycles one by one.
    /// - Parameter userZone: the zone in which a date-only due's day begins and ends.
    public static func caughtUp(_ todo: Todo, at now: Date, userZone: TimeZone) -> Todo? {
        guard let rule = todo.repeatRule, let anchor = todo.anchor, let due = todo.due, !rule.fromCompletion,
              due.deadline(userZone: userZone) <= now else { return nil }
        let k = todo.occurrenceCount
        // On the last cycle already: an ended series stays where it is.
        guard k >= 0, RecurrenceEngine.occurrence(k + 1, of: rule, anchor: anchor) != nil,
              let cycles = passedCycle(at: now, of: rule, anchor: anchor, userZone: userZone) else { return nil }
        let begun = begunCycle(cycles, of: rule, anchor: anchor, at: now, userZone: userZone)
        let target: Int, missed: Int
        if todo.isCompleted {
            // Cycle k's deadline has passed: the current cycle is the latest begun one, at least k + 1;
            // the cycles between k and it were missed.
            (target, missed) = (max(begun, k + 1), max(0, begun - 1 - k))
        } else if begun > k {
            // Cycle k's window has closed: it and every cycle before the latest begun one are missed.
            (target, missed) = (begun, begun - k)
        } else {
            // Cycle k is overdue and still the one that is due (or begun < k: the stored due
            // disagrees with the engine, e.g. a changed tz database; never move it backwards here).
            return nil
        }
        guard let newDue = RecurrenceEngine.occurrence(target, of: rule, anchor: anchor) else { return nil }
        var result = todo
        result.occurrenceCount = target
        result.due = newDue
        result.isCompleted = false
        result.completedAt = nil
        let (sum, overflow) = (todo.isCompleted ? 0 : todo.missedCount).addingReportingOverflow(missed)
        result.missedCount = overflow ? Int.max : sum
        return result
    }

    /// `todo`'s cycle state at `now` derived from nothing but its rule, anchor and `completed` (the
    /// completion history: cycle index → when it was completed), by the rules above: the current
    /// cycle, its due, whether it is completed, and `missedCount`. Completions of cycles after the
    /// current one (made under a clock that was ahead) are ignored. A todo that does not repeat is
    /// returned unchanged.
    public static func derived(_ todo: Todo, completed: [Int: Date], at now: Date, userZone: TimeZone) -> Todo {
        if let rule = todo.repeatRule, let anchor = todo.anchor, rule.fromCompletion {
            // Repeating from completion: completing moves the anchor on, so the current cycle is always the
            // anchor's; it is never missed, only overdue (completed only when the series ended with it).
            var result = todo
            result.occurrenceCount = 0
            result.due = RecurrenceEngine.occurrence(0, of: rule, anchor: anchor) ?? anchor
            result.isCompleted = completed[0] != nil
            result.completedAt = completed[0]
            result.missedCount = 0
            return result
        }
        guard let rule = todo.repeatRule, let anchor = todo.anchor,
              let cycles = passedCycle(at: now, of: rule, anchor: anchor, userZone: userZone) else { return todo }
        let (passed, next) = cycles
        let begun = begunCycle(cycles, of: rule, anchor: anchor, at: now, userZone: userZone)
        let valid = completed.filter { $0.key >= 0 && $0.key <= (next ?? passed) }
        // The latest begun cycle while it is incomplete; else the next (shown completed when it was
        // completed early). A date-only cycle of today is both: begun, and next by deadline.
        let current = begun >= 0 && valid[begun] == nil ? begun : (next ?? passed)
        guard let due = RecurrenceEngine.occurrence(current, of: rule, anchor: anchor) else { return todo }
        let latestDone = valid.keys.max() ?? -1
        var result = todo
        result.occurrenceCount = current
        result.due = due
        result.isCompleted = valid[current] != nil
        result.completedAt = valid[current]
        result.missedCount = max(0, begun - 1 - latestDone)
        return result
    }

    /// The completion history of a repeating todo as `derived` reads it: cycle index → completion
    /// instant, for completions not undone, made at or before `now`, whose recorded cycle due is
    /// that cycle's due under the todo's *current* rule and anchor (rows left from before an edit
    /// restarted the series name other dues and are not counted). Call inside a transaction.
    ///
    /// For a rule with a target (`RepeatRule.goal`) a cycle counts as completed once its check-ins fall on that many
    /// distinct local days, at the instant of the check-in that reached it; `checkIns(of:at:)` has them all.
    func completedCycles(of todo: Todo, at now: Date) throws -> [Int: Date] {
        let all = try checkIns(of: todo, at: now)
        guard let goal = todo.repeatRule?.goal else { return all.compactMapValues(\.last) }
        return all.compactMapValues { instants in
            var days = Set<LocalDate>()
            for at in instants {
                days.insert(ZonedClock.wallClock(of: at, in: clock.timeZone).date)
                if days.count >= goal { return at }
            }
            return nil
        }
    }

    /// Every check-in (completion not undone, made at or before `now`) of repeating `todo` whose recorded cycle due is
    /// that cycle's due under its current rule and anchor: cycle index → instants, oldest first. A habit with a target
    /// has several per cycle; any other at most one that counts. Call inside a transaction.
    func checkIns(of todo: Todo, at now: Date) throws -> [Int: [Date]] {
        guard let rule = todo.repeatRule, let anchor = todo.anchor else { return [:] }
        var result: [Int: [Date]] = [:]
        for row in try database.cachedStatement("""
            SELECT cycle_index, cycle_due, completed_at FROM completions
            WHERE todo_id = ? AND undone_at IS NULL AND completed_at <= ? ORDER BY completed_at, id
            """).rows([.text(todo.id), .double(now.timeIntervalSince1970)]) {
            guard let i = row.int(0), let at = row.double(2), let due = RecurrenceEngine.occurrence(i, of: rule, anchor: anchor),
                  case .text(let recorded) = Store.encodeDue(due).0, row.text(1) == recorded else { continue }
            result[i, default: []].append(Date(timeIntervalSince1970: at))
        }
        return result
    }

    /// The progress of a habit with a target in its current cycle: check-ins on distinct days so far, and the target;
    /// nil for any other todo. Reads history: call inside a transaction.
    public func goalProgress(of todo: Todo) throws -> GoalProgress? {
        guard let goal = todo.repeatRule?.goal else { return nil }
        let instants = try checkIns(of: todo, at: clock.now)[todo.occurrenceCount] ?? []
        let days = Set(instants.map { ZonedClock.wallClock(of: $0, in: clock.timeZone).date })
        return GoalProgress(count: min(days.count, goal), goal: goal)
    }

    /// `goalProgress(of:)` of each habit with a target among `todos`, by todo id, in one read transaction.
    public func goalProgress(of todos: [Todo]) throws -> [String: GoalProgress] {
        let habits = todos.filter { $0.repeatRule?.goal != nil }
        guard !habits.isEmpty else { return [:] }
        return try read {
            var result: [String: GoalProgress] = [:]
            for t in habits { result[t.id] = try goalProgress(of: t) }
            return result
        }
    }
}

extension RecurrenceEngine {
    /// The next due of a rule that repeats from completion (`RepeatRule.fromCompletion`, docs/cycles.md "Repeat from
    /// completion"), completed at `now`: a date-only `due` gives the completion's date in `userZone` plus one interval
    /// (date-only); a timed one the completion's wall-clock time in the due's zone, to the minute, plus one interval.
    /// Months and years clamp to the month's end as `--repeat monthly` does. Nil when the rule's `until` ends the
    /// series before it (or past year 9999).
    public static func nextAfterCompletion(of rule: RepeatRule, due: Due, at now: Date, userZone: TimeZone) -> Due? {
        var step = RepeatRule(frequency: rule.frequency, interval: rule.interval)
        let next: Due
        switch due {
        case .date:
            let today = ZonedClock.wallClock(of: now, in: userZone).date
            if step.frequency == .weekly { step.weekdays = [today.weekday] }
            guard let d = occurrenceDate(1, of: step, anchorDate: today) else { return nil }
            next = .date(d)
        case .dateTime(_, let zoneID):
            var wc = ZonedClock.wallClock(of: now, in: TimeZone(identifier: zoneID) ?? userZone)
            wc.second = 0
            if step.frequency == .weekly { step.weekdays = [wc.date.weekday] }
            guard let d = occurrenceDate(1, of: step, anchorDate: wc.date) else { return nil }
            wc.date = d
            next = .dateTime(wc, zoneID: zoneID)
        }
        var bounded = RepeatRule(frequency: rule.frequency, interval: rule.interval, end: rule.end)
        if bounded.frequency == .weekly { bounded.weekdays = [next.localDate.weekday] }
        return occurrence(0, of: bounded, anchor: next) == nil ? nil : next
    }
}

extension Store {

    /// `Store.derived` for `todo` with its history from the store. Call inside a transaction.
    func derivedInTransaction(_ todo: Todo, at now: Date) throws -> Todo {
        Store.derived(todo, completed: try completedCycles(of: todo, at: now), at: now, userZone: clock.timeZone)
    }
}
