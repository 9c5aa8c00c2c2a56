import TaskTileCommandLine
import TaskTileCore

/// The options `add` and `edit` share: due, repeat and notes (docs/lists-and-todos.md "Due input", docs/cycles.md "Repeat rules").
enum TodoOptions {
    static let due = Option.value("--due", valueName: "when", help: "When it is due: 2027-01-31, 2027-01-31 09:00, today 18:00, tomorrow, fri 9am, jan 31, +2d, in 3 hours.")
    static let notes = Option.value("--notes", valueName: "text", help: "Free-form notes.")
    static let repeatFrequency = Option.value("--repeat", valueName: "frequency", help: "Repeat the todo (needs --due).", values: ["daily", "weekly", "monthly", "yearly"])
    static let every = Option.value("--every", valueName: "n", help: "Every N days/weeks/months/years, 1…999.", defaultValue: "1")
    static let on = Option.value("--on", valueName: "days", help: "Weekly: weekdays, e.g. mon,wed,fri (default: the due's weekday). Monthly or yearly: one weekday of the month, e.g. 3thu, 2nd-tue, last-fri, -1fr (default: the due's day of month).")
    static let times = Option.value("--times", valueName: "n", help: "End after N occurrences (counting the first).")
    static let until = Option.value("--until", valueName: "date", help: "End after this date (YYYY-MM-DD, inclusive).")
    static let skipShortMonths = Option.flag("--skip-short-months", help: "Monthly from the 29th–31st or yearly from Feb 29: skip the months (years) without that day, as RFC 5545 calendars do, instead of moving to the month's last day.")
    static let afterCompletion = Option.flag("--after-completion", help: "Repeat from completion: the next due is the day (or time) it is done plus the interval; never missed, only overdue until done.")
    static let goal = Option.value("--goal", valueName: "n", help: "Weekly or monthly: a target per period, N check-ins on distinct days (the period is the week or month; each done adds one). Needs a date-only --due.")
    /// The repeat declarations `add` and `edit` take, in help order.
    static let repeatOptions: [OptionSpec] = [
        repeatFrequency.spec, every.spec, on.spec, times.spec, until.spec, skipShortMonths.spec, afterCompletion.spec, goal.spec,
    ]

    /// Reads `--repeat/--every/--on/--times/--until/--skip-short-months` into a rule checked by
    /// `RepeatRule.validate(anchor:)` against `due` (the series' first due); nil when `--repeat` is
    /// absent. A weekly rule without `--on` repeats on the due's weekday.
    /// - Throws: `UsageError` (exit 64) naming the option, the value and what is accepted;
    ///   `RepeatRuleError` (exit 64, worded by `message(for:)`) for a rule `validate` refuses.
    /// - Parameter checkAgainstDue: false when `due` is only a stand-in (edit without `--due`, where
    ///   the todo's own due is known later): then only `RepeatRule.validate()` runs.
    static func repeatRule(_ a: ParsedArguments, due: Due?, spec: CommandSpec, checkAgainstDue: Bool = true) throws -> RepeatRule? {
        func fail(_ m: Phrase) -> UsageError { UsageError(message: m, spec: spec) }
        guard let f = a[repeatFrequency] else {
            let dependent = [every.spec, on.spec, times.spec, until.spec, skipShortMonths.spec, goal.spec, afterCompletion.spec]
            for o in dependent where a.has(o) {
                throw fail(Phrase(key: .repeatOptionNeedsRepeat, o.names[0]))
            }
            return nil
        }
        let frequency = RepeatRule.Frequency(rawValue: f)!
        guard let due else { throw fail(Phrase(key: .repeatOptionNeedsDue)) }
        var rule = RepeatRule(frequency: frequency)
        if let e = a[every] {
            guard let n = Int(e) else { throw fail(Phrase(key: .repeatOptionEveryNotNumber, e)) }
            rule.interval = n
        }
        if let on = a[on], let nth = try nthWeekday(on, fail: fail) {
            rule.nthWeekday = nth
        } else if let on = a[on] {
            for word in on.split(separator: ",", omittingEmptySubsequences: false) {
                guard let w = Weekday(name: word.trimmingCharacters(in: .whitespaces)) else {
                    throw fail(Phrase(key: .repeatOptionNotWeekday, on, word))
                }
                rule.weekdays.insert(w)
            }
        } else if frequency == .weekly && !a.has(goal) {
            rule.weekdays = [due.localDate.weekday]
        }
        if a[skipShortMonths] { rule.skipsShortMonths = true }
        if a[afterCompletion] {
            if a.has(on) { throw RepeatOptionError(error: .fromCompletionWithDays) }
            rule.fromCompletion = true
        }
        if let g = a[goal] {
            guard let n = Int(g) else { throw fail(Phrase(key: .repeatErrorGoalNotANumber, g)) }
            if a.has(on) { throw fail(Phrase(key: .repeatErrorGoalWithOn)) }
            rule.goal = n
        }
        if a.has(times) && a.has(until) { throw fail(Phrase(key: .repeatOptionTimesOrUntil)) }
        if let t = a[times] {
            guard let n = Int(t), n <= maxTimes else {
                throw fail(Phrase(key: .repeatOptionTimesRange, t, maxTimes))
            }
            rule.end = .afterCount(n)
        }
        if let u = a[until] {
            guard let d = LocalDate(iso: u) else {
                throw fail(Phrase(key: .repeatOptionUntilNotDate, u))
            }
            rule.end = .until(d)
        }
        // A refused rule reaches the error funnel worded in the CLI's terms (`message(for:)`:
        // it names the option), with the usage line of the command being run.
        do {
            if checkAgainstDue { try rule.validate(anchor: due) } else { try rule.validate() }
        } catch {
            throw RepeatOptionError(error: error)
        }
        return rule
    }

    /// `--on` as "the Nth weekday of the month" (docs/cycles.md "Repeat rules"), or nil when `on` is a plain weekday list
    /// (`mon,wed`) for the weekly form. An entry that starts with a digit, a sign or `last` is an Nth weekday:
    /// `3thu`, `3-thu`, `3rd-thu`, `3rdthu`, `3th` (RFC 5545 `weekdaynum`), `last-fri`, `lastfri`, `-1fr`, `-2fri`, with the
    /// weekday as `thu`, `thursday` or the RFC code `th`. The ordinal is returned as typed (`6thu` too):
    /// `RepeatRule.validate()` refuses one outside −5…−1, 1…5 and an Nth weekday on a daily or weekly rule.
    /// - Throws: `UsageError` for an entry that is not of this form, or for several of them (`1mon,3mon`).
    static func nthWeekday(_ on: String, fail: (Phrase) -> UsageError) throws -> RepeatRule.NthWeekday? {
        let words = on.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func looksNth(_ w: String) -> Bool { w.first.map { $0.isNumber || $0 == "-" || $0 == "+" } == true || w.hasPrefix("last") }
        guard words.contains(where: looksNth) else { return nil }
        guard words.count == 1 else { throw fail(Phrase(key: .repeatOptionOneNthWeekday, on)) }
        let word = words[0]
        guard let nth = parseNthWeekday(word) else { throw fail(Phrase(key: .repeatOptionNotNthWeekday, on, word)) }
        return nth
    }

    /// One Nth-weekday entry (see `nthWeekday(_:fail:)`), lower case; nil when it is not of that form.
    static func parseNthWeekday(_ word: String) -> RepeatRule.NthWeekday? {
        func weekday(_ s: Substring) -> Weekday? {
            let s = s.hasPrefix("-") ? s.dropFirst() : s
            if let w = Weekday(name: s) { return w }
            let codes: [String: Weekday] = ["mo": .monday, "tu": .tuesday, "we": .wednesday, "th": .thursday,
                                            "fr": .friday, "sa": .saturday, "su": .sunday]
            return codes[String(s)]
        }
        var rest = Substring(word)
        var ordinal: Int
        if rest.hasPrefix("last") {
            rest = rest.dropFirst(4)
            ordinal = -1
        } else {
            var sign = 1
            if rest.hasPrefix("-") { sign = -1; rest = rest.dropFirst() } else if rest.hasPrefix("+") { rest = rest.dropFirst() }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 3, let n = Int(digits) else { return nil }
            ordinal = sign * n
            rest = rest.dropFirst(digits.count)
            // `3th` is the RFC code for Thursday; only otherwise is `th` an English suffix (`3rd`, `4th-fri`).
            if weekday(rest) == nil {
                for suffix in ["st", "nd", "rd", "th"] where rest.hasPrefix(suffix) {
                    rest = rest.dropFirst(2)
                    break
                }
                // `2nd-last-fri`, `2nd-to-last-fri`: counted from the end.
                for last in ["-to-last", "-last", "last"] where sign == 1 && rest.hasPrefix(last) {
                    rest = rest.dropFirst(last.count)
                    ordinal = -ordinal
                    break
                }
            }
        }
        guard let day = weekday(rest) else { return nil }
        return RepeatRule.NthWeekday(ordinal, day)
    }

    /// The largest `--times`: a sanity bound for typing mistakes, far beyond any real series.
    static let maxTimes = 100_000

    /// A refused repeat rule in the CLI's words (exit 64 with the usage line).
    struct RepeatOptionError: ReportableError {
        var error: RepeatRuleError
        var exitCode: ExitCode { .usage }
        var showsUsage: Bool { true }
        func message(_ l: Localizer) -> String { TodoOptions.message(for: error, l) }
    }

    /// A rule error in the CLI's words, in the user's language: names the option that caused it.
    static func message(for error: RepeatRuleError, _ l: Localizer = Localizer(.en)) -> String {
        let text = error.message(l)
        switch error {
        case .intervalOutOfRange: return text
        case .weekdaysWithoutWeekly(let frequency) where frequency == .monthly || frequency == .yearly:
            return l.text(.repeatOptionOnNeedsWeekOfMonth, text, frequency.rawValue)
        case .weekdaysWithoutWeekly: return l.text(.repeatOptionOnNeedsWeekly, text)
        case .nthWeekdayWithoutMonthlyOrYearly, .nthWeekdayNeverOccurs: return l.text(.repeatOptionOn, text)
        case .nthWeekdayOrdinalOutOfRange: return l.text(.repeatOptionOnNth, text)
        case .weeklyWithoutWeekdays: return l.text(.repeatOptionOn, text)
        case .countOutOfRange: return l.text(.repeatOptionTimes, text)
        case .untilBeforeFirstOccurrence: return l.text(.repeatOptionUntil, text)
        case .skipShortMonthsWithoutDayOfMonth: return l.text(.repeatOptionSkipShortMonths, text)
        case .goalWithoutWeeklyOrMonthly, .goalOutOfRange, .goalWithTimedDue: return text // these name --goal themselves
        case .fromCompletionWithDays, .fromCompletionWithCount: return text // and --after-completion
        }
    }
}
