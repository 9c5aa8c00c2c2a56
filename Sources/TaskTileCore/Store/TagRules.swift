import Foundation

/// The rule for tags (docs/organize.md "Tags"): a tag is trimmed, NFC-normalised text of 1…50
/// characters (grapheme clusters) without whitespace, commas or control characters; a leading `#`
/// is dropped. Tags match case-insensitively (`key`); a todo keeps the spelling it was first given.
public enum TagRules {
    /// Maximum tag length in characters.
    public static let maxLength = 50

    /// The tag as stored, or an error saying what is wrong.
    /// - Throws: `StoreError.invalidTag`.
    public static func tag(_ raw: String) throws -> String {
        var t = TextRules.matchKey(raw)
        if t.hasPrefix("#") { t.removeFirst() }
        guard !t.isEmpty else { throw StoreError.invalidTag(Phrase(key: .errorTagEmpty, raw)) }
        if let bad = t.unicodeScalars.first(where: {
            TextRules.isForbidden($0) || $0.properties.isWhitespace || $0 == ","
        }) {
            throw StoreError.invalidTag(Phrase(key: .errorTagCharacter, raw, String(format: "%04X", bad.value)))
        }
        guard t.count <= maxLength else {
            throw StoreError.invalidTag(Phrase(key: .errorTagTooLong, t.count, maxLength))
        }
        return t
    }

    /// Tags as stored: each through `tag(_:)`, duplicates (by `key`) dropped, first spelling kept.
    /// - Throws: `StoreError.invalidTag`.
    public static func tags(_ raw: [String]) throws -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for r in raw {
            let t = try tag(r)
            if seen.insert(key(t)).inserted { result.append(t) }
        }
        return result
    }

    /// The case-insensitive match key of a tag (Unicode lowercase of the NFC form).
    public static func key(_ tag: String) -> String { tag.precomposedStringWithCanonicalMapping.lowercased() }

    /// The separator of the `tags` and `tag_keys` columns: U+001F, which no tag may contain.
    static let separator = "\u{1F}"

    /// `tags` column text (nil for none).
    static func encode(_ tags: [String]) -> String? { tags.isEmpty ? nil : tags.joined(separator: separator) }

    /// `tag_keys` column text: every key between separators (`\u{1F}work\u{1F}home\u{1F}`), so one
    /// `instr` finds a whole key (nil for none).
    static func encodeKeys(_ tags: [String]) -> String? {
        tags.isEmpty ? nil : separator + tags.map(key).joined(separator: separator) + separator
    }

    static func decode(_ column: String?) -> [String] {
        column.map { $0.split(separator: Character(separator)).map(String.init) } ?? []
    }
}
