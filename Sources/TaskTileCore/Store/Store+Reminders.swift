import Foundation

extension Store {
    static let reminderColumns = """
        list_id, anchor_local, anchor_zone, repeat_frequency, repeat_interval, repeat_weekdays, \
        repeat_end_count, repeat_end_date, repeat_by_day, repeat_skips_short_months, repeat_goal, repeat_from_completion, deliveries, \
        created_at
        """

    /// A reminder from a row with the `reminderColumns` names; nil without a list id or anchor.
    static func reminder(from row: Row) -> ListReminder? {
        guard let listID = row.text("list_id"),
              let anchor = decodeDue(local: row.text("anchor_local"), zone: row.text("anchor_zone")) else { return nil }
        return ListReminder(listId: listID, anchor: anchor, repeatRule: decodeRule(row), deliveries: row.int("deliveries") ?? 0,
                            createdAt: row.double("created_at").map { Date(timeIntervalSince1970: $0) })
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

    /// Sets (or replaces) a list's reminder (docs/notifications.md "List reminders"). Replacing starts over: the delivery count
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
                    repeat_weekdays, repeat_end_count, repeat_end_date, repeat_by_day, repeat_skips_short_months, repeat_goal,
                    repeat_from_completion, deliveries, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)
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
