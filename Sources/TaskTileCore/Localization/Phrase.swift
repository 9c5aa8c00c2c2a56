/// A sentence to show a user, kept as a catalogue key and its arguments so it can be printed in
/// either language (`text(_:)`); `description` is the English text (logs, tests).
///
/// An argument that is itself a `Phrase` is rendered in the same language (`accepted: …` lists);
/// any other argument is printed as its `description`, as typed. A string literal or interpolation
/// makes a phrase with no key: it prints as written in every language. That keeps
/// `StoreError.invalidTitle("…")` compiling for callers that have not moved their text into the
/// catalogue.
public struct Phrase: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The catalogue key, or nil for literal text.
    public var key: StringKey?
    /// The text of a literal phrase (empty for a catalogue phrase).
    public var literal: String
    /// The key's arguments, in the order of its placeholder names (`StringCatalogue.argumentNames`).
    public var arguments: [Phrase]

    /// A catalogue phrase. (Labelled: `Phrase("x")` alone would be read as the literal `"x"`, SE-0213.)
    public init(key: StringKey, _ arguments: CustomStringConvertible...) {
        self.key = key
        literal = ""
        self.arguments = arguments.map { ($0 as? Phrase) ?? Phrase(stringLiteral: $0.description) }
    }

    /// Literal text, the same in every language.
    public init(stringLiteral value: String) {
        key = nil
        literal = value
        arguments = []
    }

    /// The phrase in `localizer`'s language.
    public func text(_ localizer: Localizer) -> String {
        guard let key else { return literal }
        return localizer.text(key, arguments: arguments.map { $0.text(localizer) })
    }

    /// English.
    public var description: String { text(Localizer(.en)) }
}
