import Foundation

/// The user's language (docs/language.md). Each case has a catalogue file,
/// `Localization/Catalogue/<rawValue>.json`; a new language is that file plus one case here.
public enum Language: String, CaseIterable, Sendable {
    case en, ja
    /// The pseudo-locale: English with every letter accented and each message ~30 % longer, in
    /// brackets (`[Àðð ļîšţ ~~~]`), generated from `en.json` (`PseudoLocaleTests`). It shows text that
    /// is not translated (plain English) and layouts that cannot take a longer language.
    case enXA = "en-XA"

    /// The languages people read: every case but the pseudo-locale (theme previews, the settings
    /// a person picks from). `en-XA` is still accepted wherever a language is.
    public static var spoken: [Language] { allCases.filter { $0 != .enXA } }

    /// The language from the environment, in the order of docs/language.md "Resolution order": `TASKTILE_LANG`, `LC_ALL`,
    /// `LC_MESSAGES`, `LANG` (the first one set and non-empty decides). The value's language tag
    /// (`ja_JP.UTF-8` → `ja-JP`, then `ja`; `en_XA` → `en-XA`) picks the case whose raw value it
    /// is; any other value (`C`, `en_US.UTF-8`, `POSIX`, `fr`) → English. Foundation's
    /// `Locale.current` ignores these on Linux, so they are read here. `--lang` is applied by the
    /// caller before this.
    public static func fromEnvironment(_ env: [String: String]) -> Language {
        for key in ["TASKTILE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = env[key], !v.isEmpty { return tagged(v) ?? .en }
        }
        return .en
    }

    /// The case a POSIX locale name or a language tag names (`ja_JP.UTF-8`, `en-XA`, `JA`), or nil:
    /// the whole tag first, then its first subtag; case-insensitive.
    public static func tagged(_ value: String) -> Language? {
        let tag = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? value
        let normalized = tag.replacingOccurrences(of: "_", with: "-").lowercased()
        let primary = normalized.split(separator: "-").first.map(String.init) ?? normalized
        return allCases.first { $0.rawValue.lowercased() == normalized }
            ?? allCases.first { $0.rawValue.lowercased() == primary }
    }

    /// The language whose catalogue file defines the keys and whose command help is each command's declaration.
    public static let source = Language.en

    /// Every language but the source: those whose file translates the source's messages and help.
    public static var translations: [Language] { allCases.filter { $0 != source } }

    /// The language's CLDR plural rule (which forms its plural messages give): Japanese has only
    /// `other`; English and the pseudo-locale `one` and `other`. A language with other categories
    /// (`few`, `many`: Polish, Arabic) adds its rule here.
    public var pluralRule: PluralRule {
        switch self {
        case .ja: .otherOnly
        default: .oneOther
        }
    }

    /// `TASKTILE_LANG`'s value when it is set to a language tasktile does not speak (`fr`): the
    /// programs warn once on stderr that English is used. A value naming a language (`en…`,
    /// `ja_JP.UTF-8`, `en-XA`), `C` and `POSIX` are accepted silently. (`LANG` and `LC_*` describe
    /// the whole system and fall back to English without a warning; `--lang fr` is refused with
    /// exit 64.)
    public static func unsupportedTasktileLang(_ env: [String: String]) -> String? {
        guard let v = env["TASKTILE_LANG"], !v.isEmpty else { return nil }
        let lower = v.lowercased()
        if tagged(v) != nil || lower == "c" || lower.hasPrefix("c.") || lower == "posix" { return nil }
        return v
    }
}

/// Looks up user-facing strings in the string catalogue: one JSON file per language in
/// `Localization/Catalogue/`, compiled into Swift by the CatalogueCompiler plugin (`StringKey`,
/// `StringCatalogue.table(_:)`), keyed alike and checked by `LocalizerTests` (docs/language.md).
///
/// The catalogue is compiled in rather than loaded from `.lproj` bundles so an installed binary
/// never depends on a resource directory beside it (SwiftPM's `Bundle.module` traps when the bundle
/// is missing). Placeholders in the catalogue files are names (`{count}`, `{title}`); the compiler
/// writes each as `{i}`, its index in the message's arguments (`StringCatalogue.argumentNames`: the
/// order the names first appear in the English text, or the message's `"arguments"`), so a call
/// passes the arguments in that order: `text(.listAdded, title, id)`.
public struct Localizer: Sendable {
    public let language: Language

    public init(_ language: Language) { self.language = language }

    /// The text for `key` with each placeholder replaced by its argument (`{i}` in the compiled
    /// template by `arguments[i]`). Substitution is one pass over the
    /// template, so an argument that itself contains `{1}` (a user's title) is printed as typed.
    /// Passing fewer arguments than the template has placeholders is a programmer mistake (checked
    /// in debug builds).
    public func text(_ key: StringKey, _ arguments: CustomStringConvertible...) -> String {
        text(key, arguments: arguments.map(\.description))
    }

    /// `text(_:_:)` with the arguments as an array of text. A message with plural forms takes the
    /// form of its count argument's number under the language's CLDR rule (`{count} list`/`{count} lists`).
    public func text(_ key: StringKey, arguments: [String]) -> String {
        let message = message(key)
        let count = message.countArgument < arguments.count ? Double(arguments[message.countArgument]) : nil
        // A fallback to English follows English's rule, not this language's.
        let rule = StringCatalogue.table(language)[key] == nil ? Language.en.pluralRule : language.pluralRule
        return Localizer.fill(message.template(count: count, rule: rule), arguments, key: key.rawValue)
    }

    /// The message for `key` in this language. A key missing from a translation falls back to the
    /// source language (English), then to the raw key (the catalogue tests keep both from happening).
    func message(_ key: StringKey) -> CatalogueMessage {
        StringCatalogue.table(language)[key] ?? StringCatalogue.en[key] ?? CatalogueMessage(stringLiteral: key.rawValue)
    }

    /// `template` with each `{i}` (i < `arguments.count`) replaced, in one pass.
    /// Braces are ASCII, so they are found on the UTF-8 view (no grapheme breaking per character;
    /// `list ls` fills one template per list).
    static func fill(_ template: String, _ arguments: [String], key: String) -> String {
        let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
        guard template.utf8.contains(openBrace) else { return template }
        var out = ""
        var rest = template[...]
        while let open = rest.utf8.firstIndex(of: openBrace) {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].utf8.firstIndex(of: closeBrace), let i = Int(rest[afterOpen..<close]), i >= 0 {
                assert(i < arguments.count, "\(key): placeholder {\(i)} has no argument")
                out += i < arguments.count ? arguments[i] : String(rest[open...close])
                rest = rest[rest.index(after: close)...]
            } else {
                out += "{"
                rest = rest[afterOpen...]
            }
        }
        return out + rest
    }

    /// The placeholder names a catalogue file's template uses, each once, in the order they first
    /// appear (`{done} of {total}` → ["done", "total"]), for the catalogue tests. A placeholder is `{`
    /// up to the first `}` after it with a lowerCamel ASCII name between (a letter first, then letters
    /// and digits); any other brace is text, as the catalogue compiler reads it.
    public static func placeholders(in template: String) -> [String] {
        var result: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}") {
                let name = String(rest[afterOpen..<close])
                if let first = name.first, first.isASCII, first.isLowercase,
                    name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), !result.contains(name)
                {
                    result.append(name)
                }
            }
            rest = rest[afterOpen...]
        }
        return result
    }
}

/// The string tables, keyed by `StringKey`: `table(_:)` and `help(_:)` are generated from the
/// catalogue files (`StringCatalogue+Generated.swift` in the plugin's work directory).
public enum StringCatalogue {}
