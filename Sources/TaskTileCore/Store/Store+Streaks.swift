import Foundation

/// Streaks and completion rate of one repeating todo (docs/cycles.md "Streaks"), counted in
/// **cycles**, never days: "every 2 weeks on Mon, Wed" counts its Mondays and Wednesdays of every
/// other week, so DST days and date-only dues need no special case.
public struct Streak: Hashable, Sendable {
    /// Consecutive completed cycles up to the latest decided one: the current cycle when it is
    /// completed, else the cycle before it (an overdue cycle is not missed yet, so it does not break
    /// the streak until the next cycle's due passes).
    public var current: Int
    /// The longest run of consecutive completed cycles so far.
    public var best: Int
    /// Completed cycles among the last `window` decided cycles (or fewer, when the series is younger).
    public var completedInWindow: Int
    /// How many cycles the rate is over: min(`window` asked for, cycles decided so far).
    public var window: Int
    /// `completedInWindow / window` in 0…1, nil when no cycle is decided yet.
    public var rate: Double? { window == 0 ? nil : Double(completedInWindow) / Double(window) }

    public init(current: Int, best: Int, completedInWindow: Int, window: Int) {
        self.current = current; self.best = best; self.completedInWindow = completedInWindow; self.window = window
    }

    /// The default number of cycles `rate` is over (`tasktile streak --last`).
    public static let defaultWindow = 30

    /// The streak of a repeating todo whose cycle state (`occurrenceCount`, `isCompleted`) is
    /// caught up, given the indices of its completed cycles (`completed`, any order; indices after
    /// the current cycle are ignored) and the rate window in cycles (≥ 1).
    ///
    /// Pure; O(number of completed cycles): a walk over the history, never over the calendar.
    public static func compute(currentCycle c: Int, currentCompleted: Bool, completed: Set<Int>, window: Int = defaultWindow) -> Streak {
        let top = currentCompleted ? c : c - 1 // the latest decided cycle
        let done = completed.filter { $0 >= 0 && $0 <= top }
        var current = 0
        while done.contains(top - current) { current += 1 }
        var best = 0, run = 0, previous = Int.min
        for i in done.sorted() {
            run = (i == previous + 1) ? run + 1 : 1
            best = max(best, run)
            previous = i
        }
        let size = max(0, min(window, top + 1))
        let inWindow = done.filter { $0 > top - size }.count
        return Streak(current: current, best: best, completedInWindow: inWindow, window: size)
    }
}

extension Store {
    /// The streaks of the given repeating todos (caught up, as `contents()` returns them), by todo
    /// id, from one read of the completion history; todos that do not repeat are left out.
    /// - Parameter window: the rate window in cycles (≥ 1).
    /// - Throws: `StoreError.busy` only in theory (a read); `DatabaseError` on a broken store.
    public func streaks(of todos: [Todo], window: Int = Streak.defaultWindow) throws -> [String: Streak] {
        let repeating = todos.filter { $0.repeatRule != nil && $0.anchor != nil }
        guard !repeating.isEmpty else { return [:] }
        return try read {
            let now = clock.now
            var result: [String: Streak] = [:]
            for todo in repeating {
                let completed = Set(try completedCycles(of: todo, at: now).keys)
                result[todo.id] = Streak.compute(currentCycle: todo.occurrenceCount, currentCompleted: todo.isCompleted,
                                                 completed: completed, window: window)
            }
            return result
        }
    }
}
