import Foundation

/// The value checks the data-file readers share (themes files, widget specs, backups and routine
/// packs through `JSONObjectReader`): each gives nil for a value it does not accept, and the
/// reader turns that into its `DataFileError` naming the key, the value as written (`shown`) and
/// what is accepted.
extension JSONValue {
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

/// One member of a data file's object as a key-by-key reader sees it (a `themes.json` theme key, a widget spec
/// key): the value and how its reader refuses it. The throwing half of the checks above, shared so that every
/// refusal of a value says `VALUE is not accepted (accepted: …)` (`data.error.notAccepted`) the same way; each
/// reader keeps its own `DataFileError` place (the theme and key, the spec file and key).
public struct JSONMember {
    public let key: String
    public let value: JSONValue
    /// Makes the reader's error for this key from a reason.
    public let fail: (Phrase) -> DataFileError

    public init(key: String, value: JSONValue, fail: @escaping (Phrase) -> DataFileError) {
        self.key = key; self.value = value; self.fail = fail
    }

    /// `VALUE is not accepted (accepted: ACCEPTED)` for this member.
    public func refused(_ accepted: Phrase) -> DataFileError {
        fail(Phrase(key: .dataErrorNotAccepted, value.shown, accepted))
    }

    /// The case of `E` the value names. - Throws: `refused` listing `E`'s cases.
    public func choice<E: RawRepresentable & CaseIterable>(_: E.Type) throws -> E where E.RawValue == String {
        guard let e = value.choice(E.self) else { throw refused(Phrase(stringLiteral: JSONValue.accepted(E.self))) }
        return e
    }

    /// `true` or `false`. - Throws: `refused` (`true, false`).
    public func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw refused("true, false") }
        return b
    }

    /// A number within `range`. - Throws: `refused(accepted)`.
    public func number(in range: ClosedRange<Double>, accepted: Phrase) throws -> Double {
        guard let n = value.bounded(range) else { throw refused(accepted) }
        return n
    }

    /// One line of text (`lineText`). - Throws: `refused(accepted)`.
    public func lineText(accepted: Phrase) throws -> String {
        guard let s = value.lineText else { throw refused(accepted) }
        return s
    }
}
