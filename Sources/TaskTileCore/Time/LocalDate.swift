/// A calendar date with no time zone (proleptic Gregorian), e.g. `2027-07-20`.
///
/// Used for date-only ("floating") dues, which mean "that day wherever the user is" and must never
/// turn into the previous day west of UTC (docs/cycles.md "Due dates"), and as the date part of a `LocalDateTime`.
/// All arithmetic is done on day numbers (days since 1970-01-01), independent of any time zone.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Year, 1...9999.
    public let year: Int
    /// Month, 1...12.
    public let month: Int
    /// Day of month, 1...`LocalDate.daysInMonth(year:month:)`.
    public let day: Int

    /// Creates a date, or returns nil for an impossible one (Feb 30, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= LocalDate.daysInMonth(year: year, month: month) else { return nil }
        self.year = year; self.month = month; self.day = day
    }

    /// The date `dayNumber` days after 1970-01-01 (negative before it).
    /// Algorithm: Howard Hinnant's `civil_from_days` (http://howardhinnant.github.io/date_algorithms.html).
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Days since 1970-01-01 (Hinnant's `days_from_civil`).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// ISO weekday of this date.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((dayNumber % 7) + 7 + 3) % 7 // 0 = Monday
        return Weekday.allCases[index]
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// Whether `year` is a Gregorian leap year.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Number of days in the month (28...31).
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Parses exactly `YYYY-MM-DD` (ASCII digits `0`–`9` only: no signs, spaces or other scripts'
    /// digits such as `２０２６`); nil for any other shape or an impossible date.
    ///
    /// Works on the UTF-8 bytes: every accepted text is ten ASCII bytes, so checking bytes accepts
    /// and rejects exactly what checking `Character`s did (a digit with a combining mark is one
    /// non-ASCII `Character`, and its bytes are not all digits either).
    public init?(iso text: some StringProtocol) {
        let parsed = text.utf8.withContiguousStorageIfAvailable { LocalDate.isoFields($0) }
            ?? Array(text.utf8).withUnsafeBufferPointer { LocalDate.isoFields($0) }
        guard let parsed else { return nil }
        self.init(year: parsed.year, month: parsed.month, day: parsed.day)
    }

    /// The fields of `bytes` when it is exactly `YYYY-MM-DD` in ASCII digits (not yet range-checked).
    static func isoFields(_ bytes: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int, day: Int)? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let y = asciiNumber(bytes, 0, 4), let m = asciiNumber(bytes, 5, 2), let d = asciiNumber(bytes, 8, 2)
        else { return nil }
        return (y, m, d)
    }

    /// The decimal value of `bytes[start ..< start + count]` when every byte is an ASCII digit.
    @inline(__always)
    static func asciiNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for i in start..<(start + count) {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

/// ISO 8601 weekdays, Monday first.
public enum Weekday: String, CaseIterable, Hashable, Comparable, Sendable, Codable {
    case monday = "mon", tuesday = "tue", wednesday = "wed", thursday = "thu",
         friday = "fri", saturday = "sat", sunday = "sun"

    /// 1 (Monday) ... 7 (Sunday), ISO 8601.
    public var isoNumber: Int { Weekday.allCases.firstIndex(of: self)! + 1 }

    /// Parses `mon`, `monday`, `Mon` …; nil for anything else.
    public init?(name: some StringProtocol) {
        let lower = name.lowercased()
        guard let match = Weekday.allCases.first(where: {
            lower == $0.rawValue || lower == $0.fullName
        }) else { return nil }
        self = match
    }

    /// `monday` … `sunday`.
    public var fullName: String {
        switch self {
        case .monday: "monday"; case .tuesday: "tuesday"; case .wednesday: "wednesday"
        case .thursday: "thursday"; case .friday: "friday"; case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    public static func < (a: Weekday, b: Weekday) -> Bool { a.isoNumber < b.isoNumber }
}

/// Zero-padded decimal, e.g. `pad(7, 2) == "07"`.
package func pad(_ value: Int, _ width: Int) -> String {
    let s = String(value)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
