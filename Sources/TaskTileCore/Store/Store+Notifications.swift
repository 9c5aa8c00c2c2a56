import Foundation

/// The result of claiming one planned notification in the delivery log.
public struct DeliveryClaim: Sendable {
    public var item: PlannedNotification
    /// For a list reminder: the list's incomplete todo count at claim (fire) time; nil for a todo.
    public var incompleteCount: Int?
    /// For a list reminder: the first few incomplete titles, in `sortOrder`.
    public var pendingTitles: [String]
    /// For a habit with a target per period: its progress in the current period at claim time (`2/3` in the body).
    public var progress: GoalProgress? = nil
    /// For a parent todo: its open and all started subtasks at claim time (every level), for "3 of 5 steps left";
    /// nil for a todo without subtasks and for a list reminder.
    public var steps: (open: Int, total: Int)? = nil
}

extension Store {
    /// Reads the planner's input in one snapshot (docs/notifications.md "Planning").
    public func notificationInput() throws -> NotificationPlanInput {
        try read { try loadNotificationInput() }
    }

    /// The planner's input, optionally for one todo or one list reminder only; call inside a transaction.
    func loadNotificationInput(todoID: String? = nil, reminderListID: String? = nil) throws -> NotificationPlanInput {
        let lists = try allLists()
        var todos: [Todo] = []
        var reminders: [ListReminder] = []
        if let todoID {
            todos = try todo(id: todoID).map { [$0] } ?? []
        } else if let reminderListID {
            reminders = try reminder(listID: reminderListID).map { [$0] } ?? []
        } else {
            todos = try database.rows("SELECT \(Store.todoColumns) FROM todos WHERE due_local IS NOT NULL").map(Store.todo(from:))
            reminders = try allReminders()
        }
        var completed = Set<String>()
        let repeating = todos.filter { $0.repeatRule != nil }
        if !repeating.isEmpty {
            let sql = """
                SELECT c.todo_id, c.cycle_index FROM completions c JOIN todos t ON t.id = c.todo_id
                WHERE c.undone_at IS NULL AND t.repeat_frequency IS NOT NULL AND t.repeat_goal IS NULL
                """ + (todoID == nil ? "" : " AND c.todo_id = ?")
            for row in try database.rows(sql, todoID.map { [.text($0)] } ?? []) {
                if let id = row.text(0), let k = row.int(1) { completed.insert("\(id)_\(k)") }
            }
            // A habit with a target: a period with check-ins short of it still notifies; only met periods count.
            for t in repeating where t.repeatRule?.goal != nil {
                for k in try completedCycles(of: t, at: clock.now).keys { completed.insert("\(t.id)_\(k)") }
            }
        }
        let snoozes = reminderListID != nil ? [] : try snoozes(todoID: todoID)
        return NotificationPlanInput(todos: todos, lists: lists, reminders: reminders, completedCycles: completed,
                                     defaultTime: try defaultNotifyTime(), snoozes: snoozes)
    }

    /// A setting's value, or nil when unset; call inside a transaction or alone.
    public func settingValue(_ key: String) throws -> String? {
        try database.scalarText("SELECT value FROM settings WHERE key = ?", [.text(key)])
    }

    /// The `notify.defaultTime` setting, 09:00 when unset or unreadable.
    public func defaultNotifyTime() throws -> NotifyTime {
        try settingValue(NotifyTime.settingKey).flatMap(NotifyTime.init(text:)) ?? .standard
    }

    /// Delivery keys claimed for notifications planned after `since` (UTC).
    public func claimedDeliveryKeys(since: Date) throws -> Set<String> {
        Set(try database.rows("SELECT delivery_key FROM notification_deliveries WHERE fire_at > ?",
                              [.double(since.timeIntervalSince1970)]).compactMap { $0.text(0) })
    }

    /// Claims notifications in the delivery log **before** they are sent (claim-then-send, docs/notifications.md "Delivery"),
    /// all in one `BEGIN IMMEDIATE` transaction. Each item is re-checked inside the transaction
    /// against the current store (the todo still exists, that cycle is still incomplete, the due is
    /// unchanged; the reminder still exists and is not used up) and inserted under its unique
    /// `deliveryKey`; an item another daemon (or an earlier run) claimed is skipped. So each
    /// (todo, cycle) and (list, occurrence) is claimed at most once, ever.
    ///
    /// A list reminder counts the list's incomplete todos now: 0 → recorded as `empty` (the
    /// occurrence is consumed, nothing is shown, the after-N count is unchanged); otherwise its
    /// delivery count goes up by one.
    /// - Parameters:
    ///   - outcome: recorded for shown items: `shown`, or `catch-up` when folded into a summary.
    ///   - pid: the claiming process, for the log.
    /// - Returns: the claims for items that are to be shown (empty reminders excluded), in input order.
    /// - Throws: `StoreError.busy`, `DatabaseError`.
    public func claimDeliveries(_ items: [PlannedNotification], outcome: String, pid: Int32) throws -> [DeliveryClaim] {
        try write {
            var claims: [DeliveryClaim] = []
            let now = clock.now
            for item in items {
                let input = try loadNotificationInput(todoID: item.todoId, reminderListID: item.kind == .reminder ? item.listId : nil)
                let stillWanted = NotificationPlanner.due(input, after: item.fireAt.addingTimeInterval(-1), through: item.fireAt,
                                                          userZone: clock.timeZone)
                    .contains { $0.deliveryKey == item.deliveryKey }
                guard stillWanted else { continue }
                var count: Int?
                var titles: [String] = []
                if item.kind == .reminder {
                    let rows = try database.rows("SELECT title FROM todos WHERE list_id = ? AND is_completed = 0 ORDER BY sort_order, created_at, id",
                                                 [.text(item.listId)])
                    count = rows.count
                    titles = rows.prefix(3).compactMap { $0.text(0) }
                }
                let recorded = count == 0 ? "empty" : outcome
                let inserted = try database.run("""
                    INSERT OR IGNORE INTO notification_deliveries
                        (delivery_key, identifier, kind, todo_id, list_id, item_index, fire_at, claimed_at, outcome, pid)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.text(item.deliveryKey), .text(item.identifier), .text(item.kind.rawValue), .optionalText(item.todoId),
                          .text(item.listId), .optionalInt(item.index), .double(item.fireAt.timeIntervalSince1970),
                          .double(now.timeIntervalSince1970), .text(recorded), .int(Int(pid))])
                guard inserted == 1 else { continue }
                if let count {
                    guard count > 0 else { continue }
                    try database.run("UPDATE list_reminders SET deliveries = deliveries + 1 WHERE list_id = ?", [.text(item.listId)])
                }
                var progress: GoalProgress?
                var steps: (open: Int, total: Int)?
                if item.kind == .todo, let id = item.todoId, let todo = try todo(id: id) {
                    progress = try goalProgress(of: todo)
                    // A subtask whose start has not come is not a step yet, as lists do not show or count it
                    // (docs/organize.md "Start dates").
                    let subtree = try descendants(of: id).filter { $0.isStarted(at: now, userZone: clock.timeZone) }
                    if !subtree.isEmpty { steps = (subtree.filter { !$0.isCompleted }.count, subtree.count) }
                }
                claims.append(
                    DeliveryClaim(
                        item: item, incompleteCount: count, pendingTitles: titles, progress: progress,
                        steps: steps))
            }
            return claims
        }
    }

    /// Releases claims whose notification could not be shown (the server was absent or refused it),
    /// so a later attempt claims and delivers them: a delivery counts only once it was shown
    /// (docs/notifications.md "Delivery"). A list reminder's delivery count goes back down. Claims
    /// already shown (with a server id) are kept. One `BEGIN IMMEDIATE` transaction.
    /// - Throws: `StoreError.busy`, `DatabaseError`.
    public func releaseDeliveries(_ deliveryKeys: [String]) throws {
        try write {
            for key in deliveryKeys {
                let rows = try database.rows("SELECT kind, list_id, outcome FROM notification_deliveries WHERE delivery_key = ? AND bus_id IS NULL",
                                             [.text(key)])
                guard let row = rows.first else { continue }
                if row.text(0) == PlannedNotification.Kind.reminder.rawValue, row.text(2) != "empty", let list = row.text(1) {
                    try database.run("UPDATE list_reminders SET deliveries = max(0, deliveries - 1) WHERE list_id = ?", [.text(list)])
                }
                try database.run("DELETE FROM notification_deliveries WHERE delivery_key = ? AND bus_id IS NULL", [.text(key)])
            }
        }
    }

    /// Records the notification server's id for shown deliveries (informational).
    public func recordShown(deliveryKeys: [String], busID: UInt32) throws {
        try write {
            for key in deliveryKeys {
                try database.run("UPDATE notification_deliveries SET bus_id = ? WHERE delivery_key = ?", [.int(Int(busID)), .text(key)])
            }
        }
    }

    /// Records that shown deliveries were closed (withdrawn, dismissed or expired).
    public func recordClosed(deliveryKeys: [String]) throws {
        try write {
            for key in deliveryKeys {
                try database.run("UPDATE notification_deliveries SET closed_at = ? WHERE delivery_key = ? AND closed_at IS NULL",
                                 [.double(clock.now.timeIntervalSince1970), .text(key)])
            }
        }
    }

    /// Which of the given shown items no longer need to be on screen (withdrawal, docs/notifications.md "Delivery"): a todo
    /// that was deleted, or whose notified cycle was completed (current cycle completed, or that
    /// cycle completed in history); a one-off todo that was completed; a list reminder whose list
    /// was deleted or has no incomplete todo left; a todo item whose todo was snoozed to after its fire time
    /// (docs/notifications.md "Snooze"). One read transaction.
    /// - Returns: the `deliveryKey`s of the resolved items.
    public func resolvedDeliveries(_ items: [PlannedNotification]) throws -> Set<String> {
        try read {
            var resolved = Set<String>()
            for item in items {
                switch item.kind {
                case .todo:
                    guard let id = item.todoId, let todo = try todo(id: id) else { resolved.insert(item.deliveryKey); continue }
                    if let k = item.index {
                        let inHistory = (try database.scalarInt("""
                            SELECT count(*) FROM completions WHERE todo_id = ? AND cycle_index = ? AND undone_at IS NULL
                            """, [.text(id), .int(k)]) ?? 0) > 0
                        if (todo.occurrenceCount == k && todo.isCompleted) || inHistory { resolved.insert(item.deliveryKey) }
                    } else if todo.isCompleted {
                        resolved.insert(item.deliveryKey)
                    }
                    // Snoozed since it was shown: the reminder moved to later (docs/notifications.md "Snooze").
                    if let snooze = try snoozes(todoID: id).first, snooze.applies(to: todo),
                       snooze.until > item.fireAt {
                        resolved.insert(item.deliveryKey)
                    }
                case .reminder:
                    let pending = try database.scalarInt("SELECT count(*) FROM todos WHERE list_id = ? AND is_completed = 0",
                                                         [.text(item.listId)]) ?? 0
                    let exists = try database.scalarInt("SELECT count(*) FROM lists WHERE id = ?", [.text(item.listId)]) ?? 0
                    if exists == 0 || pending == 0 { resolved.insert(item.deliveryKey) }
                }
            }
            return resolved
        }
    }
}
