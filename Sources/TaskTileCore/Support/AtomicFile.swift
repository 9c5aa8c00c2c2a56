import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that another process never sees half of one (docs/data-directory.md "Atomic writes"): the bytes go to a temporary
/// file in the same directory, are fsynced, and the temp file is renamed over the target; the directory
/// is fsynced afterwards so the rename survives a crash.
public enum AtomicFile {
    /// Writes `bytes` to `path` atomically with mode `mode` (default 0600).
    /// - Throws: `FileError` naming the failing call and path (`EISDIR` when `path` names a directory,
    ///   ends in `/`, or is `.`/`..`); the target is unchanged on failure.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws {
        let (directory, base) = PathText.split(path)
        var info = stat()
        if base.isEmpty || base == "." || base == ".." || (stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR) {
            throw FileError.system(call: "open", path: path, errno: EISDIR)
        }
        let tempPath = directory + "/.\(base).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = try Posix.retrying("open", path: path) { open(tempPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        var ok = false
        defer {
            if !ok { close(fd); unlink(tempPath) }
        }
        _ = fchmod(fd, mode)
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = try Posix.retrying("write", path: path) {
                    Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                }
                offset += n
            }
        }
        _ = try Posix.retrying("fsync", path: path) { fsync(fd) }
        ok = true
        close(fd)
        if rename(tempPath, path) != 0 {
            let err = errno
            unlink(tempPath)
            throw FileError.system(call: "rename", path: path, errno: err)
        }
        let dirfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 { _ = fsync(dirfd); close(dirfd) }
    }

    /// Writes UTF-8 text atomically. - Throws: `FileError`.
    public static func write(_ text: String, to path: String, mode: mode_t = 0o600) throws {
        try write(Array(text.utf8), to: path, mode: mode)
    }
}

/// A failed file-system call.
public enum FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A POSIX call failed with `errno`.
    case system(call: String, path: String, errno: Int32)

    /// The message in `localizer`'s language; the call, the path and the system's `strerror` text
    /// stay as they are.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .system(let call, let path, let code):
            localizer.text(.errorFileSystem, call, path, String(cString: strerror(code)))
        }
    }

    /// The message in English (`message(_:)` gives it in either language).
    public var description: String { message(Localizer(.en)) }

    /// The errno of the failure.
    public var errnoValue: Int32 {
        switch self { case .system(_, _, let e): e }
    }
}

/// POSIX call helpers: retry on `EINTR`, throw `FileError` naming the call.
public enum Posix {
    /// Runs `body` until it does not fail with EINTR; a negative result throws `FileError`.
    @discardableResult
    public static func retrying<T: BinaryInteger>(_ call: String, path: String, _ body: () -> T) throws -> T {
        while true {
            let r = body()
            if r >= 0 { return r }
            if errno == EINTR { continue }
            throw FileError.system(call: call, path: path, errno: errno)
        }
    }

    /// Reads a whole file. - Throws: `FileError` (ENOENT when missing).
    public static func readFile(_ path: String, limit: Int = 64 << 20) throws -> [UInt8] {
        let fd = try retrying("open", path: path) { open(path, O_RDONLY | O_CLOEXEC) }
        defer { close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = try buffer.withUnsafeMutableBytes { raw in
                try retrying("read", path: path) { read(fd, raw.baseAddress!, raw.count) }
            }
            if n == 0 { break }
            out.append(contentsOf: buffer[0..<n])
            if out.count > limit { throw FileError.system(call: "read", path: path, errno: EFBIG) }
        }
        return out
    }
}
