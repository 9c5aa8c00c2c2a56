import Foundation
import TaskTileCommandLine
import TaskTileCore

// `tasktile notify run …` arrives here by execve from `tasktile` (same process id), arguments unchanged.
umask(0o077)
exit(Notifier.program.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
                           stdout: FileSink(fd: 1), stderr: FileSink(fd: 2)))
