import Foundation
import TaskTileCommandLine
import TaskTileCore

// Thin entry point: the program and its commands live in `Renderer` so tests run them in-process.
umask(0o077)
exit(Renderer.program.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
                           stdout: FileSink(fd: 1), stderr: FileSink(fd: 2)))
