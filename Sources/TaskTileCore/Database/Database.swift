internal import CSQLite
import Foundation

/// One SQLite connection (owns the `sqlite3*` handle; closed in `deinit` or by `close()`).
///
/// Opening follows docs/store.md "Connections" and GRDB's open sequence: `sqlite3_open_v2` (handle closed even when
/// opening fails) → extended result codes → busy timeout → read `sqlite_master` so a non-database
/// file fails at once → then the caller's configuration (`configureForWAL`). Not thread-safe: use one
/// connection per thread.
///
/// The connection knows its live statements (weakly) so that `close()` can name the ones still
/// open, and keeps a small cache of prepared statements (`cachedStatement(_:)`) for SQL it runs
/// again and again (opening the store, `status`).
public final class Database {
    private var handle: OpaquePointer?
    /// Path of the database file.
    public let path: String
    /// Prepared statements by SQL (`cachedStatement(_:)`), finalized by `close()`.
    private var statementCache: [String: Statement] = [:]
    /// Every statement of this connection not yet finalized, held weakly.
    private var liveStatements: [ObjectIdentifier: WeakStatement] = [:]

    /// The most statements `cachedStatement(_:)` keeps; past it the cache starts again empty.
    public static let statementCacheLimit = 64

    /// Sets how long a statement waits for another connection's lock, seconds (0: never waits,
    /// `SQLITE_BUSY` at once; https://www.sqlite.org/c3ref/busy_timeout.html).
    public func setBusyTimeout(_ seconds: Double) {
        sqlite3_busy_timeout(handle, Int32(seconds * 1000))
    }

    /// Opens (and with `create`, creates) the database at `path`.
    /// - Parameter busyTimeout: how long a statement waits for another connection's lock, seconds.
    /// - Throws: `DatabaseError` (`isNotADatabase` for a foreign file; `isAccessProblem` when it cannot be opened).
    /// - Parameter immutable: open read-only with the URI parameter `immutable=1`
    ///   (https://www.sqlite.org/uri.html#uriimmutable): SQLite neither locks nor reads `-wal`/`-shm`,
    ///   so a store on read-only media (or a full disk) can be read where no `-shm` can be created.
    ///   Only valid when nothing can write the file meanwhile (`Store.open` decides).
    public init(path: String, create: Bool, readOnly: Bool = false, immutable: Bool = false, busyTimeout: Double = 5) throws {
        self.path = path
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= readOnly || immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly && !immutable { flags |= SQLITE_OPEN_CREATE }
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_URI
            var allowed = CharacterSet.urlPathAllowed
            allowed.remove(charactersIn: "?#%")
            name = "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
        }
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close(db)
            throw DatabaseError(resultCode: ResultCode(rawValue: rc), extendedResultCode: ResultCode(rawValue: rc), message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Int32(busyTimeout * 1000))
        keepWALBetweenConnections()
        do {
            // Touch the schema: a foreign or corrupt file fails here, before anything is written.
            try execute("SELECT count(*) FROM sqlite_master")
        } catch {
            try? close()
            throw error
        }
    }

    deinit {
        guard let handle else { return }
        statementCache.removeAll()
        truncateLongWAL(handle)
        // Statements that outlive their connection are finalized here; using one later is a
        // programmer error (`Statement` says so). Then nothing holds the handle and it closes.
        for box in liveStatements.values { box.statement?.invalidate() }
        liveStatements.removeAll()
        if sqlite3_close(handle) != SQLITE_OK { sqlite3_close_v2(handle) } // a deinit must free it
    }

    /// Closes the connection (`sqlite3_close`, https://www.sqlite.org/c3ref/close.html) after
    /// finalizing the cached statements. Using the connection afterwards is a programmer error;
    /// closing twice is harmless.
    /// - Throws: `DatabaseError` `SQLITE_BUSY` when statements prepared on this connection are still
    ///   alive (someone holds them), naming each one's SQL. The connection then stays open: release
    ///   them and call `close()` again (`deinit` finalizes them and closes regardless).
    public func close() throws {
        guard let handle else { return }
        statementCache.removeAll()
        truncateLongWAL(handle)
        let rc = sqlite3_close(handle)
        if rc == SQLITE_OK {
            self.handle = nil
            liveStatements.removeAll()
            return
        }
        var open = liveStatements.values.compactMap { $0.statement?.sql }.sorted()
        if open.isEmpty { // not one of ours (e.g. an unfinished backup): ask SQLite
            var stmt = sqlite3_next_stmt(handle, nil)
            while let s = stmt { open.append(sqlite3_sql(s).map { String(cString: $0) } ?? "?"); stmt = sqlite3_next_stmt(handle, s) }
        }
        let list = open.map { "\"\($0)\"" }.joined(separator: ", ")
        throw DatabaseError(resultCode: ResultCode(rawValue: rc), extendedResultCode: ResultCode(rawValue: sqlite3_extended_errcode(handle)),
                            message: "cannot close the connection: \(open.count) statement(s) not finalized: \(list)",
                            sql: open.first)
    }

    /// SQL of the statements of this connection that are not finalized yet (the cached ones
    /// included), sorted; for tests and diagnostics.
    public var liveStatementSQL: [String] { liveStatements.values.compactMap { $0.statement?.sql }.sorted() }

    func register(_ statement: Statement) { liveStatements[ObjectIdentifier(statement)] = WeakStatement(statement: statement) }
    func unregister(_ statement: Statement) { liveStatements[ObjectIdentifier(statement)] = nil }

    var rawHandle: OpaquePointer {
        guard let handle else { preconditionFailure("database connection used after close()") }
        return handle
    }

    /// Switches to WAL and sets `synchronous=FULL` and `foreign_keys=ON` (docs/store.md "Connections").
    /// - Throws: `DatabaseError` when the journal mode does not become `wal` (e.g. a read-only directory).
    public func configureForWAL() throws {
        let mode = try scalarText("PRAGMA journal_mode=WAL")
        guard mode?.lowercased() == "wal" else {
            throw DatabaseError(resultCode: .SQLITE_CANTOPEN, message: "could not switch the store to WAL mode (journal_mode is \(mode ?? "unknown"))")
        }
        try execute("PRAGMA synchronous=FULL")
        try execute("PRAGMA foreign_keys=ON")
    }

    /// One `fdatasync` per commit, as `synchronous=FULL` in WAL needs (https://www.sqlite.org/wal.html
    /// "Performance Considerations"), instead of five: by default the last connection to close
    /// checkpoints and deletes the `-wal` file, so every short-lived `tasktile` process paid for a
    /// checkpoint (two syncs) on close and for creating the WAL again (a sync of the WAL header and
    /// one of the directory) on its first write. `SQLITE_FCNTL_PERSIST_WAL` keeps the file,
    /// `SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE` leaves checkpoints to `wal_autocheckpoint` (1000 pages,
    /// run by whichever commit crosses it), and `journal_size_limit` (4 MiB) truncates the kept
    /// file after a checkpoint so it does not stay at its largest size. Durability is unchanged: a
    /// committed transaction is in the synced WAL either way. Set at open, before anything is
    /// read, so that a connection that is refused (a newer or foreign store) and closed again
    /// neither checkpoints into the main file nor deletes the `-wal` file it found.
    private func keepWALBetweenConnections() {
        var persist: Int32 = 1
        _ = sqlite3_file_control(rawHandle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
        _ = tasktile_sqlite3_db_config_int(rawHandle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1)
        _ = sqlite3_exec(rawHandle, "PRAGMA journal_size_limit=4194304", nil, nil, nil)
    }

    /// The `-wal` size in bytes above which a connection that wrote checkpoints and truncates it
    /// when it closes: 1 MiB, about 250 frames of 4 KiB pages.
    static let walTruncateBytes = 1 << 20

    /// Before closing: when this connection changed rows and the kept `-wal` file has grown past
    /// `walTruncateBytes`, `PRAGMA wal_checkpoint(TRUNCATE)` (https://www.sqlite.org/pragma.html#pragma_wal_checkpoint),
    /// without waiting for readers (busy timeout 0: a reader in the middle of a snapshot just leaves
    /// it for the next writer). The next process to open the store is usually its only connection and
    /// then rebuilds the WAL index by reading every valid frame (https://www.sqlite.org/walformat.html
    /// "Recovery"): with the WAL kept between connections (`keepWALBetweenConnections`), a 6 MiB WAL
    /// left by an import cost every later `status` poll ~1,500 reads. Costs the writer
    /// that crosses the size one checkpoint (a sync of the main file) every ~250 frames.
    private func truncateLongWAL(_ handle: OpaquePointer) {
        guard sqlite3_total_changes64(handle) > 0, sqlite3_db_readonly(handle, "main") == 0 else { return }
        var info = stat()
        guard stat(path + "-wal", &info) == 0, Int(info.st_size) > Database.walTruncateBytes else { return }
        sqlite3_busy_timeout(handle, 0)
        _ = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil) // SQLITE_BUSY: left for the next writer
    }

    /// Runs one or more statements without parameters or results.
    /// - Throws: `DatabaseError`.
    public func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(rawHandle, sql, nil, nil, &error)
        if rc != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(error)
            throw DatabaseError(resultCode: ResultCode(rawValue: rc), extendedResultCode: ResultCode(rawValue: sqlite3_extended_errcode(rawHandle)),
                                message: message, sql: sql)
        }
    }

    /// How many statements this connection has prepared (`sqlite3_prepare_v2` calls that
    /// succeeded, cached or not), for tests and diagnostics: work that prepares once per row
    /// instead of once per run shows up here as a count that grows with the rows.
    public private(set) var preparedStatementCount = 0

    /// Prepares a statement (a new one each call; see `cachedStatement(_:)` for SQL run often).
    /// - Throws: `DatabaseError` for SQL that SQLite refuses (syntax, an unknown table, …).
    public func prepare(_ sql: String) throws -> Statement {
        let statement = try Statement(database: self, sql: sql)
        preparedStatementCount += 1
        return statement
    }

    /// The prepared statement for `sql` from this connection's cache, prepared on first use and
    /// returned again on later calls **reset and cleared of bindings**; the cache holds at most
    /// `statementCacheLimit` statements and is emptied by `close()`.
    ///
    /// For SQL that runs on every store open and every `status` call. A cached statement is shared:
    /// finish with it (e.g. `rows(_:)`, which reads every row and resets) before something else
    /// can ask for the same SQL. SQLite re-prepares it by itself after a schema change.
    /// - Throws: `DatabaseError` when the SQL cannot be prepared (nothing is cached then).
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            statement.reset()
            statement.clearBindings()
            return statement
        }
        let statement = try prepare(sql)
        if statementCache.count >= Database.statementCacheLimit { statementCache.removeAll() }
        statementCache[sql] = statement
        return statement
    }

    /// Runs a statement with bound parameters and no result rows; returns the number of changed rows.
    /// - Throws: `DatabaseError`.
    @discardableResult
    public func run(_ sql: String, _ arguments: [SQLValue] = []) throws -> Int {
        try prepare(sql).run(arguments)
        return Int(sqlite3_changes(rawHandle))
    }

    /// Every row of a query. - Throws: `DatabaseError`.
    public func rows(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        try prepare(sql).rows(arguments)
    }

    /// The first column of the first row as text, or nil. - Throws: `DatabaseError`.
    public func scalarText(_ sql: String, _ arguments: [SQLValue] = []) throws -> String? {
        try rows(sql, arguments).first?.text(0)
    }

    /// The first column of the first row as an integer, or nil. - Throws: `DatabaseError`.
    public func scalarInt(_ sql: String, _ arguments: [SQLValue] = []) throws -> Int? {
        try rows(sql, arguments).first?.int(0)
    }

    /// `PRAGMA data_version`: changes when *another* connection commits (https://www.sqlite.org/pragma.html#pragma_data_version).
    /// Asked on every watch tick, so through the statement cache.
    /// - Throws: `DatabaseError`.
    public func dataVersion() throws -> Int {
        try cachedStatement("PRAGMA data_version").rows().first?.int(0) ?? 0
    }

    /// Number of rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(rawHandle)) }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; rolls back when it throws.
    /// docs/store.md "Transactions": every write is one immediate transaction that re-reads what it changes.
    public func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN IMMEDIATE", body)
    }

    /// Runs `body` inside one read transaction (one consistent snapshot; docs/store.md "Transactions").
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
}

/// A weak reference to a statement, for `Database`'s table of live statements.
private struct WeakStatement {
    weak var statement: Statement?
}
