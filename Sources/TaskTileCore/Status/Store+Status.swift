import Foundation

extension Store {
    /// What `tasktile status` shows (docs/status-bars.md "Status is a read"), in one read transaction; never writes.
    ///
    /// Built to stay fast on large stores: the counts and the next due are one SQL aggregate over
    /// `todos`, and only the first `titleLimit` pending todos are read as rows, list by list through
    /// the index (with their short ids found by two primary-key probes each, not by reading every id).
    /// Every query goes through the connection's statement cache (`Database.cachedStatement`), so a
    /// process that asks again (a status bar, `status --follow`) prepares nothing after the first time.
    /// - Parameters:
    ///   - reference: a list title or id prefix (`--list`), or nil for all lists.
    ///   - titleLimit: how many pending todos to list, in list then todo `sortOrder`.
    /// - Throws: `StoreError.listNotFound`, `.ambiguousList`, `.busy`.
    /// - Parameter streaks: also read the streaks of the repeating todos in scope (one history read
    ///   per repeating todo; `status --format json`).
    public func statusSnapshot(list reference: String? = nil, titleLimit: Int = 50, streaks: Bool = false) throws -> StatusSnapshot {
        try read {
            var list: TodoList?
            if let reference {
                switch try resolveScope(reference) {
                case .list(let l): list = l
                case .view(let view): return try statusSnapshot(view: view, titleLimit: titleLimit, streaks: streaks)
                }
            }
            let now = clock.now
            let zone = clock.timeZone
            let today = clock.today
            let scope = list == nil ? "" : " AND t.list_id = ?"
            let scopeArgs: [SQLValue] = list.map { [.text($0.id)] } ?? []

            // Overdue (DueLabel): a timed due when its instant has passed; a date-only due
            // (`due_utc` NULL) from the start of the next day in the user's zone, i.e. before today.
            // The next due still ahead: the earliest timed one and the earliest date-only one.
            let nowArg = SQLValue.double(now.timeIntervalSince1970), todayArg = SQLValue.text(today.description)
            // A todo whose start has not come is not counted (docs/organize.md "Start dates").
            let started = Store.startedSQL
            let startedArgs = [nowArg, todayArg]
            let pendingCount: Int, completedCount: Int, overdueCount: Int
            let nextIDs: [String]
            if list == nil {
                // The whole store: range searches on the (is_completed, due_utc, due_local) index of
                // migration v3 instead of a scan of every row, so a status bar stays fast at 100k todos.
                var byState = [0: 0, 1: 0]
                for row in try rows("SELECT is_completed, count(*) AS n FROM todos GROUP BY is_completed") {
                    byState[row.int("is_completed") ?? 0] = row.int("n") ?? 0
                }
                // The counts stay index-only (no row is read): every todo is counted, then the few whose start
                // has not come are taken off, found through the partial index of migration v15
                // (todos_by_start). A start condition in the counts themselves read every overdue row.
                let hiddenSQL = "t.start_local IS NOT NULL AND t.is_completed = 0 AND NOT \(started)"
                let hidden = try rows("""
                    SELECT count(*) AS n,
                           coalesce(sum((t.due_utc IS NOT NULL AND t.due_utc <= ?) OR (t.due_utc IS NULL AND t.due_local < ?)), 0) AS overdue
                    FROM todos t WHERE \(hiddenSQL)
                    """, [nowArg, todayArg] + startedArgs)[0]
                pendingCount = (byState[0] ?? 0) - (hidden.int("n") ?? 0)
                completedCount = byState[1] ?? 0
                overdueCount = (try rows("SELECT count(*) FROM todos t WHERE is_completed = 0 AND due_utc <= ?",
                                         [nowArg]).first?.int(0) ?? 0)
                    + (try rows("SELECT count(*) FROM todos t WHERE is_completed = 0 AND due_utc IS NULL AND due_local < ?",
                                [todayArg]).first?.int(0) ?? 0)
                    - (hidden.int("overdue") ?? 0)
                nextIDs = try [
                    rows("SELECT id FROM todos t WHERE is_completed = 0 AND due_utc > ? AND \(started) ORDER BY due_utc, id LIMIT 1",
                         [nowArg] + startedArgs).first?.text(0),
                    rows("""
                        SELECT id FROM todos t WHERE is_completed = 0 AND due_utc IS NULL AND due_local >= ? AND \(started)
                        ORDER BY due_local, id LIMIT 1
                        """, [todayArg] + startedArgs).first?.text(0),
                ].compactMap { $0 }
            } else {
                // One list: one pass over its rows (through the list index) for everything counted;
                // the next dues as sortable keys (a fixed-width instant or the ISO date) + the id.
                let counts = try rows("""
                    SELECT coalesce(sum(t.is_completed = 0), 0) AS pending,
                           coalesce(sum(t.is_completed = 1), 0) AS completed,
                           coalesce(sum(t.is_completed = 0 AND (
                               (t.due_utc IS NOT NULL AND t.due_utc <= ?) OR
                               (t.due_utc IS NULL AND t.due_local IS NOT NULL AND t.due_local < ?))), 0) AS overdue,
                           min(CASE WHEN t.is_completed = 0 AND t.due_utc > ? THEN printf('%017.3f', t.due_utc) || t.id END) AS next_timed,
                           min(CASE WHEN t.is_completed = 0 AND t.due_utc IS NULL AND t.due_local >= ?
                                    THEN substr(t.due_local, 1, 10) || t.id END) AS next_dated
                    FROM todos t WHERE \(started)\(scope)
                    """, [nowArg, todayArg, nowArg, todayArg] + startedArgs + scopeArgs)[0]
                pendingCount = counts.int("pending") ?? 0
                completedCount = counts.int("completed") ?? 0
                overdueCount = counts.int("overdue") ?? 0
                nextIDs = [counts.text("next_timed").map { String($0.dropFirst(17)) },
                           counts.text("next_dated").map { String($0.dropFirst(10)) }].compactMap { $0 }
            }

            let columns = """
                t.id AS id, t.title AS title, l.title AS list_title, t.due_local AS due_local, t.due_zone AS due_zone, \
                t.priority AS priority, t.tags AS tags, t.parent_id AS parent_id
                """
            func item(_ row: Row) throws -> StatusSnapshot.Item {
                let id = row.text("id") ?? ""
                let due = Store.decodeDue(local: row.text("due_local"), zone: row.text("due_zone"))
                return StatusSnapshot.Item(
                    id: id, shortID: try shortID(ofTodo: id), title: row.text("title") ?? "",
                    listTitle: row.text("list_title") ?? "", due: due,
                    dueLabel: due.map { DueLabel(due: $0, now: now, zone: zone) },
                    priority: Priority(rawValue: row.int("priority") ?? 0) ?? .none,
                    tags: TagRules.decode(row.text("tags")), parentId: row.text("parent_id"))
            }
            func item(id: String) throws -> StatusSnapshot.Item? {
                try rows("SELECT \(columns) FROM todos t JOIN lists l ON l.id = t.list_id WHERE t.id = ?",
                         [.text(id)]).first.map(item)
            }

            // Of the two candidates, whichever is due first (`Due.deadline`: a date-only due is due
            // at the end of its day, so "today 12:00" comes before "today").
            let nextCandidates = try nextIDs.compactMap(item(id:))
            let nextDue = nextCandidates.min {
                ($0.due?.deadline(userZone: zone) ?? .distantFuture) < ($1.due?.deadline(userZone: zone) ?? .distantFuture)
            }

            // The first pending todos in list order, then todo order: list by list through the
            // (list_id, is_completed, sort_order) index, stopping at the limit, so a large store
            // is never sorted as a whole.
            var pending: [StatusSnapshot.Item] = []
            for l in try list.map({ [$0] }) ?? allLists() where pending.count < titleLimit {
                pending += try rows("""
                    SELECT \(columns) FROM todos t JOIN lists l ON l.id = t.list_id
                    WHERE t.list_id = ? AND t.is_completed = 0 AND \(started)
                    ORDER BY t.sort_order, t.created_at, t.id LIMIT ?
                    """, [.text(l.id)] + startedArgs + [.int(titleLimit - pending.count)]).map(item)
            }

            var snapshot = StatusSnapshot(listTitle: list?.title, pendingCount: pendingCount,
                                          completedCount: completedCount, overdueCount: overdueCount,
                                          nextDue: nextDue, pending: pending, today: today)
            if streaks {
                let lists = try list.map { [$0] } ?? allLists()
                var repeating: [(Todo, String)] = []
                for l in lists {
                    repeating += try database.rows("""
                        SELECT \(Store.todoColumns) FROM todos WHERE repeat_frequency IS NOT NULL AND list_id = ?
                        ORDER BY sort_order, created_at, id
                        """, [.text(l.id)]).map { (Store.todo(from: $0), l.title) }
                }
                let byID = try self.streaks(of: repeating.map(\.0))
                let progress = try goalProgress(of: repeating.map(\.0))
                snapshot.streaks = repeating.compactMap { t, listTitle in
                    byID[t.id].map { StatusSnapshot.StreakItem(id: t.id, title: t.title, listTitle: listTitle, streak: $0,
                                                               progress: progress[t.id]) }
                }
            }
            return snapshot
        }
    }


    /// `statusSnapshot` of a smart list (started todos only): the counts as SQL aggregates over the
    /// view's filter (`counts(ofView:)`), the next due and the first `titleLimit` pending todos read as
    /// rows, so `status --list @today` over 100k todos never loads the view. Call inside a transaction.
    func statusSnapshot(view: SmartView, titleLimit: Int, streaks: Bool) throws -> StatusSnapshot {
        let now = clock.now, zone = clock.timeZone, today = clock.today
        let counts = try counts(ofView: view)
        func item(_ pair: (Todo, TodoList)) throws -> StatusSnapshot.Item {
            let (t, l) = pair
            return StatusSnapshot.Item(
                id: t.id, shortID: try shortID(ofTodo: t.id), title: t.title, listTitle: l.title,
                due: t.due, dueLabel: t.due.map { DueLabel(due: $0, now: now, zone: zone) },
                priority: t.priority, tags: t.tags, parentId: t.parentId)
        }
        var snapshot = StatusSnapshot(listTitle: view.reference, pendingCount: counts.pending,
                                      completedCount: counts.completed, overdueCount: counts.overdue,
                                      nextDue: try nextDue(inView: view).map(item),
                                      pending: try todos(inView: view, completed: false, limit: titleLimit,
                                                          expected: counts.pending).map(item),
                                      today: today)
        if streaks {
            let repeating = try todos(inView: view).filter { $0.0.repeatRule != nil }
            let byID = try self.streaks(of: repeating.map(\.0))
            let progress = try goalProgress(of: repeating.map(\.0))
            snapshot.streaks = repeating.compactMap { t, l in
                byID[t.id].map { StatusSnapshot.StreakItem(id: t.id, title: t.title, listTitle: l.title, streak: $0,
                                                           progress: progress[t.id]) }
            }
        }
        return snapshot
    }

    /// The shortest unique prefix (≥ `minimum` characters) of one todo id among all todo ids, from
    /// its two neighbours in id order (the same rule as `Store.shortIDs`). Call inside a transaction.
    func shortID(ofTodo id: String, minimum: Int = 6) throws -> String {
        let before = try rows("SELECT max(id) FROM todos WHERE id < ?", [.text(id)]).first?.text(0)
        let after = try rows("SELECT min(id) FROM todos WHERE id > ?", [.text(id)]).first?.text(0)
        func lcp(_ other: String?) -> Int { other.map { zip($0.utf8, id.utf8).prefix { $0 == $1 }.count } ?? 0 }
        return String(id.prefix(max(minimum, lcp(before) + 1, lcp(after) + 1)))
    }

    /// Every row of `sql` through the connection's statement cache (the status path runs the same
    /// few statements on every call).
    private func rows(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        try database.cachedStatement(sql).rows(arguments)
    }
}
