import Foundation
import Testing
@testable import TaskTileCore

@Suite("Terminal column widths")
struct TerminalWidthTests {
    @Test("wide characters take two columns", arguments: [
        ("Work", 4), ("買い物", 6), ("ｶﾀｶﾅ", 4), ("ＡＢＣ", 6), ("Café", 4), ("🚀 go", 5), ("한국", 4),
    ])
    func width(text: String, columns: Int) {
        #expect(TerminalWidth.of(text) == columns)
    }

    @Test("per grapheme cluster: the widest scalar, emoji presentation 2", arguments: [
        ("Cafe\u{301}", 4),                      // e + combining acute: one column
        ("\u{1112}\u{1161}\u{11AB}", 2),         // 한 as conjoining jamo: one wide cluster
        ("\u{2764}", 1), ("\u{2764}\u{FE0F}", 2), // ❤ text presentation, ❤️ emoji presentation
        ("🇯🇵", 2), ("\u{1F1EF}", 1),              // a flag; a lone regional indicator
        ("👍🏽", 2), ("👨‍👩‍👧", 2),                   // skin tone, a ZWJ family: one cluster each
        ("\u{3000}", 2), ("a\u{200B}b", 2),       // ideographic space; zero width space
        ("タスク・リスト", 14), ("", 0),
    ])
    func clusters(text: String, columns: Int) {
        #expect(TerminalWidth.of(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("the process's locale does not matter, and the thread's is restored afterwards")
    func localeIndependent() {
        // The test process runs in the "C" locale, where wcwidth knows no kanji (it says -1).
        let before = uselocale(nil)
        #expect(TerminalWidth.of("買い物") == 6)
        #expect(uselocale(nil) == before)
    }

    @Test("padding fills to a column count, never cuts")
    func padding() {
        #expect(TerminalWidth.padded("買い", to: 6) == "買い  ")
        #expect(TerminalWidth.padded("toolong", to: 3) == "toolong")
    }
}
