import Foundation
import TaskTileCore
#if canImport(Glibc)
import Glibc
#endif

/// `tasktile sync …` runs `tasktile-sync` from the directory of this executable (docs/sync.md):
/// the sync code needs FoundationNetworking (libcurl) and FoundationXML, which the everyday
/// commands should not load (issue #16). The arguments are passed on unchanged.
enum SyncDispatch {
    /// Whether the command words of `arguments` (after global options) start with `sync`
    /// (also `help sync …`).
    static func isSync(_ arguments: [String]) -> Bool {
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--data-dir" || a == "--lang" { i += 2; continue }
            if a.hasPrefix("--data-dir=") || a.hasPrefix("--lang=") || ["--json", "--no-color", "-h", "--help"].contains(a) { i += 1; continue }
            if a == "help", i + 1 < arguments.count { return arguments[i + 1] == "sync" }
            return a == "sync"
        }
        return false
    }

    /// Replaces this process with `tasktile-sync` beside `executablePath`; returns only when
    /// that fails (the message is printed, exit 69).
    static func exec(_ arguments: [String], executablePath: String, environment: [String: String]) -> Int32 {
        let dir = (executablePath as NSString).deletingLastPathComponent
        let target = dir + "/tasktile-sync"
        var argv: [UnsafeMutablePointer<CChar>?] = ([target] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(target, &argv)
        let e = errno
        let l = Localizer(Language.fromEnvironment(environment))
        FileHandle.standardError.write(Data((l.text(.errorPrefix, l.text(.syncErrorNoSyncProgram, target, String(cString: strerror(e)))) + "\n").utf8))
        return ExitCode.unavailable.rawValue
    }
}
