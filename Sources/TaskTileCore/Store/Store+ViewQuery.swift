import Foundation

/// A smart list's filter as SQL over `todos t` (docs/organize.md "Smart lists"), shaped so that
/// `@today` over 100k todos reads the (is_completed, due_utc, due_local) index of migration v3
/// instead of every row.
///
/// The view is the union of disjoint `branches` (each an SQL condition with its arguments): with a
/// due term, one branch for timed dues (a range on `due_utc`, the instant of the user's local
/// midnights) and one for date-only dues (a text range on `due_local`, which sorts as dates do);
/// without one, a single branch. The start condition (`Store.startedSQL`) is not in them.
struct ViewQuery {
    /// Disjoint conditions whose union is the view (started or not).
    var branches: [(sql: String, arguments: [SQLValue])]
    /// For each branch, which dues it holds: only timed ones, only date-only ones, or any (or none).
    var dueKinds: [DueKind]
    /// What a branch's dues are, so its overdue count is one range on the due index.
    enum DueKind { case timed, dated, any }
    /// Whether SQL decides every term exactly (no title word), so rows need no check in Swift and
    /// counts can be SQL aggregates. A title word (`SearchKey.fold`) is checked in Swift only.
    var isExact: Bool

    /// The branches as one condition (`(a) OR (b)`), for reading rows.
    var condition: (sql: String, arguments: [SQLValue]) {
        if branches.count == 1 { return branches[0] }
        return (branches.map { "(\($0.sql))" }.joined(separator: " OR "), branches.flatMap(\.arguments))
    }
}

/// Pending, completed and overdue counts of a smart list (started todos only).
struct ViewCounts: Equatable {
    var pending: Int
    var completed: Int
    /// Pending todos past their due (`Due.deadline` ≤ now).
    var overdue: Int
}

extension Store {
    /// `view`'s filter as SQL at `now` (`today`: `now`'s local date in `zone`). `lists`: every list
    /// (for `^List` terms). Pure: reads nothing.
    static func viewQuery(_ filter: TodoFilter, lists: [TodoList], now: Date, today: LocalDate, zone: TimeZone)
        -> ViewQuery
    {
        let nowArg = SQLValue.double(now.timeIntervalSince1970)
        func midnight(_ d: LocalDate) -> SQLValue {
            .double(ZonedClock.startOfDay(d, in: zone).timeIntervalSince1970)
        }
        // A due compared with a limit date as two parts: a timed due's local date is < limit exactly
        // when its instant is before the limit's local midnight (in the user's zone); a date-only
        // due's text is < the limit's `YYYY-MM-DD` (a floating wall clock sorts within its date).
        struct DueParts {
            var timed: [(String, SQLValue)] = []
            var dated: [(String, SQLValue)] = []
        }
        func dueParts(_ op: TodoFilter.Comparison, days: Int) -> DueParts {
            let limit = today.adding(days: days)
            var lo: LocalDate?, hi: LocalDate?  // lo ≤ date < hi
            switch op {
            case .before: hi = limit
            case .atOrBefore: hi = limit.adding(days: 1)
            case .on: lo = limit; hi = limit.adding(days: 1)
            case .atOrAfter: lo = limit
            case .after: lo = limit.adding(days: 1)
            }
            var p = DueParts()
            if let lo {
                p.timed.append(("t.due_utc >= ?", midnight(lo)));
                p.dated.append(("t.due_local >= ?", .text(lo.description)))
            }
            if let hi {
                p.timed.append(("t.due_utc < ?", midnight(hi)));
                p.dated.append(("t.due_local < ?", .text(hi.description)))
            }
            return p
        }
        func overdueParts() -> DueParts {
            // A date-only due is past from the start of the next day (`Due.deadline`): before today.
            DueParts(timed: [("t.due_utc <= ?", nowArg)], dated: [("t.due_local < ?", .text(today.description))])
        }
        func joined(_ parts: [(String, SQLValue)]) -> (String, [SQLValue]) {
            (parts.map(\.0).joined(separator: " AND "), parts.map(\.1))
        }
        func whole(_ p: DueParts) -> (String, [SQLValue]) {
            let (t, ta) = joined(p.timed), (d, da) = joined(p.dated)
            return (
                "((t.due_utc IS NOT NULL AND \(t)) OR (t.due_utc IS NULL AND t.due_local IS NOT NULL AND \(d)))",
                ta + da
            )
        }

        var common: [(String, [SQLValue])] = []
        var timed: [(String, SQLValue)] = [], dated: [(String, SQLValue)] = []
        var dueSplit = false, dueNone = false, exact = true
        for (term, negated) in filter.terms {
            // A positive term's condition; NULL-safe when negated (`NOT coalesce(…, 0)`).
            var positive: (String, [SQLValue])?
            switch term {
            case .tag(let key):
                positive = ("instr(t.tag_keys, ?) > 0", [.text(TagRules.separator + key + TagRules.separator)])
            case .priority(let p): positive = ("t.priority = ?", [.int(p.rawValue)])
            case .anyPriority: positive = ("t.priority > 0", [])
            case .list(let key):
                let ids = lists.filter { TextRules.hasMatchKey($0.title, key) }.map { JSONValue.string($0.id) }
                positive = (
                    "t.list_id IN (SELECT value FROM json_each(?))",
                    [.text(JSONValue.array(ids).serialized(pretty: false))]
                )
            case .isSubtask(let yes): positive = (yes ? "t.parent_id IS NOT NULL" : "t.parent_id IS NULL", [])
            case .dueNone:
                if negated { dueSplit = true } else { dueNone = true }
                continue
            case .dueAny:
                if negated { dueNone = true } else { dueSplit = true }
                continue
            case .dueOverdue:
                let parts = overdueParts()
                if negated {
                    let (w, a) = whole(parts)
                    common.append(("NOT coalesce(t.is_completed = 0 AND \(w), 0)", a))
                } else {
                    common.append(("t.is_completed = 0", []))
                    timed += parts.timed; dated += parts.dated; dueSplit = true
                }
                continue
            case .due(let op, let days):
                let parts = dueParts(op, days: days)
                if negated {
                    let (w, a) = whole(parts)
                    common.append(("NOT coalesce(\(w), 0)", a))
                } else {
                    timed += parts.timed; dated += parts.dated; dueSplit = true
                }
                continue
            case .text:
                exact = false
                continue
            }
            guard let positive else { continue }
            common.append(negated ? ("NOT coalesce(\(positive.0), 0)", positive.1) : positive)
        }
        func branch(_ extra: [(String, SQLValue)], head: String?) -> (sql: String, arguments: [SQLValue]) {
            let parts = (head.map { [$0] } ?? []) + extra.map(\.0) + common.map(\.0)
            return (parts.isEmpty ? "1" : parts.joined(separator: " AND "), extra.map(\.1) + common.flatMap(\.1))
        }
        let branches: [(sql: String, arguments: [SQLValue])]
        var kinds: [ViewQuery.DueKind] = [.any]
        switch (dueSplit, dueNone) {
        case (true, true): branches = [("0", [])]
        case (false, true): branches = [branch([], head: "t.due_local IS NULL")]
        case (true, false):
            branches = [
                branch(timed, head: "t.due_utc IS NOT NULL"),
                branch(dated, head: "t.due_utc IS NULL AND t.due_local IS NOT NULL"),
            ]
            kinds = [.timed, .dated]
        case (false, false): branches = [branch([], head: nil)]
        }
        return ViewQuery(branches: branches, dueKinds: kinds, isExact: exact)
    }

    /// The ordered SQL of a view's rows: the list order (`allLists`), then pending before completed,
    /// then the todo order, as `show` prints a list.
    static let viewOrderSQL =
        "l.sort_order, l.created_at, l.id, t.is_completed, t.sort_order, t.created_at, t.id"

    /// The started todos of `view` with their lists, in list then todo order (pending then completed
    /// within a list): only pending ones (`completed` false), only completed ones (true) or both
    /// (nil), at most `limit` of them. Call inside a transaction.
    ///
    /// The filter runs in SQL (`viewQuery`); only a filter with a title word is checked row by row
    /// in Swift (`TodoFilter.matches`). With a `limit` and `expected` (about how many todos match,
    /// e.g. `counts(ofView:)`), a view dense enough that the first rows come soon is read list by
    /// list through the (list_id, is_completed, sort_order) index, stopping at the limit, instead of
    /// reading and sorting every match: `status --list @today` at 100k todos reads a few hundred rows.
    /// `narrowed`: one more SQL condition on `todos t` with its arguments (a title, an id prefix), so a
    /// lookup reads its matches, not the whole view.
    func todos(
        inView view: SmartView, completed: Bool? = nil, limit: Int? = nil, expected: Int? = nil,
        narrowed: (sql: String, arguments: [SQLValue])? = nil
    ) throws -> [(Todo, TodoList)] {
        if let limit, limit <= 0 { return [] }
        let now = clock.now, zone = clock.timeZone
        let today = ZonedClock.wallClock(of: now, in: zone).date
        let lists = try allLists()
        let byID = Dictionary(lists.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let query = Store.viewQuery(view.filter, lists: lists, now: now, today: today, zone: zone)
        var condition = query.condition
        if let narrowed {
            condition = ("(\(condition.sql)) AND \(narrowed.sql)", condition.arguments + narrowed.arguments)
        }
        let state = completed.map { "t.is_completed = \($0 ? 1 : 0)" } ?? "t.is_completed IN (0, 1)"
        let startedArguments: [SQLValue] = [.double(now.timeIntervalSince1970), .text(today.description)]
        var result: [(Todo, TodoList)] = []
        /// Appends the rows of `statement` that match, until `limit`; false once it is reached.
        func collect(_ statement: Statement, _ arguments: [SQLValue]) throws -> Bool {
            defer { statement.reset() }
            try statement.bind(arguments)
            while try statement.step() {
                let todo = Store.todo(from: statement.row())
                guard let list = byID[todo.listId] else { continue }
                if !query.isExact,
                    !view.filter.matches(todo, listTitle: list.title, now: now, today: today, userZone: zone)
                {
                    continue
                }
                result.append((todo, list))
                if let limit, result.count >= limit { return false }
            }
            return true
        }
        // Dense: the rows a list walk reads to fill the limit (limit × todos ÷ matches) are fewer than
        // the matches a sorted read would read.
        if let limit, let expected, expected > 0,
            let total = try database.scalarInt("SELECT max(rowid) FROM todos"),
            limit * total < expected * expected
        {
            let sql = """
                SELECT \(Store.todoColumnsOfT) FROM todos t
                WHERE t.list_id = ? AND \(state) AND (\(condition.sql)) AND \(Store.startedSQL)
                ORDER BY t.is_completed, t.sort_order, t.created_at, t.id
                """ + (query.isExact ? " LIMIT ?" : "")
            let statement = try database.cachedStatement(sql)
            for list in lists {
                let rest: [SQLValue] = query.isExact ? [.int(limit - result.count)] : []
                guard try collect(statement, [.text(list.id)] + condition.arguments + startedArguments + rest) else {
                    break
                }
            }
            return result
        }
        var sql = """
            SELECT \(Store.todoColumnsOfT) FROM todos t JOIN lists l ON l.id = t.list_id
            WHERE \(state) AND (\(condition.sql)) AND \(Store.startedSQL)
            ORDER BY \(Store.viewOrderSQL)
            """
        var arguments = condition.arguments + startedArguments
        if query.isExact, let limit { sql += " LIMIT ?"; arguments.append(.int(limit)) }
        _ = try collect(try database.cachedStatement(sql), arguments)
        return result
    }

    /// The todos of `view` whose title has the match key `key` (`TextRules.hasMatchKey`), in view order, as
    /// `todos(inList:matchKey:)` gives a list's: the stored title equal to `key` is found in SQL
    /// (`intent complete --list @today --todo Milk` at 100k todos reads its matches); only when none is does
    /// the view get read whole, for a title stored before titles were normalised. Call inside a transaction.
    func todos(inView view: SmartView, matchKey key: String) throws -> [Todo] {
        let stored = try todos(inView: view, narrowed: ("t.title = ?", [.text(key)])).map(\.0)
        if !stored.isEmpty { return stored }
        return try todos(inView: view).map(\.0).filter { TextRules.hasMatchKey($0.title, key) }
    }

    /// The todos of `view` whose id starts with `prefix` (lowercase), in SQL. Call inside a transaction.
    func todos(inView view: SmartView, idPrefix prefix: String) throws -> [Todo] {
        // Ids are lowercase hex and `-`, all below `g`: the range holds exactly the ids with that prefix.
        try todos(inView: view, narrowed: ("t.id >= ? AND t.id < ?", [.text(prefix), .text(prefix + "g")])).map(\.0)
    }

    /// The counts of `view` (started todos only), as SQL aggregates when the filter is exact: for
    /// `@today` each branch is counted on the due index alone, and the few todos with a start not
    /// come yet are taken off through the partial index of migration v15 (`todos_by_start`), as
    /// `statusSnapshot` does for the whole store. Call inside a transaction.
    func counts(ofView view: SmartView) throws -> ViewCounts {
        let now = clock.now, zone = clock.timeZone
        let today = ZonedClock.wallClock(of: now, in: zone).date
        let lists = try allLists()
        let query = Store.viewQuery(view.filter, lists: lists, now: now, today: today, zone: zone)
        guard query.isExact else {
            let all = try todos(inView: view)
            let pending = all.filter { !$0.0.isCompleted }
            return ViewCounts(
                pending: pending.count, completed: all.count - pending.count,
                overdue: pending.filter { $0.0.due.map { $0.deadline(userZone: zone) <= now } ?? false }.count)
        }
        let nowArg = SQLValue.double(now.timeIntervalSince1970), todayArg = SQLValue.text(today.description)
        var counts = ViewCounts(pending: 0, completed: 0, overdue: 0)
        for (branch, kind) in zip(query.branches, query.dueKinds) {
            // Plain counts of index ranges (a sum or GROUP BY over them costs several times more): the
            // pending, the completed, and the overdue pending as one more range on the same index.
            let overdue: (String, [SQLValue]) =
                switch kind {
                case .timed: ("t.due_utc <= ?", [nowArg])
                case .dated: ("t.due_local < ?", [todayArg])
                case .any: ("(t.due_utc <= ? OR (t.due_utc IS NULL AND t.due_local < ?))", [nowArg, todayArg])
                }
            func count(_ state: Int, _ more: (String, [SQLValue])?) throws -> Int {
                try database.cachedStatement(
                    "SELECT count(*) FROM todos t WHERE t.is_completed = ? AND (\(branch.sql))"
                        + (more.map { " AND " + $0.0 } ?? "")
                ).rows([.int(state)] + branch.arguments + (more?.1 ?? [])).first?.int(0) ?? 0
            }
            counts.pending += try count(0, nil)
            counts.completed += try count(1, nil)
            counts.overdue += try count(0, overdue)
            // Then those whose start has not come are taken off, through the partial index only (the
            // planner would take the due index and read every row of the branch for its start columns).
            for row in try database.cachedStatement(
                """
                SELECT t.is_completed, count(*), coalesce(sum(t.is_completed = 0 AND \(overdue.0)), 0)
                FROM todos t INDEXED BY todos_by_start
                WHERE t.is_completed IN (0, 1) AND (\(branch.sql)) AND t.start_local IS NOT NULL
                AND NOT \(Store.startedSQL) GROUP BY t.is_completed
                """
            ).rows(overdue.1 + branch.arguments + [nowArg, todayArg]) {
                if row.int(0) == 1 { counts.completed -= row.int(1) ?? 0 } else { counts.pending -= row.int(1) ?? 0 }
                counts.overdue -= row.int(2) ?? 0
            }
        }
        return counts
    }

    /// The pending started todo of `view` due next after now (the earliest `Due.deadline` > now; the
    /// first in list order among equal ones), or nil. Call inside a transaction.
    func nextDue(inView view: SmartView) throws -> (Todo, TodoList)? {
        let now = clock.now, zone = clock.timeZone
        let today = ZonedClock.wallClock(of: now, in: zone).date
        let lists = try allLists()
        let query = Store.viewQuery(view.filter, lists: lists, now: now, today: today, zone: zone)
        guard query.isExact else {
            return try todos(inView: view, completed: false)
                .filter { $0.0.due.map { $0.deadline(userZone: zone) > now } ?? false }
                .min { $0.0.due!.deadline(userZone: zone) < $1.0.due!.deadline(userZone: zone) }
        }
        let byID = Dictionary(lists.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let order = Dictionary(lists.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let condition = query.condition
        let nowArg = SQLValue.double(now.timeIntervalSince1970), todayArg = SQLValue.text(today.description)
        var candidates: [(Todo, TodoList)] = []
        for (next, key) in [("t.due_utc > ?", "t.due_utc"), ("t.due_utc IS NULL AND t.due_local >= ?", "t.due_local")] {
            let rows = try database.cachedStatement(
                """
                SELECT \(Store.todoColumnsOfT) FROM todos t JOIN lists l ON l.id = t.list_id
                WHERE t.is_completed = 0 AND \(next) AND (\(condition.sql)) AND \(Store.startedSQL)
                ORDER BY \(key), \(Store.viewOrderSQL) LIMIT 1
                """
            ).rows([key == "t.due_utc" ? nowArg : todayArg] + condition.arguments + [nowArg, todayArg])
            for row in rows {
                let todo = Store.todo(from: row)
                if let list = byID[todo.listId] { candidates.append((todo, list)) }
            }
        }
        // Both in list order first, so equal deadlines keep the first in list order (`min` keeps the first).
        candidates.sort { a, b in
            (order[a.0.listId] ?? 0, a.0.sortOrder, a.0.id) < (order[b.0.listId] ?? 0, b.0.sortOrder, b.0.id)
        }
        return candidates.min { $0.0.due!.deadline(userZone: zone) < $1.0.due!.deadline(userZone: zone) }
    }
}
