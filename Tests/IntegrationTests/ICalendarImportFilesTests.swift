import Foundation
import Testing
import TaskTileCore
import TestSupport

/// `tasktile import` of several iCalendar files, a directory (a vdir) and `-`.
@Suite("import of several iCalendar files, a vdir and standard input")
struct ICalendarImportFilesTests {
    static func vtodo(_ uid: String, _ summary: String) -> String {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20270101T000000Z",
         "SUMMARY:\(summary)", "END:VTODO", "END:VCALENDAR", ""].joined(separator: "\r\n")
    }

    @Test("files, a vdir (subdirectories as lists) and - in one import; one bad file among them changes nothing")
    func severalSources() throws {
        let tasktile = try #require(builtProduct("tasktile"))
        let tmp = TemporaryDirectory("import-files")
        let env = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "UTC", "LANG": "C"]
        let fm = FileManager.default
        try fm.createDirectory(atPath: tmp.file("vdir/work"), withIntermediateDirectories: true)
        try fm.createDirectory(atPath: tmp.file("vdir/home"), withIntermediateDirectories: true)
        try "Work stuff\n".write(toFile: tmp.file("vdir/work/displayname"), atomically: true, encoding: .utf8)
        try Self.vtodo("w1", "From the work collection").write(toFile: tmp.file("vdir/work/w1.ics"), atomically: true, encoding: .utf8)
        try Self.vtodo("h1", "From the home collection").write(toFile: tmp.file("vdir/home/h1.ics"), atomically: true, encoding: .utf8)
        try Self.vtodo("f1", "From a file").write(toFile: tmp.file("one.ics"), atomically: true, encoding: .utf8)
        try "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n".write(toFile: tmp.file("bad.ics"), atomically: true, encoding: .utf8)

        let bad = try runProcess(tasktile, ["import", tmp.file("one.ics"), tmp.file("bad.ics")], environment: env)
        #expect(bad.status == 65 && bad.stderr.contains("bad.ics"), "\(bad.stderr)")
        #expect(try runProcess(tasktile, ["show", "--json"], environment: env).stdout.contains("\"lists\": []"), "nothing imported")

        let r = try runProcess(tasktile, ["import", "--format", "ics", tmp.file("one.ics"), tmp.file("vdir"), "-"], environment: env,
                               stdin: Self.vtodo("s1", "From standard input"))
        #expect(r.status == 0, "\(r.stderr)")
        let shown = try runProcess(tasktile, ["show", "--json"], environment: env).stdout
        for title in ["From a file", "From the work collection", "From the home collection", "From standard input"] {
            #expect(shown.contains("\"\(title)\""), "\(title) imported")
        }
        let lists = try runProcess(tasktile, ["list", "ls"], environment: env).stdout
        #expect(lists.contains("Work stuff") && lists.contains("home") && lists.contains("Inbox"), "\(lists)")
        // The directory alone is understood as iCalendar.
        #expect(try runProcess(tasktile, ["import", tmp.file("vdir")], environment: env).status == 0)
        // Several files of another format are refused before anything is read.
        let json = try runProcess(tasktile, ["import", "--format", "json", tmp.file("a.json"), tmp.file("b.json")], environment: env)
        #expect(json.status == 64, "\(json.stderr)")
    }
}
