/// Process exit codes of both programs (docs/exit-codes.md): the sysexits.h numbers where they
/// exist (https://man.freebsd.org/cgi/man.cgi?query=sysexits), plus tasktile's 1, 3 and 33.
public enum ExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    /// Nothing matched / nothing to do.
    case nothingMatched = 1
    /// Several candidates where one was needed.
    case ambiguous = 3
    /// i3blocks' "urgent" code: only `status --format i3blocks --urgent` with something overdue.
    case urgent = 33
    /// EX_USAGE: the command was called wrongly (unknown option, bad value, missing argument).
    case usage = 64
    /// EX_DATAERR: bad data in a theme, spec or import file.
    case dataError = 65
    /// EX_UNAVAILABLE: a service the command needs is not there (no display, no session bus).
    case unavailable = 69
    /// EX_SOFTWARE: an internal error: an error no layer describes reached the funnel (a bug).
    case software = 70
    /// EX_CANTCREAT: an output file or drawing surface cannot be created.
    case cannotCreate = 73
    /// EX_IOERR: the store or a file cannot be read or written (also a corrupt/foreign/newer store).
    case ioError = 74
    /// EX_TEMPFAIL: the store stayed busy past the timeout; another instance holds a lock.
    case busy = 75
    /// EX_NOPERM: permission refused — a sync server refused the user name or password.
    case noPermission = 77
}

/// An error that knows how it is shown to a person: its exit code, its message in the user's
/// language and whether the command's usage line belongs under it. Every error a command can end
/// with conforms, in the module that defines it; the one error funnel (`ErrorFunnel` in
/// TaskTileCommandLine) reads only this, so an error that does not conform is reported as an
/// internal error (exit 70), never silently as some other failure.
public protocol ReportableError: Error {
    /// The process exit code for this failure.
    var exitCode: ExitCode { get }
    /// One or more sentences for the user, in `localizer`'s language; paths, titles and system
    /// details (strerror, SQLite's message) as they are.
    func message(_ localizer: Localizer) -> String
    /// Whether the usage line and "See '… --help'" follow the message (usage mistakes). Default false.
    var showsUsage: Bool { get }
    /// Whether the command already printed a result object for `--json` (the intent's
    /// `{"completed": false, …}`), so the funnel adds no `{"error": …}` object. Default false.
    var printsOwnJSON: Bool { get }
}

extension ReportableError {
    public var showsUsage: Bool { false }
    public var printsOwnJSON: Bool { false }
}
