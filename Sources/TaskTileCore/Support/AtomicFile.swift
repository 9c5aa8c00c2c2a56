import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that another process never sees half of one (docs/data-directory.md "Atomic writes"): the bytes go to a temporary
/// file in the same directory, are fsynced, and the temp file is renamed over the target; the directory
/// is fsynced afterwards so the rename survives a crash.
///
/// A writer killed between creating its temp file and the rename leaves the temp file behind;
/// every `write` first removes those of its own target (`removeStaleTemporaries(in:target:)`), so
/// the next run of the same writer cleans up after the crashed one.
public enum AtomicFile {
    /// Writes `bytes` to `path` atomically with mode `mode` (default 0600). Temp files a crashed
    /// writer of the same `path` left beside it are removed first
    /// (`removeStaleTemporaries(in:target:)`: only `.<name>.tmp-<pid>-<n>` of this name whose
    /// `<pid>` is not running).
    /// - Throws: `FileError` naming the failing call and path (`EISDIR` when `path` names a directory,
    ///   ends in `/`, or is `.`/`..`); the target is unchanged on failure.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws {
        let (directory, base) = PathText.split(path)
        var info = stat()
        if base.isEmpty || base == "." || base == ".." || (stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR) {
            throw FileError.system(call: "open", path: path, errno: EISDIR)
        }
        removeStaleTemporaries(in: directory, target: base)
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

    /// Removes the temporary files a crashed writer left in `directory`: names of the form
    /// `.<name>.tmp-<pid>-<n>` that `write` makes (`<pid>` and `<n>` decimal, nothing else), whose
    /// `<pid>` is no longer a running process (`kill(pid, 0)` answers ESRCH). With `target`, only
    /// those of that one `<name>` — what `write` does for its own target, so a write into a user's
    /// directory (`tasktile export --output`) never judges other names. A live writer's temp file
    /// is never touched (not even one of another user: EPERM counts as running), so two writers of
    /// one directory can call this at any time; only regular files are removed. Errors are
    /// ignored: this is housekeeping.
    /// - Returns: the paths removed.
    @discardableResult
    public static func removeStaleTemporaries(in directory: String, target: String? = nil) -> [String] {
        let dir = directory.isEmpty ? "." : directory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        var removed: [String] = []
        for name in names where isTemporary(name, target: target) {
            let pid = Int32(name[name.range(of: ".tmp-", options: .backwards)!.upperBound...].split(separator: "-")[0])!
            if pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH { continue }
            let path = dir + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }

    /// Whether `name` is one of `write`'s temp file names, `.<target>.tmp-<pid>-<n>` (any target
    /// when `target` is nil): `<pid>` a positive 32-bit decimal, `<n>` a 32-bit unsigned decimal.
    static func isTemporary(_ name: String, target: String?) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { return false }
        // Byte for byte: a canonically equivalent name (NFC against NFD) is another file's.
        if let target, !name[name.index(after: name.startIndex)..<marker.lowerBound].utf8.elementsEqual(target.utf8) { return false }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let pid = Int32(parts[0]), pid > 0, UInt32(parts[1]) != nil else { return false }
        return true
    }
}

/// A failed file-system call.
public enum FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A POSIX call failed with `errno`.
    case system(call: String, path: String, errno: Int32)
    /// The path names a FIFO, a device, a socket or a directory where a regular file was expected
    /// (reading a FIFO would wait for a writer forever).
    case notRegularFile(path: String)

    /// The message in `localizer`'s language; the call, the path and the system's `strerror` text
    /// stay as they are.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .system(let call, let path, let code):
            localizer.text(.errorFileSystem, call, path, String(cString: strerror(code)))
        case .notRegularFile(let path):
            localizer.text(.errorFileNotRegular, path)
        }
    }

    /// The message in English (`message(_:)` gives it in either language).
    public var description: String { message(Localizer(.en)) }

    /// The errno of the failure (`EINVAL` for a file that is not a regular file).
    public var errnoValue: Int32 {
        switch self {
        case .system(_, _, let e): e
        case .notRegularFile: EINVAL
        }
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

    /// Reads a whole regular file.
    ///
    /// Opened with `O_NONBLOCK` and checked with `fstat` before the first read, so a FIFO (or a
    /// device, a socket) put where a file is expected is refused at once instead of waiting for a
    /// writer forever; the descriptor is switched back to blocking for the read.
    /// - Throws: `FileError` (`.system` with ENOENT when missing, EFBIG above `limit` bytes;
    ///   `.notRegularFile` for anything but a regular file).
    public static func readFile(_ path: String, limit: Int = 64 << 20) throws -> [UInt8] {
        let fd = try retrying("open", path: path) { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        defer { close(fd) }
        var info = stat()
        _ = try retrying("fstat", path: path) { fstat(fd, &info) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw FileError.notRegularFile(path: path) }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
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

extension FileError: ReportableError {
    public var exitCode: ExitCode { .ioError }
}
