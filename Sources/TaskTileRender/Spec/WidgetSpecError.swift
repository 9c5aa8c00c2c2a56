import TaskTileCore

/// A widget spec file that cannot be used (exit 65): names the file, the key and the bad value.
public struct WidgetSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Path of the spec file.
    public var file: String
    /// The offending key; nil for file-level errors (not JSON, not an object).
    public var key: String?
    /// What was wrong and what is accepted, in either language.
    public var reason: Phrase

    /// An error in `file` at `key` (nil for the whole file) with `reason`.
    public init(file: String, key: String?, reason: Phrase) {
        self.file = file; self.key = key; self.reason = reason
    }

    /// `widgets/desk.json: key "family": "huge" is not accepted (accepted: small, medium, large)`.
    public var description: String { message(Localizer(.en)) }

    /// The message in `localizer`'s language: file, key and values as they are, the words around them translated.
    public func message(_ localizer: Localizer) -> String {
        if let key { return localizer.text(.specErrorAtKey, file, key, reason.text(localizer)) }
        return "\(file): \(reason.text(localizer))"
    }
}
