import Foundation
import Testing
import TestSupport

@testable import TaskTileCore

/// The rules of the catalogue files that the compiler cannot see by itself (docs/language.md
/// "The catalogue"): every key is used by the code, and a file that breaks a rule stops the build
/// with a message naming the file, the message and what is accepted.
@Suite("Localisation: every catalogue key is used; the catalogue compiler refuses bad files")
struct CatalogueRulesTests {
    /// Every Swift file of the shipped targets, as one text (the generated catalogue excluded: it
    /// names every key).
    static let sources: String = {
        let root = repositoryRoot + "/Sources"
        var text = ""
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        for path in files where path.hasSuffix(".swift") && !path.hasPrefix("catalogue-compiler/") {
            text += (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)) ?? ""
            text += "\n"
        }
        return text
    }()

    @Test("every key of en.json is named by some source file (.swiftName), so no message is dead weight")
    func everyKeyIsUsed() throws {
        let sources = Self.sources
        #expect(sources.count > 100_000, "the sources were not found under \(repositoryRoot)/Sources")
        let names = try Self.identifiers(in: sources)
        let unused = StringKey.allCases.filter { !names.contains(String(describing: $0)) }.map(\.rawValue)
        #expect(
            unused == [], "catalogue keys no source file names; use them or remove them from every Catalogue/*.json")
    }

    /// The error types a person reads (every `Sources/**/*Error*.swift`) say their sentences through the
    /// catalogue: no string literal of English words outside comments. `DatabaseError` is the one exception:
    /// SQLite's own diagnostics, which reach a person only inside `StoreError`'s catalogued sentence.
    @Test("error types speak through the catalogue: no English sentence literal in any *Error*.swift")
    func errorTypesHaveNoEnglishLiterals() throws {
        let root = repositoryRoot + "/Sources"
        let files = (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") && ($0 as NSString).lastPathComponent.contains("Error") }
        #expect(files.count >= 8, "the error files were not found under \(root)")
        let words = try NSRegularExpression(pattern: #""[^"\n]*[A-Za-z]{2,} [a-z]{2,}[^"\n]*""#)
        var found: [String] = []
        for file in files where !file.hasSuffix("DatabaseError.swift") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                let ns = String(line) as NSString
                if words.firstMatch(in: String(line), range: NSRange(location: 0, length: ns.length)) != nil {
                    found.append("\(file):\(n + 1): \(code)")
                }
            }
        }
        #expect(
            found == [], "move these sentences into Catalogue/en.json (and ja.json): \(found.joined(separator: "\n"))")
    }

    /// Every `.identifier` in `text` (member accesses, where `.someKey` names a `StringKey` case).
    static func identifiers(in text: String) throws -> Set<String> {
        let regex = try NSRegularExpression(pattern: #"\.([a-z][A-Za-z0-9]*)"#)
        var names = Set<String>()
        let ns = text as NSString
        for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            names.insert(ns.substring(with: match.range(at: 1)))
        }
        return names
    }

    // MARK: The compiler's refusals

    /// A valid source file the bad translations below are checked against.
    static let english = #"""
        { "language": "en", "messages": {
            "count.left": { "comment": "Todos not done", "count": "count",
                            "one": "{count} left", "other": "{count} left" },
            "list.added": "Added list \"{title}\" ({id})",
            "goal.every": { "arguments": ["weeks", "goal"], "count": "goal",
                            "one": "Once every {weeks} weeks", "other": "{goal} times every {weeks} weeks" },
            "theme.shape": "must be { \"version\": 1 } or {}, found {kind}"
        } }
        """#

    static let refusals: [(name: String, file: String, json: String, message: String)] = [
        (
            "an unknown top-level key", "ja.json", #"{ "language": "ja", "messages": {}, "strings": {} }"#,
            #"unknown top-level key "strings"; accepted: language, messages, help"#
        ),
        (
            "a language that is not the file's name", "ja.json", #"{ "language": "de", "messages": {} }"#,
            #""language" must be the file's name without .json ("ja")"#
        ),
        (
            "a key not in the source language", "ja.json",
            #"{ "language": "ja", "messages": { "list.removed": "x" } }"#,
            #"message "list.removed" is not in en.json"#
        ),
        (
            "plural forms for a plain source message", "ja.json",
            #"{ "language": "ja", "messages": { "list.added": { "other": "x" } } }"#,
            #"message "list.added" has plural forms, but the source's is plain text"#
        ),
        (
            "a count in a translation", "ja.json",
            #"{ "language": "ja", "messages": { "count.left": { "count": 0, "other": "残り{count}件" } } }"#,
            #""count" (0) is given by the source language's file only"#
        ),
        (
            "help in the source language", "en.json",
            #"{ "language": "en", "messages": {}, "help": { "tasktile": { "help.x": "y" } } }"#,
            #"the source language's help is in each command's declaration"#
        ),
        (
            "a key that is not dotted lowerCamel", "ja.json",
            #"{ "language": "ja", "messages": { "List.Added": "x" } }"#,
            #"message key "List.Added" is not dotted lowerCamel words (accepted:"#
        ),
        (
            "plural forms without other", "ja.json",
            #"{ "language": "ja", "messages": { "count.left": { "one": "x" } } }"#,
            #"message "count.left": plural forms need "other" (CLDR)"#
        ),
        (
            "an unknown field", "ja.json", #"{ "language": "ja", "messages": { "list.added": { "txt": "x" } } }"#,
            #"message "list.added": unknown field "txt"; accepted: comment, text, count, "#
                + "zero, one, two, few, many, other"
        ),
        (
            "a help key without help.", "ja.json",
            #"{ "language": "ja", "messages": {}, "help": { "tasktile": { "x": "y" } } }"#,
            #"help key "x" must start with "help.""#
        ),
        ("not JSON", "ja.json", #"{ "language": "ja", "#, "not valid JSON"),
        // Placeholders are names; the source's message defines them, its "arguments" their order.
        (
            "a positional placeholder in the source", "en.json",
            #"{ "language": "en", "messages": { "count.left": "{0} left" } }"#,
            #"message "count.left": {0} is a positional placeholder; placeholders are names (accepted: {count}, "#
        ),
        (
            "a positional placeholder in a translation", "ja.json",
            #"{ "language": "ja", "messages": { "list.added": "リスト \"{0}\" を追加しました ({1})" } }"#,
            #"message "list.added": {0} is a positional placeholder; placeholders are names (accepted: {title}, {id}, "#
                + "the names of the message in en.json)"
        ),
        (
            "a name that is not lowerCamel", "ja.json",
            #"{ "language": "ja", "messages": { "list.added": "{Title} ({id})" } }"#,
            #"message "list.added": {Title} is not a placeholder name (accepted: lowerCamel ASCII"#
        ),
        (
            "a name the source message lacks", "ja.json",
            #"{ "language": "ja", "messages": { "list.added": "リスト \"{name}\" ({id})" } }"#,
            #"message "list.added": {name} is not an argument of the message in en.json (accepted: {title}, {id})"#
        ),
        (
            "a translation missing a name", "ja.json",
            #"{ "language": "ja", "messages": { "list.added": "リストを追加しました ({id})" } }"#,
            #"message "list.added": {title} missing: each form names every argument ({title}, {id})"#
        ),
        (
            "a plural translation's other missing the count", "ja.json",
            #"{ "language": "ja", "messages": { "goal.every": { "other": "{weeks}週ごと" } } }"#,
            #"message "goal.every" (form "other"): {goal} missing: each form names every argument ({weeks}, {goal}); "#
                + #"a plural form other than "other" may leave out the count"#
        ),
        (
            "arguments in a translation", "ja.json",
            #"{ "language": "ja", "messages": { "list.added": { "arguments": ["id", "title"], "#
                + #""text": "{id} {title}" } } }"#,
            #"message "list.added": "arguments" ("#
        ),
        (
            "arguments that leave out a name", "en.json",
            #"{ "language": "en", "messages": { "of": { "arguments": ["done"], "text": "{done} of {total}" } } }"#,
            #"message "of": "arguments" [done] must list each placeholder of the message once (its placeholders: "#
                + "done, total)"
        ),
        (
            "arguments with a name the text lacks", "en.json",
            #"{ "language": "en", "messages": { "of": { "arguments": ["total", "done", "x"], "#
                + #""text": "{done} of {total}" } } }"#,
            #"message "of": "arguments" [total, done, x] must list each placeholder of the message once"#
        ),
        (
            "a count naming no argument", "en.json",
            #"{ "language": "en", "messages": { "left": { "count": "n", "one": "{count} left", "#
                + #""other": "{count} left" } } }"#,
            #"message "left": "count" ("n") names no argument of the message (accepted: count)"#
        ),
        (
            "a count that is an index", "en.json",
            #"{ "language": "en", "messages": { "left": { "count": 0, "one": "{count} left", "#
                + #""other": "{count} left" } } }"#,
            #"message "left": "count" is the name of the argument whose number picks the plural form"#
        ),
        (
            "a source form missing a name other than the count", "en.json",
            #"{ "language": "en", "messages": { "left": { "one": "{count} left", "other": "{count} left in {list}" "#
                + "} } }",
            #"message "left" (form "one"): {list} missing: each form names every argument ({count}, {list})"#
        ),
    ]

    @Test(
        "a bad catalogue file: exit 1, \"FILE: error: …\" naming what is wrong and what is accepted, no output written",
        arguments: 0..<refusals.count)
    func refusal(index: Int) throws {
        let refusal = Self.refusals[index]
        let compiler = try #require(
            builtProduct("catalogue-compiler"), "catalogue-compiler is not built (`swift build`)")
        let dir = NSTemporaryDirectory() + "catalogue-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = dir + "/Catalogue.swift"
        var inputs: [String] = []
        if refusal.file != "en.json" {
            try Self.english.write(toFile: dir + "/en.json", atomically: true, encoding: .utf8)
            inputs.append(dir + "/en.json")
        }
        try refusal.json.write(toFile: dir + "/" + refusal.file, atomically: true, encoding: .utf8)
        inputs.append(dir + "/" + refusal.file)
        let result = try runProcess(compiler, [output] + inputs)
        #expect(result.status == 1, "\(refusal.name): exit \(result.status), \(result.stderr)")
        #expect(result.stderr.hasPrefix("\(dir)/\(refusal.file): error: "), "\(refusal.name): \(result.stderr)")
        #expect(result.stderr.contains(refusal.message), "\(refusal.name): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output), "\(refusal.name): output was written")
    }

    @Test("the valid source file compiles: a StringKey case per message, plural count and comment kept")
    func validFileCompiles() throws {
        let compiler = try #require(
            builtProduct("catalogue-compiler"), "catalogue-compiler is not built (`swift build`)")
        let dir = NSTemporaryDirectory() + "catalogue-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.english.write(toFile: dir + "/en.json", atomically: true, encoding: .utf8)
        let result = try runProcess(compiler, [dir + "/Catalogue.swift", dir + "/en.json"])
        #expect(result.status == 0, "\(result.stderr)")
        let swift = try String(contentsOfFile: dir + "/Catalogue.swift", encoding: .utf8)
        #expect(swift.contains(#"case countLeft = "count.left""#))
        #expect(swift.contains(#"case listAdded = "list.added""#))
        #expect(swift.contains("/// Todos not done"))
        #expect(swift.contains(#".countLeft: .plural(one: "{0} left", other: "{0} left")"#))
        // Names become argument indices: the order of first appearance, or "arguments"; "count" a name.
        #expect(swift.contains(#".listAdded: "Added list \"{0}\" ({1})""#))
        #expect(
            swift.contains(
                #".goalEvery: .plural(count: 1, one: "Once every {0} weeks", other: "{1} times every {0} weeks")"#))
        #expect(
            swift.contains(#".themeShape: "must be { \"version\": 1 } or {}, found {0}""#),
            "a brace that is no name is text")
        #expect(swift.contains("    /// Todos not done\n    /// Arguments: count.\n    case countLeft"))
        #expect(swift.contains("    /// Arguments: weeks, goal.\n    case goalEvery"))
        #expect(swift.contains(#".goalEvery: ["weeks", "goal"],"#))
    }

    @Test("a translation by name: its own word order, a plural form may leave out the count, compiled to indices")
    func translationCompiles() throws {
        let compiler = try #require(
            builtProduct("catalogue-compiler"), "catalogue-compiler is not built (`swift build`)")
        let dir = NSTemporaryDirectory() + "catalogue-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.english.write(toFile: dir + "/en.json", atomically: true, encoding: .utf8)
        let japanese = #"""
            { "language": "ja", "messages": {
                "list.added": "({id}) リスト \"{title}\" を追加しました",
                "goal.every": { "one": "{weeks}週ごとに1回", "other": "{weeks}週ごとに{goal}回" }
            } }
            """#
        try japanese.write(toFile: dir + "/ja.json", atomically: true, encoding: .utf8)
        let result = try runProcess(compiler, [dir + "/Catalogue.swift", dir + "/en.json", dir + "/ja.json"])
        #expect(result.status == 0, "\(result.stderr)")
        let swift = try String(contentsOfFile: dir + "/Catalogue.swift", encoding: .utf8)
        #expect(swift.contains(#".listAdded: "({1}) リスト \"{0}\" を追加しました""#))
        #expect(swift.contains(#".goalEvery: .plural(count: 1, one: "{0}週ごとに1回", other: "{0}週ごとに{1}回")"#))
    }

    @Test("no arguments: exit 64 with the usage")
    func usage() throws {
        let compiler = try #require(
            builtProduct("catalogue-compiler"), "catalogue-compiler is not built (`swift build`)")
        let result = try runProcess(compiler, [])
        #expect(result.status == 64)
        #expect(result.stderr.contains("usage: catalogue-compiler OUTPUT.swift LANG.json..."))
    }
}
