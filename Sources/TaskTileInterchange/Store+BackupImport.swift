import Foundation
import TaskTileCore

extension Store {
    /// Whether the store holds no user data (no lists, todos, history, settings, routines or
    /// challenges; foreign UIDs belong to todos). Call inside a transaction.
    func holdsNoData() throws -> Bool {
        for table in ["lists", "todos", "completions", "settings", "routine_lists", "challenges"] {
            if (try database.scalarInt("SELECT count(*) FROM \(table)") ?? 0) > 0 { return false }
        }
        return true
    }

    /// Restores or merges the backup file at `path` in bounded memory (docs/interchange.md "JSON
    /// backup"). `head` is what `Backup.head(file:)` read from the same file (the whole file
    /// validated, the few lists, settings, routines, challenges and themes kept); this second pass,
    /// inside the write transaction, streams the todos (with their foreign UIDs) and completions
    /// into the store one at a time, so whatever `export` writes, this reads back.
    /// - Throws: `DataFileError` for a bad file (rolled back, nothing written), `FileError` when
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
            for (i, todo) in backup.todos.enumerated() { try visit(.todo(i, todo, foreignUID: backup.foreignUIDs[todo.id])) }
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
    ///   challenges by id; themes by id (in `themes.json`, written atomically as the last step
    ///   before the commit). A todo's foreign UID and a check-in's note merge with their record: a
    ///   different one in the file updates it, an absent one keeps the store's (a backup written
    ///   before they were carried says nothing about them).
    /// - Cost: linear in the records — one indexed lookup per todo and per completion, and the end
    ///   of each list read once (`max(sort_order)`), then counted on in memory. The per-record
    ///   statements come from the connection's statement cache: preparing an INSERT into `todos`
    ///   compiles its triggers and cost more than running it.
    /// - `head` gives the lists, settings, routines, challenges and themes; `records` replays the
    ///   todos (with their foreign UIDs) and completions (from memory, or streamed from the file again).
    /// - The todos' cycle columns are written as the file has them, and the cycle clock is set to
    ///   now, as a completion does (Store+CatchUp.swift).
    /// - Throws: `DataFileError` when a todo, or a challenge that is not archived, names a list
    ///   that is neither in the file nor in the store (nothing is written), store errors (rolled back).
    func importBackup(_ backup: Backup, file: String, records: ((Backup.Record) throws -> Void) throws -> Void) throws -> ImportReport {
        var report = ImportReport()
        try write {
            let empty = try holdsNoData()
            var lists = Dictionary(uniqueKeysWithValues: try allLists().map { ($0.id, $0) })
            var nextListOrder = (try database.scalarInt("SELECT max(sort_order) FROM lists") ?? -1) + 1
            for list in backup.lists {
                if let existing = lists[list.id] {
                    if existing.title == list.title { report.count(.lists, \.skipped); continue }
                    try database.run("UPDATE lists SET title = ? WHERE id = ?", [.text(list.title), .text(list.id)])
                    try setSearchKey(listID: list.id, title: list.title)
                    report.count(.lists, \.updated)
                } else {
                    var added = list
                    if !empty { added.sortOrder = nextListOrder; nextListOrder += 1 }
                    try database.cachedStatement("INSERT INTO lists (id, title, sort_order, created_at) VALUES (?, ?, ?, ?)")
                        .run([.text(added.id), .text(added.title), .int(added.sortOrder),
                              .double(added.createdAt.timeIntervalSince1970)])
                    try setSearchKey(listID: added.id, title: added.title)
                    lists[added.id] = added
                    report.count(.lists, \.added)
                }
            }
            // Challenges (a handful): a running or finished one needs its list; an archived one has
            // none (archiving deleted it and kept the totals in the row).
            let existingChallenges = Dictionary(uniqueKeysWithValues: try challenges().map { ($0.id, $0) })
            for (i, c) in backup.challenges.enumerated() {
                guard c.archivedAt != nil || lists[c.listId] != nil else {
                    throw DataFileError(file: file, path: "challenges[\(i)].listId", reason: Phrase(key: .importErrorChallengeNoList, c.listId))
                }
                if existingChallenges[c.id] == c { report.count(.challenges, \.skipped); continue }
                try database.run("""
                    INSERT OR REPLACE INTO challenges (id, list_id, title, start_date, days, remind, routine, habits, created_at,
                                                       ended_at, archived_at, checked_in, best_streak)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.text(c.id), .text(c.listId), .text(c.title), .text(c.startDate.description), .int(c.days),
                          .optionalText(c.remind), .optionalText(c.routine),
                          .text(JSONValue.array(c.habits.map(JSONValue.string)).serialized(pretty: false)),
                          .double(c.createdAt.timeIntervalSince1970), .optionalDouble(c.endedAt?.timeIntervalSince1970),
                          .optionalDouble(c.archivedAt?.timeIntervalSince1970), c.archivedCheckIns.map(SQLValue.int) ?? .null,
                          c.archivedBestStreak.map(SQLValue.int) ?? .null])
                report.count(.challenges, existingChallenges[c.id] == nil ? \.added : \.updated)
            }
            // The next free sort order of each list, read once per list (not once per todo).
            var endOfLists: [String: Int] = [:]
            func endOfList(_ listID: String) throws -> Int {
                if let n = endOfLists[listID] { endOfLists[listID] = n + 1; return n }
                let n = (try database.cachedStatement("SELECT max(sort_order) FROM todos WHERE list_id = ?")
                    .rows([.text(listID)]).first?.int(0) ?? -1) + 1
                endOfLists[listID] = n + 1
                return n
            }
            try records { record in
                switch record {
                case .todo(let i, let incoming, let foreignUID):
                    guard lists[incoming.listId] != nil else {
                        throw DataFileError(file: file, path: "todos[\(i)].listId",
                                               reason: Phrase(key: .importErrorNoListInFileOrStore, incoming.listId))
                    }
                    var todo = incoming
                    // An empty store holds no todo to merge with (ids are unique in the file).
                    if !empty, let existing = try self.todo(id: todo.id) {
                        todo.createdAt = existing.createdAt
                        todo.sortOrder = existing.listId == todo.listId ? existing.sortOrder : try endOfList(todo.listId)
                        // A foreign UID in the file replaces the store's; none keeps it.
                        let uidChanged = try foreignUID.map {
                            try database.cachedStatement("SELECT uid FROM todo_uids WHERE todo_id = ?").rows([.text(todo.id)]).first?.text(0) != $0
                        } ?? false
                        if todo == existing && !uidChanged { report.count(.todos, \.skipped); return }
                        if todo != existing { try update(todo) }
                        if uidChanged, let foreignUID { try setForeignUID(foreignUID, of: todo.id) }
                        report.count(.todos, \.updated)
                    } else {
                        if !empty { todo.sortOrder = try endOfList(todo.listId) }
                        try insert(todo)
                        if let foreignUID { try setForeignUID(foreignUID, of: todo.id) }
                        report.count(.todos, \.added)
                    }
                case .completion(let c):
                    let key: [SQLValue] = [.text(c.todoId), .int(c.cycleIndex), .double(c.completedAt.timeIntervalSince1970)]
                    if !empty, let match = try database.cachedStatement("""
                        SELECT id, note FROM completions WHERE todo_id = ? AND cycle_index = ? AND completed_at = ? LIMIT 1
                        """).rows(key).first {
                        // The same check-in: a note in the file replaces the store's; none keeps it.
                        guard let note = c.note, match.text("note") != note else { report.count(.completions, \.skipped); return }
                        try database.run("UPDATE completions SET note = ? WHERE todo_id = ? AND cycle_index = ? AND completed_at = ?",
                                         [.text(note)] + key)
                        report.count(.completions, \.updated)
                        return
                    }
                    try database.cachedStatement("""
                        INSERT INTO completions (id, todo_id, list_id, title, cycle_index, cycle_due, completed_at, source, undone_at, note)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """).run([empty ? .int(c.id) : .null, .text(c.todoId), .text(c.listId), .text(c.title), .int(c.cycleIndex),
                              .optionalText(c.cycleDue), .double(c.completedAt.timeIntervalSince1970), .text(c.source),
                              .optionalDouble(c.undoneAt?.timeIntervalSince1970), .optionalText(c.note)])
                    report.count(.completions, \.added)
                default:
                    break
                }
            }
            // The todos' cycle columns (a cache, Store+CatchUp.swift) were written by this process:
            // record its now as their instant, as a completion does, so a later process whose clock
            // reads earlier recomputes them from history instead of showing cycles ahead of it.
            if (report.counts[.todos]?.added ?? 0) + (report.counts[.todos]?.updated ?? 0) > 0 { try setCycleClock(clock.now) }
            for (key, value) in backup.settings {
                let current = try database.scalarText("SELECT value FROM settings WHERE key = ?", [.text(key)])
                if current == value { report.count(.settings, \.skipped); continue }
                try database.run("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                                 [.text(key), .text(value)])
                report.count(.settings, current == nil ? \.added : \.updated)
            }
            let existingRoutines = Dictionary(uniqueKeysWithValues: try routineRecords().map { ($0.listId, $0) })
            for (i, r) in backup.routines.enumerated() {
                guard lists[r.listId] != nil else {
                    throw DataFileError(file: file, path: "routines[\(i)].listId", reason: Phrase(key: .importErrorNoList, r.listId))
                }
                if existingRoutines[r.listId] == r { report.count(.routines, \.skipped); continue }
                try database.run("""
                    INSERT OR REPLACE INTO routine_lists (list_id, name, source, applied_at, todo_ids) VALUES (?, ?, ?, ?, ?)
                    """, [.text(r.listId), .text(r.name), .text(r.source), .double(r.appliedAt.timeIntervalSince1970),
                          .text(r.todoIds.joined(separator: ","))])
                report.count(.routines, existingRoutines[r.listId] == nil ? \.added : \.updated)
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
                        if themes[index] == theme { report.count(.themes, \.skipped); continue }
                        themes[index] = theme
                        report.count(.themes, \.updated)
                    } else {
                        themes.append(theme)
                        report.count(.themes, \.added)
                    }
                    changed = true
                }
                if changed { try themeStore.save(themes) }
            }
        }
        return report
    }

    /// Records `uid` as the foreign iCalendar UID of todo `todoID` (table `todo_uids`). Call inside
    /// a write transaction, after the todo exists (the row references it).
    private func setForeignUID(_ uid: String, of todoID: String) throws {
        try database.cachedStatement("INSERT INTO todo_uids (todo_id, uid) VALUES (?, ?) ON CONFLICT(todo_id) DO UPDATE SET uid = excluded.uid")
            .run([.text(todoID), .text(uid)])
    }
}
