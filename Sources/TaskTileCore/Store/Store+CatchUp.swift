import Foundation

/// Repeat catch-up (docs/cycles.md "Cycle semantics"): moving repeating todos whose current cycle has passed on to the
/// cycle that is current now, counting the cycles missed on the way.
///
/// Cycle semantics, in terms of `Todo.occurrenceCount` (the current cycle index k) and `Todo.due`
/// (always `RecurrenceEngine.occurrence(k, of: rule, anchor: anchor)`):
/// - completing completes cycle k and never advances (`completeInTransaction`);
/// - once cycle k's deadline (`Due.deadline(userZone:)`) is at or before now, the todo moves to
///   cycle j, the first whose deadline is after now (`RecurrenceEngine.firstOccurrenceIndex`), and
///   becomes pending. Every cycle left behind that was not completed counts as missed:
///   `missedCount += (j - k) - (cycle k was completed ? 1 : 0)`. Completing resets it to 0;
/// - when the series has ended (no cycle's deadline is after now), the todo moves to the *last*
///   cycle L instead and stays there: completed if L was completed (it stays completed for good),
///   otherwise pending and overdue, like a one-off todo whose due has passed. **Decision:** the
///   last cycle is never left behind, so it is not counted in `missedCount`; the overdue label says
///   it was missed. This makes an ended series a fixed point: catch-up never touches it again.
///
/// Every step is idempotent: running catch-up twice at the same instant changes nothing the second
/// time, and running it from two processes at once counts each miss once, because the write
/// re-reads the rows inside `BEGIN IMMEDIATE` and recomputes from what it finds there.
extension Store {
    /// Catches up every repeating todo whose current cycle has passed at `clock.now`.
    ///
    /// Runs on every `Store.open` (so in `tasktile`, `tasktile-render` and any other process);
    /// long-running processes call it again before reading (a widget tick, a notification pass).
    ///
    /// First a plain read transaction looks for a todo that needs to move; when there is none —
    /// the normal case for a status bar polling every second — nothing is written: no write lock,
    /// no WAL frame, no change to `PRAGMA data_version` in other connections. Otherwise one
    /// `BEGIN IMMEDIATE` transaction re-reads the candidates and moves them.
    /// - Returns: the number of todos moved to another cycle.
    /// - Throws: `StoreError.busy` when another process holds the write lock past the busy timeout.
    @discardableResult
    public func catchUpRepeats() throws -> Int {
        let now = clock.now
        let needed = try read { try cycleAdvances(at: now, only: nil) }
        guard !needed.isEmpty else { return 0 }
        return try write { try catchUpInTransaction(at: now, only: nil) }
    }

    /// The body of `catchUpRepeats()` (or, with `only`, of one todo's catch-up): re-reads the
    /// candidates and writes their new cycle. Call only inside a write transaction.
    /// - Returns: the number of todos moved.
    @discardableResult
    func catchUpInTransaction(at now: Date, only todoID: String?) throws -> Int {
        precondition(transaction == .write, "catch-up must run inside Store.write")
        let advances = try cycleAdvances(at: now, only: todoID)
        for todo in advances { try update(todo) }
        return advances.count
    }

    /// The todos (all, or the one with id `only`) that catch-up would change at `now`, already
    /// changed. Reads only; call inside a transaction.
    ///
    /// The SQL narrows the rows cheaply — timed dues by the stored UTC instant (`due_utc <= now`),
    /// date-only dues by their date text (`due_local < today` in the user's zone: a date-only due
    /// ends at the *end* of its day, so one dated today has not passed) — and `Store.caughtUp` then
    /// decides exactly. Keeping today's date-only dues out matters: on a large store they are
    /// thousands of rows that every process would otherwise re-check on every open.
    func cycleAdvances(at now: Date, only todoID: String?) throws -> [Todo] {
        let zone = clock.timeZone
        let today = ZonedClock.wallClock(of: now, in: zone).date
        // Two range searches (one per partial index of migration v3-due-indexes), not one OR over every row.
        let only = todoID == nil ? "" : " AND id = ?"
        let sql = """
            SELECT \(Store.todoColumns) FROM todos
            WHERE repeat_frequency IS NOT NULL AND due_zone IS NOT NULL AND due_utc <= ? AND anchor_local IS NOT NULL\(only)
            UNION ALL
            SELECT \(Store.todoColumns) FROM todos
            WHERE repeat_frequency IS NOT NULL AND due_zone IS NULL AND due_local < ? AND anchor_local IS NOT NULL\(only)
            """
        let idArgument: [SQLValue] = todoID.map { [.text($0)] } ?? []
        let arguments: [SQLValue] = [.double(now.timeIntervalSince1970)] + idArgument + [.text(today.description)] + idArgument
        // Cached: this runs on every open of the store, in every process.
        return try database.cachedStatement(sql).rows(arguments).map(Store.todo(from:)).compactMap {
            Store.caughtUp($0, at: now, userZone: zone)
        }
    }

    /// `todo` after catch-up at `now` (see the rules above), or nil when it stays as it is: it does
    /// not repeat, its current deadline is after `now`, or it is on the last cycle of its series.
    ///
    /// Pure; bounded: at most one `firstOccurrenceIndex` search (< 50 occurrence computations) and
    /// one `lastOccurrenceIndex` bisection (≤ 23), never a walk over the cycles one by one.
    /// - Parameter userZone: the zone in which a date-only due's day ends.
    public static func caughtUp(_ todo: Todo, at now: Date, userZone: TimeZone) -> Todo? {
        guard let rule = todo.repeatRule, let anchor = todo.anchor, let due = todo.due,
              due.deadline(userZone: userZone) <= now else { return nil }
        let k = todo.occurrenceCount
        // On the last cycle already: an ended series stays where it is.
        guard k >= 0, RecurrenceEngine.occurrence(k + 1, of: rule, anchor: anchor) != nil else { return nil }
        let target: Int
        if let j = RecurrenceEngine.firstOccurrenceIndex(after: now, of: rule, anchor: anchor, userZone: userZone) {
            target = j
        } else if let last = RecurrenceEngine.lastOccurrenceIndex(atOrAfter: k + 1, of: rule, anchor: anchor) {
            target = last // the series has ended; its last cycle has passed too
        } else {
            return nil
        }
        // target <= k would mean the stored due disagrees with the engine (e.g. a changed tz
        // database); leave such a row alone rather than move it backwards.
        guard target > k, let newDue = RecurrenceEngine.occurrence(target, of: rule, anchor: anchor) else { return nil }
        let missed = (target - k) - (todo.isCompleted ? 1 : 0)
        var result = todo
        result.occurrenceCount = target
        result.due = newDue
        result.isCompleted = false
        result.completedAt = nil
        let (sum, overflow) = todo.missedCount.addingReportingOverflow(missed)
        result.missedCount = overflow ? Int.max : sum
        return result
    }
}
