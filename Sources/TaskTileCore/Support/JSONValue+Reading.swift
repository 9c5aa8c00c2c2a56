import Foundation

/// The value checks the data-file readers share (`JSONObjectReader` for themes files, widget
/// specs, backups and routine packs): each gives nil for a value it does not accept, and the
/// reader turns that into its `DataFileError` naming the key, the value as written (`shown`) and
/// what is accepted.
extension JSONValue {
    /// The boolean; nil for another kind of value.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The items of an array; nil for another kind of value.
    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The case of `E` this string names; nil for another string or another kind of value.
    public func choice<E: RawRepresentable & CaseIterable>(_: E.Type) -> E? where E.RawValue == String {
        guard case .string(let s) = self else { return nil }
        return E(rawValue: s)
    }

    /// What `choice(_:)` accepts, as an error lists it: `small, medium, large`.
    public static func accepted<E: RawRepresentable & CaseIterable>(_: E.Type) -> String where E.RawValue == String {
        E.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// The number, when it is one within `range`.
    public func bounded(_ range: ClosedRange<Double>) -> Double? {
        guard case .number(let n) = self, range.contains(n) else { return nil }
        return n
    }

    /// The string, when it is one line of text: not blank, no control characters (names shown in
    /// one-line listings and matched by name).
    public var lineText: String? {
        guard case .string(let s) = self, !s.trimmingCharacters(in: .whitespaces).isEmpty,
              !s.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return s
    }

    /// The value as the file has it, for an error message (compact JSON).
    public var shown: String { serialized(pretty: false) }
}

/// One member of a data file's object (`JSONObjectReader.member(_:_:)`): the value and how its
/// reader refuses it at the member's place. The throwing half of the checks above: `read(_:else:)`
/// with the reader's own reason, or the getters that say `VALUE is not accepted (accepted: …)`
/// (`data.error.notAccepted`), the wording of themes files and widget specs.
public struct JSONMember {
    /// The member's key.
    public let key: String
    /// The member's value as the file has it.
    public let value: JSONValue
    /// Makes the reader's error for this member from a reason.
    public let fail: (Phrase) -> DataFileError

    /// A member whose refusals `fail` makes.
    public init(key: String, value: JSONValue, fail: @escaping (Phrase) -> DataFileError) {
        self.key = key; self.value = value; self.fail = fail
    }

    /// What `get` gives for the value. - Throws: `fail(reason)` when it gives nil.
    public func read<T>(_ get: (JSONValue) -> T?, else reason: @autoclosure () -> Phrase) throws -> T {
        guard let v = get(value) else { throw fail(reason()) }
        return v
    }

    /// `VALUE is not accepted (accepted: ACCEPTED)` for this member.
    public func refused(_ accepted: Phrase) -> DataFileError { fail(refusal(accepted)) }

    /// The reason `refused(accepted)` gives.
    func refusal(_ accepted: Phrase) -> Phrase { Phrase(key: .dataErrorNotAccepted, value.shown, accepted) }

    /// The case of `E` the value names. - Throws: `refused` listing `E`'s cases.
    public func choice<E: RawRepresentable & CaseIterable>(_: E.Type) throws -> E where E.RawValue == String {
        try read({ $0.choice(E.self) }, else: refusal(Phrase(stringLiteral: JSONValue.accepted(E.self))))
    }

    /// `true` or `false`. - Throws: `refused` (`true, false`).
    public func bool() throws -> Bool { try read(\.boolValue, else: refusal("true, false")) }

    /// A number within `range`. - Throws: `refused(accepted)`.
    public func number(in range: ClosedRange<Double>, accepted: Phrase) throws -> Double {
        try read({ $0.bounded(range) }, else: refusal(accepted))
    }

    /// One line of text (`lineText`). - Throws: `refused(accepted)`.
    public func lineText(accepted: Phrase) throws -> String { try read(\.lineText, else: refusal(accepted)) }
}
