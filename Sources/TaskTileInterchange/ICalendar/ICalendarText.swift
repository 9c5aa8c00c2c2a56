import Foundation
import TaskTileCore

/// The iCalendar content-line layer (RFC 5545 §3.1–§3.3): TEXT escaping, line folding, and
/// parsing of folded content lines with their line numbers.
public enum ICalendarText {
    /// TEXT escaping (RFC 5545 §3.3.11): `\` → `\\`, `;` → `\;`, `,` → `\,`, newline → `\n`.
    public static func escape(_ text: String) -> String {
        var out = ""
        for ch in text.unicodeScalars {
            switch ch {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": break
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Undoes TEXT escaping: `\n`/`\N` → newline, `\\` `\;` `\,` → the character; any other
    /// backslash sequence keeps the character after the backslash (what clients in the wild do).
    public static func unescape(_ text: Substring) -> String {
        var out = ""
        var escaped = false
        for ch in text.unicodeScalars {
            if escaped {
                out.unicodeScalars.append(ch == "n" || ch == "N" ? "\n" : ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.unicodeScalars.append(ch)
            }
        }
        if escaped { out += "\\" }
        return out
    }

    /// Splits a multi-valued TEXT value (CATEGORIES) at unescaped commas, then unescapes each part.
    public static func splitList(_ value: String) -> [String] {
        var parts: [Substring] = []
        var start = value.startIndex
        var escaped = false
        for i in value.indices {
            let ch = value[i]
            if escaped { escaped = false; continue }
            if ch == "\\" { escaped = true } else if ch == "," { parts.append(value[start..<i]); start = value.index(after: i) }
        }
        parts.append(value[start...])
        return parts.map(unescape).filter { !$0.isEmpty }
    }

    /// Folds one content line at 75 octets (RFC 5545 §3.1): continuation lines start with a space,
    /// so they carry 74 octets of content. Breaks fall between Unicode scalars — never inside a UTF-8
    /// sequence — and, where possible, not inside a grapheme cluster. Lines end with CRLF.
    public static func fold(_ line: String) -> String {
        var out = ""
        var used = 0
        var limit = 75
        for cluster in line {
            let size = String(cluster).utf8.count
            if used + size > limit, used > 0 {
                if size > 74 {
                    // A cluster longer than a line (long combining sequence): break between its scalars.
                    for scalar in String(cluster).unicodeScalars {
                        let s = String(scalar).utf8.count
                        if used + s > limit { out += "\r\n "; used = 0; limit = 74 }
                        out.unicodeScalars.append(scalar); used += s
                    }
                    continue
                }
                out += "\r\n "
                used = 0
                limit = 74
            }
            out.append(cluster)
            used += size
        }
        return out + "\r\n"
    }

    /// One unfolded content line: `NAME;PARAM=V:VALUE`.
    public struct ContentLine: Sendable {
        /// Upper-cased property name (`DUE`, `X-APPLE-SORT-ORDER`, `BEGIN`).
        public var name: String
        /// Parameters with upper-cased names; values unquoted.
        public var parameters: [String: String]
        public var value: String
        /// 1-based physical line where it starts.
        public var line: Int
    }

    /// Unfolds (CRLF or bare LF, continuation lines starting with a space or tab) and parses content
    /// lines. Unfolding works on bytes, so a client that folded inside a UTF-8 sequence (RFC 5545
    /// says it should not) still reads correctly; each unfolded line must then be UTF-8 without NUL.
    /// Blank lines are skipped; a UTF-8 byte-order mark is ignored.
    /// - Throws: `InterchangeError` naming the line that is binary or not a content line.
    public static func contentLines(_ bytes: [UInt8], file: String) throws -> [ContentLine] {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var logical: [([UInt8], Int)] = []
        var lineNumber = 0
        for raw in body.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var physical = raw
            if physical.last == 0x0D { physical = physical.dropLast() }
            if let first = physical.first, first == 0x20 || first == 0x09 {
                guard !logical.isEmpty else {
                    throw InterchangeError(file: file, line: lineNumber, reason: Phrase(key: .icsErrorContinuationFirst))
                }
                logical[logical.count - 1].0 += physical.dropFirst()
                continue
            }
            if physical.isEmpty { continue }
            logical.append((Array(physical), lineNumber))
        }
        return try logical.map { bytes, line in
            guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
                throw InterchangeError(file: file, line: line, reason: Phrase(key: .icsErrorNotUTF8))
            }
            return try parse(text, line: line, file: file)
        }
    }

    static func parse(_ text: String, line: Int, file: String) throws -> ContentLine {
        func fail(_ reason: Phrase) -> InterchangeError { InterchangeError(file: file, line: line, reason: reason) }
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func isNameChar(_ s: Unicode.Scalar) -> Bool {
            (s >= "A" && s <= "Z") || (s >= "a" && s <= "z") || (s >= "0" && s <= "9") || s == "-"
        }
        var name = ""
        while i < scalars.count, isNameChar(scalars[i]) { name.unicodeScalars.append(scalars[i]); i += 1 }
        guard !name.isEmpty, i < scalars.count, scalars[i] == ";" || scalars[i] == ":" else {
            throw fail(Phrase(key: .icsErrorNotAContentLine, text.prefix(40)))
        }
        var parameters: [String: String] = [:]
        while i < scalars.count, scalars[i] == ";" {
            i += 1
            var pname = ""
            while i < scalars.count, isNameChar(scalars[i]) { pname.unicodeScalars.append(scalars[i]); i += 1 }
            guard !pname.isEmpty, i < scalars.count, scalars[i] == "=" else { throw fail(Phrase(key: .icsErrorMalformedParameter, name)) }
            i += 1
            var pvalue = ""
            var first = true
            repeat {
                if !first { pvalue += ","; i += 1 }
                first = false
                if i < scalars.count, scalars[i] == "\"" {
                    i += 1
                    while i < scalars.count, scalars[i] != "\"" { pvalue.unicodeScalars.append(scalars[i]); i += 1 }
                    guard i < scalars.count else { throw fail(Phrase(key: .icsErrorUnterminatedQuote, name)) }
                    i += 1
                } else {
                    while i < scalars.count, scalars[i] != ";", scalars[i] != ":", scalars[i] != "," {
                        pvalue.unicodeScalars.append(scalars[i]); i += 1
                    }
                }
            } while i < scalars.count && scalars[i] == ","
            parameters[pname.uppercased()] = pvalue
        }
        guard i < scalars.count, scalars[i] == ":" else { throw fail(Phrase(key: .icsErrorExpectedColon, name)) }
        // The value is the rest of the line: sliced from the text (a copy of its bytes), not
        // rebuilt scalar by scalar. `i` counts scalars, so walk the scalar view to it (name and
        // parameters only, the short part of the line).
        let view = text.unicodeScalars
        let valueStart = view.index(view.startIndex, offsetBy: i + 1)
        return ContentLine(name: name.uppercased(), parameters: parameters, value: String(view[valueStart...]), line: line)
    }

    /// A component (`VCALENDAR`, `VTODO`, `VALARM`…) with its properties and children.
    public struct Component: Sendable {
        public var name: String
        public var line: Int
        public var properties: [ContentLine] = []
        public var children: [Component] = []

        /// The first property with this name.
        public func first(_ name: String) -> ContentLine? { properties.first { $0.name == name } }
        public func all(_ name: String) -> [ContentLine] { properties.filter { $0.name == name } }
    }

    /// Builds the component tree: every `BEGIN:X` needs its `END:X`, properties live inside components.
    /// - Throws: `InterchangeError` for a mismatched or missing END (naming both lines), a property
    ///   outside any component, or a file without `BEGIN:VCALENDAR`.
    public static func components(_ lines: [ContentLine], file: String) throws -> [Component] {
        var stack: [Component] = []
        var roots: [Component] = []
        for l in lines {
            switch l.name {
            case "BEGIN":
                let name = l.value.trimmingCharacters(in: .whitespaces).uppercased()
                guard !name.isEmpty else { throw InterchangeError(file: file, line: l.line, reason: Phrase(key: .icsErrorBeginWithoutName)) }
                guard stack.count < 16 else { throw InterchangeError(file: file, line: l.line, reason: Phrase(key: .icsErrorNestedTooDeeply)) }
                stack.append(Component(name: name, line: l.line))
            case "END":
                let name = l.value.trimmingCharacters(in: .whitespaces).uppercased()
                guard let open = stack.popLast() else {
                    throw InterchangeError(file: file, line: l.line, reason: Phrase(key: .icsErrorEndWithoutBegin, name))
                }
                guard open.name == name else {
                    throw InterchangeError(file: file, line: l.line, reason: Phrase(key: .icsErrorEndMismatch, name, open.name, open.line))
                }
                if stack.isEmpty { roots.append(open) } else { stack[stack.count - 1].children.append(open) }
            default:
                guard !stack.isEmpty else {
                    throw InterchangeError(file: file, line: l.line, reason: Phrase(key: .icsErrorOutsideCalendar, l.name))
                }
                stack[stack.count - 1].properties.append(l)
            }
        }
        if let open = stack.last {
            throw InterchangeError(file: file, line: open.line, reason: Phrase(key: .icsErrorNoEnd, open.name))
        }
        guard roots.contains(where: { $0.name == "VCALENDAR" }) else {
            throw InterchangeError(file: file, line: lines.first?.line ?? 1, reason: Phrase(key: .icsErrorNotICalendar))
        }
        return roots
    }

    // MARK: - Values (RFC 5545 §3.3.4, §3.3.5)

    /// `YYYYMMDD`, or nil.
    public static func date(_ s: Substring) -> LocalDate? {
        guard s.count == 8, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return LocalDate(year: Int(s.prefix(4))!, month: Int(s.dropFirst(4).prefix(2))!, day: Int(s.suffix(2))!)
    }

    /// `YYYYMMDDTHHMMSS` with an optional `Z`: the wall-clock time and whether it is UTC; nil if malformed.
    public static func dateTime(_ text: String) -> (LocalDateTime, utc: Bool)? {
        var s = Substring(text)
        let utc = s.hasSuffix("Z") || s.hasSuffix("z")
        if utc { s = s.dropLast() }
        guard s.count == 15, s[s.index(s.startIndex, offsetBy: 8)] == "T" || s[s.index(s.startIndex, offsetBy: 8)] == "t",
              let d = date(s.prefix(8)) else { return nil }
        let t = s.suffix(6)
        guard t.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let sec = min(Int(t.suffix(2))!, 59) // a leap second 60 reads as 59
        guard let wc = LocalDateTime(date: d, hour: Int(t.prefix(2))!, minute: Int(t.dropFirst(2).prefix(2))!, second: sec) else { return nil }
        return (wc, utc)
    }

    static func compact(_ d: LocalDate) -> String { "\(pad(d.year, 4))\(pad(d.month, 2))\(pad(d.day, 2))" }
    static func compact(_ wc: LocalDateTime) -> String { "\(compact(wc.date))T\(pad(wc.hour, 2))\(pad(wc.minute, 2))\(pad(wc.second, 2))" }
    /// A UTC date-time value `YYYYMMDDTHHMMSSZ` (whole seconds, truncated).
    public static func utc(_ date: Date) -> String {
        compact(ZonedClock.wallClock(of: date, in: TimeZone(identifier: "UTC")!)) + "Z"
    }
}
