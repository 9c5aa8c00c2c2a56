/// How far a habit with a target per period (`RepeatRule.goal`) is in its current period: `count`
/// check-ins on distinct days of the `goal` it needs (`count` ≤ `goal`). Shown as `2/3`
/// (docs/cycles.md "Habits with a target"). A model value, so the notification text and the
/// status formats below the store can show it.
public struct GoalProgress: Hashable, Sendable {
    public var count: Int
    public var goal: Int
    public init(count: Int, goal: Int) { self.count = count; self.goal = goal }
}
