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
