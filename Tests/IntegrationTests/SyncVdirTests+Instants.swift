import Foundation
import Testing
import TaskTileCore
import TestSupport

extension SyncVdirTests {
    @Test("a vdir item with an instant past year 9999 is named and left alone (exit 65); the good one syncs")
    func instantsOutOfRangeLeftAlone() throws {
        let tasktile = try #require(builtProduct("tasktile"))
        let tmp = TemporaryDirectory("sync-vdir-instants")
        let dir = tmp.file("vdir") + "/errands"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "Errands".write(toFile: dir + "/displayname", atomically: true, encoding: .utf8)
        func item(_ uid: String, _ lines: [String]) throws {
            let text =
                [
                    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", "BEGIN:VTODO", "UID:\(uid)",
                    "DTSTAMP:20270101T000000Z",
                ] + lines + ["END:VTODO", "END:VCALENDAR", ""]
            try text.joined(separator: "\r\n").write(toFile: dir + "/\(uid).ics", atomically: true, encoding: .utf8)
        }
        try item("good", ["SUMMARY:Buy milk", "DUE;VALUE=DATE:20270105"])
        try item("y10k", ["SUMMARY:far start", "DTSTART:100000101T000000Z"])
        try item("hugedue", ["SUMMARY:huge due", "DUE:99999999T000000Z"])
        let env = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "UTC", "LANG": "C"]
        func tt(_ args: [String]) throws -> ProcessResult { try runProcess(tasktile, args, environment: env) }
        #expect(try tt(["sync", "add", "v", "--vdir", tmp.file("vdir")]).status == 0)
        let r = try tt(["sync"])
        #expect(r.status == 65, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.contains("y10k.ics") && r.stderr.contains("hugedue.ics"), "\(r.stderr)")
        let shown = try tt(["show", "--json"]).stdout
        #expect(shown.contains("\"Buy milk\""))
        #expect(!shown.contains("far start") && !shown.contains("huge due"), "\(shown)")
        let left = try String(contentsOfFile: dir + "/hugedue.ics", encoding: .utf8)
        #expect(left.contains("DUE:99999999T000000Z"), "left alone on the other side too")
    }
}
