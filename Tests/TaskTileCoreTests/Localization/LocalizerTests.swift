import Foundation
import Testing
import TestSupport

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

    /// One message of a catalogue file as written: its templates by form (`text` for a plain
    /// message), and the source's `"arguments"` and `"count"` when given.
    struct WrittenMessage {
        var forms: [String: String]
        var arguments: [String]?
        var count: String?
    }

    /// The messages of `Catalogue/<language>.json` as written, with their named placeholders (the
    /// compiled tables have argument indices instead), by key.
    static func written(_ language: Language) throws -> [String: WrittenMessage] {
        let path = repositoryRoot + "/Sources/TaskTileCore/Localization/Catalogue/\(language.rawValue).json"
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let messages = try #require(root["messages"] as? [String: Any], "\(path): no messages")
        var result: [String: WrittenMessage] = [:]
        for (key, value) in messages {
            if let text = value as? String {
                result[key] = WrittenMessage(forms: ["text": text])
                continue
            }
            let fields = try #require(value as? [String: Any], "\(path): \(key)")
            var message = WrittenMessage(forms: [:], arguments: fields["arguments"] as? [String])
            message.count = fields["count"] as? String
            for (field, v) in fields where field != "comment" && field != "count" && field != "arguments" {
                message.forms[field] = try #require(v as? String, "\(path): \(key).\(field)")
            }
            result[key] = message
        }
        return result
    }

    @Test("every translation uses the source's placeholder names; a plural form may leave out the count",
          arguments: Language.allCases)
    func placeholdersComplete(language: Language) throws {
        let source = try Self.written(.en), file = try Self.written(language)
        #expect(file.count == StringKey.allCases.count, "\(language).json: \(file.count) messages")
        for (key, compiled) in StringCatalogue.en {
            let english = try #require(source[key.rawValue], "\(key.rawValue) is not in en.json")
            let names = StringCatalogue.argumentNames[key] ?? []
            let all = english.forms.values.reduce(into: Set<String>()) { $0.formUnion(Localizer.placeholders(in: $1)) }
            #expect(Set(names) == all && names.count == all.count,
                    "\(key): English placeholders \(all.sorted()), arguments \(names)")
            // The order call sites pass: "arguments", else the order of first appearance in `other`.
            let other = english.forms["other"] ?? english.forms["text"] ?? ""
            #expect(names == (english.arguments ?? Localizer.placeholders(in: other)), "\(key): arguments \(names)")
            #expect(compiled.countArgument == english.count.flatMap { names.firstIndex(of: $0) } ?? 0,
                    "\(key): count \(english.count ?? "-") is argument \(compiled.countArgument) of \(names)")
            if language != .en { #expect(file[key.rawValue]?.arguments == nil && file[key.rawValue]?.count == nil) }
            guard let message = file[key.rawValue] else { continue }
            for (form, template) in message.forms {
                var expected = all
                let used = Set(Localizer.placeholders(in: template))
                // "Once a week": a plural form may say its count in words.
                if compiled.isPlural, form != "other", form != "text", compiled.countArgument < names.count {
                    expected.remove(names[compiled.countArgument])
                }
                #expect(used.isSubset(of: all) && expected.isSubset(of: used),
                        "\(key) (\(language), \(form)): placeholders \(used.sorted()), English has \(all.sorted())")
            }
            // Every placeholder is filled when the call passes one argument per name.
            for count in ["1", "2", "7"] {
                var args = names.map { "<\($0)>" }
                if compiled.isPlural, compiled.countArgument < args.count { args[compiled.countArgument] = count }
                let text = Localizer(language).text(key, arguments: args)
                #expect(
                    text.range(of: #"\{[0-9]+\}"#, options: .regularExpression) == nil, "\(key) (\(language)): \(text)")
                #expect(Localizer.placeholders(in: text).isEmpty, "\(key) (\(language)): \(text)")
            }
        }
    }

    @Test("placeholders(in:) reads names as the catalogue compiler does: a brace that is no name is text")
    func placeholderNames() {
        #expect(Localizer.placeholders(in: "{done} of {total}, {done}") == ["done", "total"])
        #expect(Localizer.placeholders(in: #"must be { "version": 1 }, {}, {Title}, {0} or {a b}: {kind}"#) == ["kind"])
        #expect(Localizer.placeholders(in: "{{listTitle2}}") == ["listTitle2"])
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
