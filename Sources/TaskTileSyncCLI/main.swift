import Foundation
import TaskTileCommandLine
import TaskTileCore

// Arguments are checked for valid UTF-8 as in `tasktile` (docs/exit-codes.md "Bad input").
var arguments: [String] = []
for i in 1..<Int(CommandLine.argc) {
    guard let raw = CommandLine.unsafeArgv[i], let text = String(validatingCString: raw) else {
        let l = Localizer(Language.fromEnvironment(ProcessInfo.processInfo.environment))
        FileHandle.standardError.write((l.text(.errorPrefix, l.text(.usageInvalidUTF8, i)) + "\n").data(using: .utf8)!)
        exit(64)
    }
    arguments.append(text)
}
umask(0o077)
exit(SyncCLI.program.main(arguments: arguments, environment: ProcessInfo.processInfo.environment,
                          stdout: FileSink(fd: 1), stderr: FileSink(fd: 2)))
