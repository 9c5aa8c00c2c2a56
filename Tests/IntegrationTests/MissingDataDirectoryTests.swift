import Foundation
import Testing
import TaskTileCore
import TestSupport

/// A data directory that does not exist (a typo in a bar's config, an unmounted home)
/// is the error class with the path in the tooltip in every `status` format, `--follow` included;
/// only an existing directory without a store reads as empty.
@Suite("status with a missing data directory")
struct MissingDataDirectoryTests {
    static let formats = ["plain", "json", "waybar", "i3blocks", "polybar", "xbar"]

    @Test("every format: the error, naming the path; bars exit 0, plain and json 74", arguments: formats)
    func missing(_ format: String) throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
        let tmp = TemporaryDirectory("missing-dir")
        let missing = tmp.path + "/no-such-dir"
        let r = try runProcess(tasktile, ["--data-dir", missing, "status", "--format", format], environment: ["TZ": "UTC", "LANG": "C"])
        let bar = !["plain", "json"].contains(format)
        #expect(r.status == (bar ? 0 : 74), "\(format): \(r.status) \(r.stderr)")
        let shown = bar ? r.stdout : r.stderr
        #expect(shown.contains(tmp.path + "/no-such"), "\(format): \(shown)")
        #expect(!r.stdout.contains("All done"), "\(format): \(r.stdout)")
        if format == "waybar" { #expect((try JSONValue.parse(r.stdout))["class"]?.stringValue == "error") }
        #expect(!FileManager.default.fileExists(atPath: missing), "status created the directory")
    }

    @Test("an existing directory without a store is empty, and is not created into a store")
    func emptyDirectory() throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
        let tmp = TemporaryDirectory("empty-dir")
        let r = try runProcess(tasktile, ["--data-dir", tmp.path, "status", "--format", "waybar"], environment: ["TZ": "UTC", "LANG": "C"])
        #expect(r.status == 0)
        #expect((try JSONValue.parse(r.stdout))["class"]?.stringValue == "empty", "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: tmp.path + "/tasktile.sqlite"))
    }

    @Test("--follow streams the error line for a missing directory")
    func follow() throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
        let tmp = TemporaryDirectory("missing-follow")
        let missing = tmp.path + "/unmounted"
        let p = try StreamingProcess(tasktile, ["--data-dir", missing, "status", "--format", "waybar", "--follow"],
                                     environment: ["TZ": "UTC", "LANG": "C"])
        defer { _ = p.terminate() }
        let line = p.waitForLine(timeout: 20) { !$0.isEmpty }
        let parsed = try #require(line.flatMap { try? JSONValue.parse($0) }, "no line: \(p.lines) \(p.stderr)")
        #expect(parsed["class"]?.stringValue == "error")
        #expect(parsed["tooltip"]?.stringValue?.contains(missing) == true, "\(parsed)")
    }
}
