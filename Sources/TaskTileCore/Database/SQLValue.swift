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
