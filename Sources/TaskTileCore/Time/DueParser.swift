import Foundation

/// Parses the due forms a person types (docs/lists-and-todos.md "Due input"), in the user's zone:
/// ISO `2027-01-31`, `2027-01-31 09:00[:30]`, `2027-01-31T09:00+09:00`; `today`, `tomorrow`,
/// `mon`…`sun` (the next such day, today included while it has not passed), `jan 31 [2028]`,
/// `31 jan`, each optionally followed by a time `18:00`, `9am`, `9:30pm`; `+2d`, `+3w` (date only);
/// `in 3 hours`, `in 45 minutes`, `in 2 days`, `in 3 weeks`.
///
/// A form without a time gives a floating date-only due; a form with a time gives a wall-clock due
/// in the user's zone. ISO text with an offset is converted to the user's zone (same instant).
public enum DueParser {
    /// What the error message lists as accepted.
    public static let acceptedForms =
        "2027-01-31, 2027-01-31 09:00, 2027-01-31T09:00+09:00, today, tomorrow 18:00, fri 9am, jan 31, +2d, +1w, in 3 hours, in 30 minutes"

    /// The largest counts the relative forms accept: about a hundred years ahead, so the date or
    /// instant they give stays far inside what `LocalDate` and `Date` hold (the days limit is the
    /// one the `dueErrorDaysRange` message quotes).
    public enum Limit {
        /// `+Nd`, `in N days`.
        public static let days = 36_500
        /// `+Nw`, `in N weeks`: the whole weeks in `days` (5214).
        public static let weeks = days / 7
        /// `in N hours`: the hours in `days` (876 000).
        public static let hours = days * 24
        /// `in N minutes`: the minutes in `days` (52 560 000).
        public static let minutes = hours * 60
    }

    /// A due that could not be read.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var input: String
        /// What is wrong, in either language (`Phrase.text(_:)`); `description` is English.
        public var reason: Phrase
        /// The message in English (`message(_:)` gives it in either language).
        public var description: String { message(Localizer(.en)) }
    }

    /// Parses `text` relative to `clock` (now and zone).
    /// - Throws: `ParseError` naming the input and the accepted forms; an impossible date (Feb 30) says so.
    public static func parse(_ text: String, clock: Clock) throws -> Due {
        let input = text.trimmingCharacters(in: .whitespaces)
        func fail(_ reason: Phrase) -> ParseError { ParseError(input: text, reason: reason) }
        guard !input.isEmpty else { throw fail(Phrase(key: .dueErrorEmpty)) }
        let zone = clock.timeZone
        let zoneID = zone.identifier
        let nowWall = ZonedClock.wallClock(of: clock.now, in: zone)
        let today = nowWall.date

        // ISO forms.
        if let first = input.first, first.isNumber, input.count >= 10, input.dropFirst(4).first == "-" {
            if input.count == 10 {
                guard let d = LocalDate(iso: input) else { throw fail(impossibleOrShape(input)) }
                return .date(d)
            }
            if let wc = LocalDateTime(iso: input) { return .dateTime(wc, zoneID: zoneID) }
            if let instant = Clock.parseInstant(input, zone: zone), input.count > 16 {
                let wc = ZonedClock.wallClock(of: instant, in: zone)
                return .dateTime(wc, zoneID: zoneID)
            }
            throw fail(LocalDate(iso: input.prefix(10)) == nil ? impossibleOrShape(String(input.prefix(10))) : Phrase(key: .dueErrorBadTimePart))
        }

        let words = input.lowercased().split(whereSeparator: { $0 == " " }).map(String.init)

        // Relative: +Nd / +Nw
        if words.count == 1, words[0].hasPrefix("+"), words[0].count >= 3 {
            let unit = words[0].last!
            guard let n = Int(words[0].dropFirst().dropLast()), n >= 0, n <= Limit.days else { throw fail(Phrase(key: .dueErrorDaysRange)) }
            switch unit {
            case "d": return .date(today.adding(days: n))
            case "w": guard n <= Limit.weeks else { throw fail(Phrase(key: .dueErrorTooManyWeeks)) }; return .date(today.adding(days: 7 * n))
            default: throw fail(Phrase(key: .dueErrorUnknownPlusUnit, unit))
            }
        }
        // in N hours/minutes/days
        if words.first == "in" {
            guard words.count == 3, let n = Int(words[1]), n >= 0 else { throw fail(Phrase(key: .dueErrorInForm)) }
            let unit = words[2]
            if ["day", "days", "d"].contains(unit) {
                guard n <= Limit.days else { throw fail(Phrase(key: .dueErrorDaysRange)) }
                return .date(today.adding(days: n))
            }
            if ["week", "weeks", "w"].contains(unit) {
                guard n <= Limit.weeks else { throw fail(Phrase(key: .dueErrorDaysRange)) }
                return .date(today.adding(days: 7 * n))
            }
            let seconds: Int
            switch unit {
            case "hour", "hours", "h": guard n <= Limit.hours else { throw fail(Phrase(key: .dueErrorTooManyHours)) }; seconds = n * 3600
            case "minute", "minutes", "min", "mins", "m": guard n <= Limit.minutes else { throw fail(Phrase(key: .dueErrorTooManyMinutes)) }; seconds = n * 60
            default: throw fail(Phrase(key: .dueErrorUnknownInUnit, unit))
            }
            let instant = clock.now.addingTimeInterval(TimeInterval(seconds))
            var wc = ZonedClock.wallClock(of: instant, in: zone)
            wc.second = 0
            return .dateTime(wc, zoneID: zoneID)
        }

        // Day word, optional time.
        var rest = words[...]
        var date: LocalDate?
        var weekdayTarget: Weekday?
        /// `month`/`day` in the year that follows in `rest` when one does, else the next such date
        /// on or after today (so `feb 29` in a common year is the next leap year's).
        func monthDay(_ m: Int, _ day: Int, label: String) throws -> LocalDate {
            if let y = rest.first.flatMap({ Int($0) }), isYearWord(rest.first!) {
                rest = rest.dropFirst()
                guard let d = LocalDate(year: y, month: m, day: day) else { throw fail(Phrase(key: .dueErrorNotADate, label)) }
                return d
            }
            for y in today.year...(today.year + 8) {
                if let d = LocalDate(year: y, month: m, day: day), d >= today { return d }
            }
            throw fail(Phrase(key: .dueErrorNotADate, label))
        }
        switch rest.first {
        case "today"?: date = today; rest = rest.dropFirst()
        case "tomorrow"?, "tmr"?: date = today.adding(days: 1); rest = rest.dropFirst()
        case let w? where Weekday(name: w) != nil:
            weekdayTarget = Weekday(name: w); rest = rest.dropFirst()
        case let w? where month(w) != nil:
            // jan 31 [2028]
            guard rest.count >= 2, let day = Int(rest[rest.startIndex + 1]) else { throw fail(Phrase(key: .dueErrorDayMustFollowMonth)) }
            rest = rest.dropFirst(2)
            date = try monthDay(month(w)!, day, label: "\(w) \(day)")
        case let w? where Int(w) != nil && rest.count >= 2 && month(rest[rest.startIndex + 1]) != nil:
            // 31 jan [2028]
            let day = Int(w)!
            let m = month(rest[rest.startIndex + 1])!
            rest = rest.dropFirst(2)
            date = try monthDay(m, day, label: "\(day) \(words[1])")
        default:
            break
        }
        var time: (Int, Int)?
        if !rest.isEmpty {
            let timeText = rest.joined(separator: "")
            guard let t = parseTime(timeText.hasPrefix("at") ? String(timeText.dropFirst(2)) : timeText) else {
                if date == nil && weekdayTarget == nil { throw fail(Phrase(key: .dueErrorNotRecognised)) }
                throw fail(Phrase(key: .dueErrorNotATime, rest.joined(separator: " ")))
            }
            time = t
        }
        if date == nil, weekdayTarget == nil, time != nil {
            // A bare time means today at that time.
            date = today
        }
        if let weekdayTarget {
            var d = today
            while d.weekday != weekdayTarget { d = d.adding(days: 1) }
            if d == today, let (h, m) = time, h * 60 + m <= nowWall.hour * 60 + nowWall.minute { d = d.adding(days: 7) }
            date = d
        }
        guard let date else { throw fail(Phrase(key: .dueErrorNotRecognised)) }
        if let (h, m) = time {
            return .dateTime(LocalDateTime(date: date, hour: h, minute: m)!, zoneID: zoneID)
        }
        return .date(date)
    }

    private static func isYearWord(_ s: String) -> Bool { s.count == 4 && s.allSatisfy(\.isNumber) }

    static func impossibleOrShape(_ s: String) -> Phrase {
        let parts = s.split(separator: "-")
        if parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) {
            if !(1...12).contains(m) { return Phrase(key: .dueErrorNoSuchMonth, m) }
            if d < 1 || d > LocalDate.daysInMonth(year: y, month: m) {
                return Phrase(key: .dueErrorNoSuchDay, s, LocalDate.daysInMonth(year: y, month: m))
            }
        }
        return Phrase(key: .dueErrorExpectedISODate)
    }

    static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    static func month(_ word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        let full = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        if let i = monthNames.firstIndex(of: word) { return i + 1 }
        if let i = full.firstIndex(of: word) { return i + 1 }
        if word == "sept" { return 9 }
        return nil
    }

    /// `18:00`, `9:05`, `9am`, `9:30pm`, `12am` (midnight), `12pm` (noon); nil otherwise.
    static func parseTime(_ s: String) -> (Int, Int)? {
        var t = s
        var meridiem: String?
        if t.hasSuffix("am") || t.hasSuffix("pm") { meridiem = String(t.suffix(2)); t = String(t.dropLast(2)) }
        let parts = t.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(parts[0]), parts[0].count <= 2 else { return nil }
        var hour = h
        let minute = parts.count == 2 ? (parts[1].count == 2 ? Int(parts[1])! : -1) : 0
        guard (0...59).contains(minute) else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        } else {
            guard parts.count == 2, (0...23).contains(hour) else { return nil }
        }
        return (hour, minute)
    }
}
