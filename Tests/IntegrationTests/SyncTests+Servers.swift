import Foundation
import Testing
import TaskTileCore
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// What servers other than Radicale answer differently (docs/sync.md "Servers").
extension SyncTests {
    @Test(
        "MKCALENDAR answered 207 with a failed propstat (a dead property refused, nothing created): sent again with the standard properties, the list synced",
        arguments: CalDAVServer.Kind.allCases)
    func mkcalendarFailedPropstat(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let proxy = try DAVProxy(server, ["--strict-mkcalendar"])
        let a = try Device(server, url: proxy.url)
        #expect(try a.run(["list", "add", "Work"]).status == 0)
        #expect(try a.run(["add", "--list", "Work", "Report"]).status == 0)
        let r = try a.sync()
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("1 up"), "\(r.stdout)")
        let items = try server.todos()
        #expect(
            items.contains { $0.calendar == "Work" && $0.data.contains("SUMMARY:Report") }, "\(items.map(\.calendar))")
        let again = try a.sync()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 up, 0 down, 0 deleted here, 0 deleted there"), "\(again.stdout)")
    }
}

extension SyncTests {
    @Test(
        "a calendar holding a VEVENT next to its VTODOs: the event is skipped without a word (counted in --json), exit 0, the todos synced",
        arguments: CalDAVServer.Kind.allCases)
    func mixedCalendar(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        try server.client(["mkmixed", "Personal"])
        let a = try Device(server)
        let todo = a.tmp.file("todo.ics"), event = a.tmp.file("event.ics")
        try SyncTests.vtodo("todo-1", ["SUMMARY:Buy milk"]).write(toFile: todo, atomically: true, encoding: .utf8)
        try [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//python3-caldav//EN", "BEGIN:VEVENT", "UID:event-1",
            "DTSTAMP:20270101T000000Z", "DTSTART:20270105T100000Z", "DTEND:20270105T110000Z", "SUMMARY:Dentist",
            "END:VEVENT",
            "END:VCALENDAR", "",
        ].joined(separator: "\r\n").write(toFile: event, atomically: true, encoding: .utf8)
        try server.client(["put", "Personal", todo])
        try server.client(["put", "Personal", event])
        let r = try a.sync(["--json"])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(!r.stderr.contains("event-1") && !r.stderr.contains("Dentist"), "silently: \(r.stderr)")
        let report = try #require(
            (try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(report["skippedNotTodos"] as? Int == 1, "\(r.stdout)")
        #expect(report["down"] as? Int == 1, "\(r.stdout)")
        let shown = try a.show()
        #expect(shown.contains("Buy milk") && !shown.contains("Dentist"), "\(shown)")
        #expect(try a.run(["edit", "Buy milk", "--list", "Personal", "--notes", "two litres"]).status == 0)
        let again = try a.sync()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("1 up, 0 down"), "\(again.stdout)")
        #expect(try server.client(["list"]).stdout.contains("two litres"))
    }
}

extension SyncTests {
    @Test(
        "a server that holds each answer 2 s: the client blocks while it waits, under 50 ms of CPU per held request (/proc/PID/stat)"
    )
    func noBusyWaiting() throws {
        let server = try CalDAVServer(.radicale)
        let proxy = try DAVProxy(server, ["--hold", "2"])
        let a = try Device(server, url: proxy.url, extra: ["TASKTILE_SYNC_DEBUG": "requests"])
        let syncBinary = try #require(builtProduct("tasktile-sync"))
        let p = try startProcess(syncBinary, ["sync"], environment: a.env)
        let pid = p.process.processIdentifier
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        func cpuTicks() -> Double? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // utime and stime: fields 14 and 15 of stat(5), 12 and 13 after the command name.
            guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
            return user + system
        }
        // The first sample once the first request is being held (start-up is not waiting), the
        // last just before the process ends.
        usleep(1_000_000)
        let first = cpuTicks()
        var last = first
        while p.process.isRunning {
            if let t = cpuTicks() { last = t }
            usleep(100_000)
        }
        let r = p.wait()
        #expect(r.status == 0, "\(r.stderr)")
        let held = SyncTests.requests(r.stderr).count
        #expect(held >= 2, "\(r.stderr)")
        let start = try #require(first), end = try #require(last)
        let cpu = (end - start) / ticksPerSecond
        #expect(cpu < 0.05 * Double(held), "\(cpu) s of CPU over \(held) requests held 2 s each")
    }
}
