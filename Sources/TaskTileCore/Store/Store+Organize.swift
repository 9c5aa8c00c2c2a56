import Foundation

/// A smart list (docs/organize.md "Smart lists"): a named filter over every list.
public struct SmartView: Hashable, Sendable {
    /// How it is referred to: `@today`, `@Focus` (a saved view `Focus`), `#work`.
    public var reference: String
    public var filter: TodoFilter
    /// Whether it is one of `TodoFilter.builtins` or a `#tag` (neither can be removed).
    public var isBuiltin: Bool

    public init(reference: String, filter: TodoFilter, isBuiltin: Bool) {
        self.reference = reference; self.filter = filter; self.isBuiltin = isBuiltin
    }

    /// The list-shaped stand-in a view's content carries (`ListContent.list`): its id and title
    /// are the view's reference, so widgets and `show` print `@today`.
    public var list: TodoList {
        TodoList(id: reference, title: reference, sortOrder: 0, createdAt: Date(timeIntervalSince1970: 0))
    }
}

/// What a list reference names: a list, or a smart list.
public enum TodoScope: Sendable {
    case list(TodoList)
    case view(SmartView)
}

/// One tag in use, for `tag ls`.
public struct TagUsage: Hashable, Sendable {
    /// The spelling of its first use (in list, then todo order).
    public var tag: String
    /// Pending todos with the tag.
    public var pending: Int
    /// All todos with the tag.
    public var total: Int
}

extension Store {
    // MARK: Views

    /// Resolves a reference that may name a smart list: `@today`, `@upcoming`, `@high`, `@Name` (a
    /// saved view), `#tag`; a list whose title is exactly the reference wins, so a list once named
    /// `@home` keeps working. Anything else resolves as a list. Call inside a transaction.
    /// - Throws: `StoreError.listNotFound` (also for an unknown `@name`), `.ambiguousList`, `.invalidTag`.
    public func resolveScope(_ reference: String) throws -> TodoScope {
        let key = TextRules.matchKey(reference)
        guard key.hasPrefix("@") || key.hasPrefix("#") else { return .list(try resolveList(reference)) }
        let titled = try lists(titled: key)
        if titled.count == 1 { return .list(titled[0]) }
        if titled.count > 1 { throw StoreError.ambiguousList(reference, candidates: titled) }
        if key.hasPrefix("#") {
            let tag = try TagRules.tag(key)
            return .view(SmartView(reference: "#" + tag, filter: try TodoFilter("#" + tag), isBuiltin: true))
        }
        if let view = try view(named: key) { return .view(view) }
        throw StoreError.listNotFound(reference)
    }

    /// A builtin or saved view by its `@name` (case-insensitive), or nil. Call inside a transaction.
    func view(named reference: String) throws -> SmartView? {
        let lower = reference.lowercased()
        if let b = TodoFilter.builtins.first(where: { $0.name == lower }) {
            return SmartView(reference: b.name, filter: try TodoFilter(b.filter), isBuiltin: true)
        }
        let name = String(reference.dropFirst())
        guard let row = try database.rows("SELECT name, filter FROM views WHERE name = ?", [.text(name)]).first,
            let stored = row.text(0), let filter = row.text(1)
        else { return nil }
        return SmartView(reference: "@" + stored, filter: try TodoFilter(filter), isBuiltin: false)
    }

    /// Every view: the builtins, then the saved ones by name. One read transaction.
    public func views() throws -> [SmartView] {
        try read {
            var all = try TodoFilter.builtins.map {
                SmartView(reference: $0.name, filter: try TodoFilter($0.filter), isBuiltin: true)
            }
            for row in try database.rows("SELECT name, filter FROM views ORDER BY name") {
                if let name = row.text(0), let f = row.text(1), let filter = try? TodoFilter(f) {
                    all.append(SmartView(reference: "@" + name, filter: filter, isBuiltin: false))
                }
            }
            return all
        }
    }

    /// Saves view `name` (`view add Focus "#work !high due<3d"`), referred to as `@name`; a saved view of
    /// that name (case-insensitive) is replaced only when `replace` (`view add --replace`).
    /// - Throws: `StoreError.invalidView` for a bad name (empty, over 100 characters, a builtin's,
    ///   whitespace or `@`/`#` inside), a filter with a quote never closed (`TodoFilter.checkQuotes`)
    ///   or another bad filter, or a name in use without `replace`, before anything is written.
    @discardableResult
    public func saveView(name raw: String, filter text: String, replace: Bool = false) throws -> SmartView {
        var name = TextRules.matchKey(raw)
        if name.hasPrefix("@") { name.removeFirst() }
        guard !name.isEmpty, name.count <= 100,
            !name.contains(where: { $0.isWhitespace || $0 == "@" || $0 == "#" || $0 == "^" || $0 == "\"" }),
            !name.unicodeScalars.contains(where: TextRules.isForbidden)
        else {
            throw StoreError.invalidView(Phrase(key: .errorViewName, raw))
        }
        guard !TodoFilter.builtins.contains(where: { $0.name == "@" + name.lowercased() }) else {
            throw StoreError.invalidView(Phrase(key: .errorViewBuiltin, "@" + name))
        }
        try TodoFilter.checkQuotes(text)
        let filter = try TodoFilter(text)
        return try write {
            if !replace,
                let row = try database.rows("SELECT name, filter FROM views WHERE name = ?", [.text(name)]).first
            {
                let stored = "@" + (row.text(0) ?? name)
                throw StoreError.invalidView(Phrase(key: .errorViewExists, stored, row.text(1) ?? ""))
            }
            try database.run(
                """
                INSERT INTO views (name, filter, created_at) VALUES (?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET filter = excluded.filter
                """, [.text(name), .text(filter.source), .double(clock.now.timeIntervalSince1970)])
            return SmartView(reference: "@" + name, filter: filter, isBuiltin: false)
        }
    }

    /// Removes saved view `@name`. - Throws: `StoreError.listNotFound` when there is none; `.invalidView` for a builtin.
    public func removeView(_ raw: String) throws {
        var name = TextRules.matchKey(raw)
        if name.hasPrefix("@") { name.removeFirst() }
        if TodoFilter.builtins.contains(where: { $0.name == "@" + name.lowercased() }) {
            throw StoreError.invalidView(Phrase(key: .errorViewBuiltin, "@" + name))
        }
        try write {
            try database.run("DELETE FROM views WHERE name = ?", [.text(name)])
            if database.changes == 0 { throw StoreError.viewNotFound("@" + name) }
        }
    }

    /// `search(_:)` within a list or a smart list (`reference` as `show` takes it: a title, an id prefix, `@today`,
    /// `#tag`, `@name`): only the todos of that scope; the list itself among the lists when it matches (a smart list
    /// has no list to find). Unstarted todos of a smart list are not in it, as in `show`.
    /// - Throws: `StoreError` for a reference that names nothing (the same as `show`'s).
    public func search(_ query: String, in reference: String) throws -> SearchResults {
        var results = try search(query)
        try read {
            switch try resolveScope(reference) {
            case .list(let list):
                results.lists = results.lists.filter { $0.list.id == list.id }
                results.todos = results.todos.filter { $0.todo.listId == list.id }
            case .view(let view):
                let ids = Set(try todos(inView: view).map(\.0.id))
                results.lists = []
                results.todos = results.todos.filter { ids.contains($0.todo.id) }
            }
        }
        return results
    }

    /// A view's content, shaped as a list's (`ListContent`): `list` is `view.list`. Call inside a transaction.
    func content(ofView view: SmartView) throws -> ListContent {
        let todos = try todos(inView: view).map(\.0)
        let since = clock.now.timeIntervalSince1970 - Store.flashWindow
        let ids = Set(todos.map(\.id))
        var flashes: [String: Date] = [:]
        for row in try database.rows(
            "SELECT todo_id, max(at) FROM flashes WHERE at >= ? GROUP BY todo_id", [.double(since)])
        {
            if let id = row.text(0), ids.contains(id), let at = row.double(1) {
                flashes[id] = Date(timeIntervalSince1970: at)
            }
        }
        var content = ListContent(
            list: view.list, pending: todos.filter { !$0.isCompleted },
            completed: todos.filter(\.isCompleted), flashes: flashes)
        content.subtaskProgress = try subtaskProgress(ofParents: todos.map(\.id))
        content.addListID = try addListID(ofView: view)
        return content
    }

    /// The list a todo added from `view`'s widget goes to: the first of `listIDs(namedBy:)`; nil when the
    /// view names none (the default list). Call inside a transaction.
    func addListID(ofView view: SmartView) throws -> String? { try listIDs(namedBy: view).first }

    /// The lists `view`'s filter names, in the order of its `^List` terms that are not negated (a term's
    /// lists in `sortOrder`, each list once): `^Work ^Home` → Work, Home. Empty for a view that names no
    /// list (`@today`, `#tag`) or names only lists that do not exist. Call inside a transaction.
    public func listIDs(namedBy view: SmartView) throws -> [String] {
        let lists = try allLists()
        var ids: [String] = []
        for t in view.filter.terms where !t.negated {
            guard case .list(let key) = t.term else { continue }
            for l in lists where TextRules.hasMatchKey(l.title, key) && !ids.contains(l.id) { ids.append(l.id) }
        }
        return ids
    }

    // MARK: Subtasks

    /// An SQL condition on `todos t` true when the todo's start has come (or it has none), with two
    /// arguments: now (UTC seconds) and today (`YYYY-MM-DD`, local). A date-only start is stored as
    /// its date, so text order is date order.
    static let startedSQL = """
        (t.start_local IS NULL OR (t.start_utc IS NOT NULL AND t.start_utc <= ?) \
        OR (t.start_utc IS NULL AND t.start_local <= ?))
        """

    /// Done/total counts of the direct subtasks of each of `ids` that has any, leaving out subtasks not started yet.
    /// Call inside a transaction.
    func subtaskProgress(ofParents ids: [String]) throws -> [String: SubtaskProgress] {
        guard !ids.isEmpty else { return [:] }
        var result: [String: SubtaskProgress] = [:]
        // Only the wanted parents, through the todos_by_parent index: a view over a few todos of a
        // large store reads their subtasks, not every subtask of the store.
        let json = JSONValue.array(ids.map(JSONValue.string)).serialized(pretty: false)
        // Subtasks whose start has not come are not counted, as they are not shown (docs/organize.md "Start dates").
        for row in try database.cachedStatement(
            """
            SELECT t.parent_id, sum(t.is_completed), count(*) FROM todos t
            WHERE t.parent_id IN (SELECT value FROM json_each(?)) AND \(Store.startedSQL) GROUP BY t.parent_id
            """
        ).rows([.text(json), .double(clock.now.timeIntervalSince1970), .text(clock.today.description)]) {
            guard let p = row.text(0) else { continue }
            result[p] = SubtaskProgress(done: row.int(1) ?? 0, total: row.int(2) ?? 0)
        }
        return result
    }

    /// Every descendant of todo `id` (subtasks, their subtasks, …), breadth first. Call inside a transaction.
    package func descendants(of id: String) throws -> [Todo] {
        try database.cachedStatement(
            """
            WITH RECURSIVE sub(id, depth) AS (
                SELECT id, 1 FROM todos WHERE parent_id = ?
                UNION SELECT t.id, sub.depth + 1 FROM todos t JOIN sub ON t.parent_id = sub.id WHERE sub.depth < 100
            )
            SELECT \(Store.todoColumns) FROM todos WHERE id IN (SELECT id FROM sub)
            ORDER BY sort_order, created_at, id
            """
        ).rows([.text(id)]).map(Store.todo(from:))
    }

    /// The parent a todo of list `listID` may have: `reference` resolved in that list, refused when
    /// it is `childID` itself or one of its descendants (a cycle). Call inside a transaction.
    /// - Throws: `StoreError.invalidParent`, reference errors.
    func resolveParent(_ reference: String, inList list: TodoList?, child childID: String?) throws -> Todo {
        // In the list first; a todo found only elsewhere is refused as in another list, not as missing.
        let parent: Todo
        do { parent = try resolveTodo(reference, list: list.map(\.id)) } catch StoreError.todoNotFound where list != nil
        {
            parent = try resolveTodo(reference)
        }
        if let list, parent.listId != list.id {
            throw StoreError.invalidParent(Phrase(key: .errorParentOtherList, parent.title, list.title))
        }
        if let childID {
            if parent.id == childID { throw StoreError.invalidParent(Phrase(key: .errorParentSelf, parent.title)) }
            if try descendants(of: childID).contains(where: { $0.id == parent.id }) {
                throw StoreError.invalidParent(Phrase(key: .errorParentDescendant, parent.title))
            }
        }
        return parent
    }

    /// Completes the open descendants of `parent` with it (docs/organize.md "Subtasks"): each gets
    /// its own history row at the parent's instant, so one `undo` of the parent finds them.
    /// Call inside the parent's completion write, before its cycle moves on.
    func completeOpenSubtasks(of parentID: String, note: String?, source: CompletionSource) throws {
        for sub in try descendants(of: parentID) where !sub.isCompleted {
            _ = try completeInTransaction(todoID: sub.id, note: note, source: source, cascade: false)
            try database.run("UPDATE completions SET cascade_of = ? WHERE id = (SELECT max(id) FROM completions WHERE todo_id = ?)",
                             [.text(parentID), .text(sub.id)])
        }
    }

    /// Reopens the descendants of `parentID` that were completed with it at `instant` (UTC seconds;
    /// their history rows carry `cascade_of` = the parent): those completions are marked undone. Call inside
    /// the parent's undo write.
    func reopenSubtasks(of parentID: String, completedAt instant: Double, at now: Date) throws {
        for sub in try descendants(of: parentID) {
            let match = "todo_id = ? AND completed_at = ? AND cascade_of = ? AND undone_at IS NULL"
            let args: [SQLValue] = [.text(sub.id), .double(instant), .text(parentID)]
            guard try database.scalarInt("SELECT count(*) FROM completions WHERE " + match, args) ?? 0 > 0 else { continue }
            try database.run("UPDATE completions SET undone_at = ? WHERE " + match, [.double(now.timeIntervalSince1970)] + args)
            if sub.repeatRule != nil {
                let stored = try derivedInTransaction(sub, at: now)
                try updateCycle(stored)
            } else if sub.isCompleted {
                var open = sub
                open.isCompleted = false
                open.completedAt = nil
                try update(open)
            }
            try database.run("DELETE FROM flashes WHERE todo_id = ?", [.text(sub.id)])
        }
    }

    /// Reopens the completed one-off descendants of repeating `parent` when its cycle moves from
    /// `oldCycle` (a checklist per cycle). Call inside the write that moves the cycle.
    func reopenChecklist(of parent: Todo, fromCycle oldCycle: Int?) throws {
        guard parent.repeatRule != nil, let oldCycle, oldCycle != parent.occurrenceCount else { return }
        for sub in try descendants(of: parent.id) where sub.isCompleted && sub.repeatRule == nil {
            var open = sub
            open.isCompleted = false
            open.completedAt = nil
            try update(open)
        }
    }

    // MARK: Tags

    /// Every tag in use with its counts, by key (case-insensitive), sorted by spelling. One read transaction.
    public func tagUsage() throws -> [TagUsage] {
        try read {
            var byKey: [String: TagUsage] = [:]
            var order: [String] = []
            for row in try database.rows(
                """
                SELECT t.tags, t.is_completed FROM todos t JOIN lists l ON l.id = t.list_id
                WHERE t.tags IS NOT NULL ORDER BY l.sort_order, t.sort_order, t.created_at, t.id
                """)
            {
                let pending = row.int(1) == 0
                for tag in TagRules.decode(row.text(0)) {
                    let key = TagRules.key(tag)
                    if byKey[key] == nil { byKey[key] = TagUsage(tag: tag, pending: 0, total: 0); order.append(key) }
                    byKey[key]!.total += 1
                    if pending { byKey[key]!.pending += 1 }
                }
            }
            return order.compactMap { byKey[$0] }.sorted { $0.tag.lowercased() < $1.tag.lowercased() }
        }
    }
}

/// Done and total direct subtasks of a parent (`2/5`).
public struct SubtaskProgress: Hashable, Sendable {
    public var done: Int
    public var total: Int
    public init(done: Int, total: Int) { self.done = done; self.total = total }
}
