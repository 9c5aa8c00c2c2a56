extension RepeatRuleError {
    /// The message in `localizer`'s language; `description` is the English one.
    public func message(_ localizer: Localizer) -> String { phrase.text(localizer) }

    /// The message as a `Phrase`, for messages that quote it (an RRULE that could not be imported).
    public var phrase: Phrase {
        switch self {
        case .intervalOutOfRange(let n):
            Phrase(key: .repeatErrorIntervalOutOfRange, RepeatRule.intervalRange.lowerBound, RepeatRule.intervalRange.upperBound, n)
        case .weeklyWithoutWeekdays: Phrase(key: .repeatErrorWeeklyWithoutWeekdays)
        case .weekdaysWithoutWeekly(let frequency): Phrase(key: .repeatErrorWeekdaysWithoutWeekly, frequency.rawValue)
        case .countOutOfRange(let n): Phrase(key: .repeatErrorCountOutOfRange, n)
        case .untilBeforeFirstOccurrence(let until, let first): Phrase(key: .repeatErrorUntilBeforeFirst, until, first)
        case .nthWeekdayWithoutMonthlyOrYearly(let frequency): Phrase(key: .repeatErrorNthWithoutMonthly, frequency.rawValue)
        case .nthWeekdayOrdinalOutOfRange(let n): Phrase(key: .repeatErrorNthOrdinalOutOfRange, n)
        case .nthWeekdayNeverOccurs(let nth): Phrase(key: .repeatErrorNthNeverOccurs, nth.phrase)
        case .skipShortMonthsWithoutDayOfMonth(let frequency): Phrase(key: .repeatErrorSkipWithoutDayOfMonth, frequency.rawValue)
        case .goalWithoutWeeklyOrMonthly(let frequency): Phrase(key: .repeatErrorGoalFrequency, frequency.rawValue)
        case .goalOutOfRange(let goal, let max): Phrase(key: .repeatErrorGoalRange, String(goal), String(max))
        case .goalWithTimedDue(let due): Phrase(key: .repeatErrorGoalTimed, due)
        case .fromCompletionWithDays: Phrase(key: .repeatErrorFromCompletionDays)
        case .fromCompletionWithCount: Phrase(key: .repeatErrorFromCompletionCount)
        }
    }
}

extension RepeatRuleError: ReportableError {
    public var exitCode: ExitCode { .usage }
    public var showsUsage: Bool { true }
}
