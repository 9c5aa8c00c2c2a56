import TaskTileCommandLine
import TaskTileCore

/// `tasktile theme ls`: every theme in `themes.json` (created with Default on first use).
struct ThemeLsCommand: Command {
    static let spec = CommandSpec(path: ["theme", "ls"], abstract: "List the themes in themes.json.")
    init(_ a: ParsedArguments, context: CommandContext) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        try context.dataDirectory.ensureExists()
        let themes = try ThemeStore(dataDirectory: context.dataDirectory).load()
        if context.json { context.printJSON(.array(themes.map(\.jsonValue))); return .success }
        for t in themes {
            context.out(context.localizer.text(.themeLine, t.name, context.paint(String(t.id.prefix(8)), .dim), t.accent,
                                                t.appearance.rawValue, t.checkboxStyle.rawValue))
        }
        return .success
    }
}

/// `tasktile theme show NAME`: one theme as the JSON object stored in `themes.json`.
struct ThemeShowCommand: Command {
    static let spec = CommandSpec(path: ["theme", "show"], abstract: "Print one theme as JSON.",
                                  arguments: [ArgumentSpec(name: "name", help: "A theme name or id prefix.")])
    let name: String
    init(_ a: ParsedArguments, context: CommandContext) throws { name = a.positionals[0] }

    func run(_ context: CommandContext) throws -> ExitCode {
        try context.dataDirectory.ensureExists()
        let themes = try ThemeStore(dataDirectory: context.dataDirectory).load()
        guard let theme = ThemeStore.find(name, in: themes) else {
            throw ThemeNotFound(reference: name, names: themes.map(\.name))
        }
        context.printJSON(theme.jsonValue)
        return .success
    }
}
