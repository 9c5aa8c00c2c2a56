import Foundation
import TaskTileCore
import TaskTileCommandLine

/// The `tasktile` program: its commands and global options, run by the shared command-line core
/// (`Program` in TaskTileCommandLine: parser, help layout, the one error funnel).
enum CLI {
    static let version = "0.1.0"

    /// Every command, in help order.
    static let commands: [any Command.Type] = [
        ListLsCommand.self, ListAddCommand.self, ListRenameCommand.self, ListMoveCommand.self, ListRemoveCommand.self,
        AddCommand.self, QuickCommand.self, EditCommand.self, DoneCommand.self, UndoCommand.self, RemoveCommand.self, MoveCommand.self,
        ShowCommand.self, TagLsCommand.self, ViewLsCommand.self, ViewAddCommand.self, ViewRemoveCommand.self,
        OccurrencesCommand.self, StreakCommand.self,
        ChallengeStartCommand.self, ChallengeLsCommand.self, ChallengeShowCommand.self, ChallengeEndCommand.self,
        ChallengeArchiveCommand.self, ChallengeRemoveCommand.self, StatusCommand.self, IntentCompleteCommand.self, ThemeLsCommand.self, ThemeShowCommand.self,
        ThemeNewCommand.self, ThemeSetCommand.self, ThemeRemoveCommand.self, ThemeImportCommand.self, ThemeExportCommand.self,
        SearchCommand.self, SettingsLsCommand.self, SettingsGetCommand.self, SettingsSetCommand.self,
        SoundLsCommand.self, SoundPlayCommand.self, SoundExportCommand.self,
        ExportCommand.self, ImportCommand.self, RoutineLsCommand.self, RoutineApplyCommand.self, RoutineRemoveCommand.self,
        NotifyPendingCommand.self, SnoozeCommand.self, ReminderSetCommand.self, ReminderOffCommand.self,
        ReminderShowCommand.self,
    ]

    static let globalOptions = Program.tasktileGlobals

    /// Commands the executables beside this one run (`tasktile` itself loads no D-Bus
    /// library). Each abstract is that of the sibling's own spec (a test compares the two helps).
    static let siblings = [
        SiblingCommand(path: ["notify", "run"], abstract: "Run the notification daemon (one per data directory) until SIGTERM/SIGINT.",
                       executable: "tasktile-notify"),
        // `tasktile-sync` (docs/sync.md): FoundationNetworking, libcurl and FoundationXML stay out of tasktile.
        // `tasktile-render` draws the theme preview: Cairo, Pango, GLib and fontconfig stay out of tasktile.
        SiblingCommand(path: ["theme", "preview"], abstract: "Render a theme's widgets with sample todos.", executable: "tasktile-render"),
        // `tasktile-desktop` shows the capture popup: GTK, GDK and the display libraries stay out of tasktile.
        SiblingCommand(path: ["capture"],
                       abstract: "Open the quick-capture popup: type one line, Enter adds it as a todo.",
                       executable: "tasktile-desktop"),
        SiblingCommand(path: ["sync"], abstract: "Exchange changes with a CalDAV server or vdir: one pass.", executable: "tasktile-sync"),
        SiblingCommand(path: ["sync", "add"], abstract: "Add a sync account: a CalDAV server or a vdir.", executable: "tasktile-sync"),
        SiblingCommand(path: ["sync", "ls"], abstract: "Show the sync accounts.", executable: "tasktile-sync"),
        SiblingCommand(path: ["sync", "rm"], abstract: "Remove a sync account (its lists and todos stay).", executable: "tasktile-sync"),
        SiblingCommand(path: ["sync", "status"], abstract: "Show each account's last sync and the local changes not yet sent.",
                       executable: "tasktile-sync"),
    ]

    /// `tasktile` as a `Program` of the shared command-line core.
    static let program = Program(name: "tasktile", version: version, commands: commands, globals: globalOptions,
                                 translations: Program.catalogueHelp("tasktile", globals: globalOptions),
                                 siblings: siblings, overview: { $0.text(.helpTopOverview) })

    /// Runs one invocation. `arguments` excludes the program name.
    static func main(arguments: [String], environment: [String: String], stdout: OutputSink, stderr: OutputSink,
                     readLine: @escaping () -> String? = { Swift.readLine() }, stdinIsTerminal: Bool = isatty(0) == 1,
                     stdoutIsTerminal: Bool = isatty(1) == 1, executablePath: String = Program.executablePath(),
                     runSibling: SiblingRunner = Program.execSibling) -> Int32 {
        program.main(arguments: arguments, environment: environment, stdout: stdout, stderr: stderr, readLine: readLine,
                     stdinIsTerminal: stdinIsTerminal, stdoutIsTerminal: stdoutIsTerminal, executablePath: executablePath,
                     runSibling: runSibling)
    }
}
