import Foundation

/// "Now" and the user's time zone, injected everywhere so tests and scripts can fix them.
///
/// `TASKTILE_NOW` (ISO 8601 with offset, or a local `YYYY-MM-DDTHH:MM[:SS]` read in the user's zone)
/// replaces the clock; `TZ` (an IANA id, optionally with a leading `:`) gives the zone, else
/// `/etc/localtime` through Foundation (docs/cycles.md "The clock").
public struct Clock: Sendable {
    /// The current instant (UTC).
    public var now: Date
    /// The user's zone, for parsing and showing dues.
    public var timeZone: TimeZone

    public init(now: Date, timeZone: TimeZone) {
        self.now = now
        self.timeZone = timeZone
    }

    /// Errors in the clock environment variables.
    public enum ClockError: Error, CustomStringConvertible, Sendable {
        case badNow(String)
        /// The message in English (`message(_:)` gives it in either language).
        public var description: String { message(Localizer(.en)) }
    }

    /// The zone named by `TZ`, else the system zone.
    public static func timeZone(environment: [String: String]) -> TimeZone {
        if var tz = environment["TZ"], !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if tz.hasPrefix("/usr/share/zoneinfo/") { tz.removeFirst("/usr/share/zoneinfo/".count) }
            if let zone = TimeZone(identifier: tz) { return zone }
            if tz == "UTC" || tz == "UTC0" { return TimeZone(identifier: "UTC")! }
        }
        return TimeZone.current
    }

    /// `TZ`'s value when it is set but names no zone this system knows (`Mars/Phobos`), so that
    /// the programs can warn once on stderr instead of silently running in `TimeZone.current`;
    /// nil when `TZ` is unset, empty or known.
    public static func unknownTimeZone(environment: [String: String]) -> String? {
        guard let raw = environment["TZ"], !raw.isEmpty else { return nil }
        var tz = raw
        if tz.hasPrefix(":") { tz.removeFirst() }
        if tz.hasPrefix("/usr/share/zoneinfo/") { tz.removeFirst("/usr/share/zoneinfo/".count) }
        if TimeZone(identifier: tz) != nil || tz == "UTC" || tz == "UTC0" { return nil }
        return raw
    }

    /// The clock from the environment (`TASKTILE_NOW`, `TZ`). Call again to get a fresh `now`.
    /// - Throws: `ClockError.badNow` for an unreadable `TASKTILE_NOW`.
    public static func fromEnvironment(_ environment: [String: String]) throws -> Clock {
        let zone = timeZone(environment: environment)
        if let text = environment["TASKTILE_NOW"], !text.isEmpty {
            guard let instant = parseInstant(text, zone: zone) else { throw ClockError.badNow(text) }
            return Clock(now: instant, timeZone: zone)
        }
        return Clock(now: Date(), timeZone: zone)
    }

    /// Parses ISO 8601 with an offset (`Z`, `+09:00`, `+0900`) or a local wall-clock time read in `zone`.
    public static func parseInstant(_ text: String, zone: TimeZone) -> Date? {
        var s = text.trimmingCharacters(in: .whitespaces)
        var offset: Int?
        if s.hasSuffix("Z") || s.hasSuffix("z") {
            offset = 0; s.removeLast()
        } else if s.count > 19 || (s.count > 16 && s.count != 19) {
            // Look for ±HH:MM or ±HHMM after the time part.
            if let signIndex = s.lastIndex(where: { $0 == "+" || $0 == "-" }),
               s.distance(from: s.startIndex, to: signIndex) >= 16 {
                let tail = s[s.index(after: signIndex)...].replacingOccurrences(of: ":", with: "")
                guard tail.count == 4 || tail.count == 2, let v = Int(tail), tail.allSatisfy(\.isNumber) else { return nil }
                let hours = tail.count == 4 ? v / 100 : v
                let minutes = tail.count == 4 ? v % 100 : 0
                guard hours <= 18, minutes < 60 else { return nil }
                offset = (hours * 3600 + minutes * 60) * (s[signIndex] == "-" ? -1 : 1)
                s = String(s[..<signIndex])
            }
        }
        // Fractional seconds are accepted and dropped.
        if let dot = s.firstIndex(of: "."), s.distance(from: s.startIndex, to: dot) == 19 {
            let frac = s[s.index(after: dot)...]
            guard !frac.isEmpty, frac.allSatisfy(\.isNumber) else { return nil }
            s = String(s[..<dot])
        }
        guard let wall = LocalDateTime(iso: s) else { return nil }
        if let offset { return Date(timeIntervalSince1970: TimeInterval(wall.naiveSeconds - offset)) }
        return ZonedClock.instant(of: wall, in: zone)
    }

    /// Today's date in the user's zone.
    public var today: LocalDate { ZonedClock.wallClock(of: now, in: timeZone).date }
}
