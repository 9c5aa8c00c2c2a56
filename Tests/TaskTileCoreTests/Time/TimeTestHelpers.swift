import Foundation
@testable import TaskTileCore

/// `YYYY-MM-DD` → LocalDate; traps on a typo in a test table.
func date(_ text: String) -> LocalDate {
    guard let d = LocalDate(iso: text) else { preconditionFailure("bad test date \(text)") }
    return d
}

/// `YYYY-MM-DDTHH:MM[:SS]` → LocalDateTime; traps on a typo in a test table.
func wallClock(_ text: String) -> LocalDateTime {
    guard let w = LocalDateTime(iso: text) else { preconditionFailure("bad test wall-clock \(text)") }
    return w
}

/// An IANA zone that must exist on the test machine.
func zone(_ id: String) -> TimeZone {
    guard let z = TimeZone(identifier: id) else { preconditionFailure("unknown zone \(id)") }
    return z
}

/// `2027-03-28T01:30:00Z` for an instant.
func utcText(_ instant: Date) -> String {
    "\(ZonedClock.wallClock(of: instant, in: TimeZone(secondsFromGMT: 0)!))Z"
}

/// The instant of `YYYY-MM-DDTHH:MM:SSZ`.
func utc(_ text: String) -> Date {
    let trimmed = text.hasSuffix("Z") ? String(text.dropLast()) : text
    return Date(timeIntervalSince1970: TimeInterval(wallClock(trimmed).naiveSeconds))
}

/// The calendar dates of the first `count` occurrences.
func occurrenceDates(_ rule: RepeatRule, from anchor: Due, count: Int) -> [String] {
    RecurrenceEngine.occurrences(of: rule, anchor: anchor, count: count).map { $0.localDate.description }
}
