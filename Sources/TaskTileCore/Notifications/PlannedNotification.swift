import Foundation

/// One notification the planner expects to deliver (docs/notifications.md "Planning").
public struct PlannedNotification: Hashable, Sendable {
    /// What the notification is about.
    public enum Kind: String, Sendable {
        /// A todo's due (a one-off todo, or one cycle of a repeating todo).
        case todo
        /// A list reminder occurrence (docs/notifications.md "List reminders").
        case reminder
    }

    /// The plan identifier: `<todo id>` for a one-off todo, `<todo id>_<i>` for cycle `i` of a
    /// repeating todo, `list:<list id>_<i>` for occurrence `i` of a list reminder,
    /// `snooze:<todo id>_<epoch seconds>` for a snoozed reminder (`Snooze.identifier`).
    public var identifier: String
    public var kind: Kind
    /// When to deliver it (UTC instant): a timed due's instant, or a date-only due's day at the
    /// default notification time in the user's zone.
    public var fireAt: Date
    /// The due of the todo cycle, or the reminder occurrence, this notification is for.
    public var due: Due
    /// The todo; nil for a list reminder.
    public var todoId: String?
    /// The cycle index of a repeating todo or the occurrence index of a list reminder; nil for a
    /// one-off todo.
    public var index: Int?
    public var listId: String
    public var listTitle: String
    /// The todo title; for a list reminder, the list title.
    public var title: String

    public init(identifier: String, kind: Kind, fireAt: Date, due: Due, todoId: String?, index: Int?,
                listId: String, listTitle: String, title: String) {
        self.identifier = identifier; self.kind = kind; self.fireAt = fireAt; self.due = due
        self.todoId = todoId; self.index = index; self.listId = listId; self.listTitle = listTitle; self.title = title
    }

    /// The delivery-log key: the identifier plus the due it was planned for
    /// (`<identifier>@<wall-clock>[ <zone>]`). Each key is delivered at most once, ever; editing a
    /// todo's due gives its cycles new keys, so the edited due notifies again.
    public var deliveryKey: String {
        switch due {
        case .date(let d): "\(identifier)@\(d)"
        case .dateTime(let wc, let zone): "\(identifier)@\(wc) \(zone)"
        }
    }
}

/// Everything the planner reads from the store, in one snapshot.
public struct NotificationPlanInput: Sendable {
    /// Every todo (completed ones included; the planner filters).
    public var todos: [Todo]
    /// Every list (todos and reminders of lists not in here are ignored).
    public var lists: [TodoList]
    /// Every list reminder.
    public var reminders: [ListReminder]
    /// Cycles of repeating todos recorded as completed in the completion history (not undone),
    /// keyed `"<todo id>_<cycle>"`; lets cycles that catch-up has already moved past be told apart.
    public var completedCycles: Set<String>
    /// When date-only dues notify (local time, `notify.defaultTime`).
    public var defaultTime: NotifyTime
    /// Snoozed reminders (docs/notifications.md "Snooze"), at most one per todo; one that no longer applies
    /// (`Snooze.applies(to:)`) is ignored.
    public var snoozes: [Snooze]

    public init(todos: [Todo], lists: [TodoList], reminders: [ListReminder] = [],
                completedCycles: Set<String> = [], defaultTime: NotifyTime = .standard, snoozes: [Snooze] = []) {
        self.todos = todos; self.lists = lists; self.reminders = reminders
        self.completedCycles = completedCycles; self.defaultTime = defaultTime; self.snoozes = snoozes
    }
}
