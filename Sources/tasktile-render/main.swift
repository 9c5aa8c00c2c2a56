import Foundation
import TaskTileCommandLine
import TaskTileCore

// Thin entry point: the program and its commands live in `Renderer` so tests run them in-process.
umask(0o077)
// `tasktile theme preview …` arrives here by execve from `tasktile`, its arguments unchanged.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(Renderer.program(for: arguments).main(arguments: arguments, environment: ProcessInfo.processInfo.environment,
                                           stdout: FileSink(fd: 1), stderr: FileSink(fd: 2)))
