extension RepeatRuleError {
    /// The message in `localizer`'s language; in English it is `description` (a test keeps them equal).
    public func message(_ localizer: Localizer) -> String {
        let l = localizer
        switch self {
        case .intervalOutOfRange(let n):
            return l.text(.repeatErrorIntervalOutOfRange, RepeatRule.intervalRange.lowerBound, RepeatRule.intervalRange.upperBound, n)
        case .weeklyWithoutWeekdays: return l.text(.repeatErrorWeeklyWithoutWeekdays)
        case .weekdaysWithoutWeekly(let frequency): return l.text(.repeatErrorWeekdaysWithoutWeekly, frequency.rawValue)
        case .countOutOfRange(let n): return l.text(.repeatErrorCountOutOfRange, n)
        case .untilBeforeFirstOccurrence(let until, let first): return l.text(.repeatErrorUntilBeforeFirst, until, first)
        }
    }
}
