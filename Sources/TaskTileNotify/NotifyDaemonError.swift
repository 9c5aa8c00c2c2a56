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

    /// The sentence in English (log lines).
    public var description: String { message(Localizer(.en)) }
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
    /// One sentence naming what failed, in `l`'s language; system details as they are.
    public func message(_ l: Localizer) -> String {
        switch self {
        case .alreadyRunning(let path, let pid):
            l.text(.notifyErrorAlreadyRunning, pid.map { l.text(.errorPid, $0) } ?? "", path)
        case .lockFailed(let path, let detail): l.text(.notifyErrorLockFailed, path, detail)
        case .badSink(let s): l.text(.notifyErrorBadSink, s)
        case .spawnFailed(let cmd, let detail): l.text(.notifyErrorSpawnFailed, cmd, detail)
        case .bus(let detail): l.text(.notifyErrorBus, detail)
        case .busLost(let detail): l.text(.notifyErrorBusLost, detail)
        case .deliveryFailed(let detail): l.text(.notifyErrorDeliveryFailed, detail)
        }
    }
    public var showsUsage: Bool { exitCode == .usage }
}
