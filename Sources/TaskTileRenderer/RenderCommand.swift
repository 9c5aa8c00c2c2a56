import Foundation
import TaskTileCommandLine
import TaskTileCore
import TaskTileRender
import TaskTileRuntime

/// The `tasktile-render` program (docs/widgets.md): `once`, `watch`, `click` and `desktop`, run by the
/// command-line core both programs share (one parser, help layout, error layout and exit codes).
enum Renderer {
    /// The version printed by `--version`.
    static let version = "0.1.0"

    /// Every subcommand, in help order.
    static let commands: [any Command.Type] = [OnceCommand.self, WatchCommand.self, ClickCommand.self, DesktopCommand.self]

    static let globals = [Program.dataDirOption, Program.langOption]

    static let program = Program(name: "tasktile-render", version: version, commands: commands,
                                 globals: globals, translations: Program.withGlobalTranslations(RenderHelp.ja, for: globals),
                                 overview: { $0.text(.renderOverview) })

    /// The program name in every spec of this program.
    static func spec(_ path: [String], abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
                     options: [OptionSpec] = []) -> CommandSpec {
        CommandSpec(program: "tasktile-render", path: path, abstract: abstract, discussion: discussion,
                    arguments: arguments, options: options)
    }
}

/// `tasktile-render` callable in-process by tests: arguments, environment and two text receivers.
struct RenderCommand {
    var arguments: [String]
    var environment: [String: String]
    var output: (String) -> Void
    var errorOutput: (String) -> Void

    init(arguments: [String], environment: [String: String],
         output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void) {
        self.arguments = arguments; self.environment = environment
        self.output = output; self.errorOutput = errorOutput
    }

    /// Parses and runs; returns the process exit code.
    func run() -> Int32 {
        Renderer.program.main(arguments: arguments, environment: environment, stdout: ClosureSink(output),
                              stderr: ClosureSink(errorOutput), readLine: { nil }, stdinIsTerminal: false, stdoutIsTerminal: false)
    }
}
