import Foundation
import TaskTileCore

/// Reads one JSON object of an import file strictly: unknown keys are refused (a key this build
/// does not know would otherwise be dropped silently), and each error names the member's path
/// (`todos[3].due.zone`).
///
/// The object-level half of reading routines and backups; the syntax half is `JSONValue.parse`,
/// the one JSON parser (themes and widget specs check their keys the same way, with their own
/// error types).
struct JSONObjectReader {
    let members: [(String, JSONValue)]
    let path: String
    let file: String

    init(_ value: JSONValue, path: String, file: String, keys: [String]) throws {
        guard case .object(let members) = value else {
            throw DataFileError(file: file, path: path, reason: Phrase(key: .importErrorNotAnObject, value.kindName))
        }
        for (key, _) in members where !keys.contains(key) {
            throw DataFileError(file: file, path: path.isEmpty ? key : "\(path).\(key)",
                                   reason: Phrase(key: .importErrorUnknownKey, keys.joined(separator: ", ")))
        }
        self.members = members; self.path = path; self.file = file
    }

    func fail(_ key: String, _ reason: Phrase) -> DataFileError {
        DataFileError(file: file, path: path.isEmpty ? key : "\(path).\(key)", reason: reason)
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
