import Foundation
import Synchronization
import TaskTileCore

/// Reads VTODOs from an iCalendar file (RFC 5545) as real clients write it — Thunderbird, Nextcloud
/// Tasks, Apple Reminders, Tasks.org — into an `ImportPlan`.
///
/// Accepted: folded lines (CRLF or LF), `TZID` parameters with or without VTIMEZONE blocks (an
/// Outlook-style name resolves through the block's `X-LIC-LOCATION` or a trailing `Area/City`; a TZID only its
/// VTIMEZONE defines becomes the system zone whose offsets agree, `VTimeZoneRules.matchingZone`),
/// UTC (`…Z`, kept in zone UTC) and floating times (read in the user's zone), `VALUE=DATE`, any of
/// the three completion markers (`STATUS:COMPLETED`, `COMPLETED`, `PERCENT-COMPLETE:100`), and
/// RRULEs `RRuleMapping` can represent. Everything else — other components (VEVENT…), VALARMs,
/// RDATE/EXDATE, recurrence overrides, categories that are no tags, unsupported RRULE parts — is
/// listed in the plan's notes, never silently dropped.
///
/// docs/organize.md "Interchange and sync": `RELATED-TO;RELTYPE=PARENT:uid` and a bare `RELATED-TO:uid`
/// (RFC 5545 §3.8.4.5: PARENT is the default; Nextcloud Tasks writes it so) give the parent (the
/// todo id of that UID, `ICalendarResource.todoID(forUID:)`; whether it is a todo of the same list
/// is checked by `Store.importPlan` and by sync); `PRIORITY` (RFC 5545 §3.8.1.9) the priority;
/// `CATEGORIES` (every line, escaped commas kept inside a value) the tags (`TagRules`; a value that
/// is no tag is reported) — after the first category, which is the list, unless `categoriesAreTags`;
/// `DTSTART` of a VTODO without RRULE the start ("hidden until"). A repeating VTODO's DTSTART stays
/// its first cycle.
///
/// Structural errors (BEGIN without END, a line that is not a content line, an impossible date)
/// throw `InterchangeError` with the line number before anything is imported.
public enum ICalendarImporter {
    /// Properties read into the todo, or meaningless for us (bookkeeping of the sender).
    static let handled: Set<String> = [
        "UID", "SUMMARY", "DESCRIPTION", "CATEGORIES", "DUE", "DTSTART", "RRULE", "STATUS", "COMPLETED", "PRIORITY",
        "PERCENT-COMPLETE", "X-APPLE-SORT-ORDER", "CREATED", "DTSTAMP", "LAST-MODIFIED", "SEQUENCE",
        "X-TASKTILE-LIST-ID", "X-TASKTILE-ANCHOR", "X-TASKTILE-OCCURRENCE-COUNT", "X-TASKTILE-MISSED-COUNT",
        "X-TASKTILE-TARGET", "X-TASKTILE-REPEAT-FROM",
    ]

    /// Reads the file's bytes into a plan. `userZone` reads floating times; `now` stands in for
    /// missing creation and completion times; `defaultList` is the list of todos without
    /// CATEGORIES when the calendar has no `X-WR-CALNAME` (a vdir collection's `displayname`;
    /// default **Inbox**). `categoriesAreTags`: every `CATEGORIES` value is a tag (a sync resource,
    /// whose collection is the list); default false: the first one is the list (a file, as our
    /// export writes it) — except in a calendar with `X-WR-CALNAME` or a vdir collection
    /// (`defaultList`), whose name is the list, for a VTODO without `X-TASKTILE-LIST-ID`.
    /// - Throws: `InterchangeError` with the line for structural errors and impossible dates.
    public static func parse(
        _ bytes: [UInt8], file: String, userZone: TimeZone, now: Date, defaultList: String? = nil,
        categoriesAreTags: Bool = false
    ) throws -> ImportPlan {
        let roots = try ICalendarText.components(try ICalendarText.contentLines(bytes, file: file), file: file)
        var plan = ImportPlan()
        plan.carriesParents = true
        var seen = Set<String>()
        for calendar in roots {
            guard calendar.name == "VCALENDAR" else {
                plan.notes.append(
                    .init(line: calendar.line, item: nil, message: Phrase(key: .icsNoteOutsideCalendar, calendar.name)))
                continue
            }
            // TZID → IANA zone, from VTIMEZONE blocks.
            var zones: [String: String] = [:]
            var customZones: [String: VTimeZoneRules] = [:]
            for tz in calendar.children where tz.name == "VTIMEZONE" {
                guard let tzid = tz.first("TZID")?.value else { continue }
                // TZID is TEXT: outlook.com escapes the commas of `(UTC+01:00) Amsterdam\, Berlin\, …` there, while
                // the quoted TZID parameters that name it do not; both spellings find the zone.
                let names = Set([tzid, ICalendarText.unescape(Substring(tzid))])
                if let iana = resolveZoneName(tzid) ?? tz.first("X-LIC-LOCATION").flatMap({ resolveZoneName($0.value) })
                {
                    for name in names { zones[name] = iana }
                } else if let rules = VTimeZoneRules(tz) {
                    for name in names { customZones[name] = rules }
                }
            }
            let calendarName = calendar.first("X-WR-CALNAME").map { ICalendarText.unescape(Substring($0.value)) }
            let zoneMatches = ZoneMatches()
            for component in calendar.children {
                switch component.name {
                case "VTODO":
                    var reader = TodoReader(
                        component: component, file: file, zones: zones, userZone: userZone, now: now)
                    reader.customZones = customZones
                    reader.zoneMatches = zoneMatches
                    // A calendar that names itself (X-WR-CALNAME) or a vdir collection is the list: its
                    // categories are tags (what sync writes there), unless the VTODO names our list.
                    reader.categoriesAreTags =
                        categoriesAreTags
                        || ((calendarName != nil || defaultList != nil) && component.first("X-TASKTILE-LIST-ID") == nil)
                    let fallback = ImportedListTitle.resolve(defaultList) { reader.note($0) }
                    let calendarList = ImportedListTitle.resolve(calendarName, fallback: fallback) { reader.note($0) }
                    if let item = try reader.read(defaultList: calendarList) {
                        if seen.insert(item.todo.id).inserted {
                            plan.items.append(item)
                        } else {
                            reader.note(Phrase(key: .icsNoteDuplicateUID))
                        }
                    }
                    plan.notes += reader.notes
                case "VTIMEZONE": break
                default:
                    plan.notes.append(
                        .init(
                            line: component.line, item: nil,
                            message: Phrase(key: .icsNoteNotVTODO, component.name)))
                }
            }
        }
        return plan
    }

    /// An IANA id for a TZID: itself, a Windows name through the CLDR table (`W. Europe Standard
    /// Time` → `Europe/Berlin`, `WindowsZones`), or its trailing `Area/City`
    /// (`/mozilla.org/20050126_1/Asia/Tokyo`).
    static func resolveZoneName(_ name: String) -> String? {
        if TimeZone(identifier: name) != nil, name.contains("/") || ICalendarExporter.utcZoneIDs.contains(name) {
            return name
        }
        let unquoted = name.trimmingCharacters(in: CharacterSet(charactersIn: "\"").union(.whitespaces))
        if let iana = WindowsZones.ianaID[unquoted], TimeZone(identifier: iana) != nil { return iana }
        let parts = name.split(separator: "/")
        for n in [3, 2] where parts.count >= n {
            let candidate = parts.suffix(n).joined(separator: "/")
            if TimeZone(identifier: candidate) != nil { return candidate }
        }
        return nil
    }

    /// The system zones found for VTIMEZONE-only TZIDs, by TZID, rules and years, for the whole process: the todos of
    /// a file, and the resources of a sync pass (one calendar each), share a few, and each is one walk over the tz
    /// database.
    final class ZoneMatches {
        private static let found = Mutex<[String: VTimeZoneRules.Match?]>([:])

        func match(_ tzid: String, _ rules: VTimeZoneRules, years: ClosedRange<Int>) -> VTimeZoneRules.Match? {
            let key = "\(years.lowerBound)-\(years.upperBound) \(rules.key) \(tzid)"
            if let known = Self.found.withLock({ $0[key] }) { return known }
            let match = rules.matchingZone(tzid: tzid, years: years)
            Self.found.withLock { $0[key] = match }
            return match
        }
    }

    struct TodoReader {
        let component: ICalendarText.Component
        let file: String
        let zones: [String: String]
        let userZone: TimeZone
        let now: Date
        var notes: [ImportReport.Note] = []
        var item: String?
        /// Zones defined only by the file's VTIMEZONE blocks.
        var customZones: [String: VTimeZoneRules] = [:]
        /// The system zones found for them (shared by the calendar's todos).
        var zoneMatches = ZoneMatches()
        /// Whether the VTODO repeats (an RRULE), and the years its times must be right for (`zoneYears()`): set by `read`.
        var repeats = false
        var years = 1970...1970
        /// Why the VTODO is not imported, when a time of it cannot be placed (a repeat in a zone no system zone matches).
        var refusal: Phrase?
        /// TZIDs already reported for this VTODO (one line per zone, not per property).
        var reportedZones = Set<String>()
        /// Whether every CATEGORIES value is a tag (else the first is the list).
        var categoriesAreTags = false

        init(component: ICalendarText.Component, file: String, zones: [String: String], userZone: TimeZone, now: Date) {
            self.component = component; self.file = file; self.zones = zones; self.userZone = userZone; self.now = now
        }

        mutating func note(_ message: Phrase, line: Int? = nil) {
            notes.append(.init(line: line ?? component.line, item: item, message: message))
        }

        func fail(_ l: ICalendarText.ContentLine, _ reason: Phrase) -> InterchangeError {
            InterchangeError(file: file, line: l.line, reason: Phrase(key: .icsErrorProperty, l.name, reason))
        }

        /// A DATE or DATE-TIME property as a due.
        mutating func due(_ l: ICalendarText.ContentLine) throws -> Due {
            let value = l.value.trimmingCharacters(in: .whitespaces)
            if l.parameters["VALUE"]?.uppercased() == "DATE" || value.count == 8 {
                guard let d = ICalendarText.date(Substring(value)) else {
                    throw fail(l, Phrase(key: .icsErrorBadDate, value))
                }
                return .date(d)
            }
            guard let (wc, utc) = ICalendarText.dateTime(value) else {
                throw fail(l, Phrase(key: .icsErrorBadDateTime, value))
            }
            if utc { return .dateTime(wc, zoneID: "UTC") }
            if let tzid = l.parameters["TZID"] {
                if let iana = zones[tzid] ?? ICalendarImporter.resolveZoneName(tzid) {
                    return .dateTime(wc, zoneID: iana)
                }
                if let rules = customZones[tzid] {
                    if let match = zoneMatches.match(tzid, rules, years: years) {
                        if reportedZones.insert(tzid).inserted {
                            note(
                                Phrase(
                                    key: .icsNoteZoneMatched, tzid, match.zoneID, match.years.lowerBound,
                                    match.years.upperBound),
                                line: l.line)
                        }
                        return .dateTime(wc, zoneID: match.zoneID)
                    }
                    // A repeat keeps its wall-clock time across DST changes: in UTC it would drift an hour at each one.
                    if repeats {
                        refusal = Phrase(key: .icsNoteZoneNoMatchRepeat, tzid, years.lowerBound, years.upperBound)
                        return .dateTime(wc, zoneID: "UTC")  // not imported
                    }
                    // Never read as local time: the VTIMEZONE gives the offset, the instant is kept in UTC.
                    let utc = rules.utcWallClock(wc)
                    note(
                        Phrase(key: .icsNoteCustomZone, tzid, l.name, ZonedClock.offsetText(rules.offset(at: wc))),
                        line: l.line)
                    return .dateTime(utc, zoneID: "UTC")
                }
                note(Phrase(key: .icsNoteUnknownZone, tzid, l.name, userZone.identifier), line: l.line)
            }
            return .dateTime(wc, zoneID: userZone.identifier)
        }

        /// An instant property (COMPLETED, CREATED, DTSTAMP).
        mutating func instant(_ l: ICalendarText.ContentLine) throws -> Date {
            let d = try due(l)
            switch d {
            case .date(let date): return ZonedClock.startOfDay(date, in: userZone)
            case .dateTime: return d.deadline(userZone: userZone)
            }
        }

        /// The calendar years a zone defined only by a VTIMEZONE must be right for (`VTimeZoneRules.matchingZone`):
        /// from DTSTART's (else DUE's) year; a one-off that year only; a repeat through its UNTIL's year, else ten years
        /// past the later of its start and now — sooner when a COUNT ends it sooner (estimated from FREQ and INTERVAL).
        func zoneYears() -> ClosedRange<Int> {
            let nowYear = ZonedClock.wallClock(of: now, in: TimeZone(identifier: "UTC")!).date.year
            func year(_ value: String?) -> Int? {
                value.flatMap { Int($0.trimmingCharacters(in: .whitespaces).prefix(4)) }.map { min(max($0, 1), 9989) }
            }
            let first = year(component.first("DTSTART")?.value) ?? year(component.first("DUE")?.value) ?? nowYear
            guard let rule = component.first("RRULE")?.value else { return first...first }
            var fields: [String: String] = [:]
            for part in rule.split(separator: ";") {
                let kv = part.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { fields[kv[0].uppercased()] = String(kv[1]) }
            }
            var last = max(first, nowYear) + 10
            if let until = year(fields["UNTIL"]) { last = until }
            if let count = fields["COUNT"].flatMap({ Int($0) }) {
                let days: Double =
                    ["DAILY": 1, "WEEKLY": 7, "MONTHLY": 31, "YEARLY": 366][fields["FREQ"]?.uppercased() ?? ""] ?? 366
                let interval = Double(fields["INTERVAL"].flatMap { Int($0) } ?? 1)
                last = min(last, first + Int((Double(count) * interval * days / 365.25).rounded(.up)))
            }
            return first...max(first, min(last, 9989))
        }

        mutating func read(defaultList: String) throws -> ImportPlan.Item? {
            let c = component
            let uid = c.first("UID")?.value.trimmingCharacters(in: .whitespaces) ?? ""
            var title = c.first("SUMMARY").map { ICalendarText.unescape(Substring($0.value)) } ?? ""
            item = uid.isEmpty ? (title.isEmpty ? nil : title) : uid
            let id = uid.isEmpty ? Store.newID() : StableID.from(uid)
            if uid.isEmpty { note(Phrase(key: .icsNoteNoUID)) }

            // Title: one line, 1…1000 characters.
            let cleaned = String(
                String.UnicodeScalarView(title.unicodeScalars.map { TextRules.isForbidden($0) ? " " : $0 })
            )
            .trimmingCharacters(in: .whitespaces)
            if cleaned != title.trimmingCharacters(in: .whitespaces) { note(Phrase(key: .icsNoteSummaryCleaned)) }
            title = cleaned
            if title.isEmpty { title = ImportPlan.untitled; note(Phrase(key: .icsNoteNoSummary, title)) }
            var notesText = c.first("DESCRIPTION").map { ICalendarText.unescape(Substring($0.value)) }
            if title.count > TextRules.maxTitleLength {
                note(Phrase(key: .icsNoteSummaryTooLong, TextRules.maxTitleLength))
                notesText = title + (notesText.map { "\n\n" + $0 } ?? "")
                title = String(title.prefix(TextRules.maxTitleLength))
            }
            if let n = notesText {
                notesText = ImportedNotes.clean(n, field: "DESCRIPTION") { note($0) }
            }

            // List and tags: every CATEGORIES line, each a comma list (`\,` inside a value).
            let categories = c.all("CATEGORIES").flatMap { ICalendarText.splitList($0.value) }
            let listTitle = ImportedListTitle.resolve(categoriesAreTags ? nil : categories.first, fallback: defaultList)
            { note($0) }
            var tags: [String] = []
            var tagKeys = Set<String>()
            for raw in categoriesAreTags ? categories : Array(categories.dropFirst()) {
                do {
                    let tag = try TagRules.tag(raw)
                    if tagKeys.insert(TagRules.key(tag)).inserted { tags.append(tag) }
                } catch StoreError.invalidTag(let why) {
                    note(Phrase(key: .icsNoteTagRefused, raw, why), line: c.first("CATEGORIES")?.line)
                }
            }
            let listID = c.first("X-TASKTILE-LIST-ID")?.value.lowercased()

            // Parent: the first RELATED-TO whose RELTYPE is PARENT, or absent (RFC 5545 §3.8.4.5).
            var parentUID: String?
            for l in c.all("RELATED-TO") where (l.parameters["RELTYPE"] ?? "PARENT").uppercased() == "PARENT" {
                let value = ICalendarText.unescape(Substring(l.value)).trimmingCharacters(in: .whitespaces)
                guard !value.isEmpty else { continue }
                if value == uid {
                    note(Phrase(key: .icsNoteParentCycle, value), line: l.line)
                } else if parentUID == nil {
                    parentUID = value
                } else {
                    note(Phrase(key: .icsNoteParentExtra, value), line: l.line)
                }
            }

            // Priority (RFC 5545 §3.8.1.9: 0…9, 0 undefined).
            var priority = Priority.none
            if let p = c.first("PRIORITY") {
                if let n = Int(p.value.trimmingCharacters(in: .whitespaces)), let level = Priority(icalendarValue: n) {
                    priority = level
                } else {
                    note(Phrase(key: .icsNotePriority, p.value), line: p.line)
                }
            }

            // Dues and repeats.
            let dueLine = c.first("DUE"), startLine = c.first("DTSTART"), ruleLine = c.first("RRULE")
            repeats = ruleLine != nil
            years = zoneYears()
            var due = try dueLine.map { try self.due($0) }
            let start = try startLine.map { try self.due($0) }
            if let refusal {
                note(refusal)
                return nil
            }
            if due == nil, ruleLine != nil, let start { due = start }
            var rule: RepeatRule?
            var anchor: Due?
            var occurrenceCount = 0, missedCount = 0
            var fromOurAnchor = false
            if let ruleLine {
                if let due {
                    var ourAnchor: Due?
                    var k = 0
                    if let a = c.first("X-TASKTILE-ANCHOR"), let kLine = c.first("X-TASKTILE-OCCURRENCE-COUNT"),
                        let kValue = Int(kLine.value), kValue >= 0
                    {
                        ourAnchor = try self.due(a); k = kValue
                        missedCount =
                            c.first("X-TASKTILE-MISSED-COUNT").flatMap { Int($0.value) }.map { max($0, 0) } ?? 0
                    }
                    var parsed = RRuleMapping.parse(ruleLine.value, start: ourAnchor ?? due)
                    // A habit with a target per period (ours): the RRULE is the plain weekly or monthly
                    // repeat other clients see; the target makes each cycle the whole period again.
                    if let t = c.first("X-TASKTILE-TARGET"), let r = parsed.rule {
                        if let goal = Int(t.value),
                            let withTarget = RRuleMapping.withTarget(r, goal: goal, anchor: ourAnchor ?? due)
                        {
                            parsed.rule = withTarget
                        } else {
                            note(Phrase(key: .icsNoteTargetIgnored, t.value), line: t.line)
                        }
                    }
                    if c.first("X-TASKTILE-REPEAT-FROM")?.value.uppercased() == "COMPLETION", var r = parsed.rule {
                        r.fromCompletion = true
                        if (try? r.validate()) != nil { parsed.rule = r }
                    }
                    if var r = parsed.rule {
                        if let ourAnchor {
                            if case .afterCount(let left) = r.end { r.end = .afterCount(left + k) }
                            if RecurrenceEngine.occurrence(k, of: r, anchor: ourAnchor) == (start ?? due) {
                                rule = r; anchor = ourAnchor; occurrenceCount = k; fromOurAnchor = true
                            } else {
                                missedCount = 0
                                let fromDue = RRuleMapping.parse(ruleLine.value, start: due)
                                rule = fromDue.rule; anchor = fromDue.rule == nil ? nil : due
                                for n in fromDue.notes { note(n, line: ruleLine.line) }
                            }
                        } else {
                            rule = r; anchor = due
                            for n in parsed.notes { note(n, line: ruleLine.line) }
                        }
                    } else {
                        for n in parsed.notes { note(Phrase(key: .icsNoteRuleAsOneOff, n), line: ruleLine.line) }
                    }
                } else {
                    note(Phrase(key: .icsNoteRuleWithoutDue), line: ruleLine.line)
                }
            }
            // Weekly rules whose start is not on a selected weekday begin at the first matching day.
            if !fromOurAnchor, let r = rule, let a = anchor,
                let first = RecurrenceEngine.occurrence(occurrenceCount, of: r, anchor: a), first != due
            {
                due = first
            }

            // Completion: any of the three markers (docs/interchange.md "iCalendar (RFC 5545)").
            let status = c.first("STATUS")?.value.uppercased()
            let percent = c.first("PERCENT-COMPLETE").flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }
            let completedLine = c.first("COMPLETED")
            // An explicit pending STATUS wins over COMPLETED / PERCENT-COMPLETE (RFC 5545 §3.8.1.11:
            // STATUS is the todo's state; a client at 100 % "in process" has not finished it).
            let pendingStatus = status == "NEEDS-ACTION" || status == "IN-PROCESS"
            var isCompleted = !pendingStatus && (status == "COMPLETED" || completedLine != nil || percent == 100)
            if pendingStatus, completedLine != nil || percent == 100 {
                note(Phrase(key: .icsNotePendingStatusWins, status ?? ""))
            }
            if status == "CANCELLED" {
                isCompleted = true
                note(Phrase(key: .icsNoteCancelled))
            }
            if let p = percent, p > 0, p < 100 || pendingStatus, !isCompleted { note(Phrase(key: .icsNotePercent, p)) }
            if status == "IN-PROCESS", !isCompleted { note(Phrase(key: .icsNoteInProcess)) }
            var completedAt: Date?
            if isCompleted {
                completedAt =
                    try completedLine.map { try instant($0) } ?? c.first("DTSTAMP").map { try instant($0) } ?? now
            }
            let createdAt =
                try c.first("CREATED").map { try instant($0) } ?? c.first("DTSTAMP").map { try instant($0) } ?? now
            let sortHint = c.first("X-APPLE-SORT-ORDER").flatMap {
                Double($0.value.trimmingCharacters(in: .whitespaces))
            }

            // Everything else is reported.
            for p in c.properties where !ICalendarImporter.handled.contains(p.name) {
                if p.name == "CLASS" && p.value.uppercased() == "PUBLIC" { continue }
                switch p.name {
                case "RDATE", "EXDATE": note(Phrase(key: .icsNoteExtraDates, p.name, p.value), line: p.line)
                case "RECURRENCE-ID": note(Phrase(key: .icsNoteRecurrenceID), line: p.line)
                case "RELATED-TO" where (p.parameters["RELTYPE"] ?? "PARENT").uppercased() == "PARENT": break  // read above
                default: note(Phrase(key: .icsNoteProperty, p.name), line: p.line)
                }
            }
            for child in c.children {
                let trigger = child.first("TRIGGER").map { " (TRIGGER \($0.value))" } ?? ""
                note(
                    Phrase(key: child.name == "VALARM" ? .icsNoteAlarm : .icsNoteComponent, child.name, trigger),
                    line: child.line)
            }
            if c.first("RECURRENCE-ID") != nil { return nil }

            let todo = Todo(
                id: id, listId: "", title: title, isCompleted: isCompleted, completedAt: completedAt,
                sortOrder: 0, createdAt: createdAt, due: due, anchor: rule == nil ? nil : anchor,
                repeatRule: rule, missedCount: rule == nil ? 0 : missedCount, occurrenceCount: occurrenceCount,
                notes: notesText, parentId: parentUID.map(ICalendarResource.todoID(forUID:)), priority: priority,
                tags: tags, start: ruleLine == nil ? start : nil)
            var result = ImportPlan.Item(
                line: c.line, listID: listID, listTitle: listTitle, todo: todo, sortHint: sortHint,
                uid: uid.isEmpty || uid == id ? nil : uid)
            result.parentUID = parentUID
            return result
        }
    }
}
