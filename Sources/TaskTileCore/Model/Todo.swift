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

    public init(id: String, listId: String, title: String, isCompleted: Bool = false,
                completedAt: Date? = nil, sortOrder: Int, createdAt: Date, due: Due? = nil,
                anchor: Due? = nil, repeatRule: RepeatRule? = nil, missedCount: Int = 0,
                occurrenceCount: Int = 0, notes: String? = nil) {
        self.id = id; self.listId = listId; self.title = title; self.isCompleted = isCompleted
        self.completedAt = completedAt; self.sortOrder = sortOrder; self.createdAt = createdAt
        self.due = due; self.anchor = anchor; self.repeatRule = repeatRule
        self.missedCount = missedCount; self.occurrenceCount = occurrenceCount; self.notes = notes
    }
}
