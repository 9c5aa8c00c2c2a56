import Foundation

/// The user's language (SPEC §8).
public enum Language: String, CaseIterable, Sendable {
    case en, ja

    /// The language from the environment, in SPEC §8's order: `TASKTILE_LANG`, `LC_ALL`,
    /// `LC_MESSAGES`, `LANG` (the first one set and non-empty decides); `ja…` → Japanese, any other
    /// value (`C`, `en_US.UTF-8`, `POSIX`) → English. Foundation's `Locale.current` ignores these on
    /// Linux, so they are read here. `--lang` is applied by the caller before this.
    public static func fromEnvironment(_ env: [String: String]) -> Language {
        for key in ["TASKTILE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = env[key], !v.isEmpty { return v.lowercased().hasPrefix("ja") ? .ja : .en }
        }
        return .en
    }
}

/// Looks up user-facing strings in the string catalogue (`Strings+en.swift`, `Strings+ja.swift`):
/// one table per language, keyed alike, checked for parity by a test.
///
/// The catalogue is compiled in rather than loaded from `.lproj` bundles so an installed binary
/// never depends on a resource directory beside it (SwiftPM's `Bundle.module` traps when the bundle
/// is missing). Placeholders are `{0}`, `{1}` … in argument order.
public struct Localizer: Sendable {
    public let language: Language

    public init(_ language: Language) { self.language = language }

    /// The text for `key` with `{i}` replaced by `arguments[i]`. A key missing from the table falls
    /// back to English, then to the key itself (the parity test keeps that from happening).
    public func text(_ key: String, _ arguments: CustomStringConvertible...) -> String {
        let table = language == .ja ? StringCatalogue.ja : StringCatalogue.en
        var s = table[key] ?? StringCatalogue.en[key] ?? key
        for (i, a) in arguments.enumerated() { s = s.replacingOccurrences(of: "{\(i)}", with: a.description) }
        return s
    }
}

/// The string tables. Every key must exist in both.
public enum StringCatalogue {}
