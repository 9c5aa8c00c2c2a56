import TaskTileCommandLine
import TaskTileCore
import TaskTileDesktop

/// `tasktile capture [--list L]`: the quick-capture popup (`CapturePopup` in TaskTileDesktop), run in this
/// executable, which `tasktile` execs for the command (`CaptureProgram`), so `tasktile` loads no GTK.
struct CaptureCommand: Command {
    static let spec = CommandSpec(
        program: "tasktile", path: ["capture"],
        abstract: "Open the quick-capture popup: type one line, Enter adds it as a todo.",
        discussion: """
            A small window centred on the focused output: the line is read as tasktile quick reads it \
            (docs/quick-add.md) and its parts are shown under the field as you type. Tab and Shift+Tab cycle the \
            target list (a ^list in the line wins); Enter adds and closes, Shift+Enter adds and clears the field \
            for the next, Esc closes without a change. A line that leaves no title shows why and adds nothing. \
            Wayland: a layer-shell surface on the overlay layer with exclusive keyboard focus, namespace \
            tasktile-capture; X11: a dialog window that takes the focus. Bind it to a key, e.g. sway's \
            bindsym $mod+n exec tasktile capture (docs/desktop.md "Quick capture"). Each added todo is printed. \
            Exit codes: 0 after Enter or Esc, 1 the --list names no list, 3 it names several, 69 no display.
            """,
        options: [listOption.spec])
    static let listOption = Option.value(
        "--list", "-l", valueName: "list",
        help:
            "The target list shown first (title or id prefix; a view such as @work puts the lists it names first). "
            + "Default: the defaultList setting (Inbox until changed).")

    let list: String?

    init(_ a: ParsedArguments, context: CommandContext) throws { list = a[Self.listOption] }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let out = context.stdout, err = context.stderr
        let popup = try CapturePopup(
            store: store, list: list, environment: context.environment, localizer: context.localizer,
            out: { line in
                out.write(line + "\n")
                out.flush()
            },
            log: { line in
                err.write(line)
                err.flush()
            })
        return popup.run()
    }
}

/// The `tasktile` commands this executable runs for `tasktile` (`SiblingCommand`): they arrive with `tasktile`'s
/// arguments unchanged, so they run in a program named `tasktile` with its global options.
enum CaptureProgram {
    static let program = Program(
        name: "tasktile", version: DesktopProgram.version, commands: [CaptureCommand.self],
        globals: Program.tasktileGlobals,
        translations: Program.catalogueHelp("tasktile capture", globals: Program.tasktileGlobals),
        overview: { $0.text(.helpTopOverview) })

    /// The program that runs `arguments`: this one for `capture` handed over by `tasktile`, else
    /// `tasktile-render desktop`'s.
    static func program(for arguments: [String]) -> Program {
        program.runsCommand(in: arguments) && !DesktopProgram.program.runsCommand(in: arguments)
            ? program : DesktopProgram.program
    }
}
