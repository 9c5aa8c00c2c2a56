import Foundation

/// What `Store.deleteTodo` deleted: the todo (as a candidate, for messages) and every row, the todo
/// first and then its subtasks, for `Store.restore(_:)`. The same rows are in the store's trash under
/// `deletionID` (docs/store.md "Deleted todos"), so `tasktile undo` can restore them in a later process.
public struct DeletedTodos: Sendable {
    /// The trash entry's id (a UUID string, lowercase).
    public var deletionID: String
    /// The deleted todo with its list, for "Deleted "Milk" from Shopping".
    public var candidate: TodoCandidate
    /// The todo, then its subtasks (any depth), as they were stored.
    public var todos: [Todo]
    /// When it was deleted (UTC).
    public var deletedAt: Date
}

/// Deleting todos and putting them back (docs/store.md "Deleted todos"): `deleteTodo` moves a todo and
/// its subtasks into the trash table `deleted_todos` (migration v16) in the transaction that deletes
/// them, `restore` puts them back with the same ids, fields, order and parents. The edit popup's undo
/// and `tasktile undo` after `tasktile rm` are both `restore`.
extension Store {
    /// How long a deletion stays restorable: 30 days (in seconds), as the trash of Todoist and
    /// Tasks.org keeps it; older entries are pruned on the next delete.
    public static let trashRetention: TimeInterval = 30 * 86_400

    /// Deletes a todo and its subtasks (docs/organize.md "Subtasks"), like `removeTodo`.
    @discardableResult
    public func removeTodo(_ reference: String, list listReference: String? = nil) throws -> TodoCandidate {
        try deleteTodo(reference, list: listReference).candidate
    }

    /// Deletes a todo and its subtasks in one transaction and keeps every row in the trash, so
    /// `restore(_:)` (now or from a later process, through `deletedTodos(matching:list:)`) can put
    /// them back. Completion history is kept, so a restored todo keeps its streak; flashes and snoozes
    /// of the deleted todos are dropped. Trash entries older than `trashRetention` are pruned.
    /// - Returns: every deleted row, the todo first.
    /// - Throws: `StoreError.todoNotFound` / `.ambiguousTodo` for `reference`; nothing is deleted then.
    @discardableResult
    public func deleteTodo(_ reference: String, list listReference: String? = nil) throws -> DeletedTodos {
        try write {
            let now = clock.now
            let todo = try resolveTodo(reference, list: listReference)
            let c = try candidate(todo)
            let rows = [todo] + (try descendants(of: todo.id))
            let deletion = UUID().uuidString.lowercased()
            try database.run("DELETE FROM deleted_todos WHERE deleted_at < ?",
                             [.double(now.timeIntervalSince1970 - Store.trashRetention)])
            let keep = try database.cachedStatement("""
                INSERT INTO deleted_todos (deletion_id, deleted_at, position, \(Store.todoColumns))
                SELECT ?, ?, ?, \(Store.todoColumns) FROM todos WHERE id = ?
                """)
            for (position, t) in rows.enumerated() {
                try keep.run([.text(deletion), .double(now.timeIntervalSince1970), .int(position), .text(t.id)])
            }
            for t in rows.reversed() {
                try database.run("DELETE FROM flashes WHERE todo_id = ?", [.text(t.id)])
                try database.run("DELETE FROM todos WHERE id = ?", [.text(t.id)])
            }
            return DeletedTodos(deletionID: deletion, candidate: c, todos: rows, deletedAt: now)
        }
    }

    /// The latest deletion in the trash whose deleted todo `reference` names: its title (the match
    /// key, as `resolveTodo` compares titles) or an id prefix of at least 4 hex digits, within the
    /// list `listReference` names when given. The most recent deletion wins when several match
    /// (each `undo` brings the next one back). Nil when none matches.
    /// - Throws: `StoreError.listNotFound` / `.ambiguousList` for `listReference`.
    public func deletedTodos(matching reference: String, list listReference: String? = nil) throws -> DeletedTodos? {
        try read { () -> DeletedTodos? in
            let key = TextRules.matchKey(reference)
            var conditions = ["(title = ?"]
            var arguments: [SQLValue] = [.text(key)]
            let prefix = key.lowercased()
            if prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                conditions[0] += " OR (id >= ? AND id < ?)"
                arguments += [.text(prefix), .text(prefix + "g")]
            }
            conditions[0] += ")"
            if let listReference {
                conditions.append("list_id = ?")
                arguments.append(.text(try resolveList(listReference).id))
            }
            guard let deletion = try database.scalarText("""
                SELECT deletion_id FROM deleted_todos WHERE position = 0 AND \(conditions.joined(separator: " AND "))
                ORDER BY deleted_at DESC, rowid DESC LIMIT 1
                """, arguments) else { return nil }
            let rows = try database.rows("""
                SELECT deleted_at, \(Store.todoColumns) FROM deleted_todos WHERE deletion_id = ? ORDER BY position
                """, [.text(deletion)])
            let todos = rows.map(Store.todo(from:))
            guard let first = todos.first else { return nil }
            return DeletedTodos(deletionID: deletion, candidate: try candidate(first), todos: todos,
                                deletedAt: Date(timeIntervalSince1970: rows[0].double("deleted_at") ?? 0))
        }
    }

    /// Puts back what `deleteTodo` deleted: every todo with its id, fields, order and parent links, in one
    /// transaction, and takes the deletion out of the trash. A todo whose parent was deleted since (and is
    /// not among these rows) comes back without a parent.
    /// - Returns: the deleted todo as restored.
    /// - Throws: `StoreError.listNotFound` when the todos' list is gone since; `.todoExists` when a todo
    ///   of that id is in the store again (restored already). Nothing is written then.
    @discardableResult
    public func restore(_ deleted: DeletedTodos) throws -> Todo {
        try write {
            guard try allLists().contains(where: { $0.id == deleted.candidate.listId }) else {
                throw StoreError.listNotFound(deleted.candidate.listTitle)
            }
            for t in deleted.todos where try self.todo(id: t.id) != nil {
                throw StoreError.todoExists(try candidate(t))
            }
            // Parents first (`todos` is the deleted todo, then its descendants), so every parent link
            // names a row that exists.
            let ids = Set(deleted.todos.map(\.id))
            var pending = deleted.todos
            if var root = pending.first, let parent = root.parentId, try self.todo(id: parent) == nil {
                root.parentId = nil
                pending[0] = root
            }
            var inserted = Set<String>()
            while !pending.isEmpty {
                // A todo whose parent is in place (or not among the deleted rows: the first todo's own parent).
                let ready = pending.filter { t in
                    t.parentId.map { !ids.contains($0) || inserted.contains($0) } ?? true
                }
                guard !ready.isEmpty else { break }  // a loop of parents cannot be stored; none was deleted
                for t in ready {
                    try insert(t)
                    inserted.insert(t.id)
                }
                pending.removeAll { inserted.contains($0.id) }
            }
            try database.run("DELETE FROM deleted_todos WHERE deletion_id = ?", [.text(deleted.deletionID)])
            return try self.todo(id: deleted.todos[0].id) ?? deleted.todos[0]
        }
    }
}
