import Foundation

/// A list of todos (docs/lists-and-todos.md).
public struct TodoList: Hashable, Sendable, Identifiable {
    /// Lowercase hyphenated UUID text.
    public var id: String
    /// Non-empty after trimming; not unique.
    public var title: String
    /// Position among lists, 0-based; ties broken by `createdAt`, then `id`.
    public var sortOrder: Int
    public var createdAt: Date

    public init(id: String, title: String, sortOrder: Int, createdAt: Date) {
        self.id = id; self.title = title; self.sortOrder = sortOrder; self.createdAt = createdAt
    }
}

/// A list with its pending and completed counts, as `list ls` shows it.
public struct ListSummary: Hashable, Sendable {
    public var list: TodoList
    public var pendingCount: Int
    public var completedCount: Int
    public init(list: TodoList, pendingCount: Int, completedCount: Int) {
        self.list = list; self.pendingCount = pendingCount; self.completedCount = completedCount
    }
}
