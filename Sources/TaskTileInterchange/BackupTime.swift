import Foundation
import TaskTileCore

/// Instants in a backup: ISO 8601 UTC text whose fractional seconds are the shortest decimal that
/// reads back to the same `Double` (so a backup restores every stored instant bit for bit), e.g.
/// `2027-01-05T08:00:00Z`, `2027-01-05T08:00:00.123456Z`. Instants before 1970 or beyond what
/// prints without an exponent are written as seconds since 1970 (a JSON number), and both forms are read;
/// either must lie in `InstantRange` (years 1…9999), or it is refused where it is read.
enum BackupTime {
    /// An instant outside `InstantRange` (only a store edited by hand holds one) is written
    /// clamped to the span's nearer end, so that every backup restores.
    static func jsonValue(_ date: Date) -> JSONValue {
        let t = InstantRange.contains(date) ? date.timeIntervalSince1970 : Double(InstantRange.seconds(date))
        let text = String(t)
        guard t >= 0, !text.contains("e"), let dot = text.firstIndex(of: "."), let whole = Int(text[..<dot]) else {
            return .number(t)
        }
        let base = String(JSONDates.utc(Date(timeIntervalSince1970: Double(whole))).dropLast())
        let fraction = text[dot...]
        return .string(fraction == ".0" ? base + "Z" : base + fraction + "Z")
    }

    static func parse(_ value: JSONValue) -> Date? {
        switch value {
        case .number(let n): return InstantRange.contains(seconds: n) ? Date(timeIntervalSince1970: n) : nil
        case .string(var s):
            guard s.hasSuffix("Z") else { return nil }
            s.removeLast()
            var fraction = ""
            if let dot = s.firstIndex(of: ".") {
                fraction = String(s[dot...])
                guard fraction.count > 1, fraction.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
                s = String(s[..<dot])
            }
            guard s.count == 19, let wall = LocalDateTime(iso: s) else { return nil }
            guard let seconds = Double("\(wall.naiveSeconds)\(fraction)") else { return nil }
            return InstantRange.contains(seconds: seconds) ? Date(timeIntervalSince1970: seconds) : nil
        default: return nil
        }
    }
}
