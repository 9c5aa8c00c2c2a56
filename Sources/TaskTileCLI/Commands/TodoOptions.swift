import TaskTileCore

/// The options `add` and `edit` share: due, repeat and notes (SPEC §11).
enum TodoOptions {
    static let due = OptionSpec.value("--due", valueName: "when", help: "When it is due: 2027-01-31, 2027-01-31 09:00, today 18:00, tomorrow, fri 9am, jan 31, +2d, in 3 hours.")
    static let notes = OptionSpec.value("--notes", valueName: "text", help: "Free-form notes.")
    static let repeatOptions: [OptionSpec] = [
        .value("--repeat", valueName: "frequency", help: "Repeat the todo (needs --due).", values: ["daily", "weekly", "monthly", "yearly"]),
        .value("--every", valueName: "n", help: "Every N days/weeks/months/years, 1…999.", defaultValue: "1"),
        .value("--on", valueName: "days", help: "Weekly: weekdays, e.g. mon,wed,fri (default: the due's weekday)."),
        .value("--times", valueName: "n", help: "End after N occurrences (counting the first)."),
        .value("--until", valueName: "date", help: "End after this date (YYYY-MM-DD, inclusive)."),
    ]

    /// Reads `--repeat/--every/--on/--times/--until`; nil when `--repeat` is absent.
    /// - Throws: `UsageError` naming the option, the value and what is accepted.
    static func repeatRule(_ a: ParsedArguments, due: Due?, spec: CommandSpec) throws -> RepeatRule? {
        func fail(_ m: String) -> UsageError { UsageError(message: m, spec: spec) }
        guard let f = a.value("--repeat") else {
            for o in ["--every", "--on", "--times", "--until"] where a.has(o) {
                throw fail("'\(o)' needs '--repeat daily|weekly|monthly|yearly'")
            }
            return nil
        }
        let frequency = RepeatRule.Frequency(rawValue: f)!
        guard let due else { throw fail("'--repeat' needs '--due' (the first occurrence)") }
        var interval = 1
        if let e = a.value("--every") {
            guard let n = Int(e), RepeatRule.intervalRange.contains(n) else {
                throw fail("'--every \(e)' is out of range (accepted: a whole number 1…999)")
            }
            interval = n
        }
        var weekdays = Set<Weekday>()
        if let on = a.value("--on") {
            guard frequency == .weekly else { throw fail("'--on' only applies to '--repeat weekly'") }
            for word in on.split(separator: ",", omittingEmptySubsequences: false) {
                guard let w = Weekday(name: word.trimmingCharacters(in: .whitespaces)) else {
                    throw fail("'--on \(on)': '\(word)' is not a weekday (accepted: mon, tue, wed, thu, fri, sat, sun, comma-separated)")
                }
                weekdays.insert(w)
            }
        } else if frequency == .weekly {
            weekdays = [due.localDate.weekday]
        }
        var end = RepeatRule.End.never
        if a.has("--times") && a.has("--until") { throw fail("give either '--times' or '--until', not both") }
        if let t = a.value("--times") {
            guard let n = Int(t), (1...100_000).contains(n) else {
                throw fail("'--times \(t)' is out of range (accepted: a whole number 1…100000)")
            }
            end = .afterCount(n)
        }
        if let u = a.value("--until") {
            guard let d = LocalDate(iso: u) else {
                throw fail("'--until \(u)' is not a date (accepted: YYYY-MM-DD, a real calendar date)")
            }
            guard d >= due.localDate else {
                throw fail("'--until \(u)' is before the due date \(due.localDate) (the series would be empty)")
            }
            end = .until(d)
        }
        return RepeatRule(frequency: frequency, interval: interval, weekdays: weekdays, end: end)
    }
}
