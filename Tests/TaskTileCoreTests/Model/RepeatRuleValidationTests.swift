import Testing
@testable import TaskTileCore

/// `RepeatRule.validate()` (docs/cycles.md "Repeat rules").
@Suite struct RepeatRuleValidationTests {
    @Test(arguments: [
        RepeatRule(frequency: .daily),
        RepeatRule(frequency: .daily, interval: 999),
        RepeatRule(frequency: .weekly, interval: 2, weekdays: [.monday]),
        RepeatRule(frequency: .monthly, end: .afterCount(1)),
        RepeatRule(frequency: .yearly, end: .until(LocalDate(year: 2027, month: 1, day: 1)!)),
    ])
    func validRules(_ rule: RepeatRule) {
        #expect(throws: Never.self) { try rule.validate() }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let rule: RepeatRule
        let error: RepeatRuleError
        let message: String
        var testDescription: String { message }
    }

    @Test(arguments: [
        Case(rule: RepeatRule(frequency: .daily, interval: 0), error: .intervalOutOfRange(0),
             message: "The repeat interval (--every) must be 1…999, got 0."),
        Case(rule: RepeatRule(frequency: .monthly, interval: 1000), error: .intervalOutOfRange(1000),
             message: "The repeat interval (--every) must be 1…999, got 1000."),
        Case(rule: RepeatRule(frequency: .weekly, interval: -2, weekdays: [.monday]), error: .intervalOutOfRange(-2),
             message: "The repeat interval (--every) must be 1…999, got -2."),
        Case(rule: RepeatRule(frequency: .weekly), error: .weeklyWithoutWeekdays,
             message: "A weekly repeat needs at least one weekday."),
        Case(rule: RepeatRule(frequency: .monthly, weekdays: [.friday]), error: .weekdaysWithoutWeekly(.monthly),
             message: "Weekdays can only be chosen for a weekly repeat, not a monthly one."),
        Case(rule: RepeatRule(frequency: .daily, end: .afterCount(0)), error: .countOutOfRange(0),
             message: "A repeat that ends after a number of occurrences needs at least 1, got 0."),
    ])
    func invalidRules(_ c: Case) {
        #expect(throws: c.error) { try c.rule.validate() }
        #expect(c.error.description == c.message)
    }

    @Test func untilMustNotPrecedeTheFirstOccurrence() throws {
        let anchor = Due.date(LocalDate(year: 2027, month: 1, day: 9)!) // a Saturday
        let sunday = LocalDate(year: 2027, month: 1, day: 10)!
        let rule = RepeatRule(frequency: .weekly, weekdays: [.monday], end: .until(sunday))
        #expect(throws: RepeatRuleError.untilBeforeFirstOccurrence(until: sunday, first: LocalDate(year: 2027, month: 1, day: 11)!)) {
            try rule.validate(anchor: anchor)
        }
        #expect(RepeatRuleError.untilBeforeFirstOccurrence(until: sunday, first: LocalDate(year: 2027, month: 1, day: 11)!)
                .description == "The repeat end date 2027-01-10 is before the first occurrence on 2027-01-11.")
        // The same day as the first occurrence is fine: until is inclusive.
        try RepeatRule(frequency: .weekly, weekdays: [.monday], end: .until(LocalDate(year: 2027, month: 1, day: 11)!))
            .validate(anchor: anchor)
    }
}
