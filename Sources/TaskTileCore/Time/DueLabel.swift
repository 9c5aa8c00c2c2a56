import Foundation

/// How a due reads in `show`, widgets and status bars (docs/lists-and-todos.md "show"): overdue, today, or a date.
public struct DueLabel: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The due has passed (red on a terminal).
        case overdue
        /// Due later today (orange on a terminal).
        case today
        /// Due on a later day.
        case upcoming
    }

    public var kind: Kind
    /// The due's wall-clock date in the user's zone (a floating date as written).
    public var date: LocalDate
    /// The time shown, `HH:MM`, or nil for a date-only due.
    public var time: String?

    /// Classifies `due` at `now` in `zone`.
    public init(due: Due, now: Date, zone: TimeZone) {
        let deadline = due.deadline(userZone: zone)
        let today = ZonedClock.wallClock(of: now, in: zone).date
        switch due {
        case .date(let d):
            date = d
            time = nil
        case .dateTime:
            let wc = ZonedClock.wallClock(of: deadline, in: zone)
            date = wc.date
            time = wc.hourMinute
        }
        if deadline <= now { kind = .overdue } else if date == today { kind = .today } else { kind = .upcoming }
    }
}
