internal import CSQLite

/// An SQLite result code, primary or extended, named after SQLite's own constants so code reads
/// `error.resultCode == .SQLITE_READONLY` instead of `== 8` (after GRDB's `ResultCode`).
///
/// Primary codes are the low 8 bits of an extended code (`SQLITE_BUSY_SNAPSHOT` = 517 is
/// `SQLITE_BUSY` = 5 with more detail). See https://www.sqlite.org/rescode.html.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as SQLite returns it.
    public var rawValue: Int32

    /// A code as SQLite returns it.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code of this (possibly extended) code: its low 8 bits.
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// The number, as SQLite documents it (`5`, `517`).
    public var description: String { String(rawValue) }

    /// Successful result.
    public static let SQLITE_OK = ResultCode(rawValue: CSQLite.SQLITE_OK)
    /// Generic error.
    public static let SQLITE_ERROR = ResultCode(rawValue: CSQLite.SQLITE_ERROR)
    /// Access permission denied.
    public static let SQLITE_PERM = ResultCode(rawValue: CSQLite.SQLITE_PERM)
    /// The database file is locked (by another connection, past the busy timeout).
    public static let SQLITE_BUSY = ResultCode(rawValue: CSQLite.SQLITE_BUSY)
    /// A table in the database is locked (by this connection's shared cache).
    public static let SQLITE_LOCKED = ResultCode(rawValue: CSQLite.SQLITE_LOCKED)
    /// An attempt to write a read-only database (file, directory or connection).
    public static let SQLITE_READONLY = ResultCode(rawValue: CSQLite.SQLITE_READONLY)
    /// A disk I/O error.
    public static let SQLITE_IOERR = ResultCode(rawValue: CSQLite.SQLITE_IOERR)
    /// The database disk image is malformed.
    public static let SQLITE_CORRUPT = ResultCode(rawValue: CSQLite.SQLITE_CORRUPT)
    /// The disk is full.
    public static let SQLITE_FULL = ResultCode(rawValue: CSQLite.SQLITE_FULL)
    /// The database file cannot be opened.
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: CSQLite.SQLITE_CANTOPEN)
    /// A constraint (NOT NULL, UNIQUE, FOREIGN KEY, CHECK) failed.
    public static let SQLITE_CONSTRAINT = ResultCode(rawValue: CSQLite.SQLITE_CONSTRAINT)
    /// The library was used incorrectly.
    public static let SQLITE_MISUSE = ResultCode(rawValue: CSQLite.SQLITE_MISUSE)
    /// The file is not a database.
    public static let SQLITE_NOTADB = ResultCode(rawValue: CSQLite.SQLITE_NOTADB)
    /// `sqlite3_step` has another row ready.
    public static let SQLITE_ROW = ResultCode(rawValue: CSQLite.SQLITE_ROW)
    /// `sqlite3_step` has finished executing.
    public static let SQLITE_DONE = ResultCode(rawValue: CSQLite.SQLITE_DONE)
    /// Extended `SQLITE_BUSY`: a read transaction's snapshot is too old to be upgraded to a write.
    public static let SQLITE_BUSY_SNAPSHOT = ResultCode(rawValue: CSQLite.SQLITE_BUSY | (2 << 8)) // a macro Swift cannot import
}
