extension RepeatRuleVocabulary {
    /// The vocabulary in `localizer`'s language, from the catalogue's `repeat.*` and `weekday.*`
    /// keys.
    public init(_ localizer: Localizer) {
        let l = localizer
        self.init(
            every1: { frequency in
                switch frequency {
                case .daily: l.text(.repeatDaily)
                case .weekly: l.text(.repeatWeekly)
                case .monthly: l.text(.repeatMonthly)
                case .yearly: l.text(.repeatYearly)
                }
            },
            everyN: { n, frequency in
                switch frequency {
                case .daily: l.text(.repeatEveryDays, n)
                case .weekly: l.text(.repeatEveryWeeks, n)
                case .monthly: l.text(.repeatEveryMonths, n)
                case .yearly: l.text(.repeatEveryYears, n)
                }
            },
            weekday: { l.text($0.catalogueKey) },
            weekdaySeparator: l.text(.repeatWeekdaySeparator),
            everyNWeeksOn: { n, days in l.text(.repeatEveryWeeksOn, n, days) },
            remaining: { l.text(.repeatRemaining, $0) },
            until: { l.text(.repeatUntil, $0) },
            separator: l.text(.repeatSeparator),
            nthWeekday: { $0.phrase.text(l) },
            monthlyOn: { n, day in n == 1 ? l.text(.repeatMonthlyOn, day) : l.text(.repeatEveryMonthsOn, n, day) },
            yearlyOn: { n, day, month in
                let m = l.text(Localizer.monthKeys[min(max(month, 1), 12) - 1])
                return n == 1 ? l.text(.repeatYearlyOn, day, m) : l.text(.repeatEveryYearsOn, n, day, m)
            },
            monthlySkipping: { n, day in RepeatRuleVocabulary.monthlySkippingText(l, n, day) },
            yearlyOnLeapDay: { n in RepeatRuleVocabulary.yearlyOnLeapDayText(l, n) },
            timesPer: { g, n, f in RepeatRuleVocabulary.timesPerText(l, g, n, f) },
            afterCompletion: { n, f in RepeatRuleVocabulary.afterCompletionText(l, n, f) })
    }

    /// `repeat.monthlySkipping` / `repeat.everyMonthsSkipping` with the day as `repeat.day.29` … `repeat.day.31`
    /// (`31st`, `31日`); another day (a corrupt row) reads as its number.
    static func monthlySkippingText(_ l: Localizer, _ n: Int, _ day: Int) -> String {
        let keys: [Int: StringKey] = [29: .repeatDay29, 30: .repeatDay30, 31: .repeatDay31]
        let dayText = keys[day].map { l.text($0) } ?? String(day)
        return n == 1 ? l.text(.repeatMonthlySkipping, dayText) : l.text(.repeatEveryMonthsSkipping, n, dayText)
    }

    /// `repeat.timesAWeek`, `repeat.timesEveryWeeks`, and the same for months, plural by the target: `Once a week`,
    /// `3 times a week`, `3 times every 2 weeks`, `週3回`, `2週ごとに3回`. A daily or yearly frequency (not a rule with a
    /// target) reads as weeks.
    static func timesPerText(_ l: Localizer, _ goal: Int, _ n: Int, _ frequency: RepeatRule.Frequency) -> String {
        let monthly = frequency == .monthly
        if n == 1 { return l.text(monthly ? .repeatTimesAMonth : .repeatTimesAWeek, goal) }
        return l.text(monthly ? .repeatTimesEveryMonths : .repeatTimesEveryWeeks, n, goal)
    }

    /// `repeat.afterCompletion.days` and the same for weeks, months and years, plural by the interval: `Every week
    /// after completion`, `Every 3 days after completion`, `完了から1週間ごと`, `完了から3日ごと`.
    static func afterCompletionText(_ l: Localizer, _ n: Int, _ frequency: RepeatRule.Frequency) -> String {
        let key: StringKey
        switch frequency {
        case .daily: key = .repeatAfterCompletionDays
        case .weekly: key = .repeatAfterCompletionWeeks
        case .monthly: key = .repeatAfterCompletionMonths
        case .yearly: key = .repeatAfterCompletionYears
        }
        return l.text(key, n)
    }

    /// `repeat.yearlyOnLeapDay` / `repeat.everyYearsOnLeapDay`.
    static func yearlyOnLeapDayText(_ l: Localizer, _ n: Int) -> String {
        n == 1 ? l.text(.repeatYearlyOnLeapDay) : l.text(.repeatEveryYearsOnLeapDay, n)
    }

    /// English, as in docs/lists-and-todos.md "show": `Daily`, `Every 3 days`, `Mon, Wed`, `Every 2 weeks on Fri`,
    /// `Monthly · 2 left`, `Yearly · until 2027-12-31`.
    public static let english = RepeatRuleVocabulary(Localizer(.en))

    /// Japanese (docs/language.md "Key terms"): `毎日`, `3日ごと`, `月・水`, `2週間ごと 金曜`, `毎月 · 残り2回`,
    /// `毎年 · 2027-12-31まで`.
    public static let japanese = RepeatRuleVocabulary(Localizer(.ja))

    /// The vocabulary for a language.
    public static func forLanguage(_ language: Language) -> RepeatRuleVocabulary { byLanguage[language]! }

    /// Every language's, built once from its catalogue.
    static let byLanguage: [Language: RepeatRuleVocabulary] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { ($0, RepeatRuleVocabulary(Localizer($0))) })
}

extension RepeatRule.NthWeekday {
    /// `repeat.nth.1` … `repeat.nth.5`, `repeat.nth.-1` … `repeat.nth.-5` with the weekday's long name: `the 3rd
    /// Thursday`, `the last Friday`, `第3木曜日`, `最終金曜日`. An ordinal outside −5…5 (a corrupt row) reads as its number.
    public var phrase: Phrase {
        let keys: [Int: StringKey] = [1: .repeatNth1, 2: .repeatNth2, 3: .repeatNth3, 4: .repeatNth4, 5: .repeatNth5,
                                      -1: .repeatNthLast, -2: .repeatNthLast2, -3: .repeatNthLast3,
                                      -4: .repeatNthLast4, -5: .repeatNthLast5]
        guard let key = keys[ordinal] else { return "\(ordinal) \(weekday.fullName)" }
        return Phrase(key: key, Phrase(key: weekday.longCatalogueKey))
    }
}

extension Weekday {
    /// `weekdayLong.mon` … `weekdayLong.sun`: the full name (`Monday`, `月曜日`).
    public var longCatalogueKey: StringKey {
        switch self {
        case .monday: .weekdayLongMon
        case .tuesday: .weekdayLongTue
        case .wednesday: .weekdayLongWed
        case .thursday: .weekdayLongThu
        case .friday: .weekdayLongFri
        case .saturday: .weekdayLongSat
        case .sunday: .weekdayLongSun
        }
    }

    /// `weekday.mon` … `weekday.sun`: the short name (`Mon`, `月`).
    public var catalogueKey: StringKey {
        switch self {
        case .monday: .weekdayMon
        case .tuesday: .weekdayTue
        case .wednesday: .weekdayWed
        case .thursday: .weekdayThu
        case .friday: .weekdayFri
        case .saturday: .weekdaySat
        case .sunday: .weekdaySun
        }
    }
}
