import Foundation

extension Store {
    /// Every list in `sortOrder` (ties: `createdAt`, `id`) with its pending and completed counts.
    public func listSummaries() throws -> [ListSummary] {
        try read {
            try database.rows("""
                SELECT l.id, l.title, l.sort_order, l.created_at,
                       (SELECT count(*) FROM todos t WHERE t.list_id = l.id AND t.is_completed = 0) AS pending_count,
                       (SELECT count(*) FROM todos t WHERE t.list_id = l.id AND t.is_completed = 1) AS completed_count
                FROM lists l ORDER BY l.sort_order, l.created_at, l.id
                """).map { ListSummary(list: Store.list(from: $0), pendingCount: $0.int("pending_count") ?? 0,
                                       completedCount: $0.int("completed_count") ?? 0) }
        }
    }

    /// Lists in order; call inside a transaction. Cached: `status` asks on every call.
    package func allLists() throws -> [TodoList] {
        try database.cachedStatement("SELECT \(Store.listColumns) FROM lists ORDER BY sort_order, created_at, id").rows()
            .map { Store.list(from: $0) }
    }

    /// Resolves a list reference: an exact title (after trimming and NFC), else a unique id prefix.
    /// Call inside a transaction.
    /// - Throws: `StoreError.listNotFound`, `.ambiguousList`.
    public func resolveList(_ reference: String) throws -> TodoList {
        let key = TextRules.matchKey(reference)
        let lists = try allLists()
        let byTitle = lists.filter { TextRules.hasMatchKey($0.title, key) }
        if byTitle.count == 1 { return byTitle[0] }
        if byTitle.count > 1 { throw StoreError.ambiguousList(reference, candidates: byTitle) }
        let prefix = key.lowercased()
        if prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
            let byID = lists.filter { $0.id.hasPrefix(prefix) }
            if byID.count == 1 { return byID[0] }
            if byID.count > 1 { throw StoreError.ambiguousList(reference, candidates: byID) }
        }
        throw StoreError.listNotFound(reference)
    }

    /// The title of the list a todo without one goes to until `defaultList` is set: what todo.txt,
    /// Taskwarrior and every importer call it too. Stored data, so the same in every language.
    public static let inboxTitle = "Inbox"

    /// The default list (`defaultList` setting, `Inbox` until changed): the list of that exact
    /// title (after trimming and NFC), created at the end when there is none. Call inside a write
    /// transaction. - Throws: `StoreError.ambiguousList` when two lists have that title.
    func defaultListCreatingIt() throws -> TodoList {
        let title = try setting(.defaultList).value
        let matching = try lists(titled: title)
        if matching.count == 1 { return matching[0] }
        if matching.count > 1 { throw StoreError.ambiguousList(title, candidates: matching) }
        return try addList(title: title)
    }

    /// Lists whose title equals `title` after trimming and NFC, in `sortOrder`. Call inside a transaction.
    func lists(titled title: String) throws -> [TodoList] {
        let key = TextRules.matchKey(title)
        return try allLists().filter { TextRules.hasMatchKey($0.title, key) }
    }

    /// Adds a list at the end (`sortOrder` = max + 1).
    /// - Throws: `StoreError.invalidTitle`.
    @discardableResult
    public func addList(title: String) throws -> TodoList {
        let clean = try TextRules.title(title)
        return try write {
            let order = (try database.scalarInt("SELECT max(sort_order) FROM lists") ?? -1) + 1
            let list = TodoList(id: Store.newID(), title: clean, sortOrder: order, createdAt: clock.now)
            try database.run("INSERT INTO lists (id, title, sort_order, created_at) VALUES (?, ?, ?, ?)",
                             [.text(list.id), .text(list.title), .int(order), .double(list.createdAt.timeIntervalSince1970)])
            try setSearchKey(listID: list.id, title: list.title)
            return list
        }
    }

    /// Renames a list. - Throws: `StoreError.invalidTitle`, `.listNotFound`, `.ambiguousList`.
    @discardableResult
    public func renameList(_ reference: String, to title: String) throws -> TodoList {
        let clean = try TextRules.title(title)
        return try write {
            var list = try resolveList(reference)
            try database.run("UPDATE lists SET title = ? WHERE id = ?", [.text(clean), .text(list.id)])
            try setSearchKey(listID: list.id, title: clean)
            list.title = clean
            return list
        }
    }

    /// Moves a list to 0-based `position` and renumbers all lists 0…n-1.
    /// - Throws: `StoreError.badPosition`, `.listNotFound`, `.ambiguousList`.
    @discardableResult
    public func moveList(_ reference: String, to position: Int) throws -> TodoList {
        try write {
            let list = try resolveList(reference)
            var lists = try allLists()
            guard (0..<lists.count).contains(position) else { throw StoreError.badPosition(position, count: lists.count) }
            lists.removeAll { $0.id == list.id }
            lists.insert(list, at: position)
            for (i, l) in lists.enumerated() where l.sortOrder != i {
                try database.run("UPDATE lists SET sort_order = ? WHERE id = ?", [.int(i), .text(l.id)])
            }
            var moved = list
            moved.sortOrder = position
            return moved
        }
    }

    /// Deletes a list and (by cascade) its todos. Completion history is kept.
    /// - Returns: the list and how many todos went with it.
    /// - Throws: `StoreError.listNotFound`, `.ambiguousList`.
    @discardableResult
    public func removeList(_ reference: String) throws -> (list: TodoList, todoCount: Int) {
        try write {
            let list = try resolveList(reference)
            let count = try database.scalarInt("SELECT count(*) FROM todos WHERE list_id = ?", [.text(list.id)]) ?? 0
            try database.run("DELETE FROM flashes WHERE list_id = ?", [.text(list.id)])
            try database.run("DELETE FROM lists WHERE id = ?", [.text(list.id)])
            return (list, count)
        }
    }
}
