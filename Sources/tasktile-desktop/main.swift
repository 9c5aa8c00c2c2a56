import Foundation
import TaskTileCommandLine
import TaskTileCore

// `tasktile-render desktop …` arrives here by execve from `tasktile-render`, and `tasktile capture …` from
// `tasktile` (same process id), arguments unchanged.
umask(0o077)
let arguments = Array(CommandLine.arguments.dropFirst())
exit(CaptureProgram.program(for: arguments).main(arguments: arguments, environment: ProcessInfo.processInfo.environment,
                                                 stdout: FileSink(fd: 1), stderr: FileSink(fd: 2)))
