import TaskTileCommandLine
import TaskTileCore

/// `tasktile-desktop`: runs `tasktile-render desktop` for `tasktile-render`, which hands the command
/// over to this executable (`SiblingCommand`) so that `once`, `watch` and `click` load no GTK, GDK,
/// ATK, X11 or Wayland library (`tasktile-render` linked 88 shared objects, and
/// resolving its symbols through them was a third of a `once` run). It receives
/// `tasktile-render`'s arguments unchanged, so it is a `Program` named `tasktile-render` with its
/// global options, and its help and messages read exactly as they did when the command lived there.
enum DesktopProgram {
    /// The version printed by `--version` (that of `tasktile-render`).
    static let version = "0.1.0"

    /// What `tasktile-render` lists for the command it hands over; the abstract is the spec's own
    /// (`tasktile-render` keeps a copy, and a test checks the two agree).
    static let sibling = SiblingCommand(path: DesktopCommand.spec.path, abstract: DesktopCommand.spec.abstract,
                                        executable: "tasktile-desktop")

    static let globals = [Program.dataDirOption, Program.langOption]

    static let program = Program(name: "tasktile-render", version: version, commands: [DesktopCommand.self],
                                 globals: globals, translations: Program.catalogueHelp("tasktile-render desktop", globals: globals),
                                 overview: { $0.text(.renderOverview) })
}
