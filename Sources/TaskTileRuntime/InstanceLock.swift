#if canImport(Glibc)
import Glibc
#endif
import TaskTileCore

/// One daemon per data directory: an exclusive `flock(2)` on a lock file, held while the process
/// lives and released by the kernel when it dies (so `kill -9` never leaves a stale lock). The
/// holder's pid is written into the file so a refusal can name it.
public final class InstanceLock {
    private var fd: Int32
    /// The lock file's path.
    public let path: String

    /// Takes the lock without waiting (EINTR retried).
    /// - Returns: nil when another process holds it.
    /// - Throws: `FileError` naming `open` or `flock` and the path when the file cannot be opened or locked.
    public init?(path: String) throws {
        self.path = path
        var fd: Int32
        repeat { fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) } while fd < 0 && errno == EINTR
        if fd < 0 { throw FileError.system(call: "open", path: path, errno: errno) }
        var rc: Int32
        repeat { rc = flock(fd, LOCK_EX | LOCK_NB) } while rc != 0 && errno == EINTR
        if rc != 0 {
            let err = errno
            close(fd)
            if err == EWOULDBLOCK { return nil }
            throw FileError.system(call: "flock", path: path, errno: err)
        }
        self.fd = fd
        let text = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = text.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    /// Whether a process holds the lock at `path` now, asked without taking it for longer than
    /// the question: a shared `flock` tried and released at once (two askers never conflict; an
    /// `init` racing the microsecond an asker holds it fails like a second daemon would).
    /// A lock file that does not exist is not held.
    public static func isHeld(path: String) -> Bool {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        if fd < 0 { return false }
        defer { close(fd) }
        var rc: Int32
        repeat { rc = flock(fd, LOCK_SH | LOCK_NB) } while rc != 0 && errno == EINTR
        if rc != 0 { return errno == EWOULDBLOCK }
        flock(fd, LOCK_UN)
        return false
    }

    /// The pid written by the process holding the lock at `path`, if it can be read.
    public static func holder(of path: String) -> Int32? {
        guard let bytes = try? Posix.readFile(path) else { return nil }
        return Int32(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Releases the lock (also done by deinit and by process exit).
    public func release() {
        if fd >= 0 { flock(fd, LOCK_UN); close(fd); fd = -1 }
    }

    deinit { release() }
}
