import Foundation
import Testing
@testable import TaskTileCore

/// The quick-add grammar (docs/quick-add.md) on a table of phrases, English and Japanese, each with what it must
/// give: `title|due|repeat|list|tags|priority|start` (`-` for none; a repeat as `weekly/2:mon,thu`).
@Suite("Quick add: one line into a todo's parts")
struct QuickAddTests {
    static func clock(_ now: String, _ zone: String) -> Clock {
        let z = TimeZone(identifier: zone)!
        return Clock(now: Clock.parseInstant(now, zone: z)!, timeZone: z)
    }

    static func text(_ due: Due?) -> String {
        switch due {
        case nil: "-"
        case .date(let d)?: d.description
        case .dateTime(let wc, _)?: "\(wc.date) \(wc.hourMinute)"
        }
    }

    static func summary(_ q: QuickAdd) -> String {
        var rule = "-"
        if let r = q.repeatRule {
            rule = r.frequency.rawValue + (r.interval == 1 ? "" : "/\(r.interval)")
            if r.frequency == .weekly { rule += ":" + r.weekdays.sorted().map(\.rawValue).joined(separator: ",") }
        }
        let tags = q.tags.isEmpty ? "-" : q.tags.joined(separator: ",")
        return [q.title, text(q.due), rule, q.list ?? "-", tags, q.priority?.name ?? "-", text(q.start)].joined(
            separator: "|")
    }

    /// At 2027-01-08T19:00:00+09:00 in Asia/Tokyo.
    static let tokyo: [(String, String)] = [
        ("gym every day from mon", "gym|2027-01-11|daily|-|-|-|2027-01-11"),
        ("review weekly starting next fri", "review|2027-01-15|weekly:fri|-|-|-|2027-01-15"),
        ("会議 来週月曜から毎週", "会議|2027-01-11|weekly:mon|-|-|-|2027-01-11"),
        ("Buy milk #tag1 #TAG1", "Buy milk|-|-|-|tag1|-|-"),
        ("Call mom tomorrow 6pm #family !high every sunday", "Call mom|2027-01-10 18:00|weekly:sun|-|family|high|-"),
        ("Pay rent on the 1st every month ^Home", "Pay rent|2027-02-01|monthly|Home|-|-|-"),
        ("明日18時に牛乳を買う #買い物", "牛乳を買う|2027-01-09 18:00|-|-|買い物|-|-"),
        ("毎週月曜 9時 ゴミ出し", "ゴミ出し|2027-01-11 09:00|weekly:mon|-|-|-|-"),
        ("Finish report in 3 days", "Finish report|2027-01-11|-|-|-|-|-"),
        ("next fri dentist", "dentist|2027-01-15|-|-|-|-|-"),
        ("3日後 歯医者", "歯医者|2027-01-11|-|-|-|-|-"),
        ("来週水曜 会議", "会議|2027-01-13|-|-|-|-|-"),
        ("午後6時 電話する", "電話する|2027-01-09 18:00|-|-|-|-|-"),
        ("Buy sun cream", "Buy sun cream|-|-|-|-|-|-"),
        ("fri standup", "standup|2027-01-15|-|-|-|-|-"),
        ("Submit form from mon due fri", "Submit form|2027-01-15|-|-|-|-|2027-01-11"),
        ("Water plants every 2 weeks on mon,thu", "Water plants|2027-01-11|weekly/2:mon,thu|-|-|-|-"),
        ("Read \"tomorrow never dies\" tomorrow", "Read tomorrow never dies|2027-01-09|-|-|-|-|-"),
        ("牛乳を明日買う", "牛乳を買う|2027-01-09|-|-|-|-|-"),
        ("every weekday 9am standup", "standup|2027-01-11 09:00|weekly:mon,tue,wed,thu,fri|-|-|-|-"),
        ("来週月曜から 書類を出す", "書類を出す|-|-|-|-|-|2027-01-11"),
        ("jan 5 dentist", "dentist|2028-01-05|-|-|-|-|-"),
        ("in 2 hours call back", "call back|2027-01-08 21:00|-|-|-|-|-"),
        ("Buy milk", "Buy milk|-|-|-|-|-|-"),
        ("Buy milk today", "Buy milk|2027-01-08|-|-|-|-|-"),
        ("Buy milk tomorrow", "Buy milk|2027-01-09|-|-|-|-|-"),
        ("Buy milk tmr", "Buy milk|2027-01-09|-|-|-|-|-"),
        ("Buy milk tod", "Buy milk|2027-01-08|-|-|-|-|-"),
        ("Buy milk monday", "Buy milk|2027-01-11|-|-|-|-|-"),
        ("Buy milk on monday", "Buy milk|2027-01-11|-|-|-|-|-"),
        ("Buy milk on mon", "Buy milk|2027-01-11|-|-|-|-|-"),
        ("Buy milk mon 9am", "Buy milk|2027-01-11 09:00|-|-|-|-|-"),
        ("Buy milk tuesday", "Buy milk|2027-01-12|-|-|-|-|-"),
        ("Buy milk on tue", "Buy milk|2027-01-12|-|-|-|-|-"),
        ("Buy milk wednesday", "Buy milk|2027-01-13|-|-|-|-|-"),
        ("Buy milk wed", "Buy milk wed|-|-|-|-|-|-"),
        ("Buy milk on wed", "Buy milk|2027-01-13|-|-|-|-|-"),
        ("Buy milk thursday", "Buy milk|2027-01-14|-|-|-|-|-"),
        ("Buy milk thurs", "Buy milk|2027-01-14|-|-|-|-|-"),
        ("Buy milk friday", "Buy milk|2027-01-15|-|-|-|-|-"),
        ("Buy milk saturday", "Buy milk|2027-01-09|-|-|-|-|-"),
        ("Buy milk sat", "Buy milk sat|-|-|-|-|-|-"),
        ("Buy milk on sat", "Buy milk|2027-01-09|-|-|-|-|-"),
        ("Buy milk sunday", "Buy milk|2027-01-10|-|-|-|-|-"),
        ("Buy milk sun", "Buy milk sun|-|-|-|-|-|-"),
        ("Buy milk on sun", "Buy milk|2027-01-10|-|-|-|-|-"),
        ("Buy milk sun 10am", "Buy milk|2027-01-10 10:00|-|-|-|-|-"),
        ("Buy milk next monday", "Buy milk|2027-01-11|-|-|-|-|-"),
        ("Buy milk next sunday", "Buy milk|2027-01-17|-|-|-|-|-"),
        ("Buy milk this sunday", "Buy milk|2027-01-10|-|-|-|-|-"),
        ("Buy milk this friday", "Buy milk|2027-01-08|-|-|-|-|-"),
        ("Buy milk next week", "Buy milk|2027-01-11|-|-|-|-|-"),
        ("Buy milk next month", "Buy milk|2027-02-01|-|-|-|-|-"),
        ("Buy milk in 1 day", "Buy milk|2027-01-09|-|-|-|-|-"),
        ("Buy milk in 10 days", "Buy milk|2027-01-18|-|-|-|-|-"),
        ("Buy milk in a week", "Buy milk|2027-01-15|-|-|-|-|-"),
        ("Buy milk in 2 weeks", "Buy milk|2027-01-22|-|-|-|-|-"),
        ("Buy milk in 3 months", "Buy milk|2027-04-08|-|-|-|-|-"),
        ("Buy milk in 45 minutes", "Buy milk|2027-01-08 19:45|-|-|-|-|-"),
        ("Buy milk in an hour", "Buy milk|2027-01-08 20:00|-|-|-|-|-"),
        ("Buy milk in 3 hours", "Buy milk|2027-01-08 22:00|-|-|-|-|-"),
        ("Buy milk +2d", "Buy milk|2027-01-10|-|-|-|-|-"),
        ("Buy milk +1w", "Buy milk|2027-01-15|-|-|-|-|-"),
        ("Buy milk 2027-01-31", "Buy milk|2027-01-31|-|-|-|-|-"),
        ("Buy milk 2027-02-30", "Buy milk 2027-02-30|-|-|-|-|-|-"),
        ("Buy milk jan 31", "Buy milk|2027-01-31|-|-|-|-|-"),
        ("Buy milk january 31st", "Buy milk|2027-01-31|-|-|-|-|-"),
        ("Buy milk 31 jan", "Buy milk|2027-01-31|-|-|-|-|-"),
        ("Buy milk feb 29", "Buy milk|2028-02-29|-|-|-|-|-"),
        ("Buy milk feb 28 2028", "Buy milk|2028-02-28|-|-|-|-|-"),
        ("Buy milk dec 25", "Buy milk|2027-12-25|-|-|-|-|-"),
        ("Buy milk the 15th", "Buy milk|2027-01-15|-|-|-|-|-"),
        ("Buy milk on the 1st", "Buy milk|2027-02-01|-|-|-|-|-"),
        ("Buy milk 20th", "Buy milk|2027-01-20|-|-|-|-|-"),
        ("Buy milk at 9", "Buy milk|2027-01-09 09:00|-|-|-|-|-"),
        ("Buy milk at 9am", "Buy milk|2027-01-09 09:00|-|-|-|-|-"),
        ("Buy milk at 21:30", "Buy milk|2027-01-08 21:30|-|-|-|-|-"),
        ("Buy milk 9:30pm", "Buy milk|2027-01-08 21:30|-|-|-|-|-"),
        ("Buy milk 7 pm", "Buy milk|2027-01-09 19:00|-|-|-|-|-"),
        ("Buy milk noon", "Buy milk|2027-01-09 12:00|-|-|-|-|-"),
        ("Buy milk at noon", "Buy milk|2027-01-09 12:00|-|-|-|-|-"),
        ("Buy milk midnight", "Buy milk|2027-01-09 00:00|-|-|-|-|-"),
        ("Buy milk tomorrow at 8am", "Buy milk|2027-01-09 08:00|-|-|-|-|-"),
        ("Buy milk 8am tomorrow", "Buy milk|2027-01-09 08:00|-|-|-|-|-"),
        ("Buy milk at 8am on friday", "Buy milk|2027-01-15 08:00|-|-|-|-|-"),
        ("Buy milk fri at 8am", "Buy milk|2027-01-15 08:00|-|-|-|-|-"),
        ("Buy milk tomorrow noon", "Buy milk|2027-01-09 12:00|-|-|-|-|-"),
        ("Buy milk daily", "Buy milk|2027-01-08|daily|-|-|-|-"),
        ("Buy milk everyday", "Buy milk|2027-01-08|daily|-|-|-|-"),
        ("Buy milk weekly", "Buy milk|2027-01-08|weekly:fri|-|-|-|-"),
        ("Buy milk biweekly", "Buy milk|2027-01-08|weekly/2:fri|-|-|-|-"),
        ("Buy milk monthly", "Buy milk|2027-01-08|monthly|-|-|-|-"),
        ("Buy milk yearly", "Buy milk|2027-01-08|yearly|-|-|-|-"),
        ("Buy milk annually", "Buy milk|2027-01-08|yearly|-|-|-|-"),
        ("Buy milk every day", "Buy milk|2027-01-08|daily|-|-|-|-"),
        ("Buy milk every day at 7am", "Buy milk|2027-01-09 07:00|daily|-|-|-|-"),
        ("Buy milk every other day", "Buy milk|2027-01-08|daily/2|-|-|-|-"),
        ("Buy milk every 3 days", "Buy milk|2027-01-08|daily/3|-|-|-|-"),
        ("Buy milk every week", "Buy milk|2027-01-08|weekly:fri|-|-|-|-"),
        ("Buy milk every other week", "Buy milk|2027-01-08|weekly/2:fri|-|-|-|-"),
        ("Buy milk every 2 weeks", "Buy milk|2027-01-08|weekly/2:fri|-|-|-|-"),
        ("Buy milk every month", "Buy milk|2027-01-08|monthly|-|-|-|-"),
        ("Buy milk every 2 months", "Buy milk|2027-01-08|monthly/2|-|-|-|-"),
        ("Buy milk every year", "Buy milk|2027-01-08|yearly|-|-|-|-"),
        ("Buy milk every weekday", "Buy milk|2027-01-08|weekly:mon,tue,wed,thu,fri|-|-|-|-"),
        ("Buy milk every weekend", "Buy milk|2027-01-09|weekly:sat,sun|-|-|-|-"),
        ("Buy milk every monday", "Buy milk|2027-01-11|weekly:mon|-|-|-|-"),
        ("Buy milk every mon and thu", "Buy milk|2027-01-11|weekly:mon,thu|-|-|-|-"),
        ("Buy milk every mon,wed,fri", "Buy milk|2027-01-08|weekly:mon,wed,fri|-|-|-|-"),
        ("Buy milk every tuesday 7pm", "Buy milk|2027-01-12 19:00|weekly:tue|-|-|-|-"),
        ("Buy milk every 2 weeks on mon", "Buy milk|2027-01-11|weekly/2:mon|-|-|-|-"),
        ("Buy milk every month on the 15th", "Buy milk|2027-01-15|monthly|-|-|-|-"),
        ("Buy milk every 15th", "Buy milk|2027-01-15|monthly|-|-|-|-"),
        ("Buy milk every month on the 31st", "Buy milk|2027-01-31|monthly|-|-|-|-"),
        ("Buy milk #shopping", "Buy milk|-|-|-|shopping|-|-"),
        ("Buy milk #shopping #errands", "Buy milk|-|-|-|shopping,errands|-|-"),
        ("Buy milk #Shopping, today", "Buy milk|2027-01-08|-|-|Shopping|-|-"),
        ("Buy milk ^Groceries", "Buy milk|-|-|Groceries|-|-|-"),
        ("Buy milk ^\"Weekly Shop\"", "Buy milk|-|-|Weekly Shop|-|-|-"),
        ("Buy milk !", "Buy milk|-|-|-|-|low|-"),
        ("Buy milk !!", "Buy milk|-|-|-|-|medium|-"),
        ("Buy milk !!!", "Buy milk|-|-|-|-|high|-"),
        ("Buy milk !high", "Buy milk|-|-|-|-|high|-"),
        ("Buy milk !low", "Buy milk|-|-|-|-|low|-"),
        ("Buy milk !medium", "Buy milk|-|-|-|-|medium|-"),
        ("Buy milk from tomorrow", "Buy milk|-|-|-|-|-|2027-01-09"),
        ("Buy milk starting mon", "Buy milk|-|-|-|-|-|2027-01-11"),
        ("Buy milk from next week due fri", "Buy milk|2027-01-15|-|-|-|-|2027-01-11"),
        ("May I borrow your car", "May I borrow your car|-|-|-|-|-|-"),
        ("Call 911", "Call 911|-|-|-|-|-|-"),
        ("Read chapter 3", "Read chapter 3|-|-|-|-|-|-"),
        ("Fix bug #42 today", "Fix bug|2027-01-08|-|-|42|-|-"),
        ("Book \"next friday\" tickets", "Book next friday tickets|-|-|-|-|-|-"),
        ("Email Bob re: sat meeting", "Email Bob re: sat meeting|-|-|-|-|-|-"),
        ("Sun protection lotion", "Sun protection lotion|-|-|-|-|-|-"),
        ("Plan the wed dinner", "Plan the wed dinner|-|-|-|-|-|-"),
        ("Watch \"Monday night football\" monday", "Watch Monday night football|2027-01-11|-|-|-|-|-"),
        ("明日 牛乳", "牛乳|2027-01-09|-|-|-|-|-"),
        ("今日 掃除", "掃除|2027-01-08|-|-|-|-|-"),
        ("本日 提出", "提出|2027-01-08|-|-|-|-|-"),
        ("明後日 旅行の準備", "旅行の準備|2027-01-10|-|-|-|-|-"),
        ("あした 買い物", "買い物|2027-01-09|-|-|-|-|-"),
        ("あさって 美容院", "美容院|2027-01-10|-|-|-|-|-"),
        ("3日後に 返信する", "返信する|2027-01-11|-|-|-|-|-"),
        ("2週間後 歯医者", "歯医者|2027-01-22|-|-|-|-|-"),
        ("1か月後 更新", "更新|2027-02-08|-|-|-|-|-"),
        ("3ヶ月後 点検", "点検|2027-04-08|-|-|-|-|-"),
        ("2時間後に 電話", "電話|2027-01-08 21:00|-|-|-|-|-"),
        ("30分後 会議", "会議|2027-01-08 19:30|-|-|-|-|-"),
        ("来週 旅行", "旅行|2027-01-11|-|-|-|-|-"),
        ("来週金曜 飲み会", "飲み会|2027-01-15|-|-|-|-|-"),
        ("来週金曜日 飲み会", "飲み会|2027-01-15|-|-|-|-|-"),
        ("今週金曜 締め切り", "締め切り|2027-01-08|-|-|-|-|-"),
        ("今週月曜 締め切り", "締め切り|2027-01-11|-|-|-|-|-"),
        ("金曜日 ゴミ出し", "ゴミ出し|2027-01-15|-|-|-|-|-"),
        ("土曜 掃除", "掃除|2027-01-09|-|-|-|-|-"),
        ("来月 家賃", "家賃|2027-02-01|-|-|-|-|-"),
        ("1月31日 提出", "提出|2027-01-31|-|-|-|-|-"),
        ("2月29日 記念日", "記念日|2028-02-29|-|-|-|-|-"),
        ("2027年3月1日 引っ越し", "引っ越し|2027-03-01|-|-|-|-|-"),
        ("12月25日 パーティー", "パーティー|2027-12-25|-|-|-|-|-"),
        ("18時 夕食", "夕食|2027-01-09 18:00|-|-|-|-|-"),
        ("18時半 夕食", "夕食|2027-01-09 18:30|-|-|-|-|-"),
        ("9時30分 朝会", "朝会|2027-01-09 09:30|-|-|-|-|-"),
        ("午前9時 朝会", "朝会|2027-01-09 09:00|-|-|-|-|-"),
        ("午後3時 おやつ", "おやつ|2027-01-09 15:00|-|-|-|-|-"),
        ("正午 昼食", "昼食|2027-01-09 12:00|-|-|-|-|-"),
        ("明日の18時 夕食", "夕食|2027-01-09 18:00|-|-|-|-|-"),
        ("明日18時までに 提出", "提出|2027-01-09 18:00|-|-|-|-|-"),
        ("明日まで 提出", "提出|2027-01-09|-|-|-|-|-"),
        ("21:00に 電話", "電話|2027-01-08 21:00|-|-|-|-|-"),
        ("毎日 ストレッチ", "ストレッチ|2027-01-08|daily|-|-|-|-"),
        ("毎日7時 ストレッチ", "ストレッチ|2027-01-09 07:00|daily|-|-|-|-"),
        ("平日 朝会", "朝会|2027-01-08|weekly:mon,tue,wed,thu,fri|-|-|-|-"),
        ("毎平日 9時 朝会", "朝会|2027-01-11 09:00|weekly:mon,tue,wed,thu,fri|-|-|-|-"),
        ("毎週 掃除", "掃除|2027-01-08|weekly:fri|-|-|-|-"),
        ("毎週金曜 ゴミ出し", "ゴミ出し|2027-01-08|weekly:fri|-|-|-|-"),
        ("毎週月・木曜 ジム", "ジム|2027-01-11|weekly:mon,thu|-|-|-|-"),
        ("毎週月曜と木曜 ジム", "ジム|2027-01-11|weekly:mon,thu|-|-|-|-"),
        ("毎月 家賃", "家賃|2027-01-08|monthly|-|-|-|-"),
        ("毎月1日 家賃", "家賃|2027-02-01|monthly|-|-|-|-"),
        ("毎月25日 給料日", "給料日|2027-01-25|monthly|-|-|-|-"),
        ("毎年 誕生日", "誕生日|2027-01-08|yearly|-|-|-|-"),
        ("3日ごと 水やり", "水やり|2027-01-08|daily/3|-|-|-|-"),
        ("2週間ごと 散髪", "散髪|2027-01-08|weekly/2:fri|-|-|-|-"),
        ("明日 牛乳 #買い物 !!!", "牛乳|2027-01-09|-|-|買い物|high|-"),
        ("来週水曜 会議 ^仕事", "会議|2027-01-13|-|仕事|-|-|-"),
        ("「明日」という本を読む", "「明日」という本を読む|-|-|-|-|-|-"),
        ("牛乳を買う", "牛乳を買う|-|-|-|-|-|-"),
        ("ＦＲＩ ９ＡＭ 会議", "会議|2027-01-15 09:00|-|-|-|-|-"),
        ("明日１８時 夕食", "夕食|2027-01-09 18:00|-|-|-|-|-"),
    ]

    /// At 2027-03-27T10:00:00+01:00 in Europe/Berlin.
    static let berlinDST: [(String, String)] = [
        ("Call back in 24 hours", "Call back|2027-03-28 11:00|-|-|-|-|-"),
        ("Call back in 3 hours", "Call back|2027-03-27 13:00|-|-|-|-|-"),
        ("Night shift tomorrow 2:30am", "Night shift|2027-03-28 02:30|-|-|-|-|-"),
        ("Night shift tomorrow 1:30am", "Night shift|2027-03-28 01:30|-|-|-|-|-"),
        ("Shop sat", "Shop sat|-|-|-|-|-|-"),
        ("Shop on sat", "Shop|2027-04-03|-|-|-|-|-"),
        ("Shop sunday 10am", "Shop|2027-03-28 10:00|-|-|-|-|-"),
        ("Renew in 1 month", "Renew|2027-04-27|-|-|-|-|-"),
        ("Report the 31st", "Report|2027-03-31|-|-|-|-|-"),
        ("Report every month on the 31st", "Report|2027-03-31|monthly|-|-|-|-"),
        ("Report on the 30th", "Report|2027-03-30|-|-|-|-|-"),
        ("Rent next month", "Rent|2027-04-01|-|-|-|-|-"),
        ("Party feb 29", "Party|2028-02-29|-|-|-|-|-"),
        ("Pay every month on the 29th", "Pay|2027-03-29|monthly|-|-|-|-"),
        ("明日2時30分 夜勤", "夜勤|2027-03-28 02:30|-|-|-|-|-"),
        ("1か月後 更新", "更新|2027-04-27|-|-|-|-|-"),
        ("毎月31日 報告", "報告|2027-03-31|monthly|-|-|-|-"),
    ]

    /// At 2027-01-30T10:00:00+01:00 in Europe/Berlin.
    static let berlinMonthEnd: [(String, String)] = [
        ("Call back in 24 hours", "Call back|2027-01-31 10:00|-|-|-|-|-"),
        ("Call back in 3 hours", "Call back|2027-01-30 13:00|-|-|-|-|-"),
        ("Night shift tomorrow 2:30am", "Night shift|2027-01-31 02:30|-|-|-|-|-"),
        ("Night shift tomorrow 1:30am", "Night shift|2027-01-31 01:30|-|-|-|-|-"),
        ("Shop sat", "Shop sat|-|-|-|-|-|-"),
        ("Shop on sat", "Shop|2027-02-06|-|-|-|-|-"),
        ("Shop sunday 10am", "Shop|2027-01-31 10:00|-|-|-|-|-"),
        ("Renew in 1 month", "Renew|2027-02-28|-|-|-|-|-"),
        ("Report the 31st", "Report|2027-01-31|-|-|-|-|-"),
        ("Report every month on the 31st", "Report|2027-01-31|monthly|-|-|-|-"),
        ("Report on the 30th", "Report|2027-01-30|-|-|-|-|-"),
        ("Rent next month", "Rent|2027-02-01|-|-|-|-|-"),
        ("Party feb 29", "Party|2028-02-29|-|-|-|-|-"),
        ("Pay every month on the 29th", "Pay|2027-03-29|monthly|-|-|-|-"),
        ("明日2時30分 夜勤", "夜勤|2027-01-31 02:30|-|-|-|-|-"),
        ("1か月後 更新", "更新|2027-02-28|-|-|-|-|-"),
        ("毎月31日 報告", "報告|2027-01-31|monthly|-|-|-|-"),
    ]

    @Test(
        "a Friday evening in Tokyo: dates, times, repeats, sigils, start, garbage that stays in the title",
        arguments: tokyo)
    func tokyoPhrases(_ phrase: String, _ expected: String) {
        #expect(
            Self.summary(QuickAdd.parse(phrase, clock: Self.clock("2027-01-08T19:00:00+09:00", "Asia/Tokyo")))
                == expected)
    }

    @Test(
        "the day before Berlin's clocks go forward: hours count real time, a wall-clock time stays as typed",
        arguments: berlinDST)
    func dstPhrases(_ phrase: String, _ expected: String) {
        #expect(
            Self.summary(QuickAdd.parse(phrase, clock: Self.clock("2027-03-27T10:00:00+01:00", "Europe/Berlin")))
                == expected)
    }

    @Test("a month end: in 1 month, the 31st and the 29th skip to months that have them", arguments: berlinMonthEnd)
    func monthEndPhrases(_ phrase: String, _ expected: String) {
        #expect(
            Self.summary(QuickAdd.parse(phrase, clock: Self.clock("2027-01-30T10:00:00+01:00", "Europe/Berlin")))
                == expected)
    }

    @Test("each part carries its character range, so a chip can be shown and undone; an undone part is title text")
    func partsAndUndo() throws {
        let clock = Self.clock("2027-01-08T19:00:00+09:00", "Asia/Tokyo")
        let line = "Call mom tomorrow 6pm #family !high every sunday"
        let q = QuickAdd.parse(line, clock: clock)
        #expect(q.parts.map(\.kind) == [.due, .tag, .priority, .repeat])
        #expect(q.parts.map(\.text) == ["tomorrow 6pm", "#family", "!high", "every sunday"])
        let chars = Array(line)
        for part in q.parts { #expect(String(chars[part.range]) == part.text) }
        // Undo the due chip: its words are the title's again; the rest is still read.
        let due = try #require(q.parts.first { $0.kind == .due })
        let undone = QuickAdd.parse(line, clock: clock, literal: [due.range])
        #expect(undone.title == "Call mom tomorrow 6pm")
        #expect(undone.tags == ["family"] && undone.priority == .high)
        #expect(undone.repeatRule?.weekdays == [.sunday], "the repeat alone gives the first Sunday")
        #expect(Self.text(undone.due) == "2027-01-10")
        // Japanese ranges are characters too (grapheme clusters, not bytes).
        let ja = QuickAdd.parse("明日18時に牛乳を買う #買い物", clock: clock)
        #expect(ja.parts.map(\.text) == ["明日", "18時に", "#買い物"])
        #expect(ja.parts.map(\.range) == [0..<2, 2..<6, 12..<16])
    }

    @Test("ambiguity is read toward the future and said so; a repeat that cannot be kept stays in the title")
    func notes() {
        let clock = Self.clock("2027-01-08T19:00:00+09:00", "Asia/Tokyo")
        func notes(_ line: String) -> [String] {
            QuickAdd.parse(line, clock: clock).notes.map { $0.text(Localizer(.en)) }
        }
        #expect(
            notes("fri standup") == ["that weekday is today: read as next week, 2027-01-15 (write \"today\" for today)"]
        )
        #expect(notes("call 6pm") == ["18:00 has passed today: read as tomorrow, 2027-01-09"])
        #expect(notes("dentist jan 5") == ["that date has passed this year: read as 2028-01-05"])
        #expect(
            notes("gym tomorrow every monday") == [
                "2027-01-09 is not one of the repeat's days: the first is 2027-01-11"
            ])
        #expect(notes("Buy milk tomorrow").isEmpty)
        #expect(
            QuickAdd.parse("call 6pm", clock: clock).notes.first?.text(Localizer(.ja))
                == "18:00 は今日はもう過ぎています: 明日 2027-01-09 として読みました")
    }

    @Test("garbage never disappears: every character is either a part or the title")
    func nothingIsDropped() {
        let clock = Self.clock("2027-01-08T19:00:00+09:00", "Asia/Tokyo")
        var rng = SystemRandomNumberGenerator()
        let pieces = [
            "tomorrow", "6pm", "#x", "!", "^L", "every", "day", "mon", "明日", "18時", "毎週", "の", "に", "sun",
            "\"quoted text\"", "2027-02-30", "in", "3", "weeks", "cream", "牛乳", "from", "at", "the", "1st", "!!!",
        ]
        for _ in 0..<500 {
            let line = (0..<Int.random(in: 1...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
                .joined(separator: Bool.random(using: &rng) ? " " : "")
            let q = QuickAdd.parse(line, clock: clock)
            // What the parts cover plus what the title keeps is the whole line, less spaces and quote marks.
            func letters(_ s: String) -> Int { s.filter { $0 != " " && $0 != "\"" }.count }
            let covered = q.parts.reduce(0) { $0 + letters($1.text) }
            #expect(covered + letters(q.title) == letters(line), "\(line) → \(q.title) + \(q.parts.map(\.text))")
            // Parts do not overlap.
            let ranges = q.parts.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
            for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound <= b.lowerBound, "\(line)") }
        }
    }
}
