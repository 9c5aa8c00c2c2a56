import Testing
@testable import TaskTileCore

@Suite("Localisation: catalogue parity and the language from the environment")
struct LocalizerTests {
    @Test("every StringKey has a text in every language", arguments: Language.allCases)
    func totality(language: Language) {
        let table = StringCatalogue.table(language)
        let missing = StringKey.allCases.filter { table[$0] == nil }.map(\.rawValue)
        #expect(missing == [], "keys missing in \(language)")
        #expect(table.count == StringKey.allCases.count)
        for (key, message) in table {
            for (category, template) in message.templates {
                #expect(!template.isEmpty, "\(key.rawValue) (\(category)) is empty in \(language)")
            }
        }
    }

    @Test("every translation uses the source's placeholders; each form uses a subset, the plural count may be left out",
          arguments: Language.allCases)
    func placeholdersComplete(language: Language) {
        for (key, source) in StringCatalogue.en {
            let all = source.templates.reduce(into: Set<Int>()) { $0.formUnion(Localizer.placeholders(in: $1.1)) }
            #expect(all == Set(0..<all.count), "\(key): English placeholders \(all.sorted()) have a gap")
            guard let message = StringCatalogue.table(language)[key] else { continue }
            for (category, template) in message.templates {
                var expected = all
                let used = Localizer.placeholders(in: template)
                // "Once a week": a plural form may say its count in words.
                if source.isPlural, category != .other { expected.remove(source.countArgument) }
                #expect(used.isSubset(of: all) && expected.isSubset(of: used),
                        "\(key) (\(language), \(category)): placeholders \(used.sorted()), English has \(all.sorted())")
            }
            // Every placeholder is filled when the call passes as many arguments as there are placeholders.
            for count in ["1", "2", "7"] {
                var args = (0..<all.count).map { "<\($0)>" }
                if source.isPlural, source.countArgument < args.count { args[source.countArgument] = count }
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
        for (key, text) in terms { #expect(StringCatalogue.ja[key]?.other == text, "\(key)") }
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
