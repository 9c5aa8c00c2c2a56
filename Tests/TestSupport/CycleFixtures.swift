import Foundation
import TaskTileCore

/// Fixtures for tests of repeating todos (cycles, catch-up): a fresh data directory per test, a
/// store at a fixed "now", and a second raw connection to watch the store from outside.
public enum CycleFixtures {
    /// A new empty directory under the system temp directory, e.g. `/tmp/tasktile-cycles-1A2B…`.
    public static func temporaryDirectory(_ label: String = "cycles") -> String {
        let path = NSTemporaryDirectory() + "tasktile-\(label)-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A fresh data directory (inside a new temp directory) for one test.
    public static func dataDirectory(_ label: String = "cycles") -> DataDirectory {
        DataDirectory(path: temporaryDirectory(label) + "/data")
    }

    /// The instant of ISO 8601 text with an offset, e.g. `2027-01-05T10:00:00+01:00`; traps on a typo.
    public static func instant(_ text: String) -> Date {
        guard let d = Clock.parseInstant(text, zone: TimeZone(identifier: "UTC")!) else {
            preconditionFailure("bad test instant \(text)")
        }
        return d
    }

    /// An IANA zone that must exist on the test machine.
    public static func zone(_ id: String) -> TimeZone {
        guard let z = TimeZone(identifier: id) else { preconditionFailure("unknown zone \(id)") }
        return z
    }

    /// Opens (creating) the store in `directory` with "now" = `now` and the user's zone `zone`.
    /// Opening runs catch-up, as in every process.
    public static func open(_ directory: DataDirectory, now: Date, zone: TimeZone) throws -> Store {
        try Store.open(directory, clock: Clock(now: now, timeZone: zone))
    }

    /// A raw second connection to the store file, for watching `PRAGMA data_version` and rows
    /// from outside the store under test (it keeps the WAL file from being removed on close).
    public static func observer(_ directory: DataDirectory) throws -> Database {
        try Database(path: directory.storePath, create: false)
    }

    /// Every row of every table, as text, read from `database` in one go: compares store contents
    /// independently of how SQLite laid them out in the file and the WAL.
    public static func dump(_ database: Database) throws -> [String] {
        let tables = try dumpedTables(database)
        var lines: [String] = []
        for table in tables {
            for row in try database.rows("SELECT * FROM \"\(table)\" ORDER BY rowid") {
                lines.append(table + ": " + row.values.map { "\($0)" }.joined(separator: " | "))
            }
        }
        return lines
    }

    /// The size of the store's `-wal` file in bytes (0 when it does not exist).
    public static func walSize(_ directory: DataDirectory) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: directory.storePath + "-wal")
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
    }
}

/// The tables whose rows a "nothing changed" dump compares: ordinary tables and virtual tables
/// (an FTS5 table reads back its own content), without the virtual tables' shadow tables, which
/// hold the same content in SQLite's own layout (`PRAGMA table_list`, https://www.sqlite.org/pragma.html#pragma_table_list).
public func dumpedTables(_ database: Database) throws -> [String] {
    try database.rows("""
        SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual')
            AND name NOT LIKE 'sqlite_%' ORDER BY name
        """).compactMap { $0.text(0) }
}
