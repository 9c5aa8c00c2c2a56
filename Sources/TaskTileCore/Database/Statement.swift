internal import CSQLite

/// A value bound to or read from SQLite.
public enum SQLValue: Hashable, Sendable {
    case null
    case int(Int)
    case double(Double)
    case text(String)
}

extension SQLValue {
    /// `.text` or `.null`.
    public static func optionalText(_ s: String?) -> SQLValue { s.map(SQLValue.text) ?? .null }
    /// `.int` or `.null`.
    public static func optionalInt(_ i: Int?) -> SQLValue { i.map(SQLValue.int) ?? .null }
    /// `.double` or `.null`.
    public static func optionalDouble(_ d: Double?) -> SQLValue { d.map(SQLValue.double) ?? .null }
}

/// A prepared statement (owns `sqlite3_stmt*`, finalized in `deinit`).
public final class Statement {
    private var handle: OpaquePointer?
    private let database: Database
    public let sql: String

    init(database: Database, sql: String) throws {
        self.database = database
        self.sql = sql
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(database.rawHandle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK else {
            sqlite3_finalize(stmt)
            throw database.lastError(rc, sql: sql)
        }
        handle = stmt
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds parameters 1…n; text is bound transient (SQLite copies it).
    public func bind(_ values: [SQLValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .int(let v): rc = sqlite3_bind_int64(handle, index, Int64(v))
            case .double(let v): rc = sqlite3_bind_double(handle, index, v)
            case .text(let s): rc = sqlite3_bind_text(handle, index, s, -1, transient)
            }
            guard rc == SQLITE_OK else { throw database.lastError(rc, sql: sql) }
        }
    }

    /// Advances; true when a row is available.
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.lastError(rc, sql: sql)
        }
    }

    /// The current row's values.
    func row() -> Row {
        let count = sqlite3_column_count(handle)
        var values: [SQLValue] = []
        values.reserveCapacity(Int(count))
        for i in 0..<count {
            switch sqlite3_column_type(handle, i) {
            case SQLITE_INTEGER: values.append(.int(Int(sqlite3_column_int64(handle, i))))
            case SQLITE_FLOAT: values.append(.double(sqlite3_column_double(handle, i)))
            case SQLITE_NULL: values.append(.null)
            default:
                if let text = sqlite3_column_text(handle, i) {
                    values.append(.text(String(cString: text)))
                } else {
                    values.append(.null)
                }
            }
        }
        return Row(values: values)
    }
}

/// One result row, columns by index.
public struct Row: Sendable {
    public var values: [SQLValue]

    public func text(_ i: Int) -> String? {
        switch values[i] {
        case .text(let s): s
        case .int(let v): String(v)
        case .double(let d): String(d)
        case .null: nil
        }
    }

    public func int(_ i: Int) -> Int? {
        switch values[i] {
        case .int(let v): v
        case .double(let d): Int(d)
        case .text(let s): Int(s)
        case .null: nil
        }
    }

    public func double(_ i: Int) -> Double? {
        switch values[i] {
        case .int(let v): Double(v)
        case .double(let d): d
        case .text(let s): Double(s)
        case .null: nil
        }
    }

    public func bool(_ i: Int) -> Bool { (int(i) ?? 0) != 0 }
}
