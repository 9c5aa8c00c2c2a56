import Foundation
import TaskTileCore

extension VTimeZoneRules {
    /// A system zone that keeps the same UTC offsets as a VTIMEZONE (docs/interchange.md "iCalendar").
    struct Match: Sendable, Equatable {
        /// The IANA id (`Europe/Amsterdam`).
        var zoneID: String
        /// The calendar years over which the two were compared and agree.
        var years: ClosedRange<Int>
    }

    /// The zone of the system tz database (`SystemZones`) whose UTC offset equals this VTIMEZONE's at every instant of
    /// the calendar years `years` (UTC), or nil when none does. A repeating todo keeps a wall-clock time in a zone
    /// across DST changes, so a VTIMEZONE-only TZID (older Outlook's `"(UTC+01:00) Amsterdam, Berlin, …"`) needs a
    /// real zone: pinning it to UTC would move it an hour at every change.
    ///
    /// Agreeing means: the same offset when `years` begins, and the same changes — each of the VTIMEZONE's onsets is a
    /// change of the zone to the same offset at the same instant, and the zone changes at no other instant (its own
    /// transitions, and the first of every month, are checked). Among the zones that agree, the one whose city `tzid`
    /// names first (`Amsterdam` → `Europe/Amsterdam`); without one, the zone that agrees for the most years before
    /// `years` as well (back to 1970: of the US Eastern zones, America/New_York rather than Haiti's, which had no DST
    /// until 2017), then one that CLDR maps a Windows zone to (`WindowsZones`: America/New_York rather than
    /// America/Toronto for "Eastern Time (US & Canada)"), then the tz database's own order of zones by country, most
    /// populous first (`zone1970.tab`), then by name. Bounded: one offset check per candidate prunes almost every zone
    /// of the database.
    func matchingZone(tzid: String, years: ClosedRange<Int>) -> Match? {
        let matches = SystemZones.identifiers.filter { id in
            TimeZone(identifier: id).map { agrees(with: $0, over: years) } ?? false
        }
        guard !matches.isEmpty else { return nil }
        let named = matches.compactMap { id in SystemZones.position(of: SystemZones.city(of: id), in: tzid).map { (id, $0) } }
        if let (id, _) = named.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) { return Match(zoneID: id, years: years) }
        guard matches.count > 1 else { return Match(zoneID: matches[0], years: years) }
        func firstAgreeingYear(_ id: String) -> Int {
            guard let zone = TimeZone(identifier: id) else { return years.lowerBound }
            var year = years.lowerBound
            while year > 1970, agrees(with: zone, over: (year - 1)...(year - 1)) { year -= 1 }
            return year
        }
        let representative = Set(WindowsZones.ianaID.values)
        let ranked = matches.map { id in
            (id, firstAgreeingYear(id), representative.contains(id) ? 0 : 1, SystemZones.tableRank[id] ?? Int.max)
        }
        let best = ranked.min { ($0.1, $0.2, $0.3, $0.0) < ($1.1, $1.2, $1.3, $1.0) }!
        return Match(zoneID: best.0, years: years)
    }

    /// Whether `zone` has this VTIMEZONE's UTC offset at every instant of the calendar years `years` (UTC).
    func agrees(with zone: TimeZone, over years: ClosedRange<Int>) -> Bool {
        guard let first = LocalDate(year: years.lowerBound, month: 1, day: 1),
              let afterLast = LocalDate(year: years.upperBound + 1, month: 1, day: 1) else { return false }
        let start = first.dayNumber * 86_400, end = afterLast.dayNumber * 86_400
        func zoneOffset(_ t: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))) }
        var current = offset(atUTC: start)
        guard zoneOffset(start) == current else { return false }
        var changes = Set<Int>()
        for year in years {
            for t in transitions(in: year) where t.at >= start && t.at < end && t.offset != current {
                guard zoneOffset(t.at - 1) == current, zoneOffset(t.at) == t.offset else { return false }
                changes.insert(t.at)
                current = t.offset
            }
        }
        // The zone changes nowhere else: at none of its own transitions, and not in a way the monthly samples see.
        var next = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(start)))
        while let t = next.map({ Int($0.timeIntervalSince1970.rounded()) }), t < end {
            if zoneOffset(t - 1) != zoneOffset(t), !changes.contains(t) { return false }
            next = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(t)))
        }
        for year in years {
            for month in 1...12 {
                guard let day = LocalDate(year: year, month: month, day: 1) else { continue }
                let t = day.dayNumber * 86_400
                if zoneOffset(t) != offset(atUTC: t) { return false }
            }
        }
        return true
    }
}
