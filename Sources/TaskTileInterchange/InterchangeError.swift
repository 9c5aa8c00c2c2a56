import Foundation
import TaskTileCore

/// A bad import file (exit 65, docs/exit-codes.md): what was wrong, where, and what is accepted.
///
/// Raised before anything is written, so a refused file never changes the store.
public struct InterchangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as named on the command line.
    public var file: String
    /// 1-based line of the problem in the file, when it has one.
    public var line: Int?
    /// Where in a structured file (`todos[3].due`), when there is no line.
    public var path: String?
    /// One sentence: what was wrong and what is accepted, in either language (`message(_:)`);
    /// values quoted from the file stay literal.
    public var reason: Phrase

    public init(file: String, line: Int? = nil, path: String? = nil, reason: Phrase) {
        self.file = file; self.line = line; self.path = path; self.reason = reason
    }

    /// `init` with the reason as English text, kept only for `Backup+Decode.swift`,
    /// whose reasons are not in the catalogue yet: they print as written in every language.
    @available(*, deprecated, message: "give the reason as a catalogue Phrase")
    public init(file: String, line: Int? = nil, path: String? = nil, reason: String) {
        self.init(file: file, line: line, path: path, reason: Phrase(stringLiteral: reason))
    }

    /// `file:line: path: reason` in `localizer`'s language (file, line and path as they are).
    public func message(_ localizer: Localizer) -> String {
        var location = file
        if let line { location += ":\(line)" }
        if let path { location += ": \(path)" }
        return "\(location): \(reason.text(localizer))"
    }

    /// The message in English (`message(_:)` gives it in either language).
    public var description: String { message(Localizer(.en)) }
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
            throw InterchangeError(file: path, reason: Phrase(key: .importErrorTooLarge, maxFileBytes >> 20))
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
                                   reason: Phrase(key: .importErrorNotUTF8))
        }
        throw InterchangeError(file: file, reason: Phrase(key: .importErrorNotUTF8))
    }
}

extension InterchangeError: ReportableError {
    public var exitCode: ExitCode { .dataError }
}
