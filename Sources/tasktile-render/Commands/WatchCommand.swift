import TaskTileCommandLine
import TaskTileCore
import TaskTileRuntime

/// `tasktile-render watch [--on-render CMD]`: the live widget daemon (`WidgetWatcher`, the PNG
/// sink of a `WidgetSession`).
struct WatchCommand: Command {
    static let spec = Renderer.spec(["watch"], abstract: "Keep every widget's PNG fresh until SIGTERM/SIGINT.",
        discussion: "Renders every spec, then re-renders exactly the affected widgets when the store commits, themes.json or a spec changes, a flash ends, a minute or a repeat's cycle boundary passes. Exit codes: 0 after SIGTERM/SIGINT, 74 when the data directory cannot be watched, 75 when another watch holds it.",
        options: [onRenderOption.spec])
    static let onRenderOption = Option.value("--on-render", valueName: "cmd",
                         help: "Run CMD after each pass that wrote PNGs (split into words like a shell would, never run by one); the paths are in $TASKTILE_RENDERED, one per line, the data directory in $TASKTILE_DATA_DIR.")

    let onRender: [String]?
    init(_ a: ParsedArguments, context: CommandContext) throws {
        if let text = a[Self.onRenderOption] {
            do { onRender = try CommandWords.split(text) } catch {
                throw Self.usage(Phrase(key: .renderErrorOnRender, "\(error)"))
            }
        } else {
            onRender = nil
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        TerminationSource.install()
        let stderr = context.stderr
        return WidgetWatcher(
            directory: context.dataDirectory, environment: context.environment, onRender: onRender,
            localizer: context.localizer
        ) { line in
            stderr.write(line)
            stderr.flush()
        }.run()
    }
}
