import Testing
@testable import TaskTileCore

@Suite("Localisation: catalogue parity and the language from the environment")
struct LocalizerTests {
    @Test("every StringKey has an English text and a Japanese one", arguments: Language.allCases)
    func totality(language: Language) {
        let table = StringCatalogue.table(language)
        let missing = StringKey.allCases.filter { table[$0] == nil }.map(\.rawValue)
        #expect(missing == [], "keys missing in \(language)")
        #expect(table.count == StringKey.allCases.count)
        for key in StringKey.allCases { #expect(table[key]?.isEmpty == false, "\(key.rawValue) is empty in \(language)") }
    }

    @Test("every key exists in English and Japanese, with the same placeholders")
    func parity() {
        let en = Set(StringCatalogue.en.keys), ja = Set(StringCatalogue.ja.keys)
        #expect(en.subtracting(ja).map(\.rawValue).sorted() == [], "keys missing in ja")
        #expect(ja.subtracting(en).map(\.rawValue).sorted() == [], "keys missing in en")
        for key in en.intersection(ja) {
            func placeholders(_ s: String) -> Set<String> {
                Set((0..<10).map { "{\($0)}" }.filter { s.contains($0) })
            }
            #expect(placeholders(StringCatalogue.en[key]!) == placeholders(StringCatalogue.ja[key]!), "\(key)")
        }
    }

    @Test("no placeholder is missing: each template uses {0}…{n-1} without gaps, the same in both languages")
    func placeholdersComplete() {
        for (key, english) in StringCatalogue.en {
            let en = Localizer.placeholders(in: english)
            #expect(en == Set(0..<en.count), "\(key): English placeholders \(en.sorted()) have a gap")
            let ja = StringCatalogue.ja[key].map(Localizer.placeholders(in:))
            #expect(ja == en, "\(key): Japanese placeholders \(ja?.sorted() ?? []) differ from English \(en.sorted())")
            // Every placeholder is filled when the call passes as many arguments as there are placeholders.
            let args = (0..<en.count).map { "<\($0)>" }
            for language in Language.allCases {
                let text = Localizer(language).text(key, arguments: args)
                #expect(Localizer.placeholders(in: text).isEmpty, "\(key) (\(language)): \(text)")
            }
        }
    }

    @Test("substitution is one pass: an argument containing {1} is printed as typed")
    func onePass() {
        #expect(Localizer(.en).text(.listAdded, "{1}", "1a2b") == "Added list \"{1}\" (1a2b)")
        #expect(Localizer(.ja).text(.todoAdded, "{2}牛乳", "買い物", "{0}") == "\"{2}牛乳\" を 買い物 に追加しました ({0})")
    }

    @Test("a Phrase renders in either language, nested phrases too; a literal is the same in both")
    func phrases() {
        let p = Phrase(key: .settingsErrorInvalidValue, "maybe", "sound.enabled", Phrase(key: .settingsAcceptedBool))
        #expect(p.description == "invalid value 'maybe' for sound.enabled (accepted: true or false; also on/off, yes/no, 1/0)")
        #expect(p.text(Localizer(.ja)) == "sound.enabled に 'maybe' は設定できません（指定できる値: true または false（on/off、yes/no、1/0 も可））")
        let literal: Phrase = "as \("typed")"
        #expect(literal.text(Localizer(.ja)) == "as typed")
    }

    @Test("the key terms of docs/language.md")
    func keyTerms() {
        let ja = Localizer(.ja), en = Localizer(.en)
        #expect(ja.text(.countLeft, 3) == "残り3件")
        #expect(en.text(.countLeft, 3) == "3 left")
        #expect(ja.text(.countMore, 2) == "他2件")
        #expect(ja.text(.stateAllDone) == "全て完了！")
        #expect(ja.text(.repeatEveryDays, 3) == "3日ごと")
        let terms: [StringKey: String] = [.sectionPending: "未完了", .sectionCompleted: "完了", .countDone: "{0}件完了",
                     .dueOverdue: "期限切れ", .dueToday: "今日", .repeatMissed: "未達成", .repeatDaily: "毎日",
                     .repeatWeekly: "毎週", .repeatMonthly: "毎月", .repeatYearly: "毎年"]
        for (key, text) in terms { #expect(StringCatalogue.ja[key] == text, "\(key)") }
    }

    @Test("dates per language: Tue, Jan 5 / 1月5日(火); the year only when it is not this year's")
    func dates() {
        let today = LocalDate(year: 2027, month: 1, day: 4)!
        let d = LocalDate(year: 2027, month: 1, day: 5)!, next = LocalDate(year: 2028, month: 3, day: 1)!
        #expect(Localizer(.en).weekdayDate(d, today: today) == "Tue, Jan 5")
        #expect(Localizer(.ja).weekdayDate(d, today: today) == "1月5日(火)")
        #expect(Localizer(.en).weekdayDate(next, today: today) == "Wed, Mar 1, 2028")
        #expect(Localizer(.ja).weekdayDate(next, today: today) == "2028年3月1日(水)")
        #expect(Localizer(.en).monthDay(next, today: today) == "Mar 1, 2028")
        #expect(Localizer(.ja).monthDay(d, today: today) == "1月5日")
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
