import Foundation

/// A snoozed reminder (docs/notifications.md "Snooze"): the todo's notification for one cycle moved
/// to `until`. The todo's due is unchanged; the store keeps one per todo (table `snoozes`), so a
/// restarted notifier still delivers it, and completing or deleting the todo withdraws it.
public struct Snooze: Hashable, Sendable {
    /// The todo whose reminder is moved.
    public var todoId: String
    /// When the moved reminder fires (UTC instant).
    public var until: Date
    /// The cycle of a repeating todo the snooze is for (its `occurrenceCount` when snoozed); nil for a
    /// one-off todo. A snooze of a cycle the todo has moved past is ignored.
    public var cycle: Int?
    /// When the snooze was made (UTC instant).
    public var createdAt: Date

    public init(todoId: String, until: Date, cycle: Int?, createdAt: Date) {
        self.todoId = todoId; self.until = until; self.cycle = cycle; self.createdAt = createdAt
    }

    /// Whether the snooze applies to `todo` as it is now: the same cycle, not completed.
    public func applies(to todo: Todo) -> Bool {
        todo.id == todoId && !todo.isCompleted
            && (todo.repeatRule == nil ? cycle == nil : cycle == todo.occurrenceCount)
    }

    /// The plan identifier of the moved reminder: `snooze:<todo id>_<until, epoch seconds>`. Each
    /// snooze has its own, so it is delivered even when the due's notification was delivered already.
    public var identifier: String { "snooze:\(todoId)_\(InstantRange.seconds(until))" }
}

/// The snooze actions a todo notification offers (docs/notifications.md "Snooze"), by action key.
public enum SnoozeAction: String, CaseIterable, Sendable {
    /// Ten minutes from now.
    case tenMinutes = "snooze-10m"
    /// One hour from now.
    case oneHour = "snooze-1h"
    /// Tomorrow at `notify.defaultTime` in the user's zone.
    case tomorrow = "snooze-tomorrow"

    /// The catalogue key of the action's label.
    public var labelKey: StringKey {
        switch self {
        case .tenMinutes: .notifyActionSnooze10m
        case .oneHour: .notifyActionSnooze1h
        case .tomorrow: .notifyActionSnoozeTomorrow
        }
    }

    /// When the snoozed reminder fires, chosen at `now`: 10 minutes or an hour later, or tomorrow
    /// (the day after `now`'s wall-clock date in `userZone`) at `defaultTime`.
    public func until(now: Date, defaultTime: NotifyTime, userZone: TimeZone) -> Date {
        switch self {
        case .tenMinutes: return now.addingTimeInterval(600)
        case .oneHour: return now.addingTimeInterval(3600)
        case .tomorrow: return SnoozeTime.tomorrow(now: now, defaultTime: defaultTime, userZone: userZone)
        }
    }
}

/// Reads the time a person gives `tasktile snooze` (docs/notifications.md "Snooze").
public enum SnoozeTime {
    /// What the error message lists as accepted.
    public static let acceptedForms = "10m, 90m, 1h, 2d, tomorrow, 18:00, today 18:00, fri 9am, in 3 hours"

    /// Tomorrow (the day after `now`'s date in `userZone`) at `defaultTime` (a time in a spring gap moves forward).
    public static func tomorrow(now: Date, defaultTime: NotifyTime, userZone: TimeZone) -> Date {
        let today = ZonedClock.wallClock(of: now, in: userZone).date
        return NotificationPlanner.fireTime(
            of: .date(today.adding(days: 1)), defaultTime: defaultTime, userZone: userZone)
    }

    /// The instant `text` names, at `clock`: a duration `Nm`, `Nh`, `Nd` (minutes, hours, days of 24 hours from now,
    /// N 1…the `DueParser.Limit` of that unit); `tomorrow` (tomorrow at `defaultTime`); a bare time `HH:MM` (today,
    /// or tomorrow once it has passed); else any due form (`DueParser`), a date alone meaning that day at
    /// `defaultTime`. Whether the instant is in the future is the store's check (`Store.snooze`).
    /// - Throws: `DueParser.ParseError` naming the text and the accepted forms.
    public static func parse(_ text: String, clock: Clock, defaultTime: NotifyTime) throws -> Date {
        let input = text.trimmingCharacters(in: .whitespaces).lowercased()
        let bad = DueParser.ParseError(input: text, reason: Phrase(key: .snoozeErrorBadTime, text, acceptedForms))
        guard !input.isEmpty else { throw bad }
        if let unit = input.last, "mhd".contains(unit), input.count > 1,
            input.dropLast().allSatisfy({ $0.isASCII && $0.isNumber })
        {
            guard let n = Int(input.dropLast()), n > 0 else { throw bad }
            let (seconds, limit): (Double, Int) =
                switch unit {
                case "m": (60, DueParser.Limit.minutes)
                case "h": (3600, DueParser.Limit.hours)
                default: (86_400, DueParser.Limit.days)
                }
            guard n <= limit else { throw bad }
            return clock.now.addingTimeInterval(Double(n) * seconds)
        }
        if input == "tomorrow" { return tomorrow(now: clock.now, defaultTime: defaultTime, userZone: clock.timeZone) }
        if let time = NotifyTime(text: input) {
            // A bare time: today at that time, or tomorrow once it has passed.
            let today = ZonedClock.wallClock(of: clock.now, in: clock.timeZone).date
            for date in [today, today.adding(days: 1)] {
                let t = ZonedClock.instant(
                    of: LocalDateTime(date: date, hour: time.hour, minute: time.minute)!,
                    in: clock.timeZone)
                if t > clock.now { return t }
            }
        }
        let due: Due
        do { due = try DueParser.parse(text, clock: clock) } catch { throw bad }
        return NotificationPlanner.fireTime(of: due, defaultTime: defaultTime, userZone: clock.timeZone)
    }
}
