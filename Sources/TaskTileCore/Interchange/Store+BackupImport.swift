import Foundation

extension Store {
    /// Whether the store holds no user data (no lists, todos, history, settings or routines).
    /// Call inside a transaction.
    func holdsNoData() throws -> Bool {
        for table in ["lists", "todos", "completions", "settings", "routine_lists"] {
            if (try database.scalarInt("SELECT count(*) FROM \(table)") ?? 0) > 0 { return false }
        }
        return true
    }

    /// Restores or merges the backup file at `path` in bounded memory (docs/interchange.md "JSON
    /// backup"). `head` is what `Backup.head(file:)` read from the same file (the whole file
    /// validated, the few lists, settings, routines and themes kept); this second pass, inside the
    /// write transaction, streams the todos and completions into the store one at a time, so
    /// whatever `export` writes, this reads back.
    /// - Throws: `InterchangeError` for a bad file (rolled back, nothing written), `FileError` when
    ///   it cannot be read, store errors (rolled back).
    @discardableResult
    public func importBackup(head: Backup, file path: String) throws -> ImportReport {
        try importBackup(head, file: path) { visit in
            try Backup.scan(path: path) { record in
                switch record {
                case .todo, .completion: try visit(record)
                default: break
                }
            }
        }
    }

    /// Restores or merges a backup held in memory (see `importBackup(file:)` for the rules).
    @discardableResult
    public func importBackup(_ backup: Backup, file: String) throws -> ImportReport {
        try importBackup(backup, file: file) { visit in
            for (i, todo) in backup.todos.enumerated() { try visit(.todo(i, todo)) }
            for c in backup.completions { try visit(.completion(c)) }
        }
    }

    /// Restores or merges a backup, in one `BEGIN IMMEDIATE` transaction (docs/interchange.md "JSON backup").
    ///
    /// - Into an empty store every record is written exactly as in the backup (ids, sort orders,
    ///   instants, history ids), so export → import → export is byte-identical.
    /// - Into a store with data, records merge **by id**: absent → added (new lists and todos go to
    ///   the end, keeping the file's relative order); present and identical → skipped; present and
    ///   different → updated from the file (the file is what the user asked for), keeping the item's
    ///   place in its list. History rows merge by (todo, cycle, completion instant); settings by key;
    ///   themes by id (in `themes.json`, written atomically as the last step before the commit).
    /// - Cost: linear in the records — one indexed lookup per todo and per completion, and the end
    ///   of each list read once (`max(sort_order)`), then counted on in memory.
    /// - `head` gives the lists, settings, routines and themes; `records` replays the todos and
    ///   completions (from memory, or streamed from the file again).
    /// - Throws: `InterchangeError` when a todo names a list that is neither in the file nor in the
    ///   store (nothing is written), store errors (rolled back).
    func importBackup(_ backup: Backup, file: String, records: ((Backup.Record) throws -> Void) throws -> Void) throws -> ImportReport {
        var report = ImportReport()
        try write {
            let empty = try holdsNoData()
            var lists = Dictionary(uniqueKeysWithValues: try allLists().map { ($0.id, $0) })
            var nextListOrder = (try database.scalarInt("SELECT max(sort_order) FROM lists") ?? -1) + 1
            for list in backup.lists {
                if let existing = lists[list.id] {
                    if existing.title == list.title { report.count("lists", \.skipped); continue }
                    try database.run("UPDATE lists SET title = ? WHERE id = ?", [.text(list.title), .text(list.id)])
                    report.count("lists", \.updated)
                } else {
                    var added = list
                    if !empty { added.sortOrder = nextListOrder; nextListOrder += 1 }
                    try database.run("INSERT INTO lists (id, title, sort_order, created_at) VALUES (?, ?, ?, ?)",
                                     [.text(added.id), .text(added.title), .int(added.sortOrder),
                                      .double(added.createdAt.timeIntervalSince1970)])
                    lists[added.id] = added
                    report.count("lists", \.added)
                }
            }
            // The next free sort order of each list, read once per list (not once per todo).
            var endOfLists: [String: Int] = [:]
            func endOfList(_ listID: String) throws -> Int {
                if let n = endOfLists[listID] { endOfLists[listID] = n + 1; return n }
                let n = (try database.scalarInt("SELECT max(sort_order) FROM todos WHERE list_id = ?", [.text(listID)]) ?? -1) + 1
                endOfLists[listID] = n + 1
                return n
            }
            try records { record in
                switch record {
                case .todo(let i, let incoming):
                    guard lists[incoming.listId] != nil else {
                        throw InterchangeError(file: file, path: "todos[\(i)].listId",
                                               reason: Phrase(key: .importErrorNoListInFileOrStore, incoming.listId))
                    }
                    var todo = incoming
                    // An empty store holds no todo to merge with (ids are unique in the file).
                    if !empty, let existing = try self.todo(id: todo.id) {
                        todo.createdAt = existing.createdAt
                        todo.sortOrder = existing.listId == todo.listId ? existing.sortOrder : try endOfList(todo.listId)
                        if todo == existing { report.count("todos", \.skipped); return }
                        try update(todo)
                        report.count("todos", \.updated)
                    } else {
                        if !empty { todo.sortOrder = try endOfList(todo.listId) }
                        try insert(todo)
                        report.count("todos", \.added)
                    }
                case .completion(let c):
                    if !empty, (try database.scalarInt("""
                        SELECT count(*) FROM completions WHERE todo_id = ? AND cycle_index = ? AND completed_at = ?
                        """, [.text(c.todoId), .int(c.cycleIndex), .double(c.completedAt.timeIntervalSince1970)]) ?? 0) > 0 {
                        report.count("completions", \.skipped)
                        return
                    }
                    try database.run("""
                        INSERT INTO completions (id, todo_id, list_id, title, cycle_index, cycle_due, completed_at, source, undone_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, [empty ? .int(c.id) : .null, .text(c.todoId), .text(c.listId), .text(c.title), .int(c.cycleIndex),
                              .optionalText(c.cycleDue), .double(c.completedAt.timeIntervalSince1970), .text(c.source),
                              .optionalDouble(c.undoneAt?.timeIntervalSince1970)])
                    report.count("completions", \.added)
                default:
                    break
                }
            }
            for (key, value) in backup.settings {
                let current = try database.scalarText("SELECT value FROM settings WHERE key = ?", [.text(key)])
                if current == value { report.count("settings", \.skipped); continue }
                try database.run("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                                 [.text(key), .text(value)])
                report.count("settings", current == nil ? \.added : \.updated)
            }
            let existingRoutines = Dictionary(uniqueKeysWithValues: try routineRecords().map { ($0.listId, $0) })
            for (i, r) in backup.routines.enumerated() {
                guard lists[r.listId] != nil else {
                    throw InterchangeError(file: file, path: "routines[\(i)].listId", reason: Phrase(key: .importErrorNoList, r.listId))
                }
                if existingRoutines[r.listId] == r { report.count("routines", \.skipped); continue }
                try database.run("""
                    INSERT OR REPLACE INTO routine_lists (list_id, name, source, applied_at, todo_ids) VALUES (?, ?, ?, ?, ?)
                    """, [.text(r.listId), .text(r.name), .text(r.source), .double(r.appliedAt.timeIntervalSince1970),
                          .text(r.todoIds.joined(separator: ","))])
                report.count("routines", existingRoutines[r.listId] == nil ? \.added : \.updated)
            }
            if !backup.themes.isEmpty {
                let themeStore = ThemeStore(dataDirectory: directory)
                var themes: [Theme] = []
                if let bytes = try? Posix.readFile(themeStore.path) {
                    themes = try ThemeStore.decodeFile(bytes, file: themeStore.path)
                }
                var changed = false
                for theme in backup.themes {
                    if let index = themes.firstIndex(where: { $0.id == theme.id }) {
                        if themes[index] == theme { report.count("themes", \.skipped); continue }
                        themes[index] = theme
                        report.count("themes", \.updated)
                    } else {
                        themes.append(theme)
                        report.count("themes", \.added)
                    }
                    changed = true
                }
                if changed { try themeStore.save(themes) }
            }
        }
        return report
    }
}
