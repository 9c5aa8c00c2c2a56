import Foundation
import Testing
@testable import tasktile
import TaskTileCommandLine
import TaskTileCore
import TestSupport

/// `tasktile status` in-process (docs/status-bars.md): reads one snapshot, never writes, never creates a
/// store, keeps bars alive on errors, and counts what `show` would count.
@Suite struct StatusCommandTests {
    struct Run { var code: Int32; var out: String; var err: String }

    static func run(_ arguments: [String], _ directory: DataDirectory, env extra: [String: String] = [:]) -> Run {
        let out = StringSink(), err = StringSink()
        let code = CLI.main(arguments: arguments, environment: StatusFixtures.environment(directory).merging(extra) { $1 },
                            stdout: out, stderr: err, readLine: { nil }, stdinIsTerminal: false, stdoutIsTerminal: false,
                            executablePath: "/opt/tasktile/bin/tasktile", runSibling: { _, _, _ in ENOENT })
        return Run(code: code, out: out.text, err: err.text)
    }

    /// A store with the adversarial titles in `Errands` (the first overdue, the second due today
    /// 18:00) and `Home` with one pending and two completed todos.
    static func populated() throws -> (DataDirectory, Store, [Todo]) {
        let dir = StatusFixtures.dataDirectory()
        let store = try StatusFixtures.open(dir)
        try store.addList(title: "Errands")
        try store.addList(title: "Home")
        var todos: [Todo] = []
        for (i, title) in StatusFixtures.adversarialTitles.enumerated() {
            let due: Due? = switch i {
            case 0: .date(LocalDate(iso: "2027-01-04")!)
            case 1: .dateTime(LocalDateTime(iso: "2027-01-05T18:00:00")!, zoneID: "Asia/Tokyo")
            default: nil
            }
            todos.append(try store.addTodo(title: title, list: "Errands", due: due))
        }
        for title in ["Sweep", "Dishes", "Laundry"] { todos.append(try store.addTodo(title: title, list: "Home")) }
        try store.complete(todoID: todos[11].id, source: .cli)
        try store.complete(todoID: todos[12].id, source: .cli)
        return (dir, store, todos)
    }

    /// A date-only due is due at the end of its day, so a timed due later today comes first.
    @Test func nextDueOrdersByDeadline() throws {
        let dir = StatusFixtures.dataDirectory()
        let store = try StatusFixtures.open(dir)
        try store.addList(title: "L")
        let today = store.clock.today
        try store.addTodo(title: "date only today", list: "L", due: .date(today))
        try store.addTodo(title: "noon", list: "L", due: .dateTime(LocalDateTime(date: today, hour: 23, minute: 0)!,
                                                                  zoneID: store.clock.timeZone.identifier))
        let r = Self.run(["status", "--format", "polybar"], dir)
        #expect(r.out.contains("next: noon"), "\(r.out)")
    }

    @Test func missingStoreReadsEmptyAndIsNotCreated() throws {
        let dir = StatusFixtures.dataDirectory()
        // An existing directory without a store (a missing directory is an error,
        // MissingDataDirectoryTests).
        try FileManager.default.createDirectory(atPath: dir.path, withIntermediateDirectories: true)
        for format in StatusFormat.allCases {
            let r = Self.run(["status", "--format", format.rawValue], dir)
            #expect(r.code == 0, "\(format): \(r.err)")
        }
        #expect(Self.run(["status", "--format", "waybar"], dir).out
                == #"{"text":"All done","tooltip":"All done","class":"empty","percentage":100,"alt":"empty"}"# + "\n")
        #expect(!FileManager.default.fileExists(atPath: dir.storePath), "status created the store")
    }

    @Test func countsTitlesAndNeverWrites() throws {
        let (dir, store, todos) = try Self.populated()
        let observer = try Database(path: dir.storePath, create: false)
        let before = try Self.dump(observer)
        let version = try observer.dataVersion()
        let wal = Self.walSize(dir)

        let plain = Self.run(["status"], dir)
        #expect(plain.code == 0)
        let lines = plain.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "11 left · 1 overdue · next: <b>bold</b> (Today 18:00) · 15% done")
        let ids = try store.todoShortIDs()
        #expect(lines[1] == "○ \(ids[todos[0].id]!)  Fish & Chips (Overdue · Jan 4)")
        #expect(lines[11] == "○ \(ids[todos[10].id]!)  Sweep", "pending titles in list then todo order")
        for format in StatusFormat.allCases {
            let r = Self.run(["status", "--format", format.rawValue], dir)
            #expect(r.code == 0 && r.err.isEmpty, "\(format): \(r.err)")
            #expect(r.out.contains("11 left") || format == .json, "\(format)")
        }
        let waybar = try StatusGrammar.waybarObject(Self.run(["status", "--format", "waybar"], dir).out)
        #expect(waybar["class"] as? String == "overdue" && (waybar["percentage"] as? NSNumber)?.intValue == 15)

        #expect(try observer.dataVersion() == version, "another connection committed during status")
        #expect(try Self.dump(observer) == before)
        #expect(Self.walSize(dir) == wal, "status appended to the WAL")
    }

    @Test func listOptionScopesEverything() throws {
        let (dir, _, _) = try Self.populated()
        #expect(Self.run(["status", "--list", "Home"], dir).out == "1 left · 66% done\n○ \(try Self.shortID(dir, "Sweep"))  Sweep\n")
        let json = try JSONValue.parse(Self.run(["status", "--list", "Home", "--format", "json"], dir).out)
        #expect(json["list"] == .string("Home") && json["pendingCount"]?.intValue == 1 && json["completedCount"]?.intValue == 2)
        #expect(json["class"] == .string("pending") && json["nextDue"] == .null)
    }

    @Test func errorsKeepBarsAliveAndKeepCodesForScripts() throws {
        let (dir, _, _) = try Self.populated()
        for format in StatusFormat.allCases where format.isBar {
            let r = Self.run(["status", "--list", "Nowhere", "--format", format.rawValue], dir)
            #expect(r.code == 0 && r.err.isEmpty, "\(format)")
            #expect(r.out.contains("Nowhere"), "\(format) shows the message: \(r.out)")
        }
        let w = try StatusGrammar.waybarObject(Self.run(["status", "--list", "Nowhere", "--format", "waybar"], dir).out)
        #expect(w["class"] as? String == "error")
        #expect(Self.run(["status", "--list", "Nowhere"], dir).code == 1)
        #expect(Self.run(["status", "--list", "Nowhere", "--format", "json"], dir).code == 1)

        // A foreign file where the store should be: bars get the error class, scripts exit 74.
        let foreign = StatusFixtures.dataDirectory()
        try FileManager.default.createDirectory(atPath: foreign.path, withIntermediateDirectories: true)
        try Data("this is not an SQLite database, just some text that is long enough".utf8).write(to: URL(fileURLWithPath: foreign.storePath))
        let bad = Self.run(["status", "--format", "waybar"], foreign)
        #expect(bad.code == 0)
        #expect(try StatusGrammar.waybarObject(bad.out)["class"] as? String == "error")
        #expect(Self.run(["status"], foreign).code == 74)
        #expect(Self.run(["status", "--format", "xbar"], foreign).out.hasPrefix("Error | color=#FF5555"))
        // A bad TASKTILE_NOW is an error too, shown in the bar.
        let clock = Self.run(["status", "--format", "i3blocks"], dir, env: ["TASKTILE_NOW": "yesterday"])
        #expect(clock.code == 0 && clock.out.hasPrefix("Error: TASKTILE_NOW=yesterday"))
    }

    @Test func urgentOnlyForI3blocksAndOnlyWhenOverdue() throws {
        let (dir, store, todos) = try Self.populated()
        #expect(Self.run(["status", "--format", "i3blocks", "--urgent"], dir).code == 33)
        #expect(Self.run(["status", "--format", "i3blocks"], dir).code == 0)
        #expect(Self.run(["status", "--format", "waybar", "--urgent"], dir).code == 64)
        try store.complete(todoID: todos[0].id, source: .cli)
        let r = Self.run(["status", "--format", "i3blocks", "--urgent"], dir)
        #expect(r.code == 0 && r.out == "10 left · next: <b>bold</b> (Today 18:00)\n10 left\n")
    }

    @Test func japaneseAndGlobalJSON() throws {
        let (dir, _, _) = try Self.populated()
        #expect(Self.run(["--lang", "ja", "status", "--format", "polybar"], dir).out == "残り11件 · 期限切れ1件 · 次: <b>bold</b> (今日 18:00)\n")
        #expect(Self.run(["status", "--format", "polybar"], dir, env: ["LANG": "ja_JP.UTF-8"]).out.hasPrefix("残り11件"))
        let json = try JSONValue.parse(Self.run(["--json", "status"], dir).out)
        #expect(json["pendingCount"]?.intValue == 11 && json["overdueCount"]?.intValue == 1)
    }

    @Test func xbarActionsCompleteInTheSameStore() throws {
        let (dir, _, todos) = try Self.populated()
        let out = Self.run(["status", "--format", "xbar"], dir).out
        let line = try #require(out.split(separator: "\n").first { $0.contains(todos[3].id) })
        let p = try StatusGrammar.bitBarLine(line).parameters
        #expect(p["shell"] == "/opt/tasktile/bin/tasktile")
        // Run the action's words in-process (params in order) and see the todo completed.
        let words = (1...6).map { p["param\($0)"]! }
        #expect(words == ["intent", "complete", "--id", todos[3].id, "--data-dir", dir.path])
        let done = Self.run(words, DataDirectory(path: "/nonexistent-because-data-dir-wins"))
        #expect(done.code == 0, "\(done.err)")
        #expect(Self.run(["status"], dir).out.hasPrefix("10 left"))
    }

    /// The snapshot's SQL counts agree with counting `contents(of:)` todo by todo, over dues of
    /// every kind around "now" (date-only yesterday/today/tomorrow, timed in other zones).
    @Test func snapshotAgreesWithFullRead() throws {
        let dir = StatusFixtures.dataDirectory()
        let store = try StatusFixtures.open(dir)
        for l in 0..<3 { try store.addList(title: "L\(l)") }
        let dues: [Due?] = [
            nil, .date(LocalDate(iso: "2027-01-04")!), .date(LocalDate(iso: "2027-01-05")!), .date(LocalDate(iso: "2027-01-06")!),
            .dateTime(LocalDateTime(iso: "2027-01-05T08:59:00")!, zoneID: "Asia/Tokyo"),
            .dateTime(LocalDateTime(iso: "2027-01-05T09:00:00")!, zoneID: "Asia/Tokyo"),
            .dateTime(LocalDateTime(iso: "2027-01-04T19:30:00")!, zoneID: "America/New_York"), // 09:30 Tokyo
            .dateTime(LocalDateTime(iso: "2027-01-04T23:00:00")!, zoneID: "Europe/London"),    // 08:00 Tokyo
            .date(LocalDate(iso: "2026-12-31")!),
        ]
        var n = 0
        for l in 0..<3 {
            for (i, due) in dues.enumerated() {
                let t = try store.addTodo(title: "t\(n)", list: "L\(l)", due: due)
                if (i + l) % 4 == 0 { try store.complete(todoID: t.id, source: .cli) }
                n += 1
            }
        }
        for reference in [nil, "L1"] as [String?] {
            let s = try store.statusSnapshot(list: reference, titleLimit: 5)
            let contents = try store.contents(of: reference)
            let pending = contents.flatMap(\.pending)
            let labels = pending.compactMap { $0.due.map { DueLabel(due: $0, now: StatusFixtures.now, zone: StatusFixtures.zone) } }
            #expect(s.pendingCount == pending.count)
            #expect(s.completedCount == contents.flatMap(\.completed).count)
            #expect(s.overdueCount == labels.filter { $0.kind == .overdue }.count)
            #expect(s.pending.map(\.id) == Array(pending.prefix(5).map(\.id)))
            let upcoming = pending.filter { $0.due != nil && DueLabel(due: $0.due!, now: StatusFixtures.now, zone: StatusFixtures.zone).kind != .overdue }
            let expectedNext = upcoming.min { $0.due!.deadline(userZone: StatusFixtures.zone) < $1.due!.deadline(userZone: StatusFixtures.zone) }
            #expect(s.nextDue?.due == expectedNext?.due, "\(reference ?? "all")")
        }
        #expect(try store.statusSnapshot().overdueCount > 0)
    }

    // MARK: - Helpers

    static func dump(_ db: Database) throws -> [String] {
        var lines: [String] = []
        for table in try dumpedTables(db) {
            for row in try db.rows("SELECT * FROM \"\(table)\" ORDER BY rowid") { lines.append(table + ": \(row.values)") }
        }
        return lines
    }

    static func walSize(_ dir: DataDirectory) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: dir.storePath + "-wal"))?[.size] as? NSNumber)?.intValue ?? 0
    }

    static func shortID(_ dir: DataDirectory, _ title: String) throws -> String {
        let store = try StatusFixtures.open(dir)
        let todo = try store.resolveTodo(title, list: "Home")
        return try store.todoShortIDs()[todo.id]!
    }
}
