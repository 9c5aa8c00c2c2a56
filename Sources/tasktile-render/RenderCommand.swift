import Foundation
import TaskTileCommandLine
import TaskTileCore
import TaskTileRender
import TaskTileRuntime

/// The `tasktile-render` program (docs/widgets.md): `once`, `watch`, `click` and `desktop`, run by the
/// command-line core both programs share (one parser, help layout, error layout and exit codes).
/// `desktop` runs in `tasktile-desktop` beside it (`desktopSibling`), the one executable that links GTK.
enum Renderer {
    /// The version printed by `--version`.
    static let version = "0.1.0"

    /// Every subcommand, in help order.
    static let commands: [any Command.Type] = [OnceCommand.self, WatchCommand.self, ClickCommand.self]

    /// `tasktile-render desktop`, run by `tasktile-desktop` (its `DesktopCommand` spec has this
    /// abstract; a test checks the two agree): GTK and the display libraries stay out of this
    /// executable, whose every `once` would otherwise load them.
    static let desktopSibling = SiblingCommand(path: ["desktop"], abstract: "Show the widgets on the desktop, clickable, until SIGTERM/SIGINT.",
                                               executable: "tasktile-desktop")

    static let globals = [Program.dataDirOption, Program.langOption]

    static let program = Program(name: "tasktile-render", version: version, commands: commands,
                                 globals: globals, translations: Program.catalogueHelp("tasktile-render", globals: globals),
                                 siblings: [desktopSibling], overview: { $0.text(.renderOverview) })

    /// The `tasktile` commands this executable runs for `tasktile` (`SiblingCommand`:
    /// they draw, so `tasktile` itself links no Cairo or Pango). They arrive with `tasktile`'s
    /// arguments unchanged, so they run in a program named `tasktile` with its global options.
    static let tasktileProgram = Program(name: "tasktile", version: version, commands: [ThemePreviewCommand.self],
                                         globals: Program.tasktileGlobals,
                                         translations: Program.catalogueHelp("tasktile theme", globals: Program.tasktileGlobals),
                                         overview: { $0.text(.helpTopOverview) })

    /// What `tasktile` lists for `theme preview`; the abstract is the spec's own.
    static let themePreviewSibling = SiblingCommand(path: ThemePreviewCommand.spec.path, abstract: ThemePreviewCommand.spec.abstract,
                                                    executable: "tasktile-render")

    /// The program that runs `arguments`: `tasktileProgram` for a `tasktile` command handed over
    /// by `tasktile` (`theme preview`), else `tasktile-render` itself.
    static func program(for arguments: [String]) -> Program {
        tasktileProgram.runsCommand(in: arguments) && !program.runsCommand(in: arguments) ? tasktileProgram : program
    }

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
