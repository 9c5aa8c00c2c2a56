import Foundation

/// One row of the completion history (table `completions`) as a backup carries it.
public struct CompletionRecord: Sendable, Equatable {
    public var id: Int
    public var todoId: String, listId: String, title: String
    public var cycleIndex: Int
    /// The cycle's due in column encoding (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS`), nil for none.
    public var cycleDue: String?
    public var completedAt: Date
    public var source: String
    public var undoneAt: Date?
    /// The check-in's note (`done --note`), nil for none.
    public var note: String?
    /// The parent todo whose completion completed this one with it (docs/organize.md "Subtasks"), nil for none.
    public var cascadeOf: String?

    public init(id: Int, todoId: String, listId: String, title: String, cycleIndex: Int, cycleDue: String?,
                completedAt: Date, source: String, undoneAt: Date?, note: String? = nil, cascadeOf: String? = nil) {
        self.id = id; self.todoId = todoId; self.listId = listId; self.title = title; self.cycleIndex = cycleIndex
        self.cycleDue = cycleDue; self.completedAt = completedAt; self.source = source; self.undoneAt = undoneAt
        self.note = note; self.cascadeOf = cascadeOf
    }
}

/// A list created by a routine (table `routine_lists`; see `RoutinePack`).
public struct RoutineRecord: Sendable, Equatable {
    public var listId: String, name: String, source: String
    public var appliedAt: Date
    public var todoIds: [String]

    public init(listId: String, name: String, source: String, appliedAt: Date, todoIds: [String]) {
        self.listId = listId; self.name = name; self.source = source; self.appliedAt = appliedAt; self.todoIds = todoIds
    }
}
