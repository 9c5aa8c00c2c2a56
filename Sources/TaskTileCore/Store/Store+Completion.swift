import Foundation

/// Where a completion came from; recorded in the completion history.
public enum CompletionSource: String, Sendable, CaseIterable {
    case cli, intent, widget, notification
    /// Completed on another device and brought in by `tasktile sync` (docs/sync.md).
    case sync
}

/// The outcome of completing a todo.
public struct CompletionResult: Sendable {
    /// The todo after completion.
    public var todo: Todo
    public var listTitle: String
    public var source: CompletionSource
    /// When it was completed (UTC).
    public var completedAt: Date
}

extension Store {
    /// Seconds a flash record stays interesting to widgets (docs/widgets.md "Flash": the flash frame within 5 s).
    public static let flashWindow: TimeInterval = 5

    /// **The** completion function (docs/completion.md): the intent command, a widget click, a
    /// notification action and `tasktile done` all complete a todo through here, by id.
    ///
    /// In one `BEGIN IMMEDIATE` transaction it re-reads the todo, refuses a completed one, completes
    /// the current cycle (`isCompleted`, `completedAt`, `missedCount` = 0), appends the completion to
    /// history and records a flash for every widget showing the list. `sortOrder` is unchanged.
    /// - Throws: `StoreError.todoNotFound` (deleted meanwhile), `.alreadyCompleted`, `.busy`.
    @discardableResult
    public func complete(todoID: String, source: CompletionSource) throws -> CompletionResult {
        try write { try completeInTransaction(todoID: todoID, source: source) }
    }

    /// The body of `complete(todoID:source:)`; call only inside a write transaction.
    ///
    /// It first catches up this one todo (docs/cycles.md "Cycle semantics"), so a long-running process whose store was
    /// opened before a cycle boundary completes the cycle that is current *now*, never one that has
    /// already passed. Completing itself never advances the cycle.
    func completeInTransaction(todoID: String, source: CompletionSource) throws -> CompletionResult {
        try catchUpInTransaction(at: clock.now, only: todoID)
        guard var todo = try todo(id: todoID) else { throw StoreError.todoNotFound(todoID, list: nil) }
        let c = try candidate(todo)
        guard !todo.isCompleted else { throw StoreError.alreadyCompleted(c) }
        let now = clock.now
        todo.isCompleted = true
        todo.completedAt = now
        todo.missedCount = 0
        try database.run("UPDATE todos SET is_completed = 1, completed_at = ?, missed_count = 0 WHERE id = ?",
                         [.double(now.timeIntervalSince1970), .text(todo.id)])
        let (cycleDue, _, _) = Store.encodeDue(todo.due)
        try database.run("""
            INSERT INTO completions (todo_id, list_id, title, cycle_index, cycle_due, completed_at, source)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(todo.id), .text(todo.listId), .text(todo.title), .int(todo.occurrenceCount), cycleDue,
                  .double(now.timeIntervalSince1970), .text(source.rawValue)])
        try database.run("DELETE FROM flashes WHERE at < ?", [.double(now.timeIntervalSince1970 - 3600)])
        try database.run("INSERT INTO flashes (todo_id, list_id, at) VALUES (?, ?, ?)",
                         [.text(todo.id), .text(todo.listId), .double(now.timeIntervalSince1970)])
        return CompletionResult(todo: todo, listTitle: c.listTitle, source: source, completedAt: now)
    }

    /// Completes a todo named by reference (`tasktile done`): resolves, then the completion function.
    @discardableResult
    public func complete(_ reference: String, list listReference: String? = nil, source: CompletionSource) throws -> CompletionResult {
        try write {
            let todo = try resolveTodo(reference, list: listReference)
            return try completeInTransaction(todoID: todo.id, source: source)
        }
    }
}
