import Synchronization

/// Positions of a fixed set of columns (`Store`'s todo columns), found once per statement from its
/// name → index table instead of once per row; nil when the statement does not return them all.
/// The database layer only keeps the value (`RowColumns.layout(_:)`): what the columns are is the
/// reader's business.
protocol ColumnLayout: Sendable {
    init?(_ indexes: [String: Int])
}

/// The result columns of one statement: their names and a name → index table, built once per
/// statement and shared by every row it returns.
final class RowColumns: Sendable {
    /// Column names in result order (`sqlite3_column_name`: the `AS` alias, else the column's name).
    let names: [String]
    /// Index of each name; for a name used twice, the leftmost column (as GRDB does).
    let indexes: [String: Int]
    /// The statement's SQL, for the message when a name is not among the columns.
    let sql: String

    /// The one `ColumnLayout` asked for so far and its value (nil: not every column is there), so
    /// that `Store.todo(from:)` reads each row by index instead of hashing 20 names per row.
    private let layoutCache = Mutex<(type: ObjectIdentifier, value: (any Sendable)?)?>(nil)

    init(names: [String], sql: String) {
        self.names = names
        self.sql = sql
        var indexes: [String: Int] = [:]
        for (i, name) in names.enumerated() where indexes[name] == nil { indexes[name] = i }
        self.indexes = indexes
    }

    /// `L`'s positions in these columns, computed on the first call and kept.
    func layout<L: ColumnLayout>(_: L.Type) -> L? {
        layoutCache.withLock { cache in
            if let cache, cache.type == ObjectIdentifier(L.self) { return cache.value as? L }
            let value = L(indexes)
            cache = (ObjectIdentifier(L.self), value)
            return value
        }
    }
}

/// One result row. Columns are read by index (`row.text(0)`) or, where positions are fragile (a
/// long column list, a join), by name (`row.text("title")`, `row["due_local"]`), through a name
/// table built once per statement.
///
/// Reading a name the statement does not return is a programmer error (a precondition failure
/// naming the column and the SQL), like an index out of range.
public struct Row: Sendable {
    /// The values in column order.
    public var values: [SQLValue]
    let columns: RowColumns

    init(values: [SQLValue], columns: RowColumns) {
        self.values = values
        self.columns = columns
    }

    /// Column names in result order.
    public var columnNames: [String] { columns.names }

    /// The index of column `name` (the leftmost when two have that name).
    func index(of name: String) -> Int {
        guard let i = columns.indexes[name] else {
            preconditionFailure("no column \"\(name)\" among \(columns.names) of: \(columns.sql)")
        }
        return i
    }

    /// The value of column `name`.
    public subscript(_ name: String) -> SQLValue { values[index(of: name)] }

    /// Column `i` as text (numbers in their decimal form); nil for NULL.
    public func text(_ i: Int) -> String? {
        switch values[i] {
        case .text(let s): s
        case .int(let v): String(v)
        case .double(let d): String(d)
        case .null: nil
        }
    }

    /// Column `i` as an integer (a real truncated, text parsed); nil for NULL or text that is not a number.
    public func int(_ i: Int) -> Int? {
        switch values[i] {
        case .int(let v): v
        case .double(let d): Int(d)
        case .text(let s): Int(s)
        case .null: nil
        }
    }

    /// Column `i` as a real; nil for NULL or text that is not a number.
    public func double(_ i: Int) -> Double? {
        switch values[i] {
        case .int(let v): Double(v)
        case .double(let d): d
        case .text(let s): Double(s)
        case .null: nil
        }
    }

    /// Column `i` as a flag: non-zero is true, NULL is false.
    public func bool(_ i: Int) -> Bool { (int(i) ?? 0) != 0 }

    /// Column `name` as text; see `text(_:)` with an index.
    public func text(_ name: String) -> String? { text(index(of: name)) }
    /// Column `name` as an integer; see `int(_:)` with an index.
    public func int(_ name: String) -> Int? { int(index(of: name)) }
    /// Column `name` as a real; see `double(_:)` with an index.
    public func double(_ name: String) -> Double? { double(index(of: name)) }
    /// Column `name` as a flag; see `bool(_:)` with an index.
    public func bool(_ name: String) -> Bool { bool(index(of: name)) }
}
