import Foundation
import TaskTileCore

/// A time zone defined only by a VTIMEZONE block (RFC 5545 §3.6.5) — a TZID that is neither an
/// IANA id, a Windows name (`WindowsZones`) nor carries `X-LIC-LOCATION`, such as older Outlook's display names
/// (`"(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"`). Its STANDARD and DAYLIGHT observances give the
/// UTC offset at a wall-clock time and the instants the offset changes; `matchingZone` finds the system zone that
/// agrees with them, and a one-off time no zone agrees with is read as the right instant (kept in zone UTC) instead of
/// being read in the user's zone.
///
/// Understood: each observance's `DTSTART`, `TZOFFSETTO` and a yearly `RRULE` with `BYMONTH` and
/// an ordinal `BYDAY` (`-1SU`, `2SU`: the forms every generator writes) and an optional `UNTIL`, or no RRULE (one
/// onset).
struct VTimeZoneRules: Sendable {
    struct Observance: Sendable {
        var start: LocalDateTime
        /// UTC offset in seconds from the onset on.
        var offset: Int
        /// `TZOFFSETFROM`: the offset before the onset, in which the onset's wall-clock `start` is written.
        var offsetFrom: Int?
        var month: Int?
        /// (ordinal, weekday): `-1SU` → (-1, .sunday).
        var byDay: (Int, Weekday)?
        /// The RRULE's `UNTIL` as seconds since 1970 UTC (a date-time with `Z`; a floating one read as UTC, a DATE as
        /// the end of that day): no onset after it.
        var until: Int?
    }

    var observances: [Observance]

    /// The rules of a VTIMEZONE component, or nil when it has no usable observance.
    init?(_ tz: ICalendarText.Component) {
        var list: [Observance] = []
        for o in tz.children where o.name == "STANDARD" || o.name == "DAYLIGHT" {
            guard let start = o.first("DTSTART").flatMap({ ICalendarText.dateTime($0.value)?.0 }),
                  let offset = o.first("TZOFFSETTO").flatMap({ VTimeZoneRules.offset($0.value) }) else { continue }
            var obs = Observance(start: start, offset: offset,
                                 offsetFrom: o.first("TZOFFSETFROM").flatMap { VTimeZoneRules.offset($0.value) })
            if let rule = o.first("RRULE")?.value {
                var fields: [String: String] = [:]
                for part in rule.split(separator: ";") {
                    let kv = part.split(separator: "=", maxSplits: 1)
                    if kv.count == 2 { fields[kv[0].uppercased()] = String(kv[1]) }
                }
                guard fields["FREQ"]?.uppercased() == "YEARLY", let m = fields["BYMONTH"].flatMap({ Int($0) }) else { continue }
                obs.month = m
                if let u = fields["UNTIL"] {
                    if let (wc, _) = ICalendarText.dateTime(u) {
                        obs.until = wc.naiveSeconds
                    } else if let d = ICalendarText.date(Substring(u)) {
                        obs.until = d.dayNumber * 86_400 + 86_399
                    }
                }
                if let d = fields["BYDAY"] {
                    let code = String(d.suffix(2)).uppercased()
                    guard let wd = RRuleMapping.dayCodes.first(where: { $0.value == code })?.key,
                          let n = Int(d.dropLast(2).isEmpty ? "1" : String(d.dropLast(2))) else { continue }
                    obs.byDay = (n, wd)
                }
            }
            list.append(obs)
        }
        guard !list.isEmpty else { return nil }
        observances = list
    }

    /// The observances as text, equal for equal rules (a cache key).
    var key: String {
        observances.map { o in
            "\(o.start) \(o.offset) \(o.offsetFrom.map(String.init) ?? "-") \(o.month.map(String.init) ?? "-") "
                + (o.byDay.map { "\($0.0)\($0.1.rawValue)" } ?? "-") + " " + (o.until.map(String.init) ?? "-")
        }.joined(separator: ";")
    }

    /// `+0100` / `-0530` / `+053000` → seconds.
    static func offset(_ text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard let sign = t.first, sign == "+" || sign == "-" else { return nil }
        let digits = Array(t.dropFirst())
        guard digits.count == 4 || digits.count == 6, digits.allSatisfy(\.isNumber) else { return nil }
        let h = Int(String(digits[0..<2]))!, m = Int(String(digits[2..<4]))!, s = digits.count == 6 ? Int(String(digits[4..<6]))! : 0
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60 + s)
    }

    /// The onset of `o` in `year`, or nil (before its DTSTART, or a rule that gives no day).
    static func onset(_ o: Observance, year: Int) -> LocalDateTime? {
        guard let month = o.month else { return year == o.start.date.year ? o.start : nil }
        var day: LocalDate?
        if let (n, wd) = o.byDay {
            if n > 0, let first = LocalDate(year: year, month: month, day: 1) {
                var d = first
                while d.weekday != wd { d = d.adding(days: 1) }
                day = d.adding(days: 7 * (n - 1))
                if day?.month != month { day = nil }
            } else if n < 0, let next = LocalDate(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1) {
                var d = next.adding(days: -1)
                while d.weekday != wd { d = d.adding(days: -1) }
                day = d.adding(days: 7 * (n + 1))
                if day?.month != month { day = nil }
            }
        } else {
            day = LocalDate(year: year, month: month, day: o.start.date.day)
        }
        guard let day, let t = LocalDateTime(date: day, hour: o.start.hour, minute: o.start.minute, second: o.start.second) else { return nil }
        if let until = o.until, t.naiveSeconds - (o.offsetFrom ?? 0) > until { return nil }
        return t.naiveSeconds >= o.start.naiveSeconds ? t : nil
    }

    /// The UTC offset (seconds) in force at wall-clock `wc`: the observance with the latest onset
    /// at or before it (onsets compared as wall clocks); before every onset, the earliest one's.
    func offset(at wc: LocalDateTime) -> Int {
        var best: (Int, Int)? // (onset naive seconds, offset)
        for o in observances {
            for year in [wc.date.year - 1, wc.date.year] {
                if let t = VTimeZoneRules.onset(o, year: year), t.naiveSeconds <= wc.naiveSeconds, best.map({ t.naiveSeconds > $0.0 }) ?? true {
                    best = (t.naiveSeconds, o.offset)
                }
            }
        }
        return best?.1 ?? observances.min { $0.start.naiveSeconds < $1.start.naiveSeconds }!.offset
    }

    /// `wc` in this zone as the same instant's wall clock in UTC.
    func utcWallClock(_ wc: LocalDateTime) -> LocalDateTime {
        LocalDateTime(naiveSeconds: wc.naiveSeconds - offset(at: wc))
    }

    /// The onsets in `year` as instants (seconds since 1970 UTC) with the offset from then on, in time order. An onset's
    /// wall clock is read in its `TZOFFSETFROM` (RFC 5545 §3.6.5), or without one in the offset in force just before.
    func transitions(in year: Int) -> [(at: Int, offset: Int)] {
        observances.compactMap { o -> (at: Int, offset: Int)? in
            guard let t = VTimeZoneRules.onset(o, year: year) else { return nil }
            let from = o.offsetFrom ?? offset(at: LocalDateTime(naiveSeconds: t.naiveSeconds - 1))
            return (t.naiveSeconds - from, o.offset)
        }.sorted { $0.at < $1.at }
    }

    /// The UTC offset (seconds) in force at the instant `utcSeconds` (seconds since 1970 UTC): the latest onset at or
    /// before it; before every onset, the earliest observance's offset (as `offset(at:)`).
    func offset(atUTC utcSeconds: Int) -> Int {
        let year = LocalDateTime(naiveSeconds: utcSeconds).date.year
        let passed = (transitions(in: year - 1) + transitions(in: year)).filter { $0.at <= utcSeconds }
        return passed.max { $0.at < $1.at }?.offset ?? observances.min { $0.start.naiveSeconds < $1.start.naiveSeconds }!.offset
    }
}
