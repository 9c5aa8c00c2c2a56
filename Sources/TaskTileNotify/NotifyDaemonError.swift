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
    /// No session bus to connect to at start (exit 69).
    case bus(String)
    /// The session bus connection was lost while running (exit 69, so `Restart=on-failure` restarts the daemon).
    case busLost(String)
    /// One notification could not be shown (the server is absent, failed to start, or refused it);
    /// the daemon releases its claim and retries with backoff. Not an exit reason.
    case deliveryFailed(String)

    public var description: String {
        switch self {
        case .alreadyRunning(let path, let pid):
            "a notification daemon is already running for this data directory"
                + (pid.map { " (pid \($0))" } ?? "") + "; it holds \(path). Only one runs per data directory."
        case .lockFailed(let path, let detail): "cannot lock \(path): \(detail)"
        case .badSink(let s): "unknown sink '\(s)' (accepted: dbus, stdout, exec:COMMAND)"
        case .spawnFailed(let cmd, let detail): "cannot run \(cmd): \(detail)"
        case .bus(let detail): "no D-Bus session bus (\(detail)); use --sink stdout or --sink exec:COMMAND without one"
        case .busLost(let detail): "lost the D-Bus session bus (\(detail)); exiting so a service manager can restart the daemon"
        case .deliveryFailed(let detail): "the notification server did not show the notification (\(detail))"
        }
    }
}

extension NotifyDaemonError: ReportableError {
    public var exitCode: ExitCode {
        switch self {
        case .alreadyRunning: .busy
        case .badSink: .usage
        case .bus, .busLost: .unavailable
        case .lockFailed, .spawnFailed, .deliveryFailed: .ioError
        }
    }
    public func message(_ localizer: Localizer) -> String { description }
    public var showsUsage: Bool { exitCode == .usage }
}
