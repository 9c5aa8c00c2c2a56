import Foundation

/// One list with its todos, read in one snapshot: what `show`, widgets and status bars draw.
public struct ListContent: Sendable {
    public var list: TodoList
    /// Pending todos in `sortOrder`.
    public var pending: [Todo]
    /// Completed todos in `sortOrder`.
    public var completed: [Todo]
    /// Ids of todos completed within the flash window (docs/widgets.md "Flash") with their completion instants.
    public var flashes: [String: Date]
    /// Done/total direct subtasks of each todo here that has subtasks (`2/5`), by todo id.
    public var subtaskProgress: [String: SubtaskProgress] = [:]
    /// The id of the list a todo added from this content's widget goes to (the widget's "+",
    /// docs/widgets.md "Adding from a widget"): the list's own id; for a smart list, the first list its
    /// filter names (`^Work`, the first such list in `sortOrder`), nil when it names none or none exists
    /// (then the `defaultList` setting's list, created on first use).
    public var addListID: String?

    public init(list: TodoList, pending: [Todo], completed: [Todo], flashes: [String: Date] = [:]) {
        self.list = list; self.pending = pending; self.completed = completed; self.flashes = flashes
        addListID = list.id
    }
}

extension Store {
    /// Lists with their todos, in list `sortOrder`: all lists, or the one `reference` names.
    /// One read transaction.
    /// - Throws: `StoreError.listNotFound`, `.ambiguousList`.
    /// - Parameter includeUnstarted: also the todos whose start has not come (`show --all`).
    public func contents(of reference: String? = nil, includeUnstarted: Bool = false) throws -> [ListContent] {
        try read {
            guard let reference else { return try allLists().map { try content(of: $0, includeUnstarted: includeUnstarted) } }
            switch try resolveScope(reference) {
            case .list(let list): return [try content(of: list, includeUnstarted: includeUnstarted)]
            case .view(let view): return [try content(ofView: view)]
            }
        }
    }

    /// Content of one list; call inside a transaction.
    func content(of list: TodoList, includeUnstarted: Bool = false) throws -> ListContent {
        let todos = try todos(inList: list.id)
        let since = clock.now.timeIntervalSince1970 - Store.flashWindow
        var flashes: [String: Date] = [:]
        for row in try database.rows("SELECT todo_id, max(at) FROM flashes WHERE list_id = ? AND at >= ? GROUP BY todo_id",
                                     [.text(list.id), .double(since)]) {
            if let id = row.text(0), let at = row.double(1) { flashes[id] = Date(timeIntervalSince1970: at) }
        }
        // Todos whose start has not come are hidden (docs/organize.md "Start dates"), and not in a
        // parent's subtask count either (show --all shows and counts them).
        let now = clock.now, zone = clock.timeZone
        let shown = includeUnstarted ? todos : todos.filter { $0.isStarted(at: now, userZone: zone) }
        var progress: [String: SubtaskProgress] = [:]
        for t in shown {
            guard let p = t.parentId else { continue }
            progress[p, default: SubtaskProgress(done: 0, total: 0)].total += 1
            if t.isCompleted { progress[p]!.done += 1 }
        }
        var content = ListContent(list: list, pending: shown.filter { !$0.isCompleted },
                                  completed: shown.filter(\.isCompleted), flashes: flashes)
        content.subtaskProgress = progress
        return content
    }

    /// What a widget shows: the list named by `reference` (title or id), or nil when no list has it
    /// (the widget then says so, never showing another list). One read transaction.
    /// - Throws: `StoreError.ambiguousList` is *not* thrown: with duplicate titles the first list in
    ///   `sortOrder` is shown.
    public func widgetContent(list reference: String) throws -> ListContent? {
        try read {
            let titled = try lists(titled: reference)
            if let first = titled.first { return try content(of: first) }
            if case .view(let view)? = try? resolveScope(reference) { return try content(ofView: view) }
            if let byID = try? resolveList(reference) { return try content(of: byID) }
            return nil
        }
    }
}
