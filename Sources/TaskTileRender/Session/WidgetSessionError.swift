import TaskTileCore

/// Why a live widget host cannot start (each with its exit code, docs/exit-codes.md); the host
/// logs the sentence and returns the code.
public enum WidgetSessionError: Error, Hashable, Sendable, CustomStringConvertible, ReportableError {
    /// The data directory or its `widgets/` cannot be created (exit 74).
    case cannotCreate(path: String, reason: String)
    /// The change source cannot start: inotify, epoll or the timer refused (exit 74).
    case cannotWatch(path: String, reason: String)
    /// `TASKTILE_NOW` cannot be read (exit 64, as for every command).
    case badNow(String)
    /// Another host of the same kind holds the data directory's lock (exit 75); the host's sentence.
    case alreadyRunning(String)
    /// The lock file cannot be opened or locked (exit 74); the system's reason names the file.
    case lock(path: String, reason: String)

    /// One sentence naming what failed, in `l`'s language (a host's own sentence and the system's
    /// reason as they are).
    public func message(_ l: Localizer) -> String {
        switch self {
        case .cannotCreate(let path, let reason): l.text(.errorCannotCreate, path, reason)
        case .cannotWatch(let path, let reason): l.text(.errorCannotWatch, path, reason)
        case .badNow(let reason): reason
        case .alreadyRunning(let sentence): sentence
        case .lock(_, let reason): reason
        }
    }

    /// The sentence in English.
    public var description: String { message(Localizer(.en)) }

    /// 64 for a bad `TASKTILE_NOW`, 75 for a second instance, 74 otherwise.
    public var exitCode: ExitCode {
        switch self {
        case .badNow: .usage
        case .alreadyRunning: .busy
        case .cannotCreate, .cannotWatch, .lock: .ioError
        }
    }
}
