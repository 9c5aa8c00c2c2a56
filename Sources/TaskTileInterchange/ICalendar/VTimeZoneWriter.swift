import Foundation
import Synchronization
import TaskTileCore

/// Writes the VTIMEZONE that every `TZID` we write needs in the same object (RFC 5545 §3.2.19, §3.6.5), generated
/// from the system tz database through Foundation's `TimeZone` (docs/interchange.md "iCalendar").
///
/// The shape is Thunderbird's and libical's: `TZID` and `X-LIC-LOCATION` are the IANA id, and each kind of change
/// (same offsets before and after, same month, weekday and wall-clock time) is one STANDARD or DAYLIGHT with a yearly
/// `RRULE` (`BYMONTH` and an ordinal `BYDAY`: `-1SU`, `2SU`), its `DTSTART` the first change of that kind in the
/// years covered. A rule that stops inside those years (the US change of 2007) gets an `UNTIL` (UTC); the rules in
/// force at the end of the covered years are left open, so a repeat years ahead still reads right as long as tzdata
/// keeps its rules; a change that follows no weekday rule (Morocco's) is a component of its own without `RRULE`.
/// A zone with no change in those years (Asia/Tokyo) is one STANDARD from `19700101T000000` with its offset, as
/// Thunderbird writes it. `TZNAME` is the zone's abbreviation when Foundation knows a real one (`CEST`, not
/// `GMT+2`).
///
/// The years covered: from the year before the earliest date written in the zone (so that every date lies after the
/// first onset) through ten years after the latest (the importer's horizon for zones it matches).
enum VTimeZoneWriter {
    /// How many years past the latest date in a zone its VTIMEZONE covers.
    static let yearsAhead = 10

    /// Generated components by zone and years, for the whole process (a sync writes many items in one zone).
    private static let cache = Mutex<[String: [String]]>([:])

    /// The unfolded content lines of a VTIMEZONE (`BEGIN:VTIMEZONE` … `END:VTIMEZONE`) for the IANA zone `zoneID`,
    /// covering `years` (calendar years, UTC): the zone's offsets and changes there. Nil when the system does not know
    /// the zone.
    static func component(_ zoneID: String, years: ClosedRange<Int>) -> [String]? {
        let key = "\(zoneID) \(years.lowerBound)-\(years.upperBound)"
        if let hit = cache.withLock({ $0[key] }) { return hit }
        guard let zone = TimeZone(identifier: zoneID), let lines = build(zone, id: zoneID, years: years) else {
            return nil
        }
        cache.withLock { $0[key] = lines }
        return lines
    }

    /// One change of offset: its instant (seconds since 1970, UTC), the offsets before and after (seconds), whether
    /// daylight saving time is in force after it, and its wall clock in the offset before (the onset's `DTSTART`).
    struct Change {
        var at: Int
        var from: Int
        var to: Int
        var daylight: Bool
        var local: LocalDateTime
        /// The ordinals of its weekday in its month that name its day: `2` (the second), `-1` (the last).
        var ordinals: Set<Int> {
            let d = local.date
            var out: Set<Int> = [(d.day - 1) / 7 + 1]
            if d.day + 7 > LocalDate.daysInMonth(year: d.year, month: d.month) { out.insert(-1) }
            return out
        }
    }

    /// A run of changes of one kind in consecutive years that one weekday rule describes.
    struct Run {
        var changes: [Change]
        var ordinals: Set<Int>
        var first: Change { changes[0] }
        var last: Change { changes[changes.count - 1] }

        func accepts(_ c: Change) -> Bool {
            c.from == first.from && c.to == first.to && c.daylight == first.daylight
                && c.local.date.month == first.local.date.month && c.local.date.weekday == first.local.date.weekday
                && (c.local.hour, c.local.minute, c.local.second)
                    == (first.local.hour, first.local.minute, first.local.second)
                && c.local.date.year == last.local.date.year + 1 && !ordinals.isDisjoint(with: c.ordinals)
        }
    }

    /// The zone's changes from the start of `years` to its end, in time order (instants where the offset changes).
    static func changes(_ zone: TimeZone, years: ClosedRange<Int>) -> [Change] {
        guard let first = LocalDate(year: years.lowerBound, month: 1, day: 1),
            let afterLast = LocalDate(year: years.upperBound + 1, month: 1, day: 1)
        else { return [] }
        let end = afterLast.dayNumber * 86_400
        func offset(_ t: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))) }
        var out: [Change] = []
        var next = zone.nextDaylightSavingTimeTransition(
            after: Date(timeIntervalSince1970: TimeInterval(first.dayNumber * 86_400)))
        while let t = next.map({ Int($0.timeIntervalSince1970.rounded()) }), t < end {
            let from = offset(t - 1), to = offset(t)
            if from != to {
                let daylight = zone.isDaylightSavingTime(for: Date(timeIntervalSince1970: TimeInterval(t)))
                out.append(
                    Change(at: t, from: from, to: to, daylight: daylight, local: LocalDateTime(naiveSeconds: t + from)))
            }
            next = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(t)))
        }
        return out
    }

    static func build(_ zone: TimeZone, id: String, years: ClosedRange<Int>) -> [String]? {
        var out = ["BEGIN:VTIMEZONE", "TZID:\(id)", "X-LIC-LOCATION:\(id)"]
        let all = changes(zone, years: years)
        guard !all.isEmpty else {
            guard let start = LocalDate(year: years.lowerBound, month: 1, day: 1) else { return nil }
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(start.dayNumber * 86_400)))
            out += [
                "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:\(text(offset))",
                "TZOFFSETTO:\(text(offset))",
            ]
            if let name = abbreviation(zone, at: start.dayNumber * 86_400) { out.append("TZNAME:\(name)") }
            return out + ["END:STANDARD", "END:VTIMEZONE"]
        }
        var runs: [Run] = []
        for c in all {
            if let i = runs.lastIndex(where: { $0.accepts(c) }) {
                runs[i].changes.append(c)
                runs[i].ordinals.formIntersection(c.ordinals)
            } else {
                runs.append(Run(changes: [c], ordinals: c.ordinals))
            }
        }
        for run in runs {
            let c = run.first
            out.append(c.daylight ? "BEGIN:DAYLIGHT" : "BEGIN:STANDARD")
            out.append("DTSTART:\(ICalendarText.compact(c.local))")
            out.append("TZOFFSETFROM:\(text(c.from))")
            out.append("TZOFFSETTO:\(text(c.to))")
            if run.changes.count > 1, let code = RRuleMapping.dayCodes[c.local.date.weekday] {
                let ordinal = run.ordinals.contains(-1) ? -1 : run.ordinals.min()!
                var rule = "RRULE:FREQ=YEARLY;BYMONTH=\(c.local.date.month);BYDAY=\(ordinal)\(code)"
                // Open when the rule is still in force at the end of the covered years, else until its last change.
                if run.last.local.date.year < years.upperBound {
                    rule += ";UNTIL=\(ICalendarText.compact(LocalDateTime(naiveSeconds: run.last.at)))Z"
                }
                out.append(rule)
            }
            if let name = abbreviation(zone, at: c.at) { out.append("TZNAME:\(name)") }
            out.append(c.daylight ? "END:DAYLIGHT" : "END:STANDARD")
        }
        return out + ["END:VTIMEZONE"]
    }

    /// Foundation's abbreviation of the zone at an instant when it is a real one (letters: `CEST`, `JST`), or a
    /// tzdata-style numeric one (`+09`); nil for ICU's `GMT+2` fallbacks, which name no zone.
    static func abbreviation(_ zone: TimeZone, at t: Int) -> String? {
        guard let name = zone.abbreviation(for: Date(timeIntervalSince1970: TimeInterval(t))), !name.isEmpty,
            !name.hasPrefix("GMT") || name == "GMT", !name.hasPrefix("UTC") || name == "UTC",
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-") })
        else { return nil }
        return name
    }

    /// `+0100`, `-0530`, `+053000` (seconds only when there are any).
    static func text(_ seconds: Int) -> String {
        let a = abs(seconds)
        let h = a / 3600, m = (a % 3600) / 60, s = a % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return (seconds < 0 ? "-" : "+") + two(h) + two(m) + (s == 0 ? "" : two(s))
    }

    /// The IANA zones named by the `TZID` parameters of unfolded content lines, with the calendar years of their
    /// values, widened to the years a VTIMEZONE covers (`yearsAhead`). UTC names (written as `…Z`) and TZIDs the
    /// system does not know (Outlook's own, whose VTIMEZONE the item carries) are left out.
    static func zoneYears(_ lines: some Sequence<String>) -> [String: ClosedRange<Int>] {
        var years: [String: (Int, Int)] = [:]
        for line in lines where line.contains(";TZID=") || line.contains(";tzid=") {
            let name = ICalendarResource.propertyName(line)
            guard name != "TZID" else { continue }
            for p in ICalendarResource.splitParameters(ICalendarResource.parameters(line, of: name))
            where p.uppercased().hasPrefix("TZID=") {
                let id = String(p.dropFirst(5)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                guard !ICalendarExporter.utcZoneIDs.contains(id), TimeZone(identifier: id) != nil,
                    let year = Int(ICalendarResource.value(line).prefix(4))
                else { continue }
                let old = years[id] ?? (year, year)
                years[id] = (min(old.0, year), max(old.1, year))
            }
        }
        return years.mapValues { ($0.0 - 1)...($0.1 + yearsAhead) }
    }

    /// The unfolded lines of the VTIMEZONEs for `zoneYears` (as `zoneYears(_:)` gives), by zone id.
    static func components(_ zoneYears: [String: ClosedRange<Int>]) -> [String] {
        zoneYears.keys.sorted().flatMap { component($0, years: zoneYears[$0]!) ?? [] }
    }

    /// `text` (one calendar object) with a VTIMEZONE for each IANA zone in `tzids` that its lines use: added before
    /// the calendar's first other component when it has none, and put in place of one that disagrees with the system
    /// zone over the years now used (`VTimeZoneRules.agrees`); a VTIMEZONE that agrees is kept byte for byte (a
    /// Thunderbird item's own), and so are those of the other TZIDs.
    static func ensuringZones(in text: String, for tzids: Set<String>) -> String {
        let lines = ICalendarResource.logicalLines(text)
        var depth = 0, inZone = false
        var blocks: [String: (start: Int, end: Int)] = [:]
        var zoneStart = 0, zoneID: String?
        var used: [String] = []
        var insertAt: Int?
        for (i, line) in lines.enumerated() {
            let name = ICalendarResource.propertyName(line.text)
            let value = ICalendarResource.value(line.text)
            if name == "BEGIN" {
                depth += 1
                if depth == 2 {
                    if value.uppercased() == "VTIMEZONE" {
                        inZone = true; zoneStart = i; zoneID = nil
                    } else if insertAt == nil {
                        insertAt = i
                    }
                }
            } else if name == "END" {
                if depth == 2, inZone {
                    inZone = false
                    if let id = zoneID, blocks[id] == nil { blocks[id] = (zoneStart, i) }
                }
                if depth == 1, insertAt == nil { insertAt = i }
                depth -= 1
            } else if inZone, depth == 2, name == "TZID" {
                zoneID = ICalendarText.unescape(Substring(value.trimmingCharacters(in: .whitespaces)))
            } else if !inZone, depth >= 2 {
                used.append(line.text)
            }
        }
        let wanted = zoneYears(used).filter { tzids.contains($0.key) }
        guard !wanted.isEmpty else { return text }
        var replace: [Int: (end: Int, lines: [String])] = [:]
        var added: [String] = []
        for id in wanted.keys.sorted() {
            guard let years = wanted[id], let generated = component(id, years: years) else { continue }
            if let block = blocks[id] {
                let blockText = lines[block.start...block.end].map(\.raw).joined()
                if let zone = TimeZone(identifier: id),
                    agrees(blockText, with: zone, over: (years.lowerBound + 1)...years.upperBound)
                {
                    continue
                }
                replace[block.start] = (block.end, generated)
            } else {
                added += generated
            }
        }
        guard !replace.isEmpty || !added.isEmpty else { return text }
        var out = ""
        var i = 0
        while i < lines.count {
            if i == insertAt { for l in added { out += ICalendarText.fold(l) } }
            if let r = replace[i] {
                for l in r.lines { out += ICalendarText.fold(l) }
                i = r.end + 1
                continue
            }
            out += lines[i].raw
            i += 1
        }
        return out
    }

    /// Whether a VTIMEZONE's text gives `zone`'s offsets over `years`.
    static func agrees(_ blockText: String, with zone: TimeZone, over years: ClosedRange<Int>) -> Bool {
        let calendar = "BEGIN:VCALENDAR\r\n" + blockText + "END:VCALENDAR\r\n"
        guard let content = try? ICalendarText.contentLines(Array(calendar.utf8), file: "VTIMEZONE"),
            let component = try? ICalendarText.components(content, file: "VTIMEZONE").first?.children.first,
            let rules = VTimeZoneRules(component)
        else { return false }
        return rules.agrees(with: zone, over: years)
    }
}
