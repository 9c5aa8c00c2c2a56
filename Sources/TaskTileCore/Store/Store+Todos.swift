import Foundation

/// Changes to a todo for `Store.editTodo`; nil fields stay as they are.
public struct TodoChanges: Sendable {
    public var title: String?
    /// `.some(nil)` removes the due (and with it the repeat rule).
    public var due: Due??
    /// `.some(nil)` removes the repeat rule.
    public var repeatRule: RepeatRule??
    /// `.some(nil)` removes the notes.
    public var notes: String??

    /// A parent reference (in the todo's list); `.some(nil)` makes it top-level again.
    public var parent: String??
    public var priority: Priority?
    /// Tags added (`--tag`), each through `TagRules.tag`.
    public var addTags: [String]
    /// Tags removed (`--untag`), matched by key.
    public var removeTags: [String]
    /// `.some(nil)` removes the start.
    public var start: Due??
    /// A list reference to move the todo (and its subtasks) to; its parent link is dropped unless
    /// `parent` names one in that list.
    public var list: String?

    public init(title: String? = nil, due: Due?? = nil, repeatRule: RepeatRule?? = nil, notes: String?? = nil,
                parent: String?? = nil, priority: Priority? = nil, addTags: [String] = [], removeTags: [String] = [],
                start: Due?? = nil, list: String? = nil) {
        self.title = title; self.due = due; self.repeatRule = repeatRule; self.notes = notes
        self.parent = parent; self.priority = priority; self.addTags = addTags; self.removeTags = removeTags
        self.start = start; self.list = list
    }
}

extension Store {
    /// Todos of one list: pending then completed, each by `sortOrder` (ties `createdAt`, `id`).
    /// Call inside a transaction.
    package func todos(inList listID: String) throws -> [Todo] {
        try database.rows("""
            SELECT \(Store.todoColumns) FROM todos WHERE list_id = ?
            ORDER BY is_completed, sort_order, created_at, id
            """, [.text(listID)]).map(Store.todo(from:))
    }

    /// The todos of list `listID` whose title has the match key `key` (`TextRules.hasMatchKey`), in
    /// `todos(inList:)` order (pending first). Reads two columns of each todo and decodes only the
    /// matches: `intent complete` and `done TITLE --list` on a 1,000-todo list. Call inside a transaction.
    func todos(inList listID: String, matchKey key: String) throws -> [Todo] {
        let ids = try database.cachedStatement("""
            SELECT id, title FROM todos WHERE list_id = ? ORDER BY is_completed, sort_order, created_at, id
            """).rows([.text(listID)]).compactMap { TextRules.hasMatchKey($0.text(1) ?? "", key) ? $0.text(0) : nil }
        return try ids.compactMap { try todo(id: $0) }
    }

    /// One todo by exact id, or nil. Call inside a transaction.
    /// Through the statement cache: imports ask once per item.
    package func todo(id: String) throws -> Todo? {
        try database.cachedStatement("SELECT \(Store.todoColumns) FROM todos WHERE id = ?").rows([.text(id)]).first.map(Store.todo(from:))
    }

    func candidate(_ todo: Todo) throws -> TodoCandidate {
        let listTitle = try database.scalarText("SELECT title FROM lists WHERE id = ?", [.text(todo.listId)]) ?? ""
        return TodoCandidate(id: todo.id, title: todo.title, listId: todo.listId, listTitle: listTitle, isCompleted: todo.isCompleted)
    }

    /// Resolves a todo reference (docs/lists-and-todos.md "Addressing"): with `list`, a title in that list (pending preferred)
    /// or an id prefix; without, an id prefix, else a title that exactly one todo in the store has.
    /// Call inside a transaction.
    /// - Throws: `StoreError.todoNotFound`, `.ambiguousTodo`, `.listNotFound`, `.ambiguousList`.
    public func resolveTodo(_ reference: String, list listReference: String? = nil) throws -> Todo {
        let key = TextRules.matchKey(reference)
        var scope: TodoList?
        if let listReference {
            switch try resolveScope(listReference) {
            case .list(let list): scope = list
            case .view(let view):
                // A smart list: a title among its todos (pending preferred), or an id prefix of one of them.
                let titled = try todos(inView: view, matchKey: key)
                let pending = titled.filter { !$0.isCompleted }
                var pick = pending.isEmpty ? titled : pending
                if pick.isEmpty, key.count >= 4 { pick = try todos(inView: view, idPrefix: key.lowercased()) }
                if pick.count == 1 { return pick[0] }
                if pick.count > 1 { throw StoreError.ambiguousTodo(reference, candidates: try pick.map(candidate)) }
                throw StoreError.todoNotFound(reference, list: view.reference)
            }
        }
        if let scope {
            let titled = try todos(inList: scope.id, matchKey: key)
            let pending = titled.filter { !$0.isCompleted }
            let pick = pending.isEmpty ? titled : pending
            if pick.count == 1 { return pick[0] }
            if pick.count > 1 { throw StoreError.ambiguousTodo(reference, candidates: try pick.map(candidate)) }
        }
        // An id prefix and (without a list) a title may both match: e.g. a todo titled "c249" and
        // another whose id starts c249…. Both kinds are candidates, so that case is reported as
        // ambiguous instead of silently picking the id.
        var candidates: [Todo] = []
        let prefix = key.lowercased()
        if prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
            var sql = "SELECT \(Store.todoColumns) FROM todos WHERE id >= ? AND id < ?"
            var args: [SQLValue] = [.text(prefix), .text(prefix + "g")]
            if let scope { sql += " AND list_id = ?"; args.append(.text(scope.id)) }
            candidates += try database.rows(sql + " LIMIT 11", args).map(Store.todo(from:))
        }
        if scope == nil {
            let titled = try database.rows("SELECT \(Store.todoColumns) FROM todos WHERE title = ? ORDER BY is_completed, sort_order",
                                           [.text(key)]).map(Store.todo(from:))
            let pending = titled.filter { !$0.isCompleted }
            candidates += (pending.isEmpty ? titled : pending).filter { t in !candidates.contains { $0.id == t.id } }
        }
        if candidates.count == 1 { return candidates[0] }
        if candidates.count > 1 { throw StoreError.ambiguousTodo(reference, candidates: try candidates.map(candidate)) }
        throw StoreError.todoNotFound(reference, list: scope?.title)
    }

    /// Adds a todo at the end of its list (`sortOrder` = max + 1 within the list). Without a list
    /// (`listReference` nil) the todo goes to the default list (`defaultList`, `Inbox` until
    /// changed), created in the same transaction when it does not exist yet.
    ///
    /// A repeating todo starts its series at `due`: its anchor and due become occurrence 0 (for a
    /// weekly rule, the first selected weekday on or after `due`, docs/cycles.md "Repeat rules"), and it is caught up in
    /// the same transaction (docs/cycles.md "Cycle semantics"), so a due already in the past is moved on at once and the
    /// returned todo is what every later read sees. A rule without a due is dropped.
    /// - Throws: `RepeatRuleError` when the rule is invalid for `due` (checked before anything is
    ///   written), `StoreError.invalidTitle`, `.invalidNotes`, `.listNotFound`, `.ambiguousList`.
    ///
    /// With `parent` (a todo reference) it is a subtask of that todo (docs/organize.md "Subtasks"):
    /// in the parent's list when `listReference` is nil, refused when the list differs.
    /// `tags` go through `TagRules.tags`; `start` hides it until then.
    /// - Throws: also `StoreError.invalidTag`, `.invalidParent`.
    @discardableResult
    public func addTodo(title: String, list listReference: String?, due: Due? = nil,
                        repeatRule: RepeatRule? = nil, notes: String? = nil, parent: String? = nil,
                        priority: Priority = .none, tags: [String] = [], start: Due? = nil) throws -> Todo {
        let clean = try TextRules.title(title)
        let cleanNotes = try notes.map(TextRules.notes)
        let cleanTags = try TagRules.tags(tags)
        let rule = due == nil ? nil : repeatRule
        let seriesStart = try Store.seriesStart(due: due, rule: rule)
        try Store.checkStart(start, due: seriesStart)
        return try write {
            // The default list is created when first used, named or not (`add --list Inbox`, `quick "… ^Inbox"`).
            var listChoice = try listReference.map { reference -> TodoList in
                do { return try resolveList(reference) } catch StoreError.listNotFound {
                    guard TextRules.matchKey(reference) == TextRules.matchKey(try setting(.defaultList).value) else {
                        throw StoreError.listNotFound(reference)
                    }
                    return try defaultListCreatingIt()
                }
            }
            var parentTodo: Todo?
            if let parent {
                parentTodo = try resolveParent(parent, inList: listChoice, child: nil)
                if let p = parentTodo, p.isCompleted { throw StoreError.invalidParent(Phrase(key: .errorParentCompleted, p.title)) }
                if listChoice == nil { listChoice = try allLists().first { $0.id == parentTodo?.listId } }
            }
            let list = try listChoice ?? defaultListCreatingIt()
            let order = (try database.scalarInt("SELECT max(sort_order) FROM todos WHERE list_id = ?", [.text(list.id)]) ?? -1) + 1
            let todo = Todo(id: Store.newID(), listId: list.id, title: clean, sortOrder: order, createdAt: clock.now,
                            due: seriesStart, anchor: rule == nil ? nil : seriesStart, repeatRule: rule, notes: cleanNotes,
                            parentId: parentTodo?.id, priority: priority, tags: cleanTags, start: start)
            try insert(todo)
            try catchUpInTransaction(at: clock.now, only: todo.id)
            return try self.todo(id: todo.id) ?? todo
        }
    }

    /// Refuses a start after the due (for a repeating todo, its first due): such a todo would stay hidden past its
    /// due, and a repeating one would count misses while nobody can see it (docs/organize.md "Start"). A date-only
    /// side compares by date; two times by instant.
    /// - Throws: `StoreError.invalidStart` (exit 64).
    package static func checkStart(_ start: Due?, due: Due?) throws {
        guard let start, let due else { return }
        let later: Bool
        if case .dateTime = start, case .dateTime = due {
            let utc = TimeZone(identifier: "UTC")!
            later = start.deadline(userZone: utc) > due.deadline(userZone: utc)
        } else {
            later = start.localDate > due.localDate
        }
        if later { throw StoreError.invalidStart(Phrase(key: .errorStartAfterDue, start.jsonText, due.jsonText)) }
    }

    /// The first due of a series that starts at `due` under `rule`: occurrence 0 with `due` as the
    /// anchor (the same day for daily, monthly and yearly rules; the first selected weekday on or
    /// after it for weekly ones). `due` itself when `rule` is nil.
    /// - Throws: `RepeatRuleError` from `RepeatRule.validate(anchor:)`.
    static func seriesStart(due: Due?, rule: RepeatRule?) throws(RepeatRuleError) -> Due? {
        guard let due, let rule else { return due }
        try rule.validate(anchor: due)
        return RecurrenceEngine.occurrence(0, of: rule, anchor: due) ?? due
    }

    /// Inserts a row with its search key in the same statement, so the search index's insert
    /// trigger fills it once (an INSERT then an UPDATE of the key made the update trigger delete and
    /// re-add the index row and bump the list's revision twice). Through the statement cache:
    /// imports insert once per item, and preparing this INSERT compiles every trigger on `todos`.
    package func insert(_ todo: Todo) throws {
        let (dueLocal, dueZone, dueUTC) = Store.encodeDue(todo.due)
        let (anchorLocal, anchorZone, _) = Store.encodeDue(todo.anchor)
        try database.cachedStatement("""
            INSERT INTO todos (id, list_id, title, is_completed, completed_at, sort_order, created_at,
                due_local, due_zone, due_utc, anchor_local, anchor_zone, repeat_frequency, repeat_interval,
                repeat_weekdays, repeat_end_count, repeat_end_date, repeat_by_day, repeat_skips_short_months, repeat_goal,
                repeat_from_completion, missed_count, occurrence_count, notes, search_key,
                parent_id, priority, tags, tag_keys, start_local, start_zone, start_utc)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run([.text(todo.id), .text(todo.listId), .text(todo.title), .int(todo.isCompleted ? 1 : 0),
                  .optionalDouble(todo.completedAt?.timeIntervalSince1970), .int(todo.sortOrder),
                  .double(todo.createdAt.timeIntervalSince1970), dueLocal, dueZone, dueUTC, anchorLocal, anchorZone]
                + Store.encodeRule(todo.repeatRule)
                + [.int(todo.missedCount), .int(todo.occurrenceCount), .optionalText(todo.notes),
                   .text(SearchKey.fold(todo.title))]
                + Store.encodeOrganize(todo))
    }

    /// Values for `parent_id, priority, tags, tag_keys, start_local, start_zone, start_utc`.
    static func encodeOrganize(_ todo: Todo) -> [SQLValue] {
        let (startLocal, startZone, startUTC) = encodeDue(todo.start)
        return [.optionalText(todo.parentId), .int(todo.priority.rawValue), .optionalText(TagRules.encode(todo.tags)),
                .optionalText(TagRules.encodeKeys(todo.tags)), startLocal, startZone, startUTC]
    }

    /// Writes every column of an existing todo, then its search key (a second statement: an
    /// UPDATE that changes the title but not its folded key would be reset to NULL by the
    /// `todos_search_key_stale` trigger). Through the statement cache, as `insert`.
    package func update(_ todo: Todo) throws {
        let (dueLocal, dueZone, dueUTC) = Store.encodeDue(todo.due)
        let (anchorLocal, anchorZone, _) = Store.encodeDue(todo.anchor)
        try database.cachedStatement("""
            UPDATE todos SET list_id = ?, title = ?, is_completed = ?, completed_at = ?, sort_order = ?,
                due_local = ?, due_zone = ?, due_utc = ?, anchor_local = ?, anchor_zone = ?,
                repeat_frequency = ?, repeat_interval = ?, repeat_weekdays = ?, repeat_end_count = ?,
                repeat_end_date = ?, repeat_by_day = ?, repeat_skips_short_months = ?, repeat_goal = ?,
                repeat_from_completion = ?, missed_count = ?,
                occurrence_count = ?,
                notes = ?, parent_id = ?, priority = ?, tags = ?, tag_keys = ?, start_local = ?, start_zone = ?, start_utc = ?
            WHERE id = ?
            """).run([.text(todo.listId), .text(todo.title), .int(todo.isCompleted ? 1 : 0),
                  .optionalDouble(todo.completedAt?.timeIntervalSince1970), .int(todo.sortOrder),
                  dueLocal, dueZone, dueUTC, anchorLocal, anchorZone]
                + Store.encodeRule(todo.repeatRule)
                + [.int(todo.missedCount), .int(todo.occurrenceCount), .optionalText(todo.notes)]
                + Store.encodeOrganize(todo) + [.text(todo.id)])
        try setSearchKey(todoID: todo.id, title: todo.title)
    }

    /// Edits a todo. A new due or repeat rule restarts the series from that due: the anchor and due
    /// become occurrence 0 from it (see `addTodo`), `occurrenceCount` and `missedCount` go to 0, and
    /// the todo is caught up in the same transaction.
    /// - Throws: `RepeatRuleError` when the (new or kept) rule is invalid for the (new or kept) due;
    ///   `StoreError` for bad text or references. Nothing is written when it throws.
    @discardableResult
    public func editTodo(_ reference: String, list listReference: String? = nil, changes: TodoChanges) throws -> Todo {
        let cleanTitle = try changes.title.map(TextRules.title)
        let cleanNotes = try changes.notes.map { try $0.map(TextRules.notes) }
        let addedTags = try TagRules.tags(changes.addTags)
        let removedTags = try changes.removeTags.map(TagRules.tag)
        let removedKeys = Set(removedTags.map(TagRules.key))
        return try write {
            var todo = try resolveTodo(reference, list: listReference)
            // `--untag` of a tag the todo does not have changes nothing: said, as `done` of a completed todo is.
            let keys = Set(todo.tags.map(TagRules.key))
            if let missing = removedTags.first(where: { !keys.contains(TagRules.key($0)) }) {
                throw StoreError.tagNotOnTodo(title: todo.title, tag: missing, tags: todo.tags)
            }
            if let cleanTitle { todo.title = cleanTitle }
            if let cleanNotes { todo.notes = cleanNotes }
            if let priority = changes.priority { todo.priority = priority }
            if let start = changes.start { todo.start = start }
            if !addedTags.isEmpty || !removedKeys.isEmpty {
                // Removed first, then added: `--untag Work --tag work` respells a tag (matched without case, a tag
                // added again in another case keeps the spelling it has).
                todo.tags = try TagRules.tags(todo.tags.filter { !removedKeys.contains(TagRules.key($0)) } + addedTags)
            }
            var moved: TodoList?
            if let target = changes.list {
                let list = try resolveList(target)
                if list.id != todo.listId {
                    // A subtask moves with its parent; alone only when told to leave it (--no-parent).
                    if let pid = todo.parentId, changes.parent == nil {
                        let parentTitle = try self.todo(id: pid)?.title ?? pid
                        throw StoreError.invalidParent(Phrase(key: .errorMoveSubtask, todo.title, parentTitle))
                    }
                    moved = list
                    todo.listId = list.id
                    todo.parentId = nil
                    todo.sortOrder = (try database.scalarInt("SELECT max(sort_order) FROM todos WHERE list_id = ?",
                                                             [.text(list.id)]) ?? -1) + 1
                }
            }
            if let parent = changes.parent {
                let list = try allLists().first { $0.id == todo.listId }
                todo.parentId = try parent.map { reference in
                    let p = try resolveParent(reference, inList: list, child: todo.id)
                    if p.isCompleted { throw StoreError.invalidParent(Phrase(key: .errorParentCompleted, p.title)) }
                    return p.id
                }
            }
            if let moved {
                // Its subtasks go with it, keeping their tree and their order, at the end of the list after it
                // (docs/organize.md "Subtasks").
                var next = todo.sortOrder + 1
                for sub in try descendants(of: todo.id) {
                    var s = sub
                    s.listId = moved.id
                    s.sortOrder = next
                    next += 1
                    try update(s)
                }
            }
            if let due = changes.due { todo.due = due }
            if let rule = changes.repeatRule { todo.repeatRule = rule }
            if todo.due == nil { todo.repeatRule = nil }
            let restarts = changes.due != nil || changes.repeatRule != nil
            if restarts {
                todo.due = try Store.seriesStart(due: todo.due, rule: todo.repeatRule)
                todo.anchor = todo.repeatRule == nil ? nil : todo.due
                todo.occurrenceCount = 0
                todo.missedCount = 0
                // A new due or rule is a new reminder: a snooze of the old one is dropped (docs/notifications.md
                // "Snooze").
                try database.run("DELETE FROM snoozes WHERE todo_id = ?", [.text(todo.id)])
            }
            if changes.start != nil || restarts { try Store.checkStart(todo.start, due: todo.repeatRule == nil ? todo.due : todo.anchor) }
            try update(todo)
            if restarts, try catchUpInTransaction(at: clock.now, only: todo.id) > 0 {
                return try self.todo(id: todo.id) ?? todo
            }
            return todo
        }
    }

    /// Marks a completed todo (or a cycle of a repeating todo) pending again, keeping its
    /// `sortOrder` so it returns to its old place. The completion stays in history, marked undone.
    ///
    /// For a repeating todo without `date`: the current cycle when it is completed, otherwise the
    /// cycle before it when that one was completed late and its window is still open (the next
    /// due has not passed; docs/cycles.md "Cycle semantics") — it becomes the overdue cycle that
    /// is due again. With `date` (`undo --on`): the cycle due that day (`cycleIndex(of:on:)`); the
    /// cycle columns are then re-derived from history (`missedCount` rises again).
    /// - Throws: `StoreError.notCompleted`, `.invalidCycle`, reference errors.
    @discardableResult
    public func undo(_ reference: String, list listReference: String? = nil, on date: LocalDate? = nil) throws -> Todo {
        try write {
            let now = clock.now
            let resolved = try resolveTodo(reference, list: listReference)
            try catchUpInTransaction(at: now, only: resolved.id)
            var todo = try self.todo(id: resolved.id) ?? resolved
            if todo.repeatRule?.fromCompletion == true, date == nil {
                return try undoFromCompletion(todo, at: now)
            }
            if todo.repeatRule?.goal != nil {
                // A habit with a target: `--on` takes back that day's check-in; without it, the latest check-in of
                // the current period.
                if let date { return try undoCheckIn(todo, on: date, at: now) }
                return try undoLastCheckIn(todo, at: now)
            }
            if date == nil, todo.isCompleted || todo.repeatRule == nil {
                guard todo.isCompleted else { throw StoreError.notCompleted(try candidate(todo)) }
                // The current cycle's check-in; its missed count comes back from history with it
                // (completing had reset it to 0).
                if todo.repeatRule != nil { return try reopen(todo, cycle: todo.occurrenceCount, at: now) }
                todo.isCompleted = false
                todo.completedAt = nil
                try update(todo)
                let instant = try database.rows("""
                    SELECT completed_at FROM completions WHERE todo_id = ? AND undone_at IS NULL
                    ORDER BY completed_at DESC, id DESC LIMIT 1
                    """, [.text(todo.id)]).first?.double(0)
                try database.run("""
                    UPDATE completions SET undone_at = ? WHERE id =
                      (SELECT id FROM completions WHERE todo_id = ? AND undone_at IS NULL ORDER BY completed_at DESC, id DESC LIMIT 1)
                    """, [.double(now.timeIntervalSince1970), .text(todo.id)])
                try database.run("DELETE FROM flashes WHERE todo_id = ?", [.text(todo.id)])
                if let instant { try reopenSubtasks(of: todo.id, completedAt: instant, at: now) }
                return todo
            }
            let history = try completedCycles(of: todo, at: now)
            let cycle: Int
            if let date {
                cycle = try cycleIndex(of: todo, on: date)
            } else {
                // The late completion of the cycle before, while its window is open (the next
                // cycle has not begun).
                cycle = todo.occurrenceCount - 1
                guard let rule = todo.repeatRule, let anchor = todo.anchor,
                      Store.begunCycle(at: now, of: rule, anchor: anchor, userZone: clock.timeZone) == cycle else {
                    throw StoreError.notCompleted(try candidate(todo))
                }
            }
            guard history[cycle] != nil else { throw StoreError.notCompleted(try candidate(todo)) }
            return try reopen(todo, cycle: cycle, at: now)
        }
    }

    /// Takes back the latest completion of a todo that repeats from completion: the series goes back to the due that
    /// completion was for (its anchor again), pending. Call inside a write transaction.
    /// - Throws: `StoreError.notCompleted` when it has no completion to take back.
    func undoFromCompletion(_ todo: Todo, at now: Date) throws -> Todo {
        guard let row = try database.rows("""
                SELECT id, cycle_due FROM completions WHERE todo_id = ? AND undone_at IS NULL AND completed_at <= ?
                ORDER BY completed_at DESC, id DESC LIMIT 1
                """, [.text(todo.id), .double(now.timeIntervalSince1970)]).first,
              let id = row.int(0), let local = row.text(1),
              let due = Store.decodeDue(local: local, zone: todo.due?.zoneID) else {
            throw StoreError.notCompleted(try candidate(todo))
        }
        try database.run("UPDATE completions SET undone_at = ? WHERE id = ?", [.double(now.timeIntervalSince1970), .int(id)])
        var stored = todo
        stored.anchor = due
        stored.due = due
        stored.isCompleted = false
        stored.completedAt = nil
        stored.occurrenceCount = 0
        stored.missedCount = 0
        if var r = stored.repeatRule, r.frequency == .weekly {
            r.weekdays = [due.localDate.weekday]
            stored.repeatRule = r
        }
        try update(stored)
        try setCycleClock(now)
        try database.run("DELETE FROM flashes WHERE todo_id = ?", [.text(todo.id)])
        return stored
    }

    /// Takes back the latest check-in (made at or before `now`, not undone) of the current cycle of a habit with a
    /// target, then re-derives the cycle columns from history. Call inside a write transaction.
    /// - Throws: `StoreError.notCompleted` when the current period has no check-in.
    func undoLastCheckIn(_ todo: Todo, at now: Date) throws -> Todo {
        guard let due = todo.due, case .text(let recorded) = Store.encodeDue(due).0,
              let id = try database.rows("""
                SELECT id FROM completions WHERE todo_id = ? AND cycle_index = ? AND cycle_due = ? AND undone_at IS NULL
                  AND completed_at <= ? ORDER BY completed_at DESC, id DESC LIMIT 1
                """, [.text(todo.id), .int(todo.occurrenceCount), .text(recorded), .double(now.timeIntervalSince1970)]).first?.int(0)
        else { throw StoreError.notCompleted(try candidate(todo)) }
        try database.run("UPDATE completions SET undone_at = ? WHERE id = ?", [.double(now.timeIntervalSince1970), .int(id)])
        let stored = try derivedInTransaction(todo, at: now)
        try updateCycle(stored)
        try setCycleClock(now)
        try database.run("DELETE FROM flashes WHERE todo_id = ?", [.text(todo.id)])
        return stored
    }

    /// Takes back the check-in of habit-with-a-target `todo` made on local `date` (`undo --on`), in whichever period
    /// holds that day, then re-derives the cycle columns (a met period that drops below its target is missed again
    /// once it has ended). Call inside a write transaction. - Returns: the todo as stored.
    /// - Throws: `StoreError.notCheckedIn` when that day has none (a day before the first period or after today too:
    /// the first period's due is its last day, so `cycleIndex(of:on:)` would refuse its earlier days).
    func undoCheckIn(_ todo: Todo, on date: LocalDate, at now: Date) throws -> Todo {
        let zone = clock.timeZone
        var ids: [Int] = []
        if let rule = todo.repeatRule, let anchor = todo.anchor,
           let k = RecurrenceEngine.occurrenceIndex(on: date, of: rule, anchor: anchor),
           let due = RecurrenceEngine.occurrence(k, of: rule, anchor: anchor),
           case .text(let recorded) = Store.encodeDue(due).0 {
            for row in try database.rows("""
                SELECT id, completed_at FROM completions WHERE todo_id = ? AND cycle_index = ? AND cycle_due = ?
                  AND undone_at IS NULL AND completed_at <= ?
                """, [.text(todo.id), .int(k), .text(recorded), .double(now.timeIntervalSince1970)]) {
                guard let id = row.int(0), let at = row.double(1),
                      ZonedClock.wallClock(of: Date(timeIntervalSince1970: at), in: zone).date == date else { continue }
                ids.append(id)
            }
        }
        guard !ids.isEmpty else {
            let c = try candidate(todo)
            throw StoreError.notCheckedIn(Phrase(key: .goalErrorNoCheckIn, c.title, c.listTitle, date.description))
        }
        for id in ids {
            try database.run("UPDATE completions SET undone_at = ? WHERE id = ?",
                             [.double(now.timeIntervalSince1970), .int(id)])
        }
        let stored = try derivedInTransaction(todo, at: now)
        try updateCycle(stored)
        try setCycleClock(now)
        try database.run("DELETE FROM flashes WHERE todo_id = ?", [.text(todo.id)])
        return stored
    }

    /// Takes back the check-ins of `cycle` of repeating `todo` (marks them undone at `now`), then
    /// writes the cycle columns as the remaining history gives them (`Store.derived`) and drops
    /// the todo's flash. Call inside a write transaction. - Returns: the todo as stored.
    func reopen(_ todo: Todo, cycle: Int, at now: Date) throws -> Todo {
        let instants = try database.rows("SELECT DISTINCT completed_at FROM completions WHERE todo_id = ? AND cycle_index = ? AND undone_at IS NULL",
                                         [.text(todo.id), .int(cycle)]).compactMap { $0.double(0) }
        try database.run("UPDATE completions SET undone_at = ? WHERE todo_id = ? AND cycle_index = ? AND undone_at IS NULL",
                         [.double(now.timeIntervalSince1970), .text(todo.id), .int(cycle)])
        let stored = try derivedInTransaction(todo, at: now)
        try updateCycle(stored)
        try setCycleClock(now)
        try database.run("DELETE FROM flashes WHERE todo_id = ?", [.text(todo.id)])
        for instant in instants { try reopenSubtasks(of: todo.id, completedAt: instant, at: now) }
        return stored
    }

    /// Moves a todo to 0-based `position` within its section (pending or completed) and renumbers
    /// that section 0…n-1 (docs/lists-and-todos.md "Order").
    @discardableResult
    public func moveTodo(_ reference: String, list listReference: String? = nil, to position: Int) throws -> Todo {
        try write {
            var todo = try resolveTodo(reference, list: listReference)
            var section = try todos(inList: todo.listId).filter { $0.isCompleted == todo.isCompleted }
            guard (0..<section.count).contains(position) else { throw StoreError.badPosition(position, count: section.count) }
            section.removeAll { $0.id == todo.id }
            section.insert(todo, at: position)
            for (i, t) in section.enumerated() where t.sortOrder != i || t.id == todo.id {
                try database.run("UPDATE todos SET sort_order = ? WHERE id = ?", [.int(i), .text(t.id)])
            }
            todo.sortOrder = position
            return todo
        }
    }
}
