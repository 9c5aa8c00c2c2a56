/// A widget spec file that cannot be used (exit 65): names the file, the key and the bad value.
public struct WidgetSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Path of the spec file.
    public var file: String
    /// The offending key; nil for file-level errors (not JSON, not an object).
    public var key: String?
    /// What was wrong and what is accepted.
    public var reason: String

    /// An error in `file` at `key` (nil for the whole file) with `reason`.
    public init(file: String, key: String?, reason: String) {
        self.file = file; self.key = key; self.reason = reason
    }

    /// `widgets/desk.json: key "family": "huge" is not accepted (accepted: small, medium, large)`.
    public var description: String {
        if let key { return "\(file): key \"\(key)\": \(reason)" }
        return "\(file): \(reason)"
    }
}
