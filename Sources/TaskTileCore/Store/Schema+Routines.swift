extension Schema {
    /// Lists created by `tasktile routine apply`, so `routine remove` deletes only a list a routine
    /// made (never a user's own list) and only while it holds nothing but the routine's todos.
    /// `todo_ids` is the comma-separated ids of the todos the routine created.
    static let routineListsSQL = """
        CREATE TABLE routine_lists (
            list_id     TEXT PRIMARY KEY NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
            name        TEXT NOT NULL,
            source      TEXT NOT NULL,
            applied_at  REAL NOT NULL,
            todo_ids    TEXT NOT NULL
        );
        CREATE INDEX routine_lists_by_name ON routine_lists(name);
        """
}
