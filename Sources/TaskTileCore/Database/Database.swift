internal import CSQLite
import Foundation

/// One SQLite connection (owns the `sqlite3*` handle; closed in `deinit` or by `close()`).
///
/// Opening follows SPEC §0 and GRDB's open sequence: `sqlite3_open_v2` (handle closed even when
/// opening fails) → extended result codes → busy timeout → read `sqlite_master` so a non-database
/// file fails at once → then the caller's configuration (`configureForWAL`). Not thread-safe: use one
/// connection per thread.
public final class Database {
    private var handle: OpaquePointer?
    /// Path of the database file.
    public let path: String

    /// Opens (and with `create`, creates) the database at `path`.
    /// - Parameter busyTimeout: how long a statement waits for another connection's lock, seconds.
    /// - Throws: `DatabaseError` (`isNotADatabase` for a foreign file; `isAccessProblem` when it cannot be opened).
    public init(path: String, create: Bool, readOnly: Bool = false, busyTimeout: Double = 5) throws {
        self.path = path
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(db)
            throw DatabaseError(resultCode: rc & 0xFF, extendedResultCode: rc, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Int32(busyTimeout * 1000))
        do {
            // Touch the schema: a foreign or corrupt file fails here, before anything is written.
            try execute("SELECT count(*) FROM sqlite_master")
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Closes the connection; later calls fail. Safe to call twice.
    public func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    var rawHandle: OpaquePointer {
        guard let handle else { preconditionFailure("database connection used after close()") }
        return handle
    }

    /// Switches to WAL and sets `synchronous=FULL` and `foreign_keys=ON` (SPEC §0).
    /// - Throws: `DatabaseError` when the journal mode does not become `wal` (e.g. a read-only directory).
    public func configureForWAL() throws {
        let mode = try scalarText("PRAGMA journal_mode=WAL")
        guard mode?.lowercased() == "wal" else {
            throw DatabaseError(resultCode: SQLITE_CANTOPEN, message: "could not switch the store to WAL mode (journal_mode is \(mode ?? "unknown"))")
        }
        try execute("PRAGMA synchronous=FULL")
        try execute("PRAGMA foreign_keys=ON")
    }

    /// Runs one or more statements without parameters or results.
    /// - Throws: `DatabaseError`.
    public func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(rawHandle, sql, nil, nil, &error)
        if rc != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(error)
            throw DatabaseError(resultCode: rc & 0xFF, extendedResultCode: sqlite3_extended_errcode(rawHandle), message: message, sql: sql)
        }
    }

    /// Prepares a statement. - Throws: `DatabaseError`.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Runs a statement with bound parameters and no result rows; returns the number of changed rows.
    @discardableResult
    public func run(_ sql: String, _ arguments: [SQLValue] = []) throws -> Int {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        while try statement.step() {}
        return Int(sqlite3_changes(rawHandle))
    }

    /// Every row of a query.
    public func rows(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        var result: [Row] = []
        while try statement.step() { result.append(statement.row()) }
        return result
    }

    /// The first column of the first row as text, or nil.
    public func scalarText(_ sql: String, _ arguments: [SQLValue] = []) throws -> String? {
        try rows(sql, arguments).first?.text(0)
    }

    /// The first column of the first row as an integer, or nil.
    public func scalarInt(_ sql: String, _ arguments: [SQLValue] = []) throws -> Int? {
        try rows(sql, arguments).first?.int(0)
    }

    /// `PRAGMA data_version`: changes when *another* connection commits (https://www.sqlite.org/pragma.html#pragma_data_version).
    public func dataVersion() throws -> Int {
        try scalarInt("PRAGMA data_version") ?? 0
    }

    /// Number of rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(rawHandle)) }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; rolls back when it throws.
    /// SPEC §0: every write is one immediate transaction that re-reads what it changes.
    public func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN IMMEDIATE", body)
    }

    /// Runs `body` inside one read transaction (one consistent snapshot; SPEC §0).
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN DEFERRED", body)
    }

    private func transaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    func lastError(_ rc: Int32, sql: String?) -> DatabaseError {
        DatabaseError(resultCode: rc & 0xFF, extendedResultCode: sqlite3_extended_errcode(rawHandle),
                      message: String(cString: sqlite3_errmsg(rawHandle)), sql: sql)
    }
}
