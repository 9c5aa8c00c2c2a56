import Foundation
import TaskTileCommandLine
import TaskTileCore
import TaskTileRender

/// `tasktile theme preview NAME [--out DIR]`: the theme in every family and both languages, with
/// sample todos built in memory (the store is never opened).
///
/// A `tasktile` command that this executable runs (`SiblingCommand`): drawing needs
/// Cairo, Pango and their dozens of shared libraries, which every other `tasktile` command would
/// otherwise load at start-up. `tasktile` hands the command over by execve with its arguments
/// unchanged, so it runs in `Renderer.tasktileProgram` (named `tasktile`, with `tasktile`'s global
/// options) and reads, errors included, exactly as it did inside `tasktile`.
struct ThemePreviewCommand: Command {
    static let spec = CommandSpec(
        path: ["theme", "preview"], abstract: "Render a theme's widgets with sample todos.",
        discussion: "Writes small-en.png, medium-en.png, large-en.png, small-ja.png, medium-ja.png and large-ja.png (scale 2) with sample todos; your lists are not read.",
        arguments: [ArgumentSpec(name: "name", help: "A theme name or id.")],
        options: [outOption.spec])
    static let outOption = Option.value("--out", valueName: "dir", help: "Where to write the PNGs (default: ./theme-preview/NAME).")
    let name: String, out: String?
    init(_ a: ParsedArguments, context: CommandContext) throws {
        name = a.positionals[0]; out = a[Self.outOption]
        if out?.isEmpty == true { throw Self.usage(Phrase(key: .themeErrorEmptyDirectoryName)) }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        // themes.json of the data directory (created with the Default theme when missing), as every
        // `tasktile theme` command reads it.
        try context.dataDirectory.ensureExists()
        let themes = try ThemeStore(dataDirectory: context.dataDirectory).load()
        guard let theme = ThemeStore.find(name, in: themes) else { throw ThemeNotFound(reference: name, names: themes.map(\.name)) }
        // The theme name becomes one path component: no "/" and no leading ".".
        let safe = String(theme.name.map { $0 == "/" ? "_" : $0 }).replacingOccurrences(of: "^\\.+", with: "_", options: .regularExpression)
        let directory = out ?? FileManager.default.currentDirectoryPath + "/theme-preview/" + safe
        let paths: [String]
        do { paths = try ThemePreview.render(theme, to: directory, clock: try context.clock()) } catch var e as OutputError {
            e.operation = .write // as every command that writes a file on request words it; a refusal keeps its reason
            throw e
        }
        if context.json { context.printJSON(.array(paths.map { .string($0) })) } else { paths.forEach { context.out($0) } }
        return .success
    }
}
