#if canImport(Glibc)
import Glibc
#endif
import TaskTileCore

/// Watches directories with Linux inotify (inotify(7)) and reports the names that changed.
///
/// Directories are watched rather than files because every file another process may read is
/// replaced by rename (docs/data-directory.md "Atomic writes"), which a watch on the old file would miss. A commit by another
/// process shows up as a change to `tasktile.sqlite-wal` in the data directory.
public final class DirectoryWatcher {
    /// One change: the watched directory and the entry's name inside it.
    public struct Change: Hashable, Sendable {
        public var directory: String
        public var name: String
        /// True when the watched directory itself went away (deleted, moved, unmounted): its
        /// watch is gone and must be added again once the directory exists.
        public var directoryGone: Bool = false
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
        let mask = UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB
                          | IN_DELETE_SELF | IN_MOVE_SELF)
        let wd = inotify_add_watch(fd, path, mask)
        if wd < 0 { throw FileError.system(call: "inotify_add_watch", path: path, errno: errno) }
        directories[wd] = path
    }

    /// Whether `path` is being watched now.
    public func isWatching(_ path: String) -> Bool { directories.values.contains(path) }

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
                if let dir = directories[event.wd] {
                    let gone = event.mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT) != 0
                    changes.append(Change(directory: dir, name: name, directoryGone: gone))
                    if event.mask & UInt32(IN_IGNORED) != 0 { directories[event.wd] = nil }
                }
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
