import Foundation

/// Row ↔ model mapping for the store's tables.
///
/// Rows are read by column name (`row.text("title")`), so a query may list the columns in any
/// order, add others (counts, a joined list title under an `AS` alias) and still map. The names
/// are the tables' column names; a query that prefixes them (`t.title`) still returns them
/// unprefixed, and joins alias whatever would be ambiguous.
extension Store {
    static let listColumns = "id, title, sort_order, created_at"

    /// A list from a row with the `listColumns` names.
    static func list(from row: Row) -> TodoList {
        TodoList(id: row.text("id") ?? "", title: row.text("title") ?? "",
                 sortOrder: row.int("sort_order") ?? 0,
                 createdAt: Date(timeIntervalSince1970: row.double("created_at") ?? 0))
    }

    static let todoColumns = """
        id, list_id, title, is_completed, completed_at, sort_order, created_at, due_local, due_zone, \
        anchor_local, anchor_zone, repeat_frequency, repeat_interval, repeat_weekdays, repeat_end_count, \
        repeat_end_date, repeat_by_day, repeat_skips_short_months, repeat_goal, repeat_from_completion, missed_count, \
        occurrence_count, notes, parent_id, priority, tags, start_local, start_zone
        """

    /// A todo from a row with the `todoColumns` names (read by index when the statement returns
    /// all of them, the usual case; by name otherwise, where a missing one fails as `Row` does).
    static func todo(from row: Row) -> Todo {
        if let c = row.columns.layout(TodoColumnIndexes.self) {
            return Todo(id: row.text(c.id) ?? "", listId: row.text(c.listID) ?? "", title: row.text(c.title) ?? "",
                        isCompleted: row.bool(c.isCompleted), completedAt: row.double(c.completedAt).map { Date(timeIntervalSince1970: $0) },
                        sortOrder: row.int(c.sortOrder) ?? 0, createdAt: Date(timeIntervalSince1970: row.double(c.createdAt) ?? 0),
                        due: decodeDue(local: row.text(c.dueLocal), zone: row.text(c.dueZone)),
                        anchor: decodeDue(local: row.text(c.anchorLocal), zone: row.text(c.anchorZone)),
                        repeatRule: decodeRule(row, c), missedCount: row.int(c.missedCount) ?? 0,
                        occurrenceCount: row.int(c.occurrenceCount) ?? 0, notes: row.text(c.notes),
                        parentId: row.text(c.parentID), priority: Priority(rawValue: row.int(c.priority) ?? 0) ?? .none,
                        tags: TagRules.decode(row.text(c.tags)),
                        start: decodeDue(local: row.text(c.startLocal), zone: row.text(c.startZone)))
        }
        return Todo(id: row.text("id") ?? "", listId: row.text("list_id") ?? "", title: row.text("title") ?? "",
             isCompleted: row.bool("is_completed"), completedAt: row.double("completed_at").map { Date(timeIntervalSince1970: $0) },
             sortOrder: row.int("sort_order") ?? 0, createdAt: Date(timeIntervalSince1970: row.double("created_at") ?? 0),
             due: decodeDue(local: row.text("due_local"), zone: row.text("due_zone")),
             anchor: decodeDue(local: row.text("anchor_local"), zone: row.text("anchor_zone")),
             repeatRule: decodeRule(row), missedCount: row.int("missed_count") ?? 0,
             occurrenceCount: row.int("occurrence_count") ?? 0, notes: row.text("notes"),
             parentId: row.text("parent_id"), priority: Priority(rawValue: row.int("priority") ?? 0) ?? .none,
             tags: TagRules.decode(row.text("tags")), start: decodeDue(local: row.text("start_local"), zone: row.text("start_zone")))
    }

    /// The repeat rule of a row with the `repeat_*` columns (todos and list reminders), or nil.
    static func decodeRule(_ row: Row) -> RepeatRule? {
        guard let f = row.text("repeat_frequency"), let frequency = RepeatRule.Frequency(rawValue: f) else { return nil }
        let weekdays = Set((row.text("repeat_weekdays") ?? "").split(separator: ",").compactMap { Weekday(name: $0) })
        return RepeatRule(frequency: frequency, interval: row.int("repeat_interval") ?? 1, weekdays: weekdays,
                          end: decodeEnd(count: row.int("repeat_end_count"), date: row.text("repeat_end_date")),
                          nthWeekday: row.text("repeat_by_day").flatMap { RepeatRule.NthWeekday(byDay: $0) },
                          skipsShortMonths: row.int("repeat_skips_short_months") == 1, goal: row.int("repeat_goal"),
                          fromCompletion: row.int("repeat_from_completion") == 1)
    }

    /// A rule's end from `repeat_end_count` and `repeat_end_date`: the date `YYYY-MM-DD` of `--until`, or an RFC 5545
    /// UNTIL time `YYYY-MM-DDTHH:MM:SS` (floating) or `…Z` (UTC).
    static func decodeEnd(count: Int?, date: String?) -> RepeatRule.End {
        if let count { return .afterCount(count) }
        guard let date else { return .never }
        if let d = LocalDate(iso: date) { return .until(d) }
        let isUTC = date.hasSuffix("Z")
        if let wc = LocalDateTime(iso: isUTC ? date.dropLast() : Substring(date)) { return .untilTime(wc, isUTC: isUTC) }
        return .never
    }

    /// `decodeRule(_:)` for a row whose todo columns are at `c`.
    static func decodeRule(_ row: Row, _ c: TodoColumnIndexes) -> RepeatRule? {
        guard let f = row.text(c.repeatFrequency), let frequency = RepeatRule.Frequency(rawValue: f) else { return nil }
        let weekdays = Set((row.text(c.repeatWeekdays) ?? "").split(separator: ",").compactMap { Weekday(name: $0) })
        return RepeatRule(frequency: frequency, interval: row.int(c.repeatInterval) ?? 1, weekdays: weekdays,
                          end: decodeEnd(count: row.int(c.repeatEndCount), date: row.text(c.repeatEndDate)),
                          nthWeekday: row.text(c.repeatByDay).flatMap { RepeatRule.NthWeekday(byDay: $0) },
                          skipsShortMonths: row.int(c.repeatSkipsShortMonths) == 1, goal: row.int(c.repeatGoal),
                          fromCompletion: row.int(c.repeatFromCompletion) == 1)
    }

    /// Column encoding of a due: (`due_local`, `due_zone`, `due_utc`).
    static func encodeDue(_ due: Due?) -> (SQLValue, SQLValue, SQLValue) {
        switch due {
        case nil: return (.null, .null, .null)
        case .date(let d)?: return (.text(d.description), .null, .null)
        case .dateTime(let wc, let zoneID)?:
            let instant = due!.deadline(userZone: TimeZone(identifier: zoneID) ?? TimeZone(identifier: "UTC")!)
            return (.text(wc.description), .text(zoneID), .double(instant.timeIntervalSince1970))
        }
    }

    package static func decodeDue(local: String?, zone: String?) -> Due? {
        guard let local else { return nil }
        if let zone, let wc = LocalDateTime(iso: local) { return .dateTime(wc, zoneID: zone) }
        return LocalDate(iso: local).map(Due.date)
    }

    /// Values for the repeat columns, in `todoColumns` order (frequency…end date, then `repeat_by_day`: the Nth weekday
    /// as RFC 5545 `3TH`, or NULL; then `repeat_skips_short_months`, 0 or 1; then `repeat_goal`, the target per period
    /// or NULL; then `repeat_from_completion`, 0 or 1). An RFC 5545 UNTIL time goes into
    /// `repeat_end_date` as `YYYY-MM-DDTHH:MM:SS`, `Z` appended for UTC (`decodeEnd`).
    static func encodeRule(_ rule: RepeatRule?) -> [SQLValue] {
        guard let rule else { return [.null, .null, .null, .null, .null, .null, .int(0), .null, .int(0)] }
        let weekdays = rule.weekdays.sorted().map(\.rawValue).joined(separator: ",")
        var count: SQLValue = .null, until: SQLValue = .null
        switch rule.end {
        case .never: break
        case .afterCount(let n): count = .int(n)
        case .until(let d): until = .text(d.description)
        case .untilTime(let wc, let isUTC): until = .text(wc.description + (isUTC ? "Z" : ""))
        }
        return [.text(rule.frequency.rawValue), .int(rule.interval), weekdays.isEmpty ? .null : .text(weekdays), count, until,
                rule.nthWeekday.map { .text($0.byDayValue) } ?? .null, .int(rule.skipsShortMonths ? 1 : 0),
                rule.goal.map { .int($0) } ?? .null, .int(rule.fromCompletion ? 1 : 0)]
    }

    /// For each id, its shortest unique prefix of at least `minimum` characters among `ids` (like git).
    /// Linear after the sort: each neighbour's common prefix is measured once, on UTF-8 bytes.
    public static func shortIDs(_ ids: [String], minimum: Int = 6) -> [String: String] {
        let sorted = ids.sorted()
        let bytes = sorted.map { Array($0.utf8) }
        var result: [String: String] = [:]
        result.reserveCapacity(sorted.count)
        func lcp(_ a: [UInt8], _ b: [UInt8]) -> Int {
            let n = min(a.count, b.count)
            var i = 0
            while i < n && a[i] == b[i] { i += 1 }
            return i
        }
        var before = -1 // common prefix with the previous id; -1 for the first
        for (i, id) in sorted.enumerated() {
            let after = i + 1 < sorted.count ? lcp(bytes[i], bytes[i + 1]) : -1
            let length = max(minimum, before + 1, after + 1)
            result[id] = String(id.prefix(length))
            before = after
        }
        return result
    }

    /// Shortest unique prefixes for every todo id in the store.
    public func todoShortIDs() throws -> [String: String] {
        Store.shortIDs(try database.rows("SELECT id FROM todos").compactMap { $0.text(0) })
    }

    /// Shortest unique prefixes for every list id in the store.
    public func listShortIDs() throws -> [String: String] {
        Store.shortIDs(try database.rows("SELECT id FROM lists").compactMap { $0.text(0) })
    }
}

/// Positions of the `Store.todoColumns` in a statement's result (the leftmost column of each name,
/// as `Row` reads by name), found once per statement (`RowColumns.layout(_:)`).
struct TodoColumnIndexes: ColumnLayout {
    let id, listID, title, isCompleted, completedAt, sortOrder, createdAt, dueLocal, dueZone, anchorLocal, anchorZone: Int
    let repeatFrequency, repeatInterval, repeatWeekdays, repeatEndCount, repeatEndDate, repeatByDay, repeatSkipsShortMonths: Int
    let repeatGoal, repeatFromCompletion: Int
    let missedCount, occurrenceCount, notes: Int
    let parentID, priority, tags, startLocal, startZone: Int

    /// Nil unless every todo column is among `indexes` (name → index).
    init?(_ indexes: [String: Int]) {
        guard let id = indexes["id"], let listID = indexes["list_id"], let title = indexes["title"],
              let isCompleted = indexes["is_completed"], let completedAt = indexes["completed_at"],
              let sortOrder = indexes["sort_order"], let createdAt = indexes["created_at"],
              let dueLocal = indexes["due_local"], let dueZone = indexes["due_zone"],
              let anchorLocal = indexes["anchor_local"], let anchorZone = indexes["anchor_zone"],
              let repeatFrequency = indexes["repeat_frequency"], let repeatInterval = indexes["repeat_interval"],
              let repeatWeekdays = indexes["repeat_weekdays"], let repeatEndCount = indexes["repeat_end_count"],
              let repeatEndDate = indexes["repeat_end_date"], let repeatByDay = indexes["repeat_by_day"],
              let repeatSkipsShortMonths = indexes["repeat_skips_short_months"], let repeatGoal = indexes["repeat_goal"],
              let repeatFromCompletion = indexes["repeat_from_completion"],
              let missedCount = indexes["missed_count"], let occurrenceCount = indexes["occurrence_count"],
              let notes = indexes["notes"], let parentID = indexes["parent_id"], let priority = indexes["priority"],
              let tags = indexes["tags"], let startLocal = indexes["start_local"],
              let startZone = indexes["start_zone"] else { return nil }
        self.id = id; self.listID = listID; self.title = title; self.isCompleted = isCompleted
        self.completedAt = completedAt; self.sortOrder = sortOrder; self.createdAt = createdAt
        self.dueLocal = dueLocal; self.dueZone = dueZone; self.anchorLocal = anchorLocal; self.anchorZone = anchorZone
        self.repeatFrequency = repeatFrequency; self.repeatInterval = repeatInterval; self.repeatWeekdays = repeatWeekdays
        self.repeatEndCount = repeatEndCount; self.repeatEndDate = repeatEndDate; self.repeatByDay = repeatByDay
        self.repeatSkipsShortMonths = repeatSkipsShortMonths; self.repeatGoal = repeatGoal
        self.repeatFromCompletion = repeatFromCompletion
        self.missedCount = missedCount; self.occurrenceCount = occurrenceCount; self.notes = notes
        self.parentID = parentID; self.priority = priority; self.tags = tags
        self.startLocal = startLocal; self.startZone = startZone
    }
}
