import Foundation
import TaskTileCommandLine
import TaskTileCore

/// `tasktile-sync`: the `tasktile sync …` commands. `tasktile` execs this program (found beside
/// its own executable, `SiblingCommand` in `CLI.siblings`) for them, so the everyday commands never load libcurl
/// or the XML parser. It answers as `tasktile`: same usage lines, help,
/// global options and exit codes.
enum SyncCLI {
    static let commands: [any Command.Type] = [
        SyncRunCommand.self, SyncAddCommand.self, SyncLsCommand.self, SyncRmCommand.self, SyncStatusCommand.self,
    ]

    static let program = Program(name: "tasktile", version: "0.1.0", commands: commands, globals: Program.tasktileGlobals,
                                 translations: Program.catalogueHelp("tasktile sync", globals: Program.tasktileGlobals),
                                 overview: { $0.text(.helpTopOverview) })
}
