extension Store {
    /// Adds the todo a quick-add line describes (docs/quick-add.md): its title, due, repeat, priority, tags and
    /// start, in the list the line names with `^list`, else `list` (a title or an id prefix), else the default list
    /// (`defaultList`, `Inbox` until changed, created when first used). The one "line → todo" step of
    /// `tasktile quick` and the capture popup (`tasktile capture`).
    /// - Throws: `StoreError.invalidTitle` when the line leaves no title (nothing is added), and what
    ///   `addTodo(title:list:…)` throws (`.listNotFound`, `.ambiguousList`, `.invalidTag`, `RepeatRuleError`).
    @discardableResult
    public func addTodo(from quick: QuickAdd, list: String?) throws -> Todo {
        try addTodo(
            title: quick.title, list: quick.list ?? list, due: quick.due, repeatRule: quick.repeatRule,
            priority: quick.priority ?? .none, tags: quick.tags, start: quick.start)
    }
}
