#if canImport(Glibc)
import Glibc
#endif

/// Watches directories with Linux inotify (inotify(7)) and reports the names that changed.
///
/// Directories are watched rather than files because every file another process may read is
/// replaced by rename (SPEC §0), which a watch on the old file would miss. A commit by another
/// process shows up as a change to `tasktile.sqlite-wal` in the data directory.
public final class DirectoryWatcher {
    /// One change: the watched directory and the entry's name inside it.
    public struct Change: Hashable, Sendable {
        public var directory: String
        public var name: String
    }

    private let fd: Int32
    private var directories: [Int32: String] = [:]

    /// - Throws: `FileError` naming `inotify_init1`.
    public init() throws {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if fd < 0 { throw FileError.system(call: "inotify_init1", path: "", errno: errno) }
    }

    deinit { close(fd) }

    /// The descriptor to wait on with `poll(2)`.
    public var fileDescriptor: Int32 { fd }

    /// Adds a directory (creations, writes, renames, deletions of its entries).
    /// - Throws: `FileError` naming `inotify_add_watch` and the path.
    public func watch(directory path: String) throws {
        let mask = UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB)
        let wd = inotify_add_watch(fd, path, mask)
        if wd < 0 { throw FileError.system(call: "inotify_add_watch", path: path, errno: errno) }
        directories[wd] = path
    }

    /// Reads every pending event without blocking; empty when there are none.
    public func drain() -> [Change] {
        var changes: [Change] = []
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, size)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            var offset = 0
            while offset < n {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let headerSize = MemoryLayout<inotify_event>.size
                var name = ""
                if event.len > 0 {
                    let namePointer = buffer.advanced(by: offset + headerSize).assumingMemoryBound(to: CChar.self)
                    name = String(cString: namePointer)
                }
                if let dir = directories[event.wd] { changes.append(Change(directory: dir, name: name)) }
                offset += headerSize + Int(event.len)
            }
        }
        return changes
    }

    /// Waits up to `timeout` seconds (nil = forever) for events or a signal.
    /// - Returns: true when events are ready to `drain()`.
    public func wait(timeout: Double?) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ms = timeout.map { Int32(max(0, min($0 * 1000, 86_400_000)).rounded(.up)) } ?? -1
        let r = poll(&pfd, 1, ms)
        return r > 0 && (pfd.revents & Int16(POLLIN)) != 0
    }
}

/// An exclusive `flock(2)` on a file, held until `release()` or deinit: one daemon per data directory.
public final class InstanceLock {
    private var fd: Int32
    public let path: String

    /// Takes the lock without waiting; returns nil when another process holds it.
    /// - Throws: `FileError` when the lock file cannot be opened.
    public init?(path: String) throws {
        self.path = path
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd < 0 { throw FileError.system(call: "open", path: path, errno: errno) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            return nil
        }
    }

    public func release() {
        if fd >= 0 { flock(fd, LOCK_UN); close(fd); fd = -1 }
    }

    deinit { release() }
}

/// SIGTERM/SIGINT turned into a flag that a daemon's loop checks; the handlers are installed
/// without `SA_RESTART`, so a blocking `poll(2)` returns early with EINTR.
public enum TerminationSignal {
    nonisolated(unsafe) private static var received: sig_atomic_t = 0

    /// Installs handlers for SIGTERM and SIGINT.
    public static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in TerminationSignal.received = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGTERM, &action, nil)
        sigaction(SIGINT, &action, nil)
    }

    /// Whether SIGTERM or SIGINT has arrived.
    public static var requested: Bool { received != 0 }
}
