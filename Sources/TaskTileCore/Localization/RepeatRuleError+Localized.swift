extension RepeatRuleError {
    /// The message in `localizer`'s language; in English it is `description` (a test keeps them equal).
    public func message(_ localizer: Localizer) -> String {
        let l = localizer
        switch self {
        case .intervalOutOfRange(let n):
            return l.text("repeat.error.intervalOutOfRange", RepeatRule.intervalRange.lowerBound, RepeatRule.intervalRange.upperBound, n)
        case .weeklyWithoutWeekdays: return l.text("repeat.error.weeklyWithoutWeekdays")
        case .weekdaysWithoutWeekly(let frequency): return l.text("repeat.error.weekdaysWithoutWeekly", frequency.rawValue)
        case .countOutOfRange(let n): return l.text("repeat.error.countOutOfRange", n)
        case .untilBeforeFirstOccurrence(let until, let first): return l.text("repeat.error.untilBeforeFirst", until, first)
        }
    }
}
