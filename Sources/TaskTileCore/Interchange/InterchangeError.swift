import Foundation

/// A bad import file (SPEC §10: exit 65): what was wrong, where, and what is accepted.
///
/// Raised before anything is written, so a refused file never changes the store.
public struct InterchangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as named on the command line.
    public var file: String
    /// 1-based line of the problem in the file, when it has one.
    public var line: Int?
    /// Where in a structured file (`todos[3].due`), when there is no line.
    public var path: String?
    /// One sentence: what was wrong and what is accepted.
    public var reason: String

    public init(file: String, line: Int? = nil, path: String? = nil, reason: String) {
        self.file = file; self.line = line; self.path = path; self.reason = reason
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let path { location += ": \(path)" }
        return "\(location): \(reason)"
    }
}

/// Limits shared by every importer.
public enum InterchangeLimits {
    /// Largest import file accepted, in bytes (16 MiB). A personal todo store is a few hundred KB;
    /// anything larger is refused before parsing instead of exhausting memory.
    public static let maxFileBytes = 16 << 20

    /// Reads an import file, refusing one over `maxFileBytes`.
    /// - Throws: `InterchangeError` (too large), `FileError` (cannot be read).
    public static func read(_ path: String) throws -> [UInt8] {
        do {
            return try Posix.readFile(path, limit: maxFileBytes)
        } catch let e as FileError where e.errnoValue == EFBIG {
            throw InterchangeError(file: path, reason: "the file is larger than \(maxFileBytes >> 20) MiB, the most an import accepts")
        }
    }

    /// The bytes as UTF-8 text, or an error naming the first line with bad bytes (binary data,
    /// another encoding) or a NUL byte.
    /// - Throws: `InterchangeError`.
    public static func text(_ bytes: [UInt8], file: String) throws -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self), !body.contains(0) { return text }
        // Name the first bad line.
        for (index, slice) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where slice.contains(0) || String(validating: slice, as: UTF8.self) == nil {
            throw InterchangeError(file: file, line: index + 1,
                                   reason: "not UTF-8 text (binary data or another encoding); save the file as UTF-8")
        }
        throw InterchangeError(file: file, reason: "not UTF-8 text (binary data or another encoding); save the file as UTF-8")
    }
}
