import Foundation

/// A list reminder (docs/notifications.md "List reminders"): at a wall-clock time, optionally repeating, the notification daemon
/// counts the list's incomplete todos *at fire time* and says how many there are (nothing when 0).
public struct ListReminder: Hashable, Sendable {
    /// The list this reminder belongs to (one reminder per list; deleted with the list).
    public var listId: String
    /// The first fire time (occurrence 0): always a wall-clock time in an IANA zone.
    public var anchor: Due
    /// How it repeats; nil for a one-time reminder. An `afterCount(n)` end counts *deliveries*
    /// (reminders actually shown), not occurrences: an occurrence that found 0 incomplete todos is
    /// consumed without counting.
    public var repeatRule: RepeatRule?
    /// How many reminders were actually shown so far.
    public var deliveries: Int
    /// When the reminder was set (UTC); occurrences before it are never delivered, so a daily
    /// reminder set at 10:56 for 10:00 starts tomorrow instead of firing at once. nil = unknown.
    public var createdAt: Date?

    public init(listId: String, anchor: Due, repeatRule: RepeatRule?, deliveries: Int = 0, createdAt: Date? = nil) {
        self.listId = listId; self.anchor = anchor; self.repeatRule = repeatRule; self.deliveries = deliveries
        self.createdAt = createdAt
    }

    /// How many more reminders may be shown: nil for no limit, else `n − deliveries` (never below 0)
    /// for `afterCount(n)`; a one-time reminder allows 1 − deliveries.
    public var remainingDeliveries: Int? {
        guard let rule = repeatRule else { return max(0, 1 - deliveries) }
        if case .afterCount(let n) = rule.end { return max(0, n - deliveries) }
        return nil
    }

    /// The rule the recurrence engine expands: the repeat rule with an `afterCount` end removed
    /// (deliveries, not occurrences, end such a series), or nil for a one-time reminder.
    var occurrenceRule: RepeatRule? {
        guard var rule = repeatRule else { return nil }
        if case .afterCount = rule.end { rule.end = .never }
        return rule
    }

    /// Occurrence `i` (0-based) of the reminder, ignoring the delivery count; nil past the end.
    public func occurrence(_ i: Int) -> Due? {
        guard let rule = occurrenceRule else { return i == 0 ? anchor : nil }
        return RecurrenceEngine.occurrence(i, of: rule, anchor: anchor)
    }
}
