import Foundation

/// Per-record writes for restoring and merging a backup (docs/interchange.md "JSON backup"): each
/// adds a record, updates the one of the same identity, or leaves an identical one alone, and says
/// which. Call them inside one write transaction (`write`); the caller decides the order and where
/// new records go, and counts the outcomes.
extension Store {
    /// What an upsert did with one record.
    public enum UpsertOutcome: Sendable, Hashable {
        case added, updated, skipped
    }

    /// Whether the store holds no user data (no lists, todos, history, settings, routines or
    /// challenges; foreign UIDs belong to todos). Call inside a transaction.
    package func holdsNoData() throws -> Bool {
        for table in ["lists", "todos", "completions", "settings", "routine_lists", "challenges"] {
            if (try database.scalarInt("SELECT count(*) FROM \(table)") ?? 0) > 0 { return false }
        }
        return true
    }

    /// The sort order after the last list's.
    package func nextListSortOrder() throws -> Int {
        (try database.scalarInt("SELECT max(sort_order) FROM lists") ?? -1) + 1
    }

    /// The sort order after the last todo's of list `listID`.
    package func nextTodoSortOrder(inList listID: String) throws -> Int {
        (try database.cachedStatement("SELECT max(sort_order) FROM todos WHERE list_id = ?")
            .rows([.text(listID)]).first?.int(0) ?? -1) + 1
    }

    /// Adds `list` as it is (id, sort order, creation time), or renames `existing` (the store's list
    /// of the same id) when the titles differ.
    package func upsertList(_ list: TodoList, existing: TodoList?) throws -> UpsertOutcome {
        if let existing {
            if existing.title == list.title { return .skipped }
            try database.run("UPDATE lists SET title = ? WHERE id = ?", [.text(list.title), .text(list.id)])
            try setSearchKey(listID: list.id, title: list.title)
            return .updated
        }
        try database.cachedStatement("INSERT INTO lists (id, title, sort_order, created_at) VALUES (?, ?, ?, ?)")
            .run([.text(list.id), .text(list.title), .int(list.sortOrder),
                  .double(list.createdAt.timeIntervalSince1970)])
        try setSearchKey(listID: list.id, title: list.title)
        return .added
    }

    /// Writes challenge `c` as it is, replacing `existing` (the store's of the same id) unless equal.
    package func upsertChallenge(_ c: Challenge, existing: Challenge?) throws -> UpsertOutcome {
        if existing == c { return .skipped }
        try database.run("""
            INSERT OR REPLACE INTO challenges (id, list_id, title, start_date, days, remind, routine, habits,
                                               created_at, ended_at, archived_at, checked_in, best_streak)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(c.id), .text(c.listId), .text(c.title), .text(c.startDate.description), .int(c.days),
                  .optionalText(c.remind), .optionalText(c.routine),
                  .text(JSONValue.array(c.habits.map(JSONValue.string)).serialized(pretty: false)),
                  .double(c.createdAt.timeIntervalSince1970), .optionalDouble(c.endedAt?.timeIntervalSince1970),
                  .optionalDouble(c.archivedAt?.timeIntervalSince1970), c.archivedCheckIns.map(SQLValue.int) ?? .null,
                  c.archivedBestStreak.map(SQLValue.int) ?? .null])
        return existing == nil ? .added : .updated
    }

    /// Adds todo `incoming` with its foreign UID, or updates the store's todo of the same id.
    /// - Parameters:
    ///   - merging: false into an empty store, where no todo can match and `incoming` keeps its
    ///     sort order; true otherwise.
    ///   - endOfList: the next free sort order of a list, for a todo that is new to it while merging.
    /// An updated todo keeps its creation time and, in the same list, its place; a foreign UID
    /// replaces the store's, and none keeps it.
    package func upsertTodo(_ incoming: Todo, foreignUID: String?, merging: Bool,
                            endOfList: (String) throws -> Int) throws -> UpsertOutcome {
        var todo = incoming
        if merging, let existing = try self.todo(id: todo.id) {
            todo.createdAt = existing.createdAt
            todo.sortOrder = existing.listId == todo.listId ? existing.sortOrder : try endOfList(todo.listId)
            let uidChanged = try foreignUID.map {
                try database.cachedStatement("SELECT uid FROM todo_uids WHERE todo_id = ?")
                    .rows([.text(todo.id)]).first?.text(0) != $0
            } ?? false
            if todo == existing && !uidChanged { return .skipped }
            if todo != existing { try update(todo) }
            if uidChanged, let foreignUID { try setForeignUID(foreignUID, of: todo.id) }
            return .updated
        }
        if merging { todo.sortOrder = try endOfList(todo.listId) }
        try insert(todo)
        if let foreignUID { try setForeignUID(foreignUID, of: todo.id) }
        return .added
    }

    /// Adds check-in `c`, or, for the same check-in (todo, cycle and instant) while `merging`,
    /// puts `c`'s note on it when it has a different one. Into an empty store (`merging` false) the
    /// row keeps its id.
    package func upsertCompletion(_ c: CompletionRecord, merging: Bool) throws -> UpsertOutcome {
        let key: [SQLValue] = [.text(c.todoId), .int(c.cycleIndex), .double(c.completedAt.timeIntervalSince1970)]
        if merging, let match = try database.cachedStatement("""
            SELECT id, note FROM completions WHERE todo_id = ? AND cycle_index = ? AND completed_at = ? LIMIT 1
            """).rows(key).first {
            guard let note = c.note, match.text("note") != note else { return .skipped }
            try database.run("""
                UPDATE completions SET note = ? WHERE todo_id = ? AND cycle_index = ? AND completed_at = ?
                """, [.text(note)] + key)
            return .updated
        }
        try database.cachedStatement("""
            INSERT INTO completions (id, todo_id, list_id, title, cycle_index, cycle_due, completed_at, source,
                                     undone_at, note, cascade_of)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run([merging ? .null : .int(c.id), .text(c.todoId), .text(c.listId), .text(c.title),
                      .int(c.cycleIndex), .optionalText(c.cycleDue), .double(c.completedAt.timeIntervalSince1970),
                      .text(c.source), .optionalDouble(c.undoneAt?.timeIntervalSince1970), .optionalText(c.note),
                      .optionalText(c.cascadeOf)])
        return .added
    }

    /// Sets setting `key` to `value` as stored (no validation: a backup carries what a store held).
    package func upsertSetting(_ key: String, _ value: String) throws -> UpsertOutcome {
        let current = try database.scalarText("SELECT value FROM settings WHERE key = ?", [.text(key)])
        if current == value { return .skipped }
        try database.run("""
            INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value
            """, [.text(key), .text(value)])
        return current == nil ? .added : .updated
    }

    /// Writes routine record `r`, replacing `existing` (the store's for the same list) unless equal.
    package func upsertRoutine(_ r: RoutineRecord, existing: RoutineRecord?) throws -> UpsertOutcome {
        if existing == r { return .skipped }
        try database.run("""
            INSERT OR REPLACE INTO routine_lists (list_id, name, source, applied_at, todo_ids) VALUES (?, ?, ?, ?, ?)
            """, [.text(r.listId), .text(r.name), .text(r.source), .double(r.appliedAt.timeIntervalSince1970),
                  .text(r.todoIds.joined(separator: ","))])
        return existing == nil ? .added : .updated
    }

    /// Every routine record, by list id. Call inside a transaction.
    package func routineRecords() throws -> [RoutineRecord] {
        let sql = "SELECT list_id, name, source, applied_at, todo_ids FROM routine_lists ORDER BY list_id"
        return try database.rows(sql).map {
            RoutineRecord(listId: $0.text("list_id") ?? "", name: $0.text("name") ?? "",
                          source: $0.text("source") ?? "",
                          appliedAt: Date(timeIntervalSince1970: $0.double("applied_at") ?? 0),
                          todoIds: ($0.text("todo_ids") ?? "").split(separator: ",").map(String.init))
        }
    }

    /// Records `uid` as the foreign iCalendar UID of todo `todoID` (table `todo_uids`). Call inside
    /// a write transaction, after the todo exists (the row references it).
    package func setForeignUID(_ uid: String, of todoID: String) throws {
        try database.cachedStatement(
            "INSERT INTO todo_uids (todo_id, uid) VALUES (?, ?) ON CONFLICT(todo_id) DO UPDATE SET uid = excluded.uid"
        ).run([.text(todoID), .text(uid)])
    }
}
