import Foundation
import Testing

/// TaskTileCore's folders point one way: each may use only the folders below it in the order
/// docs/CONTRIBUTING.md "Inside TaskTileCore" writes down, so no two folders use each other (a
/// cycle means neither can be understood, tested or moved out alone).
///
/// Core is one module, so there are no import lines between its folders; a folder "uses" another
/// when its code names a type (struct, enum, class, protocol, typealias) declared at the top level
/// of the other's files, extensions included. A rough reader, not a compiler: it skips comments and
/// string literals and matches capitalised identifiers.
@Suite struct LayeringTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized
    static let core = root.appendingPathComponent("Sources/TaskTileCore")

    /// The layers, lowest first, from the fenced line `A → B, C → …` under the heading.
    static func order() throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/CONTRIBUTING.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex { $0.hasPrefix("## Inside TaskTileCore") },
                                   "docs/CONTRIBUTING.md has no \"Inside TaskTileCore\" section")
        let line = try #require(lines[heading...].first { $0.contains("→") }, "no `A → B` line under the heading")
        return line.trimmingCharacters(in: CharacterSet(charactersIn: "` ")).components(separatedBy: "→").map {
            $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The folder's Swift files (relative path → text).
    static func files(in folder: String) throws -> [(String, String)] {
        let dir = core.appendingPathComponent(folder)
        let names = try FileManager.default.subpathsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }
        return try names.sorted().map {
            ("\(folder)/\($0)", try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// `source` without comments and string literals (each literal becomes `""`).
    static func code(_ source: String) -> String {
        let s = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func at(_ text: String, _ k: Int) -> Bool {
            let t = Array(text.unicodeScalars)
            return k + t.count <= s.count && Array(s[k..<k + t.count]) == t
        }
        while i < s.count {
            if at("//", i) {
                while i < s.count, s[i] != "\n" { i += 1 }
            } else if at("/*", i) {
                i += 2
                while i < s.count, !at("*/", i) { i += 1 }
                i += 2
            } else if at("\"\"\"", i) {
                i += 3
                while i < s.count, !at("\"\"\"", i) { i += 1 }
                i += 3
                out.append(contentsOf: "\"\"".unicodeScalars)
            } else if s[i] == "\"" {
                i += 1
                while i < s.count, s[i] != "\"", s[i] != "\n" { i += s[i] == "\\" ? 2 : 1 }
                i += 1
                out.append(contentsOf: "\"\"".unicodeScalars)
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return String(out)
    }

    /// Names declared at the top level (no indentation) of `code`.
    static func declarations(_ code: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "actor"]
        var names: [String] = []
        for line in code.split(separator: "\n") where !(line.first?.isWhitespace ?? true) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "<" || $0 == ":" || $0 == "{" || $0 == "=" })
            if let k = words.firstIndex(where: { kinds.contains($0) }), k + 1 < words.count,
               words[..<k].allSatisfy({ !$0.contains("(") || $0.hasPrefix("@") }) {
                names.append(String(words[k + 1]))
            }
        }
        return names
    }

    /// The capitalised identifiers of `code`.
    static func identifiers(_ code: String) -> Set<String> {
        var found = Set<String>()
        var word = ""
        for c in code + " " {
            if c.isLetter || c.isNumber || c == "_" { word.append(c); continue }
            if let first = word.first, first.isUppercase { found.insert(word) }
            word = ""
        }
        return found
    }

    @Test("docs/CONTRIBUTING.md orders every folder of TaskTileCore once")
    func orderNamesEveryFolder() throws {
        let listed = try Self.order().flatMap { $0 }
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.core.path).filter {
            var isDirectory: ObjCBool = false
            let path = Self.core.appendingPathComponent($0).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        #expect(listed.sorted() == folders.sorted(), "the order in docs/CONTRIBUTING.md and the folders differ")
        #expect(Set(listed).count == listed.count, "a folder is listed twice")
    }

    @Test("each folder of TaskTileCore uses only folders below it: no cycle between them")
    func foldersPointDown() throws {
        let layers = try Self.order()
        var layer: [String: Int] = [:]
        for (i, names) in layers.enumerated() { for name in names { layer[name] = i } }
        var owner: [String: String] = [:]
        var sources: [(folder: String, file: String, code: String)] = []
        for folder in layers.flatMap({ $0 }) {
            for (file, text) in try Self.files(in: folder) {
                let code = Self.code(text)
                sources.append((folder, file, code))
                for name in Self.declarations(code) { owner[name] = owner[name] ?? folder }
            }
        }
        #expect(owner["Store"] == "Store" && owner["LocalDate"] == "Time", "the reader no longer finds declarations")

        var uses: [String: Set<String>] = [:] // folder → folders it uses
        var violations: [String] = []
        for source in sources {
            for name in Self.identifiers(source.code).sorted() {
                guard let other = owner[name], other != source.folder else { continue }
                uses[source.folder, default: []].insert(other)
                if let a = layer[source.folder], let b = layer[other], b >= a {
                    violations.append("\(source.file) uses \(name) of \(other), which is not below \(source.folder)")
                }
            }
        }
        let cycles = uses.flatMap { a, targets in
            targets.filter { uses[$0]?.contains(a) == true && a < $0 }.map { "\(a) ↔ \($0)" }
        }
        #expect(violations.isEmpty, """
            TaskTileCore's folders must follow docs/CONTRIBUTING.md "Inside TaskTileCore" \
            (cycles: \(cycles.sorted().joined(separator: ", "))):
            \(violations.joined(separator: "\n"))
            """)
    }
}
