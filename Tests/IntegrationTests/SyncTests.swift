import Foundation
import Testing
import TaskTileCore
import TaskTileSync
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `tasktile sync` against a real Radicale and Xandikos with python3-caldav as the second client
/// (docs/sync.md). Each test has its own server, port and data directories.
@Suite("CalDAV sync against Radicale and Xandikos", .serialized)
struct SyncTests {
    /// One device: a data directory with the account `dav` on `server`.
    final class Device {
        let tmp = TemporaryDirectory("sync-device")
        let tasktile: String
        var env: [String: String]
        /// `url`: where the account points when not at the server itself (a `DAVProxy` in front of it).
        init(_ server: RadicaleServer, url: String? = nil, password: String? = nil, extra: [String: String] = [:]) throws {
            tasktile = try #require(builtProduct("tasktile"))
            #expect(builtProduct("tasktile-sync") != nil, "tasktile-sync is built beside tasktile")
            env = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "Asia/Tokyo", "LANG": "C"].merging(extra) { $1 }
            let pw = tmp.file("pw")
            try (password ?? server.password).write(toFile: pw, atomically: true, encoding: .utf8)
            let r = try run(["sync", "add", "dav", "--url", url ?? server.url, "--user", server.user, "--password-command", "cat '\(pw)'"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        @discardableResult
        func run(_ args: [String]) throws -> ProcessResult { try runProcess(tasktile, args, environment: env) }
        func sync(_ extra: [String] = []) throws -> ProcessResult { try run(["sync"] + extra) }
        func show() throws -> String { try run(["show", "--json"]).stdout }
        /// The store on this device's clock (its `TASKTILE_NOW`): a clock set back would recompute
        /// the cycles from history as of that earlier instant.
        func store() throws -> Store { try Store.open(tmp.dataDirectory, clock: try Clock.fromEnvironment(env)) }
    }

    /// The first differing line of two texts with a little context, for failure messages.
    static func difference(_ a: String, _ b: String) -> String {
        let la = a.split(separator: "\n", omittingEmptySubsequences: false), lb = b.split(separator: "\n", omittingEmptySubsequences: false)
        guard let i = zip(la, lb).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else { return "lengths \(la.count) vs \(lb.count)" }
        return "line \(i + 1):\n" + la[max(0, i - 6)...min(la.count - 1, i + 2)].joined(separator: "\n") + "\n---\n" + lb[max(0, i - 6)...min(lb.count - 1, i + 2)].joined(separator: "\n")
    }

    static func vtodo(_ uid: String, _ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//python3-caldav//EN", "BEGIN:VTODO", "UID:\(uid)",
          "DTSTAMP:20270101T000000Z"] + lines + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    @Test("first sync of 1,000 todos up, then down into an empty data directory: show --json equal; a second pass changes nothing")
    func firstSyncThousand() throws {
        let server = try RadicaleServer()
        let a = try Device(server)
        do {
            let store = try a.store()
            for name in ["Work", "Home", "買い物"] { _ = try store.addList(title: name) }
            for i in 0..<1000 {
                let list = ["Work", "Home", "買い物"][i % 3]
                let due: Due? = switch i % 4 {
                case 0: nil
                case 1: .date(LocalDate(year: 2027, month: 1, day: 1 + i % 28)!)
                case 2: .dateTime(LocalDateTime(date: LocalDate(year: 2027, month: 2, day: 1 + i % 28)!, hour: 9, minute: 30)!, zoneID: "Asia/Tokyo")
                default: .dateTime(LocalDateTime(date: LocalDate(year: 2027, month: 3, day: 1 + i % 28)!, hour: 18, minute: 0)!, zoneID: "UTC")
                }
                let rule: RepeatRule? = i % 10 == 1 ? RepeatRule(frequency: .weekly, interval: 1, weekdays: [.monday, .thursday]) : (i % 10 == 2 ? RepeatRule(frequency: .monthly, interval: 1) : nil)
                let t = try store.addTodo(title: "todo \(i) ; , \\ ✓", list: list, due: due, repeatRule: rule, notes: i % 7 == 0 ? "line one\nline two, with; marks" : nil)
                if i % 5 == 0 { try store.complete(todoID: t.id, source: .cli) }
            }
        }
        let up = try a.sync()
        #expect(up.status == 0, "\(up.stderr)")
        #expect(up.stdout.contains("1000 up"), "\(up.stdout)")
        #expect(up.stderr.contains("items"), "a progress line on a long first sync: \(up.stderr)")
        SyncTests.expectProgressWithinTotal(up.stderr)
        #expect(try server.todos().count == 1000)

        let b = try Device(server)
        let down = try b.sync()
        #expect(down.status == 0, "\(down.stderr)")
        #expect(down.stdout.contains("1000 down"), "\(down.stdout)")
        #expect(down.stderr.contains("items"), "a progress line on a long first download: \(down.stderr)")
        SyncTests.expectProgressWithinTotal(down.stderr)
        let (sa, sb) = (try a.show(), try b.show())
        #expect(sa == sb, "\(SyncTests.difference(sa, sb))")

        let again = try a.sync()
        #expect(again.stdout.contains("0 up, 0 down, 0 deleted here, 0 deleted there, 0 conflicts"), "\(again.stdout)")
        let againB = try b.sync()
        #expect(againB.stdout.contains("0 up, 0 down"), "\(againB.stdout)")
    }

    @Test("edits on both sides: title here and due there both survive; the same title: the later LAST-MODIFIED wins and the loser is printed", arguments: CalDAVServer.Kind.allCases)
    func bothSidesEdit(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let a = try Device(server)
        #expect(try a.run(["list", "add", "Work"]).status == 0)
        #expect(try a.run(["add", "--list", "Work", "Report", "--due", "2027-01-05"]).status == 0)
        #expect(try a.run(["add", "--list", "Work", "Slides"]).status == 0)
        #expect(try a.sync().status == 0)
        let items = try server.todos()
        let report = try #require(items.first { $0.data.contains("SUMMARY:Report") })
        let slides = try #require(items.first { $0.data.contains("SUMMARY:Slides") })

        // Title here, due there.
        #expect(try a.run(["edit", "Report", "--list", "Work", "--title", "Quarterly report"]).status == 0)
        try server.client(["set", report.uid, "DUE", ";VALUE=DATE:20270110"])
        // The same field on both sides: the server's edit is later (LAST-MODIFIED in the future).
        #expect(try a.run(["edit", "Slides", "--list", "Work", "--title", "Slides (here)"]).status == 0)
        try server.client(["set", slides.uid, "SUMMARY", "Slides (there)"])
        try server.client(["set", slides.uid, "LAST-MODIFIED", "20990101T000000Z"])

        let r = try a.sync()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("1 conflicts"), "\(r.stdout)")
        #expect(r.stderr.contains("Slides (here)"), "the losing value is printed: \(r.stderr)")
        let shown = try a.show()
        #expect(shown.contains("\"Quarterly report\"") && shown.contains("\"due\": \"2027-01-10\""), "\(shown)")
        #expect(shown.contains("\"Slides (there)\"") && !shown.contains("Slides (here)"))
        let after = try server.todos()
        #expect(after.contains { $0.data.contains("SUMMARY:Quarterly report") && $0.data.contains("DUE;VALUE=DATE:20270110") })

        // The other way round: our edit is the later one.
        #expect(try a.run(["edit", "Slides (there)", "--list", "Work", "--title", "Slides v3"]).status == 0)
        try server.client(["set", slides.uid, "SUMMARY", "Slides v2"])
        try server.client(["set", slides.uid, "LAST-MODIFIED", "20000101T000000Z"])
        let r2 = try a.sync()
        #expect(r2.stderr.contains("Slides v2"), "\(r2.stderr)")
        #expect(try server.todos().contains { $0.data.contains("SUMMARY:Slides v3") })
        #expect(try a.show().contains("\"Slides v3\""))
    }

    @Test("edit vs delete: the edit wins on either side; an unedited delete deletes", arguments: CalDAVServer.Kind.allCases)
    func editVersusDelete(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let a = try Device(server)
        #expect(try a.run(["list", "add", "Work"]).status == 0)
        for t in ["Kept here", "Kept there", "Gone"] { #expect(try a.run(["add", "--list", "Work", t]).status == 0) }
        #expect(try a.sync().status == 0)
        let items = try server.todos()
        let keptHere = try #require(items.first { $0.data.contains("SUMMARY:Kept here") })
        let keptThere = try #require(items.first { $0.data.contains("SUMMARY:Kept there") })
        let gone = try #require(items.first { $0.data.contains("SUMMARY:Gone") })

        // Edited here, deleted there → comes back on the server.
        #expect(try a.run(["edit", "Kept here", "--list", "Work", "--notes", "edited here"]).status == 0)
        try server.client(["delete", keptHere.uid])
        // Deleted here, edited there → comes back here.
        #expect(try a.run(["rm", "Kept there", "--list", "Work"]).status == 0)
        try server.client(["set", keptThere.uid, "DESCRIPTION", "edited there"])
        // Deleted there, untouched here → deleted here.
        try server.client(["delete", gone.uid])

        let r = try a.sync()
        #expect(r.status == 0, "\(r.stderr)")
        let shown = try a.show()
        #expect(shown.contains("\"Kept here\"") && shown.contains("edited here"))
        #expect(shown.contains("\"Kept there\"") && shown.contains("edited there"))
        #expect(!shown.contains("\"Gone\""))
        let after = try server.todos()
        #expect(after.contains { $0.data.contains("SUMMARY:Kept here") && $0.data.contains("edited here") })
        #expect(after.count == 2)
        #expect(r.stderr.contains("the edit is kept"), "\(r.stderr)")
    }

    @Test("a repeating todo completed here while its notes change there: completed through the store (history) and the notes kept", arguments: CalDAVServer.Kind.allCases)
    func repeatCompletedHereNotesThere(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let a = try Device(server, extra: ["TASKTILE_NOW": "2027-01-05T08:00:00+09:00"])
        #expect(try a.run(["list", "add", "Habits"]).status == 0)
        #expect(try a.run(["add", "--list", "Habits", "Stretch", "--due", "2027-01-05 09:00", "--repeat", "daily"]).status == 0)
        #expect(try a.sync().status == 0)
        let uid = try #require(try server.todos().first?.uid)
        #expect(try a.run(["done", "Stretch", "--list", "Habits"]).status == 0)
        try server.client(["set", uid, "DESCRIPTION", "ten minutes"])
        let r = try a.sync()
        #expect(r.status == 0, "\(r.stderr)")
        let shown = try a.show()
        #expect(shown.contains("\"isCompleted\": true") && shown.contains("ten minutes"), "\(shown)")
        let text = try #require(try server.todos().first?.data)
        // Never STATUS:COMPLETED beside an RRULE (every other client reads the series as done):
        // the series goes up moved on to its next cycle, as Tasks.org and Reminders write it.
        #expect(!text.contains("STATUS:COMPLETED") && text.contains("RRULE:FREQ=DAILY") && text.contains("ten minutes"), "\(text)")
        #expect(text.contains("STATUS:NEEDS-ACTION") && text.contains("X-TASKTILE-OCCURRENCE-COUNT:1"), "\(text)")
        #expect(text.contains("DTSTART;TZID=Asia/Tokyo:20270106T090000") && text.contains("DUE;TZID=Asia/Tokyo:20270106T090000"),
                "the next cycle: \(text)")
        let export = try a.run(["export", "--format", "ics"]).stdout
        #expect(!export.contains("STATUS:COMPLETED") && export.contains("DUE;TZID=Asia/Tokyo:20270106T090000"), "\(export)")
        let quiet = try a.sync()
        #expect(quiet.stdout.contains("0 up, 0 down"), "our own advanced series is no change: \(quiet.stdout)")

        // Tasks.org/Apple style: another client completes the next cycle by advancing DUE/DTSTART
        // with the RRULE kept; here that is one more completion in history and the series moves on.
        let b = try Device(server, extra: ["TASKTILE_NOW": "2027-01-06T08:00:00+09:00"])
        #expect(try b.sync().status == 0)
        try server.client(["set", uid, "DTSTART", ";TZID=Asia/Tokyo:20270107T090000"])
        try server.client(["set", uid, "DUE", ";TZID=Asia/Tokyo:20270107T090000"])
        try server.client(["set", uid, "STATUS", "NEEDS-ACTION"])
        try server.client(["set", uid, "COMPLETED", "20270106T000000Z"])
        #expect(try b.sync().status == 0)
        let s = try b.store()
        let history = try s.database.scalarInt("SELECT count(*) FROM completions WHERE source = 'sync'") ?? 0
        #expect(history >= 1, "the advanced cycle is recorded as a completion")
        // Completed before its 09:00 due, the 6 January cycle shows completed until the due passes
        // (docs/cycles.md "Cycle semantics"); the series then moves on to 7 January.
        let shownB = try b.show()
        #expect(shownB.contains("\"due\": \"2027-01-06T09:00:00+09:00\"") && shownB.contains("\"isCompleted\": true"), "\(shownB)")
    }

    @Test("a VTODO written by python3-caldav keeps the properties tasktile does not model, line for line, through our edit", arguments: CalDAVServer.Kind.allCases)
    func unmodelledPropertiesSurvive(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let a = try Device(server)
        #expect(try a.run(["list", "add", "Work"]).status == 0)
        #expect(try a.sync().status == 0)
        let foreign = [
            "SUMMARY:Foreign", "CATEGORIES:alpha,beta", "PRIORITY:1", "X-FOO;X-PARAM=1:bar baz",
            "ATTACH;FMTTYPE=text/plain:https://example.org/notes.txt", "CLASS:PRIVATE",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM",
        ]
        let file = a.tmp.file("foreign.ics")
        try SyncTests.vtodo("thunderbird-1234@example.org", foreign).write(toFile: file, atomically: true, encoding: .utf8)
        try server.client(["put", "Work", file])
        func kept(_ text: String) -> [String] {
            // What tasktile models or stamps is left out (CREATED is added when missing, so the next
            // reader does not take the new DTSTAMP for the creation time); everything else must be unchanged.
            let ours = ["SUMMARY", "DTSTAMP", "LAST-MODIFIED", "STATUS", "PERCENT-COMPLETE", "X-APPLE-SORT-ORDER", "CREATED", "SEQUENCE"]
            return text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(String.init).filter { line in
                !ours.contains { line.hasPrefix($0) }
            }
        }
        let before = try #require(try server.todos().first { $0.uid == "thunderbird-1234@example.org" })
        #expect(try a.sync().status == 0)
        #expect(try a.run(["edit", "Foreign", "--list", "Work", "--title", "Foreign, edited"]).status == 0)
        let r = try a.sync()
        #expect(r.status == 0, "\(r.stderr)")
        let after = try #require(try server.todos().first { $0.uid == "thunderbird-1234@example.org" }, "the foreign UID is kept")
        #expect(after.data.contains("SUMMARY:Foreign\\, edited"))
        #expect(kept(after.data) == kept(before.data), "\(after.data)")
        #expect(try server.todos().count == 1, "no duplicate")
    }

    @Test("server stopped: exit 69 and nothing changed; wrong password: 77; a broken RRULE: reported, exit 65, the others synced")
    func failures() throws {
        let server = try RadicaleServer()
        let a = try Device(server)
        #expect(try a.run(["list", "add", "Work"]).status == 0)
        #expect(try a.run(["add", "--list", "Work", "One"]).status == 0)
        #expect(try a.sync().status == 0)
        #expect(try a.run(["add", "--list", "Work", "Two"]).status == 0)
        let before = try a.show()
        let status = try a.run(["sync", "status", "--json"]).stdout

        server.stop()
        let down = try a.sync()
        #expect(down.status == 69, "\(down.stderr)")
        #expect(down.stderr.contains("cannot reach"), "\(down.stderr)")
        #expect(try a.show() == before)
        #expect(try a.run(["sync", "status", "--json"]).stdout == status, "the journal and cursor are untouched")
        try server.start()

        let wrong = try Device(server, password: "wrong")
        let refused = try wrong.sync()
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(refused.stderr.contains("refused user"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("wrong"), "the password is never printed")

        let file = a.tmp.file("broken.ics")
        try SyncTests.vtodo("broken-rrule", ["SUMMARY:Broken", "DTSTART;VALUE=DATE:20270105", "RRULE:FREQ=DAILY;INTERVAL=0"])
            .write(toFile: file, atomically: true, encoding: .utf8)
        try server.client(["put", "Work", file])
        let good = a.tmp.file("good.ics")
        try SyncTests.vtodo("good-one", ["SUMMARY:Good"]).write(toFile: good, atomically: true, encoding: .utf8)
        try server.client(["put", "Work", good])
        let r = try a.sync()
        #expect(r.status == 65, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("broken-rrule") || r.stderr.contains("RRULE"), "\(r.stderr)")
        let shown = try a.show()
        #expect(shown.contains("\"Good\"") && shown.contains("\"Two\"") && !shown.contains("\"Broken\""))
        #expect(try server.todos().contains { $0.data.contains("SUMMARY:Two") })
    }

    @Test("a 412 race: an edit lands between our read and our write; the sync re-reads, merges and keeps both edits", arguments: CalDAVServer.Kind.allCases)
    func preconditionRace(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let a = try Device(server)
        #expect(try a.run(["list", "add", "Work"]).status == 0)
        #expect(try a.run(["add", "--list", "Work", "Race"]).status == 0)
        #expect(try a.sync().status == 0)
        let uid = try #require(try server.todos().first?.uid)
        #expect(try a.run(["edit", "Race", "--list", "Work", "--title", "Race won"]).status == 0)
        // The pass runs in this process with the engine's test seam: just before our first
        // overwrite, python3-caldav changes the notes.
        let store = try a.store()
        let account = try store.syncAccount(named: "dav")
        let environment = ProcessInfo.processInfo.environment.merging(a.env) { $1 }
        var raced = false
        let report = try SyncRunner.run(store: store, account: account, dryRun: false, environment: environment, beforeFirstOverwrite: {
            raced = (try? server.client(["set", uid, "DESCRIPTION", "raced in"])) != nil
        })
        #expect(raced, "the seam ran")
        #expect(report.unreadable.isEmpty && report.notCreated.isEmpty)
        let text = try #require(try server.todos().first?.data)
        #expect(text.contains("SUMMARY:Race won") && text.contains("raced in"), "\(text)")
        #expect(try a.show().contains("raced in"))
    }

    @Test("kill -9 at random points of a sync, 20 rounds: the next sync converges with no duplicate and no loss")
    func killRounds() throws {
        let server = try RadicaleServer()
        let a = try Device(server)
        let b = try Device(server)
        #expect(try a.run(["list", "add", "Work"]).status == 0)
        do {
            let store = try a.store()
            for i in 0..<150 { _ = try store.addTodo(title: "item \(i)", list: "Work") }
        }
        let syncBinary = try #require(builtProduct("tasktile-sync"))
        var rng = SystemRandomNumberGenerator()
        for round in 0..<20 {
            // Changes on both sides each round.
            let store = try a.store()
            _ = try store.addTodo(title: "round \(round)", list: "Work")
            _ = try store.editTodo("item \(round)", list: "Work", changes: TodoChanges(notes: .some("round \(round)")))
            let device = round % 2 == 0 ? a : b
            let p = try startProcess(syncBinary, ["sync"], environment: device.env)
            usleep(UInt32.random(in: 0...400_000, using: &rng))
            kill(p.process.processIdentifier, SIGKILL)
            _ = p.wait()
        }
        for d in [a, b, a, b] { let r = try d.sync(); #expect(r.status == 0, "\(r.stderr)") }
        let items = try server.todos()
        #expect(Set(items.map(\.uid)).count == items.count, "no duplicate UID")
        #expect(items.count == 170)
        let titles = Set(items.compactMap { $0.data.split(separator: "\n").first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)).trimmingCharacters(in: .whitespacesAndNewlines) } })
        #expect(titles == Set((0..<150).map { "item \($0)" } + (0..<20).map { "round \($0)" }))
        let (sa, sb) = (try a.show(), try b.show())
        #expect(sa == sb, "\(SyncTests.difference(sa, sb))")
        #expect(try a.store().database.scalarText("PRAGMA integrity_check") == "ok")
    }

    @Test("RRULE forms, date-only, TZID and floating dues round-trip through the server; a list renamed on either side follows", arguments: CalDAVServer.Kind.allCases)
    func scheduleForms(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let a = try Device(server)
        #expect(try a.run(["list", "add", "Forms"]).status == 0)
        for (title, due, rule) in [("Month end", "2027-01-31", "monthly"), ("Thirtieth", "2027-01-30 18:00", "monthly"),
                                   ("Leap day", "2028-02-29", "yearly"), ("Dated", "2027-03-01", ""), ("Zoned", "2027-03-01 09:15", "")] {
            let args = ["add", "--list", "Forms", title, "--due", due] + (rule.isEmpty ? [] : ["--repeat", rule])
            #expect(try a.run(args).status == 0)
        }
        #expect(try a.sync().status == 0)
        let texts = try server.todos().map(\.data).joined(separator: "\n")
        #expect(texts.contains("BYMONTHDAY=-1"), "month end as BYMONTHDAY=-1: \(texts)")
        #expect(texts.contains("BYMONTHDAY=28,29,30") && texts.contains("BYSETPOS=-1"))
        #expect(texts.contains("BYMONTH=2"))
        #expect(texts.contains("DUE;VALUE=DATE:20270301"))
        #expect(texts.contains("TZID=Asia/Tokyo:20270301T091500"))
        // A floating due written by the other client stays floating through our edit.
        let file = a.tmp.file("floating.ics")
        try SyncTests.vtodo("floating-1", ["SUMMARY:Floating", "DUE:20270110T090000"]).write(toFile: file, atomically: true, encoding: .utf8)
        try server.client(["put", "Forms", file])
        #expect(try a.sync().status == 0)
        #expect(try a.run(["edit", "Floating", "--list", "Forms", "--title", "Floating, edited"]).status == 0)
        #expect(try a.sync().status == 0)
        let floating = try #require(try server.todos().first { $0.uid == "floating-1" }?.data)
        #expect(floating.contains("DUE:20270110T090000\n") || floating.contains("DUE:20270110T090000\r\n"), "\(floating)")
        #expect(floating.contains("SUMMARY:Floating\\, edited"))

        let b = try Device(server)
        #expect(try b.sync().status == 0)
        // Xandikos keeps no dead property, so a list's creation time (`created`) does not travel.
        func comparable(_ shown: String) -> String {
            kind == .radicale ? shown : shown.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("      \"createdAt\"") }.joined(separator: "\n")
        }
        let (sa, sb) = (comparable(try a.show()), comparable(try b.show()))
        #expect(sa == sb, "\(SyncTests.difference(sa, sb))")

        // Renamed here → displayname there → renamed on the other device.
        #expect(try a.run(["list", "rename", "Forms", "Shapes"]).status == 0)
        #expect(try a.sync().status == 0)
        #expect(try b.sync().status == 0)
        #expect(try b.run(["list", "ls"]).stdout.contains("Shapes"))

        // Deleted here (and unchanged there since): deleted on the server, then on the other device.
        #expect(try a.run(["list", "rm", "Shapes", "--yes"]).status == 0)
        let gone = try a.sync()
        #expect(gone.status == 0, "\(gone.stderr)")
        #expect(try server.todos().isEmpty, "the collection and its items are deleted on the server")
        #expect(try b.sync().status == 0)
        #expect(!(try b.run(["list", "ls"]).stdout.contains("Shapes")))
        #expect(try a.sync().status == 0)
        #expect(!(try a.run(["list", "ls"]).stdout.contains("Shapes")), "it does not come back")
    }

    @Test("--dry-run prints what would change and writes nothing, here or there", arguments: CalDAVServer.Kind.allCases)
    func dryRun(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let a = try Device(server)
        #expect(try a.run(["list", "add", "Work"]).status == 0)
        #expect(try a.sync().status == 0)
        #expect(try a.run(["add", "--list", "Work", "Pending"]).status == 0)
        #expect(try a.run(["list", "add", "Errands"]).status == 0)
        try server.client(["mkcal", "Garden"])
        let r = try a.sync(["--dry-run"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("would send 2"), "the todo and the calendar: \(r.stdout)")
        // It names what it would create and send.
        #expect(r.stderr.contains("would send \"Pending\""), "\(r.stderr)")
        #expect(r.stderr.contains("would create the calendar \"Errands\" on the server"), "\(r.stderr)")
        #expect(r.stderr.contains("would create the list \"Garden\" here"), "\(r.stderr)")
        #expect(try server.todos().isEmpty)
        #expect(!(try a.run(["list", "ls"]).stdout.contains("Garden")))
        #expect(try a.sync().stdout.contains("1 up"))
    }

    /// Every progress line (`dav: 300/1000 items`) has its count within its total.
    static func expectProgressWithinTotal(_ stderr: String) {
        for line in stderr.split(separator: "\n") where line.hasSuffix(" items") {
            let numbers = line.split(separator: " ").dropLast().last?.split(separator: "/").compactMap { Int($0) } ?? []
            if numbers.count == 2 { #expect(numbers[0] <= numbers[1], "progress past its total: \(line)") }
        }
    }

    @Test("each write of ours bumps SEQUENCE; a replaced SUMMARY keeps its LANGUAGE parameter; sync status of an account never synced says so",
          arguments: CalDAVServer.Kind.allCases)
    func sequenceAndParameters(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let a = try Device(server)
        let status = try a.run(["sync", "status"])
        #expect(status.stdout.contains("never synced"), "\(status.stdout)")
        #expect(try a.run(["list", "add", "Work"]).status == 0)
        #expect(try a.sync().status == 0)
        let file = a.tmp.file("de.ics")
        try SyncTests.vtodo("de-1", ["SUMMARY;LANGUAGE=de:Einkaufen", "SEQUENCE:3"]).write(toFile: file, atomically: true, encoding: .utf8)
        try server.client(["put", "Work", file])
        // python3-caldav bumps SEQUENCE itself when it saves: start from what the server holds.
        func sequence(_ text: String) -> Int? {
            text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("SEQUENCE:") }.flatMap { Int($0.dropFirst(9)) }
        }
        let put = try #require(try server.todos().first { $0.uid == "de-1" }?.data)
        let start = try #require(sequence(put), "\(put)")
        #expect(try a.sync().status == 0)
        #expect(try a.run(["edit", "Einkaufen", "--list", "Work", "--title", "Einkaufen gehen"]).status == 0)
        #expect(try a.sync().status == 0)
        let once = try #require(try server.todos().first { $0.uid == "de-1" }?.data)
        #expect(once.contains("SUMMARY;LANGUAGE=de:Einkaufen gehen"), "\(once)")
        #expect(sequence(once) == start + 1, "\(once)")
        #expect(try a.run(["edit", "Einkaufen gehen", "--list", "Work", "--notes", "Milch"]).status == 0)
        #expect(try a.sync().status == 0)
        let twice = try #require(try server.todos().first { $0.uid == "de-1" }?.data)
        #expect(sequence(twice) == start + 2, "\(twice)")
        #expect(!(try a.run(["sync", "status"]).stdout.contains("never synced")))
    }
}
