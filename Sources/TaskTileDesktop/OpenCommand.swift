import TaskTileRender

/// The open action of a widget row or header (docs/widgets.md "Hit maps"): the `widget.openCommand` setting, split
/// into words by `CommandWords` (no shell) and started by the host's `ProcessSpawner` with what
/// was clicked in its environment. An empty setting (the default) does nothing.
enum OpenCommand {
    /// The environment variables describing a click on `action`: `TASKTILE_OPEN_KIND` (`todo` or
    /// `list`), `TASKTILE_OPEN_TODO_ID` (empty for a list), `TASKTILE_OPEN_LIST_ID`,
    /// `TASKTILE_OPEN_TITLE` (the todo's or the list's title), `TASKTILE_OPEN_WIDGET` (the spec name).
    static func environment(for action: HitRegion.Action, title: String, listID: String, widget: String) -> [String: String] {
        switch action {
        case .openTodo(let id), .complete(let id), .checkIn(let id, _):
            ["TASKTILE_OPEN_KIND": "todo", "TASKTILE_OPEN_TODO_ID": id, "TASKTILE_OPEN_LIST_ID": listID,
             "TASKTILE_OPEN_TITLE": title, "TASKTILE_OPEN_WIDGET": widget]
        case .openList(let id), .add(listID: let id?):
            ["TASKTILE_OPEN_KIND": "list", "TASKTILE_OPEN_TODO_ID": "", "TASKTILE_OPEN_LIST_ID": id,
             "TASKTILE_OPEN_TITLE": title, "TASKTILE_OPEN_WIDGET": widget]
        case .add(listID: nil):
            ["TASKTILE_OPEN_KIND": "list", "TASKTILE_OPEN_TODO_ID": "", "TASKTILE_OPEN_LIST_ID": "",
             "TASKTILE_OPEN_TITLE": title, "TASKTILE_OPEN_WIDGET": widget]
        }
    }
}
