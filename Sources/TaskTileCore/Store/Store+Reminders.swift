import Foundation

extension Store {
    static let reminderColumns = """
        list_id, anchor_local, anchor_zone, repeat_frequency, repeat_interval, repeat_weekdays, \
        repeat_end_count, repeat_end_date, deliveries, created_at
        """

    static func reminder(from row: Row) -> ListReminder? {
        guard let listID = row.text(0), let anchor = decodeDue(local: row.text(1), zone: row.text(2)) else { return nil }
        var rule: RepeatRule?
        if let f = row.text(3), let frequency = RepeatRule.Frequency(rawValue: f) {
            let weekdays = Set((row.text(5) ?? "").split(separator: ",").compactMap { Weekday(name: $0) })
            var end = RepeatRule.End.never
            if let count = row.int(6) { end = .afterCount(count) } else if let d = row.text(7).flatMap({ LocalDate(iso: $0) }) { end = .until(d) }
            rule = RepeatRule(frequency: frequency, interval: row.int(4) ?? 1, weekdays: weekdays, end: end)
        }
        return ListReminder(listId: listID, anchor: anchor, repeatRule: rule, deliveries: row.int(8) ?? 0,
                            createdAt: row.double(9).map { Date(timeIntervalSince1970: $0) })
    }

    /// Every list reminder; call inside a transaction.
    func allReminders() throws -> [ListReminder] {
        try database.rows("SELECT \(Store.reminderColumns) FROM list_reminders ORDER BY list_id").compactMap(Store.reminder(from:))
    }

    /// The reminder of one list by exact list id, or nil; call inside a transaction.
    func reminder(listID: String) throws -> ListReminder? {
        try database.rows("SELECT \(Store.reminderColumns) FROM list_reminders WHERE list_id = ?", [.text(listID)])
            .first.flatMap(Store.reminder(from:))
    }

    /// Sets (or replaces) a list's reminder (SPEC §4.3). Replacing starts over: the delivery count
    /// returns to 0. `anchor` must be a wall-clock time (`Due.dateTime`); the CLI turns a date into
    /// that day at the default notification time.
    /// - Throws: `StoreError.listNotFound`, `.ambiguousList`; `StoreError.invalidSetting` for a
    ///   date-only anchor (a programmer error made user-visible rather than crashing).
    @discardableResult
    public func setListReminder(list reference: String, anchor: Due, repeatRule: RepeatRule?) throws -> (TodoList, ListReminder) {
        guard case .dateTime(let wc, let zone) = anchor else {
            throw StoreError.invalidSetting(Phrase(key: .reminderErrorNeedsTime))
        }
        return try write {
            let list = try resolveList(reference)
            try database.run("DELETE FROM list_reminders WHERE list_id = ?", [.text(list.id)])
            try database.run("""
                INSERT INTO list_reminders (list_id, anchor_local, anchor_zone, repeat_frequency, repeat_interval,
                    repeat_weekdays, repeat_end_count, repeat_end_date, deliveries, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)
                """, [.text(list.id), .text(wc.description), .text(zone)] + Store.encodeRule(repeatRule)
                    + [.double(clock.now.timeIntervalSince1970)])
            return (list, ListReminder(listId: list.id, anchor: anchor, repeatRule: repeatRule, createdAt: clock.now))
        }
    }

    /// Removes a list's reminder. - Returns: the list and whether it had a reminder.
    /// - Throws: `StoreError.listNotFound`, `.ambiguousList`.
    @discardableResult
    public func removeListReminder(list reference: String) throws -> (list: TodoList, removed: Bool) {
        try write {
            let list = try resolveList(reference)
            let n = try database.run("DELETE FROM list_reminders WHERE list_id = ?", [.text(list.id)])
            return (list, n > 0)
        }
    }

    /// A list and its reminder (nil when it has none). One read transaction.
    /// - Throws: `StoreError.listNotFound`, `.ambiguousList`.
    public func listReminder(list reference: String) throws -> (list: TodoList, reminder: ListReminder?) {
        try read {
            let list = try resolveList(reference)
            return (list, try reminder(listID: list.id))
        }
    }
}
