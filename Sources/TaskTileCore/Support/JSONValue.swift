/// A JSON value with object keys kept in the order written, so files a person edits by hand
/// (`themes.json`, widget specs) and `--json` output keep a stable, readable order.
///
/// `JSONValue.parse` is the one JSON parser of both programs: themes and theme imports, widget
/// specs, routine packs, backups and hit maps all go through it (nothing uses Foundation's
/// `JSONSerialization` or `JSONDecoder`), and `JSONObjectReader`, the one object reader, then
/// checks the keys of themes, widget specs, routine packs and backups.
///
/// Parsing follows RFC 8259 strictly, with one tolerance and a few refusals RFC 8259 leaves open:
/// - a leading UTF-8 byte-order mark is skipped (editors on other systems write one into files
///   people edit by hand); it is not counted in error columns;
/// - an object with the same key twice is refused, naming the key (which value wins would
///   otherwise depend on the reader);
/// - a `\u` escape of a lone surrogate (one half of a UTF-16 pair) is refused: it is no character;
/// - numbers must fit a `Double` (`1e400` is refused, not read as infinity); NaN and Infinity are
///   not JSON; integers up to 2^53 are exact;
/// - nesting is limited to `maximumDepth` arrays and objects, refused before the stack can run out.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in file order. Duplicate keys are rejected by the parser.
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o): for (k, v) in o { hasher.combine(k); hasher.combine(v) }
        }
    }

    /// Member `key` of an object; nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    /// Convenience for an integer-valued number member or value.
    public var intValue: Int? {
        if case .number(let n) = self, n == n.rounded(), abs(n) < 9e15 { return Int(n) }
        return nil
    }

    /// The text of a string value; nil for any other kind.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A short name of the kind of value, for error messages (`string`, `number`, …).
    public var kindName: String {
        switch self {
        case .null: "null"; case .bool: "boolean"; case .number: "number"
        case .string: "string"; case .array: "array"; case .object: "object"
        }
    }
}

/// A JSON syntax error with the 1-based line and column where it was found.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Line of the offending text, from 1 (lines end at LF).
    public var line: Int
    /// Column of the offending text, from 1, counted in Unicode scalars (a tab is one column;
    /// a byte-order mark is not counted).
    public var column: Int
    /// What was wrong, in the catalogue (`json.error.*`): said in the user's language where it is quoted.
    public var phrase: Phrase
    /// What was wrong, in English.
    public var reason: String { phrase.description }
    /// `line L, column C: reason` in English.
    public var description: String { located.description }
    /// `line L, column C: reason` as a catalogue phrase (`json.error.at`).
    public var located: Phrase { Phrase(key: .jsonErrorAt, line, column, phrase) }

    /// A syntax error at `line`, `column` (both from 1).
    package init(line: Int, column: Int, reason: Phrase) {
        self.line = line; self.column = column; phrase = reason
    }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects `parse` accepts.
    public static let maximumDepth = 512

    /// Parses UTF-8 JSON text (RFC 8259, with the rules in `JSONValue`'s documentation).
    /// - Throws: `JSONSyntaxError` with the line and column of the offending text: invalid UTF-8,
    ///   a syntax error, a duplicate key, a lone surrogate, a number out of range, nesting deeper
    ///   than `maximumDepth`, or text after the value.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    /// Parses JSON text. - Throws: `JSONSyntaxError`.
    public static func parse(_ text: String) throws -> JSONValue { try parse(Array(text.utf8)) }

    /// Serialises with two-space indentation (`pretty`) or compactly, keys in stored order, `/` not escaped,
    /// non-ASCII written as UTF-8. Integral numbers print without a fraction.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(to: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(to out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += JSONValue.numberText(n)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(to: &out, indent: indent.map { $0 + 1 })
            }
            if let indent { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONValue.writeString(key, to: &out)
                out += indent == nil ? ":" : ": "
                value.write(to: &out, indent: indent.map { $0 + 1 })
            }
            if let indent { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    static func numberText(_ n: Double) -> String {
        if n.isNaN || n.isInfinite { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int(n)) }
        return String(n)
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var i = 0
    var depth = 0
    /// Where the text starts: 3 after a byte-order mark, else 0 (columns count from here).
    var textStart = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() throws -> JSONValue {
        // A UTF-8 byte-order mark is skipped (editors on other systems write one).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; textStart = 3 }
        if let bad = firstInvalidUTF8(from: i) {
            throw error(Phrase(key: .jsonErrorNotUTF8, String(bytes[bad], radix: 16, uppercase: true)), at: bad)
        }
        skipSpace()
        let value = try parseValue()
        skipSpace()
        guard i == bytes.count else { throw error(Phrase(key: .jsonErrorTrailingText)) }
        return value
    }

    /// The offset of the first byte that does not belong to valid UTF-8, or nil.
    func firstInvalidUTF8(from start: Int) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes[start...].makeIterator()
        var offset = start
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// An error at `position` (default: the current one), with its line and column.
    func error(_ reason: Phrase, at position: Int? = nil) -> JSONSyntaxError {
        var line = 1, column = 1
        for b in bytes[min(textStart, bytes.count)..<min(position ?? i, bytes.count)] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
    }

    mutating func parseValue() throws -> JSONValue {
        guard i < bytes.count else { throw error(Phrase(key: .jsonErrorUnexpectedEnd)) }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "N"), UInt8(ascii: "I"): throw error(Phrase(key: .jsonErrorNanInfinity))
        default: throw error(Phrase(key: .jsonErrorUnexpectedCharacter))
        }
    }

    mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard bytes.count - i >= w.count, Array(bytes[i..<i + w.count]) == w else {
            throw error(Phrase(key: .jsonErrorUnexpectedWord, word))
        }
        i += w.count
    }

    func isDigit(_ at: Int) -> Bool {
        at < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at])
    }

    mutating func parseNumber() throws -> JSONValue {
        let start = i
        if bytes[i] == UInt8(ascii: "-") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "I") { throw error(Phrase(key: .jsonErrorNanInfinity), at: start) }
            guard isDigit(i) else { throw error(Phrase(key: .jsonErrorMinusDigit), at: start) }
        }
        func digits() -> Int {
            let s = i
            while isDigit(i) { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if isDigit(i) { throw error(Phrase(key: .jsonErrorLeadingZeros), at: start) }
        } else {
            _ = digits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw error(Phrase(key: .jsonErrorFractionDigits)) }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw error(Phrase(key: .jsonErrorExponentDigits)) }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error(Phrase(key: .jsonErrorNumberRange, text), at: start) }
        return .number(value)
    }

    mutating func parseString() throws -> String {
        let open = i
        i += 1 // opening quote
        var scalars = String.UnicodeScalarView()
        var chunkStart = i
        func flush(_ end: Int) {
            if end > chunkStart { scalars.append(contentsOf: String(decoding: bytes[chunkStart..<end], as: UTF8.self).unicodeScalars) }
        }
        while true {
            guard i < bytes.count else { throw error(Phrase(key: .jsonErrorUnterminatedString), at: open) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { flush(i); i += 1; break }
            if b < 0x20 {
                let hex = String(b, radix: 16, uppercase: true)
                throw error(Phrase(key: .jsonErrorControlCharacter, String(repeating: "0", count: 4 - hex.count) + hex))
            }
            if b == UInt8(ascii: "\\") {
                flush(i)
                let escape = i
                i += 1
                guard i < bytes.count else { throw error(Phrase(key: .jsonErrorUnterminatedEscape), at: escape) }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        // A high surrogate must be followed at once by a `\u` low surrogate.
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error(Phrase(key: .jsonErrorLoneHighSurrogate, hexText(code)), at: escape)
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error(Phrase(key: .jsonErrorHighSurrogateNotLow, hexText(code), hexText(low)), at: escape)
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error(Phrase(key: .jsonErrorLoneLowSurrogate, hexText(code)), at: escape)
                    }
                    scalars.append(Unicode.Scalar(code)!)
                default: throw error(Phrase(key: .jsonErrorUnknownEscape), at: escape)
                }
                chunkStart = i
                continue
            }
            i += 1
        }
        return String(scalars)
    }

    func hexText(_ code: UInt32) -> String {
        let hex = String(code, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    mutating func hex4() throws -> UInt32 {
        guard bytes.count - i >= 4 else { throw error(Phrase(key: .jsonErrorIncompleteUnicodeEscape)) }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error(Phrase(key: .jsonErrorBadHexDigit))
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    /// Enters one array or object level, refusing the one past `JSONValue.maximumDepth` (so deep
    /// input fails with a message instead of exhausting the stack).
    mutating func enter() throws {
        depth += 1
        guard depth <= JSONValue.maximumDepth else {
            throw error(Phrase(key: .jsonErrorTooDeep, JSONValue.maximumDepth))
        }
    }

    mutating func parseArray() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try parseValue())
            skipSpace()
            guard i < bytes.count else { throw error(Phrase(key: .jsonErrorUnterminatedArray)) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw error(Phrase(key: .jsonErrorArraySeparator))
        }
    }

    mutating func parseObject() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        i += 1
        var members: [(String, JSONValue)] = []
        var seen = Set<String>()
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error(Phrase(key: .jsonErrorQuotedKey)) }
            let keyPos = i
            let key = try parseString()
            guard seen.insert(key).inserted else { throw error(Phrase(key: .jsonErrorDuplicateKey, key), at: keyPos) }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error(Phrase(key: .jsonErrorColon)) }
            i += 1
            skipSpace()
            members.append((key, try parseValue()))
            skipSpace()
            guard i < bytes.count else { throw error(Phrase(key: .jsonErrorUnterminatedObject)) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw error(Phrase(key: .jsonErrorObjectSeparator))
        }
    }
}
