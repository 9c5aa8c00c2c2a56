import Foundation
import TaskTileCore

/// A fresh directory under the system temp dir, removed when the value is deinitialised.
/// Every test gets its own, so tests run in parallel without sharing files.
public final class TemporaryDirectory: Sendable {
    /// Absolute path, no trailing slash.
    public let path: String

    public init(_ label: String = "test") {
        let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array("\(base)tasktile-\(label)-XXXXXX".utf8CString)
        let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(p != nil, "mkdtemp failed")
        path = String(cString: p!)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A data directory inside this temp dir (not yet created).
    public var dataDirectory: DataDirectory { DataDirectory(path: path + "/data") }

    /// `path/name`.
    public func file(_ name: String) -> String { path + "/" + name }
}

/// A fixed clock for tests: 2027-01-05T09:00:00 in `zone` unless told otherwise.
public func testClock(_ iso: String = "2027-01-05T09:00:00", zone: String = "Europe/Berlin") -> Clock {
    let tz = TimeZone(identifier: zone)!
    return Clock(now: Clock.parseInstant(iso, zone: tz)!, timeZone: tz)
}

/// Bytes of a file, or nil when it does not exist.
public func fileBytes(_ path: String) -> [UInt8]? {
    try? Posix.readFile(path)
}

/// Bytes of the store file and its `-wal`, for "nothing changed" assertions.
public func storeFingerprint(_ dir: DataDirectory) -> [[UInt8]?] {
    [fileBytes(dir.storePath), fileBytes(dir.storePath + "-wal")]
}
