import Foundation

/// Conversions between UTC instants and wall-clock times in an IANA time zone.
///
/// Rules (docs/cycles.md "Daylight saving time", RFC 5545 §3.3.5): a wall-clock time that does not exist (spring-forward gap)
/// is moved forward by the gap, i.e. interpreted with the UTC offset in force *before* the gap
/// (02:30 → 03:30 in Europe/Berlin); an ambiguous time (autumn overlap) takes the first instant.
public enum ZonedClock {
    /// The UTC instant of `wallClock` in `zone`, applying the gap and overlap rules above.
    public static func instant(of wallClock: LocalDateTime, in zone: TimeZone) -> Date {
        let naive = wallClock.naiveSeconds
        let offsetBefore = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(naive - 86_400)))
        let offsetAfter = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(naive + 86_400)))
        var valid: [Int] = []
        for offset in Set([offsetBefore, offsetAfter,
                           zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(naive)))]) {
            let t = naive - offset
            if zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))) == offset {
                valid.append(t)
            }
        }
        if let first = valid.min() {
            return Date(timeIntervalSince1970: TimeInterval(first))
        }
        // Gap: use the offset before the transition, which moves the time forward by the gap.
        return Date(timeIntervalSince1970: TimeInterval(naive - offsetBefore))
    }

    /// The wall-clock time that `instant` shows in `zone` (fractional seconds truncated toward the past).
    public static func wallClock(of instant: Date, in zone: TimeZone) -> LocalDateTime {
        let t = InstantRange.seconds(instant)
        return LocalDateTime(naiveSeconds: t + zone.secondsFromGMT(for: instant))
    }

    /// The instant at which local day `date` starts in `zone` (midnight, or the first instant after a
    /// gap at midnight).
    public static func startOfDay(_ date: LocalDate, in zone: TimeZone) -> Date {
        instant(of: LocalDateTime(date: date, hour: 0, minute: 0)!, in: zone)
    }

    /// `+09:00`-style offset text for `seconds` east of UTC (`Z` is never used).
    public static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let a = abs(seconds)
        return "\(sign)\(pad(a / 3600, 2)):\(pad((a % 3600) / 60, 2))"
    }

    /// ISO 8601 text with offset for `instant` shown in `zone`, e.g. `2027-01-31T09:00:00+01:00`.
    public static func iso8601(_ instant: Date, in zone: TimeZone) -> String {
        "\(wallClock(of: instant, in: zone))\(offsetText(zone.secondsFromGMT(for: instant)))"
    }
}
