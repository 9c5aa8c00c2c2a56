import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The data directory shared by `tasktile` and `tasktile-render` (docs/data-directory.md): the store, `themes.json`
/// and the user's widget specs live here.
///
/// Resolution order: `--data-dir DIR`, then `$TASKTILE_DATA_DIR`, then `$XDG_DATA_HOME/tasktile`,
/// then `~/.local/share/tasktile`. Created on first use with mode 0700.
public struct DataDirectory: Hashable, Sendable {
    /// Absolute path, without a trailing slash.
    public let path: String

    public init(path: String) {
        var p = path
        if !p.hasPrefix("/") { p = FileManager.default.currentDirectoryPath + "/" + p }
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        self.path = p
    }

    /// Resolves the directory from an explicit option and the environment (see the type's rules).
    public static func resolve(explicit: String?, environment: [String: String]) -> DataDirectory {
        if let explicit, !explicit.isEmpty { return DataDirectory(path: explicit) }
        if let env = environment["TASKTILE_DATA_DIR"], !env.isEmpty { return DataDirectory(path: env) }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return DataDirectory(path: xdg + "/tasktile") }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return DataDirectory(path: home + "/.local/share/tasktile")
    }

    /// `tasktile.sqlite` inside the directory.
    public var storePath: String { path + "/tasktile.sqlite" }
    /// `widgets/` inside the directory (the user's widget specs).
    public var widgetsPath: String { path + "/widgets" }

    /// Whether `name` (an entry of `widgets/`) is a widget spec: `*.json`, not hidden (editors'
    /// and atomic writes' temp files start with a dot).
    public static func isSpecFileName(_ name: String) -> Bool { name.hasSuffix(".json") && !name.hasPrefix(".") }

    /// The widget spec files: `widgets/*.json` (see `isSpecFileName`), full paths sorted by file
    /// name. A missing `widgets/` directory holds none.
    public var specFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: widgetsPath)) ?? []
        return names.filter(DataDirectory.isSpecFileName).sorted().map { widgetsPath + "/" + $0 }
    }

    /// Whether the directory exists (as a directory, or a symbolic link to one). Reads that never
    /// create it (`status`) tell "no such directory" (an error) from "no store yet" (empty).
    public var exists: Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Refuses, as OpenSSH's StrictModes does for `~/.ssh` (sshd_config(5) `StrictModes`), a data
    /// directory or `widgets/` that group or others can write, or that belongs to another user
    /// (root's own directories are accepted for every user, as sshd accepts them): another local
    /// user who can write there could replace the store, `themes.json` or a widget spec and make
    /// tasktile overwrite the victim's files. Absent directories pass (they are
    /// created 0700). Called by `Store.open`, so every command that reads or writes the store or
    /// renders checks it (docs/data-directory.md "Modes").
    /// - Throws: `StoreError.unsafeDirectory` (the message gives `chmod go-w …`),
    ///   `StoreError.foreignOwner`.
    public func checkStrictModes() throws {
        let me = geteuid()
        for dir in [path, widgetsPath] {
            var info = stat()
            guard stat(dir, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            if info.st_uid != me && info.st_uid != 0 {
                let owner = getpwuid(info.st_uid).map { String(cString: $0.pointee.pw_name) } ?? "uid \(info.st_uid)"
                throw StoreError.foreignOwner(path: dir, owner: owner, uid: me)
            }
            if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
                throw StoreError.unsafeDirectory(path: dir, mode: String(info.st_mode & 0o7777, radix: 8))
            }
        }
    }

    /// Creates the directory (and parents) if missing; the directory itself gets mode 0700.
    /// - Throws: `FileError` when it cannot be created or is not a directory.
    public func ensureExists() throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            guard isDir.boolValue else { throw FileError.system(call: "mkdir", path: path, errno: ENOTDIR) }
            return
        }
        let parent = PathText.directory(of: path)
        if !parent.isEmpty && parent != path && !FileManager.default.fileExists(atPath: parent) {
            try DataDirectory(path: parent).ensureExistsPlain()
        }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw FileError.system(call: "mkdir", path: path, errno: errno)
        }
        _ = chmod(path, 0o700)
    }

    private func ensureExistsPlain() throws {
        let parent = PathText.directory(of: path)
        if !parent.isEmpty && parent != path && !FileManager.default.fileExists(atPath: parent) {
            try DataDirectory(path: parent).ensureExistsPlain()
        }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw FileError.system(call: "mkdir", path: path, errno: errno)
        }
    }
}
