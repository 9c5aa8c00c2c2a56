import Foundation
import Testing
import TaskTileCore
import TestSupport

extension SyncVdirTests {
    @Test("another client that drops our X- properties keeps a habit's target and a repeat from completion here")
    func repeatExtrasSurviveAClientThatDropsThem() throws {
        let tasktile = try #require(builtProduct("tasktile"))
        let tmp = TemporaryDirectory("sync-vdir-extras")
        try FileManager.default.createDirectory(atPath: tmp.file("vdir"), withIntermediateDirectories: true)
        let env = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "Asia/Tokyo", "LANG": "C"]
        func tt(_ args: [String]) throws -> ProcessResult { try runProcess(tasktile, args, environment: env) }
        #expect(try tt(["list", "add", "Work"]).status == 0)
        #expect(
            try tt(["add", "--list", "Work", "Gym", "--due", "2027-01-10", "--repeat", "weekly", "--goal", "3"]).status
                == 0)
        #expect(
            try tt(["add", "--list", "Work", "Water", "--due", "2027-01-05", "--repeat", "daily", "--after-completion"])
                .status == 0)
        #expect(try tt(["sync", "add", "v", "--vdir", tmp.file("vdir")]).status == 0)
        #expect(try tt(["sync"]).status == 0)

        // The other client rewrites each item from its own model: a new title, every X-TASKTILE-
        // property gone, the RRULE as it was.
        let vdir = tmp.file("vdir")
        for dir in try FileManager.default.contentsOfDirectory(atPath: vdir) {
            let path = vdir + "/" + dir
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for file in files where file.hasSuffix(".ics") {
                let text = try String(contentsOfFile: path + "/" + file, encoding: .utf8)
                let lines = text.components(separatedBy: "\r\n").filter { !$0.hasPrefix("X-TASKTILE-") }.map { line in
                    if line.hasPrefix("SUMMARY:") { return line + " (edited)" }
                    if line.hasPrefix("LAST-MODIFIED:") { return "LAST-MODIFIED:20300101T000000Z" }
                    return line
                }
                try lines.joined(separator: "\r\n").write(toFile: path + "/" + file, atomically: true, encoding: .utf8)
            }
        }
        let r = try tt(["sync"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("2 down"), "\(r.stdout)")
        let shown = try tt(["show", "--json"]).stdout
        #expect(shown.contains("\"Gym (edited)\"") && shown.contains("\"Water (edited)\""), "\(shown)")
        #expect(shown.contains("\"goal\": 3"), "the target per period is kept: \(shown)")
        #expect(shown.contains("\"fromCompletion\": true"), "the repeat from completion is kept: \(shown)")
        // Converged: nothing more to exchange.
        #expect(try tt(["sync"]).stdout.contains("0 up, 0 down"))
    }
}
