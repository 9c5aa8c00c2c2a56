import Foundation

/// A todo (docs/lists-and-todos.md).
public struct Todo: Hashable, Sendable, Identifiable {
    /// Lowercase hyphenated UUID text.
    public var id: String
    public var listId: String
    /// Trimmed, non-empty, at most `TextRules.maxTitleLength` characters, no control characters.
    public var title: String
    /// For a repeating todo: whether the *current cycle* is completed.
    public var isCompleted: Bool
    /// When the todo (or its current cycle) was completed; nil when pending.
    public var completedAt: Date?
    /// Position within its section, 0-based.
    public var sortOrder: Int
    public var createdAt: Date
    /// The current due; for a repeating todo, the due of the current cycle.
    public var due: Due?
    /// The first due of a repeating series (cycle 0); nil for one-off todos.
    public var anchor: Due?
    public var repeatRule: RepeatRule?
    /// Cycles that passed while the todo was incomplete since it was last completed.
    public var missedCount: Int
    /// Index of the current cycle (cycles elapsed since the anchor).
    public var occurrenceCount: Int
    public var notes: String?
    /// The todo this one is a subtask of (same list), or nil (docs/organize.md "Subtasks").
    public var parentId: String?
    public var priority: Priority
    /// As stored by `TagRules.tags`: unique by key, in the order given.
    public var tags: [String]
    /// "Hidden until": before this the todo is not shown in widgets, bars or `show` (a date: from
    /// local 00:00 of that day; a date-time: from that instant). Nil: always shown.
    public var start: Due?

    public init(id: String, listId: String, title: String, isCompleted: Bool = false,
                completedAt: Date? = nil, sortOrder: Int, createdAt: Date, due: Due? = nil,
                anchor: Due? = nil, repeatRule: RepeatRule? = nil, missedCount: Int = 0,
                occurrenceCount: Int = 0, notes: String? = nil,
                parentId: String? = nil, priority: Priority = .none, tags: [String] = [], start: Due? = nil) {
        self.id = id; self.listId = listId; self.title = title; self.isCompleted = isCompleted
        self.completedAt = completedAt; self.sortOrder = sortOrder; self.createdAt = createdAt
        self.due = due; self.anchor = anchor; self.repeatRule = repeatRule
        self.missedCount = missedCount; self.occurrenceCount = occurrenceCount; self.notes = notes
        self.parentId = parentId; self.priority = priority; self.tags = tags; self.start = start
    }

    /// Whether the todo's start has come at `now` (always, without a start): a date-only start from
    /// 00:00 of that day in `userZone`, a timed one from its instant.
    public func isStarted(at now: Date, userZone: TimeZone) -> Bool {
        guard let start else { return true }
        switch start {
        case .date(let d): return ZonedClock.wallClock(of: now, in: userZone).date >= d
        case .dateTime: return start.deadline(userZone: userZone) <= now
        }
    }
}
