import Foundation
import TaskTileRender

/// The open action of a widget row or header (SPEC §5.3): the `widget.openCommand` setting, split
/// on spaces like `notify.openCommand` (no shell, no quoting), run with what was clicked in its
/// environment. An empty setting (the default) does nothing.
///
/// Environment: `TASKTILE_OPEN_KIND` (`todo` or `list`), `TASKTILE_OPEN_TODO_ID` (empty for a
/// list), `TASKTILE_OPEN_LIST_ID`, `TASKTILE_OPEN_TITLE` (the todo's or the list's title),
/// `TASKTILE_OPEN_WIDGET` (the spec name).
struct OpenCommand {
    /// The argv from the setting's text; nil when it holds no words.
    static func argv(from setting: String) -> [String]? {
        let words = setting.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        return words.isEmpty ? nil : words
    }

    /// The environment variables describing a click on `action`.
    static func environment(for action: HitRegion.Action, title: String, listID: String, widget: String) -> [String: String] {
        switch action {
        case .openTodo(let id), .complete(let id):
            ["TASKTILE_OPEN_KIND": "todo", "TASKTILE_OPEN_TODO_ID": id, "TASKTILE_OPEN_LIST_ID": listID,
             "TASKTILE_OPEN_TITLE": title, "TASKTILE_OPEN_WIDGET": widget]
        case .openList(let id):
            ["TASKTILE_OPEN_KIND": "list", "TASKTILE_OPEN_TODO_ID": "", "TASKTILE_OPEN_LIST_ID": id,
             "TASKTILE_OPEN_TITLE": title, "TASKTILE_OPEN_WIDGET": widget]
        }
    }

    /// Starts `argv` (argv[0] looked up on `PATH` when it has no slash) with `extra` added to our
    /// environment and standard input from /dev/null. Never uses a shell.
    /// - Throws: `FileError`-free Foundation errors when the program cannot be started.
    static func spawn(_ argv: [String], extra: [String: String], environment: [String: String]) throws -> Process {
        var executable = argv[0]
        if !executable.contains("/") {
            let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
            if let found = path.split(separator: ":").map({ "\($0)/\(executable)" })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
                executable = found
            }
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = Array(argv.dropFirst())
        p.environment = environment.merging(extra) { _, new in new }
        p.standardInput = FileHandle.nullDevice
        try p.run()
        return p
    }
}
