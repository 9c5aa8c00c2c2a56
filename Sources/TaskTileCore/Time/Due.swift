import Foundation

/// When a todo is due (docs/cycles.md "Due dates"): a floating date, or a wall-clock time in an IANA zone.
public enum Due: Hashable, Sendable {
    /// Due on this calendar day wherever the user is; due at the *end* of that day and never
    /// shifted to the previous day west of UTC.
    case date(LocalDate)
    /// Due at this wall-clock time in the zone with this IANA identifier (e.g. `Asia/Tokyo`).
    case dateTime(LocalDateTime, zoneID: String)

    /// The calendar date of the due as written (the wall-clock date for a timed due).
    public var localDate: LocalDate {
        switch self {
        case .date(let d): d
        case .dateTime(let wc, _): wc.date
        }
    }

    /// The instant after which the due counts as past, in UTC.
    /// A date-only due ends at the start of the following day in `userZone`; a timed due is its
    /// wall-clock time resolved in its own zone (`ZonedClock` gap/overlap rules).
    public func deadline(userZone: TimeZone) -> Date {
        switch self {
        case .date(let d):
            return ZonedClock.startOfDay(d.adding(days: 1), in: userZone)
        case .dateTime(let wc, let zoneID):
            return ZonedClock.instant(of: wc, in: TimeZone(identifier: zoneID) ?? userZone)
        }
    }

    /// `--json` form (docs/lists-and-todos.md "JSON output"): `YYYY-MM-DD` for date-only, ISO 8601 with offset otherwise.
    public var jsonText: String {
        switch self {
        case .date(let d): return d.description
        case .dateTime(let wc, let zoneID):
            let zone = TimeZone(identifier: zoneID) ?? TimeZone(secondsFromGMT: 0)!
            return ZonedClock.iso8601(ZonedClock.instant(of: wc, in: zone), in: zone)
        }
    }

    /// The zone id of a timed due; nil for a floating date.
    public var zoneID: String? {
        if case .dateTime(_, let z) = self { return z }
        return nil
    }
}
