import Foundation
import TaskTileCore
#if canImport(Glibc)
import Glibc
#endif

/// Why the notification daemon could not start or had to stop.
public enum NotifyDaemonError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Another daemon holds `<data dir>/notify.lock` (exit 75).
    case alreadyRunning(lockPath: String, pid: Int32?)
    /// The lock file cannot be opened or locked.
    case lockFailed(path: String, detail: String)
    /// An unknown `--sink` value.
    case badSink(String)
    /// A command (exec sink or open command) could not be started.
    case spawnFailed(String, String)
    /// No session bus or no notification service, or the bus went away.
    case bus(String)

    public var description: String {
        switch self {
        case .alreadyRunning(let path, let pid):
            "a notification daemon is already running for this data directory"
                + (pid.map { " (pid \($0))" } ?? "") + "; it holds \(path). Only one runs per data directory."
        case .lockFailed(let path, let detail): "cannot lock \(path): \(detail)"
        case .badSink(let s): "unknown sink '\(s)' (accepted: dbus, stdout, exec:COMMAND)"
        case .spawnFailed(let cmd, let detail): "cannot run \(cmd): \(detail)"
        case .bus(let detail): "no desktop notification service on the session bus (\(detail)); use --sink stdout or --sink exec:COMMAND without one"
        }
    }
}

extension NotifyDaemonError: ReportableError {
    public var exitCode: ExitCode {
        switch self {
        case .alreadyRunning: .busy
        case .badSink: .usage
        case .lockFailed, .spawnFailed, .bus: .ioError
        }
    }
    public func message(_ localizer: Localizer) -> String { description }
    public var showsUsage: Bool { exitCode == .usage }
}
