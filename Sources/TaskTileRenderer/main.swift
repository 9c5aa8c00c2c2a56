import Foundation
import TaskTileRender

// Thin entry point: all parsing and work live in `RenderCommand` (TaskTileRender) so tests run it in-process.
let command = RenderCommand(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    output: { FileHandle.standardOutput.write(Data($0.utf8)) },
    errorOutput: { FileHandle.standardError.write(Data($0.utf8)) })
exit(command.run())
