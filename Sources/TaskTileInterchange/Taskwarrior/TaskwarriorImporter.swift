import Foundation
import TaskTileCore

/// Reads Taskwarrior's `task export` (https://taskwarrior.org/docs/commands/export/, JSON format:
/// https://github.com/GothenburgBitFactory/taskwarrior/blob/2.6.0/doc/devel/rfcs/task.md) into an
/// `ImportPlan`. Taskwarrior 2.6 prints one JSON array; older versions and `task export` piped
/// through tools print one task object per line (JSON lines): both are read.
///
/// Mapping (docs/interchange.md "Taskwarrior"):
/// - `description` → title; `project` → list (created as needed; none → **Inbox**), `Home.Garden`
///   stays one list titled so;
/// - `due` (UTC, `YYYYMMDDTHHMMSSZ`) → a timed due in the user's zone; a due at local midnight
///   (what `due:2027-01-05` stores: Taskwarrior has no date-only dues) → that date;
/// - `status`: `pending`/`waiting` → pending, `completed` → completed at `end`, `deleted` → not
///   imported (reported), `recurring` → the repeating todo (the template);
/// - `recur`: `daily`/`day`, `weekly`/`week`, `biweekly`, `monthly`/`month`, `quarterly`,
///   `yearly`/`year`/`annual`, and `Nd`, `Nw`, `Nm`/`Nmo`, `Ny` (N 1…999) → the repeat rule
///   from `due`, with `until` as its end (the last day Taskwarrior would still generate: `until`
///   is an instant, `until:2027-06-30` is that day's midnight, so a 09:30 series ends on the 29th); the instances Taskwarrior generated from a template in the
///   same file (`parent`) are skipped (the template is the series); anything else is reported and
///   the task imported without a repeat;
/// - `annotations` → notes, one line each: `YYYY-MM-DD: text`;
/// - `uuid` → the todo id, so a re-import merges instead of duplicating;
/// - `entry` → creation time;
/// - everything else with a value (`tags`, `priority`, `wait`, `scheduled`, `depends`, UDAs…) is
///   reported per task; `id`, `urgency`, `modified`, `mask`, `imask`, `rtype` are bookkeeping.
public enum TaskwarriorImporter {
    static let bookkeeping: Set<String> = ["id", "urgency", "modified", "mask", "imask", "rtype", "parent", "uuid",
                                           "description", "project", "due", "status", "recur", "until", "annotations",
                                           "entry", "end"]

    /// - Parameters:
    ///   - text: the export (UTF-8 text).
    ///   - file: the file name for messages (`-` for standard input).
    /// - Throws: `InterchangeError` (exit 65) naming the task (1-based position) for input that is
    ///   not a Taskwarrior export, a task without a description, a bad date or a bad title.
    public static func parse(_ text: String, file: String, userZone: TimeZone, now: Date) throws -> ImportPlan {
        let tasks = try objects(text, file: file)
        var plan = ImportPlan()
        let uuids = Set(tasks.compactMap { $0.object["uuid"]?.stringValue?.lowercased() })
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
            let title: String
            do { title = try TextRules.title(description) } catch let e as StoreError { throw fail(e.quotablePhrase) }
            func note(_ m: Phrase) { plan.notes.append(.init(line: line, item: title, message: m)) }
            func instant(_ key: String) throws -> Date? {
                guard let value = task[key] else { return nil }
                guard let s = value.stringValue, let d = parseDate(s) else {
                    throw fail(Phrase(key: .taskwarriorErrorBadDate, "\(value)", key))
                }
                return d
            }
            let status = task["status"]?.stringValue ?? "pending"
            if status == "deleted" { note(Phrase(key: .taskwarriorNoteDeleted)); continue }
            if let parent = task["parent"]?.stringValue?.lowercased(), uuids.contains(parent) { continue }
            let due = try instant("due").map { dueValue($0, zone: userZone) }
            // Taskwarrior generates occurrences up to and including the `until` instant: the last
            // calendar day is until's day when the due's time of day is not after until's, else the day before.
            let until = try instant("until").map { u -> LocalDate in
                let end = ZonedClock.wallClock(of: u, in: userZone)
                let at: LocalDateTime? = if case .dateTime(let wc, _)? = due { wc } else { nil }
                let dueSeconds = at.map { $0.hour * 3600 + $0.minute * 60 + $0.second } ?? 0
                return dueSeconds <= end.hour * 3600 + end.minute * 60 + end.second ? end.date : end.date.adding(days: -1)
            }
            var rule: RepeatRule?
            if let recur = task["recur"]?.stringValue {
                if let d = due, let (frequency, interval) = recurrence(recur) {
                    rule = RepeatRule(frequency: frequency, interval: interval,
                                      weekdays: frequency == .weekly ? [d.localDate.weekday] : [],
                                      end: until.map { .until($0) } ?? .never)
                } else {
                    note(Phrase(key: due == nil ? .taskwarriorNoteRecurNeedsDue : .taskwarriorNoteRecurUnsupported, recur))
                }
            }
            let listTitle = task["project"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "Inbox"
            var notes: [String] = []
            if case .array(let annotations)? = task["annotations"] {
                for a in annotations {
                    guard let text = a["description"]?.stringValue else { continue }
                    let date = (a["entry"]?.stringValue).flatMap(parseDate).map { ZonedClock.wallClock(of: $0, in: userZone).date.description }
                    notes.append(date.map { "\($0): \(text)" } ?? text)
                }
            }
            let others = members.filter { !bookkeeping.contains($0.0) && $0.1 != .null && $0.1 != .array([]) && $0.1 != .string("") }
            if !others.isEmpty {
                note(Phrase(key: .taskwarriorNoteFields, others.map { "\($0.0) \(plainText($0.1))" }.joined(separator: ", ")))
            }
            let id = task["uuid"]?.stringValue.flatMap { UUID(uuidString: $0) }.map { $0.uuidString.lowercased() }
                ?? StableID.from("taskwarrior|\(listTitle)|\(title)")
            guard seen.insert(id).inserted else { continue }
            let completed = status == "completed"
            let todo = Todo(id: id, listId: "", title: title, isCompleted: completed,
                            completedAt: completed ? (try instant("end") ?? now) : nil, sortOrder: 0,
                            createdAt: try instant("entry") ?? now, due: due, anchor: rule == nil ? nil : due, repeatRule: rule,
                            notes: notes.isEmpty ? nil : notes.joined(separator: "\n"))
            plan.items.append(ImportPlan.Item(line: line ?? position + 1, listID: nil, listTitle: listTitle, todo: todo,
                                              sortHint: Double(position)))
        }
        return plan
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
