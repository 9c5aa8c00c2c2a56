import CSystem
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM and SIGINT as a file descriptor (signalfd(2)) that a daemon puts in its poll set, so a
/// signal that lands just before `poll` wakes it at once instead of at its next timeout.
///
/// `install()` blocks both signals for the calling thread (and every thread it starts later) and
/// opens the signalfd. Call it first in `main`, before any thread exists. A parent (a test runner,
/// a supervisor) may start us with the signals blocked: blocked is what signalfd needs, so that
/// is harmless here. As a fallback for a thread that did not inherit the mask, a handler records
/// the signal and wakes the same poll set through an eventfd, so no signal ever takes the default
/// action (exit by signal) in a daemon that installed this.
public enum TerminationSource {
    nonisolated(unsafe) private static var signalDescriptor: Int32 = -1
    nonisolated(unsafe) private static var wakeDescriptor: Int32 = -1
    nonisolated(unsafe) private static var received: sig_atomic_t = 0

    /// Installs once per process; later calls return the same descriptor.
    /// - Returns: a descriptor that becomes readable (POLLIN) when SIGTERM or SIGINT arrived.
    @discardableResult
    public static func install() -> Int32 {
        if signalDescriptor >= 0 { return signalDescriptor }
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        wakeDescriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            TerminationSource.received = 1
            var one: UInt64 = 1
            _ = write(TerminationSource.wakeDescriptor, &one, 8)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0 // no SA_RESTART: a blocking call in that thread returns with EINTR
        sigaction(SIGTERM, &action, nil)
        sigaction(SIGINT, &action, nil)
        signalDescriptor = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        return signalDescriptor
    }

    /// The eventfd the fallback handler writes to (readable after a signal reached a handler).
    public static var fallbackDescriptor: Int32 { wakeDescriptor }

    /// Whether SIGTERM or SIGINT has arrived (reads the signalfd without blocking; once true, stays true).
    public static var requested: Bool {
        if received != 0 { return true }
        guard signalDescriptor >= 0 else { return false }
        var info = signalfd_siginfo()
        let n = withUnsafeMutableBytes(of: &info) { read(signalDescriptor, $0.baseAddress, $0.count) }
        if n == MemoryLayout<signalfd_siginfo>.size { received = 1 }
        return received != 0
    }

    /// Waits up to `seconds` (nil = until a signal) for SIGTERM/SIGINT; true when one arrived.
    /// For loops that have nothing else to wait on (e.g. `click` showing its flash).
    public static func wait(seconds: Double?) -> Bool {
        if requested { return true }
        var fds = [pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        let ms = seconds.map { Int32(max(0, min($0 * 1000, 86_400_000)).rounded(.up)) } ?? -1
        _ = poll(&fds, nfds_t(fds.count), ms)
        return requested
    }
}
