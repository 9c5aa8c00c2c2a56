import Foundation
import TaskTileCommandLine
import TaskTileCore

let arguments = ProcessArguments.validatedOrExit()
umask(0o077)
exit(CLI.main(arguments: arguments, environment: ProcessInfo.processInfo.environment,
              stdout: FileSink(fd: 1), stderr: FileSink(fd: 2)))
