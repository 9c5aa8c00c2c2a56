import Foundation

/// Reads one JSON object of a data file strictly: the one object reader of backups, routine
/// packs, themes files and widget specs (the syntax half is `JSONValue.parse`, the one parser).
///
/// It owns the checks every such object needs:
/// - a value that is not an object is refused (`Wording.notAnObject`, naming the kind found);
/// - a key not in `keys` is refused, listing the accepted keys (`Wording.unknownKey`): a key this
///   build does not know would otherwise be dropped silently;
/// - each error names the member's place as that kind of file names it (`place(of:)`): a path
///   such as `todos[3].due.zone` in an import file, a theme and key in a themes file, a key in a
///   widget spec;
/// - required, optional and null members, and typed getters (`string`, `int(_:min:)`, `bool`,
///   `array`, `object`); the per-member checks of a value (`choice`, `number(in:accepted:)`, …)
///   are `JSONMember`'s, which `member(_:_:)` gives.
///
/// Every refusal is a `DataFileError` (exit 65).
public struct JSONObjectReader {
    /// How a kind of data file words the two object-level refusals.
    public struct Wording: Sendable {
        /// The reason for a value that is not an object, from its kind (`JSONValue.kindName`).
        public var notAnObject: @Sendable (_ kind: String) -> Phrase
        /// The reason for an unknown key, from the accepted keys joined by `, `.
        public var unknownKey: @Sendable (_ keys: String) -> Phrase

        /// A wording from its two reasons.
        public init(notAnObject: @escaping @Sendable (String) -> Phrase,
                    unknownKey: @escaping @Sendable (String) -> Phrase) {
            self.notAnObject = notAnObject; self.unknownKey = unknownKey
        }

        /// An import file's (backups, routine packs): `must be a JSON object, found array`,
        /// `unknown key (accepted: id, title)`.
        public static let importFile = Wording(
            notAnObject: { Phrase(key: .importErrorNotAnObject, $0) },
            unknownKey: { Phrase(key: .importErrorUnknownKey, $0) })
    }

    /// When unknown keys are refused.
    public enum UnknownKeys: Sendable {
        /// By `init`, before any member is read (import files).
        case refusedFirst
        /// As `member(_:_:)` reaches each one, so an earlier member's error comes first (themes
        /// files and widget specs, which read their members in file order).
        case refusedInOrder
    }

    /// The members in file order (empty for a reader of members handed one at a time).
    public let members: [(key: String, value: JSONValue)]
    /// The keys this object accepts, in the order its refusal lists them.
    public let keys: [String]
    /// The file named in errors.
    public let file: String
    /// Where the object itself is: `.record(line: nil, path:)`, `.theme(name, key: nil)` or
    /// `.widgetSpec(key: nil)`.
    public let place: DataFileError.Place
    /// How this kind of file words its refusals.
    public let wording: Wording

    /// Reads `value` as an object with `keys`.
    /// - Throws: `DataFileError` at `place` when `value` is not an object; at the key's place for
    ///   the first unknown key when `unknownKeys` is `.refusedFirst`.
    public init(_ value: JSONValue, file: String, place: DataFileError.Place, keys: [String],
                wording: Wording, unknownKeys: UnknownKeys = .refusedFirst) throws {
        guard case .object(let members) = value else {
            throw DataFileError(file: file, place: place, reason: wording.notAnObject(value.kindName))
        }
        self.init(members: members, keys: keys, file: file, place: place, wording: wording)
        if unknownKeys == .refusedFirst { for (key, _) in members { try check(key) } }
    }

    /// A reader of members handed one at a time (`member(_:_:)`), such as a command line's KEY VALUE.
    public init(file: String, place: DataFileError.Place, keys: [String], wording: Wording) {
        self.init(members: [], keys: keys, file: file, place: place, wording: wording)
    }

    private init(members: [(String, JSONValue)], keys: [String], file: String, place: DataFileError.Place,
                 wording: Wording) {
        self.members = members.map { (key: $0.0, value: $0.1) }
        self.keys = keys; self.file = file; self.place = place; self.wording = wording
    }

    /// The place of member `key`: the object's path and the key (`todos[3].due` + `zone`), or the
    /// key of the theme or widget spec.
    public func place(of key: String) -> DataFileError.Place {
        switch place {
        case .record(let line, let path):
            .record(line: line, path: path.map { $0.isEmpty ? key : "\($0).\(key)" } ?? key)
        case .theme(let theme, _): .theme(theme, key: key)
        case .widgetSpec: .widgetSpec(key: key)
        }
    }

    /// The path of member `key` in an import file (`todos[3].due`); the key elsewhere.
    public func path(of key: String) -> String {
        if case .record(_, let path?) = place(of: key) { return path }
        return key
    }

    /// The error `reason` at member `key`.
    public func fail(_ key: String, _ reason: Phrase) -> DataFileError {
        DataFileError(file: file, place: place(of: key), reason: reason)
    }

    /// Refuses `key` unless the object accepts it.
    /// - Throws: `DataFileError` at the key: `Wording.unknownKey` listing `keys`.
    public func check(_ key: String) throws {
        guard keys.contains(key) else { throw fail(key, wording.unknownKey(keys.joined(separator: ", "))) }
    }

    /// Member `key` with `value`, for its per-value checks. - Throws: `check(_:)`'s refusal.
    public func member(_ key: String, _ value: JSONValue) throws -> JSONMember {
        try check(key)
        return JSONMember(key: key, value: value) { fail(key, $0) }
    }

    /// The member, nil when absent or null.
    public func value(_ key: String) -> JSONValue? {
        guard let v = members.first(where: { $0.key == key })?.value else { return nil }
        if case .null = v { return nil }
        return v
    }

    /// The member, which must be present and not null. - Throws: `DataFileError` at the key: `is missing`.
    public func required(_ key: String) throws -> JSONMember {
        guard let v = value(key) else { throw fail(key, Phrase(key: .importErrorMissing)) }
        return try member(key, v)
    }

    /// A required string. - Throws: `DataFileError`: `is missing`, `must be a string`.
    public func string(_ key: String) throws -> String {
        try required(key).read(\.stringValue, else: Phrase(key: .importErrorNotAString))
    }

    /// A string, nil when absent or null. - Throws: `DataFileError`: `must be a string or null`.
    public func optionalString(_ key: String) throws -> String? {
        guard let v = value(key) else { return nil }
        return try member(key, v).read(\.stringValue, else: Phrase(key: .importErrorNotAStringOrNull))
    }

    /// A required whole number ≥ `min`. - Throws: `DataFileError`: `is missing`, `must be a whole number ≥ MIN`.
    public func int(_ key: String, min: Int = 0) throws -> Int {
        try required(key).read({ $0.intValue.flatMap { $0 >= min ? $0 : nil } },
                               else: Phrase(key: .importErrorNotAWholeNumber, min))
    }

    /// A whole number ≥ `min`, nil when absent or null. - Throws: `DataFileError` as `int(_:min:)`.
    public func optionalInt(_ key: String, min: Int = 0) throws -> Int? {
        guard value(key) != nil else { return nil }
        return try int(key, min: min)
    }

    /// A required `true` or `false`. - Throws: `DataFileError`: `is missing`, `must be true or false`.
    public func bool(_ key: String) throws -> Bool {
        try required(key).read(\.boolValue, else: Phrase(key: .importErrorNotABool))
    }

    /// An array, empty when absent or null. - Throws: `DataFileError`: `must be an array`.
    public func array(_ key: String) throws -> [JSONValue] {
        guard let v = value(key) else { return [] }
        return try member(key, v).read(\.arrayValue, else: Phrase(key: .importErrorNotAnArray))
    }

    /// Member `key` read as an object with `keys`, nil when absent or null; its members' places
    /// are below this one's (`todos[3].due.zone`).
    /// - Throws: `DataFileError` as `init` (with this reader's wording, unknown keys first).
    public func object(_ key: String, keys: [String]) throws -> JSONObjectReader? {
        guard let v = value(key) else { return nil }
        return try JSONObjectReader(v, file: file, place: place(of: key), keys: keys, wording: wording)
    }
}
