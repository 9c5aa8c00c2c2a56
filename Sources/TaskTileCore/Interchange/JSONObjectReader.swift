import Foundation

/// Reads one JSON object of an import file strictly: unknown keys are refused (a key this build
/// does not know would otherwise be dropped silently), and each error names the member's path
/// (`todos[3].due.zone`).
struct JSONObjectReader {
    let members: [(String, JSONValue)]
    let path: String
    let file: String

    init(_ value: JSONValue, path: String, file: String, keys: [String]) throws {
        guard case .object(let members) = value else {
            throw InterchangeError(file: file, path: path, reason: Phrase(key: .importErrorNotAnObject, value.kindName))
        }
        for (key, _) in members where !keys.contains(key) {
            throw InterchangeError(file: file, path: path.isEmpty ? key : "\(path).\(key)",
                                   reason: Phrase(key: .importErrorUnknownKey, keys.joined(separator: ", ")))
        }
        self.members = members; self.path = path; self.file = file
    }

    func fail(_ key: String, _ reason: Phrase) -> InterchangeError {
        InterchangeError(file: file, path: path.isEmpty ? key : "\(path).\(key)", reason: reason)
    }

    /// `fail(_:_:)` with the reason as English text, kept only for `Backup.swift` (being split
    /// elsewhere), whose reasons are not in the catalogue yet.
    @available(*, deprecated, message: "give the reason as a catalogue Phrase")
    func fail(_ key: String, _ reason: String) -> InterchangeError {
        fail(key, Phrase(stringLiteral: reason))
    }

    /// The member, nil when absent or null.
    func value(_ key: String) -> JSONValue? {
        guard let v = members.first(where: { $0.0 == key })?.1 else { return nil }
        if case .null = v { return nil }
        return v
    }

    func required(_ key: String) throws -> JSONValue {
        guard let v = value(key) else { throw fail(key, Phrase(key: .importErrorMissing)) }
        return v
    }

    func string(_ key: String) throws -> String {
        guard let s = try required(key).stringValue else { throw fail(key, Phrase(key: .importErrorNotAString)) }
        return s
    }

    func optionalString(_ key: String) throws -> String? {
        guard let v = value(key) else { return nil }
        guard let s = v.stringValue else { throw fail(key, Phrase(key: .importErrorNotAStringOrNull)) }
        return s
    }

    func int(_ key: String, min: Int = 0) throws -> Int {
        guard let n = try required(key).intValue, n >= min else { throw fail(key, Phrase(key: .importErrorNotAWholeNumber, min)) }
        return n
    }

    func optionalInt(_ key: String, min: Int = 0) throws -> Int? {
        guard value(key) != nil else { return nil }
        return try int(key, min: min)
    }

    func bool(_ key: String) throws -> Bool {
        guard case .bool(let b) = try required(key) else { throw fail(key, Phrase(key: .importErrorNotABool)) }
        return b
    }

    func date(_ key: String) throws -> Date {
        guard let d = BackupTime.parse(try required(key)) else {
            throw fail(key, Phrase(key: .importErrorNotAUTCTime))
        }
        return d
    }

    func optionalDate(_ key: String) throws -> Date? {
        guard value(key) != nil else { return nil }
        return try date(key)
    }

    func array(_ key: String) throws -> [JSONValue] {
        guard let v = value(key) else { return [] }
        guard case .array(let items) = v else { throw fail(key, Phrase(key: .importErrorNotAnArray)) }
        return items
    }
}

/// Instants in a backup: ISO 8601 UTC text whose fractional seconds are the shortest decimal that
/// reads back to the same `Double` (so a backup restores every stored instant bit for bit), e.g.
/// `2027-01-05T08:00:00Z`, `2027-01-05T08:00:00.123456Z`. Instants before 1970 or beyond what
/// prints without an exponent are written as seconds since 1970 (a JSON number), and both forms are read.
enum BackupTime {
    static func jsonValue(_ date: Date) -> JSONValue {
        let t = date.timeIntervalSince1970
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
        case .number(let n): return Date(timeIntervalSince1970: n)
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
            return Date(timeIntervalSince1970: seconds)
        default: return nil
        }
    }
}
