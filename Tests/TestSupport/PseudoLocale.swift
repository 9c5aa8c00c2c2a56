import Foundation
import TaskTileCore

/// The pseudo-locale `en-XA` (docs/language.md "The pseudo-locale"): English with every letter
/// replaced by an accented one and each message about 30 % longer, in brackets. Untranslated text
/// then shows as plain English, and a layout that cannot take a longer language shows as clipped
/// or overflowing text. `PseudoLocaleTests` writes `Catalogue/en-XA.json` from `en.json` and the
/// programs' English help with this transform, and fails when the file is stale.
public enum PseudoLocale {
    /// Accented forms of the ASCII letters (Latin-1 Supplement and Latin Extended-A, which Noto
    /// Sans covers), one per letter so the text stays readable.
    static let accented: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let marked = Array("áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀßÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()

    /// `text` in the pseudo-locale: `[Àððéð ļîšţ "{title}" ({id}) ~~~~~~~]`. Kept as written, so the
    /// program still works: placeholders (`{title}`, and `{0}` as compiled), markup and angle-bracket
    /// names (`<b>`, `<list>`), character references (`&amp;`), option names (`--list`, `-l`),
    /// `$VARIABLES` and line breaks.
    /// The padding is one `~` per three letters changed (at least one).
    public static func transform(_ text: String) -> String {
        var out = ""
        var changed = 0
        var i = text.startIndex
        /// The end of the verbatim run starting at `i`, if one starts there.
        func verbatimEnd(_ i: String.Index) -> String.Index? {
            let c = text[i]
            let closing: Character? = c == "{" ? "}" : c == "<" ? ">" : c == "&" ? ";" : nil
            if let closing, let end = text[i...].firstIndex(of: closing) {
                let inner = text[text.index(after: i)..<end]
                let ok: Bool
                switch c {
                case "{": ok = !inner.isEmpty && inner.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
                case "<": ok = !inner.isEmpty && !inner.contains(" ") && inner.count <= 24
                default:
                    ok =
                        !inner.isEmpty && inner.count <= 8
                        && inner.allSatisfy { $0.isLetter || $0.isNumber || $0 == "#" }
                }
                if ok { return text.index(after: end) }
            }
            let atWordStart =
                i == text.startIndex || text[text.index(before: i)].isWhitespace
                || "([\"'`".contains(text[text.index(before: i)])
            if (c == "-" || c == "$"), atWordStart {
                let next = text.index(after: i)
                guard next < text.endIndex, text[next].isLetter || text[next] == "-" else { return nil }
                return text[i...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") && $0 != c }
                    .map { $0 == i ? text.index(after: i) : $0 } ?? text.endIndex
            }
            return nil
        }
        while i < text.endIndex {
            if let end = verbatimEnd(i) {
                out += text[i..<end]
                i = end
                continue
            }
            let c = text[i]
            if let a = accented[c] {
                out.append(a)
                changed += 1
            } else {
                out.append(c)
            }
            i = text.index(after: i)
        }
        return "[" + out + " " + String(repeating: "~", count: max(1, (changed + 2) / 3)) + "]"
    }

    /// A message of `en.json` in the pseudo-locale: each plural form transformed, with the placeholder
    /// names of the catalogue files (`{count}`) where the compiled template has indices (`{0}`).
    public static func message(_ source: CatalogueMessage, arguments: [String] = []) -> JSONValue {
        func text(_ template: String) -> JSONValue { .string(transform(named(template, arguments: arguments))) }
        guard source.isPlural else { return text(source.other) }
        return .object(source.templates.map { ($0.0.rawValue, text($0.1)) })
    }

    /// A compiled template with each `{i}` written as `{arguments[i]}` again (the catalogue compiler
    /// refuses `{i}` in the files, so every index in a compiled template stands for a name).
    static func named(_ template: String, arguments: [String]) -> String {
        var out = template
        for (i, name) in arguments.enumerated() { out = out.replacingOccurrences(of: "{\(i)}", with: "{\(name)}") }
        return out
    }

    /// The whole `en-XA.json`: every message of `en.json`, and the help tables from `help`
    /// (catalogue table → key → English), keys sorted, as the catalogue compiler reads it.
    public static func catalogueFile(help: [String: [String: String]]) -> String {
        let messages = StringCatalogue.en.keys.sorted { $0.rawValue < $1.rawValue }
            .map { key in
                (key.rawValue, message(StringCatalogue.en[key]!, arguments: StringCatalogue.argumentNames[key] ?? []))
            }
        let tables = help.keys.sorted().map { table in
            (table, JSONValue.object(help[table]!.keys.sorted().map { ($0, .string(transform(help[table]![$0]!))) }))
        }
        let root = JSONValue.object([
            ("language", .string(Language.enXA.rawValue)), ("messages", .object(messages)), ("help", .object(tables)),
        ])
        return root.serialized(pretty: true) + "\n"
    }

    /// Where the checked-in file is.
    public static let path = repositoryRoot + "/Sources/TaskTileCore/Localization/Catalogue/en-XA.json"
}
