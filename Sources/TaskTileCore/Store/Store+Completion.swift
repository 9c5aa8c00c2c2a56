import Foundation

/// Where a completion came from; recorded in the completion history.
public enum CompletionSource: String, Sendable, CaseIterable {
    case cli, intent, widget, notification
    /// Completed on another device and brought in by `tasktile sync` (docs/sync.md).
    case sync
    /// Completed in a file brought in by `tasktile import` (iCalendar, todo.txt, Taskwarrior): the
    /// history row of a repeating todo that arrived with its cycle completed.
    case imported = "import"
}

/// The outcome of completing a todo.
public struct CompletionResult: Sendable {
    /// The todo as of the cycle that was completed: `isCompleted`, `completedAt` and that cycle's
    /// `due` and `occurrenceCount`.
    public var todo: Todo
    public var listTitle: String
    public var source: CompletionSource
    /// When it was completed (UTC).
    public var completedAt: Date
    /// The todo as stored afterwards: the same as `todo`, except after a late completion of a
    /// repeating todo (the cycle was overdue), which leaves it pending on its next cycle
    /// (docs/cycles.md "Cycle semantics"), and after completing a past cycle (`cycle:`), which
    /// leaves the current cycle as it was.
    public var stored: Todo
}

extension Store {
    /// Seconds a flash record stays interesting to widgets (docs/widgets.md "Flash": the flash frame within 5 s).
    public static let flashWindow: TimeInterval = 5

    /// **The** completion function (docs/completion.md): the intent command, a widget click, a
    /// notification action and `tasktile done` all complete a todo through here, by id.
    ///
    /// In one `BEGIN IMMEDIATE` transaction it re-reads the todo, refuses a completed cycle,
    /// completes the cycle that is due (or `cycle`, a past cycle of a repeating todo: `done --on`,
    /// a notification for a cycle that has passed), appends the completion to history with `note`
    /// and records a flash for every widget showing the list. `sortOrder` is unchanged.
    /// - Parameter cycle: a cycle index of a repeating todo, at most the current one; nil: the
    ///   current cycle (the one that is due, docs/cycles.md "Cycle semantics").
    /// - Throws: `StoreError.todoNotFound` (deleted meanwhile), `.alreadyCompleted`,
    ///   `.invalidCycle` (a cycle after the current one), `.invalidNotes`, `.busy`.
    @discardableResult
    public func complete(todoID: String, cycle: Int? = nil, note: String? = nil, source: CompletionSource) throws -> CompletionResult {
        let cleanNote = try note.map(TextRules.notes)
        return try write { try completeInTransaction(todoID: todoID, cycle: cycle, note: cleanNote, source: source) }
    }

    /// The body of `complete(todoID:cycle:note:source:)`; call only inside a write transaction.
    ///
    /// It first catches up this one todo (docs/cycles.md "Cycle semantics"), so a long-running
    /// process whose store was opened before a cycle boundary completes the cycle that is due
    /// *now*. Completing an overdue cycle (a late completion: at or after its due, before the next
    /// cycle's) completes that cycle and then leaves the todo pending on the next one; completing
    /// before the due leaves it completed until the due passes.
    ///
    /// Completing a todo completes its open subtasks with it, each with its own history row at the
    /// same instant (docs/organize.md "Subtasks"; `cascade` false for those), before a repeating
    /// parent's cycle moves on and reopens them for the next cycle.
    func completeInTransaction(todoID: String, cycle: Int? = nil, note: String? = nil, source: CompletionSource,
                               cascade: Bool = true) throws -> CompletionResult {
        let now = clock.now
        try catchUpInTransaction(at: now, only: todoID)
        guard var todo = try todo(id: todoID) else { throw StoreError.todoNotFound(todoID, list: nil) }
        let c = try candidate(todo)
        // Completing withdraws the snooze of that cycle (docs/notifications.md "Snooze"); a refusal below
        // rolls it back with the transaction.
        try clearSnoozeOnCompletion(todoID: todo.id,
                                    cycle: todo.repeatRule == nil ? nil : cycle ?? todo.occurrenceCount)
        if let cycle, todo.repeatRule != nil, cycle != todo.occurrenceCount {
            return try completePastCycle(todo, cycle: cycle, note: note, source: source, candidate: c)
        }
        guard !todo.isCompleted else { throw StoreError.alreadyCompleted(c) }
        if cascade { try completeOpenSubtasks(of: todo.id, note: note, source: source) }
        if todo.repeatRule?.goal != nil { return try checkIn(todo, note: note, source: source, candidate: c) }
        if todo.repeatRule?.fromCompletion == true { return try completeFromCompletion(todo, note: note, source: source, candidate: c) }
        todo.isCompleted = true
        todo.completedAt = now
        todo.missedCount = 0
        try recordCompletion(of: todo, cycle: todo.occurrenceCount, due: todo.due, note: note, source: source)
        let stored = Store.caughtUp(todo, at: now, userZone: clock.timeZone) ?? todo
        try updateCycle(stored)
        if todo.repeatRule != nil { try setCycleClock(now) }
        try recordFlash(of: todo, at: now)
        return CompletionResult(todo: todo, listTitle: c.listTitle, source: source, completedAt: now, stored: stored)
    }

    /// One check-in of a habit with a target per period (docs/cycles.md "Habits with a target"): a history row for
    /// its current cycle, refused when today already has one; the cycle is completed once it has `goal` check-ins on
    /// distinct days (the cycle columns re-derived from history), and shows completed until its period ends.
    private func checkIn(_ todo: Todo, note: String?, source: CompletionSource, candidate c: TodoCandidate) throws -> CompletionResult {
        let now = clock.now
        let today = clock.today
        let earlier = try checkIns(of: todo, at: now)[todo.occurrenceCount] ?? []
        if earlier.contains(where: { ZonedClock.wallClock(of: $0, in: clock.timeZone).date == today }) {
            throw StoreError.alreadyCheckedIn(Phrase(key: .goalErrorSameDay, todo.title, c.listTitle, today.description))
        }
        try recordCompletion(of: todo, cycle: todo.occurrenceCount, due: todo.due, note: note, source: source)
        let stored = try derivedInTransaction(todo, at: now)
        try updateCycle(stored)
        try setCycleClock(now)
        try recordFlash(of: todo, at: now)
        return CompletionResult(todo: stored, listTitle: c.listTitle, source: source, completedAt: now, stored: stored)
    }

    /// Records the flash a widget shows for a todo just completed at `now` (docs/widgets.md
    /// "Flash"), dropping the flash records older than an hour. Call inside the completion's write.
    private func recordFlash(of todo: Todo, at now: Date) throws {
        try database.run("DELETE FROM flashes WHERE at < ?", [.double(now.timeIntervalSince1970 - 3600)])
        try database.run("INSERT INTO flashes (todo_id, list_id, at) VALUES (?, ?, ?)",
                         [.text(todo.id), .text(todo.listId), .double(now.timeIntervalSince1970)])
    }

    /// Completes a todo that repeats from completion (docs/cycles.md "Repeat from completion"): a history row for its
    /// current due, then the series moves on to the due one interval after now (`RecurrenceEngine.nextAfterCompletion`)
    /// — the anchor becomes that due, so nothing is ever missed. When the rule's `until` ends the series first, the
    /// todo stays completed for good.
    private func completeFromCompletion(_ todo: Todo, note: String?, source: CompletionSource,
                                        candidate c: TodoCandidate) throws -> CompletionResult {
        guard let rule = todo.repeatRule, let due = todo.due else { throw StoreError.alreadyCompleted(c) }
        let now = clock.now
        var completed = todo
        completed.isCompleted = true
        completed.completedAt = now
        completed.missedCount = 0
        completed.occurrenceCount = 0
        try recordCompletion(of: todo, cycle: 0, due: due, note: note, source: source)
        var stored = completed
        if let next = RecurrenceEngine.nextAfterCompletion(of: rule, due: due, at: now, userZone: clock.timeZone) {
            stored.anchor = next
            stored.due = next
            stored.isCompleted = false
            stored.completedAt = nil
            if rule.frequency == .weekly, var r = stored.repeatRule {
                r.weekdays = [next.localDate.weekday]
                stored.repeatRule = r
            }
        }
        try update(stored)
        try setCycleClock(now)
        try recordFlash(of: todo, at: now)
        return CompletionResult(todo: completed, listTitle: c.listTitle, source: source, completedAt: now, stored: stored)
    }

    /// Completes cycle `cycle` (another than the current one, dated today at the latest) of the
    /// caught-up repeating `todo`: a history row for that cycle, then the cycle columns re-derived
    /// from history (`missedCount` lowered when the cycle was among the misses; the current cycle
    /// is not touched).
    private func completePastCycle(_ todo: Todo, cycle: Int, note: String?, source: CompletionSource,
                                   candidate c: TodoCandidate) throws -> CompletionResult {
        guard let rule = todo.repeatRule, let anchor = todo.anchor else { throw StoreError.alreadyCompleted(c) }
        // Up to the current cycle, or today's when the current one is still yesterday's (overdue).
        let latest = max(clock.today, todo.due?.localDate ?? clock.today)
        guard cycle >= 0, let due = RecurrenceEngine.occurrence(cycle, of: rule, anchor: anchor), due.localDate <= latest else {
            let dueText = RecurrenceEngine.occurrence(cycle, of: rule, anchor: anchor)?.localDate.description ?? String(cycle)
            throw StoreError.invalidCycle(Phrase(key: .errorCycleFuture, dueText, todo.title, latest.description))
        }
        let now = clock.now
        guard try completedCycles(of: todo, at: now)[cycle] == nil else { throw StoreError.alreadyCompleted(c) }
        try recordCompletion(of: todo, cycle: cycle, due: due, note: note, source: source)
        let stored = try derivedInTransaction(todo, at: now)
        try updateCycle(stored)
        try setCycleClock(now)
        var completedCycle = todo
        completedCycle.occurrenceCount = cycle
        completedCycle.due = due
        completedCycle.isCompleted = true
        completedCycle.completedAt = now
        completedCycle.missedCount = stored.missedCount
        return CompletionResult(todo: completedCycle, listTitle: c.listTitle, source: source, completedAt: now, stored: stored)
    }

    /// Gives a repeating todo that arrives with its current cycle completed (an import from
    /// iCalendar, todo.txt or Taskwarrior; a synced item) the history row that state is derived
    /// from. The cycle columns are a cache of the history (Store+CatchUp.swift): without the row,
    /// the next catch-up (the cycle's due passing, a clock set back) would bring the cycle back as
    /// overdue. One row for cycle `todo.occurrenceCount`, dated `todo.completedAt` but never after
    /// now (history after now is ignored), unless history already holds that cycle. A todo that
    /// does not repeat or is not completed is left alone. Call only inside a write transaction.
    package func recordArrivedCompletion(of todo: Todo, source: CompletionSource) throws {
        guard todo.repeatRule != nil, todo.isCompleted, let due = todo.due else { return }
        let now = clock.now
        guard try completedCycles(of: todo, at: now)[todo.occurrenceCount] == nil else { return }
        try recordCompletion(of: todo, cycle: todo.occurrenceCount, due: due, note: nil, source: source,
                             at: min(todo.completedAt ?? now, now))
    }

    /// Gives a repeating todo that arrives with check-ins of its cycles (an import of Taskwarrior's completed and
    /// deleted occurrences) their history rows — one per cycle that exists and has none yet, dated `completedAt` but
    /// never after now (history after now is ignored), with its note — then re-derives the cycle columns from the
    /// history (docs/cycles.md "Cycle semantics"), as `done --on` does for a past cycle. A todo that does not repeat,
    /// or an empty `checkIns`, is left alone. Call only inside a write transaction, after the todo's row is written.
    /// - Returns: the number of rows added.
    @discardableResult
    package func recordCheckIns(of todo: Todo, _ checkIns: [(cycle: Int, completedAt: Date, note: String?)],
                                source: CompletionSource) throws -> Int {
        guard let rule = todo.repeatRule, let anchor = todo.anchor, !checkIns.isEmpty else { return 0 }
        let now = clock.now
        var recorded = try completedCycles(of: todo, at: now)
        var added = 0
        for c in checkIns where recorded[c.cycle] == nil {
            guard let due = RecurrenceEngine.occurrence(c.cycle, of: rule, anchor: anchor) else { continue }
            let at = min(c.completedAt, now)
            try recordCompletion(of: todo, cycle: c.cycle, due: due, note: c.note, source: source, at: at)
            recorded[c.cycle] = at
            added += 1
        }
        let stored = try derivedInTransaction(todo, at: now)
        if stored != todo { try updateCycle(stored) }
        if added > 0 { try setCycleClock(now) }
        return added
    }

    /// Appends one completion-history row (cycle `cycle` of `todo`, whose due is `due`), made at
    /// `at` (default: now).
    private func recordCompletion(of todo: Todo, cycle: Int, due: Due?, note: String?, source: CompletionSource,
                                  at: Date? = nil) throws {
        let (cycleDue, _, _) = Store.encodeDue(due)
        try database.run("""
            INSERT INTO completions (todo_id, list_id, title, cycle_index, cycle_due, completed_at, source, note)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(todo.id), .text(todo.listId), .text(todo.title), .int(cycle), cycleDue,
                  .double((at ?? clock.now).timeIntervalSince1970), .text(source.rawValue), note.map(SQLValue.text) ?? .null])
    }

    /// Completes a todo named by reference (`tasktile done`): resolves, then the completion function.
    /// - Parameter date: `done --on DATE`: the cycle of a repeating todo due on that local date
    ///   (`cycleIndex(of:on:)`); nil: the cycle that is due.
    /// - Throws: reference errors, `StoreError.invalidCycle` (see `cycleIndex(of:on:)`),
    ///   `.alreadyCompleted`, `.invalidNotes`, `.busy`.
    @discardableResult
    public func complete(_ reference: String, list listReference: String? = nil, on date: LocalDate? = nil, note: String? = nil,
                         source: CompletionSource) throws -> CompletionResult {
        let cleanNote = try note.map(TextRules.notes)
        return try write {
            let todo = try resolveTodo(reference, list: listReference)
            var cycle: Int?
            if let date {
                // A habit with a target checks in on the day it is made: `--on` today (a grid click) is a plain
                // check-in, any other day is refused.
                if todo.repeatRule?.goal != nil {
                    guard date == clock.today else { throw StoreError.invalidCycle(Phrase(key: .goalErrorOnDate, todo.title)) }
                } else {
                    try catchUpInTransaction(at: clock.now, only: todo.id)
                    cycle = try cycleIndex(of: try self.todo(id: todo.id) ?? todo, on: date)
                }
            }
            return try completeInTransaction(todoID: todo.id, cycle: cycle, note: cleanNote, source: source)
        }
    }

    /// Whether the cycle of todo `todoID` due on `date` has a check-in (a completion not undone):
    /// what a grid cell shows, and what a click on it toggles.
    /// - Throws: `StoreError.todoNotFound`, `.invalidCycle` (see `cycleIndex(of:on:)`).
    public func isCheckedIn(todoID: String, on date: LocalDate) throws -> Bool {
        try read {
            guard let todo = try todo(id: todoID) else { throw StoreError.todoNotFound(todoID, list: nil) }
            let current = Store.caughtUp(todo, at: clock.now, userZone: clock.timeZone) ?? todo
            if todo.repeatRule?.goal != nil {
                // A habit with a target: whether that day has a check-in of its own. The period that holds it, not
                // `cycleIndex(of:on:)`: the first period's due is its last day, and its earlier days count too.
                guard let rule = current.repeatRule, let anchor = current.anchor,
                      let k = RecurrenceEngine.occurrenceIndex(on: date, of: rule, anchor: anchor) else { return false }
                return (try checkIns(of: todo, at: clock.now)[k] ?? []).contains { ZonedClock.wallClock(of: $0, in: clock.timeZone).date == date }
            }
            return try completedCycles(of: todo, at: clock.now)[try cycleIndex(of: current, on: date)] != nil
        }
    }

    /// The index of the cycle of repeating `todo` (caught up) that is due on local `date` (the due's
    /// own calendar date: in its zone for a timed due), for `done --on` and `undo --on`.
    /// - Throws: `StoreError.invalidCycle` naming what is wrong: the todo does not repeat, `date`
    ///   is before its first cycle, is not a day the rule repeats on, or is after both its current
    ///   cycle and today.
    public func cycleIndex(of todo: Todo, on date: LocalDate) throws -> Int {
        guard let rule = todo.repeatRule, let anchor = todo.anchor, let current = todo.due else {
            throw StoreError.invalidCycle(Phrase(key: .errorCycleNotRepeating, todo.title))
        }
        if date < anchor.localDate {
            throw StoreError.invalidCycle(Phrase(key: .errorCycleBeforeFirst, date.description, todo.title, anchor.localDate.description))
        }
        // Today's cycle counts as not future even while yesterday's is still the one due (overdue).
        let latest = max(current.localDate, clock.today)
        if date > latest {
            throw StoreError.invalidCycle(Phrase(key: .errorCycleFuture, date.description, todo.title, latest.description))
        }
        if let i = RecurrenceEngine.occurrenceIndex(on: date, of: rule, anchor: anchor) { return i }
        // Name the cycles on either side, so the message says what is accepted.
        let after = RecurrenceEngine.occurrenceIndex(onOrAfter: date, of: rule, anchor: anchor)
        let before = after.map { $0 - 1 } ?? RecurrenceEngine.lastOccurrenceIndex(atOrAfter: 0, of: rule, anchor: anchor) ?? 0
        let beforeDate = RecurrenceEngine.occurrence(before, of: rule, anchor: anchor)?.localDate.description ?? "?"
        guard let after, let afterDue = RecurrenceEngine.occurrence(after, of: rule, anchor: anchor) else {
            throw StoreError.invalidCycle(Phrase(key: .errorCycleNotACycleEnded, date.description, todo.title, beforeDate))
        }
        throw StoreError.invalidCycle(Phrase(key: .errorCycleNotACycle, date.description, todo.title, beforeDate,
                                             afterDue.localDate.description))
    }
}
