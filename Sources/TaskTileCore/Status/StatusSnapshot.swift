import Foundation

/// What a status bar shows (docs/status-bars.md "What is counted"), read from the store in one read transaction by
/// `Store.statusSnapshot(list:titleLimit:)` and turned into text by `StatusFormatter`.
///
/// Counts are of todos, not of completions: a repeating todo counts once, as pending or completed
/// according to its *current cycle*.
public struct StatusSnapshot: Hashable, Sendable {
    /// One pending todo as a status bar lists it.
    public struct Item: Hashable, Sendable {
        /// The full todo id (what `intent complete --id` receives from a menu action).
        public var id: String
        /// The shortest unique id prefix (≥ 6 characters) among all todos in the store, as `show` prints it.
        public var shortID: String
        public var title: String
        public var listTitle: String
        /// The todo's current due (for a repeating todo, the current cycle's); nil without one.
        public var due: Due?
        /// How the due reads at the snapshot's "now"; nil exactly when `due` is nil.
        public var dueLabel: DueLabel?
        /// The todo's priority (docs/organize.md "Priority"); `.none` by default.
        public var priority: Priority
        /// The todo's tags, in their stored spelling and order; empty by default.
        public var tags: [String]
        /// The parent todo's id when this is a subtask; nil for a top-level todo.
        public var parentId: String?

        public init(
            id: String, shortID: String, title: String, listTitle: String, due: Due? = nil, dueLabel: DueLabel? = nil,
            priority: Priority = .none, tags: [String] = [], parentId: String? = nil
        ) {
            self.id = id; self.shortID = shortID; self.title = title; self.listTitle = listTitle
            self.due = due; self.dueLabel = dueLabel
            self.priority = priority; self.tags = tags; self.parentId = parentId
        }

        /// Whether the due has passed.
        public var isOverdue: Bool { dueLabel?.kind == .overdue }
    }

    /// The state a bar styles (waybar `class`, i3blocks colour): `empty` when nothing is pending,
    /// `overdue` when at least one pending todo is past its due, else `pending`; `error` when the
    /// snapshot could not be read (then `StatusFormatter.error…` prints the message instead).
    public enum State: String, Hashable, Sendable, CaseIterable {
        case empty, pending, overdue, error
    }

    /// The list `--list` named (its stored title), or nil for all lists.
    public var listTitle: String?
    /// Incomplete todos (current cycle not completed).
    public var pendingCount: Int
    /// Completed todos (current cycle completed).
    public var completedCount: Int
    /// Pending todos whose due has passed (`DueLabel.Kind.overdue`: a date-only due is overdue from the
    /// start of the following day in the user's zone, a timed due from its instant).
    public var overdueCount: Int
    /// The pending todo with the earliest due that has not passed yet; nil when none has one.
    public var nextDue: Item?
    /// The first pending todos in list `sortOrder`, then todo `sortOrder`; at most the `titleLimit`
    /// the snapshot was read with, so `pending.count` may be less than `pendingCount`.
    public var pending: [Item]
    /// Today in the user's zone, for relative due text ("Today", "Tomorrow").
    public var today: LocalDate
    /// The streaks of the repeating todos in scope (docs/cycles.md "Streaks"), in list then todo
    /// order; filled only when asked for (`statusSnapshot(…, streaks: true)`, `--format json`).
    public var streaks: [StreakItem] = []

    /// One repeating todo's streak in a snapshot.
    public struct StreakItem: Hashable, Sendable {
        public var id: String
        public var title: String
        public var listTitle: String
        public var streak: Streak
        /// A habit with a target per period: its progress in the current period; nil for any other.
        public var progress: GoalProgress?
        public init(id: String, title: String, listTitle: String, streak: Streak, progress: GoalProgress? = nil) {
            self.id = id; self.title = title; self.listTitle = listTitle; self.streak = streak; self.progress = progress
        }
    }

    public init(listTitle: String? = nil, pendingCount: Int, completedCount: Int, overdueCount: Int,
                nextDue: Item? = nil, pending: [Item], today: LocalDate) {
        self.listTitle = listTitle; self.pendingCount = pendingCount; self.completedCount = completedCount
        self.overdueCount = overdueCount; self.nextDue = nextDue; self.pending = pending; self.today = today
    }

    /// The state a bar styles (never `.error`; see `State`).
    public var state: State {
        if pendingCount == 0 { return .empty }
        return overdueCount > 0 ? .overdue : .pending
    }

    /// The done ratio as an integer percentage 0…100: `completed × 100 / (pending + completed)`,
    /// rounded **down**, so it reads 100 only when nothing is pending; with no todos at all (nothing
    /// left to do) it is 100. Waybar's `percentage` and `{percentage}` take this value.
    public var percentage: Int {
        let total = pendingCount + completedCount
        guard pendingCount > 0, total > 0 else { return 100 }
        return completedCount * 100 / total
    }

    /// Pending todos not in `pending` (beyond the title limit).
    public var unlistedCount: Int { max(0, pendingCount - pending.count) }
}
