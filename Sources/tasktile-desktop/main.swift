import Foundation
import TaskTileCommandLine
import TaskTileCore

// `tasktile-render desktop …` arrives here by execve from `tasktile-render` (same process id), arguments unchanged.
umask(0o077)
exit(DesktopProgram.program.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
                                 stdout: FileSink(fd: 1), stderr: FileSink(fd: 2)))
