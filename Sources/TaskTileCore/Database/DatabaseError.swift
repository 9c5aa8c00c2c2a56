internal import CSQLite

/// An SQLite failure: result code, extended result code, SQLite's message and the SQL (never bound
/// values). See https://www.sqlite.org/rescode.html.
public struct DatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Primary result code (`SQLITE_BUSY` = 5, `SQLITE_NOTADB` = 26, …).
    public var resultCode: Int32
    /// Extended result code (`SQLITE_BUSY_SNAPSHOT` = 517, …).
    public var extendedResultCode: Int32
    public var message: String
    /// The statement that failed, if any.
    public var sql: String?

    public init(resultCode: Int32, extendedResultCode: Int32? = nil, message: String, sql: String? = nil) {
        self.resultCode = resultCode
        self.extendedResultCode = extendedResultCode ?? resultCode
        self.message = message
        self.sql = sql
    }

    /// The database was locked by another connection past the busy timeout.
    public var isBusy: Bool { resultCode == SQLITE_BUSY || resultCode == SQLITE_LOCKED }
    /// The file is not an SQLite database (or is encrypted/corrupt at the header).
    public var isNotADatabase: Bool { resultCode == SQLITE_NOTADB || resultCode == SQLITE_CORRUPT }
    /// The file or directory cannot be written or opened.
    public var isAccessProblem: Bool {
        resultCode == SQLITE_READONLY || resultCode == SQLITE_CANTOPEN || resultCode == SQLITE_PERM
            || resultCode == SQLITE_IOERR || resultCode == SQLITE_FULL
    }

    public var description: String {
        var s = "SQLite error \(extendedResultCode): \(message)"
        if let sql { s += " (while running: \(sql))" }
        return s
    }
}
