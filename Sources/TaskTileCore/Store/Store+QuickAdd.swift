extension Store {
    /// Adds the todo a quick-add line describes (docs/quick-add.md): its title, due, repeat, priority, tags and
    /// start, in the list the line names with `^list`, else `list` (a title or an id prefix), else the default list
    /// (`defaultList`, `Inbox` until changed, created when first used). The one "line → todo" step of
    /// `tasktile quick` and the capture popup (`tasktile capture`).
    /// - Throws: `StoreError.invalidTitle` when the line leaves no title (nothing is added), and what
    ///   `addTodo(title:list:…)` throws (`.listNotFound`, `.ambiguousList`, `.invalidTag`, `RepeatRuleError`).
    /// What `addTodo(from:list:)` would refuse in the line itself, checked without the store (so
    /// `quick --dry-run` and the capture popup's chips say it before anything is added): the title, the tags, a
    /// start after the due.
    /// - Throws: `StoreError.invalidTitle`, `.invalidTag`, `.invalidStart`.
    public static func check(_ quick: QuickAdd) throws {
        _ = try TextRules.title(quick.title)
        _ = try TagRules.tags(quick.tags)
        try checkStart(quick.start, due: quick.due)
    }

    @discardableResult
    public func addTodo(from quick: QuickAdd, list: String?) throws -> Todo {
        try addTodo(
            title: quick.title, list: quick.list ?? list, due: quick.due, repeatRule: quick.repeatRule,
            priority: quick.priority ?? .none, tags: quick.tags, start: quick.start)
    }
}
