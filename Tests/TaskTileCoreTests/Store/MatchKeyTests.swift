import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// `TextRules.hasMatchKey` is `matchKey(title) == key` without the NFC normalisation of every title
///: checked against the definition on random titles built from the pieces that make
/// canonical equivalence, trimming and byte order marks differ.
@Suite("Title match keys")
struct MatchKeyTests {

    /// Precomposed and decomposed é, か + dakuten and が, Hangul syllable and jamo, Å as A + ring and
    /// as the Angstrom sign, combining marks in two orders, spaces (ASCII, ideographic, no-break),
    /// tabs, BOMs, emoji with a variation selector, plain letters.
    static let pieces = ["é", "e\u{301}", "か\u{3099}", "が", "か", "\u{AC00}", "\u{1100}\u{1161}", "A\u{30A}", "\u{212B}", "Å",
                         "a\u{323}\u{302}", "a\u{302}\u{323}", " ", "\u{3000}", "\u{A0}", "\t", "\u{FEFF}", "❤\u{FE0F}", "❤",
                         "Milk", "m", "牛乳", "-", "\u{301}"]

    static func random(_ rng: inout SplitMix) -> String {
        (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    @Test("agrees with matchKey(title) == key on 20,000 random pairs, over a thousand of them matches")
    func agreesWithDefinition() {
        var rng = SplitMix(state: 16)
        var matches = 0
        for _ in 0..<20_000 {
            let title = Self.random(&rng), key = TextRules.matchKey(Self.random(&rng))
            let expected = TextRules.matchKey(title) == key
            #expect(TextRules.hasMatchKey(title, key) == expected, "\(Array(title.unicodeScalars)) vs \(Array(key.unicodeScalars))")
            if expected { matches += 1 }
        }
        #expect(matches > 1000, "matches: \(matches); a run without matches cannot fail")
    }

    @Test("the cases by name", arguments: [
        ("Milk", "Milk", true), (" Milk ", "Milk", true), ("\u{FEFF}Milk", "Milk", true), ("milk", "Milk", false),
        ("e\u{301}", "é", true), ("か\u{3099}", "が", true), ("か", "が", false), ("\u{212B}", "Å", true), ("", "", true),
        ("  ", "", true), ("Milk\u{3000}", "Milk", true), ("Mi lk", "Milk", false),
    ])
    func byName(_ title: String, _ query: String, _ expected: Bool) {
        #expect(TextRules.hasMatchKey(title, TextRules.matchKey(query)) == expected)
        #expect((TextRules.matchKey(title) == TextRules.matchKey(query)) == expected)
    }
}
