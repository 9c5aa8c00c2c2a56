import Foundation

/// How urgent a todo is (docs/organize.md "Priority"): four levels, as Apple Reminders, Tasks.org
/// and Taskwarrior have them. Stored as 0…3 in `todos.priority`.
public enum Priority: Int, CaseIterable, Comparable, Hashable, Sendable {
    case none = 0, low = 1, medium = 2, high = 3

    /// The name on the command line and in JSON: `none`, `low`, `medium`, `high`.
    public var name: String {
        switch self {
        case .none: "none"
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        }
    }

    /// A priority from its name or a peer's spelling: `none|low|medium|high`, their first letters
    /// (`h`, Taskwarrior's `H/M/L`), `!`…`!!!`, or 0…3; case-insensitive. Nil for anything else.
    public init?(name: String) {
        switch name.lowercased() {
        case "none", "n", "0": self = .none
        case "low", "l", "1", "!": self = .low
        case "medium", "med", "m", "2", "!!": self = .medium
        case "high", "h", "3", "!!!": self = .high
        default: return nil
        }
    }

    /// The accepted names, for messages.
    public static let accepted = "none, low, medium, high, n, l, m, h, !, !!, !!!"

    /// The RFC 5545 §3.8.1.9 `PRIORITY` value: 1 (high), 5 (medium), 9 (low), 0 (undefined).
    public var icalendarValue: Int {
        switch self {
        case .none: 0
        case .low: 9
        case .medium: 5
        case .high: 1
        }
    }

    /// A priority from an RFC 5545 `PRIORITY` (0…9): 1–4 high, 5 medium, 6–9 low, 0 none (the
    /// three-level mapping of RFC 5545 §3.8.1.9). Nil outside 0…9.
    public init?(icalendarValue: Int) {
        switch icalendarValue {
        case 0: self = .none
        case 1...4: self = .high
        case 5: self = .medium
        case 6...9: self = .low
        default: return nil
        }
    }

    public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
}

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
