import Foundation
import TaskTileCore

/// A bad import file (exit 65, docs/exit-codes.md): the importers' name for `DataFileError`, at a
/// line and/or a key path (`DataFileError(file:line:path:reason:)`).
public typealias InterchangeError = DataFileError

/// Limits shared by every importer.
public enum InterchangeLimits {
    /// Largest import file accepted, in bytes (16 MiB). A personal todo store is a few hundred KB;
    /// anything larger is refused before parsing instead of exhausting memory.
    public static let maxFileBytes = 16 << 20

    /// Reads an import file, refusing one over `maxFileBytes`.
    /// - Throws: `DataFileError` (too large), `FileError` (cannot be read).
    public static func read(_ path: String) throws -> [UInt8] {
        do {
            return try Posix.readFile(path, limit: maxFileBytes)
        } catch let e as FileError where e.errnoValue == EFBIG {
            throw DataFileError(file: path, reason: Phrase(key: .importErrorTooLarge, maxFileBytes >> 20))
        }
    }

    /// The bytes as UTF-8 text, or an error naming the first line with bad bytes (binary data,
    /// another encoding) or a NUL byte.
    /// - Throws: `DataFileError`.
    public static func text(_ bytes: [UInt8], file: String) throws -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self), !body.contains(0) { return text }
        // Name the first bad line.
        for (index, slice) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where slice.contains(0) || String(validating: slice, as: UTF8.self) == nil {
            throw DataFileError(file: file, line: index + 1,
                                   reason: Phrase(key: .importErrorNotUTF8))
        }
        throw DataFileError(file: file, reason: Phrase(key: .importErrorNotUTF8))
    }
}
