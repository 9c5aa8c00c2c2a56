import Foundation

/// The instants tasktile accepts from anywhere: 0001-01-01T00:00:00Z through
/// 9999-12-31T23:59:59Z, the span of `LocalDate` (years 1…9999), which is also all the command
/// line's due parser can produce. Every instant read from a file or a server (a backup's
/// `createdAt`/`completedAt` given as a number of seconds, an iCalendar or Taskwarrior date) is
/// checked against it once, at the boundary, and refused there (exit 65 naming file, record and
/// key), so nothing beyond it ever reaches the store. Arithmetic on an instant that is already
/// stored goes through `seconds(_:)`, which is total, so a store written before the check (or by
/// hand) cannot make a later command trap.
public enum InstantRange {
    /// 0001-01-01T00:00:00Z in seconds since 1970 (UTC).
    public static let earliest: TimeInterval = -62_135_596_800
    /// 9999-12-31T23:59:59Z in seconds since 1970 (UTC).
    public static let latest: TimeInterval = 253_402_300_799

    /// The accepted span as text for messages: `0001-01-01T00:00:00Z … 9999-12-31T23:59:59Z`.
    public static let description = "0001-01-01T00:00:00Z … 9999-12-31T23:59:59Z"

    /// Whether `seconds` since 1970 is a finite instant inside the accepted span.
    public static func contains(seconds: Double) -> Bool {
        seconds.isFinite && seconds >= earliest && seconds <= latest
    }

    /// Whether `date` is inside the accepted span.
    public static func contains(_ date: Date) -> Bool { contains(seconds: date.timeIntervalSince1970) }

    /// Whole seconds since 1970 of `date`, rounded toward the past and clamped into the accepted
    /// span (NaN counts as `earliest`): never traps, whatever the stored value.
    public static func seconds(_ date: Date) -> Int {
        let t = date.timeIntervalSince1970
        guard t.isFinite else { return t > 0 ? Int(latest) : Int(earliest) }
        return Int(min(max(t, earliest), latest).rounded(.down))
    }
}
