import Testing
@testable import TaskTileCore

@Suite("Localisation: catalogue parity and the language from the environment")
struct LocalizerTests {
    @Test("every key exists in English and Japanese, with the same placeholders")
    func parity() {
        let en = Set(StringCatalogue.en.keys), ja = Set(StringCatalogue.ja.keys)
        #expect(en.subtracting(ja).sorted() == [], "keys missing in ja")
        #expect(ja.subtracting(en).sorted() == [], "keys missing in en")
        for key in en.intersection(ja) {
            func placeholders(_ s: String) -> Set<String> {
                Set((0..<10).map { "{\($0)}" }.filter { s.contains($0) })
            }
            #expect(placeholders(StringCatalogue.en[key]!) == placeholders(StringCatalogue.ja[key]!), "\(key)")
        }
    }

    @Test("SPEC §8 key terms")
    func keyTerms() {
        let ja = Localizer(.ja), en = Localizer(.en)
        #expect(ja.text("count.left", 3) == "残り3件")
        #expect(en.text("count.left", 3) == "3 left")
        #expect(ja.text("count.more", 2) == "他2件")
        #expect(ja.text("state.allDone") == "全て完了！")
        #expect(ja.text("repeat.everyDays", 3) == "3日ごと")
    }

    @Test("language precedence: TASKTILE_LANG, LC_ALL, LC_MESSAGES, LANG", arguments: [
        (["LANG": "ja_JP.UTF-8"], Language.ja),
        (["LANG": "C"], .en),
        (["LANG": "ja_JP.UTF-8", "LC_ALL": "C"], .en),
        (["LC_MESSAGES": "ja_JP", "LANG": "en_US"], .ja),
        (["TASKTILE_LANG": "en", "LC_ALL": "ja_JP.UTF-8"], .en),
        ([:], .en),
    ])
    func precedence(env: [String: String], expected: Language) {
        #expect(Language.fromEnvironment(env) == expected)
    }
}
