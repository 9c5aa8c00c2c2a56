import Foundation
import Testing
@testable import TaskTileCore
@testable import TaskTileInterchange

/// The errors' `message(_:)` and the repeat vocabulary in both languages. English must stay what
/// `description` says (logs and existing tests read it), so every case is compared.
@Suite("Localisation: error messages and repeat lines in English and Japanese")
struct LocalizedMessagesTests {
    static let en = Localizer(.en), ja = Localizer(.ja)
    static let milk = TodoCandidate(id: "1a2b3c4d-0000", title: "牛乳", listId: "l1", listTitle: "買い物", isCompleted: true)
    static let list = TodoList(id: "abcdef12-0000", title: "買い物", sortOrder: 0, createdAt: Date(timeIntervalSince1970: 0))

    static let storeErrors: [StoreError] = [
        .notAStore(path: "/d/tasktile.sqlite", detail: "file is not a database"),
        .newerStore(path: "/d/tasktile.sqlite", unknown: ["0009", "0010"]),
        .inaccessible(path: "/d", detail: "Permission denied"), .busy(detail: "database is locked"),
        .invalidTitle(Phrase(key: .errorTitleEmpty)), .invalidTitle(Phrase(key: .errorTitleTooLong, 1001, 1000)),
        .invalidTitle(Phrase(key: .errorTitleControlCharacter, "000A")), .invalidNotes(Phrase(key: .errorNotesTooLong, 10001, 10000)),
        .listNotFound("買い物"), .ambiguousList("買", candidates: [list, list]),
        .todoNotFound("牛乳", list: "買い物"), .todoNotFound("牛乳", list: nil),
        .ambiguousTodo("牛乳", candidates: [milk, milk]), .alreadyCompleted(milk), .notCompleted(milk),
        .badPosition(9, count: 3), .invalidSetting(Phrase(key: .settingsErrorUnknownKey, "x", "a, b")),
    ]

    static let intentFailures: [IntentFailure] = [
        .listMissing(list: "買い物"), .todoMissing(list: "買い物", todo: "牛乳"), .alreadyCompleted(list: "買い物", todo: "牛乳"),
        .idMissing("1a"), .idMissing("1a2b3c4d"), .idAlreadyCompleted(milk),
        .ambiguous(list: "買い物", todo: "牛乳", candidates: [milk, milk]), .ambiguousID("1a2b", candidates: [milk]),
    ]

    static let ruleErrors: [RepeatRuleError] = [
        .intervalOutOfRange(0), .weeklyWithoutWeekdays, .weekdaysWithoutWeekly(.daily), .countOutOfRange(0),
        .untilBeforeFirstOccurrence(until: LocalDate(year: 2027, month: 1, day: 3)!, first: LocalDate(year: 2027, month: 1, day: 4)!),
    ]

    static let routineErrors: [RoutineError] = [
        .notFound("student", searched: ["/a", "/b"]), .alreadyApplied("student", listTitle: "Student"),
        .notARoutine("student"), .holdsOtherTodos("student", listTitle: "Student", count: 2),
    ]

    @Test("in English every message is the error's description")
    func englishIsDescription() {
        for e in Self.storeErrors { #expect(e.message(Self.en) == e.description) }
        for e in Self.intentFailures { #expect(e.message(Self.en) == e.description) }
        for e in Self.ruleErrors { #expect(e.message(Self.en) == e.description) }
        for e in Self.routineErrors { #expect(e.message(Self.en) == e.description) }
        let clock = Clock.ClockError.badNow("soon")
        #expect(clock.message(Self.en) == clock.description)
        let theme = DataFileError(file: "themes.json", theme: "Dusk", key: "accent", reason: Phrase(key: .themeErrorNotAColour, "\"red\""))
        #expect(theme.message(Self.en) == theme.description)
    }

    @Test("in Japanese every message is Japanese and keeps titles, paths and numbers literal")
    func japanese() {
        #expect(StoreError.listNotFound("買い物").message(Self.ja).hasPrefix("リスト \"買い物\" が見つかりません"))
        #expect(StoreError.alreadyCompleted(Self.milk).message(Self.ja) == "\"買い物\" の \"牛乳\" は完了済みです")
        #expect(StoreError.invalidTitle(Phrase(key: .errorTitleEmpty)).message(Self.ja).hasPrefix("タイトルが無効です: 空です"))
        #expect(IntentFailure.todoMissing(list: "買い物", todo: "牛乳").message(Self.ja) == "リスト \"買い物\" にタスク \"牛乳\" はありません")
        #expect(IntentFailure.ambiguousID("1a2b", candidates: [Self.milk]).message(Self.ja).hasSuffix("1a2b3c4d-0000  牛乳  (買い物)  [完了済み]"))
        #expect(RepeatRuleError.weeklyWithoutWeekdays.message(Self.ja) == "毎週の繰り返しには曜日を1つ以上指定してください。")
        let theme = DataFileError(file: "themes.json", theme: "Dusk", key: "accent", reason: Phrase(key: .themeErrorNotAColour, "\"red\""))
        #expect(theme.message(Self.ja).hasPrefix("themes.json: テーマ \"Dusk\": キー \"accent\": \"red\" は色ではありません"))
        let all = Self.storeErrors.map { $0.message(Self.ja) } + Self.intentFailures.map { $0.message(Self.ja) }
            + Self.ruleErrors.map { $0.message(Self.ja) } + Self.routineErrors.map { $0.message(Self.ja) }
        for m in all {
            // Japanese text: at least one kana or kanji, and no catalogue key leaked through.
            #expect(m.unicodeScalars.contains { (0x3040...0x9FFF).contains($0.value) }, "\(m)")
            #expect(!m.contains("error.") && !m.contains("{0}"), "\(m)")
        }
    }

    @Test("the due parser's refusals say why in Japanese, with the input as typed")
    func dueParser() throws {
        let clock = Clock(now: try #require(Clock.parseInstant("2027-01-05T09:00:00+09:00", zone: .init(identifier: "Asia/Tokyo")!)),
                          timeZone: .init(identifier: "Asia/Tokyo")!)
        for (input, japanese) in [("2027-02-30", "2027-02-30 は存在しません（その月は28日までです）"), ("", "空です"),
                                  ("fri 25:00", "\"25:00\" は時刻ではありません"), ("+3x", "+ の後の単位 'x' は使えません")] {
            let error = try #require(throws: DueParser.ParseError.self) { try DueParser.parse(input, clock: clock) }
            #expect(error.message(Self.ja).hasPrefix("期限 \"\(input)\" を読み取れません: "))
            #expect(error.message(Self.ja).contains(japanese), "\(error.message(Self.ja))")
            #expect(error.message(Self.en) == error.description)
        }
    }

    @Test("the catalogue's English vocabulary says what RepeatRuleVocabulary.english says", arguments: [
        RepeatRule(frequency: .daily), RepeatRule(frequency: .daily, interval: 3), RepeatRule(frequency: .weekly),
        RepeatRule(frequency: .weekly, weekdays: [.monday, .wednesday]), RepeatRule(frequency: .weekly, interval: 2, weekdays: [.friday]),
        RepeatRule(frequency: .weekly, interval: 4), RepeatRule(frequency: .monthly, interval: 2), RepeatRule(frequency: .yearly, interval: 5),
        RepeatRule(frequency: .monthly, end: .afterCount(5)), RepeatRule(frequency: .yearly, end: .until(LocalDate(year: 2027, month: 12, day: 31)!)),
    ])
    func englishVocabulary(rule: RepeatRule) {
        #expect(rule.summary(currentIndex: 2, vocabulary: RepeatRuleVocabulary(Self.en)) == rule.summary(currentIndex: 2, vocabulary: .english))
    }

    @Test("Japanese repeat lines")
    func japaneseRepeatLines() {
        let ja = RepeatRuleVocabulary.japanese
        func line(_ r: RepeatRule, _ k: Int = 0) -> String { r.summary(currentIndex: k, vocabulary: ja) }
        #expect(line(RepeatRule(frequency: .daily)) == "毎日")
        #expect(line(RepeatRule(frequency: .daily, interval: 3)) == "3日ごと")
        #expect(line(RepeatRule(frequency: .weekly, weekdays: [.wednesday, .monday])) == "月・水")
        #expect(line(RepeatRule(frequency: .weekly, interval: 2, weekdays: [.friday])) == "2週間ごと 金曜")
        #expect(line(RepeatRule(frequency: .monthly, end: .afterCount(5)), 2) == "毎月 · 残り2回")
        #expect(line(RepeatRule(frequency: .yearly, end: .until(LocalDate(year: 2027, month: 12, day: 31)!))) == "毎年 · 2027-12-31まで")
        #expect(line(RepeatRule(frequency: .monthly, interval: 2)) == "2か月ごと")
    }

    @Test("status bar words come from the catalogue")
    func statusStrings() {
        #expect(StatusStrings.english.count(StatusStrings.english.left, 3) == "3 left")
        #expect(StatusStrings.japanese.count(StatusStrings.japanese.left, 3) == "残り3件")
        #expect(StatusStrings.japanese.refresh == "更新")
    }

    @Test("import errors and notes: English in description and --json, Japanese through message(_:) and the report")
    func interchangeMessages() throws {
        let bad = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nEND:VCALENDAR\r\n".utf8)
        let error = try #require(throws: DataFileError.self) { try ICalendarText.components(ICalendarText.contentLines(bad, file: "a.ics"), file: "a.ics") }
        #expect(error.description == "a.ics:4: END:VCALENDAR does not match BEGIN:VTODO at line 2")
        #expect(error.message(Self.ja) == "a.ics:4: END:VCALENDAR が 2行目の BEGIN:VTODO と一致しません")
        let alarm = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:u1\r\nSUMMARY:Milk\r\nBEGIN:VALARM\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        let plan = try ICalendarImporter.parse(alarm, file: "a.ics", userZone: TimeZone(identifier: "Asia/Tokyo")!, now: Date(timeIntervalSince1970: 0))
        var report = ImportReport()
        report.notes = plan.notes
        #expect(report.noteLines(Self.en) == ["line 5 (u1): VALARM (TRIGGER -PT15M) not imported: tasktile notifies at the due time"])
        #expect(report.noteLines(Self.ja) == ["5行目 (u1): VALARM (TRIGGER -PT15M) は読み込んでいません: tasktile は期限の時刻に通知します"])
        #expect("\(report.jsonValue)".contains("not imported: tasktile notifies at the due time"))
    }
}
