import Foundation

/// A configured sync peer (`tasktile sync add`, docs/sync.md): a CalDAV server or a vdir.
public struct SyncAccount: Hashable, Sendable {
    public enum Kind: String, Sendable { case caldav, vdir }
    /// The name the user gave (`tasktile sync NAME`).
    public var name: String
    public var kind: Kind
    /// The server URL (CalDAV) or the vdir's directory (absolute path).
    public var url: String
    public var user: String?
    /// The command whose standard output is the password, run at each sync. The password is never stored.
    public var passwordCommand: String?
    /// Journal entries up to this sequence number are synced.
    public var journalSeq: Int
    /// When the last complete pass ended (UTC); nil before the first.
    public var lastSyncAt: Date?
    /// The CalDAV calendar home (absolute URL) discovery found on an earlier pass; nil before the
    /// first pass and for a vdir. A pass starts there and discovers again only when it fails.
    public var calendarHome: String?

    public init(
        name: String, kind: Kind, url: String, user: String?, passwordCommand: String?,
        journalSeq: Int = 0, lastSyncAt: Date? = nil, calendarHome: String? = nil
    ) {
        self.name = name; self.kind = kind; self.url = url; self.user = user
        self.passwordCommand = passwordCommand; self.journalSeq = journalSeq; self.lastSyncAt = lastSyncAt
        self.calendarHome = calendarHome
    }
}

/// A list ↔ collection pairing of an account, with the collection's RFC 6578 sync-token.
public struct SyncCollectionState: Hashable, Sendable {
    public var listID: String
    /// Collection URL path (CalDAV) or subdirectory name (vdir).
    public var href: String
    public var syncToken: String?
    /// The list title ↔ `displayname` as last synced: the base of a rename on either side.
    public var displayName: String?
    public init(listID: String, href: String, syncToken: String?, displayName: String? = nil) {
        self.listID = listID; self.href = href; self.syncToken = syncToken; self.displayName = displayName
    }
}

/// A todo ↔ resource pairing with the version last synced (the three-way merge's base).
public struct SyncItemState: Hashable, Sendable {
    public var todoID: String
    public var listID: String
    /// Resource URL path (CalDAV) or file path (vdir).
    public var href: String
    /// The server's ETag (or the vdir file's mtime and size) of `base`.
    public var etag: String?
    /// The resource text as last synced.
    public var base: String
    public init(todoID: String, listID: String, href: String, etag: String?, base: String) {
        self.todoID = todoID; self.listID = listID; self.href = href; self.etag = etag; self.base = base
    }
}

/// What the change journal holds after a sequence number: the todos and lists that changed, with
/// the time of their latest change (the local LAST-MODIFIED of a merge).
public struct SyncJournalChanges: Sendable {
    /// The last sequence number read.
    public var head: Int
    public var todos: [String: Date] = [:]
    public var lists: [String: Date] = [:]
    public init(head: Int) { self.head = head }
}

extension Store {
    /// Adds an account. - Throws: `SyncAccountError.exists`.
    public func addSyncAccount(_ account: SyncAccount) throws {
        try write {
            if try database.scalarInt("SELECT count(*) FROM sync_accounts WHERE name = ?", [.text(account.name)]) == 1 {
                throw SyncAccountError.exists(account.name)
            }
            try database.run(
                """
                INSERT INTO sync_accounts (name, kind, url, user, password_command, journal_seq, created_at)
                VALUES (?, ?, ?, ?, ?, 0, ?)
                """,
                [
                    .text(account.name), .text(account.kind.rawValue), .text(account.url), .optionalText(account.user),
                    .optionalText(account.passwordCommand), .double(clock.now.timeIntervalSince1970),
                ])
        }
    }

    /// Every account, by name.
    public func syncAccounts() throws -> [SyncAccount] {
        try read {
            try database.rows(
                """
                SELECT name, kind, url, user, password_command, journal_seq, last_sync_at, calendar_home FROM sync_accounts ORDER BY name
                """
            ).map {
                SyncAccount(
                    name: $0.text("name") ?? "", kind: SyncAccount.Kind(rawValue: $0.text("kind") ?? "") ?? .caldav,
                    url: $0.text("url") ?? "", user: $0.text("user"), passwordCommand: $0.text("password_command"),
                    journalSeq: $0.int("journal_seq") ?? 0,
                    lastSyncAt: $0.double("last_sync_at").map { Date(timeIntervalSince1970: $0) },
                    calendarHome: $0.text("calendar_home"))
            }
        }
    }

    /// The account called `name`. - Throws: `SyncAccountError.notFound`.
    public func syncAccount(named name: String) throws -> SyncAccount {
        guard let a = try syncAccounts().first(where: { $0.name == name }) else {
            throw SyncAccountError.notFound(name, known: try syncAccounts().map(\.name))
        }
        return a
    }

    /// Removes an account and its sync state (never a list or todo).
    /// - Throws: `SyncAccountError.notFound`.
    public func removeSyncAccount(named name: String) throws {
        try write {
            _ = try syncAccount(named: name)
            try database.run("DELETE FROM sync_items WHERE account = ?", [.text(name)])
            try database.run("DELETE FROM sync_collections WHERE account = ?", [.text(name)])
            try database.run("DELETE FROM sync_accounts WHERE name = ?", [.text(name)])
            if try database.scalarInt("SELECT count(*) FROM sync_accounts") == 0 {
                try database.run("DELETE FROM sync_journal")
            }
        }
    }

    /// The account's list ↔ collection pairings.
    public func syncCollections(account: String) throws -> [SyncCollectionState] {
        try read {
            try database.rows(
                "SELECT list_id, href, sync_token, displayname FROM sync_collections WHERE account = ?",
                [.text(account)]
            ).map {
                SyncCollectionState(
                    listID: $0.text("list_id") ?? "", href: $0.text("href") ?? "", syncToken: $0.text("sync_token"),
                    displayName: $0.text("displayname"))
            }
        }
    }

    /// Records (or replaces) a list ↔ collection pairing.
    public func setSyncCollection(account: String, _ c: SyncCollectionState) throws {
        try write {
            try database.run(
                "DELETE FROM sync_collections WHERE account = ? AND (list_id = ? OR href = ?)",
                [.text(account), .text(c.listID), .text(c.href)])
            try database.run(
                "INSERT INTO sync_collections (account, list_id, href, sync_token, displayname) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(account), .text(c.listID), .text(c.href), .optionalText(c.syncToken),
                    .optionalText(c.displayName),
                ])
        }
    }

    /// Forgets a pairing and its items' sync state (the collection or the list is gone).
    public func removeSyncCollection(account: String, listID: String) throws {
        try write {
            try database.run(
                "DELETE FROM sync_collections WHERE account = ? AND list_id = ?", [.text(account), .text(listID)])
            try database.run(
                "DELETE FROM sync_items WHERE account = ? AND list_id = ?", [.text(account), .text(listID)])
        }
    }

    /// The account's item states, by todo id — without their `base` text (empty here; read one
    /// with `syncItemBase`), so a pass with nothing to merge reads only hrefs and ETags.
    public func syncItems(account: String) throws -> [String: SyncItemState] {
        try read {
            var out: [String: SyncItemState] = [:]
            for r in try database.rows(
                "SELECT todo_id, list_id, href, etag FROM sync_items WHERE account = ?", [.text(account)])
            {
                let s = SyncItemState(
                    todoID: r.text("todo_id") ?? "", listID: r.text("list_id") ?? "", href: r.text("href") ?? "",
                    etag: r.text("etag"), base: "")
                out[s.todoID] = s
            }
            return out
        }
    }

    /// The version last synced of one item (the three-way merge's base), or nil.
    public func syncItemBase(account: String, todoID: String) throws -> String? {
        try read {
            try database.scalarText(
                "SELECT base FROM sync_items WHERE account = ? AND todo_id = ?", [.text(account), .text(todoID)])
        }
    }

    /// The ids of a list's todos, and how many todos there are in all (for sync).
    public func syncTodoIDs(inList listID: String) throws -> [String] {
        try read {
            try database.rows("SELECT id FROM todos WHERE list_id = ? ORDER BY sort_order", [.text(listID)]).compactMap
            { $0.text("id") }
        }
    }

    /// The journal after `seq`: which todos and lists changed and when last.
    public func syncJournal(after seq: Int) throws -> SyncJournalChanges {
        try read {
            var changes = SyncJournalChanges(head: seq)
            for r in try database.rows(
                "SELECT seq, kind, item_id, at FROM sync_journal WHERE seq > ? ORDER BY seq", [.int(seq)])
            {
                let at = Date(timeIntervalSince1970: r.double("at") ?? 0)
                changes.head = max(changes.head, r.int("seq") ?? 0)
                if r.text("kind") == "todo" {
                    changes.todos[r.text("item_id") ?? ""] = at
                } else {
                    changes.lists[r.text("item_id") ?? ""] = at
                }
            }
            return changes
        }
    }

    /// Ends a pass: the account's journal cursor moves to `head`, the calendar home the pass used
    /// is kept (`calendarHome`, nil for a vdir), and entries every account has synced are pruned.
    public func finishSync(account: String, journalHead head: Int, calendarHome: String? = nil) throws {
        try write {
            try database.run(
                """
                UPDATE sync_accounts SET journal_seq = max(journal_seq, ?), last_sync_at = ?, calendar_home = ? WHERE name = ?
                """,
                [.int(head), .double(clock.now.timeIntervalSince1970), .optionalText(calendarHome), .text(account)])
            if let low = try database.scalarInt("SELECT min(journal_seq) FROM sync_accounts") {
                try database.run("DELETE FROM sync_journal WHERE seq <= ?", [.int(low)])
            }
        }
    }

    /// Foreign UIDs by todo id: the UID an imported or synced VTODO had when it is not the todo id.
    public func foreignUIDs() throws -> [String: String] {
        try read {
            var out: [String: String] = [:]
            for r in try database.rows("SELECT todo_id, uid FROM todo_uids") {
                out[r.text("todo_id") ?? ""] = r.text("uid")
            }
            return out
        }
    }

    /// Every list, in order (for sync).
    public func syncLists() throws -> [TodoList] { try read { try allLists() } }

    /// The todos of a list, in order (for sync).
    public func syncTodos(inList listID: String) throws -> [Todo] { try read { try todos(inList: listID) } }

    /// One todo by id, or nil (for sync).
    public func syncTodo(id: String) throws -> Todo? { try read { try todo(id: id) } }

    /// A list for a collection found on a server: with `id` when it is a free UUID, at the end
    /// (or at `sortOrder` when given and free), created at `createdAt` (default now).
    ///
    /// `pairing` (account, collection href): the list ↔ collection pairing is recorded in the same
    /// transaction (no sync-token yet), before any item of the collection is stored. A pass killed
    /// during the first download then finds the pairing next time and continues into this list;
    /// without it, a collection whose name is not a UUID (`personal`, `default`, `tasks`) would get
    /// a second list and the items already stored would count as deleted there.
    public func addSyncedList(
        id wanted: String?, title: String, sortOrder: Int?, createdAt: Date?,
        pairing: (account: String, href: String)? = nil
    ) throws -> TodoList {
        let clean = (try? TextRules.title(title)) ?? Store.inboxTitle
        return try write {
            var id = Store.newID()
            if let wanted, Store.isID(wanted),
                try database.scalarInt("SELECT count(*) FROM lists WHERE id = ?", [.text(wanted)]) == 0
            {
                id = wanted
            }
            var order = (try database.scalarInt("SELECT max(sort_order) FROM lists") ?? -1) + 1
            if let s = sortOrder, s >= 0,
                try database.scalarInt("SELECT count(*) FROM lists WHERE sort_order = ?", [.int(s)]) == 0
            {
                order = s
            }
            let created = createdAt ?? clock.now
            try database.run(
                "INSERT INTO lists (id, title, sort_order, created_at) VALUES (?, ?, ?, ?)",
                [.text(id), .text(clean), .int(order), .double(created.timeIntervalSince1970)])
            try setSearchKey(listID: id, title: clean)
            if let pairing {
                try setSyncCollection(
                    account: pairing.account,
                    SyncCollectionState(
                        listID: id, href: pairing.href, syncToken: nil,
                        displayName: clean))
            }
            return TodoList(id: id, title: clean, sortOrder: order, createdAt: created)
        }
    }

    /// Renames a list to a collection's new `displayname` (no-op when equal or not a valid title).
    public func renameSyncedList(id: String, to title: String) throws {
        guard let clean = try? TextRules.title(title) else { return }
        try write {
            guard let current = try database.scalarText("SELECT title FROM lists WHERE id = ?", [.text(id)]),
                current != clean
            else { return }
            try database.run("UPDATE lists SET title = ? WHERE id = ?", [.text(clean), .text(id)])
            try setSearchKey(listID: id, title: clean)
        }
    }

    /// The index of the cycle of the series (`rule` from `anchor`) whose due is `due`, searched
    /// outwards from cycle `near` (the current one: an item is nearly always on it or next to it)
    /// over cycles 0 … `near` + 366; nil when `due` is no cycle there (a reschedule).
    static func cycle(of due: Due, rule: RepeatRule, anchor: Due, near: Int) -> Int? {
        let upper = near + 366
        for distance in 0...max(near, 366) {
            for i in distance == 0 ? [near] : [near + distance, near - distance] where i >= 0 && i <= upper {
                if RecurrenceEngine.occurrence(i, of: rule, anchor: anchor) == due { return i }
            }
        }
        return nil
    }

    /// Check-ins another client made of single cycles of a synced repeating todo (Thunderbird's
    /// completed `RECURRENCE-ID` overrides), by each cycle's local date and completion time:
    /// recorded through `recordCheckIns`, as imported check-ins are, for the cycles up to the
    /// current one that have none yet (so a second pass adds nothing). A date that is no cycle of
    /// the series is ignored.
    /// - Returns: the number of check-ins added.
    @discardableResult
    public func recordSyncedCheckIns(todoID: String, _ dates: [(LocalDate, Date)]) throws -> Int {
        try write {
            guard let todo = try todo(id: todoID), let rule = todo.repeatRule, let anchor = todo.anchor else {
                return 0
            }
            var checkIns: [(cycle: Int, completedAt: Date, note: String?)] = []
            for (date, at) in dates {
                guard
                    let i = (0...todo.occurrenceCount).first(where: {
                        RecurrenceEngine.occurrence($0, of: rule, anchor: anchor)?.localDate == date
                    })
                else { continue }
                checkIns.append((i, at, nil))
            }
            return try recordCheckIns(of: todo, checkIns, source: .sync)
        }
    }

    /// Forgets one item's sync state (deleted on both sides, or moved to another list).
    public func forgetSyncItem(account: String, todoID: String) throws {
        try write {
            _ = try database.run(
                "DELETE FROM sync_items WHERE account = ? AND todo_id = ?", [.text(account), .text(todoID)])
        }
    }

    /// Applies one merged item in one transaction: the todo (`merged`, nil = delete it locally)
    /// and its sync state (`state`, nil = forget it).
    ///
    /// A merged completion of a cycle that is not completed here (the current one, or a past cycle
    /// of the same series) goes through **the** completion function (`completeInTransaction`,
    /// source `sync`), so history, flashes and the cycle rule are the store's; its time is then set
    /// to the remote `COMPLETED` (never after now). A remote series that moved past our current
    /// cycle (the way Tasks.org and Apple Reminders complete a repeating todo: DUE advanced, RRULE
    /// kept) first completes our current cycle the same way. The cycle columns of a repeating
    /// todo always stay the store's (a cache of its history, Store+CatchUp.swift): a new item that
    /// arrives completed gets its history row (`recordArrivedCompletion`).
    /// - Throws: store errors (rolled back).
    /// `foreignUID`: the item's UID when it is not the todo id, kept for `export` (`todo_uids`).
    public func applySynced(
        account: String, merged: Todo?, deleting todoID: String? = nil, state: SyncItemState?,
        foreignUID: String? = nil
    ) throws {
        try write {
            if let merged {
                if var local = try todo(id: merged.id) {
                    if local.repeatRule != nil, local.repeatRule == merged.repeatRule, let anchor = local.anchor,
                        let mergedDue = merged.due,
                        local.due != mergedDue, !local.isCompleted,
                        (1...366).contains(where: {
                            RecurrenceEngine.occurrence(
                                local.occurrenceCount + $0, of: local.repeatRule!, anchor: anchor) == mergedDue
                        })
                    {
                        // The other client completed the cycle and advanced the series: a
                        // completion of our current cycle through the completion function; the
                        // cycle the series then stands on is the store's rule (derived from
                        // history, Store+CatchUp.swift), not the remote's DUE.
                        _ = try completeInTransaction(todoID: local.id, source: .sync)
                        local = try todo(id: local.id) ?? local
                    }
                    var target = merged
                    target.listId = merged.listId.isEmpty ? local.listId : merged.listId
                    target.createdAt = local.createdAt
                    // Parent, priority, tags and start are the merged ones; a parent that cannot be
                    // had here (the sync engine keeps such a subtask pending) leaves it top-level.
                    if let p = target.parentId, try parentProblem(child: target, parentID: p) != nil {
                        target.parentId = nil
                    }
                    // The same series (same rule, the remote's due one of its cycles, index i): the
                    // cycle columns stay ours, a cache of our history, and a remote completion
                    // completes cycle i (the current one, or a past one as `done --on` does). Only
                    // a due that is no cycle of the series (a reschedule) restarts it from there.
                    var completes: (cycle: Int?, at: Date?)? = nil
                    if target.repeatRule != nil, local.repeatRule == target.repeatRule, let rule = local.repeatRule,
                        let anchor = local.anchor, let due = target.due,
                        let i = Store.cycle(of: due, rule: rule, anchor: anchor, near: local.occurrenceCount)
                    {
                        if target.isCompleted, i <= local.occurrenceCount,
                            try completedCycles(of: local, at: clock.now)[i] == nil,
                            !(i == local.occurrenceCount && local.isCompleted)
                        {
                            completes = (i == local.occurrenceCount ? nil : i, target.completedAt)
                        }
                        target.anchor = local.anchor; target.occurrenceCount = local.occurrenceCount;
                        target.due = local.due
                        target.missedCount = local.missedCount
                        target.isCompleted = local.isCompleted; target.completedAt = local.completedAt
                    } else if target.isCompleted && !local.isCompleted {
                        completes = (nil, target.completedAt)
                        target.isCompleted = false; target.completedAt = nil
                    }
                    if target != local { try update(target) }
                    if let completes {
                        _ = try completeInTransaction(todoID: local.id, cycle: completes.cycle, source: .sync)
                        // The remote's COMPLETED time, never after our now (history after now
                        // is ignored: a clock ahead on the other device must not hide it).
                        if let remoteAt = completes.at {
                            let at = min(remoteAt, clock.now)
                            try database.run(
                                "UPDATE todos SET completed_at = ? WHERE id = ? AND is_completed = 1 AND completed_at = ?",
                                [
                                    .double(at.timeIntervalSince1970), .text(local.id),
                                    .double(clock.now.timeIntervalSince1970),
                                ])
                            try database.run(
                                """
                                UPDATE completions SET completed_at = ? WHERE id =
                                  (SELECT id FROM completions WHERE todo_id = ? ORDER BY id DESC LIMIT 1)
                                """, [.double(at.timeIntervalSince1970), .text(local.id)])
                        }
                    }
                } else {
                    var fresh = merged
                    let end =
                        (try database.scalarInt(
                            "SELECT max(sort_order) FROM todos WHERE list_id = ?", [.text(fresh.listId)]) ?? -1) + 1
                    let taken =
                        try database.scalarInt(
                            "SELECT count(*) FROM todos WHERE list_id = ? AND sort_order = ?",
                            [.text(fresh.listId), .int(fresh.sortOrder)]) ?? 0
                    if fresh.sortOrder < 0 || taken > 0 {
                        fresh.sortOrder = end
                    }
                    if let p = fresh.parentId, try parentProblem(child: fresh, parentID: p) != nil {
                        fresh.parentId = nil
                    }
                    try insert(fresh)
                    try recordArrivedCompletion(of: fresh, source: .sync)
                }
            } else if let todoID {
                try database.run("DELETE FROM flashes WHERE todo_id = ?", [.text(todoID)])
                try database.run("DELETE FROM todos WHERE id = ?", [.text(todoID)])
            }
            if let merged, let foreignUID, foreignUID != merged.id {
                try database.run(
                    "INSERT INTO todo_uids (todo_id, uid) VALUES (?, ?) ON CONFLICT(todo_id) DO UPDATE SET uid = excluded.uid",
                    [.text(merged.id), .text(foreignUID)])
            }
            let id = merged?.id ?? todoID ?? state?.todoID ?? ""
            try database.run(
                "DELETE FROM sync_items WHERE account = ? AND (todo_id = ? OR href = ?)",
                [.text(account), .text(id), .text(state?.href ?? "")])
            if let state {
                try database.run(
                    "INSERT INTO sync_items (account, todo_id, list_id, href, etag, base, organized) VALUES (?, ?, ?, ?, ?, ?, 1)",
                    [
                        .text(account), .text(state.todoID), .text(state.listID), .text(state.href),
                        .optionalText(state.etag), .text(state.base),
                    ])
            }
        }
    }
}

/// Why a synced subtask cannot have its `RELATED-TO` parent here (docs/sync.md "Subtasks").
public enum SyncParentProblem: Hashable, Sendable {
    /// No todo has that id on this device (not synced yet, or never): the subtask waits top-level.
    case missing
    /// The parent is in another list (a subtask is in its parent's list); its title.
    case otherList(String)
    /// The parent is the todo itself or one of its subtasks: a loop of parents.
    case loop
}

extension Store {
    /// Why todo `child` (as it is to be stored: its `listId`) cannot have parent `parentID` here,
    /// or nil when it can. One read transaction.
    public func syncParentProblem(child: Todo, parentID: String) throws -> SyncParentProblem? {
        try read { try parentProblem(child: child, parentID: parentID) }
    }

    /// `syncParentProblem` inside a transaction.
    func parentProblem(child: Todo, parentID: String) throws -> SyncParentProblem? {
        guard let parent = try todo(id: parentID) else { return .missing }
        if parent.listId != child.listId {
            return .otherList(
                try database.scalarText("SELECT title FROM lists WHERE id = ?", [.text(parent.listId)]) ?? "")
        }
        // Walk up from the parent: reaching the child is a loop (at most 100 levels, as `descendants`).
        var current: Todo? = parent
        for _ in 0..<100 {
            guard let c = current else { return nil }
            if c.id == child.id { return .loop }
            current = try c.parentId.flatMap { try todo(id: $0) }
        }
        return .loop
    }

    /// Puts synced todo `todoID` under `parentID` when it can be (`syncParentProblem` is nil at
    /// the time of the write) and it has no parent yet; the sync state is unchanged (the base
    /// already says this parent). - Returns: the problem, or nil when attached (or already there).
    @discardableResult
    public func attachSyncedParent(todoID: String, parentID: String) throws -> SyncParentProblem? {
        try write {
            guard var child = try todo(id: todoID) else { return .missing }
            if child.parentId == parentID { return nil }
            guard child.parentId == nil else { return nil }
            if let problem = try parentProblem(child: child, parentID: parentID) { return problem }
            child.parentId = parentID
            try update(child)
            return nil
        }
    }

    /// The synced todos of `listID` without a parent here whose base names one (a `RELATED-TO`):
    /// subtasks waiting for their parent, by todo id, with their base text.
    public func syncItemsAwaitingParent(account: String, listID: String) throws -> [(todoID: String, base: String)] {
        try read {
            try database.rows(
                """
                SELECT s.todo_id, s.base FROM sync_items s JOIN todos t ON t.id = s.todo_id
                WHERE s.account = ? AND s.list_id = ? AND t.parent_id IS NULL AND instr(upper(s.base), 'RELATED-TO') > 0
                """, [.text(account), .text(listID)]
            ).compactMap { r in
                r.text(0).flatMap { id in r.text(1).map { (id, $0) } }
            }
        }
    }

    /// The account's items synced before parent, priority, tags and start were merge groups
    /// (migration `v13-sync-organize-groups`), by todo id, with their base text.
    public func syncItemsBeforeOrganize(account: String) throws -> [(todoID: String, base: String)] {
        try read {
            try database.rows(
                "SELECT todo_id, base FROM sync_items WHERE account = ? AND organized = 0", [.text(account)]
            ).compactMap { r in
                r.text(0).flatMap { id in r.text(1).map { (id, $0) } }
            }
        }
    }

    /// Takes what those items' bases say (`organized`: each todo with the priority, tags and start
    /// read from its base, where it had none here) in one transaction, and marks every item of the
    /// account as read so. Parents are attached afterwards, one by one (`attachSyncedParent`).
    public func adoptSyncedOrganize(account: String, _ organized: [Todo]) throws {
        try write {
            for t in organized {
                guard var local = try todo(id: t.id) else { continue }
                if local.priority == .none { local.priority = t.priority }
                if local.tags.isEmpty { local.tags = t.tags }
                if local.start == nil { local.start = t.start }
                if local != (try todo(id: t.id)) { try update(local) }
            }
            try database.run(
                "UPDATE sync_items SET organized = 1 WHERE account = ? AND organized = 0", [.text(account)])
        }
    }
}

/// A sync account operation the store refused.
public enum SyncAccountError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `sync add` with a name that is taken.
    case exists(String)
    /// No account has this name; `known` lists the names there are.
    case notFound(String, known: [String])

    public var description: String { message(Localizer(.en)) }
}

extension SyncAccountError: ReportableError {
    public var exitCode: ExitCode {
        switch self {
        case .exists: .usage
        case .notFound: .nothingMatched
        }
    }

    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .exists(let name): localizer.text(.syncErrorAccountExists, name)
        case .notFound(let name, let known):
            localizer.text(.syncErrorAccountNotFound, name, known.isEmpty ? "-" : known.joined(separator: ", "))
        }
    }
}
