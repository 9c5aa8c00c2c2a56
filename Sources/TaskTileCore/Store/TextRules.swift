import Foundation

/// Validation of user text (docs/lists-and-todos.md "Titles"): titles are trimmed, non-empty, at most 1000 characters
/// (grapheme clusters) and 4000 code points, and contain no control characters (newline, NUL, …).
///
/// This is the one title rule: every path that stores a title (add, edit, list add/rename,
/// every importer, routines) calls `title(_:)` before the store is touched, so the store's own
/// `CHECK (length(title) BETWEEN 1 AND 4000)` (SQLite's `length` counts code points) can never be
/// the one to refuse. A refusal is exit 64 on the command line, 65 from an import file.
public enum TextRules {
    /// Maximum title length in characters (extended grapheme clusters).
    public static let maxTitleLength = 1000
    /// Maximum title length in Unicode code points (the store's column bound): 1000 characters
    /// of up to four code points each (a flag is two, a family emoji seven).
    public static let maxTitleScalars = 4000
    /// Maximum notes length in characters.
    public static let maxNotesLength = 10_000

    /// The title as stored (trimmed, NFC-normalised) or an error saying what is wrong.
    /// - Throws: `StoreError.invalidTitle`.
    public static func title(_ raw: String) throws -> String {
        let trimmed = stripByteOrderMarks(raw).trimmingCharacters(in: .whitespaces)
        if let bad = trimmed.unicodeScalars.first(where: isForbidden) {
            throw StoreError.invalidTitle(Phrase(key: .errorTitleControlCharacter, String(format: "%04X", bad.value)))
        }
        guard !trimmed.isEmpty else { throw StoreError.invalidTitle(Phrase(key: .errorTitleEmpty)) }
        let count = trimmed.count
        guard count <= maxTitleLength else {
            throw StoreError.invalidTitle(Phrase(key: .errorTitleTooLong, count, maxTitleLength))
        }
        let stored = trimmed.precomposedStringWithCanonicalMapping
        let scalars = stored.unicodeScalars.count
        guard scalars <= maxTitleScalars else {
            throw StoreError.invalidTitle(Phrase(key: .errorTitleTooManyScalars, scalars, maxTitleScalars))
        }
        return stored
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

    /// `s` without byte-order marks (U+FEFF) at its start and end, as a title pasted from a file
    /// saved by a Windows editor carries one: invisible, yet it would make the title
    /// differ from the one typed, so `intent complete` would miss it. Marks inside the text stay.
    public static func stripByteOrderMarks(_ s: String) -> String {
        guard s.unicodeScalars.first == "\u{FEFF}" || s.unicodeScalars.last == "\u{FEFF}" else { return s }
        var scalars = Substring(s).unicodeScalars[...]
        while scalars.first == "\u{FEFF}" || scalars.first == " " { scalars = scalars.dropFirst() }
        while scalars.last == "\u{FEFF}" || scalars.last == " " { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Control characters (Unicode general category Cc) and the line/paragraph separators.
    package static func isForbidden(_ s: Unicode.Scalar) -> Bool {
        s.properties.generalCategory == .control || s == "\u{2028}" || s == "\u{2029}"
    }

    /// Trimmed and NFC-normalised text for title matching (case-sensitive, dakuten kept; docs/lists-and-todos.md "Titles").
    public static func matchKey(_ s: String) -> String {
        stripByteOrderMarks(s).trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
    }

    /// Whether `title`'s match key is `key` (a `matchKey` result): the same answer as
    /// `matchKey(title) == key`, without normalising `title`. Swift's `String` equality is Unicode
    /// canonical equivalence (https://developer.apple.com/documentation/swift/string "Comparing
    /// Strings for Equality"; UAX #15), so the trimmed title equals the NFC key exactly when its NFC
    /// form does. Trims only a title that starts or ends with whitespace or a byte order mark. Looking
    /// a title up among 1,000 todos then costs a comparison per todo instead of a Foundation NFC
    /// normalisation per todo (~20 µs each).
    public static func hasMatchKey(_ title: String, _ key: String) -> Bool {
        guard let first = title.unicodeScalars.first, let last = title.unicodeScalars.last else { return key.isEmpty }
        let needsTrim = first == "\u{FEFF}" || last == "\u{FEFF}"
            || CharacterSet.whitespaces.contains(first) || CharacterSet.whitespaces.contains(last)
        return (needsTrim ? stripByteOrderMarks(title).trimmingCharacters(in: .whitespaces) : title) == key
    }
}
