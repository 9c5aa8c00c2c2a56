internal import CSQLite

/// A prepared statement (owns its `sqlite3_stmt*`, finalized in `deinit`).
///
/// Belongs to the thread of its `Database` (see `Statement: Sendable` below). It holds its
/// connection weakly: when the `Database` goes away first, it finalizes every statement still alive,
/// and using one afterwards is a programmer error.
public final class Statement {
    private var handle: OpaquePointer?
    private weak var database: Database?
    /// The SQL it was prepared from.
    public let sql: String
    /// Result column names and their index table, built on first use.
    private var columns: RowColumns?

    init(database: Database, sql: String) throws {
        self.sql = sql
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(database.rawHandle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            sqlite3_finalize(stmt)
            throw DatabaseError(connection: database.rawHandle, rc: rc, sql: sql)
        }
        handle = stmt
        self.database = database
        database.register(self)
    }

    deinit {
        if let handle { sqlite3_finalize(handle) }
        database?.unregister(self)
    }

    /// Finalizes now; called by the `Database` when it goes away before this statement.
    func invalidate() {
        if let handle { sqlite3_finalize(handle) }
        handle = nil
    }

    private var stmt: OpaquePointer {
        guard let handle else { preconditionFailure("statement used after its database connection was closed: \(sql)") }
        return handle
    }

    /// How many parameters the SQL has (`sqlite3_bind_parameter_count`: the largest `?NNN` index).
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(stmt)) }

    /// Resets, clears the old bindings and binds `values` to parameters 1…n; text is bound
    /// transient (SQLite copies it).
    ///
    /// Giving more or fewer values than the SQL has parameters is a programmer error: a precondition
    /// failure naming the SQL and both counts (SQLite would silently leave the rest NULL, or refuse
    /// the extra ones with `SQLITE_RANGE`). The SQL is always ours, never a user's or a file's.
    /// - Throws: `DatabaseError` when SQLite refuses a value (e.g. `SQLITE_TOOBIG`).
    public func bind(_ values: [SQLValue]) throws {
        let stmt = stmt
        let expected = Int(sqlite3_bind_parameter_count(stmt))
        precondition(values.count == expected,
                     "\(values.count) value(s) given for \(expected) parameter(s) of: \(sql)")
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(stmt, index)
            case .int(let v): rc = sqlite3_bind_int64(stmt, index, Int64(v))
            case .double(let v): rc = sqlite3_bind_double(stmt, index, v)
            case .text(let s): rc = sqlite3_bind_text(stmt, index, s, -1, transient)
            }
            guard rc == SQLITE_OK else { throw error(rc) }
        }
    }

    /// Rewinds to before the first row (`sqlite3_reset`), keeping the bindings.
    public func reset() { sqlite3_reset(stmt) }

    /// Sets every parameter back to NULL (`sqlite3_clear_bindings`).
    public func clearBindings() { sqlite3_clear_bindings(stmt) }

    /// Advances; true when a row is available.
    /// - Throws: `DatabaseError` (`SQLITE_BUSY` past the busy timeout, a constraint, …).
    public func step() throws -> Bool {
        let rc = sqlite3_step(stmt)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw error(rc)
        }
    }

    /// Binds `arguments`, returns every row, and resets, so the statement holds no read lock after.
    /// - Throws: `DatabaseError`.
    public func rows(_ arguments: [SQLValue] = []) throws -> [Row] {
        try bind(arguments)
        defer { sqlite3_reset(stmt) }
        var result: [Row] = []
        while try step() { result.append(row()) }
        return result
    }

    /// Binds `arguments` and runs to completion, ignoring any rows; then resets.
    /// - Throws: `DatabaseError`.
    public func run(_ arguments: [SQLValue] = []) throws {
        try bind(arguments)
        defer { sqlite3_reset(stmt) }
        while try step() {}
    }

    /// The current row's values, with the statement's column names.
    func row() -> Row {
        let stmt = stmt
        let count = sqlite3_column_count(stmt)
        if columns == nil {
            columns = RowColumns(names: (0..<count).map { sqlite3_column_name(stmt, $0).map { String(cString: $0) } ?? "" }, sql: sql)
        }
        var values: [SQLValue] = []
        values.reserveCapacity(Int(count))
        for i in 0..<count {
            switch sqlite3_column_type(stmt, i) {
            case SQLITE_INTEGER: values.append(.int(Int(sqlite3_column_int64(stmt, i))))
            case SQLITE_FLOAT: values.append(.double(sqlite3_column_double(stmt, i)))
            case SQLITE_NULL: values.append(.null)
            default:
                if let text = sqlite3_column_text(stmt, i) {
                    values.append(.text(String(cString: text)))
                } else {
                    values.append(.null)
                }
            }
        }
        return Row(values: values, columns: columns!)
    }

    private func error(_ rc: Int32) -> DatabaseError {
        DatabaseError(connection: sqlite3_db_handle(stmt), rc: rc, sql: sql)
    }
}

/// A statement belongs to its connection's thread: SQLite connections here are opened
/// `SQLITE_OPEN_NOMUTEX`, and a statement's bindings and cursor are mutable state.
@available(*, unavailable)
extension Statement: Sendable {}
