/// A wall-clock date and time with no zone attached, e.g. `2027-01-31T09:00:00`.
///
/// Combined with an IANA zone id it names an instant (see `ZonedClock`); on its own it is what a
/// person reads off a clock. Seconds are whole (0...59); leap seconds are not represented.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: LocalDate
    /// 0...23
    public var hour: Int
    /// 0...59
    public var minute: Int
    /// 0...59
    public var second: Int

    /// Creates a wall-clock time, or nil when a field is out of range.
    public init?(date: LocalDate, hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.date = date; self.hour = hour; self.minute = minute; self.second = second
    }

    /// Seconds since 1970-01-01T00:00:00 *read as if it were UTC* ("naive" seconds); the basis for
    /// zone conversion and for comparing wall-clock times.
    public var naiveSeconds: Int {
        date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// The wall-clock time `naiveSeconds` seconds after 1970-01-01T00:00:00.
    public init(naiveSeconds s: Int) {
        let days = s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
        let rest = s - days * 86_400
        self.date = LocalDate(dayNumber: days)
        self.hour = rest / 3600
        self.minute = (rest % 3600) / 60
        self.second = rest % 60
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        "\(date)T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }

    /// `HH:MM`.
    public var hourMinute: String { "\(pad(hour, 2)):\(pad(minute, 2))" }

    /// Parses `YYYY-MM-DDTHH:MM[:SS]` or `YYYY-MM-DD HH:MM[:SS]`; nil otherwise.
    public init?(iso text: some StringProtocol) {
        let s = String(text)
        guard s.count >= 16 else { return nil }
        let sepIndex = s.index(s.startIndex, offsetBy: 10)
        guard s[sepIndex] == "T" || s[sepIndex] == " ",
              let date = LocalDate(iso: s[..<sepIndex]) else { return nil }
        let timePart = s[s.index(after: sepIndex)...]
        let fields = timePart.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3,
              fields.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(fields[0]), let m = Int(fields[1]) else { return nil }
        let sec = fields.count == 3 ? Int(fields[2]) ?? -1 : 0
        self.init(date: date, hour: h, minute: m, second: sec)
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool { a.naiveSeconds < b.naiveSeconds }
}
