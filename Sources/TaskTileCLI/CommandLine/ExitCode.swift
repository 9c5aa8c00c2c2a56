import TaskTileCore

/// Exit codes (SPEC §10; the sysexits.h numbers where they exist).
enum ExitCode: Int32 {
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
    /// EX_CANTCREAT: an output file cannot be created.
    case cannotCreate = 73
    /// EX_IOERR: the store or a file cannot be read or written (also a corrupt/foreign/newer store).
    case ioError = 74
    /// EX_TEMPFAIL: the store stayed busy past the timeout.
    case busy = 75
}

/// An output file that cannot be created or written (exit 73): `export --out`, `sound export`,
/// `theme export`, `theme preview`.
struct CannotCreateOutput: Error, CustomStringConvertible {
    var path: String
    var detail: String
    var description: String { message(Localizer(.en)) }
    func message(_ l: Localizer) -> String { l.text("error.cannotWrite", path, detail) }
}
