import Foundation
import TaskTileCore

/// The object reader of import files (backups, routine packs): member paths below `path`
/// (`todos[3].due.zone`) and the import wording, plus the backup's instants.
extension JSONObjectReader {
    /// Reads `value`, the object at `path` of import file `file` (`""` for the top level), with `keys`.
    /// - Throws: `DataFileError` at `path` when it is not an object; at the key's path for an unknown key.
    init(_ value: JSONValue, path: String, file: String, keys: [String]) throws {
        try self.init(value, file: file, place: .record(line: nil, path: path), keys: keys, wording: .importFile)
    }

    /// A required instant (`BackupTime`). - Throws: `DataFileError`: `is missing`, `must be a UTC time …`.
    func date(_ key: String) throws -> Date {
        try required(key).read(BackupTime.parse, else: Phrase(key: .importErrorNotAUTCTime))
    }

    /// An instant, nil when absent or null. - Throws: `DataFileError` as `date(_:)`.
    func optionalDate(_ key: String) throws -> Date? {
        guard value(key) != nil else { return nil }
        return try date(key)
    }
}
