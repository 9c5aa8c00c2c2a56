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

    /// The calls that put text in front of a person: a command's standard output and error, and the
    /// process's own. Log lines (`DaemonLog`, `log(…)`) are not among them.
    static let outputCalls = [
        "context.out(", "stdout.write(", "stderr.write(", "print(", "FileHandle.standardError.write(",
        "FileHandle.standardOutput.write(",
    ]

    /// Literals at output sites that are English on purpose, by file: how each literal begins.
    static let englishOnPurpose: [String: [String]] = [
        // `click`'s result lines are a protocol for scripts, the same in every language (README
        // "Clicking a widget", docs/widgets.md "grid").
        "tasktile-render/Commands/ClickCommand.swift": [
            "open todo", "open list", "add list", "add default list", "took back todo", "checked in todo",
            "completed todo",
        ],
        // A debug log line (one per HTTP request, `TASKTILE_SYNC_DEBUG=requests`): log lines are not translated.
        "tasktile-sync/SyncCommands.swift": ["debug tasktile-sync:"],
        // Command lines to type, placed into a catalogued sentence: commands are not translated.
        "tasktile/Commands/ReminderCommands.swift": ["tasktile reminder set"],
        "tasktile/Output/TodoPrinter.swift": ["tasktile add"],
        // The program's name (`ErrorFunnel(program:)`), not a word.
        "tasktile/Commands/StatusCommand.swift": ["tasktile"],
        // The benchmark driver of `make bench`, which is not installed (scripts/install.sh): its
        // usage and error lines are for the benchmark script's author.
        "tasktile-bench/main.swift": ["usage: tasktile-bench", "tasktile-bench:"],
    ]

    /// Every output call of the shipped targets (`outputCalls`, in every `Sources/**/*.swift` but the
    /// build tool `catalogue-compiler`) says its words through the catalogue: no string literal
    /// passed to one (at any depth of its arguments) holds a word of three letters or more, once
    /// interpolations, escapes, format specifiers (`%.2f`) and JSON keys (`"p50_us":`) are left out.
    @Test("output sites speak through the catalogue: no English word in a literal passed to an output call")
    func outputSitesHaveNoEnglishLiterals() throws {
        let root = repositoryRoot + "/Sources"
        let files = (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("catalogue-compiler/") }
        #expect(files.count >= 100, "the sources were not found under \(root)")
        var found: [String] = [], sites = 0
        for file in files.sorted() {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            let (sitesHere, english) = try Self.englishAtOutputSites(text)
            sites += sitesHere
            let onPurpose = Self.englishOnPurpose[file] ?? []
            for (line, literal) in english where !onPurpose.contains(where: { literal.hasPrefix($0) }) {
                found.append("\(file):\(line): \(literal)")
            }
        }
        #expect(sites >= 100, "too few output calls found (\(sites)): has the way commands print changed?")
        #expect(
            found == [], "move these sentences into Catalogue/en.json (and ja.json): \(found.joined(separator: "\n"))")
    }

    @Test("the output-site check finds a literal, however it is passed, and leaves comments, keys and formats alone")
    func outputSiteCheckFindsLiterals() throws {
        let text = ##"""
            context.out("Added \(title)")
            // context.out("a comment")
            context.out(l.text(.key, "1") + " · " + String(format: "%.2f", x))
            print(#"{"p50_us": \#(p50)}"#)
            context.stderr.write(
                "Nothing to do" + "\n")
            FileHandle.standardError.write(Data("""
                usage: here
                """.utf8))
            let s = "not an output"
            context.out(flag ? "yes" : "\u{1B}[0m")
            """##
        let (sites, english) = try Self.englishAtOutputSites(text)
        #expect(sites == 6)
        #expect(english.map(\.line) == [1, 6, 7, 11])
    }

    /// How many output calls `text` makes, and the literals with a word passed to them, by line (from 1).
    static func englishAtOutputSites(_ text: String) throws -> (sites: Int, english: [(line: Int, literal: String)]) {
        let source = SwiftSource(text)
        let word = try NSRegularExpression(pattern: "[A-Za-z]{3,}")
        // A JSON key (`"p50_us":`) or a format specifier (`%.2f`, `%lld`).
        let noise = try NSRegularExpression(
            pattern: #""[A-Za-z_][A-Za-z0-9_]*"\s*:|%[-+ #0-9.*]*(hh|ll|[hlqLzjt])?[a-zA-Z@]"#)
        var sites = 0, english: [(line: Int, literal: String)] = []
        for call in outputCalls {
            for span in source.calls(call) {
                sites += 1
                for literal in source.literals where span.contains(literal.start) {
                    let ns = literal.text as NSString
                    let words = noise.stringByReplacingMatches(
                        in: literal.text, range: NSRange(location: 0, length: ns.length), withTemplate: " ")
                    let all = NSRange(location: 0, length: (words as NSString).length)
                    if word.firstMatch(in: words, range: all) != nil {
                        english.append((literal.line, literal.text.trimmingCharacters(in: .whitespacesAndNewlines)))
                    }
                }
            }
        }
        return (sites, english.sorted { $0.line < $1.line })
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

/// Swift source text split into code and string literals, enough to find what a call is passed:
/// comments and literals (with their interpolations) are blanked out of `code`, and each literal's
/// text, without its interpolations and escapes, is kept with where it starts.
struct SwiftSource {
    /// The text with comments and string literals blanked (newlines kept), so parentheses match.
    private(set) var code: [UInt8]
    /// Every string literal, nested ones too: its offset in `code`, its line (from 1) and its text.
    private(set) var literals: [(start: Int, line: Int, text: String)] = []
    private let bytes: [UInt8]
    /// The offsets of the newlines, in order.
    private let newlines: [Int]
    private var i = 0

    init(_ text: String) {
        let bytes = Array(text.utf8)
        self.bytes = bytes; code = bytes
        newlines = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }
        scanCode(until: nil)
    }

    /// The byte ranges of the arguments of each call of `name` (`"print("`), not a longer name's.
    func calls(_ name: String) -> [Range<Int>] {
        let pattern = Array(name.utf8)
        var spans: [Range<Int>] = []
        var at = 0
        while at + pattern.count <= code.count {
            defer { at += 1 }
            guard code[at] == pattern[0], Array(code[at..<at + pattern.count]) == pattern else { continue }
            if at > 0, Self.isIdentifier(code[at - 1]) { continue }
            var depth = 1, end = at + pattern.count
            while end < code.count, depth > 0 {
                if code[end] == UInt8(ascii: "(") { depth += 1 } else if code[end] == UInt8(ascii: ")") { depth -= 1 }
                end += 1
            }
            spans.append(at + pattern.count..<end)
        }
        return spans
    }

    static func isIdentifier(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "_") || (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A)
    }

    private func peek(_ s: String, at: Int? = nil) -> Bool {
        let p = Array(s.utf8), from = at ?? i
        return from + p.count <= bytes.count && Array(bytes[from..<from + p.count]) == p
    }

    private mutating func blank(_ range: Range<Int>) {
        for j in range where bytes[j] != UInt8(ascii: "\n") { code[j] = UInt8(ascii: " ") }
    }

    /// The line (from 1) of `offset`: one more than the newlines before it.
    private func line(of offset: Int) -> Int {
        var low = 0, high = newlines.count
        while low < high {
            let mid = (low + high) / 2
            if newlines[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low + 1
    }

    /// Code up to the `)` that closes an interpolation (`until`), or to the end.
    private mutating func scanCode(until close: UInt8?) {
        var depth = 0
        while i < bytes.count {
            let b = bytes[i]
            if let close, b == close, depth == 0 { return }
            if b == UInt8(ascii: "(") { depth += 1 } else if b == UInt8(ascii: ")") { depth -= 1 }
            if peek("//") {
                let start = i
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                blank(start..<i)
            } else if peek("/*") {
                let start = i
                var nesting = 0
                repeat {
                    if peek("/*") { nesting += 1; i += 2 } else if peek("*/") { nesting -= 1; i += 2 } else { i += 1 }
                } while nesting > 0 && i < bytes.count
                blank(start..<i)
            } else if b == UInt8(ascii: "\"") || (b == UInt8(ascii: "#") && startsRawString()) {
                scanLiteral()
            } else {
                i += 1
            }
        }
    }

    private func startsRawString() -> Bool {
        var j = i
        while j < bytes.count, bytes[j] == UInt8(ascii: "#") { j += 1 }
        return j < bytes.count && bytes[j] == UInt8(ascii: "\"")
    }

    /// One literal from its opening `#…"` (or `"""`), recording its text; interpolations are code.
    private mutating func scanLiteral() {
        let start = i
        var hashes = 0
        while bytes[i] == UInt8(ascii: "#") { hashes += 1; i += 1 }
        let multiline = peek("\"\"\"")
        i += multiline ? 3 : 1
        let closing = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
        let escape = "\\" + String(repeating: "#", count: hashes)
        var text: [UInt8] = []
        let index = literals.count
        literals.append((start, line(of: start), ""))
        while i < bytes.count {
            if peek(closing) { i += closing.utf8.count; break }
            if !multiline, bytes[i] == UInt8(ascii: "\n") { break }
            if peek(escape) {
                i += escape.utf8.count
                guard i < bytes.count else { break }
                if bytes[i] == UInt8(ascii: "(") {
                    i += 1
                    scanCode(until: UInt8(ascii: ")"))
                    i += 1
                } else if bytes[i] == UInt8(ascii: "u"), peek("{", at: i + 1) {
                    while i < bytes.count, bytes[i] != UInt8(ascii: "}") { i += 1 }
                    i += 1
                } else {
                    i += 1
                }
                text.append(UInt8(ascii: " "))
                continue
            }
            text.append(bytes[i]); i += 1
        }
        literals[index].text = String(decoding: text, as: UTF8.self)
        blank(start..<min(i, bytes.count))
    }
}
