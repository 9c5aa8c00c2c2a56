import Foundation
import TaskTileCore

/// Writing a backup file (the shape is documented on `Backup`; `Backup+Decode.swift` reads it).
extension Backup {
    /// The backup file's JSON (see the type's documentation for the shape).
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = [
            ("format", .string(Backup.format)), ("version", .number(Double(Backup.version))),
            ("lists", .array(lists.map { l in
                .object([("id", .string(l.id)), ("title", .string(l.title)), ("sortOrder", .number(Double(l.sortOrder))),
                         ("createdAt", BackupTime.jsonValue(l.createdAt))])
            })),
            ("todos", .array(todos.map { Backup.todoJSON($0, foreignUID: foreignUIDs[$0.id]) })),
            ("completions", .array(completions.map { c in
                var members: [(String, JSONValue)] = [
                    ("id", .number(Double(c.id))), ("todoId", .string(c.todoId)), ("listId", .string(c.listId)),
                    ("title", .string(c.title)), ("cycleIndex", .number(Double(c.cycleIndex))),
                    ("cycleDue", c.cycleDue.map(JSONValue.string) ?? .null),
                    ("completedAt", BackupTime.jsonValue(c.completedAt)), ("source", .string(c.source)),
                    ("undoneAt", c.undoneAt.map(BackupTime.jsonValue) ?? .null)]
                // Added after version 1 shipped: written only when there is one (see `Backup`).
                if let note = c.note { members.append(("note", .string(note))) }
                if let parent = c.cascadeOf { members.append(("cascadeOf", .string(parent))) }
                return .object(members)
            })),
            ("settings", .object(settings.map { ($0.0, .string($0.1)) })),
            ("routines", .array(routines.map { r in
                .object([("listId", .string(r.listId)), ("name", .string(r.name)), ("source", .string(r.source)),
                         ("appliedAt", BackupTime.jsonValue(r.appliedAt)), ("todoIds", .array(r.todoIds.map(JSONValue.string)))])
            })),
        ]
        // Added after version 1 shipped: written only when there is one (see `Backup`).
        if !challenges.isEmpty { members.append(("challenges", .array(challenges.map(Backup.challengeJSON)))) }
        members.append(("themes", .array(themes.map(\.jsonValue))))
        return .object(members)
    }

    /// The file text: pretty JSON and a final newline.
    public var fileText: String { jsonValue.serialized() + "\n" }

    static func dueJSON(_ due: Due?) -> JSONValue {
        switch due {
        case nil: .null
        case .date(let d)?: .object([("local", .string(d.description))])
        case .dateTime(let wc, let zone)?: .object([("local", .string(wc.description)), ("zone", .string(zone))])
        }
    }

    /// A todo record; `foreignUID` (its `todo_uids` row) only when it has one.
    static func todoJSON(_ t: Todo, foreignUID: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(t.id)), ("listId", .string(t.listId)), ("title", .string(t.title)),
            ("isCompleted", .bool(t.isCompleted)), ("completedAt", t.completedAt.map(BackupTime.jsonValue) ?? .null),
            ("sortOrder", .number(Double(t.sortOrder))), ("createdAt", BackupTime.jsonValue(t.createdAt)),
            ("due", dueJSON(t.due)), ("anchor", dueJSON(t.anchor)), ("repeat", t.repeatRule?.jsonValue ?? .null),
            ("missedCount", .number(Double(t.missedCount))), ("occurrenceCount", .number(Double(t.occurrenceCount))),
            ("notes", t.notes.map(JSONValue.string) ?? .null),
        ]
        if let foreignUID { members.append(("foreignUID", .string(foreignUID))) }
        // Organize (docs/organize.md), added after version 1 shipped: each written only when set (see `Backup`).
        if let p = t.parentId { members.append(("parentId", .string(p))) }
        if t.priority != .none { members.append(("priority", .string(t.priority.name))) }
        if !t.tags.isEmpty { members.append(("tags", .array(t.tags.map(JSONValue.string)))) }
        if let start = t.start { members.append(("start", dueJSON(start))) }
        return .object(members)
    }

    /// A challenge record: the `challenges` row as it is, archived totals included.
    static func challengeJSON(_ c: Challenge) -> JSONValue {
        .object([
            ("id", .string(c.id)), ("listId", .string(c.listId)), ("title", .string(c.title)),
            ("startDate", .string(c.startDate.description)), ("days", .number(Double(c.days))),
            ("remind", c.remind.map(JSONValue.string) ?? .null), ("routine", c.routine.map(JSONValue.string) ?? .null),
            ("habits", .array(c.habits.map(JSONValue.string))), ("createdAt", BackupTime.jsonValue(c.createdAt)),
            ("endedAt", c.endedAt.map(BackupTime.jsonValue) ?? .null),
            ("archivedAt", c.archivedAt.map(BackupTime.jsonValue) ?? .null),
            ("checkedIn", c.archivedCheckIns.map { .number(Double($0)) } ?? .null),
            ("bestStreak", c.archivedBestStreak.map { .number(Double($0)) } ?? .null),
        ])
    }
}
