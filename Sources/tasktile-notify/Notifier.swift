import TaskTileCommandLine
import TaskTileCore

/// `tasktile-notify`: runs `tasktile notify run` for `tasktile`, which hands the command over to
/// this executable (`SiblingCommand`) so that the everyday commands load no D-Bus library.
/// It receives `tasktile`'s arguments unchanged, so it is a `Program` named
/// `tasktile` with `tasktile`'s global options, and its messages and help read exactly as they
/// did when the daemon lived in `tasktile`.
enum Notifier {
    /// The version printed by `--version` (that of `tasktile`).
    static let version = "0.1.0"

    /// What `tasktile` lists for the command it hands over; the abstract is the spec's own.
    static let sibling = SiblingCommand(path: NotifyRunCommand.spec.path, abstract: NotifyRunCommand.spec.abstract,
                                        executable: "tasktile-notify")

    static let program = Program(name: "tasktile", version: version, commands: [NotifyRunCommand.self],
                                 globals: Program.tasktileGlobals,
                                 translations: Program.catalogueHelp("tasktile notify", globals: Program.tasktileGlobals),
                                 overview: { $0.text(.helpTopOverview) })
}
