import Foundation
import Testing
import TestSupport

/// `Package.swift`'s graph and the `import` lines agree (docs/CONTRIBUTING.md "Layout"): a target
/// imports only modules of ours that it declares as dependencies, and it imports every dependency
/// it declares. A module imported without being declared builds by accident today (SwiftPM puts
/// every built module on the search path) and breaks the day the build order changes; a declared
/// dependency nothing imports links code the executable never needs.
@Suite("Package graph")
struct PackageGraphTests {
    /// One target of `Package.swift`: its name, the folder its sources are in and the targets it
    /// names in `dependencies:`.
    struct Target {
        var name: String
        var kind: String
        var path: String
        var dependencies: Set<String>
        /// The module name other Swift files import (`tasktile-render` → `tasktile_render`).
        var module: String { name.replacingOccurrences(of: "-", with: "_") }
    }

    /// The targets of `Package.swift`, read from its text: each `.target(`, `.executableTarget(`,
    /// `.testTarget(` or `.systemLibrary(` call up to the next one.
    static func targets() throws -> [Target] {
        let text = try String(contentsOfFile: repositoryRoot + "/Package.swift", encoding: .utf8)
        let starts = try Regex(#"\.(target|executableTarget|testTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)""#)
        let matches = text.matches(of: starts)
        var result: [Target] = []
        for (i, m) in matches.enumerated() {
            let kind = String(m.output[1].substring ?? "")
            let name = String(m.output[2].substring ?? "")
            let end = i + 1 < matches.count ? matches[i + 1].range.lowerBound : text.endIndex
            let body = String(text[m.range.upperBound..<end])
            var dependencies: Set<String> = []
            if let d = body.range(of: "dependencies:") {
                let list = body[d.upperBound...]
                if let close = list.firstIndex(of: "]") {
                    for q in list[..<close].matches(of: try Regex(#""([A-Za-z0-9_-]+)""#)) {
                        dependencies.insert(String(q.output[1].substring ?? ""))
                    }
                }
            }
            var path = (kind == "testTarget" ? "Tests/" : "Sources/") + name
            if let p = body.firstMatch(of: try Regex(#"path:\s*"([^"]+)""#)) {
                path = String(p.output[1].substring ?? "")
            }
            result.append(Target(name: name, kind: kind, path: path, dependencies: dependencies))
        }
        return result
    }

    /// The modules a target's Swift files import, by file (any `import`, `@testable import`,
    /// `internal import`, `@_exported import` or `import struct …` form).
    static func imports(under path: String) throws -> [String: Set<String>] {
        let root = repositoryRoot + "/" + path
        let line = try Regex(
            #"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"#
                + #"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#
        )
        .anchorsMatchLineEndings()
        var result: [String: Set<String>] = [:]
        guard let files = FileManager.default.enumerator(atPath: root) else { return result }
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for m in text.matches(of: line) {
                result[String(m.output[1].substring ?? ""), default: []].insert(file)
            }
        }
        return result
    }

    @Test("every module of ours a target imports is a dependency it declares, and every declared one is imported")
    func importsMatchTheGraph() throws {
        let targets = try Self.targets()
        #expect(targets.count >= 20, "read only \(targets.count) targets from Package.swift")
        let byModule = Dictionary(uniqueKeysWithValues: targets.map { ($0.module, $0) })
        for target in targets where target.kind != "systemLibrary" && target.kind != "plugin" {
            let imports = try Self.imports(under: target.path)
            #expect(!imports.isEmpty, "\(target.name): no Swift file with an import under \(target.path)")
            let ours = imports.filter { byModule[$0.key] != nil && $0.key != target.module }
            let declared = Set(target.dependencies.map { $0.replacingOccurrences(of: "-", with: "_") })
            for (module, files) in ours where !declared.contains(module) {
                let where_ = files.sorted().prefix(3).joined(separator: ", ")
                Issue.record("\(target.name) imports \(module) (\(where_)) without declaring it in Package.swift")
            }
            for module in declared.sorted() where byModule[module] != nil && ours[module] == nil {
                Issue.record(
                    "\(target.name) declares \(module) in Package.swift but no file under \(target.path) imports it")
            }
        }
    }
}
