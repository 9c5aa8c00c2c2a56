import Foundation
import TaskTileCore

/// A command that another executable installed beside this one runs, so that this program links
/// only what its own commands need (`tasktile` loads no Cairo, Pango or GLib; the
/// widget code lives in `tasktile-render`).
///
/// `Program.main` lists it in the help as one of its own commands (path and abstract; Japanese
/// under `help.<path>.abstract` in the program's translations) and, when the command words name
/// it, replaces the process with the sibling (`execv(2)`), passing the arguments unchanged: the
/// sibling's own `Program` has the command's full spec and parses them exactly as this one would,
/// global options included. The process id stays the same, so signals, exit codes and locks
/// behave as if the command ran here.
public struct SiblingCommand: Sendable {
    /// Words after the program name, e.g. `["theme", "preview"]`.
    public var path: [String]
    /// One line for the command list (English); must equal the sibling's spec abstract.
    public var abstract: String
    /// File name of the executable in this executable's directory, e.g. `tasktile-render`.
    public var executable: String

    public init(path: [String], abstract: String, executable: String) {
        self.path = path; self.abstract = abstract; self.executable = executable
    }

    /// The spec the help shows: path and abstract only.
    public var listingSpec: CommandSpec { CommandSpec(path: path, abstract: abstract) }
}

/// Replaces the process with a sibling executable. Returns only when that fails, with `errno`.
/// Injected into `Program.main` so in-process tests never replace the test runner.
public typealias SiblingRunner = @Sendable (_ path: String, _ arguments: [String], _ environment: [String: String]) -> Int32

extension Program {
    /// `execve(2)` of `path` with `arguments` (argv[0] is `path`) and `environment`; returns `errno`
    /// when the executable cannot be started.
    public static let execSibling: SiblingRunner = { path, arguments, environment in
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
        argv.append(nil)
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") }
        envp.append(nil)
        execve(path, &argv, &envp)
        let e = errno
        for p in argv + envp { free(p) }
        return e
    }
}

/// The sibling executable a command needs is missing or cannot be run (a broken install): exit 69.
public struct SiblingUnavailable: Error, ReportableError, CustomStringConvertible {
    /// Absolute path that was tried.
    public var path: String
    /// `errno` of the failed `execve`.
    public var errorNumber: Int32
    public var exitCode: ExitCode { .unavailable }
    public var description: String { message(Localizer(.en)) }
    public func message(_ l: Localizer) -> String {
        l.text(.siblingUnavailable, path, String(cString: strerror(errorNumber)))
    }
}
