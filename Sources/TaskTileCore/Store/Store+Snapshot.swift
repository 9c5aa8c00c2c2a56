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

    public init(list: TodoList, pending: [Todo], completed: [Todo], flashes: [String: Date] = [:]) {
        self.list = list; self.pending = pending; self.completed = completed; self.flashes = flashes
    }
}

extension Store {
    /// Lists with their todos, in list `sortOrder`: all lists, or the one `reference` names.
    /// One read transaction.
    /// - Throws: `StoreError.listNotFound`, `.ambiguousList`.
    public func contents(of reference: String? = nil) throws -> [ListContent] {
        try read {
            let lists = try reference.map { [try resolveList($0)] } ?? allLists()
            return try lists.map { try content(of: $0) }
        }
    }

    /// Content of one list; call inside a transaction.
    func content(of list: TodoList) throws -> ListContent {
        let todos = try todos(inList: list.id)
        let since = clock.now.timeIntervalSince1970 - Store.flashWindow
        var flashes: [String: Date] = [:]
        for row in try database.rows("SELECT todo_id, max(at) FROM flashes WHERE list_id = ? AND at >= ? GROUP BY todo_id",
                                     [.text(list.id), .double(since)]) {
            if let id = row.text(0), let at = row.double(1) { flashes[id] = Date(timeIntervalSince1970: at) }
        }
        return ListContent(list: list, pending: todos.filter { !$0.isCompleted },
                           completed: todos.filter(\.isCompleted), flashes: flashes)
    }

    /// What a widget shows: the list named by `reference` (title or id), or nil when no list has it
    /// (the widget then says so, never showing another list). One read transaction.
    /// - Throws: `StoreError.ambiguousList` is *not* thrown: with duplicate titles the first list in
    ///   `sortOrder` is shown.
    public func widgetContent(list reference: String) throws -> ListContent? {
        try read {
            let titled = try lists(titled: reference)
            if let first = titled.first { return try content(of: first) }
            if let byID = try? resolveList(reference) { return try content(of: byID) }
            return nil
        }
    }
}
