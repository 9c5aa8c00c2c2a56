import Foundation
import TaskTileCore

/// The process's arguments for a program's `main` (docs/exit-codes.md "Bad input").
public enum ProcessArguments {
    /// `argv[1...]` as Strings, each checked for valid UTF-8: Swift's `CommandLine.arguments`
    /// silently repairs invalid bytes, which would store U+FFFD instead of refusing the input. An
    /// argument that is not valid UTF-8 prints "Error: argument N is not valid UTF-8 text" in the
    /// environment's language on stderr and exits 64.
    public static func validatedOrExit() -> [String] {
        var arguments: [String] = []
        for i in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[i], let text = String(validatingCString: raw) else {
                let l = Localizer(Language.fromEnvironment(ProcessInfo.processInfo.environment))
                FileHandle.standardError.write((l.text(.errorPrefix, l.text(.usageInvalidUTF8, i)) + "\n").data(using: .utf8)!)
                exit(64)
            }
            arguments.append(text)
        }
        return arguments
    }
}
