/// String-keyed look-ups kept only for the files not yet moved to `StringKey`
/// (`TaskTileCLI/CommandLine/CLI.swift`, `ExitCode.swift`, which are being rewritten elsewhere).
/// Deprecated so each remaining use is a compiler warning; delete this file once none is left.
extension Localizer {
    /// `text(_:_:)` for a dotted key; an unknown key prints as itself.
    @available(*, deprecated, message: "use a StringKey case: text(.usageMissingValue, …)")
    public func text(_ key: String, _ arguments: CustomStringConvertible...) -> String {
        guard let typed = StringKey(rawValue: key) else { return key }
        return text(typed, arguments: arguments.map(\.description))
    }
}

extension Phrase {
    /// `init(key:_:)` for a dotted key; an unknown key becomes the literal key.
    @available(*, deprecated, message: "use a StringKey case: Phrase(key: .usageMissingValue, …)")
    public init(key: String, _ arguments: CustomStringConvertible...) {
        if let typed = StringKey(rawValue: key) {
            self.init(key: typed)
            self.arguments = arguments.map { ($0 as? Phrase) ?? Phrase(stringLiteral: $0.description) }
        } else {
            self.init(stringLiteral: key)
        }
    }
}
