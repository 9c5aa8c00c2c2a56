import Foundation
import TaskTileCore

/// Reads Taskwarrior's `task export` (https://taskwarrior.org/docs/commands/export/, JSON format:
/// https://github.com/GothenburgBitFactory/taskwarrior/blob/2.6.0/doc/devel/rfcs/task.md) into an
/// `ImportPlan`. Taskwarrior 2.6 prints one JSON array; older versions and `task export` piped
/// through tools print one task object per line (JSON lines): both are read.
///
/// Mapping (docs/interchange.md "Taskwarrior"):
/// - `description` → title (a line break or other control character becomes a space, reported; over 1000 characters
///   the title is shortened and the full text kept in the notes); `project` → list (created as needed; none →
///   **Inbox**), `Home.Garden` stays one list titled so;
/// - `due` (UTC, `YYYYMMDDTHHMMSSZ`) → a timed due in the user's zone; a due at local midnight
///   (what `due:2027-01-05` stores: Taskwarrior has no date-only dues) → that date;
/// - `status`: `pending`/`waiting` → pending, `completed` → completed at `end`, `deleted` → not
///   imported (reported), `recurring` → the repeating todo (the template);
/// - `recur`: `daily`/`day`, `weekly`/`week`, `biweekly`, `monthly`/`month`, `quarterly`,
///   `yearly`/`year`/`annual`, and `Nd`, `Nw`, `Nm`/`Nmo`, `Ny` (N 1…999) → the repeat rule
///   from `due`, with `until` as its end (the last day Taskwarrior would still generate: `until`
///   is an instant, `until:2027-06-30` is that day's midnight, so a 09:30 series ends on the 29th). A rule the store
///   would refuse (an `until` before the `due`, as `add --until` refuses it) refuses the task, reported; any other
///   period is reported and the task imported without a repeat; `until` on a task without a repeat is reported
///   (Taskwarrior deletes such a task then; tasktile has no expiry);
/// - the occurrences Taskwarrior generated from a template in the same file (`parent`, `imask` = the cycle index) are
///   the template's cycles, not todos of their own: a completed one is a check-in of its cycle (at `end`, its
///   annotations as the check-in's note), a deleted one too (noted `Taskwarrior: deleted`, reported: tasktile has no
///   skipped cycle, and it must not count as missed), and so is a `+` or `X` in the template's `mask` whose task is
///   not in the file (at the cycle's due, reported); a pending one's annotations join the todo's notes and a due that
///   differs from its cycle's is reported;
/// - `annotations` → notes, one line each: `YYYY-MM-DD: text`;
/// - `uuid` → the todo id, so a re-import merges instead of duplicating;
/// - `entry` → creation time;
/// - `tags` → tags (`TagRules`; one that is not a valid tag is reported); `priority` `H`/`M`/`L` → high, medium, low
///   (anything else reported);
/// - `wait` (hidden until) → the start; without a `wait`, `scheduled` (the earliest day to start) → the start; with
///   both, `scheduled` is reported. On a repeating task the start is reported instead (tasktile's start does not move
///   with the cycles). A start at local midnight is that date, as for `due`;
/// - everything else with a value (`depends`, UDAs…) is reported per task; `id`, `urgency`, `modified`, `mask`,
///   `imask`, `rtype` are bookkeeping.
public enum TaskwarriorImporter {
    static let bookkeeping: Set<String> = [
        "id", "urgency", "modified", "mask", "imask", "rtype", "parent", "uuid",
        "description", "project", "due", "status", "recur", "until", "annotations",
        "entry", "end", "tags", "priority", "wait", "scheduled",
    ]

    /// The check-in note of a cycle whose occurrence was deleted in Taskwarrior. Stored data, so the same in every
    /// language (like todo.txt's `todo.txt: ` notes line).
    static let deletedNote = "Taskwarrior: deleted"

    /// - Parameters:
    ///   - text: the export (UTF-8 text).
    ///   - file: the file name for messages (`-` for standard input).
    /// - Throws: `InterchangeError` (exit 65) naming the task (1-based position) for input that is
    ///   not a Taskwarrior export, a task without a description or a bad date. A task that cannot be imported as it
    ///   is (a rule the store refuses) is reported and left out; the rest import.
    public static func parse(_ text: String, file: String, userZone: TimeZone, now: Date) throws -> ImportPlan {
        let tasks = try objects(text, file: file)
        var plan = ImportPlan()
        let uuids = Set(tasks.compactMap { $0.object["uuid"]?.stringValue?.lowercased() })
        // The occurrences Taskwarrior generated from each template in the file, by the template's uuid.
        var occurrences: [String: [(task: JSONValue, position: Int)]] = [:]
        for (position, entry) in tasks.enumerated() {
            if let parent = entry.object["parent"]?.stringValue?.lowercased(), uuids.contains(parent) {
                occurrences[parent, default: []].append((entry.object, position))
            }
        }
        var seen = Set<String>()
        for (position, entry) in tasks.enumerated() {
            let task = entry.object
            let line = entry.line
            let path = "task \(position + 1)"
            func fail(_ reason: Phrase) -> InterchangeError { InterchangeError(file: file, line: line, path: path, reason: reason) }
            guard case .object(let members) = task else { throw fail(Phrase(key: .taskwarriorErrorNotTask)) }
            guard let description = task["description"]?.stringValue, !description.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail(Phrase(key: .taskwarriorErrorNoDescription))
            }
            var notes: [String] = []
            var titleNotes: [Phrase] = []
            let title: String
            do { (title, titleNotes) = try importedTitle(description, overflow: &notes) } catch let e as StoreError { throw fail(e.quotablePhrase) }
            func note(_ m: Phrase) { plan.notes.append(.init(line: line, item: title, message: m)) }
            func instant(_ key: String, of other: JSONValue? = nil) throws -> Date? {
                guard let value = (other ?? task)[key] else { return nil }
                guard let s = value.stringValue, let d = parseDate(s) else {
                    throw fail(Phrase(key: .taskwarriorErrorBadDate, "\(value)", key))
                }
                return d
            }
            // An occurrence of a template in the file is one of the template's cycles (read with the template).
            if let parent = task["parent"]?.stringValue?.lowercased(), uuids.contains(parent) { continue }
            let status = task["status"]?.stringValue ?? "pending"
            if status == "deleted" { note(Phrase(key: .taskwarriorNoteDeleted)); continue }
            titleNotes.forEach(note)
            let due = try instant("due").map { dueValue($0, zone: userZone) }
            // Taskwarrior generates occurrences up to and including the `until` instant: the last
            // calendar day is until's day when the due's time of day is not after until's, else the day before.
            let untilInstant = try instant("until")
            let until = untilInstant.map { u -> LocalDate in
                let end = ZonedClock.wallClock(of: u, in: userZone)
                let at: LocalDateTime? = if case .dateTime(let wc, _)? = due { wc } else { nil }
                let dueSeconds = at.map { $0.hour * 3600 + $0.minute * 60 + $0.second } ?? 0
                return dueSeconds <= end.hour * 3600 + end.minute * 60 + end.second ? end.date : end.date.adding(days: -1)
            }
            var rule: RepeatRule?
            if let recur = task["recur"]?.stringValue {
                if let d = due, let (frequency, interval) = recurrence(recur) {
                    let candidate = RepeatRule(frequency: frequency, interval: interval,
                                               weekdays: frequency == .weekly ? [d.localDate.weekday] : [],
                                               end: until.map { .until($0) } ?? .never)
                    // Refused as `add --until` refuses it; one such task does not stop the others.
                    do { try candidate.validate(anchor: d) } catch {
                        note(Phrase(key: .taskwarriorNoteRefused, error.phrase))
                        continue
                    }
                    rule = candidate
                } else {
                    note(Phrase(key: due == nil ? .taskwarriorNoteRecurNeedsDue : .taskwarriorNoteRecurUnsupported, recur))
                }
            }
            if rule == nil, let until { note(Phrase(key: .taskwarriorNoteUntilWithoutRepeat, until)) }
            let listTitle = ImportedListTitle.resolve(task["project"]?.stringValue) { note($0) }
            notes += annotations(of: task, zone: userZone)
            var tags: [String] = []
            if case .array(let values)? = task["tags"] {
                for value in values {
                    let s = plainText(value)
                    do { tags.append(try TagRules.tag(s)) } catch let e as StoreError {
                        note(Phrase(key: .taskwarriorNoteTag, s, e.quotablePhrase))
                    }
                }
            }
            var priority = Priority.none
            if let p = task["priority"], p != .null, p != .string("") {
                switch p.stringValue {
                case "H": priority = .high
                case "M": priority = .medium
                case "L": priority = .low
                default: note(Phrase(key: .taskwarriorNotePriority, plainText(p)))
                }
            }
            let wait = try instant("wait").map { dueValue($0, zone: userZone) }
            let scheduled = try instant("scheduled").map { dueValue($0, zone: userZone) }
            var start = wait ?? scheduled
            if wait != nil, let scheduled { note(Phrase(key: .taskwarriorNoteScheduled, Cycles.text(scheduled))) }
            if rule != nil, let s = start {
                note(Phrase(key: .taskwarriorNoteStartRepeating, Cycles.text(s))); start = nil
            }
            let others = members.filter {
                !bookkeeping.contains($0.0) && $0.1 != .null && $0.1 != .array([]) && $0.1 != .string("")
            }
            if !others.isEmpty {
                note(Phrase(key: .taskwarriorNoteFields, others.map { "\($0.0) \(plainText($0.1))" }.joined(separator: ", ")))
            }
            let id = task["uuid"]?.stringValue.flatMap { UUID(uuidString: $0) }.map { $0.uuidString.lowercased() }
                ?? StableID.from("taskwarrior|\(listTitle)|\(title)")
            guard seen.insert(id).inserted else { continue }
            var checkIns: [ImportPlan.CheckIn] = []
            let generated = task["uuid"]?.stringValue.flatMap { occurrences[$0.lowercased()] } ?? []
            if let rule, let anchor = due {
                var cycles = Cycles(rule: rule, anchor: anchor, zone: userZone, now: now)
                for (occurrence, _) in generated { try cycles.read(occurrence, instant: { try instant($0, of: occurrence) }) }
                cycles.readMask(task["mask"]?.stringValue)
                checkIns = cycles.checkIns
                notes += cycles.notes
                cycles.report.forEach(note)
            } else if !generated.isEmpty {
                note(Phrase(key: .taskwarriorNoteOccurrencesWithoutRepeat, generated.count))
            }
            let completed = status == "completed"
            var todo = Todo(
                id: id, listId: "", title: title, isCompleted: completed,
                completedAt: completed ? (try instant("end") ?? now) : nil, sortOrder: 0,
                createdAt: try instant("entry") ?? now, due: due, anchor: rule == nil ? nil : due, repeatRule: rule,
                notes: notes.isEmpty
                    ? nil : ImportedNotes.clean(notes.joined(separator: "\n"), field: "annotations") { note($0) },
                priority: priority, tags: try TagRules.tags(tags), start: start)
            // The cycle the check-ins leave current, as the store derives it (docs/cycles.md "Cycle semantics").
            if !checkIns.isEmpty {
                todo = Store.derived(todo, completed: Dictionary(checkIns.map { ($0.cycle, $0.completedAt) }, uniquingKeysWith: min),
                                     at: now, userZone: userZone)
            }
            plan.items.append(ImportPlan.Item(line: line ?? position + 1, listID: nil, listTitle: listTitle, todo: todo,
                                              sortHint: Double(position), checkIns: checkIns))
        }
        return plan
    }

    /// A title from a description (docs/interchange.md "Taskwarrior"): control characters, line breaks included, become
    /// spaces; over `TextRules.maxTitleLength` characters it is shortened and the full text goes first into `overflow`
    /// (the notes). Returns the title and what to report.
    /// - Throws: `StoreError` from `TextRules.title` (not expected once cleaned).
    static func importedTitle(_ description: String, overflow: inout [String]) throws -> (String, [Phrase]) {
        var reports: [Phrase] = []
        var title = String(String.UnicodeScalarView(description.unicodeScalars.map { TextRules.isForbidden($0) ? " " : $0 }))
            .trimmingCharacters(in: .whitespaces)
        if title != description.trimmingCharacters(in: .whitespaces) { reports.append(Phrase(key: .taskwarriorNoteTitleCleaned)) }
        if title.isEmpty { title = ImportPlan.untitled }
        if title.count > TextRules.maxTitleLength {
            reports.append(Phrase(key: .taskwarriorNoteTitleTooLong, TextRules.maxTitleLength))
            overflow.append(title)
            title = String(title.prefix(TextRules.maxTitleLength)).trimmingCharacters(in: .whitespaces)
        }
        return (try TextRules.title(title), reports)
    }

    /// A task's `annotations` as notes lines `YYYY-MM-DD: text` (the annotation's date in `zone`).
    static func annotations(of task: JSONValue, zone: TimeZone) -> [String] {
        guard case .array(let annotations)? = task["annotations"] else { return [] }
        return annotations.compactMap { a in
            guard let text = a["description"]?.stringValue else { return nil }
            let date = (a["entry"]?.stringValue).flatMap(parseDate).map { ZonedClock.wallClock(of: $0, in: zone).date.description }
            return date.map { "\($0): \(text)" } ?? text
        }
    }

    /// What the occurrences Taskwarrior generated from a template say about the template's cycles: the check-ins, the
    /// notes lines they add and what to report.
    struct Cycles {
        let rule: RepeatRule
        let anchor: Due
        let zone: TimeZone
        let now: Date
        var checkIns: [ImportPlan.CheckIn] = []
        var notes: [String] = []
        var report: [Phrase] = []
        /// Cycles some occurrence in the file stands for.
        private var seen = Set<Int>()
        private var deleted: [LocalDate] = []

        init(rule: RepeatRule, anchor: Due, zone: TimeZone, now: Date) {
            self.rule = rule; self.anchor = anchor; self.zone = zone; self.now = now
        }

        /// One generated occurrence; `instant` reads one of its dates.
        mutating func read(_ occurrence: JSONValue, instant: (String) throws -> Date?) throws {
            let status = occurrence["status"]?.stringValue ?? "pending"
            guard case .number(let mask)? = occurrence["imask"], mask >= 0, mask == mask.rounded(), mask <= 3_652_058,
                  let due = RecurrenceEngine.occurrence(Int(mask), of: rule, anchor: anchor) else {
                let when = try instant("due").map { TaskwarriorImporter.dueValue($0, zone: zone).localDate.description } ?? "-"
                report.append(Phrase(key: .taskwarriorNoteOccurrenceOutsideSeries, when, status))
                return
            }
            let cycle = Int(mask)
            seen.insert(cycle)
            let lines = TaskwarriorImporter.annotations(of: occurrence, zone: zone)
            switch status {
            case "completed", "deleted":
                var note = lines
                if status == "deleted" {
                    note.insert(TaskwarriorImporter.deletedNote, at: 0)
                    deleted.append(due.localDate)
                }
                let at = min(try instant("end") ?? now, now)
                var cleaned: String?
                if !note.isEmpty { cleaned = ImportedNotes.clean(note.joined(separator: "\n"), field: "annotations") { report.append($0) } }
                checkIns.append(ImportPlan.CheckIn(cycle: cycle, completedAt: at, note: cleaned))
            default:
                if let moved = try instant("due").map({ TaskwarriorImporter.dueValue($0, zone: zone) }), moved != due {
                    report.append(Phrase(key: .taskwarriorNoteOccurrenceMoved, due.localDate, Self.text(moved)))
                }
                if !lines.isEmpty {
                    notes += lines
                    report.append(Phrase(key: .taskwarriorNoteOccurrenceAnnotations, due.localDate))
                }
            }
        }

        /// The template's `mask` (one character per generated occurrence: `-` pending, `+` completed, `X` deleted,
        /// `W` waiting): a `+` or `X` whose occurrence is not in the file is a check-in at its cycle's due.
        mutating func readMask(_ mask: String?) {
            var missing: [LocalDate] = []
            for (cycle, mark) in (mask ?? "").enumerated() where (mark == "+" || mark == "X") && !seen.contains(cycle) {
                guard let due = RecurrenceEngine.occurrence(cycle, of: rule, anchor: anchor) else { break }
                let at: Date = switch due {
                case .date(let d): ZonedClock.startOfDay(d, in: zone)
                case .dateTime: due.deadline(userZone: zone)
                }
                checkIns.append(ImportPlan.CheckIn(cycle: cycle, completedAt: min(at, now),
                                                   note: mark == "X" ? TaskwarriorImporter.deletedNote : nil))
                missing.append(due.localDate)
            }
            if !deleted.isEmpty {
                report.append(Phrase(key: .taskwarriorNoteOccurrencesDeleted, deleted.map(\.description).joined(separator: ", "),
                                     TaskwarriorImporter.deletedNote))
            }
            if !missing.isEmpty {
                report.append(Phrase(key: .taskwarriorNoteMaskOnly, missing.map(\.description).joined(separator: ", ")))
            }
        }

        /// `2027-01-05` or `2027-01-05 09:30` (a due as Taskwarrior had it, for the report).
        static func text(_ due: Due) -> String {
            switch due {
            case .date(let d): d.description
            case .dateTime(let wc, _): "\(wc.date) \(wc.hourMinute)"
            }
        }
    }

    /// The tasks: a JSON array, or one JSON object per line; with the line each starts on (JSON lines).
    static func objects(_ text: String, file: String) throws -> [(object: JSONValue, line: Int?)] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return [] }
        if trimmed.hasPrefix("[") {
            do {
                guard case .array(let items) = try JSONValue.parse(Array(trimmed.utf8)) else { throw JSONParseFailure() }
                return items.map { ($0, nil) }
            } catch {
                throw InterchangeError(file: file, reason: Phrase(key: .taskwarriorErrorNotExport, "\(error)"))
            }
        }
        var result: [(JSONValue, Int?)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ",\r"))
            if body.isEmpty { continue }
            do { result.append((try JSONValue.parse(Array(body.utf8)), index + 1)) } catch {
                throw InterchangeError(file: file, line: index + 1, reason: Phrase(key: .taskwarriorErrorNotExport, "\(error)"))
            }
        }
        return result
    }

    struct JSONParseFailure: Error, CustomStringConvertible { var description: String { "not a JSON array" } }

    /// `20270104T083000Z` (ISO 8601 basic, UTC), the form `task export` writes.
    static func parseDate(_ s: String) -> Date? {
        let u = Array(s.utf8)
        guard u.count == 16, u[8] == UInt8(ascii: "T"), u[15] == UInt8(ascii: "Z") else { return nil }
        func n(_ r: Range<Int>) -> Int? { Int(String(decoding: u[r], as: UTF8.self)) }
        guard let y = n(0..<4), let mo = n(4..<6), let d = n(6..<8), let h = n(9..<11), let mi = n(11..<13), let se = n(13..<15),
              let date = LocalDate(year: y, month: mo, day: d),
              let wc = LocalDateTime(date: date, hour: h, minute: mi, second: min(se, 59)) else { return nil }
        return ZonedClock.instant(of: wc, in: TimeZone(identifier: "UTC")!)
    }

    /// A due from an instant: the date alone when it falls on local midnight, else the wall-clock time in `zone`.
    static func dueValue(_ instant: Date, zone: TimeZone) -> Due {
        let wc = ZonedClock.wallClock(of: instant, in: zone)
        if wc.hour == 0 && wc.minute == 0 && wc.second == 0 { return .date(wc.date) }
        return .dateTime(wc, zoneID: zone.identifier)
    }

    /// Taskwarrior's recurrence periods that a repeat rule can say, as (frequency, interval).
    static func recurrence(_ recur: String) -> (RepeatRule.Frequency, Int)? {
        let r = recur.lowercased()
        switch r {
        case "daily", "day": return (.daily, 1)
        case "weekly", "week": return (.weekly, 1)
        case "biweekly", "fortnight": return (.weekly, 2)
        case "monthly", "month": return (.monthly, 1)
        case "quarterly": return (.monthly, 3)
        case "yearly", "year", "annual", "annually": return (.yearly, 1)
        default: break
        }
        let digits = r.prefix { $0.isASCII && $0.isNumber }
        guard let n = Int(digits), RepeatRule.intervalRange.contains(n) else { return nil }
        switch r.dropFirst(digits.count) {
        case "d", "day", "days": return (.daily, n)
        case "w", "wk", "wks", "week", "weeks": return (.weekly, n)
        case "m", "mo", "mos", "month", "months": return (.monthly, n)
        case "y", "yr", "yrs", "year", "years": return (.yearly, n)
        default: return nil
        }
    }

    static func plainText(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): s
        case .array(let items): items.map(plainText).joined(separator: " ")
        default: v.serialized(pretty: false)
        }
    }
}
