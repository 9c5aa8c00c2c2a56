import Testing
import TestSupport
@testable import TaskTileCore

/// The byte-level `LocalDate(iso:)` and `LocalDateTime(iso:)` against the `Character`-level parsers
/// they replaced (kept here verbatim as the oracle): same accept/reject set, same values.
@Suite("ISO date parsing: the byte-level parsers accept and reject exactly what the Character-level ones did")
struct ISOParserDifferentialTests {
    /// The `LocalDate(iso:)` before #16, verbatim.
    static func oracleDate(_ text: some StringProtocol) -> LocalDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        return LocalDate(year: y, month: m, day: d)
    }

    /// The `LocalDateTime(iso:)` before #16, verbatim.
    static func oracleDateTime(_ text: some StringProtocol) -> LocalDateTime? {
        let s = String(text)
        guard s.count >= 16 else { return nil }
        let sepIndex = s.index(s.startIndex, offsetBy: 10)
        guard s[sepIndex] == "T" || s[sepIndex] == " ",
              let date = oracleDate(s[..<sepIndex]) else { return nil }
        let timePart = s[s.index(after: sepIndex)...]
        let fields = timePart.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3,
              fields.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(fields[0]), let m = Int(fields[1]) else { return nil }
        let sec = fields.count == 3 ? Int(fields[2]) ?? -1 : 0
        return LocalDateTime(date: date, hour: h, minute: m, second: sec)
    }

    /// Hand-picked edges: valid dates, Feb 29 on leap and non-leap years (1900, 2000, 2100, 2024,
    /// 2026), out-of-range fields, year 0 and 9999, trailing and leading junk, signs, whitespace,
    /// other scripts' digits, combining marks that merge with a digit or separator, CR LF.
    static let edges: [String] = [
        "2026-12-01", "0001-01-01", "9999-12-31", "0000-01-01", "2024-02-29", "2026-02-29", "1900-02-29",
        "2000-02-29", "2100-02-29", "2026-02-28", "2026-04-31", "2026-04-30", "2026-13-01", "2026-00-10",
        "2026-01-00", "2026-01-32", "2026-1-01", "2026-01-1", "226-01-01", "20260-01-01", "2026-01-01 ",
        " 2026-01-01", "2026-01-01x", "2026/01/01", "2026--01-01", "2026-01--01", "+026-01-01", "-026-01-01",
        "2026-+1-01", "2026-01-+1", "2026-01- 1", "２０２６-01-01", "2026-０１-01", "٢٠٢٦-01-01", "2026-01-0١",
        "2026-01-01\u{301}", "2026\u{301}-01-01", "2026-01-01\r\n", "2026\r\n01-01", "", "-", "--", "2026-01",
        "2026-01-01T09:00", "2026-01-01 09:00", "2026-01-01T09:00:30", "2026-01-01T23:59:59", "2026-01-01T24:00",
        "2026-01-01T23:60", "2026-01-01T23:59:60", "2026-01-01T9:00", "2026-01-01T09:0", "2026-01-01T09:00:",
        "2026-01-01T09:00:0", "2026-01-01T09:00:00:00", "2026-01-01T09:00Z", "2026-01-01T09:00+09:00",
        "2026-01-01t09:00", "2026-01-01_09:00", "2026-01-01  09:00", "2026-01-01T 9:00", "2026-01-01T+9:00",
        "2026-01-01T-1:00", "2026-01-01T09:-1", "2026-01-01T０９:00", "2026-01-01T09:00\u{301}",
        "2026-01-01T\u{301}09:00", "2026-01-01\r\n09:00", "2024-02-29T12:00:00", "2026-02-29T12:00:00",
        "2026-01-01T09-00", "2026-01-01T09:00:00.5", "2026-01-01T09:00:00 ", "2026-01-01T09:00 ",
        "2026-01-01T09:00\n", "0000-01-01T00:00", "9999-12-31T23:59:59", "2026-01-01T09:00:00\u{0}",
    ]

    /// Characters random texts are made of: digits, the separators, and what must be refused.
    static let alphabet: [String] = ["0", "1", "2", "5", "9", "-", ":", "T", " ", "t", "+", "Z", "２", "٣", "\u{301}",
                                     "\r\n", "\n", "x", "é", "\u{0}", "/", "."]

    func check(_ text: String) {
        #expect(LocalDate(iso: text) == Self.oracleDate(text), "LocalDate(iso: \(text.debugDescription))")
        #expect(LocalDateTime(iso: text) == Self.oracleDateTime(text), "LocalDateTime(iso: \(text.debugDescription))")
        // The Substring paths too (decodeRule and callers pass slices).
        let padded = "<" + text + ">"
        let slice = padded.dropFirst().dropLast()
        #expect(LocalDate(iso: slice) == Self.oracleDate(slice), "LocalDate(iso: Substring \(text.debugDescription))")
        #expect(LocalDateTime(iso: slice) == Self.oracleDateTime(slice), "LocalDateTime(iso: Substring \(text.debugDescription))")
    }

    @Test("hand-picked edges")
    func edgeCases() {
        for text in Self.edges { check(text) }
        #expect(LocalDate(iso: "2024-02-29") != nil)
        #expect(LocalDate(iso: "2026-02-29") == nil)
        #expect(LocalDateTime(iso: "2026-01-01 09:00:30") == LocalDateTime(date: LocalDate(year: 2026, month: 1, day: 1)!, hour: 9, minute: 0, second: 30))
    }

    @Test("every valid date of four years, with and without times")
    func validDates() {
        for year in [1900, 2000, 2024, 2026] {
            var date = LocalDate(year: year, month: 1, day: 1)!
            while date.year == year {
                check(date.description)
                check("\(date)T\(pad(date.day % 24, 2)):\(pad(date.month * 4, 2))")
                check("\(date) \(pad(date.day, 2)):\(pad(date.month, 2)):\(pad(date.day * 2, 2))")
                date = date.adding(days: 1)
            }
        }
    }

    @Test("random texts: mutations of valid ones and strings from a small alphabet")
    func random() {
        var rng = SplitMix(state: 16)
        let bases = ["2026-12-01", "2024-02-29T23:59:59", "2026-02-28 00:00", "0001-01-01T00:00:00"]
        for _ in 0..<20_000 {
            var characters = bases.randomElement(using: &rng)!.map(String.init)
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let position = Int.random(in: 0...characters.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where position < characters.count: characters[position] = Self.alphabet.randomElement(using: &rng)!
                case 1 where position < characters.count: characters.remove(at: position)
                default: characters.insert(Self.alphabet.randomElement(using: &rng)!, at: position)
                }
            }
            check(characters.joined())
            let length = Int.random(in: 0...20, using: &rng)
            check((0..<length).map { _ in Self.alphabet.randomElement(using: &rng)! }.joined())
        }
    }
}
