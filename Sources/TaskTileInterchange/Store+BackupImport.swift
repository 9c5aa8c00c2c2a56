import Foundation
import TaskTileCore

extension Store {
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
            let merging = try !holdsNoData()
            var lists = Dictionary(uniqueKeysWithValues: try allLists().map { ($0.id, $0) })
            var nextListOrder = try nextListSortOrder()
            for list in backup.lists {
                var incoming = list
                // Into a store with data, a new list goes to the end, keeping the file's relative order.
                if merging, lists[list.id] == nil { incoming.sortOrder = nextListOrder; nextListOrder += 1 }
                report.count(.lists, try upsertList(incoming, existing: lists[list.id]))
                if lists[list.id] == nil { lists[list.id] = incoming }
            }
            // Challenges (a handful): a running or finished one needs its list; an archived one has
            // none (archiving deleted it and kept the totals in the row).
            let existingChallenges = Dictionary(uniqueKeysWithValues: try challenges().map { ($0.id, $0) })
            for (i, c) in backup.challenges.enumerated() {
                guard c.archivedAt != nil || lists[c.listId] != nil else {
                    throw DataFileError(file: file, path: "challenges[\(i)].listId", reason: Phrase(key: .importErrorChallengeNoList, c.listId))
                }
                report.count(.challenges, try upsertChallenge(c, existing: existingChallenges[c.id]))
            }
            // The next free sort order of each list, read once per list (not once per todo).
            var endOfLists: [String: Int] = [:]
            func endOfList(_ listID: String) throws -> Int {
                let n = try endOfLists[listID] ?? nextTodoSortOrder(inList: listID)
                endOfLists[listID] = n + 1
                return n
            }
            var withParents: [(Int, Todo)] = []
            try records { record in
                switch record {
                case .todo(let i, let incoming, let foreignUID):
                    guard lists[incoming.listId] != nil else {
                        throw DataFileError(file: file, path: "todos[\(i)].listId",
                                            reason: Phrase(key: .importErrorNoListInFileOrStore, incoming.listId))
                    }
                    if incoming.parentId != nil { withParents.append((i, incoming)) }
                    report.count(.todos, try upsertTodo(incoming, foreignUID: foreignUID, merging: merging, endOfList: endOfList))
                case .completion(let c):
                    report.count(.completions, try upsertCompletion(c, merging: merging))
                default:
                    break
                }
            }
            // Parent links, checked once every todo is in (the foreign key is deferred to the
            // commit, so a subtask may come before its parent in the file): the parent exists, in
            // the same list, and is not the todo's own descendant.
            for (i, t) in withParents {
                guard let pid = t.parentId, let parent = try todo(id: pid), parent.listId == t.listId else {
                    throw DataFileError(file: file, path: "todos[\(i)].parentId",
                                        reason: Phrase(key: .importErrorParent, t.parentId ?? ""))
                }
                if try parent.id == t.id || descendants(of: t.id).contains(where: { $0.id == parent.id }) {
                    throw DataFileError(file: file, path: "todos[\(i)].parentId", reason: Phrase(key: .importErrorParentCycle, pid))
                }
            }
            // The todos' cycle columns (a cache, Store+CatchUp.swift) were written by this process:
            // record its now as their instant, as a completion does, so a later process whose clock
            // reads earlier recomputes them from history instead of showing cycles ahead of it.
            if (report.counts[.todos]?.added ?? 0) + (report.counts[.todos]?.updated ?? 0) > 0 { try setCycleClock(clock.now) }
            for (key, value) in backup.settings {
                report.count(.settings, try upsertSetting(key, value))
            }
            let existingRoutines = Dictionary(uniqueKeysWithValues: try routineRecords().map { ($0.listId, $0) })
            for (i, r) in backup.routines.enumerated() {
                guard lists[r.listId] != nil else {
                    throw DataFileError(file: file, path: "routines[\(i)].listId", reason: Phrase(key: .importErrorNoList, r.listId))
                }
                report.count(.routines, try upsertRoutine(r, existing: existingRoutines[r.listId]))
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
}
