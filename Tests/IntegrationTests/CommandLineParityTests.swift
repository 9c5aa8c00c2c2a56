import Foundation
import Testing
import TaskTileCore
import TestSupport

/// `tasktile` and `tasktile-render` share one command-line core: the same failure prints the same
/// error layout and exits with the same code in both (the real binaries, as a user runs them).
@Suite("one command-line core: both programs report a failure alike")
struct CommandLineParityTests {
    let tasktile: String
    let render: String

    init() throws {
        tasktile = try #require(builtProduct("tasktile"), "build first: make test builds the binaries")
        render = try #require(builtProduct("tasktile-render"), "build first: make test builds the binaries")
    }

    /// The first stderr line and the exit code of `tasktile status --format plain` and
    /// `tasktile-render once` (two commands that open the store) under `environment`.
    func both(_ tmp: TemporaryDirectory, _ environment: [String: String], extra: [String] = []) throws -> [(Int32, String)] {
        var env = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "LANG": "C", "TZ": "UTC"]
        for (k, v) in environment { env[k] = v }
        let spec = tmp.file("w.json")
        try Data(#"{ "version": 1, "family": "small" }"#.utf8).write(to: URL(fileURLWithPath: spec))
        let a = try runProcess(tasktile, extra + ["show"], environment: env)
        let b = try runProcess(render, extra + ["once", spec], environment: env)
        return [(a.status, String(a.stderr.split(separator: "\n").first ?? "")),
                (b.status, String(b.stderr.split(separator: "\n").first ?? ""))]
    }

    @Test("a foreign store file: exit 74 and the same message")
    func foreignStore() throws {
        let tmp = TemporaryDirectory("parity")
        try FileManager.default.createDirectory(atPath: tmp.dataDirectory.path, withIntermediateDirectories: true)
        try Data(String(repeating: "not a database\n", count: 200).utf8).write(to: URL(fileURLWithPath: tmp.dataDirectory.storePath))
        let r = try both(tmp, [:])
        #expect(r[0].0 == 74 && r[1].0 == 74, "\(r)")
        #expect(r[0].1 == r[1].1, "\(r)")
        #expect(r[0].1.hasPrefix("Error: "))
    }

    @Test("a bad TASKTILE_NOW: exit 64 and the same message, in Japanese too")
    func badClock() throws {
        for lang in ["C", "ja_JP.UTF-8"] {
            let tmp = TemporaryDirectory("parity")
            let r = try both(tmp, ["TASKTILE_NOW": "yesterday-ish", "LANG": lang])
            #expect(r[0].0 == 64 && r[1].0 == 64, "\(r)")
            #expect(r[0].1 == r[1].1, "\(r)")
            #expect(r[0].1.hasPrefix(lang == "C" ? "Error: " : "エラー: "), "\(r)")
        }
    }

    @Test("a bad --lang value: exit 64 and the same message")
    func badLanguage() throws {
        let tmp = TemporaryDirectory("parity")
        let r = try both(tmp, [:], extra: ["--lang", "fr"])
        #expect(r[0].0 == 64 && r[1].0 == 64, "\(r)")
        #expect(r[0].1 == r[1].1 && r[0].1.contains("fr"), "\(r)")
    }
}
