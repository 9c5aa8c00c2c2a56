import Foundation

/// Plans notifications (docs/notifications.md "Planning"): a pure function of the store snapshot and "now".
///
/// - a one-off incomplete todo with a due notifies once, at its due;
/// - a repeating todo notifies for its next `cycleLookahead` (7) cycles, computed with the
///   recurrence engine from `(anchor, occurrenceCount, isCompleted)`; the current cycle is skipped
///   when completed, a cycle recorded complete in history is skipped, and the series' end is respected;
/// - a list reminder notifies at its next occurrences (at most 7, and at most the deliveries its
///   `afterCount` end still allows); weekly with several weekdays, every selected weekday fires;
/// - the whole plan is the `planLimit` (64) soonest, soonest first (ties: identifier).
///
/// Fire times: a timed due's instant; a date-only due's day at `NotifyTime` in the user's zone.
///
/// A snooze (docs/notifications.md "Snooze") moves the reminder of the todo's current cycle: that cycle's due
/// notification is left out when it fires at or before `until`, and a notification `Snooze.identifier` fires at
/// `until` (same todo, cycle and due; its own delivery key, so it comes even after the due's was delivered).
public enum NotificationPlanner {
    /// Cycles of one repeating todo (or occurrences of one reminder) planned ahead.
    public static let cycleLookahead = 7
    /// The cap on the whole plan (TaskTune's platform limit, kept as a bound on look-ahead).
    public static let planLimit = 64

    /// When a due notifies: a timed due's instant, or a date-only due's day at `defaultTime` in
    /// `userZone` (a time in a spring gap moves forward, as for every wall-clock time).
    public static func fireTime(of due: Due, defaultTime: NotifyTime, userZone: TimeZone) -> Date {
        switch due {
        case .dateTime: return due.deadline(userZone: userZone)
        case .date(let d):
            return ZonedClock.instant(of: LocalDateTime(date: d, hour: defaultTime.hour, minute: defaultTime.minute)!,
                                      in: userZone)
        }
    }

    /// The plan: notifications whose fire time is strictly after `now`, soonest first, at most `limit`.
    public static func plan(_ input: NotificationPlanInput, now: Date, userZone: TimeZone,
                            limit: Int = planLimit) -> [PlannedNotification] {
        let all = candidates(input, userZone: userZone, after: now, through: nil, perSeries: cycleLookahead)
        return Array(sorted(all).prefix(max(0, limit)))
    }

    /// Notifications whose fire time is in `(after, through]` and that are still wanted (todo
    /// incomplete for that cycle, the todo created before the fire time, the reminder not used up):
    /// what a daemon delivers when it wakes, or folds into one catch-up notification after downtime.
    /// Soonest first. Whether each was already delivered is the delivery log's business, not this.
    public static func due(_ input: NotificationPlanInput, after: Date, through: Date,
                           userZone: TimeZone) -> [PlannedNotification] {
        sorted(candidates(input, userZone: userZone, after: after, through: through, perSeries: 400))
    }

    static func sorted(_ items: [PlannedNotification]) -> [PlannedNotification] {
        items.sorted { ($0.fireAt, $0.identifier) < ($1.fireAt, $1.identifier) }
    }

    /// Every wanted notification with fire time in `(after, through]` (`through` nil = unbounded,
    /// then at most `perSeries` per todo or reminder).
    static func candidates(_ input: NotificationPlanInput, userZone: TimeZone, after: Date, through: Date?,
                           perSeries: Int) -> [PlannedNotification] {
        let listTitles = Dictionary(input.lists.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        func fire(_ due: Due) -> Date { fireTime(of: due, defaultTime: input.defaultTime, userZone: userZone) }
        func inWindow(_ t: Date) -> Bool { t > after && (through.map { t <= $0 } ?? true) }
        var result: [PlannedNotification] = []

        let snoozes = Dictionary(input.snoozes.map { ($0.todoId, $0) }, uniquingKeysWith: { a, _ in a })
        for todo in input.todos {
            guard let listTitle = listTitles[todo.listId] else { continue }
            let snooze = snoozes[todo.id].flatMap { $0.applies(to: todo) ? $0 : nil }
            // Whether cycle `k`'s (nil: the one-off's) notification at `t` was moved by the snooze.
            func moved(_ k: Int?, _ t: Date) -> Bool { snooze.map { $0.cycle == k && t <= $0.until } ?? false }
            if let snooze, let due = todo.due, inWindow(snooze.until) {
                result.append(PlannedNotification(identifier: snooze.identifier, kind: .todo, fireAt: snooze.until,
                                                  due: due, todoId: todo.id, index: snooze.cycle, listId: todo.listId,
                                                  listTitle: listTitle, title: todo.title))
            }
            if let rule = todo.repeatRule, rule.fromCompletion {
                // Repeating from completion: only the current due exists; the next one follows the completion.
                if let due = todo.due, !todo.isCompleted {
                    let t = fire(due)
                    if inWindow(t), through == nil || todo.createdAt < t, !moved(todo.occurrenceCount, t) {
                        result.append(PlannedNotification(identifier: "\(todo.id)_\(todo.occurrenceCount)", kind: .todo, fireAt: t,
                                                          due: due, todoId: todo.id, index: todo.occurrenceCount,
                                                          listId: todo.listId, listTitle: listTitle, title: todo.title))
                    }
                }
            } else if let rule = todo.repeatRule, let anchor = todo.anchor ?? todo.due {
                func completed(_ k: Int) -> Bool {
                    (k == todo.occurrenceCount && todo.isCompleted) || input.completedCycles.contains("\(todo.id)_\(k)")
                }
                // A cycle whose deadline is at or before `after` fires at or before it too
                // (fire time ≤ deadline), so the search can start at the first later deadline.
                guard var k = RecurrenceEngine.firstOccurrenceIndex(after: after, of: rule, anchor: anchor,
                                                                    userZone: userZone) else { continue }
                if through == nil { k = max(k, todo.occurrenceCount) }
                var taken = 0, steps = 0
                while taken < perSeries, steps < perSeries + 8, let due = RecurrenceEngine.occurrence(k, of: rule, anchor: anchor) {
                    steps += 1
                    let t = fire(due)
                    if let through, t > through { break }
                    if inWindow(t), !completed(k), through == nil || todo.createdAt < t, !moved(k, t) {
                        result.append(PlannedNotification(identifier: "\(todo.id)_\(k)", kind: .todo, fireAt: t, due: due,
                                                          todoId: todo.id, index: k, listId: todo.listId,
                                                          listTitle: listTitle, title: todo.title))
                        taken += 1
                    }
                    k += 1
                }
            } else if let due = todo.due, !todo.isCompleted {
                let t = fire(due)
                if inWindow(t), through == nil || todo.createdAt < t, !moved(nil, t) {
                    result.append(PlannedNotification(identifier: todo.id, kind: .todo, fireAt: t, due: due, todoId: todo.id,
                                                      index: nil, listId: todo.listId, listTitle: listTitle, title: todo.title))
                }
            }
        }

        for reminder in input.reminders {
            guard let listTitle = listTitles[reminder.listId] else { continue }
            // The plan shows only as many as may still be shown; a window lists every occurrence
            // (some may be consumed already; the claim re-checks the count).
            let remaining = reminder.remainingDeliveries ?? perSeries
            guard remaining > 0 else { continue }
            let allowed = through == nil ? min(perSeries, remaining) : perSeries
            var i = 0
            if let rule = reminder.occurrenceRule {
                guard let first = RecurrenceEngine.firstOccurrenceIndex(after: after, of: rule, anchor: reminder.anchor,
                                                                        userZone: userZone) else { continue }
                i = first
            }
            var taken = 0, steps = 0
            while taken < allowed, steps < allowed + 8, let due = reminder.occurrence(i) {
                steps += 1
                let t = fire(due)
                if let through, t > through { break }
                if inWindow(t), reminder.createdAt.map({ $0 <= t }) ?? true {
                    result.append(PlannedNotification(identifier: "list:\(reminder.listId)_\(i)", kind: .reminder, fireAt: t,
                                                      due: due, todoId: nil, index: i, listId: reminder.listId,
                                                      listTitle: listTitle, title: listTitle))
                    taken += 1
                }
                i += 1
            }
        }
        return result
    }
}
