import Foundation
import Testing
import TaskTileCore
import TestSupport

/// No silent fallbacks. An unknown `TZ` and an unsupported `TASKTILE_LANG` warn once
/// on stderr; a leading byte-order mark is stripped from a title; with `--json` every failure
/// prints the `{"error": …}` object on stdout and `theme export`/`theme rm` print a result.
@Suite("Silent fallbacks and --json for every command")
struct SilentFallbackTests {
    static func setUp(_ tmp: TemporaryDirectory) throws -> (String, [String: String]) {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
        let env = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "UTC", "LANG": "C"]
        for args in [["list", "add", "L"], ["add", "T", "--list", "L"], ["theme", "new", "Spare"]] {
            let r = try runProcess(tasktile, args, environment: env)
            #expect(r.status == 0, "\(args): \(r.stderr)")
        }
        return (tasktile, env)
    }

    @Test("TZ=Mars/Phobos and TASKTILE_LANG=fr warn exactly once each, in tasktile and tasktile-render")
    func warnings() throws {
        let tmp = TemporaryDirectory("fallback")
        var (tasktile, env) = try Self.setUp(tmp)
        env["TZ"] = "Mars/Phobos"; env["TASKTILE_LANG"] = "fr"
        let render = try #require(builtProduct("tasktile-render"))
        for (program, args) in [(tasktile, ["show"]), (render, ["--help"])] {
            let r = try runProcess(program, args, environment: env)
            #expect(r.status == 0)
            #expect(r.stderr.components(separatedBy: "TZ=Mars/Phobos is not a time zone").count == 2, "\(r.stderr)")
            #expect(r.stderr.components(separatedBy: "TASKTILE_LANG=fr is not a supported language").count == 2, "\(r.stderr)")
        }
        env["TZ"] = "Asia/Tokyo"; env["TASKTILE_LANG"] = "ja_JP.UTF-8"
        #expect(try runProcess(tasktile, ["show"], environment: env).stderr.isEmpty)
    }

    @Test("a byte-order mark before a title is stripped, so the intent finds the todo")
    func byteOrderMark() throws {
        let tmp = TemporaryDirectory("bom")
        let (tasktile, env) = try Self.setUp(tmp)
        #expect(try runProcess(tasktile, ["add", "\u{FEFF}Milk", "--list", "L"], environment: env).status == 0)
        let show = try runProcess(tasktile, ["--json", "show", "L"], environment: env)
        #expect(show.stdout.contains("\"Milk\"") && !show.stdout.contains("\u{FEFF}"), "\(show.stdout)")
        let done = try runProcess(tasktile, ["intent", "complete", "--list", "L", "--todo", "Milk"], environment: env)
        #expect(done.status == 0, "\(done.stderr)")
    }

    static let failures: [([String], Int32)] = [
        (["theme", "show", "Nope"], 1), (["frobnicate"], 64), (["list"], 64), (["occurrences", "T", "--list", "L"], 1),
        (["theme", "rm", "Nope"], 1), (["list", "move", "L"], 64), (["done", "Nope", "--list", "L"], 1),
    ]

    @Test("--json failures print the error object on stdout, for every kind of command", arguments: failures)
    func jsonFailures(_ args: [String], _ code: Int32) throws {
        let tmp = TemporaryDirectory("json-fail")
        let (tasktile, env) = try Self.setUp(tmp)
        let r = try runProcess(tasktile, ["--json"] + args, environment: env)
        #expect(r.status == code, "\(args): \(r.status) \(r.stderr)")
        let error = try #require(try? JSONValue.parse(r.stdout), "\(args): stdout \(r.stdout)")["error"]
        #expect(error?["exitCode"]?.intValue == Int(code), "\(args): \(r.stdout)")
        #expect(error?["message"]?.stringValue?.isEmpty == false)
    }

    @Test("--json theme export FILE and theme rm print a result object")
    func jsonSuccesses() throws {
        let tmp = TemporaryDirectory("json-ok")
        let (tasktile, env) = try Self.setUp(tmp)
        let exported = try runProcess(tasktile, ["--json", "theme", "export", "Spare", tmp.file("spare.json")], environment: env)
        #expect(exported.status == 0)
        #expect((try JSONValue.parse(exported.stdout))["theme"]?["name"]?.stringValue == "Spare", "\(exported.stdout)")
        #expect((try JSONValue.parse(exported.stdout))["file"]?.stringValue == tmp.file("spare.json"))
        let removed = try runProcess(tasktile, ["--json", "theme", "rm", "Spare"], environment: env)
        #expect(removed.status == 0)
        #expect((try JSONValue.parse(removed.stdout))["removed"]?["name"]?.stringValue == "Spare", "\(removed.stdout)")
    }
}
