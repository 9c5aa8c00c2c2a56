import Foundation
import TaskTileCore

/// One calendar object resource (RFC 4791 §4.1: one VCALENDAR holding one VTODO) as CalDAV servers
/// and vdirs store it — the unit `tasktile sync` reads, merges and writes (docs/sync.md).
///
/// Reading goes through `ICalendarImporter` (the one codec), writing through the exporter's VTODO
/// lines. Writing over an existing resource keeps every line tasktile does not model byte for byte
/// (CLASS, VALARM, X- properties, ATTACH, RELATED-TO of other RELTYPEs, the VTIMEZONEs…): only the property groups
/// whose value changed are replaced, in place.
public struct ICalendarResource: Sendable {
    /// The resource's text (CRLF lines).
    public var text: String
    /// Its VTODO's `UID` as written (kept as it is: a foreign UID is never rewritten).
    public var uid: String
    /// The todo as tasktile reads it (`id` is `StableID.from(uid)` until the caller maps it).
    public var todo: Todo
    /// Its `LAST-MODIFIED`, else `DTSTAMP` (UTC); nil when it has neither.
    public var lastModified: Date?
    /// `X-APPLE-SORT-ORDER`, when present.
    public var sortHint: Double?
    /// What the importer's rules changed to take the item (a SUMMARY with control characters, too
    /// long or blank; DESCRIPTION text the notes rule refuses), the same checks as `tasktile import`.
    public var cleaned: [Phrase] = []

    /// The note keys of those rules (other notes, such as a one-off's DTSTART, are not news in a sync).
    static let cleaningKeys: Set<StringKey> = [
        .icsNoteSummaryCleaned, .icsNoteNoSummary, .icsNoteSummaryTooLong, .importNoteNotesControl,
        .importNoteNotesTooLong, .icsNoteTagRefused, .icsNotePriority,
    ]

    /// A collection's name as a list title: the title rules of the importers (`ImportedListTitle`):
    /// a name they refuse (blank, a control character, too long) is the list Inbox, said in `note`.
    public static func listTitle(_ raw: String, note: (Phrase) -> Void) -> String {
        ImportedListTitle.resolve(raw, note: note)
    }

    /// The modelled property groups (docs/sync.md "Merging"): a group is merged and replaced as a whole.
    /// `parent` is the `RELATED-TO` of RELTYPE PARENT (or none: RFC 5545 §3.8.4.5's default); `start`
    /// a one-off's `DTSTART` (a repeating VTODO's DTSTART is its first cycle, in `schedule`).
    public enum Group: String, Sendable, CaseIterable {
        case title, notes, schedule, completion, order, parent, priority, tags, start

        /// The VTODO properties that make up the group (`DTSTART` is in `schedule` or `start`, as
        /// `owner(of:in:)` says).
        var properties: Set<String> {
            switch self {
            case .title: ["SUMMARY"]
            case .notes: ["DESCRIPTION"]
            case .schedule:
                [
                    "DUE", "DTSTART", "RRULE", "X-TASKTILE-ANCHOR", "X-TASKTILE-OCCURRENCE-COUNT",
                    "X-TASKTILE-MISSED-COUNT",
                    "X-TASKTILE-TARGET", "X-TASKTILE-REPEAT-FROM",
                ]
            case .completion: ["STATUS", "COMPLETED", "PERCENT-COMPLETE"]
            case .order: ["X-APPLE-SORT-ORDER"]
            case .parent: ["RELATED-TO"]
            case .priority: ["PRIORITY"]
            case .tags: ["CATEGORIES"]
            case .start: ["DTSTART"]
            }
        }

        /// The group an unfolded content line of `todo`'s VTODO belongs to, or nil (not modelled:
        /// kept as it is). `DTSTART` is `schedule`'s when it is the todo's first cycle, else `start`'s;
        /// a `RELATED-TO` of another RELTYPE than PARENT (CHILD, SIBLING, DEPENDS-ON…) is nobody's.
        static func owner(of line: String, in todo: Todo) -> Group? {
            let name = ICalendarResource.propertyName(line)
            switch name {
            case "DTSTART": return ICalendarResource.startsCycle(todo) ? .schedule : .start
            case "RELATED-TO":
                let reltype = splitParameters(parameters(line, of: name)).first {
                    $0.uppercased().hasPrefix("RELTYPE=")
                }
                return (reltype?.dropFirst(8).uppercased() ?? "PARENT") == "PARENT" ? .parent : nil
            default: return allCases.first { $0 != .start && $0.properties.contains(name) }
            }
        }

        /// Whether `a` and `b` agree on this group.
        public func same(_ a: Todo, _ b: Todo) -> Bool {
            switch self {
            case .title: a.title == b.title
            case .notes: a.notes == b.notes
            case .schedule: ICalendarResource.sameDue(a.due, b.due) && a.repeatRule == b.repeatRule
            case .completion:
                a.isCompleted == b.isCompleted
                    && (!a.isCompleted
                        || ICalendarResource.seconds(a.completedAt) == ICalendarResource.seconds(b.completedAt))
            case .order: a.sortOrder == b.sortOrder || a.sortOrder < 0 || b.sortOrder < 0  // -1: the item has no order
            case .parent: a.parentId == b.parentId
            case .priority: a.priority == b.priority
            case .tags: a.tags == b.tags
            case .start: ICalendarResource.sameDue(ICalendarResource.wireStart(a), ICalendarResource.wireStart(b))
            }
        }

        /// Copies this group's fields from `source` into `target`.
        public func copy(from source: Todo, into target: inout Todo) {
            switch self {
            case .title: target.title = source.title
            case .notes: target.notes = source.notes
            case .schedule:
                target.due = source.due; target.repeatRule = source.repeatRule; target.anchor = source.anchor
                target.occurrenceCount = source.occurrenceCount; target.missedCount = source.missedCount
            case .completion: target.isCompleted = source.isCompleted; target.completedAt = source.completedAt
            case .order: target.sortOrder = source.sortOrder
            case .parent: target.parentId = source.parentId
            case .priority: target.priority = source.priority
            case .tags: target.tags = source.tags
            // A repeating item cannot carry a start: the target's stays.
            case .start: if !ICalendarResource.startsCycle(source) { target.start = source.start }
            }
        }

        /// The group's value in `todo`, for the sync report of a losing side.
        public func describe(_ todo: Todo) -> String {
            switch self {
            case .title: todo.title
            case .notes: todo.notes ?? ""
            case .schedule:
                (todo.due.map { "\($0)" } ?? "-")
                    + (todo.repeatRule.map {
                        " \(RRuleMapping.rrule($0, anchor: todo.anchor ?? todo.due!, occurrenceIndex: todo.occurrenceCount))"
                    } ?? "")
            case .completion:
                todo.isCompleted ? "completed \(todo.completedAt.map(ICalendarText.utc) ?? "")" : "not completed"
            case .order: "\(todo.sortOrder)"
            case .parent: todo.parentId ?? "-"
            case .priority: todo.priority.name
            case .tags: todo.tags.isEmpty ? "-" : todo.tags.joined(separator: ", ")
            case .start: ICalendarResource.wireStart(todo).map { "\($0)" } ?? "-"
            }
        }
    }

    /// Whether `todo`'s DTSTART is the first cycle of its repeat (as the exporter writes it), not a start.
    static func startsCycle(_ todo: Todo) -> Bool { todo.repeatRule != nil && todo.due != nil && todo.anchor != nil }

    /// The start the item carries on the wire: a one-off's; nil for a repeating one.
    static func wireStart(_ todo: Todo) -> Due? { startsCycle(todo) ? nil : todo.start }

    /// Equal dues, or the same wall clock in two names of UTC (`Etc/UTC` is written as `…Z`).
    static func sameDue(_ a: Due?, _ b: Due?) -> Bool {
        if a == b { return true }
        guard case .dateTime(let wa, let za)? = a, case .dateTime(let wb, let zb)? = b else { return false }
        return wa == wb && ICalendarExporter.utcZoneIDs.contains(za) && ICalendarExporter.utcZoneIDs.contains(zb)
    }

    static func seconds(_ d: Date?) -> Int64? { d.map { Int64(InstantRange.seconds($0)) } }

    /// Why a resource cannot be read: a structural error, no VTODO, or an RRULE tasktile cannot
    /// represent (it would otherwise become a one-off and be written back without its repeat).
    public struct Unreadable: Error, Sendable, CustomStringConvertible {
        public var href: String
        public var reason: String
        public var description: String { "\(href): \(reason)" }
    }

    /// Reads a resource. `userZone` reads floating times; `now` stands in for a missing CREATED.
    /// - Throws: `Unreadable`.
    public static func parse(_ text: String, href: String, userZone: TimeZone, now: Date) throws -> ICalendarResource {
        let plan: ImportPlan
        do {
            plan = try ICalendarImporter.parse(
                Array(text.utf8), file: href, userZone: userZone, now: now, categoriesAreTags: true)
        } catch let e as InterchangeError {
            throw Unreadable(href: href, reason: e.description)
        }
        guard let item = plan.items.first else {
            // A VTODO the reader refused (a repeat in a zone it cannot place) says why in its note.
            throw Unreadable(href: href, reason: plan.notes.last?.message.description ?? "no VTODO in the resource")
        }
        var uid = "", hasRule = false, modified: Date?, stamp: Date?
        for (name, line) in Self.masterProperties(text) {
            let value = Self.value(line.text)
            switch name {
            case "UID": uid = value.trimmingCharacters(in: .whitespaces)
            case "RRULE": hasRule = true
            case "LAST-MODIFIED": modified = ICalendarText.dateTime(value).flatMap { $0.utc ? utcDate($0.0) : nil }
            case "DTSTAMP": stamp = ICalendarText.dateTime(value).flatMap { $0.utc ? utcDate($0.0) : nil }
            default: break
            }
        }
        if hasRule, item.todo.repeatRule == nil {
            let why = plan.notes.first { $0.message.key == .icsNoteRuleAsOneOff }.map(\.message.description)
            throw Unreadable(href: href, reason: "its RRULE cannot be read" + (why.map { ": \($0)" } ?? ""))
        }
        var todo = item.todo
        // The order is the file's X-APPLE-SORT-ORDER when it is a whole number, else unknown (-1).
        todo.sortOrder = item.sortHint.flatMap { $0 >= 0 && $0 < 1e9 && $0 == $0.rounded() ? Int($0) : nil } ?? -1
        var resource = ICalendarResource(
            text: text, uid: uid.isEmpty ? item.todo.id : uid, todo: todo,
            lastModified: modified ?? stamp, sortHint: item.sortHint)
        resource.cleaned = plan.notes.map(\.message).filter { $0.key.map(cleaningKeys.contains) ?? false }
        return resource
    }

    /// Whether the first VTODO (the master) carries any `X-TASKTILE-` property.
    var carriesOurProperties: Bool {
        Self.masterProperties(text).contains { $0.name.hasPrefix("X-TASKTILE-") }
    }

    /// The content lines of the first VTODO (the master) itself, with their property names: not
    /// its VALARMs (depth 3) and not the overrides after it (`RECURRENCE-ID` copies).
    static func masterProperties(_ text: String) -> [(name: String, line: (raw: String, text: String))] {
        var result: [(name: String, line: (raw: String, text: String))] = []
        var depth = 0, todoIndex = 0
        for line in logicalLines(text) {
            let name = propertyName(line.text)
            if name == "BEGIN" {
                depth += 1
                if depth == 2, value(line.text).uppercased() == "VTODO" { todoIndex += 1 }
            } else if name == "END" {
                depth -= 1
            } else if depth == 2, todoIndex == 1 {
                result.append((name, line))
            }
        }
        return result
    }

    /// A client that rewrote the item from its own model and dropped every `X-TASKTILE-` property
    /// could not say a target per period (`X-TASKTILE-TARGET`) or a repeat from completion
    /// (`X-TASKTILE-REPEAT-FROM`): the stored rule's are kept when the RRULE is still the plain form
    /// of the stored repeat (same frequency and interval; for a target, weekly on Sundays or
    /// monthly by day), as the importer keeps a stored rule's skipping of short months. A writer
    /// that kept our other properties (tasktile itself) and left these out removed them.
    public mutating func keepingRepeatExtras(of stored: RepeatRule?) {
        guard let stored, stored.goal != nil || stored.fromCompletion, !carriesOurProperties,
            var rule = todo.repeatRule, let due = todo.due,
            rule.frequency == stored.frequency, rule.interval == stored.interval
        else { return }
        if let goal = stored.goal, rule.goal == nil, rule.nthWeekday == nil,
            rule.frequency == .monthly || rule.weekdays.isSubset(of: [.sunday]),
            let withTarget = RRuleMapping.withTarget(rule, goal: goal, anchor: todo.anchor ?? due)
        {
            rule = withTarget
        }
        if stored.fromCompletion, !rule.fromCompletion {
            var r = rule
            r.fromCompletion = true
            if (try? r.validate()) != nil { rule = r }
        }
        todo.repeatRule = rule
    }

    static func utcDate(_ wc: LocalDateTime) -> Date {
        ZonedClock.instant(of: wc, in: TimeZone(identifier: "UTC")!)
    }

    /// A new resource for `todo` with `uid` (tasktile's own: the todo id); `parentUID` is the
    /// parent's UID for `RELATED-TO` (default: its todo id).
    public static func render(_ todo: Todo, uid: String, parentUID: String? = nil, now: Date) -> String {
        var out = ""
        let lines = ICalendarExporter.todoLines(todo, list: nil, uid: uid, parentUID: parentUID)
        // A VTIMEZONE for each zone the VTODO names (RFC 5545 §3.2.19), before it.
        let zones = VTimeZoneWriter.components(VTimeZoneWriter.zoneYears(lines))
        for l in ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(ICalendarExporter.productID)"] + zones + ["BEGIN:VTODO"]
            + lines + ["LAST-MODIFIED:\(ICalendarText.utc(now))", "END:VTODO", "END:VCALENDAR"]
        {
            out += ICalendarText.fold(l)
        }
        return out
    }

    /// `template` (the server's current text) with `todo` written over it: the groups where
    /// `todo` differs from `templateTodo` are replaced (at the place of their first property, or
    /// appended before `END:VTODO`), `DTSTAMP` and `LAST-MODIFIED` are set to `now`, `SEQUENCE`
    /// goes one up (RFC 5545 §3.8.7.4: each write of ours is a revision; 1 when there was none);
    /// a replaced `SUMMARY` or `DESCRIPTION` keeps its parameters (`LANGUAGE=de`; not `ALTREP`,
    /// which would point at the old text); every other line — unmodelled properties, VALARMs,
    /// VTIMEZONEs, the calendar's own properties — is kept byte for byte, except that an IANA `TZID`
    /// in a replaced group without a VTIMEZONE that agrees with tzdata gets one
    /// (`VTimeZoneWriter.ensuringZones`). `parentUID`: as in `render(_:uid:parentUID:now:)`.
    public static func render(
        _ todo: Todo, over template: String, templateTodo: Todo, parentUID: String? = nil, now: Date
    ) -> String {
        var changed = Group.allCases.filter { !$0.same(todo, templateTodo) }
        // A repeat added or removed: the template's DTSTART changes meaning (first cycle ↔ start).
        if changed.contains(.schedule), startsCycle(todo) != startsCycle(templateTodo), !changed.contains(.start) {
            changed.append(.start)
        }
        var ours = ICalendarExporter.todoLines(todo, list: nil, parentUID: parentUID)
        // Categories the reader could not take as tags (`Work stuff`: Nextcloud allows spaces) are
        // not ours to drop: new tags are written with them.
        let foreign = masterProperties(template).filter { $0.name == "CATEGORIES" }
            .flatMap { ICalendarText.splitList(value($0.line.text)) }.filter { (try? TagRules.tag($0)) == nil }
        if !foreign.isEmpty {
            let kept = foreign.map(ICalendarText.escape).joined(separator: ",")
            if let i = ours.firstIndex(where: { propertyName($0) == "CATEGORIES" }) {
                ours[i] += "," + kept
            } else {
                ours.append("CATEGORIES:" + kept)
            }
        }
        // A zone the reader mapped from the template's own TZID (Outlook's "(UTC+01:00) Amsterdam,
        // …" with its VTIMEZONE → Europe/Berlin): a due still in that zone keeps the original TZID,
        // whose VTIMEZONE the template carries (RFC 5545 §3.2.19: every TZID needs one), not
        // an IANA name without one.
        // A due moved into a zone with the same offsets there (the user's Europe/Berlin for the
        // reader's Europe/Amsterdam) keeps it too: the original TZID then gives the same instant.
        if let original = originalTZID(template, for: templateTodo.due), case .dateTime(let wc, let zoneID)? = todo.due,
            let now = TimeZone(identifier: zoneID), let then = TimeZone(identifier: original.zoneID),
            zoneID == original.zoneID || ZonedClock.instant(of: wc, in: now) == ZonedClock.instant(of: wc, in: then)
        {
            ours = ours.map { $0.replacingOccurrences(of: ";TZID=\(zoneID):", with: ";TZID=\(original.tzid):") }
        }
        func lines(of group: Group) -> [String] { ours.filter { Group.owner(of: $0, in: todo) == group } }
        var out = ""
        var depth = 0
        var placed = Set<String>()
        var stampWritten = false, sequenceWritten = false
        // A template without CREATED gets ours, or the next reader would take the new DTSTAMP for it.
        let hasCreated = logicalLines(template).contains { propertyName($0.text) == "CREATED" }
        // Only the first VTODO (the master) is ours to edit; overrides (RECURRENCE-ID) stay as they are.
        var todoIndex = 0, inMaster = false
        for line in logicalLines(template) {
            let name = propertyName(line.text)
            if name == "BEGIN" {
                depth += 1
                if depth == 2, value(line.text).uppercased() == "VTODO" { todoIndex += 1; inMaster = todoIndex == 1 }
                out += line.raw; continue
            }
            if name == "END" {
                if depth == 2, inMaster, value(line.text).uppercased() == "VTODO" {
                    inMaster = false
                    for g in changed where !placed.contains(g.rawValue) {
                        for l in lines(of: g) { out += ICalendarText.fold(l) }
                    }
                    if !stampWritten {
                        out += ICalendarText.fold("DTSTAMP:\(ICalendarText.utc(now))")
                        out += ICalendarText.fold("LAST-MODIFIED:\(ICalendarText.utc(now))")
                    }
                    if !hasCreated { out += ICalendarText.fold("CREATED:\(ICalendarText.utc(todo.createdAt))") }
                    if !sequenceWritten { out += ICalendarText.fold("SEQUENCE:1") }
                }
                depth -= 1; out += line.raw; continue
            }
            guard depth == 2, inMaster else { out += line.raw; continue }
            if name == "DTSTAMP" || name == "LAST-MODIFIED" {
                if !stampWritten {
                    out += ICalendarText.fold("DTSTAMP:\(ICalendarText.utc(now))")
                    out += ICalendarText.fold("LAST-MODIFIED:\(ICalendarText.utc(now))")
                    stampWritten = true
                }
                continue
            }
            if name == "SEQUENCE", !sequenceWritten {
                sequenceWritten = true
                out += ICalendarText.fold(
                    "SEQUENCE:\((Int(value(line.text).trimmingCharacters(in: .whitespaces)) ?? 0) + 1)")
                continue
            }
            if let g = Group.owner(of: line.text, in: todo), changed.contains(g) {
                if placed.insert(g.rawValue).inserted {
                    for l in lines(of: g) {
                        let params = g == .title || g == .notes ? parameters(line.text, of: name) : ""
                        out += ICalendarText.fold(
                            params.isEmpty || propertyName(l) != name ? l : name + params + ":" + value(l))
                    }
                }
                continue
            }
            out += line.raw
        }
        // Every IANA TZID we wrote gets its VTIMEZONE: added when the item has none for it (a due moved here into
        // another zone), replaced when the one it has gives other offsets for the new dates; the item's own zones
        // (Outlook's TZID, kept above) and the VTIMEZONEs of lines we did not write stay as they are.
        let written = Set(
            changed.flatMap(lines(of:)).flatMap { l in
                splitParameters(parameters(l, of: propertyName(l))).filter { $0.uppercased().hasPrefix("TZID=") }
                    .map { String($0.dropFirst(5)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            })
        return written.isEmpty ? out : VTimeZoneWriter.ensuringZones(in: out, for: written)
    }

    /// The TZID parameter (as written, quotes included) of the master's `DUE` or `DTSTART` when the
    /// reader mapped it to another zone id than itself (`due`'s zone).
    static func originalTZID(_ template: String, for due: Due?) -> (tzid: String, zoneID: String)? {
        guard case .dateTime(_, let zoneID)? = due else { return nil }
        for (name, line) in masterProperties(template) where name == "DUE" || name == "DTSTART" {
            for p in splitParameters(parameters(line.text, of: name)) where p.uppercased().hasPrefix("TZID=") {
                let tzid = String(p.dropFirst(5))
                let bare = tzid.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return bare == zoneID || bare.isEmpty ? nil : (tzid, zoneID)
            }
        }
        return nil
    }

    /// `;A=1;B="x;y"` as `["A=1", "B=\"x;y\""]` (semicolons inside quotes kept).
    static func splitParameters(_ s: String) -> [String] {
        var out: [String] = [], current = "", quoted = false
        for c in s {
            if c == "\"" { quoted.toggle() }
            if c == ";", !quoted {
                if !current.isEmpty { out.append(current) }
                current = ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// Physical lines joined with their folded continuations: `raw` as in the file (with its line
    /// ends), `text` unfolded without them.
    static func logicalLines(_ text: String) -> [(raw: String, text: String)] {
        // Split on LF bytes: as Characters, "\r\n" is one grapheme and would never equal "\n".
        var physical: [[UInt8]] = []
        var current: [UInt8] = []
        for b in text.utf8 {
            current.append(b)
            if b == 0x0A { physical.append(current); current = [] }
        }
        if !current.isEmpty { physical.append(current + [0x0D, 0x0A]) }  // a last line without a line end gets one
        func strip(_ bytes: [UInt8]) -> [UInt8] {
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
            return Array(bytes[..<end])
        }
        var result: [(raw: [UInt8], text: [UInt8])] = []
        for p in physical {
            if let first = p.first, first == 0x20 || first == 0x09, !result.isEmpty {
                result[result.count - 1].raw += p
                result[result.count - 1].text += strip(p).dropFirst()
            } else {
                result.append((p, strip(p)))
            }
        }
        return result.filter { !$0.text.isEmpty }.map {
            (String(decoding: $0.raw, as: UTF8.self), String(decoding: $0.text, as: UTF8.self))
        }
    }

    /// The property name of an unfolded content line, upper-cased (`DUE` of `DUE;TZID=…:…`).
    static func propertyName(_ line: String) -> String {
        let end = line.firstIndex { $0 == ";" || $0 == ":" } ?? line.endIndex
        return line[..<end].uppercased()
    }

    /// The value of an unfolded content line (after the first `:` outside quotes).
    /// The parameters of an unfolded content line (`;LANGUAGE=de` of `SUMMARY;LANGUAGE=de:…`),
    /// without `ALTREP`.
    static func parameters(_ line: String, of name: String) -> String {
        let head = line.dropLast(value(line).count + 1)
        guard head.count > name.count else { return "" }
        return head.dropFirst(name.count).split(separator: ";").filter { !$0.uppercased().hasPrefix("ALTREP=") }
            .map { ";" + $0 }.joined()
    }

    static func value(_ line: String) -> String {
        var quoted = false
        for i in line.indices {
            let c = line[i]
            if c == "\"" { quoted.toggle() } else if c == ":", !quoted { return String(line[line.index(after: i)...]) }
        }
        return ""
    }
}

extension ICalendarResource {
    /// The todo id for a UID: the UUID itself (lower-cased) or a stable UUID made from it, the
    /// same rule as `tasktile import` (so a re-import and a sync agree on the todo).
    public static func todoID(forUID uid: String) -> String { StableID.from(uid) }
}
