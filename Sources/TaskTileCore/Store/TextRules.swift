import Foundation

/// Validation of user text (docs/lists-and-todos.md "Titles"): titles are trimmed, non-empty, at most 1000 characters
/// (grapheme clusters) and contain no control characters (newline, NUL, …).
public enum TextRules {
    /// Maximum title length in characters (extended grapheme clusters).
    public static let maxTitleLength = 1000
    /// Maximum notes length in characters.
    public static let maxNotesLength = 10_000

    /// The title as stored (trimmed, NFC-normalised) or an error saying what is wrong.
    /// - Throws: `StoreError.invalidTitle`.
    public static func title(_ raw: String) throws -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if let bad = trimmed.unicodeScalars.first(where: isForbidden) {
            throw StoreError.invalidTitle(Phrase(key: .errorTitleControlCharacter, String(format: "%04X", bad.value)))
        }
        guard !trimmed.isEmpty else { throw StoreError.invalidTitle(Phrase(key: .errorTitleEmpty)) }
        let count = trimmed.count
        guard count <= maxTitleLength else {
            throw StoreError.invalidTitle(Phrase(key: .errorTitleTooLong, count, maxTitleLength))
        }
        return trimmed.precomposedStringWithCanonicalMapping
    }

    /// Notes as stored: newlines and tabs allowed, other control characters refused.
    /// - Throws: `StoreError.invalidNotes`.
    public static func notes(_ raw: String) throws -> String {
        if let bad = raw.unicodeScalars.first(where: { isForbidden($0) && $0 != "\n" && $0 != "\t" }) {
            throw StoreError.invalidNotes(Phrase(key: .errorNotesControlCharacter, String(format: "%04X", bad.value)))
        }
        guard raw.count <= maxNotesLength else {
            throw StoreError.invalidNotes(Phrase(key: .errorNotesTooLong, raw.count, maxNotesLength))
        }
        return raw.precomposedStringWithCanonicalMapping
    }

    /// Control characters (Unicode general category Cc) and the line/paragraph separators.
    static func isForbidden(_ s: Unicode.Scalar) -> Bool {
        s.properties.generalCategory == .control || s == "\u{2028}" || s == "\u{2029}"
    }

    /// Trimmed and NFC-normalised text for title matching (case-sensitive, dakuten kept; docs/lists-and-todos.md "Titles").
    public static func matchKey(_ s: String) -> String {
        s.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
    }
}
