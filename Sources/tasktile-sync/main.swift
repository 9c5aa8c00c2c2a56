import Foundation
import TaskTileCommandLine
import TaskTileCore

// Arguments are checked for valid UTF-8 as in `tasktile`.
let arguments = ProcessArguments.validatedOrExit()
umask(0o077)
exit(SyncCLI.program.main(arguments: arguments, environment: ProcessInfo.processInfo.environment,
                          stdout: FileSink(fd: 1), stderr: FileSink(fd: 2)))
