internal import CSQLite

/// An SQLite failure: result code, extended result code, SQLite's message and the SQL (never bound
/// values). See https://www.sqlite.org/rescode.html.
public struct DatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Primary result code (`.SQLITE_BUSY`, `.SQLITE_NOTADB`, …).
    public var resultCode: ResultCode
    /// Extended result code (`.SQLITE_BUSY_SNAPSHOT`, …); the primary code when there is none.
    public var extendedResultCode: ResultCode
    /// SQLite's message (or ours, for failures found before SQLite is called).
    public var message: String
    /// The statement that failed, if any.
    public var sql: String?

    /// An error with `resultCode` (reduced to its primary code) and, when known, the extended code.
    public init(resultCode: ResultCode, extendedResultCode: ResultCode? = nil, message: String, sql: String? = nil) {
        self.resultCode = resultCode.primary
        self.extendedResultCode = extendedResultCode ?? resultCode
        self.message = message
        self.sql = sql
    }

    /// The last error of `connection` after a call returned `rc`.
    init(connection: OpaquePointer, rc: Int32, sql: String?) {
        self.init(resultCode: ResultCode(rawValue: rc), extendedResultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)),
                  message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }

    /// SQLite's generic text for the result code (`sqlite3_errstr`: "constraint failed", "database
    /// or disk is full"): never the statement, never a bound value, never a constraint's SQL text —
    /// what a user may be shown.
    public var codeText: String { String(cString: sqlite3_errstr(extendedResultCode.rawValue)) }

    /// The database was locked by another connection past the busy timeout.
    public var isBusy: Bool { resultCode == .SQLITE_BUSY || resultCode == .SQLITE_LOCKED }
    /// The file is not an SQLite database (or is encrypted/corrupt at the header).
    public var isNotADatabase: Bool { resultCode == .SQLITE_NOTADB || resultCode == .SQLITE_CORRUPT }
    /// The file or directory cannot be written or opened.
    public var isAccessProblem: Bool {
        resultCode == .SQLITE_READONLY || resultCode == .SQLITE_CANTOPEN || resultCode == .SQLITE_PERM
            || resultCode == .SQLITE_IOERR || resultCode == .SQLITE_FULL
    }

    /// `SQLite error <extended code>: <message>`, then the SQL when there is one.
    public var description: String {
        var s = "SQLite error \(extendedResultCode): \(message)"
        if let sql { s += " (while running: \(sql))" }
        return s
    }
}
