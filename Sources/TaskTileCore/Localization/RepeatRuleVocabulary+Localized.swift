extension RepeatRuleVocabulary {
    /// The vocabulary in `localizer`'s language, from the catalogue's `repeat.*` and `weekday.*`
    /// keys. In English it says exactly what `.english` says (a test keeps them equal).
    public init(_ localizer: Localizer) {
        let l = localizer
        self.init(
            every1: { frequency in
                switch frequency {
                case .daily: l.text("repeat.daily")
                case .weekly: l.text("repeat.weekly")
                case .monthly: l.text("repeat.monthly")
                case .yearly: l.text("repeat.yearly")
                }
            },
            everyN: { n, frequency in
                switch frequency {
                case .daily: l.text("repeat.everyDays", n)
                case .weekly: l.text("repeat.everyWeeks", n)
                case .monthly: l.text("repeat.everyMonths", n)
                case .yearly: l.text("repeat.everyYears", n)
                }
            },
            weekday: { l.text($0.catalogueKey) },
            weekdaySeparator: l.text("repeat.weekdaySeparator"),
            everyNWeeksOn: { n, days in l.text("repeat.everyWeeksOn", n, days) },
            remaining: { l.text("repeat.remaining", $0) },
            until: { l.text("repeat.until", $0) },
            separator: l.text("repeat.separator"))
    }

    /// Japanese (SPEC §8): `毎日`, `3日ごと`, `月・水`, `2週間ごと 金曜`, `毎月 · 残り2回`,
    /// `毎年 · 2027-12-31まで`.
    public static let japanese = RepeatRuleVocabulary(Localizer(.ja))

    /// The vocabulary for a language.
    public static func forLanguage(_ language: Language) -> RepeatRuleVocabulary {
        language == .ja ? japanese : english
    }
}

extension Weekday {
    /// `weekday.mon` … `weekday.sun`: the short name (`Mon`, `月`).
    public var catalogueKey: String { "weekday.\(rawValue)" }
}
