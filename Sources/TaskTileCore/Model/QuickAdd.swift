import Foundation

/// The quick-add grammar (docs/quick-add.md): one line a person types — `Call mom tomorrow 6pm #family !high
/// every sunday`, `明日18時に牛乳を買う #買い物` — read into the parts of a todo. Pure: no store, no I/O; the
/// caller creates the todo (`tasktile quick`, the capture popup).
///
/// What is read, in English and Japanese, anywhere in the line:
/// - **list** `^Home`, `^"Work Projects"`; **tags** `#tag`; **priority** `!`, `!!`, `!!!`, `!low`, `!medium`, `!high`
///   (TickTick's sigils);
/// - **due**: `today`, `tomorrow`, weekdays (`fri`, `friday`, `on fri`, `next fri`, `this fri`), `next week`,
///   `next month`, `jan 31`, `31 jan 2028`, ISO `2027-01-31`, `the 1st`, `in 3 days`, `in 2 weeks`, `in 3 hours`,
///   `in 45 minutes`, `+2d`, times `6pm`, `6:30pm`, `18:00`, `at 9`, `noon`, `midnight`, a date and a time in
///   either order; 今日, 明日, 明後日, `3日後`, `2週間後`, `3時間後`, `来週水曜`, `今週金曜`, `金曜日`, `来週`, `来月`,
///   `1月31日`, `2027年1月31日`, `18時`, `18時半`, `午後6時`, `9時30分`, `正午`, with a trailing に/までに/まで;
/// - **repeat**: `daily`, `weekly`, `monthly`, `yearly`, `every day`, `every other week`, `every 2 weeks on mon,thu`,
///   `every weekday`, `every weekend`, `every sunday`, `every mon and thu`, `every month on the 1st`, `every year`;
///   毎日, 平日, 毎週, `毎週月曜`, `毎週月・木曜`, 毎月, `毎月1日`, 毎年, `3日ごと`, `2週間ごと`;
/// - **start** (hidden until): `from mon`, `starting tomorrow`; a Japanese date followed by から (`来週月曜から`).
///
/// Everything else is the title, in its order; text in quotes (`"…"`, `“…”`, `「…」`) stays literal (without the
/// quotes, except 「」, which are part of Japanese text). A word that only looks like a part — `sun` in `Buy sun
/// cream`, `may` without a day — stays in the title: the short weekday names `sun`, `sat` and `wed` need `on`,
/// `next`, `this`, `every` or a time beside them.
///
/// **Toward the future**: a weekday that is today means next week's, a time that has passed today means tomorrow, a
/// month and day that have passed this year mean next year's; each such reading is reported in `notes`. A repeat
/// without a due starts at its first occurrence (today for `every day`, the next Sunday for `every sunday`); a due
/// that is not one of a weekly repeat's days moves to the next one that is.
public struct QuickAdd: Hashable, Sendable {
    /// What a part of the line was read as.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case due, `repeat`, list, tag, priority, start
    }

    /// One recognised part: what it is and where it is in the input, so a UI can show it as a chip and a person
    /// can undo it (`QuickAdd.parse(_:clock:literal:)` with the part's range).
    public struct Part: Hashable, Sendable {
        public var kind: Kind
        /// Character offsets (grapheme clusters) into the input, half-open.
        public var range: Range<Int>
        /// The input's text in `range`.
        public var text: String
    }

    /// The title: the input without its parts, runs of spaces collapsed, trimmed. May be empty (the caller refuses
    /// a todo without a title).
    public var title: String = ""
    public var due: Due?
    public var repeatRule: RepeatRule?
    /// The list as typed after `^` (resolved by the store: a title or an id prefix).
    public var list: String?
    /// Tags as typed after `#`, in order (checked by the store's tag rule).
    public var tags: [String] = []
    public var priority: Priority?
    public var start: Due?
    /// The recognised parts, in input order.
    public var parts: [Part] = []
    /// How ambiguous parts were read (toward the future), and parts that could not be used.
    public var notes: [Phrase] = []

    /// Reads `text` at `clock` (now and the user's zone).
    /// - Parameter literal: character ranges to keep as title text (a chip the person undid).
    public static func parse(_ text: String, clock: Clock, literal: [Range<Int>] = []) -> QuickAdd {
        var p = QuickAddParser(text: text, clock: clock)
        for r in literal { p.markLiteral(r) }
        p.markJapaneseQuotes()
        return p.run()
    }
}

/// The machinery behind `QuickAdd.parse`: words with character ranges, matched longest first.
struct QuickAddParser {
    let chars: [Character]
    /// `chars` lower-cased, with full-width digits and ASCII forms folded to ASCII (one character for one).
    let folded: [Character]
    let clock: Clock
    let today: LocalDate
    let nowWall: LocalDateTime
    var used: [Bool]
    var literalMask: [Bool]
    var result = QuickAdd()

    /// A whitespace-separated word of the input (or a quoted run).
    struct Word {
        var range: Range<Int>
        var text: String
        var quoted: Bool
    }
    var words: [Word] = []

    /// A date and/or time read from some words.
    struct When {
        var date: LocalDate?
        var time: (hour: Int, minute: Int)?
        var instant: Date?
        var relativeWeekday: Weekday?
        var weekdayWasToday = false
        var rolledToNextYear = false
    }

    init(text: String, clock: Clock) {
        chars = Array(text)
        folded = chars.map(QuickAddParser.fold)
        self.clock = clock
        nowWall = ZonedClock.wallClock(of: clock.now, in: clock.timeZone)
        today = nowWall.date
        used = Array(repeating: false, count: chars.count)
        literalMask = Array(repeating: false, count: chars.count)
    }

    static func fold(_ c: Character) -> Character {
        if let s = c.unicodeScalars.first, c.unicodeScalars.count == 1, (0xFF01...0xFF5E).contains(s.value) {
            return Character(Unicode.Scalar(s.value - 0xFEE0)!).lowercased().first!
        }
        if c == "\u{3000}" { return " " }
        if c == "“" || c == "”" { return "\"" }
        return c.lowercased().count == 1 ? c.lowercased().first! : c
    }

    /// 「…」 is quoted Japanese text: kept as written, brackets included.
    mutating func markJapaneseQuotes() {
        var i = 0
        while i < chars.count {
            if chars[i] == "「", let close = chars[(i + 1)...].firstIndex(of: "」") {
                markLiteral(i..<(close + 1))
                i = close + 1
            } else {
                i += 1
            }
        }
    }

    mutating func markLiteral(_ r: Range<Int>) {
        for i in r where i >= 0 && i < literalMask.count { literalMask[i] = true }
    }

    // MARK: - Words

    mutating func tokenize() {
        var i = 0
        while i < folded.count {
            if folded[i] == " " || folded[i] == "\t" { i += 1; continue }
            let start = i
            // ^"Work Projects": a quoted list title.
            if folded[i] == "^", i + 1 < folded.count, folded[i + 1] == "\"",
                let close = folded[(i + 2)...].firstIndex(of: "\"")
            {
                words.append(Word(range: start..<(close + 1), text: String(folded[start...close]), quoted: false))
                i = close + 1
                continue
            }
            if folded[i] == "\"", let close = folded[(i + 1)...].firstIndex(of: "\"") {
                words.append(Word(range: start..<(close + 1), text: String(chars[(start + 1)..<close]), quoted: true))
                i = close + 1
                continue
            }
            while i < folded.count, folded[i] != " ", folded[i] != "\t" { i += 1 }
            words.append(Word(range: start..<i, text: String(folded[start..<i]), quoted: false))
        }
    }

    func isFree(_ r: Range<Int>) -> Bool { r.allSatisfy { !used[$0] && !literalMask[$0] } }

    mutating func take(_ kind: QuickAdd.Kind, _ r: Range<Int>) {
        for i in r { used[i] = true }
        result.parts.append(QuickAdd.Part(kind: kind, range: r, text: String(chars[r])))
    }

    /// The words `j..<j+n` (none quoted or used), their text and range; nil past the end.
    func span(_ j: Int, _ n: Int) -> Range<Int>? {
        guard n > 0, j + n <= words.count else { return nil }
        for w in words[j..<(j + n)] where w.quoted || !isFree(w.range) { return nil }
        return words[j].range.lowerBound..<words[j + n - 1].range.upperBound
    }

    func word(_ j: Int) -> String? {
        guard j < words.count, !words[j].quoted, isFree(words[j].range) else { return nil }
        return words[j].text.trimmingCharacters(in: CharacterSet(charactersIn: ",.;"))
    }

    // MARK: - Run

    mutating func run() -> QuickAdd {
        tokenize()
        var dueWhen: When?
        var startWhen: When?
        var rule: RuleDraft?
        // Sigils first: they are unambiguous.
        for w in words where !w.quoted && isFree(w.range) {
            let t = w.text
            if t.hasPrefix("#"), t.count > 1 {
                let tag = String(chars[(w.range.lowerBound + 1)..<w.range.upperBound])
                    .trimmingCharacters(in: CharacterSet(charactersIn: ",.;:!?"))
                guard !tag.isEmpty else { continue }
                // `#Work #work` is one tag (the store matches tags case-insensitively); the first spelling stays.
                if !result.tags.contains(where: { $0.lowercased() == tag.lowercased() }) { result.tags.append(tag) }
                take(.tag, w.range)
            } else if t.hasPrefix("^"), t.count > 1, result.list == nil {
                var name = String(chars[(w.range.lowerBound + 1)..<w.range.upperBound])
                if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 {
                    name = String(name.dropFirst().dropLast())
                }
                guard !name.isEmpty else { continue }
                result.list = name
                take(.list, w.range)
            } else if t.hasPrefix("!"), result.priority == nil,
                let p = t.allSatisfy({ $0 == "!" }) ? Priority(name: t) : Priority(name: String(t.dropFirst()))
            {
                result.priority = p
                take(.priority, w.range)
            }
        }
        // English phrases, longest first at each word.
        var j = 0
        while j < words.count {
            if word(j) == nil { j += 1; continue }
            if rule == nil, let (n, r) = repeatPhrase(at: j), let range = span(j, n) {
                rule = r
                take(.repeat, range)
                j += n
                continue
            }
            if startWhen == nil, let w = word(j), ["from", "starting"].contains(w),
                let (n, when) = whenPhrase(at: j + 1),
                let range = span(j, n + 1)
            {
                startWhen = when
                take(.start, range)
                j += n + 1
                continue
            }
            if let (n, when) = whenPhrase(at: j), let merged = Self.merge(dueWhen, when), let range = span(j, n) {
                dueWhen = merged
                take(.due, range)
                j += n
                continue
            }
            j += 1
        }
        // Japanese, inside words.
        for w in words where !w.quoted {
            scanJapanese(w.range, due: &dueWhen, start: &startWhen, rule: &rule)
        }
        finish(due: dueWhen, start: startWhen, rule: rule)
        return result
    }

    // MARK: - English: dates and times

    /// A date and/or time starting at word `j`: how many words, and what they say.
    func whenPhrase(at j: Int) -> (Int, When)? {
        var k = j
        var when = When()
        var found = false
        var hadContext = false
        while k < words.count, let w = word(k) {
            if ["on", "at", "by", "due"].contains(w), k + 1 < words.count {
                // A preposition counts only with a part after it.
                var trial = when
                if let n = component(at: k + 1, into: &trial, context: true) {
                    when = trial; k += 1 + n; found = true; hadContext = true
                    continue
                }
                if w == "at", when.time == nil, let next = word(k + 1), let h = Int(next), (0...23).contains(h) {
                    when.time = (h, 0); k += 2; found = true
                    continue
                }
                break
            }
            var trial = when
            guard let n = component(at: k, into: &trial, context: hadContext || when.time != nil) else { break }
            when = trial; k += n; found = true
        }
        guard found else { return nil }
        // `sun` alone is a word, not Sunday: a short, common weekday name needs context.
        if k - j == 1, let w = word(j), ["sun", "sat", "wed"].contains(w) { return nil }
        return (k - j, when)
    }

    /// One date or time component at word `k` (filling what `when` lacks): the number of words it takes.
    func component(at k: Int, into when: inout When, context: Bool) -> Int? {
        guard let w = word(k) else { return nil }
        let next = word(k + 1)
        if when.time == nil, let n = timeComponent(at: k) {
            when.time = n.time
            return n.count
        }
        guard when.date == nil, when.instant == nil, when.relativeWeekday == nil else { return nil }
        switch w {
        case "today", "tod": when.date = today; return 1
        case "tomorrow", "tmr", "tmrw": when.date = today.adding(days: 1); return 1
        case "next", "this":
            guard let next else { return nil }
            if let wd = Weekday(name: next) ?? Self.weekdayAlias(next) {
                let monday = today.adding(days: 1 - today.weekday.isoNumber)
                if w == "next" {
                    when.date = monday.adding(days: 7 + wd.isoNumber - 1)
                } else {
                    var d = monday.adding(days: wd.isoNumber - 1)
                    if d < today { d = d.adding(days: 7) }
                    when.date = d
                }
                return 2
            }
            if w == "next", next == "week" { when.date = today.adding(days: 8 - today.weekday.isoNumber); return 2 }
            if w == "next", next == "month" { when.date = Self.addingMonths(1, to: today, day: 1); return 2 }
            return nil
        case "in":
            guard let next else { return nil }
            let n: Int? = ["a", "an", "one"].contains(next) ? 1 : Int(next)
            guard let n, n >= 0, let unit = word(k + 2) else { return nil }
            switch unit {
            case "day", "days", "d":
                guard n <= DueParser.Limit.days else { return nil }
                when.date = today.adding(days: n)
            case "week", "weeks", "w":
                guard n <= DueParser.Limit.weeks else { return nil }
                when.date = today.adding(days: 7 * n)
            case "month", "months":
                guard n <= 1200 else { return nil }
                when.date = Self.addingMonths(n, to: today, day: today.day)
            case "hour", "hours", "hr", "hrs", "h":
                guard n <= DueParser.Limit.hours else { return nil }
                when.instant = clock.now.addingTimeInterval(TimeInterval(n * 3600))
            case "minute", "minutes", "min", "mins", "m":
                guard n <= DueParser.Limit.minutes else { return nil }
                when.instant = clock.now.addingTimeInterval(TimeInterval(n * 60))
            default: return nil
            }
            return 3
        case "the":
            guard let next, let day = Self.ordinalDay(next) else { return nil }
            when.date = nextDayOfMonth(day)
            return 2
        default: break
        }
        if let wd = Weekday(name: w) ?? Self.weekdayAlias(w) {
            if ["sun", "sat", "wed"].contains(w), !context, !(next.map { Self.looksLikeTime($0) } ?? false) {
                return nil
            }
            var d = today
            while d.weekday != wd { d = d.adding(days: 1) }
            if d == today { d = d.adding(days: 7); when.weekdayWasToday = true }
            when.date = d
            when.relativeWeekday = wd
            return 1
        }
        if w.count == 10, let d = LocalDate(iso: w) { when.date = d; return 1 }
        if w.hasPrefix("+"), w.count >= 3, let n = Int(w.dropFirst().dropLast()), n >= 0 {
            if w.last == "d", n <= DueParser.Limit.days { when.date = today.adding(days: n); return 1 }
            if w.last == "w", n <= DueParser.Limit.weeks { when.date = today.adding(days: 7 * n); return 1 }
            return nil
        }
        // jan 31 [2028], january 31st; 31 jan, 31st jan.
        if let m = DueParser.month(w), let next, let day = Self.ordinalDay(next) ?? Int(next) {
            return monthDay(m, day, yearAt: k + 2, into: &when).map { 2 + $0 }
        }
        if let day = Self.ordinalDay(w) ?? Int(w), let next, let m = DueParser.month(next) {
            return monthDay(m, day, yearAt: k + 2, into: &when).map { 2 + $0 }
        }
        // 1st, 15th: the next such day of a month.
        if let day = Self.ordinalDay(w), w.count > 2 {
            when.date = nextDayOfMonth(day)
            return 1
        }
        return nil
    }

    /// `month`/`day`, in the year at word `yearAt` when there is one (then 1 more word), else on or after today.
    func monthDay(_ m: Int, _ day: Int, yearAt: Int, into when: inout When) -> Int? {
        if let y = word(yearAt), y.count == 4, let year = Int(y) {
            guard let d = LocalDate(year: year, month: m, day: day) else { return nil }
            when.date = d
            return 1
        }
        for y in today.year...(today.year + 8) {
            if let d = LocalDate(year: y, month: m, day: day), d >= today {
                when.date = d
                when.rolledToNextYear = y > today.year
                return 0
            }
        }
        return nil
    }

    /// A time at word `k`: `6pm`, `6:30pm`, `18:00`, `6 pm`, `noon`, `midnight`.
    func timeComponent(at k: Int) -> (count: Int, time: (hour: Int, minute: Int))? {
        guard let w = word(k) else { return nil }
        if w == "noon" { return (1, (12, 0)) }
        if w == "midnight" { return (1, (0, 0)) }
        if let t = DueParser.parseTime(w) { return (1, t) }
        if let m = word(k + 1), m == "am" || m == "pm", let t = DueParser.parseTime(w + m) { return (2, t) }
        return nil
    }

    static func looksLikeTime(_ w: String) -> Bool { DueParser.parseTime(w) != nil || w == "noon" || w == "at" }

    static func weekdayAlias(_ w: String) -> Weekday? {
        ["tues": .tuesday, "weds": .wednesday, "thur": .thursday, "thurs": .thursday][w]
    }

    /// `1st`, `2nd`, `3rd`, `15th` → the day (1…31); nil otherwise.
    static func ordinalDay(_ w: String) -> Int? {
        guard w.count >= 3, ["st", "nd", "rd", "th"].contains(String(w.suffix(2))), let n = Int(w.dropLast(2)),
            (1...31).contains(n)
        else { return nil }
        return n
    }

    /// The next date on or after `from` (default today) whose day of month is `day` (months without it are skipped).
    func nextDayOfMonth(_ day: Int, from: LocalDate? = nil) -> LocalDate? {
        let today = from ?? self.today
        var y = today.year, m = today.month
        for _ in 0..<24 {
            if let d = LocalDate(year: y, month: m, day: day), d >= today { return d }
            m += 1
            if m > 12 { m = 1; y += 1 }
        }
        return nil
    }

    /// `date` moved by `months` to day `day` (the month's last day when it has no such day).
    static func addingMonths(_ months: Int, to date: LocalDate, day: Int) -> LocalDate? {
        let total = date.year * 12 + (date.month - 1) + months
        let y = total / 12, m = total % 12 + 1
        return LocalDate(year: y, month: m, day: min(day, LocalDate.daysInMonth(year: y, month: m)))
    }

    // MARK: - English: repeats

    /// A repeat before its due is known.
    struct RuleDraft {
        var frequency: RepeatRule.Frequency
        var interval = 1
        var weekdays: Set<Weekday> = []
        var dayOfMonth: Int?
    }

    func repeatPhrase(at j: Int) -> (Int, RuleDraft)? {
        guard let w = word(j) else { return nil }
        switch w {
        case "daily", "everyday": return (1, RuleDraft(frequency: .daily))
        case "weekly": return (1, RuleDraft(frequency: .weekly))
        case "biweekly", "fortnightly": return (1, RuleDraft(frequency: .weekly, interval: 2))
        case "monthly": return (1, RuleDraft(frequency: .monthly))
        case "yearly", "annually": return (1, RuleDraft(frequency: .yearly))
        case "every", "each": break
        default: return nil
        }
        var k = j + 1
        var interval = 1
        if word(k) == "other" {
            interval = 2; k += 1
        } else if let n = word(k).flatMap({ Int($0) }), RepeatRule.intervalRange.contains(n) {
            interval = n; k += 1
        }
        guard let unit = word(k) else { return nil }
        var draft: RuleDraft
        switch unit {
        case "day", "days": draft = RuleDraft(frequency: .daily, interval: interval)
        case "week", "weeks": draft = RuleDraft(frequency: .weekly, interval: interval)
        case "month", "months": draft = RuleDraft(frequency: .monthly, interval: interval)
        case "year", "years": draft = RuleDraft(frequency: .yearly, interval: interval)
        case "weekday", "weekdays":
            draft = RuleDraft(frequency: .weekly, weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday])
        case "weekend", "weekends": draft = RuleDraft(frequency: .weekly, weekdays: [.saturday, .sunday])
        default:
            if let day = Self.ordinalDay(unit) {
                draft = RuleDraft(frequency: .monthly, interval: interval, dayOfMonth: day)
            } else if let (n, days) = weekdayList(at: k) {
                return (k + n - j, RuleDraft(frequency: .weekly, interval: interval, weekdays: days))
            } else {
                return nil
            }
        }
        k += 1
        // every 2 weeks on mon,thu; every month on the 1st.
        if word(k) == "on" {
            if draft.frequency == .weekly, draft.weekdays.isEmpty, let (n, days) = weekdayList(at: k + 1) {
                draft.weekdays = days; k += 1 + n
            } else if draft.frequency == .monthly, draft.dayOfMonth == nil {
                if word(k + 1) == "the", let d = word(k + 2).flatMap(Self.ordinalDay) {
                    draft.dayOfMonth = d; k += 3
                } else if let d = word(k + 1).flatMap(Self.ordinalDay) {
                    draft.dayOfMonth = d; k += 2
                }
            }
        }
        return (k - j, draft)
    }

    /// `mon,thu`, `mon and thu`, `monday, thursday`, `sundays`: the weekdays and the number of words.
    func weekdayList(at k: Int) -> (Int, Set<Weekday>)? {
        var days: Set<Weekday> = []
        var n = 0
        while let raw = (k + n < words.count && !words[k + n].quoted && isFree(words[k + n].range))
            ? words[k + n].text : nil
        {
            if raw == "and" || raw == "&" || raw == "," { n += 1; continue }
            let parts = raw.split(separator: ",").map { String($0) }
            var all: [Weekday] = []
            for p in parts {
                let name = p.hasSuffix("s") && Weekday(name: p) == nil ? String(p.dropLast()) : p
                guard let d = Weekday(name: name) ?? Self.weekdayAlias(name) else { all = []; break }
                all.append(d)
            }
            guard !all.isEmpty else { break }
            days.formUnion(all)
            n += 1
        }
        // A trailing `and` is not part of the list.
        while n > 0, let last = word(k + n - 1), last == "and" || last == "&" { n -= 1 }
        return days.isEmpty ? nil : (n, days)
    }

    // MARK: - Japanese

    static let kanjiWeekdays: [Character: Weekday] = [
        "月": .monday, "火": .tuesday, "水": .wednesday, "木": .thursday, "金": .friday, "土": .saturday, "日": .sunday,
    ]

    /// Reads Japanese parts inside the word at `range` (Japanese has no spaces between words).
    mutating func scanJapanese(_ range: Range<Int>, due: inout When?, start: inout When?, rule: inout RuleDraft?) {
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            guard isFree(i..<(i + 1)) else { i += 1; continue }
            if rule == nil, let (n, r) = japaneseRepeat(at: i, end: end) {
                rule = r
                take(.repeat, i..<(i + n))
                i += n
                continue
            }
            var fresh = When()
            guard var len = japaneseWhen(at: i, end: end, into: &fresh) else { i += 1; continue }
            // 明日の18時: の between a date and a time.
            if i + len < end, folded[i + len] == "の" {
                var trial = fresh
                if let m = japaneseWhen(at: i + len + 1, end: end, into: &trial) { fresh = trial; len += 1 + m }
            }
            // A particle after it; から makes it the start.
            var isStart = false
            for particle in ["までに", "まで", "から", "に"] where has(particle, at: i + len, end: end) {
                isStart = particle == "から"
                len += particle.count
                break
            }
            if isStart {
                guard start == nil else { i += 1; continue }
                start = fresh
                take(.start, i..<(i + len))
            } else if let merged = Self.merge(due, fresh) {
                due = merged
                take(.due, i..<(i + len))
            } else {
                // A second date (or time) stays in the title.
                i += len
                continue
            }
            i += len
        }
    }

    /// `a` with what `b` adds (a time to a date, a date to a time); nil when both say the same part.
    static func merge(_ a: When?, _ b: When) -> When? {
        guard var a else { return b }
        let aDate = a.date != nil || a.instant != nil, bDate = b.date != nil || b.instant != nil
        if aDate && bDate || a.time != nil && b.time != nil || a.instant != nil && b.time != nil
            || b.instant != nil && a.time != nil
        {
            return nil
        }
        if bDate {
            a.date = b.date; a.instant = b.instant; a.relativeWeekday = b.relativeWeekday
            a.weekdayWasToday = b.weekdayWasToday; a.rolledToNextYear = b.rolledToNextYear
        }
        if let t = b.time { a.time = t }
        return a
    }

    /// Digits (ASCII or full width, already folded) at `i`: the number and its length.
    func number(at i: Int, end: Int) -> (Int, Int)? {
        var k = i
        while k < end, folded[k].isASCII, folded[k].isNumber { k += 1 }
        guard k > i, k - i <= 4, let n = Int(String(folded[i..<k])) else { return nil }
        return (n, k - i)
    }

    func has(_ s: String, at i: Int, end: Int) -> Bool {
        let p = Array(s)
        return i + p.count <= end && Array(folded[i..<(i + p.count)]) == p
    }

    /// A weekday 月…日 followed by 曜 or 曜日 at `i`: the weekday and the length.
    func kanjiWeekday(at i: Int, end: Int, needsYou: Bool = true) -> (Weekday, Int)? {
        guard i < end, let d = Self.kanjiWeekdays[folded[i]] else { return nil }
        if has("曜日", at: i + 1, end: end) { return (d, 3) }
        if has("曜", at: i + 1, end: end) { return (d, 2) }
        return needsYou ? nil : (d, 1)
    }

    func japaneseRepeat(at i: Int, end: Int) -> (Int, RuleDraft)? {
        if has("毎日", at: i, end: end) { return (2, RuleDraft(frequency: .daily)) }
        if has("毎平日", at: i, end: end) || has("平日", at: i, end: end) {
            let n = has("毎平日", at: i, end: end) ? 3 : 2
            return (n, RuleDraft(frequency: .weekly, weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday]))
        }
        if has("毎週", at: i, end: end) {
            var k = i + 2
            var days: Set<Weekday> = []
            // 毎週月曜, 毎週月・木曜, 毎週月曜と木曜, 毎週月木.
            while k < end, let d = Self.kanjiWeekdays[folded[k]] {
                days.insert(d); k += 1
                if has("曜日", at: k, end: end) { k += 2 } else if has("曜", at: k, end: end) { k += 1 }
                if k < end, ["・", "、", ",", "と"].contains(folded[k]), k + 1 < end,
                    Self.kanjiWeekdays[folded[k + 1]] != nil
                {
                    k += 1
                }
            }
            return (k - i, RuleDraft(frequency: .weekly, weekdays: days))
        }
        if has("毎月", at: i, end: end) {
            if let (d, n) = number(at: i + 2, end: end), (1...31).contains(d), has("日", at: i + 2 + n, end: end) {
                return (3 + n, RuleDraft(frequency: .monthly, dayOfMonth: d))
            }
            return (2, RuleDraft(frequency: .monthly))
        }
        if has("毎年", at: i, end: end) { return (2, RuleDraft(frequency: .yearly)) }
        // 3日ごと, 2週間ごと, 3か月ごと.
        if let (n, len) = number(at: i, end: end), RepeatRule.intervalRange.contains(n) {
            let k = i + len
            for (unit, f) in [
                ("日ごと", RepeatRule.Frequency.daily), ("週間ごと", .weekly), ("週ごと", .weekly),
                ("か月ごと", .monthly), ("ヶ月ごと", .monthly), ("ケ月ごと", .monthly), ("年ごと", .yearly),
            ]
            where has(unit, at: k, end: end) {
                return (len + unit.count, RuleDraft(frequency: f, interval: n))
            }
        }
        return nil
    }

    /// A Japanese date or time at `i`, filling what `when` lacks: its length.
    func japaneseWhen(at i: Int, end: Int, into when: inout When) -> Int? {
        // Times: 午前/午後 N時[半|M分], N:MM, 正午.
        if when.time == nil {
            var k = i
            var pm: Bool?
            if has("午前", at: k, end: end) {
                pm = false; k += 2
            } else if has("午後", at: k, end: end) {
                pm = true; k += 2
            }
            if has("正午", at: i, end: end) { when.time = (12, 0); return 2 }
            if let (h, n) = number(at: k, end: end) {
                var kk = k + n
                if has("時", at: kk, end: end), !has("時間", at: kk, end: end) {
                    kk += 1
                    var minute = 0
                    if has("半", at: kk, end: end) {
                        minute = 30; kk += 1
                    } else if let (m, mn) = number(at: kk, end: end), has("分", at: kk + mn, end: end), m < 60 {
                        minute = m; kk += mn + 1
                    }
                    var hour = h
                    if let pm { guard (0...12).contains(h) else { return nil }; hour = pm ? (h % 12) + 12 : h % 12 }
                    guard (0...23).contains(hour) else { return nil }
                    when.time = (hour, minute)
                    return kk - i
                }
                if kk < end, folded[kk] == ":", let (m, mn) = number(at: kk + 1, end: end), mn == 2, m < 60,
                    (0...23).contains(h), pm == nil,
                    containsJapanese(around: i, end: end)
                {
                    when.time = (h, m)
                    return kk + 1 + mn - i
                }
            }
            if pm != nil { return nil }
        }
        guard when.date == nil, when.instant == nil, when.relativeWeekday == nil else { return nil }
        for (word, days) in [("明後日", 2), ("あさって", 2), ("明日", 1), ("あした", 1), ("今日", 0), ("本日", 0), ("きょう", 0)]
        where has(word, at: i, end: end) {
            when.date = today.adding(days: days)
            return word.count
        }
        if has("来週", at: i, end: end) {
            let monday = today.adding(days: 8 - today.weekday.isoNumber)
            if let (d, n) = kanjiWeekday(at: i + 2, end: end, needsYou: false) {
                when.date = monday.adding(days: d.isoNumber - 1)
                return 2 + n
            }
            when.date = monday
            return 2
        }
        if has("今週", at: i, end: end), let (d, n) = kanjiWeekday(at: i + 2, end: end, needsYou: false) {
            var date = today.adding(days: d.isoNumber - today.weekday.isoNumber)
            if date < today { date = date.adding(days: 7) }
            when.date = date
            return 2 + n
        }
        if has("来月", at: i, end: end) { when.date = Self.addingMonths(1, to: today, day: 1); return 2 }
        if let (d, n) = kanjiWeekday(at: i, end: end) {
            var date = today
            while date.weekday != d { date = date.adding(days: 1) }
            if date == today { date = date.adding(days: 7); when.weekdayWasToday = true }
            when.date = date
            when.relativeWeekday = d
            return n
        }
        // 2027年1月31日, 1月31日, N日後, N週間後, Nか月後, N時間後, N分後.
        if let (a, an) = number(at: i, end: end) {
            let k = i + an
            if has("年", at: k, end: end), let (m, mn) = number(at: k + 1, end: end), has("月", at: k + 1 + mn, end: end),
                let (d, dn) = number(at: k + 2 + mn, end: end), has("日", at: k + 2 + mn + dn, end: end)
            {
                guard let date = LocalDate(year: a, month: m, day: d) else { return nil }
                when.date = date
                return k + 3 + mn + dn - i
            }
            if has("月", at: k, end: end), !has("月後", at: k, end: end), let (d, dn) = number(at: k + 1, end: end),
                has("日", at: k + 1 + dn, end: end)
            {
                var w = When()
                guard monthDay(a, d, yearAt: words.count, into: &w) != nil else { return nil }
                when.date = w.date
                when.rolledToNextYear = w.rolledToNextYear
                return k + 2 + dn - i
            }
            for (unit, seconds, days) in [("時間後", 3600, 0), ("分後", 60, 0), ("日後", 0, 1), ("週間後", 0, 7)]
            where has(unit, at: k, end: end) {
                if days > 0 {
                    guard a * days <= DueParser.Limit.days else { return nil }
                    when.date = today.adding(days: a * days)
                } else {
                    guard a * seconds <= DueParser.Limit.minutes * 60 else { return nil }
                    when.instant = clock.now.addingTimeInterval(TimeInterval(a * seconds))
                }
                return an + unit.count
            }
            for unit in ["か月後", "ヶ月後", "ケ月後", "カ月後"] where has(unit, at: k, end: end) {
                guard a <= 1200 else { return nil }
                when.date = Self.addingMonths(a, to: today, day: today.day)
                return an + unit.count
            }
        }
        return nil
    }

    /// Whether the word around `i` has Japanese text (so `18:00` inside `18:00に` is read here, not twice).
    func containsJapanese(around i: Int, end: Int) -> Bool {
        folded[i..<end].contains { c in c.unicodeScalars.contains { $0.value >= 0x3000 } }
    }

    // MARK: - Finishing

    func due(from when: When) -> Due? {
        let zoneID = clock.timeZone.identifier
        if let instant = when.instant {
            var wc = ZonedClock.wallClock(of: instant, in: clock.timeZone)
            wc.second = 0
            return .dateTime(wc, zoneID: zoneID)
        }
        if let t = when.time {
            let date = when.date ?? today
            return LocalDateTime(date: date, hour: t.hour, minute: t.minute).map { .dateTime($0, zoneID: zoneID) }
        }
        return when.date.map(Due.date)
    }

    mutating func finish(due dueWhen: When?, start startWhen: When?, rule draft: RuleDraft?) {
        var due = dueWhen.flatMap(due(from:))
        let dateGiven = dueWhen.map { $0.date != nil || $0.instant != nil } ?? false
        // A time alone that has passed today is tomorrow's.
        if let w = dueWhen, !dateGiven, let t = w.time, t.hour * 60 + t.minute <= nowWall.hour * 60 + nowWall.minute,
            let wc = LocalDateTime(date: today.adding(days: 1), hour: t.hour, minute: t.minute)
        {
            due = .dateTime(wc, zoneID: clock.timeZone.identifier)
            if draft == nil || draft?.frequency == .daily {
                result.notes.append(Phrase(key: .quickNoteTimePassed, wc.hourMinute, wc.date))
            }
        }
        if let w = dueWhen, w.weekdayWasToday, let d = due {
            result.notes.append(Phrase(key: .quickNoteWeekdayToday, d.localDate))
        }
        if let w = dueWhen, w.rolledToNextYear, let d = due {
            result.notes.append(Phrase(key: .quickNoteNextYear, d.localDate))
        }
        if var draft {
            // The first occurrence, when no due was given (or the given one is not one of the repeat's days).
            let time = dueWhen?.time
            var first = due?.localDate ?? today
            // A repeat with a start and no date of its own begins on or after its start (`every day from mon`).
            if !dateGiven, let s = startWhen.flatMap(due(from:))?.localDate, s > first { first = s }
            if draft.frequency == .weekly, !draft.weekdays.isEmpty {
                var d = first
                while !draft.weekdays.contains(d.weekday) { d = d.adding(days: 1) }
                if dateGiven, d != first { result.notes.append(Phrase(key: .quickNoteDueMoved, first, d)) }
                first = d
            }
            if draft.frequency == .monthly, let day = draft.dayOfMonth, first.day != day,
               let found = nextDayOfMonth(day, from: first) {
                first = found
            }
            if draft.frequency == .weekly && draft.weekdays.isEmpty { draft.weekdays = [first.weekday] }
            if due == nil || due?.localDate != first {
                if let time, let wc = LocalDateTime(date: first, hour: time.hour, minute: time.minute) {
                    due = .dateTime(wc, zoneID: clock.timeZone.identifier)
                } else if case .dateTime(let wc, let zone)? = due,
                    let moved = LocalDateTime(date: first, hour: wc.hour, minute: wc.minute)
                {
                    due = .dateTime(moved, zoneID: zone)
                } else {
                    due = .date(first)
                }
            }
            let rule = RepeatRule(
                frequency: draft.frequency, interval: draft.interval,
                weekdays: draft.frequency == .weekly ? draft.weekdays : [])
            do {
                try rule.validate(anchor: due!)
                result.repeatRule = rule
            } catch let e as RepeatRuleError {
                result.notes.append(Phrase(key: .quickNoteRepeatRefused, e.phrase))
                // The words stay in the title: nothing is dropped.
                for part in result.parts where part.kind == .repeat { for i in part.range { used[i] = false } }
                result.parts.removeAll { $0.kind == .repeat }
            } catch {}
        }
        result.due = due
        result.start = startWhen.flatMap(due(from:))
        result.parts.sort { $0.range.lowerBound < $1.range.lowerBound }
        result.title = title()
    }

    /// What is left, in order: quoted runs without their quotes; a removed part leaves a space between words,
    /// none between Japanese text on both sides (`牛乳を明日買う` → `牛乳を買う`).
    func title() -> String {
        enum Gap { case none, space, removed }
        func isWide(_ c: Character?) -> Bool { c?.unicodeScalars.first.map { $0.value >= 0x3000 } ?? false }
        let quoted = Dictionary(
            words.filter(\.quoted).map { ($0.range.lowerBound, $0) }, uniquingKeysWith: { a, _ in a })
        var out = ""
        var gap = Gap.none
        func append(_ c: Character) {
            if !out.isEmpty {
                if gap == .space || gap == .removed && !(isWide(out.last) && isWide(c)) { out.append(" ") }
            }
            out.append(c)
            gap = .none
        }
        var i = 0
        while i < chars.count {
            if let q = quoted[i] {
                q.text.forEach(append)
                i = q.range.upperBound
                continue
            }
            let c = chars[i]
            if used[i] {
                if gap != .space { gap = .removed }
            } else if c == " " || c == "\t" || c == "\u{3000}" {
                gap = .space
            } else {
                append(c)
            }
            i += 1
        }
        return out
    }
}
