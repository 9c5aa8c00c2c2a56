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
/// chosen by the number in argument `{count}` (0 unless the source file says otherwise).
enum Message {
    case text(String)
    case plural([String: String], count: Int?)
}

struct Entry {
    var key: String
    var comment: String?
    var message: Message
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
            entries[key] = Entry(key: key, comment: nil, message: .text(text))
            continue
        }
        guard let fields = value as? [String: Any] else {
            throw fail("message \"\(key)\" must be a string or an object with \"text\" or plural forms")
        }
        var comment: String?
        var text: String?
        var count: Int?
        var forms: [String: String] = [:]
        for (field, v) in fields {
            if field == "count" {
                guard let n = v as? Int, n >= 0, n < 10 else {
                    throw fail("message \"\(key)\": \"count\" is the argument (0…9) whose number picks the plural form")
                }
                count = n
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
                        + pluralCategories.joined(separator: ", "))
            }
        }
        switch (text, forms.isEmpty) {
        case (let t?, true):
            if count != nil { throw fail("message \"\(key)\": \"count\" belongs to a message with plural forms") }
            entries[key] = Entry(key: key, comment: comment, message: .text(t))
        case (nil, false):
            guard forms["other"] != nil else { throw fail("message \"\(key)\": plural forms need \"other\" (CLDR)") }
            entries[key] = Entry(key: key, comment: comment, message: .plural(forms, count: count))
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
        if file.code != sourceLanguage, case .plural(_, let count?) = file.entries[key]!.message {
            throw CatalogueFailure(
                description: "\(file.path): error: message \"\(key)\": \"count\" (\(count)) is "
                    + "given by the source language's file only")
        }
    }
    if file.code == sourceLanguage, !file.help.isEmpty {
        throw CatalogueFailure(
            description: "\(file.path): error: the source language's help is in each command's "
                + "declaration (CommandSpec), not in \"help\"")
    }
}

func messageLiteral(_ message: Message, source: Message) -> String {
    var countArgument = ""
    if case .plural(_, let count?) = source, count != 0 { countArgument = "count: \(count), " }
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
    for file in files {
        let name = swiftName(file.code)
        out += "\n    /// `\(file.code).json`'s messages.\n"
        out += "    public static let \(name): [StringKey: CatalogueMessage] = [\n"
        for key in file.entries.keys.sorted() {
            out +=
                "        .\(swiftName(key)): "
                + "\(messageLiteral(file.entries[key]!.message, source: source.entries[key]!.message)),\n"
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
