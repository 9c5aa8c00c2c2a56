import Foundation
import TaskTileRender

// Thin entry point: parsing and work live in `RenderCommand` so tests run it in-process;
// `desktop` runs the host of TaskTileDesktop (GTK), which the PNG library never links.
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
let errorOutput: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
if let code = DesktopCommand.run(arguments: arguments, environment: environment, errorOutput: errorOutput) {
    exit(code)
}
let command = RenderCommand(
    arguments: arguments,
    environment: environment,
    output: { FileHandle.standardOutput.write(Data($0.utf8)) },
    errorOutput: errorOutput)
exit(command.run())
