import Foundation
import Synchronization
import TaskTileCore

/// Fixtures for status-bar and intent tests: adversarial titles, a fresh data directory per test,
/// the repository root and the built binaries, and a way to run a real process.
public enum StatusFixtures {
    /// Titles that break a naive status bar (docs/status-bars.md "Formats"), in the order tests add them.
    public static let adversarialTitles: [String] = [
        "Fish & Chips",               // Pango: a raw & blanks a waybar label
        "<b>bold</b>",                // Pango markup
        "%{F#f00}red%{F-}",           // polybar formatting tags
        "a | b",                      // xbar parameter separator
        ":smile:",                    // xbar/SwiftBar emoji codes
        "line\\nbreak",               // a literal backslash-n (two characters): Argos unescapes it
        "Party 🎉\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", // emoji, including a ZWJ family (one grapheme cluster)
        "شراء الحليب",                // Arabic, right-to-left
        "--sub",                      // xbar: a leading -- makes a submenu line
        longTitle,
    ]

    /// A 500-character title of multi-byte characters (€ is 3 bytes in UTF-8), so a byte-wise cut
    /// would split a character.
    public static let longTitle = String(repeating: "€", count: 499) + "!"

    /// The fixed "now" of status tests: 2027-01-05T09:00:00+09:00 (a Tuesday).
    public static let now = Date(timeIntervalSince1970: 1_799_107_200)
    /// The user's zone in status tests.
    public static let zone = TimeZone(identifier: "Asia/Tokyo")!
    /// The environment that fixes "now" and the zone for a CLI run, plus the data directory.
    public static func environment(_ directory: DataDirectory) -> [String: String] {
        ["TASKTILE_NOW": "2027-01-05T09:00:00+09:00", "TZ": "Asia/Tokyo", "TASKTILE_DATA_DIR": directory.path,
         "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
    }

    /// A new empty directory under the system temp directory, e.g. `/tmp/tasktile-status-1A2B…`.
    public static func temporaryDirectory(_ label: String = "status") -> String {
        let path = NSTemporaryDirectory() + "tasktile-\(label)-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A fresh data directory (not yet created: the store creates it) for one test.
    public static func dataDirectory(_ label: String = "status") -> DataDirectory {
        DataDirectory(path: temporaryDirectory(label) + "/data")
    }

    /// Opens (creating) the store in `directory` at the fixed "now".
    public static func open(_ directory: DataDirectory) throws -> Store {
        try Store.open(directory, clock: Clock(now: now, timeZone: zone))
    }

    /// The repository root, found from this file's path (`<root>/Tests/TestSupport/StatusFixtures.swift`).
    public static func repositoryRoot() -> String {
        var url = URL(fileURLWithPath: #filePath) // this file, not the caller's (no default argument)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }

    /// `<root>/.build/debug/<name>` when it exists and is executable (built by `swift build`), else nil.
    public static func builtBinary(_ name: String = "tasktile") -> String? {
        let path = repositoryRoot() + "/.build/debug/" + name
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// What a finished process printed and how it ended.
    public struct ProcessResult: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `executable` with `arguments` and exactly `environment`, waits, and returns its output.
    /// - Throws: when the process cannot be started.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting, so a large output cannot fill a pipe and stall the child.
        let errData = LockedData()
        let errThread = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        errThread.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.isSet { usleep(1000) }
        return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData.value, as: UTF8.self))
    }

    /// Data handed from a reader thread.
    final class LockedData: Sendable {
        private let data = Mutex<Data?>(nil)
        func set(_ d: Data) { data.withLock { $0 = d } }
        var isSet: Bool { data.withLock { $0 != nil } }
        var value: Data { data.withLock { $0 ?? Data() } }
    }
}
