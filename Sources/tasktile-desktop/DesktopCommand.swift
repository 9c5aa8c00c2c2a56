import TaskTileCommandLine
import TaskTileCore
import TaskTileDesktop
import TaskTileRuntime

/// `tasktile-render desktop [SPEC…]`: the widgets as clickable surfaces on the desktop
/// (`DesktopHost` in TaskTileDesktop, the only target that links GTK), run in this executable,
/// `tasktile-desktop`, which `tasktile-render` execs for the command (`DesktopProgram`).
struct DesktopCommand: Command {
    static let spec = CommandSpec(program: "tasktile-render", path: ["desktop"], abstract: "Show the widgets on the desktop, clickable, until SIGTERM/SIGINT.",
        discussion: "Shows each widget spec (default: every *.json in <data-dir>/widgets/, following additions and removals) as its own surface below every window, on every workspace, out of taskbars and the task switcher: a wlr-layer-shell surface on Wayland (sway, Hyprland, KWin, river…), a _NET_WM_WINDOW_TYPE_DESKTOP window on X11. The spec keys anchor, margin, monitor and layer place it; it is drawn at the output's scale. A click on a pending checkbox completes that todo; a click on a row or the header runs the widget.openCommand setting; a click on the "+" in the header opens the capture popup for the widget's list (a smart list's: the first list it names, else the default list; \"add\": false in a spec leaves the "+" out); text never completes. Widgets redraw when the store commits (from any process), themes.json or a spec changes, a flash ends, or a minute boundary passes. Exit codes: 0 after SIGTERM/SIGINT, 69 no display (WAYLAND_DISPLAY and DISPLAY unset or unreachable) or the display went away, 74 the data directory cannot be watched, 75 another desktop runs for this data directory on this display.",
        arguments: [ArgumentSpec(name: "spec", help: "Path of a widget spec JSON file (keys: see README \"Widgets\").", optional: true, repeating: true)])

    let specs: [String]
    init(_ a: ParsedArguments, context: CommandContext) throws { specs = a.positionals }

    func run(_ context: CommandContext) throws -> ExitCode {
        TerminationSource.install() // first, before GTK starts threads: they inherit the blocked signals
        let stderr = context.stderr
        return DesktopHost(directory: context.dataDirectory, environment: context.environment,
                           specFiles: specs.isEmpty ? nil : specs, localizer: context.localizer) { line in
            stderr.write(line)
            stderr.flush()
        }.run()
    }
}
