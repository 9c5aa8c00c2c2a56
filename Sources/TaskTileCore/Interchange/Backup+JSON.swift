import Foundation

/// Writing a backup file (the shape is documented on `Backup`; `Backup+Decode.swift` reads it).
extension Backup {
    /// The backup file's JSON (see the type's documentation for the shape).
    public var jsonValue: JSONValue {
        .object([
            ("format", .string(Backup.format)), ("version", .number(Double(Backup.version))),
            ("lists", .array(lists.map { l in
                .object([("id", .string(l.id)), ("title", .string(l.title)), ("sortOrder", .number(Double(l.sortOrder))),
                         ("createdAt", BackupTime.jsonValue(l.createdAt))])
            })),
            ("todos", .array(todos.map(Backup.todoJSON))),
            ("completions", .array(completions.map { c in
                .object([("id", .number(Double(c.id))), ("todoId", .string(c.todoId)), ("listId", .string(c.listId)),
                         ("title", .string(c.title)), ("cycleIndex", .number(Double(c.cycleIndex))),
                         ("cycleDue", c.cycleDue.map(JSONValue.string) ?? .null),
                         ("completedAt", BackupTime.jsonValue(c.completedAt)), ("source", .string(c.source)),
                         ("undoneAt", c.undoneAt.map(BackupTime.jsonValue) ?? .null)])
            })),
            ("settings", .object(settings.map { ($0.0, .string($0.1)) })),
            ("routines", .array(routines.map { r in
                .object([("listId", .string(r.listId)), ("name", .string(r.name)), ("source", .string(r.source)),
                         ("appliedAt", BackupTime.jsonValue(r.appliedAt)), ("todoIds", .array(r.todoIds.map(JSONValue.string)))])
            })),
            ("themes", .array(themes.map(\.jsonValue))),
        ])
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

    static func todoJSON(_ t: Todo) -> JSONValue {
        .object([
            ("id", .string(t.id)), ("listId", .string(t.listId)), ("title", .string(t.title)),
            ("isCompleted", .bool(t.isCompleted)), ("completedAt", t.completedAt.map(BackupTime.jsonValue) ?? .null),
            ("sortOrder", .number(Double(t.sortOrder))), ("createdAt", BackupTime.jsonValue(t.createdAt)),
            ("due", dueJSON(t.due)), ("anchor", dueJSON(t.anchor)), ("repeat", t.repeatRule?.jsonValue ?? .null),
            ("missedCount", .number(Double(t.missedCount))), ("occurrenceCount", .number(Double(t.occurrenceCount))),
            ("notes", t.notes.map(JSONValue.string) ?? .null),
        ])
    }
}
