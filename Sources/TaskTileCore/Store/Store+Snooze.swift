import Foundation

extension Store {
    /// Snoozes a todo's reminder to `until` (docs/notifications.md "Snooze"): its notification for the current
    /// cycle fires then instead of at the due, which is unchanged. Replaces an earlier snooze of the todo. One
    /// `BEGIN IMMEDIATE` transaction; the snooze is in the store, so a restarted notifier still delivers it.
    /// - Parameter until: UTC instant, after the store clock's now.
    /// - Returns: the snooze recorded (`cycle`: the todo's current cycle for a repeating todo, else nil).
    /// - Throws: `StoreError.todoNotFound`; `.invalidSnooze` when the todo is completed, has no due, or `until` is
    ///   not in the future; `.busy`, `DatabaseError`.
    @discardableResult
    public func snooze(todoID: String, until: Date) throws -> Snooze {
        try write {
            guard let todo = try todo(id: todoID) else { throw StoreError.todoNotFound(todoID, list: nil) }
            return try snoozeInTransaction(todo, until: until)
        }
    }

    /// The same for a todo named as the CLI names one (an id prefix, or a title with `list`).
    /// - Returns: the snooze and the todo it is for.
    /// - Throws: as `snooze(todoID:until:)`, and `StoreError.ambiguousTodo`, `.listNotFound`.
    public func snooze(_ reference: String, list: String? = nil, until: Date) throws -> (Snooze, TodoCandidate) {
        try write {
            let todo = try resolveTodo(reference, list: list)
            return (try snoozeInTransaction(todo, until: until), try candidate(todo))
        }
    }

    private func snoozeInTransaction(_ todo: Todo, until: Date) throws -> Snooze {
        let now = clock.now
        let c = try candidate(todo)
        guard !todo.isCompleted else {
            throw StoreError.invalidSnooze(Phrase(key: .snoozeErrorCompleted, c.title, c.listTitle))
        }
        guard todo.due != nil else {
            throw StoreError.invalidSnooze(Phrase(key: .snoozeErrorNoDue, c.title, c.listTitle))
        }
        guard until > now else {
            throw StoreError.invalidSnooze(
                Phrase(
                    key: .snoozeErrorNotFuture, ZonedClock.iso8601(until, in: clock.timeZone),
                    ZonedClock.iso8601(now, in: clock.timeZone)))
        }
        let s = Snooze(
            todoId: todo.id, until: until, cycle: todo.repeatRule == nil ? nil : todo.occurrenceCount, createdAt: now)
        try database.run(
            """
            INSERT INTO snoozes (todo_id, until_utc, cycle_index, created_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (todo_id) DO UPDATE SET until_utc = excluded.until_utc, cycle_index = excluded.cycle_index,
                created_at = excluded.created_at
            """,
            [
                .text(s.todoId), .double(until.timeIntervalSince1970), .optionalInt(s.cycle),
                .double(now.timeIntervalSince1970),
            ])
        return s
    }

    /// Removes a todo's snooze (`tasktile snooze TODO --clear`): its reminder is back at the due. One `BEGIN
    /// IMMEDIATE` transaction.
    /// - Returns: whether there was one, and the todo.
    /// - Throws: `StoreError.todoNotFound`, `.ambiguousTodo`, `.listNotFound`, `.busy`, `DatabaseError`.
    public func clearSnooze(_ reference: String, list: String? = nil) throws -> (removed: Bool, todo: TodoCandidate) {
        try write {
            let todo = try resolveTodo(reference, list: list)
            let removed = try database.run("DELETE FROM snoozes WHERE todo_id = ?", [.text(todo.id)])
            return (removed > 0, try candidate(todo))
        }
    }

    /// The todo's snooze, whether or not it still applies (`Snooze.applies(to:)`); nil when there is none.
    public func snooze(of todoID: String) throws -> Snooze? {
        try read { try snoozes(todoID: todoID).first }
    }

    /// Every snooze (or the one of `todoID`); call inside a transaction.
    func snoozes(todoID: String? = nil) throws -> [Snooze] {
        let sql =
            "SELECT todo_id, until_utc, cycle_index, created_at FROM snoozes"
            + (todoID == nil ? "" : " WHERE todo_id = ?")
        return try database.rows(sql, todoID.map { [.text($0)] } ?? []).compactMap { row in
            guard let id = row.text(0), let until = row.double(1), let created = row.double(3) else { return nil }
            return Snooze(
                todoId: id, until: Date(timeIntervalSince1970: until), cycle: row.int(2),
                createdAt: Date(timeIntervalSince1970: created))
        }
    }

    /// Withdraws the snooze of the cycle being completed (nil: a one-off todo's); called by `completeInTransaction`,
    /// the one completion function, so the CLI, the intent, a widget click, a notification action and sync all do it.
    func clearSnoozeOnCompletion(todoID: String, cycle: Int?) throws {
        if let cycle {
            try database.run(
                "DELETE FROM snoozes WHERE todo_id = ? AND (cycle_index IS NULL OR cycle_index = ?)",
                [.text(todoID), .int(cycle)])
        } else {
            try database.run("DELETE FROM snoozes WHERE todo_id = ?", [.text(todoID)])
        }
    }
}
