import Foundation
import TaskTileCore

/// Writes the store as one iCalendar object (RFC 5545) with a VTODO per todo.
///
/// Decisions (documented in docs/interchange.md):
/// - **one VCALENDAR**, the list as `CATEGORIES` (its title) plus `X-TASKTILE-LIST-ID`; clients
///   that group by category show lists, and re-import finds the same list;
/// - timed dues as `DUE;TZID=<IANA id>:…`, with a VTIMEZONE for each zone used before the VTODOs
///   (RFC 5545 §3.2.19: every TZID needs one in the object; `VTimeZoneWriter`, generated from tzdata
///   over the years the todos' dates span, RRULE-style as Thunderbird writes them). Our import reads
///   the IANA TZID itself. Zone `UTC` is written as `…Z`, with no VTIMEZONE;
/// - date-only dues as `DUE;VALUE=DATE:` (never UTC midnight);
/// - a repeating todo has `DTSTART` = `DUE` = its current cycle and an RRULE from there
///   (`RRuleMapping`), plus `X-TASKTILE-ANCHOR`, `-OCCURRENCE-COUNT` and `-MISSED-COUNT` so that our
///   own import restores the series exactly;
/// - completion: `STATUS:COMPLETED` + `COMPLETED` + `PERCENT-COMPLETE:100`, else
///   `STATUS:NEEDS-ACTION` + `PERCENT-COMPLETE:0`; `X-APPLE-SORT-ORDER` is the todo's `sortOrder`;
/// - organizing (docs/organize.md "Interchange and sync"): the parent as `RELATED-TO;RELTYPE=PARENT:`
///   its UID, the priority as `PRIORITY` 1/5/9 (RFC 5545 §3.8.1.9; none: no line), the tags as
///   `CATEGORIES` after the list title, and a one-off's start as `DTSTART` (a repeating todo's
///   DTSTART is its current cycle; its start has no iCalendar form);
/// - `DTSTAMP` is the todo's last known change (completion, else creation) — not the export time —
///   so exporting the same data twice gives the same bytes. Instants are whole seconds.
public enum ICalendarExporter {
    public static let productID = "-//tasktile//tasktile//EN"

    /// The calendar text (CRLF lines, folded at 75 octets) and what could not be represented (none so far).
    /// `uids`: foreign UIDs by todo id (`Store.foreignUIDs()`), written instead of the todo id so a
    /// Thunderbird or Apple todo goes back with the UID it came with.
    public static func export(_ backup: Backup, uids: [String: String] = [:]) throws -> (text: String, notes: [Phrase])
    {
        var out = ""
        func line(_ s: String) { out += ICalendarText.fold(s) }
        line("BEGIN:VCALENDAR")
        line("VERSION:2.0")
        line("PRODID:\(productID)")
        line("CALSCALE:GREGORIAN")
        let header = out
        out = ""
        let lists = Dictionary(uniqueKeysWithValues: backup.lists.map { ($0.id, $0) })
        var zoneYears: [String: ClosedRange<Int>] = [:]
        for todo in backup.todos {
            line("BEGIN:VTODO")
            let parentUID = todo.parentId.map { uids[$0] ?? $0 }
            let lines = todoLines(wireForm(todo), list: lists[todo.listId], uid: uids[todo.id], parentUID: parentUID)
            zoneYears.merge(VTimeZoneWriter.zoneYears(lines)) {
                min($0.lowerBound, $1.lowerBound)...max($0.upperBound, $1.upperBound)
            }
            for l in lines { line(l) }
            line("END:VTODO")
        }
        line("END:VCALENDAR")
        let zones = VTimeZoneWriter.components(zoneYears).map(ICalendarText.fold).joined()
        return (header + zones + out, [])
    }

    /// How a todo is written for another program. A repeating todo whose current cycle is
    /// completed is written as the series at its next cycle (`DUE`/`DTSTART` moved, `NEEDS-ACTION`,
    /// `X-TASKTILE-OCCURRENCE-COUNT` one on), the way Tasks.org and Apple Reminders complete a
    /// repeating todo: `STATUS:COMPLETED` beside an `RRULE` reads, in every other client and in
    /// recurring-ical-events, as the whole series done (nextcloud/tasks#3227, pimutils/todoman#236).
    /// A series with no next cycle (its COUNT or UNTIL reached) stays completed: it is done.
    public static func wireForm(_ todo: Todo) -> Todo {
        guard todo.isCompleted, let rule = todo.repeatRule, let anchor = todo.anchor,
            let next = RecurrenceEngine.occurrence(todo.occurrenceCount + 1, of: rule, anchor: anchor)
        else { return todo }
        var t = todo
        t.due = next
        t.occurrenceCount += 1
        t.isCompleted = false
        t.completedAt = nil
        return t
    }

    /// The content lines (unfolded) of one todo's VTODO, between `BEGIN:VTODO` and `END:VTODO`.
    /// `list` adds `CATEGORIES` and `X-TASKTILE-LIST-ID` (file export); sync leaves it nil, the
    /// collection being the list. `uid` is the UID to write (default: the todo id); `parentUID` the
    /// parent's (default: its todo id).
    static func todoLines(_ todo: Todo, list: TodoList?, uid: String? = nil, parentUID: String? = nil) -> [String] {
        var out: [String] = []
        func line(_ s: String) { out.append(s) }
        line("UID:\(uid ?? todo.id)")
        line("DTSTAMP:\(ICalendarText.utc(max(todo.createdAt, todo.completedAt ?? todo.createdAt)))")
        line("CREATED:\(ICalendarText.utc(todo.createdAt))")
        line("SUMMARY:\(ICalendarText.escape(todo.title))")
        if let notes = todo.notes { line("DESCRIPTION:\(ICalendarText.escape(notes))") }
        // One CATEGORIES line: the list title first (file export), then the tags (RFC 5545 §3.8.1.2).
        let categories = (list.map { [$0.title] } ?? []) + todo.tags
        if !categories.isEmpty { line("CATEGORIES:" + categories.map(ICalendarText.escape).joined(separator: ",")) }
        if let list { line("X-TASKTILE-LIST-ID:\(list.id)") }
        if let parent = todo.parentId { line("RELATED-TO;RELTYPE=PARENT:\(ICalendarText.escape(parentUID ?? parent))") }
        if todo.priority != .none { line("PRIORITY:\(todo.priority.icalendarValue)") }
        if todo.repeatRule == nil || todo.due == nil, let start = todo.start { line("DTSTART\(dateValue(start))") }
        if let due = todo.due {
            if let rule = todo.repeatRule, let anchor = todo.anchor {
                // DTSTART must be an instance of the RRULE: the current cycle as the engine computes it.
                let start = RecurrenceEngine.occurrence(todo.occurrenceCount, of: rule, anchor: anchor) ?? due
                line("DTSTART\(dateValue(start))")
                line("DUE\(dateValue(due))")
                line("RRULE:\(RRuleMapping.rrule(rule, anchor: anchor, occurrenceIndex: todo.occurrenceCount))")
                line("X-TASKTILE-ANCHOR\(dateValue(anchor))")
                line("X-TASKTILE-OCCURRENCE-COUNT:\(todo.occurrenceCount)")
                line("X-TASKTILE-MISSED-COUNT:\(todo.missedCount)")
                // A target per period (docs/cycles.md "Habits with a target"); other clients see the RRULE alone.
                if let goal = rule.goal { line("X-TASKTILE-TARGET:\(goal)") }
                // Repeat from completion has no RFC 5545 form: other clients see the plain RRULE from this due.
                if rule.fromCompletion { line("X-TASKTILE-REPEAT-FROM:COMPLETION") }
            } else {
                line("DUE\(dateValue(due))")
            }
        }
        if todo.isCompleted {
            line("STATUS:COMPLETED")
            line("COMPLETED:\(ICalendarText.utc(todo.completedAt ?? todo.createdAt))")
            line("PERCENT-COMPLETE:100")
        } else {
            line("STATUS:NEEDS-ACTION")
            line("PERCENT-COMPLETE:0")
        }
        line("X-APPLE-SORT-ORDER:\(todo.sortOrder)")
        return out
    }

    static let utcZoneIDs: Set<String> = [
        "UTC", "Etc/UTC", "GMT", "Etc/GMT", "Etc/Universal", "Etc/Zulu", "Zulu", "Universal",
    ]

    /// `;VALUE=DATE:20270720`, `;TZID=Asia/Tokyo:20270720T090000` or `:20270720T090000Z`.
    static func dateValue(_ due: Due) -> String {
        switch due {
        case .date(let d): return ";VALUE=DATE:\(ICalendarText.compact(d))"
        case .dateTime(let wc, let zoneID):
            if utcZoneIDs.contains(zoneID) { return ":\(ICalendarText.compact(wc))Z" }
            return ";TZID=\(zoneID):\(ICalendarText.compact(wc))"
        }
    }
}
