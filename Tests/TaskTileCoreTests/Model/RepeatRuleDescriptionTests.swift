import Testing
@testable import TaskTileCore

/// The repeat line of `show` (docs/lists-and-todos.md "show").
@Suite struct RepeatRuleDescriptionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let rule: RepeatRule
        let currentIndex: Int
        let english: String
        var testDescription: String { english }
    }

    @Test(arguments: [
        Case(rule: RepeatRule(frequency: .daily), currentIndex: 0, english: "Daily"),
        Case(rule: RepeatRule(frequency: .daily, interval: 3), currentIndex: 0, english: "Every 3 days"),
        Case(rule: RepeatRule(frequency: .weekly), currentIndex: 0, english: "Weekly"),
        Case(rule: RepeatRule(frequency: .weekly, weekdays: [.wednesday, .monday]), currentIndex: 0, english: "Mon, Wed"),
        Case(rule: RepeatRule(frequency: .weekly, interval: 2, weekdays: [.friday]), currentIndex: 0,
             english: "Every 2 weeks on Fri"),
        Case(rule: RepeatRule(frequency: .weekly, interval: 2, weekdays: [.sunday, .saturday]), currentIndex: 0,
             english: "Every 2 weeks on Sat, Sun"),
        Case(rule: RepeatRule(frequency: .weekly, interval: 4), currentIndex: 0, english: "Every 4 weeks"),
        Case(rule: RepeatRule(frequency: .monthly), currentIndex: 0, english: "Monthly"),
        Case(rule: RepeatRule(frequency: .monthly, interval: 2), currentIndex: 0, english: "Every 2 months"),
        Case(rule: RepeatRule(frequency: .yearly), currentIndex: 0, english: "Yearly"),
        Case(rule: RepeatRule(frequency: .yearly, interval: 10), currentIndex: 0, english: "Every 10 years"),
        // afterCount(5): cycles 0…4; at cycle 2, cycles 3 and 4 are left.
        Case(rule: RepeatRule(frequency: .monthly, end: .afterCount(5)), currentIndex: 2, english: "Monthly · 2 left"),
        Case(rule: RepeatRule(frequency: .monthly, end: .afterCount(5)), currentIndex: 4, english: "Monthly · 0 left"),
        Case(rule: RepeatRule(frequency: .monthly, end: .afterCount(5)), currentIndex: 9, english: "Monthly · 0 left"),
        Case(rule: RepeatRule(frequency: .daily, end: .afterCount(Int.min)), currentIndex: Int.max,
             english: "Daily · 0 left"),
        Case(rule: RepeatRule(frequency: .yearly, end: .until(LocalDate(year: 2027, month: 12, day: 31)!)),
             currentIndex: 0, english: "Yearly · until 2027-12-31"),
        Case(rule: RepeatRule(frequency: .daily, interval: 0), currentIndex: 0, english: "Every 0 days"),
    ])
    func english(_ c: Case) {
        #expect(c.rule.summary(currentIndex: c.currentIndex) == c.english)
    }

    /// Another language is another vocabulary; the structure stays.
    @Test func vocabularyIsSwappable() {
        var other = RepeatRuleVocabulary.english
        other.weekday = { String($0.rawValue.uppercased().prefix(2)) }
        other.weekdaySeparator = "・"
        other.everyNWeeksOn = { n, days in "\(n)週間ごと \(days)" }
        other.remaining = { "残り\($0)回" }
        other.separator = " / "
        let rule = RepeatRule(frequency: .weekly, interval: 2, weekdays: [.monday, .wednesday], end: .afterCount(3))
        #expect(rule.summary(currentIndex: 0, vocabulary: other) == "2週間ごと MO・WE / 残り2回")
        #expect(rule.describe(currentIndex: 0)
                == RepeatRuleDescription(cadence: .weekly(interval: 2, weekdays: [.monday, .wednesday]),
                                         ending: .remaining(2)))
    }
}

/// A habit with a target per period reads as people say it: `3 times a week`, `週3回`; so does a rule that repeats
/// from completion: `Every week after completion`, `完了から1週間ごと`.
@Suite struct GoalRepeatDescriptionTests {
    @Test(arguments: [
        (RepeatRule(frequency: .weekly, goal: 3), "3 times a week", "週3回"),
        (RepeatRule(frequency: .weekly, goal: 1), "Once a week", "週1回"),
        (RepeatRule(frequency: .weekly, interval: 2, goal: 3), "3 times every 2 weeks", "2週ごとに3回"),
        (RepeatRule(frequency: .weekly, interval: 2, goal: 1), "Once every 2 weeks", "2週ごとに1回"),
        (RepeatRule(frequency: .monthly, goal: 10), "10 times a month", "月10回"),
        (RepeatRule(frequency: .monthly, goal: 1), "Once a month", "月1回"),
        (RepeatRule(frequency: .monthly, interval: 3, goal: 20), "20 times every 3 months", "3か月ごとに20回"),
        (RepeatRule(frequency: .monthly, end: .afterCount(5), goal: 10), "10 times a month · 4 left", "月10回 · 残り4回"),
        (RepeatRule(frequency: .weekly, fromCompletion: true), "Every week after completion", "完了から1週間ごと"),
        (RepeatRule(frequency: .daily, interval: 3, fromCompletion: true), "Every 3 days after completion", "完了から3日ごと"),
        (RepeatRule(frequency: .monthly, fromCompletion: true), "Every month after completion", "完了から1か月ごと"),
        (RepeatRule(frequency: .yearly, interval: 2, end: .until(LocalDate(iso: "2030-01-01")!), fromCompletion: true),
         "Every 2 years after completion · until 2030-01-01", "完了から2年ごと · 2030-01-01まで"),
    ])
    func goal(_ rule: RepeatRule, _ english: String, _ japanese: String) {
        #expect(rule.summary(currentIndex: 0) == english)
        #expect(rule.summary(currentIndex: 0, vocabulary: .japanese) == japanese)
    }
}
