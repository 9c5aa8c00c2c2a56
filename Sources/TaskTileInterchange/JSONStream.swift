import Foundation
import TaskTileCore
#if canImport(Glibc)
import Glibc
#endif

/// Reads one large JSON object (an import file) member by member and array element by array
/// element, holding only the element being read in memory, so a file of any size is read in
/// bounded memory (docs/interchange.md "JSON backup").
///
/// Only the structure between elements (`{`, `:`, `,`, `[`, `]`, `}` and white space) is read
/// here; every element, key and scalar is handed to `JSONValue.parse`, the one JSON parser, so
/// the rules (UTF-8, escapes, numbers, duplicate keys, depth) are the same as for a whole file,
/// and a syntax error names the line and column in the whole file.
struct JSONStream {
    /// The largest single element (one list, todo, completion, theme, or the settings object)
    /// accepted, in bytes: 16 MiB. A todo is under 1 KiB; a record this large is not one
    /// tasktile wrote.
    static let maxElementBytes = 16 << 20

    private let fd: Int32
    private let path: String
    private var buffer: [UInt8]
    private var pos = 0
    private var atEnd = false
    /// Line and column (Unicode scalars, from 1) of the next unread byte.
    private(set) var line = 1, column = 1

    /// Streams the file at `path` in 64 KiB reads.
    /// - Throws: `FileError` when it cannot be opened.
    init(path: String) throws {
        fd = try Posix.retrying("open", path: path) { open(path, O_RDONLY | O_CLOEXEC) }
        self.path = path
        buffer = []
    }

    /// Streams bytes already in memory.
    init(bytes: [UInt8], path: String) {
        fd = -1; self.path = path; buffer = bytes; atEnd = true
    }

    /// Closes the file (a stream over bytes has nothing to close).
    func close() { if fd >= 0 { _ = Glibc.close(fd) } }

    // MARK: bytes

    /// The next byte, nil at the end of the file.
    private mutating func peek() throws -> UInt8? {
        if pos < buffer.count { return buffer[pos] }
        guard !atEnd else { return nil }
        // Drop what was read; keep nothing (elements are copied out as they are scanned).
        buffer.removeAll(keepingCapacity: true)
        pos = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = try chunk.withUnsafeMutableBytes { raw in
            try Posix.retrying("read", path: path) { read(fd, raw.baseAddress!, raw.count) }
        }
        if n == 0 { atEnd = true; return nil }
        buffer.append(contentsOf: chunk[0..<n])
        return buffer[0]
    }

    /// Consumes one byte already peeked.
    private mutating func advance(_ b: UInt8) {
        pos += 1
        if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
    }

    /// `unexpected end of text (expected …)` at the end, else `unexpected character (expected …)`.
    private func unexpected(atEnd: Bool, _ what: StringKey) -> JSONSyntaxError {
        syntax(Phrase(key: atEnd ? .jsonErrorUnexpectedEndExpected : .jsonErrorUnexpectedCharacterExpected,
                      Phrase(key: what)))
    }

    private func syntax(_ reason: Phrase, line: Int? = nil, column: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(line: line ?? self.line, column: column ?? self.column, reason: reason)
    }

    /// Skips JSON white space.
    mutating func skipSpace() throws {
        while try peek() != nil {
            let (end, newLine, newColumn) = buffer.withUnsafeBufferPointer { p -> (Int, Int, Int) in
                var i = pos, line = self.line, column = self.column
                while i < p.count {
                    let b = p[i]
                    if b == 0x0A { line += 1; column = 1 } else if b == 0x20 || b == 0x0D || b == 0x09 { column += 1 } else { break }
                    i += 1
                }
                return (i, line, column)
            }
            pos = end; line = newLine; column = newColumn
            if pos < buffer.count { return }
        }
    }

    private mutating func skipByteOrderMark() throws {
        guard try peek() == 0xEF else { return }
        // Read three bytes; a BOM does not count as a column.
        var bom: [UInt8] = []
        for _ in 0..<3 {
            guard let b = try peek() else { break }
            bom.append(b); pos += 1
        }
        guard bom == [0xEF, 0xBB, 0xBF] else { throw syntax(Phrase(key: .jsonErrorUnexpectedCharacter)) }
    }

    /// Consumes `expected` after white space, or throws naming what was expected.
    private mutating func expect(_ expected: UInt8, _ what: Phrase) throws {
        try skipSpace()
        guard let b = try peek() else { throw syntax(Phrase(key: .jsonErrorUnexpectedEndExpected, what)) }
        guard b == expected else { throw syntax(Phrase(key: .jsonErrorUnexpectedCharacterExpected, what)) }
        advance(b)
    }

    /// The bytes of the next value, with the line and column it starts at. Scans the buffer in
    /// bulk (strings with their escapes, nesting of objects and arrays); `JSONValue.parse` then
    /// checks the bytes.
    private mutating func valueBytes() throws -> (bytes: [UInt8], line: Int, column: Int) {
        try skipSpace()
        let startLine = line, startColumn = column
        guard let first = try peek() else { throw syntax(Phrase(key: .jsonErrorUnexpectedEnd)) }
        let scalar = first != UInt8(ascii: "\"") && first != UInt8(ascii: "{") && first != UInt8(ascii: "[")
        var out: [UInt8] = []
        var depth = 0, inString = false, escaped = false, done = false
        while !done, try peek() != nil {
            let start = pos
            buffer.withUnsafeBufferPointer { p in
                var i = pos
                while i < p.count {
                    let b = p[i]
                    if scalar {
                        if b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]")
                            || b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { done = true; break }
                    } else if inString {
                        if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") {
                            inString = false
                            if depth == 0 { done = true }
                        }
                    } else if b == UInt8(ascii: "\"") {
                        inString = true
                    } else if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
                        depth += 1
                    } else if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 { done = true }
                    }
                    if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
                    i += 1
                    if done { break }
                }
                pos = i
                out.append(contentsOf: p[start..<i])
            }
            if out.count > JSONStream.maxElementBytes {
                throw syntax(Phrase(key: .jsonErrorElementTooLarge, JSONStream.maxElementBytes >> 20),
                             line: startLine, column: startColumn)
            }
        }
        if !done && !scalar {
            throw syntax(Phrase(key: inString ? .jsonErrorUnclosedString : .jsonErrorUnclosedContainer),
                         line: startLine, column: startColumn)
        }
        return (out, startLine, startColumn)
    }

    /// Parses the next value with `JSONValue.parse`.
    /// - Throws: `JSONSyntaxError` with its line and column in the whole file.
    mutating func value() throws -> JSONValue {
        let (bytes, startLine, startColumn) = try valueBytes()
        do { return try JSONValue.parse(bytes) } catch var e as JSONSyntaxError {
            if e.line == 1 { e.column += startColumn - 1 }
            e.line += startLine - 1
            throw e
        }
    }

    /// Reads the top-level object: `member` is called with each key and must read its value
    /// (`value()` or `elements(_:)`). Then only white space may follow.
    /// - Throws: `JSONSyntaxError` (also for a key given twice), and what `member` throws.
    mutating func object(_ member: (inout JSONStream, String) throws -> Void) throws {
        try skipByteOrderMark()
        try expect(UInt8(ascii: "{"), Phrase(key: .jsonWhatObject))
        var seen = Set<String>()
        try skipSpace()
        if try peek() == UInt8(ascii: "}") {
            advance(UInt8(ascii: "}"))
        } else {
            while true {
                try skipSpace()
                let keyLine = line, keyColumn = column
                guard try peek() == UInt8(ascii: "\"") else { throw unexpected(atEnd: false, .jsonWhatQuotedKey) }
                guard case .string(let key) = try value() else {
                    throw syntax(Phrase(key: .jsonErrorExpectedKey), line: keyLine, column: keyColumn)
                }
                guard seen.insert(key).inserted else {
                    throw syntax(Phrase(key: .jsonErrorDuplicateKey, key), line: keyLine, column: keyColumn)
                }
                try expect(UInt8(ascii: ":"), "':'")
                try member(&self, key)
                try skipSpace()
                guard let b = try peek() else { throw unexpected(atEnd: true, .jsonWhatCommaOrBrace) }
                advance(b)
                if b == UInt8(ascii: "}") { break }
                guard b == UInt8(ascii: ",") else { throw unexpected(atEnd: false, .jsonWhatCommaOrBrace) }
            }
        }
        try skipSpace()
        guard try peek() == nil else { throw syntax(Phrase(key: .jsonErrorTrailingText)) }
    }

    /// Whether the next value is an array (after white space).
    mutating func nextIsArray() throws -> Bool {
        try skipSpace()
        return try peek() == UInt8(ascii: "[")
    }

    /// Reads an array, calling `element` with each element's index and value, one at a time.
    /// - Throws: `JSONSyntaxError`, and what `element` throws.
    mutating func elements(_ element: (Int, JSONValue) throws -> Void) throws {
        try expect(UInt8(ascii: "["), Phrase(key: .jsonWhatArray))
        try skipSpace()
        if try peek() == UInt8(ascii: "]") { advance(UInt8(ascii: "]")); return }
        var index = 0
        while true {
            try element(index, try value())
            index += 1
            try skipSpace()
            guard let b = try peek() else { throw unexpected(atEnd: true, .jsonWhatCommaOrBracket) }
            advance(b)
            if b == UInt8(ascii: "]") { return }
            guard b == UInt8(ascii: ",") else { throw unexpected(atEnd: false, .jsonWhatCommaOrBracket) }
        }
    }
}
