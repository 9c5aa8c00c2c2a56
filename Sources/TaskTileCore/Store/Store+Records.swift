import Foundation

/// Row ↔ model mapping for the store's tables.
extension Store {
    static let listColumns = "id, title, sort_order, created_at"

    static func list(from row: Row, offset: Int = 0) -> TodoList {
        TodoList(id: row.text(offset) ?? "", title: row.text(offset + 1) ?? "",
                 sortOrder: row.int(offset + 2) ?? 0,
                 createdAt: Date(timeIntervalSince1970: row.double(offset + 3) ?? 0))
    }

    static let todoColumns = """
        id, list_id, title, is_completed, completed_at, sort_order, created_at, due_local, due_zone, \
        anchor_local, anchor_zone, repeat_frequency, repeat_interval, repeat_weekdays, repeat_end_count, \
        repeat_end_date, missed_count, occurrence_count, notes
        """

    static func todo(from row: Row) -> Todo {
        var rule: RepeatRule?
        if let f = row.text(11), let frequency = RepeatRule.Frequency(rawValue: f) {
            let weekdays = Set((row.text(13) ?? "").split(separator: ",").compactMap { Weekday(name: $0) })
            var end = RepeatRule.End.never
            if let count = row.int(14) { end = .afterCount(count) } else if let d = row.text(15).flatMap({ LocalDate(iso: $0) }) { end = .until(d) }
            rule = RepeatRule(frequency: frequency, interval: row.int(12) ?? 1, weekdays: weekdays, end: end)
        }
        return Todo(id: row.text(0) ?? "", listId: row.text(1) ?? "", title: row.text(2) ?? "",
                    isCompleted: row.bool(3), completedAt: row.double(4).map { Date(timeIntervalSince1970: $0) },
                    sortOrder: row.int(5) ?? 0, createdAt: Date(timeIntervalSince1970: row.double(6) ?? 0),
                    due: decodeDue(local: row.text(7), zone: row.text(8)),
                    anchor: decodeDue(local: row.text(9), zone: row.text(10)),
                    repeatRule: rule, missedCount: row.int(16) ?? 0, occurrenceCount: row.int(17) ?? 0,
                    notes: row.text(18))
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

    static func decodeDue(local: String?, zone: String?) -> Due? {
        guard let local else { return nil }
        if let zone, let wc = LocalDateTime(iso: local) { return .dateTime(wc, zoneID: zone) }
        return LocalDate(iso: local).map(Due.date)
    }

    /// Values for the repeat columns, in `todoColumns` order (frequency…end date).
    static func encodeRule(_ rule: RepeatRule?) -> [SQLValue] {
        guard let rule else { return [.null, .null, .null, .null, .null] }
        let weekdays = rule.weekdays.sorted().map(\.rawValue).joined(separator: ",")
        var count: SQLValue = .null, until: SQLValue = .null
        switch rule.end {
        case .never: break
        case .afterCount(let n): count = .int(n)
        case .until(let d): until = .text(d.description)
        }
        return [.text(rule.frequency.rawValue), .int(rule.interval), weekdays.isEmpty ? .null : .text(weekdays), count, until]
    }

    /// For each id, its shortest unique prefix of at least `minimum` characters among `ids` (like git).
    public static func shortIDs(_ ids: [String], minimum: Int = 6) -> [String: String] {
        let sorted = ids.sorted()
        var result: [String: String] = [:]
        func lcp(_ a: String, _ b: String) -> Int {
            zip(a.utf8, b.utf8).prefix { $0 == $1 }.count
        }
        for (i, id) in sorted.enumerated() {
            var length = minimum
            if i > 0 { length = max(length, lcp(sorted[i - 1], id) + 1) }
            if i + 1 < sorted.count { length = max(length, lcp(sorted[i + 1], id) + 1) }
            result[id] = String(id.prefix(length))
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
