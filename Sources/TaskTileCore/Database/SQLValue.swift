/// A value bound to or read from SQLite.
public enum SQLValue: Hashable, Sendable {
    /// SQL NULL.
    case null
    /// An INTEGER (64-bit).
    case int(Int)
    /// A REAL; instants are stored as seconds since 1970 (UTC).
    case double(Double)
    /// TEXT, UTF-8.
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
