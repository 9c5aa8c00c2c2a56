import Foundation

/// The stable `--json` shapes (docs/lists-and-todos.md "JSON output"). Field names never change; new fields may be added.
extension TodoList {
    /// `{ id, title, sortOrder, createdAt }`.
    public var jsonMembers: [(String, JSONValue)] {
        [("id", .string(id)), ("title", .string(title)), ("sortOrder", .number(Double(sortOrder))),
         ("createdAt", .string(JSONDates.utc(createdAt)))]
    }
}

extension ListSummary {
    /// The list's members plus `pendingCount` and `completedCount`.
    public var jsonValue: JSONValue {
        .object(list.jsonMembers + [("pendingCount", .number(Double(pendingCount))),
                                    ("completedCount", .number(Double(completedCount)))])
    }
}

extension RepeatRule {
    /// `{ frequency, interval, weekdays, endCount, endDate }` (absent ends are null), plus `nthWeekday:
    /// { ordinal, weekday }` (`{ "ordinal": 3, "weekday": "thu" }`, −1 = last) for a monthly or yearly rule on the Nth
    /// weekday, a key absent from every other rule. An RFC 5545 UNTIL time (`End.untilTime`) adds `endTime`
    /// (`2027-03-29T07:00:00Z` for UTC, without `Z` a wall-clock time in the todo's zone) with `endDate` its date; a
    /// rule that skips short months adds `"skipShortMonths": true`. Both keys are absent from every other rule.
    public var jsonValue: JSONValue {
        var endCount: JSONValue = .null, endDate: JSONValue = .null, endTime: JSONValue?
        switch end {
        case .never: break
        case .afterCount(let n): endCount = .number(Double(n))
        case .until(let d): endDate = .string(d.description)
        case .untilTime(let wc, let isUTC):
            endDate = .string(wc.date.description)
            endTime = .string(wc.description + (isUTC ? "Z" : ""))
        }
        var members: [(String, JSONValue)] = [
            ("frequency", .string(frequency.rawValue)), ("interval", .number(Double(interval))),
            ("weekdays", .array(weekdays.sorted().map { .string($0.rawValue) })),
            ("endCount", endCount), ("endDate", endDate)]
        if let nth = nthWeekday {
            members.append(("nthWeekday", .object([("ordinal", .number(Double(nth.ordinal))),
                                                   ("weekday", .string(nth.weekday.rawValue))])))
        }
        if let endTime { members.append(("endTime", endTime)) }
        if skipsShortMonths { members.append(("skipShortMonths", .bool(true))) }
        if let goal { members.append(("goal", .number(Double(goal)))) }
        if fromCompletion { members.append(("fromCompletion", .bool(true))) }
        return .object(members)
    }
}

extension Todo {
    /// The todo object of docs/lists-and-todos.md "JSON output"; `listTitle` fills `list`.
    public func jsonValue(listTitle: String) -> JSONValue {
        .object([
            ("id", .string(id)), ("listId", .string(listId)), ("list", .string(listTitle)),
            ("title", .string(title)), ("isCompleted", .bool(isCompleted)),
            ("completedAt", completedAt.map { .string(JSONDates.utc($0)) } ?? .null),
            ("sortOrder", .number(Double(sortOrder))),
            ("due", due.map { .string($0.jsonText) } ?? .null),
            ("timeZone", due?.zoneID.map(JSONValue.string) ?? .null),
            ("repeat", repeatRule?.jsonValue ?? .null),
            ("missedCount", .number(Double(missedCount))),
            ("occurrenceCount", .number(Double(occurrenceCount))),
            ("notes", notes.map(JSONValue.string) ?? .null),
            ("createdAt", .string(JSONDates.utc(createdAt))),
            ("parentId", parentId.map(JSONValue.string) ?? .null),
            ("priority", .string(priority.name)),
            ("tags", .array(tags.map(JSONValue.string))),
            ("start", start.map { .string($0.jsonText) } ?? .null),
        ])
    }
}

/// Timestamps in JSON output: ISO 8601 in UTC with `Z`, whole seconds.
public enum JSONDates {
    public static func utc(_ date: Date) -> String {
        "\(ZonedClock.wallClock(of: date, in: TimeZone(identifier: "UTC")!))Z"
    }
}
