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

/// The one-daemon-per-data-directory lock: an exclusive `flock` on `<data dir>/notify.lock`,
/// held while the file descriptor is open and released by the kernel when the process dies
/// (so `kill -9` never leaves a stale lock). The holder's pid is written into the file for messages.
public final class NotifyLock {
    private let fd: Int32
    /// The lock file's path.
    public let path: String

    /// Takes the lock without waiting.
    /// - Throws: `NotifyDaemonError.alreadyRunning` when another process holds it, `.lockFailed` otherwise.
    public init(directory: DataDirectory) throws {
        path = directory.path + "/notify.lock"
        do { try directory.ensureExists() } catch { throw NotifyDaemonError.lockFailed(path: path, detail: "\(error)") }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw NotifyDaemonError.lockFailed(path: path, detail: String(cString: strerror(errno))) }
        var rc: Int32
        repeat { rc = flock(fd, LOCK_EX | LOCK_NB) } while rc != 0 && errno == EINTR
        if rc != 0 {
            let err = errno
            let holder = (try? Posix.readFile(path)).flatMap { Int32(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) }
            close(fd)
            if err == EWOULDBLOCK { throw NotifyDaemonError.alreadyRunning(lockPath: path, pid: holder) }
            throw NotifyDaemonError.lockFailed(path: path, detail: String(cString: strerror(err)))
        }
        self.fd = fd
        let text = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = text.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    deinit { close(fd) }
}

/// Daemon log lines on standard error (CONVENTIONS "Daemons"):
/// `2027-01-05T09:00:00+0900 info tasktile-notify: delivered <id> …`, local time with the offset.
public struct DaemonLog {
    let zone: TimeZone
    let clock: () -> Date
    let write: (String) -> Void

    /// - Parameters:
    ///   - clock: the daemon's "now" (UTC instant).
    ///   - write: receives each line with its newline and must flush it.
    public init(zone: TimeZone, clock: @escaping () -> Date, write: @escaping (String) -> Void) {
        self.zone = zone; self.clock = clock; self.write = write
    }

    func line(_ level: String, _ message: String) {
        let now = clock()
        let offset = ZonedClock.offsetText(zone.secondsFromGMT(for: now)).replacingOccurrences(of: ":", with: "")
        write("\(ZonedClock.wallClock(of: now, in: zone))\(offset) \(level) tasktile-notify: \(message)\n")
    }

    func info(_ m: String) { line("info", m) }
    func warning(_ m: String) { line("warning", m) }
    func error(_ m: String) { line("error", m) }
}

/// Set by SIGTERM/SIGINT; the daemon loop checks it at least every 250 ms.
nonisolated(unsafe) var notifyStopRequested: sig_atomic_t = 0

/// Installs SIGTERM/SIGINT handlers that ask the daemon to stop (exit 0), and unblocks both: a
/// signal mask is inherited across exec, and some parents (test runners, thread pools) start
/// children with SIGTERM blocked, which would make the daemon unkillable but by SIGKILL.
func installStopHandlers() {
    notifyStopRequested = 0
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGTERM)
    sigaddset(&unblock, SIGINT)
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
    for sig in [SIGTERM, SIGINT] {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in notifyStopRequested = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0 // no SA_RESTART: a sleeping poll/nanosleep returns at once
        sigaction(sig, &action, nil)
    }
}
