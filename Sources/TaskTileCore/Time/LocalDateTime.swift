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

    /// Parses `YYYY-MM-DDTHH:MM[:SS]` or `YYYY-MM-DD HH:MM[:SS]` (ASCII digits only); nil otherwise.
    ///
    /// Works on the UTF-8 bytes, like `LocalDate(iso:)`: every accepted text is 16 or 19 ASCII bytes.
    public init?(iso text: some StringProtocol) {
        let parsed = text.utf8.withContiguousStorageIfAvailable { LocalDateTime.isoFields($0) }
            ?? Array(text.utf8).withUnsafeBufferPointer { LocalDateTime.isoFields($0) }
        guard let parsed, let date = LocalDate(year: parsed.year, month: parsed.month, day: parsed.day) else { return nil }
        self.init(date: date, hour: parsed.hour, minute: parsed.minute, second: parsed.second)
    }

    /// The fields of `bytes` when it has the `init(iso:)` shape (not yet range-checked).
    static func isoFields(_ bytes: UnsafeBufferPointer<UInt8>)
        -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)? {
        guard bytes.count == 16 || bytes.count == 19,
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              let date = LocalDate.isoFields(UnsafeBufferPointer(rebasing: bytes[0..<10])),
              bytes[13] == UInt8(ascii: ":"),
              let h = LocalDate.asciiNumber(bytes, 11, 2), let m = LocalDate.asciiNumber(bytes, 14, 2) else { return nil }
        var second = 0
        if bytes.count == 19 {
            guard bytes[16] == UInt8(ascii: ":"), let s = LocalDate.asciiNumber(bytes, 17, 2) else { return nil }
            second = s
        }
        return (date.year, date.month, date.day, h, m, second)
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool { a.naiveSeconds < b.naiveSeconds }
}
