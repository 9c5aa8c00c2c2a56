import Testing
@testable import TaskTileCore

/// The one JSON parser (themes, specs, routines, backups, hit maps): what it accepts, what it
/// refuses, and where its errors point (1-based line and column, in Unicode scalars).
@Suite("JSONValue: the strict JSON parser")
struct JSONValueTests {
    /// The error `text` is refused with.
    static func failure(_ text: String) throws -> JSONSyntaxError {
        try #require(throws: JSONSyntaxError.self) { try JSONValue.parse(text) }
    }

    static func failure(_ bytes: [UInt8]) throws -> JSONSyntaxError {
        try #require(throws: JSONSyntaxError.self) { try JSONValue.parse(bytes) }
    }

    // MARK: Strings

    @Test("a valid surrogate pair becomes one scalar")
    func surrogatePair() throws {
        let value = try JSONValue.parse(#""\uD83D\uDE80 \ud83d\ude80""#)
        #expect(value == .string("🚀 🚀"))
        #expect(value.stringValue?.unicodeScalars.map(\.value) == [0x1F680, 0x20, 0x1F680])
    }

    @Test("a lone surrogate is refused at its escape", arguments: [
        (#""\uD83D""#, 2, "lone high surrogate \\uD83D"),
        (#""ab\uD83D\u0041""#, 4, "lone high surrogate \\uD83D"),
        (#""ab\uD83Dx""#, 4, "lone high surrogate \\uD83D"),
        (#""a\uDE80""#, 3, "lone low surrogate \\uDE80"),
        (#""\uDE80\uD83D""#, 2, "lone low surrogate \\uDE80"),
    ])
    func loneSurrogate(text: String, column: Int, reason: String) throws {
        let e = try Self.failure(text)
        #expect(e.line == 1 && e.column == column, "\(e)")
        #expect(e.reason.hasPrefix(reason), "\(e)")
    }

    @Test("control characters must be escaped in strings; escaped they read back")
    func controlCharacters() throws {
        let tab = try Self.failure("[\"a\tb\"]")
        #expect(tab.column == 4 && tab.reason.hasPrefix("control character U+0009 in string"), "\(tab)")
        let newline = try Self.failure("\"line\nbreak\"")
        #expect(newline.line == 1 && newline.column == 6 && newline.reason.contains("U+000A"), "\(newline)")
        #expect(try Self.failure("\"\u{0}\"").reason.contains("U+0000"))
        #expect(try JSONValue.parse(#""a\tb\n\u0000\u001F\/""#) == .string("a\tb\n\u{0}\u{1F}/"))
        #expect(try JSONValue.parse("\"\u{7F}\"") == .string("\u{7F}"), "DEL is not a JSON control character")
    }

    @Test("an unknown escape and an unterminated string are refused")
    func badEscapes() throws {
        #expect(try Self.failure(#""a\x""#).reason == "unknown escape")
        #expect(try Self.failure(#""\u12G4""#).reason == "invalid hex digit in \\u escape")
        let open = try Self.failure("[1,\n \"abc")
        #expect(open.line == 2 && open.column == 2 && open.reason.hasPrefix("unterminated string"), "\(open)")
    }

    @Test("invalid UTF-8 is refused at its first bad byte")
    func invalidUTF8() throws {
        let e = try Self.failure([0x22, 0x61, 0xFF, 0x22])
        #expect(e.line == 1 && e.column == 3 && e.reason.contains("not valid UTF-8"), "\(e)")
        #expect(try Self.failure([0x22, 0xC3, 0x22]).column == 2, "a truncated sequence")
    }

    // MARK: Structure

    @Test("nesting up to the limit parses; one level more is refused with a message")
    func depthLimit() throws {
        let limit = JSONValue.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try JSONValue.parse(deepest) }
        let e = try Self.failure(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1))
        #expect(e.reason.hasPrefix("nesting too deep: more than \(limit)"), "\(e)")
        #expect(e.column == limit + 1, "points at the bracket past the limit")
    }

    @Test("100 000 levels are refused without running out of stack", arguments: ["[", #"{"a":"#, #"[{"k":"#])
    func veryDeep(opening: String) throws {
        let e = try Self.failure(String(repeating: opening, count: 100_000))
        #expect(e.reason.hasPrefix("nesting too deep"), "\(e)")
    }

    @Test("a key twice in one object is refused, naming the key and pointing at the second")
    func duplicateKeys() throws {
        let e = try Self.failure("{\"name\": 1,\n  \"other\": 2,\n  \"name\": 3}")
        #expect(e.line == 3 && e.column == 3, "\(e)")
        #expect(e.reason == #"duplicate key "name""#)
        // The same key in different objects is fine, and order is kept.
        let ok = try JSONValue.parse(#"{"b": {"a": 1}, "a": {"a": 2}}"#)
        guard case .object(let members) = ok else { Issue.record("not an object"); return }
        #expect(members.map(\.0) == ["b", "a"])
        #expect(ok["a"]?["a"] == .number(2))
        // Keys are compared as Swift strings (canonical equivalence): "é" and "e\u{301}" are one key.
        #expect(try Self.failure("{\"\u{E9}\": 1, \"e\u{301}\": 2}").reason.hasPrefix("duplicate key"))
    }

    @Test("a leading byte-order mark is skipped and not counted in columns; one elsewhere is refused")
    func byteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try JSONValue.parse(bom + Array(#"{"a": 1}"#.utf8)) == .object([("a", .number(1))]))
        let withBOM = try Self.failure(bom + Array(#"{"a": }"#.utf8))
        let without = try Self.failure(#"{"a": }"#)
        #expect(withBOM == without && without.column == 7, "\(withBOM) vs \(without)")
        #expect(try Self.failure(Array(" ".utf8) + bom + Array("1".utf8)).reason == "unexpected character")
    }

    @Test("text after the value is refused where it starts", arguments: [
        ("{} x", 4), ("[1] [2]", 5), ("{}}", 3), ("1 2", 3), ("true false", 6), ("null,", 5),
    ])
    func trailingGarbage(text: String, column: Int) throws {
        let e = try Self.failure(text)
        #expect(e.column == column && e.reason == "unexpected text after the JSON value", "\(e)")
    }

    @Test("errors name the line and the column, counted in scalars")
    func positions() throws {
        let e = try Self.failure("{\n  \"a\": tru\n}")
        #expect(e.line == 2 && e.column == 8, "\(e)")
        #expect(e.description == "line 2, column 8: unexpected word (expected true)")
        let wide = try Self.failure(#"{"é日": x}"#)
        #expect(wide.line == 1 && wide.column == 8, "\(wide)")
        #expect(try Self.failure("").reason == "unexpected end of text")
        #expect(try Self.failure("[1,]").column == 4)
    }

    // MARK: Numbers

    @Test("numbers RFC 8259 accepts", arguments: [
        ("0", 0.0), ("-0", -0.0), ("7", 7), ("-12", -12), ("1.5", 1.5), ("-1.5e3", -1500), ("1E+2", 100), ("2e-2", 0.02),
        ("9007199254740993", 9007199254740992), ("1.7976931348623157e308", .greatestFiniteMagnitude), ("1e-400", 0),
    ])
    func validNumbers(text: String, value: Double) throws {
        #expect(try JSONValue.parse(text) == .number(value))
        #expect(try JSONValue.parse("[\(text)]") == .array([.number(value)]))
    }

    @Test("numbers RFC 8259 refuses, and numbers that do not fit a Double", arguments: [
        ("01", "invalid number: leading zeros are not allowed", 1),
        ("-01", "invalid number: leading zeros are not allowed", 1),
        ("[00]", "invalid number: leading zeros are not allowed", 2),
        ("-", "invalid number: a digit must follow '-'", 1),
        ("-a", "invalid number: a digit must follow '-'", 1),
        ("1.", "invalid number: digits expected after '.'", 3),
        ("1.e5", "invalid number: digits expected after '.'", 3),
        ("1e", "invalid number: digits expected in exponent", 3),
        ("1e+", "invalid number: digits expected in exponent", 4),
        (".5", "unexpected character", 1),
        ("+1", "unexpected character", 1),
        ("0x10", "unexpected text after the JSON value", 2),
        ("1e400", "number out of range: 1e400", 1),
        ("[-1e400]", "number out of range: -1e400", 2),
        ("NaN", "NaN and Infinity are not JSON numbers", 1),
        ("Infinity", "NaN and Infinity are not JSON numbers", 1),
        ("[-Infinity]", "NaN and Infinity are not JSON numbers", 2),
    ])
    func invalidNumbers(text: String, reason: String, column: Int) throws {
        let e = try Self.failure(text)
        #expect(e.reason == reason && e.column == column, "\(text): \(e)")
    }

    // MARK: Round trip

    @Test("serialized output parses back to the same value, keys in order")
    func roundTrip() throws {
        let value = JSONValue.object([
            ("z", .array([.number(1), .number(-2.5), .null, .bool(true)])),
            ("a", .string("quote \" backslash \\ tab \t nul \u{0} 🚀 \u{2028}")),
            ("nested", .object([("k", .object([]))])),
        ])
        #expect(try JSONValue.parse(value.serialized()) == value)
        #expect(try JSONValue.parse(value.serialized(pretty: false)) == value)
    }
}
