// The build tool behind the CatalogueCompiler plugin: reads the string catalogue, one JSON file per
// language, and writes the Swift that TaskTileCore compiles (`StringKey`, the message tables and
// the command-help translations). The file format is in docs/language.md "The catalogue".
//
// Usage: catalogue-compiler OUTPUT.swift LANG.json...
// A file that breaks a rule stops the build with "FILE: error: …" naming the message and what is
// accepted; nothing is written then.

import Foundation

/// The language whose file defines the keys (every other file translates them).
let sourceLanguage = "en"
/// CLDR plural categories (https://cldr.unicode.org/index/cldr-spec/plural-rules), in CLDR's order.
let pluralCategories = ["zero", "one", "two", "few", "many", "other"]

struct CatalogueFailure: Error, CustomStringConvertible {
    var description: String
}

/// One message: plain text, or plural forms by CLDR category (then `other` is always there),
/// chosen by the number in the argument `count` names (the first argument unless the source file
/// says otherwise).
enum Message {
    case text(String)
    case plural([String: String], count: String?)

    /// Every template with its form (`text` for a plain message), `other` first.
    var templates: [(form: String, template: String)] {
        switch self {
        case .text(let t): [("text", t)]
        case .plural(let forms, _):
            [("other", forms["other"]!)] + pluralCategories.filter { $0 != "other" }.compactMap { c in
                forms[c].map { (c, $0) }
            }
        }
    }
}

struct Entry {
    var key: String
    var comment: String?
    var message: Message
    /// The source language's `"arguments"`: the argument names in the order call sites pass them.
    var arguments: [String]?
}

struct LanguageFile {
    var code: String
    var path: String
    var entries: [String: Entry]
    var help: [String: [String: String]]
}

/// `usage.missingValue` → `usageMissingValue`, `en-XA` → `enXA`: each segment after the first capitalised.
func swiftName(_ dotted: String) -> String {
    let parts = dotted.split(whereSeparator: { $0 == "." || $0 == "-" || $0 == "_" }).map(String.init)
    guard let first = parts.first else { return dotted }
    return first + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
}

/// `ja` → `helpJa`, `en-XA` → `helpEnXA`: the generated help table of a language.
func helpName(_ code: String) -> String {
    let name = swiftName(code)
    return "help" + name.prefix(1).uppercased() + name.dropFirst()
}

func isValidKey(_ key: String) -> Bool {
    let segments = key.split(separator: ".", omittingEmptySubsequences: false)
    guard let first = segments.first?.first, first.isASCII, first.isLowercase else { return false }
    return segments.allSatisfy { s in !s.isEmpty && s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
}

/// A placeholder name: lowerCamel ASCII, a letter first, then letters and digits (`count`, `listTitle`).
func isValidName(_ name: String) -> Bool {
    guard let first = name.first, first.isASCII, first.isLowercase else { return false }
    return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
}

/// A part of a template: text as written, or a placeholder `{name}`.
enum Piece {
    case text(Substring)
    case placeholder(String)
}

struct PlaceholderProblem: Error {
    var description: String
}

/// `template` cut at its placeholders, read the way `Localizer.fill` reads the compiled template: a
/// `{` up to the first `}` after it is a placeholder when what is between is a name; any other `{`
/// is text (`{ "version": 1 }`, `{}`). What `fill` would take for an index (`{0}`, `{+1}`) and a
/// name that is not lowerCamel (`{Count}`) are refused: the compiled text has `{i}` only where a
/// name stood. `accepted` is what the refusal offers instead (the source message's names).
func pieces(_ template: String, accepted: String? = nil) throws(PlaceholderProblem) -> [Piece] {
    var result: [Piece] = []
    var rest = template[...]
    var textStart = rest.startIndex
    while let open = rest.firstIndex(of: "{") {
        let afterOpen = rest.index(after: open)
        guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
        let inner = rest[afterOpen..<close]
        if let i = Int(inner), i >= 0 {
            throw PlaceholderProblem(
                description: "{\(inner)} is a positional placeholder; placeholders are names (accepted: "
                    + (accepted ?? "{count}, {title}: lowerCamel ASCII letters and digits, a letter first") + ")")
        }
        if !inner.isEmpty, inner.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            guard isValidName(String(inner)) else {
                throw PlaceholderProblem(
                    description: "{\(inner)} is not a placeholder name (accepted: lowerCamel ASCII letters and digits, "
                        + "a lowercase letter first, such as {count} or {listTitle})")
            }
            result.append(.text(template[textStart..<open]))
            result.append(.placeholder(String(inner)))
            textStart = template.index(after: close)
            rest = template[textStart...]
        } else {
            rest = rest[afterOpen...]
        }
    }
    result.append(.text(template[textStart...]))
    return result
}

/// The placeholder names of `template`, each once, in the order they first appear.
func names(_ template: String) throws(PlaceholderProblem) -> [String] {
    var seen: [String] = []
    for case .placeholder(let name) in try pieces(template) where !seen.contains(name) { seen.append(name) }
    return seen
}

/// The Swift literal for `text`: quotes, backslashes and control characters escaped.
func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

func read(_ path: String) throws -> LanguageFile {
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    func fail(_ what: String) -> CatalogueFailure { CatalogueFailure(description: "\(path): error: \(what)") }
    let data: Data
    do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
        throw fail("cannot read the file (\(error))")
    }
    let object: Any
    do { object = try JSONSerialization.jsonObject(with: data) } catch {
        throw fail("not valid JSON (\(error)); a catalogue file is one JSON object")
    }
    guard let root = object as? [String: Any] else { throw fail("the file must be one JSON object") }
    for key in root.keys where !["language", "messages", "help"].contains(key) {
        throw fail("unknown top-level key \"\(key)\"; accepted: language, messages, help")
    }
    guard let code = root["language"] as? String, code == name else {
        throw fail("\"language\" must be the file's name without .json (\"\(name)\")")
    }
    guard let messages = root["messages"] as? [String: Any] else {
        throw fail("\"messages\" must be an object of key: message")
    }
    var entries: [String: Entry] = [:]
    for (key, value) in messages {
        guard isValidKey(key) else {
            throw fail(
                "message key \"\(key)\" is not dotted lowerCamel words (accepted: \"count.left\", \"repeat.nth.last2\")"
            )
        }
        if let text = value as? String {
            entries[key] = Entry(key: key, comment: nil, message: .text(text), arguments: nil)
            continue
        }
        guard let fields = value as? [String: Any] else {
            throw fail("message \"\(key)\" must be a string or an object with \"text\" or plural forms")
        }
        var comment: String?
        var text: String?
        var count: String?
        var arguments: [String]?
        var forms: [String: String] = [:]
        for (field, v) in fields {
            if field == "count" || field == "arguments", code != sourceLanguage {
                let shown = (v as? String).map { "\"\($0)\"" } ?? "\(v)"
                throw fail(
                    "message \"\(key)\": \"\(field)\" (\(shown)) is given by the source language's file only")
            }
            if field == "count" {
                guard let name = v as? String, isValidName(name) else {
                    throw fail(
                        "message \"\(key)\": \"count\" is the name of the argument whose number picks the plural "
                            + "form (accepted: a name such as \"count\")")
                }
                count = name
                continue
            }
            if field == "arguments" {
                guard let names = v as? [String], names.allSatisfy(isValidName) else {
                    throw fail(
                        "message \"\(key)\": \"arguments\" is the list of its placeholder names in the order call "
                            + "sites pass them (accepted: [\"count\", \"list\"])")
                }
                arguments = names
                continue
            }
            guard let s = v as? String else { throw fail("message \"\(key)\": \"\(field)\" must be a string") }
            switch field {
            case "comment": comment = s
            case "text": text = s
            case _ where pluralCategories.contains(field): forms[field] = s
            default:
                throw fail(
                    "message \"\(key)\": unknown field \"\(field)\"; accepted: comment, text, count, "
                        + pluralCategories.joined(separator: ", ") + ", arguments")
            }
        }
        switch (text, forms.isEmpty) {
        case (let t?, true):
            if count != nil { throw fail("message \"\(key)\": \"count\" belongs to a message with plural forms") }
            entries[key] = Entry(key: key, comment: comment, message: .text(t), arguments: arguments)
        case (nil, false):
            guard forms["other"] != nil else { throw fail("message \"\(key)\": plural forms need \"other\" (CLDR)") }
            entries[key] = Entry(
                key: key, comment: comment, message: .plural(forms, count: count), arguments: arguments)
        case (_?, false): throw fail("message \"\(key)\": give \"text\" or plural forms, not both")
        case (nil, true): throw fail("message \"\(key)\": no \"text\" and no plural form")
        }
    }
    var help: [String: [String: String]] = [:]
    if let helpObject = root["help"] {
        guard let tables = helpObject as? [String: Any] else {
            throw fail("\"help\" must be an object of table: {key: text}")
        }
        for (table, value) in tables {
            guard let entriesObject = value as? [String: Any] else {
                throw fail("help table \"\(table)\" must be an object")
            }
            var strings: [String: String] = [:]
            for (key, text) in entriesObject {
                guard let s = text as? String else { throw fail("help \"\(table)\" → \"\(key)\" must be a string") }
                guard key.hasPrefix("help.") else { throw fail("help key \"\(key)\" must start with \"help.\"") }
                strings[key] = s
            }
            help[table] = strings
        }
    }
    return LanguageFile(code: code, path: path, entries: entries, help: help)
}

/// Checks a translation against the source: every key exists there, and a plain message stays plain.
func check(_ file: LanguageFile, against source: LanguageFile) throws {
    for key in file.entries.keys.sorted() {
        guard let original = source.entries[key] else {
            throw CatalogueFailure(
                description: "\(file.path): error: message \"\(key)\" is not in \(sourceLanguage).json "
                    + "(the source language defines every key): remove it here or add it there")
        }
        if case .text = original.message, case .plural = file.entries[key]!.message {
            throw CatalogueFailure(
                description: "\(file.path): error: message \"\(key)\" has plural forms, "
                    + "but the source's is plain text")
        }
    }
    if file.code == sourceLanguage, !file.help.isEmpty {
        throw CatalogueFailure(
            description: "\(file.path): error: the source language's help is in each command's "
                + "declaration (CommandSpec), not in \"help\"")
    }
}

/// A source message's arguments: their names in the order call sites pass them, and the index of
/// the one whose number picks the plural form.
struct Arguments {
    var names: [String]
    var count: Int
}

/// The arguments of a source-language message: `"arguments"` when given (it must list exactly the
/// names its templates use), else the names in the order they first appear in `other` (or `text`),
/// then those only some other form has. `"count"` must name one of them (default: the first).
func arguments(of entry: Entry, path: String) throws -> Arguments {
    func fail(_ what: String) -> CatalogueFailure {
        CatalogueFailure(description: "\(path): error: message \"\(entry.key)\": \(what)")
    }
    var used: [String] = []
    for (form, template) in entry.message.templates {
        do {
            for name in try names(template) where !used.contains(name) { used.append(name) }
        } catch {
            throw fail("\(form == "text" ? "" : "form \"\(form)\": ")\(error.description)")
        }
    }
    var result = Arguments(names: used, count: 0)
    if let given = entry.arguments {
        guard given.count == Set(given).count, Set(given) == Set(used) else {
            throw fail(
                "\"arguments\" [\(given.joined(separator: ", "))] must list each placeholder of the message once "
                    + "(its placeholders: \(used.isEmpty ? "none" : used.joined(separator: ", ")))")
        }
        result.names = given
    }
    if case .plural(_, let count?) = entry.message {
        guard let index = result.names.firstIndex(of: count) else {
            throw fail(
                "\"count\" (\"\(count)\") names no argument of the message (accepted: "
                    + "\(result.names.isEmpty ? "none" : result.names.joined(separator: ", ")))")
        }
        result.count = index
    }
    return result
}

/// `message` with every placeholder `{name}` replaced by `{i}`, the name's index in `arguments`,
/// which is what `Localizer.fill` reads. Every form must name every argument, except that a plural
/// form other than `other` may leave out the count ("Once a week"); a name the source message does
/// not have is refused.
func compiled(_ message: Message, key: String, arguments: Arguments, source: Message, path: String) throws -> Message {
    func fail(_ form: String, _ what: String) -> CatalogueFailure {
        let inForm = form == "text" ? "" : " (form \"\(form)\")"
        return CatalogueFailure(description: "\(path): error: message \"\(key)\"\(inForm): \(what)")
    }
    let accepted = arguments.names.isEmpty ? "none" : arguments.names.map { "{\($0)}" }.joined(separator: ", ")
    var isSourcePlural = false
    if case .plural = source { isSourcePlural = true }
    func compile(_ template: String, form: String) throws -> String {
        let parts: [Piece]
        do {
            parts = try pieces(template, accepted: "\(accepted), the names of the message in \(sourceLanguage).json")
        } catch { throw fail(form, error.description) }
        var out = ""
        var used = Set<String>()
        for part in parts {
            switch part {
            case .text(let t): out += t
            case .placeholder(let name):
                guard let index = arguments.names.firstIndex(of: name) else {
                    throw fail(
                        form,
                        "{\(name)} is not an argument of the message in \(sourceLanguage).json (accepted: \(accepted))")
                }
                used.insert(name)
                out += "{\(index)}"
            }
        }
        let isOtherForm = form == "other" || form == "text"
        let mayLeaveOut = isSourcePlural && !isOtherForm ? arguments.names[safe: arguments.count] : nil
        let missing = arguments.names.filter { !used.contains($0) && $0 != mayLeaveOut }
        if !missing.isEmpty {
            throw fail(
                form,
                "\(missing.map { "{\($0)}" }.joined(separator: ", ")) missing: each form names every argument "
                    + "(\(accepted))"
                    + (isSourcePlural ? "; a plural form other than \"other\" may leave out the count" : ""))
        }
        return out
    }
    switch message {
    case .text(let t): return .text(try compile(t, form: isSourcePlural ? "other" : "text"))
    case .plural(let forms, let count):
        var result: [String: String] = [:]
        for (form, template) in forms { result[form] = try compile(template, form: form) }
        return .plural(result, count: count)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

func messageLiteral(_ message: Message, source: Message, count: Int) -> String {
    var countArgument = ""
    if case .plural = source, count != 0 { countArgument = "count: \(count), " }
    switch message {
    case .text(let t):
        if case .plural = source { return ".plural(\(countArgument)other: \(literal(t)))" }
        return literal(t)
    case .plural(let forms, _):
        let args = pluralCategories.compactMap { c in forms[c].map { "\(c): \(literal($0))" } }
        return ".plural(" + countArgument + args.joined(separator: ", ") + ")"
    }
}

func generate(_ files: [LanguageFile]) throws -> String {
    guard let source = files.first(where: { $0.code == sourceLanguage }) else {
        throw CatalogueFailure(description: "catalogue-compiler: error: no \(sourceLanguage).json among the inputs")
    }
    for file in files { try check(file, against: source) }
    let keys = source.entries.keys.sorted()
    var argumentsByKey: [String: Arguments] = [:]
    for key in keys { argumentsByKey[key] = try arguments(of: source.entries[key]!, path: source.path) }
    var compiledFiles: [String: [String: Message]] = [:]
    for file in files {
        for key in file.entries.keys.sorted() {
            compiledFiles[file.code, default: [:]][key] = try compiled(
                file.entries[key]!.message, key: key, arguments: argumentsByKey[key]!,
                source: source.entries[key]!.message, path: file.path)
        }
    }
    var out = """
        // Generated by catalogue-compiler from Localization/Catalogue/*.json (docs/language.md
        // "The catalogue"). Do not edit: change the JSON files.

        /// A catalogue key: one case per message of `\(sourceLanguage).json`, its raw value the message's
        /// dotted key (`usage.missingValue` → `.usageMissingValue`). A misspelled key does not compile.
        public enum StringKey: String, CaseIterable, Hashable, Sendable {

        """
    for key in keys {
        if let comment = source.entries[key]!.comment {
            for line in comment.split(separator: "\n") { out += "    /// \(line)\n" }
        }
        if let names = argumentsByKey[key]?.names, !names.isEmpty {
            out += "    /// Arguments: \(names.joined(separator: ", ")).\n"
        }
        out += "    case \(swiftName(key)) = \(literal(key))\n"
    }
    out += "}\n\nextension StringCatalogue {\n"
    out +=
        "    /// The messages of `language` by key (a translation may lack some: `Localizer` then uses the source's).\n"
    out +=
        "    public static func table(_ language: Language) -> [StringKey: CatalogueMessage] {\n"
        + "        switch language {\n"
    for file in files { out += "        case .\(swiftName(file.code)): \(swiftName(file.code))\n" }
    out += "        }\n    }\n\n"
    out +=
        "    /// Command-help translations of `language`: table (`tasktile`, `tasktile-render`, …) → help key → text.\n"
    out += "    /// The source language has none (its help is each command's declaration).\n"
    out +=
        "    public static func help(_ language: Language) -> [String: [String: String]] {\n        switch language {\n"
    for file in files {
        out +=
            "        case .\(swiftName(file.code)): \(helpName(file.code))\n"
    }
    out += "        }\n    }\n"
    out += "\n    /// The argument names of each message that takes arguments, in the order call sites pass them: the\n"
    out += "    /// placeholders `{name}` of the catalogue files, which the tables here have as `{0}`, `{1}` ….\n"
    out += "    public static let argumentNames: [StringKey: [String]] = [\n"
    var anyArguments = false
    for key in keys {
        guard let names = argumentsByKey[key]?.names, !names.isEmpty else { continue }
        anyArguments = true
        out += "        .\(swiftName(key)): [\(names.map(literal).joined(separator: ", "))],\n"
    }
    if !anyArguments { out += "        :\n" }
    out += "    ]\n"
    for file in files {
        let name = swiftName(file.code)
        out += "\n    /// `\(file.code).json`'s messages.\n"
        out += "    public static let \(name): [StringKey: CatalogueMessage] = [\n"
        for key in file.entries.keys.sorted() {
            out +=
                "        .\(swiftName(key)): "
                + messageLiteral(
                    compiledFiles[file.code]![key]!, source: source.entries[key]!.message,
                    count: argumentsByKey[key]!.count) + ",\n"
        }
        if file.entries.isEmpty { out += "        :\n" }
        out += "    ]\n"
        out +=
            "\n    static let help\(name.prefix(1).uppercased() + name.dropFirst()): [String: [String: String]] = [\n"
        for table in file.help.keys.sorted() {
            out += "        \(literal(table)): [\n"
            for key in file.help[table]!.keys.sorted() {
                out += "            \(literal(key)): \(literal(file.help[table]![key]!)),\n"
            }
            if file.help[table]!.isEmpty { out += "            :\n" }
            out += "        ],\n"
        }
        if file.help.isEmpty { out += "        :\n" }
        out += "    ]\n"
    }
    return out + "}\n"
}

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first, arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: catalogue-compiler OUTPUT.swift LANG.json...\n".utf8))
    exit(64)
}
do {
    let files = try arguments.dropFirst().map(read)
    let swift = try generate(files)
    // Written only when it changed, so an unchanged catalogue does not recompile TaskTileCore.
    if (try? String(contentsOfFile: output, encoding: .utf8)) != swift {
        try Data(swift.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
