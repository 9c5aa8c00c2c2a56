import Foundation
import Testing
import TaskTileCore
import TestSupport

/// `tasktile status --follow` as a bar runs it: the real binary in one process, commits from
/// others (this test process's own store connection, or the CLI), the store deleted, replaced or
/// busy, the reader going away, and a real bar (i3blocks with `interval=persist`).
@Suite("status --follow: a line at once, a new line exactly when the text changes", .serialized)
struct StatusFollowTests {
    let tasktile: String
    let tmp = TemporaryDirectory("follow")

    init() throws {
        tasktile = try #require(builtProduct("tasktile"), "build first: make test builds the binaries")
    }

    var environment: [String: String] {
        ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "UTC", "LANG": "C", "TASKTILE_NOW": ""]
    }

    func store() throws -> Store { try Store.open(tmp.dataDirectory, clock: try Clock.fromEnvironment(["TZ": "UTC"])) }

    func follow(_ format: String, _ extra: [String] = [], environment more: [String: String] = [:]) throws -> StreamingProcess {
        var env = environment
        for (k, v) in more { env[k] = v }
        return try StreamingProcess(tasktile, ["status", "--format", format, "--follow"] + extra, environment: env)
    }

    func text(_ waybarLine: String) -> String? {
        (try? JSONValue.parse(waybarLine))?["text"]?.stringValue
    }

    @Test("one line at start; a commit elsewhere gives exactly one more; a change that prints the same gives none; SIGTERM exits 0")
    func commitsAndNoOps() throws {
        let s = try store()
        let list = try s.addList(title: "Shopping")
        _ = try s.addTodo(title: "Milk", list: list.id)
        let bar = try follow("waybar")
        let first = bar.waitForLines(1, timeout: 15)
        #expect(first.count == 1 && text(first[0]) == "1 left", "\(first) \(bar.stderr)")
        _ = try s.addTodo(title: "Eggs", list: list.id)
        let second = bar.waitForLines(2, timeout: 15)
        #expect(second.count == 2 && text(second[1]) == "2 left", "\(second)")
        // Notes are not shown by the waybar format: the text does not change, so nothing is printed.
        _ = try runProcess(tasktile, ["edit", "Eggs", "--notes", "from the corner shop"], environment: environment)
        _ = try s.addList(title: "Unrelated")
        usleep(400_000)
        #expect(bar.lines.count == 2, "\(bar.lines)")
        // The intent from a bar's click, as another process.
        #expect(try runProcess(tasktile, ["intent", "complete", "--list", "Shopping", "--todo", "Milk"], environment: environment).status == 0)
        let third = bar.waitForLines(3, timeout: 15)
        #expect(third.count == 3 && text(third[2]) == "1 left")
        #expect(bar.terminate() == 0)
        #expect(bar.stderr.isEmpty, "\(bar.stderr)")
    }

    @Test("a burst of 100 commits gives far fewer lines, the last one correct")
    func burst() throws {
        let s = try store()
        let list = try s.addList(title: "Burst")
        let bar = try follow("waybar")
        _ = try #require(bar.waitForLines(1, timeout: 15).first, "no first line: \(bar.stderr)")
        // The follower is stopped while the commits land, so the burst is one batch whatever the
        // machine's load: coalescing is tested, not the scheduler's timing.
        kill(bar.process.processIdentifier, SIGSTOP)
        for i in 0..<100 { _ = try s.addTodo(title: "t\(i)", list: list.id) }
        kill(bar.process.processIdentifier, SIGCONT)
        #expect(bar.waitForLine(timeout: 15) { text($0) == "100 left" } != nil, "\(bar.lines.suffix(3))")
        usleep(1_300_000) // past the last delayed re-read (1 s after the batch)
        let lines = bar.lines
        #expect(lines.count == 2, "\(lines.count) lines for 100 commits: \(lines)")
        #expect(text(lines.last ?? "") == "100 left")
        // Identical consecutive lines are never printed.
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $0 != $1 })
        _ = bar.terminate()
    }

    @Test("started just before a due, the Overdue line comes at that minute (TASKTILE_NOW advances)")
    func overdueAtTheMinute() throws {
        let s = try store()
        let list = try s.addList(title: "Work")
        let due = try #require(LocalDateTime(iso: "2027-01-05T09:00:00"))
        _ = try s.addTodo(title: "Call", list: list.id, due: .dateTime(due, zoneID: "UTC"))
        let bar = try follow("json", environment: ["TASKTILE_NOW": "2027-01-05T08:59:58Z"])
        let first = try #require(bar.waitForLines(1, timeout: 15).first)
        #expect(try JSONValue.parse(first)["overdueCount"] == .number(0), "\(first)")
        let overdue = bar.waitForLine(timeout: 6) { (try? JSONValue.parse($0))?["overdueCount"] == .number(1) }
        #expect(overdue != nil, "\(bar.lines)")
        // JSON Lines: every update is one whole object on one line.
        for line in bar.lines { #expect((try? JSONValue.parse(line))?["class"] != nil, "\(line)") }
        _ = bar.terminate()
    }

    @Test("the store deleted → the error line; re-created → recovers by itself")
    func storeDeletedAndRecreated() throws {
        let s = try store()
        _ = try s.addList(title: "L")
        try s.database.close()
        let bar = try follow("waybar")
        _ = try #require(bar.waitForLines(1, timeout: 15).first, "no first line: \(bar.stderr)")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: tmp.dataDirectory.storePath + suffix) }
        let error = bar.waitForLine(timeout: 15) { (try? JSONValue.parse($0))?["class"] == .string("error") }
        #expect(error != nil, "\(bar.lines)")
        #expect(try runProcess(tasktile, ["list", "add", "Back"], environment: environment).status == 0)
        #expect(try runProcess(tasktile, ["add", "Again", "--list", "Back"], environment: environment).status == 0)
        let recovered = bar.waitForLine(timeout: 8) { text($0) == "1 left" }
        #expect(recovered != nil, "\(bar.lines)")
        #expect(bar.process.isRunning)
        _ = bar.terminate()
    }

    @Test("a foreign file in the store's place → the error line; a good store renamed over it → recovers")
    func foreignFileThenRecovery() throws {
        let s = try store()
        let list = try s.addList(title: "L")
        _ = try s.addTodo(title: "x", list: list.id)
        // A complete copy of a live store (the WAL is kept between processes, so the main file
        // alone may lack the latest commits): VACUUM INTO, as docs/store.md recommends.
        let good = tmp.file("good.sqlite")
        try s.database.execute("VACUUM INTO '\(good)'")
        try s.database.close()
        let bar = try follow("polybar")
        #expect(bar.waitForLines(1, timeout: 15).first == "1 left")
        let junk = tmp.dataDirectory.path + "/junk"
        try Data(String(repeating: "not sqlite ", count: 500).utf8).write(to: URL(fileURLWithPath: junk))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: tmp.dataDirectory.storePath + suffix) }
        #expect(rename(junk, tmp.dataDirectory.storePath) == 0)
        let error = bar.waitForLine(timeout: 15) { $0.hasPrefix("Error: ") }
        #expect(error != nil, "\(bar.lines)")
        let staged = tmp.dataDirectory.path + "/staged"
        try FileManager.default.copyItem(atPath: good, toPath: staged)
        #expect(rename(staged, tmp.dataDirectory.storePath) == 0)
        #expect(bar.waitForLine(timeout: 8) { $0 == "1 left" && bar.lines.last == "1 left" } != nil, "\(bar.lines)")
        _ = bar.terminate()
    }

    @Test("the store busy past the timeout → the error line, then the status once the writer lets go")
    func busyThenRecovery() throws {
        let s = try store()
        let list = try s.addList(title: "L")
        _ = try s.addTodo(title: "x", list: list.id)
        try s.database.close() // exclusive locking mode needs every other connection gone
        // Readers never wait for a writer in WAL mode; what does block them is a connection in
        // exclusive locking mode (https://sqlite.org/pragma.html#pragma_locking_mode): opening
        // waits the 5 s busy timeout and gives up.
        let holder = try Database(path: tmp.dataDirectory.storePath, create: false)
        try holder.execute("PRAGMA locking_mode=EXCLUSIVE")
        try holder.execute("BEGIN EXCLUSIVE")
        try holder.execute("UPDATE todos SET title = 'y'")
        let bar = try follow("waybar")
        let error = bar.waitForLine(timeout: 9) { (try? JSONValue.parse($0))?["class"] == .string("error") }
        #expect(error != nil, "\(bar.lines) \(bar.stderr)")
        #expect(bar.process.isRunning)
        try holder.execute("COMMIT")
        try holder.close() // exclusive locking mode keeps the lock until the connection closes
        let recovered = bar.waitForLine(timeout: 8) { text($0) == "1 left" }
        #expect(recovered != nil, "\(bar.lines)")
        _ = bar.terminate()
    }

    @Test("the reader goes away → exit 0 at once, nothing on stderr (as a bar that quit)")
    func readerGoesAway() throws {
        let s = try store()
        _ = try s.addList(title: "L")
        let script = "\"$0\" status --format waybar --follow 2>\"$1\" | head -n 1 >/dev/null; echo ${PIPESTATUS[0]}"
        let err = tmp.file("stderr")
        let started = Date()
        let r = try runProcess("/bin/bash", ["-c", script, tasktile, err], environment: environment)
        #expect(r.stdout == "0\n", "\(r.stdout) \(r.stderr)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect((try? String(contentsOfFile: err, encoding: .utf8)) == "")
    }

    @Test("xbar streams whole menus, each after a ~~~ line (SwiftBar streamable)")
    func xbarSeparators() throws {
        let s = try store()
        let list = try s.addList(title: "L")
        let bar = try follow("xbar")
        _ = try #require(bar.waitForLine(timeout: 15) { $0.hasPrefix("Refresh") }, "no first menu: \(bar.stderr)")
        _ = try s.addTodo(title: "One", list: list.id)
        #expect(bar.waitForLine(timeout: 15) { $0.hasPrefix("○ One |") } != nil, "\(bar.lines)")
        #expect(bar.lines.first == "~~~")
        #expect(bar.lines.filter { $0 == "~~~" }.count == 2, "\(bar.lines)")
        _ = bar.terminate()
    }

    @Test("the language setting changing shows at once when no flag or variable decides the language")
    func languageSettingChanges() throws {
        let s = try store()
        let list = try s.addList(title: "Errands")
        _ = try s.addTodo(title: "Bread", list: list.id)
        let undecided = ["LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "TASKTILE_LANG": ""]
        let bar = try follow("polybar", environment: undecided)
        #expect(bar.waitForLines(1, timeout: 15).first == "1 left", "\(bar.lines) \(bar.stderr)")
        var env = environment
        for (k, v) in undecided { env[k] = v }
        #expect(try runProcess(tasktile, ["settings", "set", "language", "ja"], environment: env).status == 0)
        #expect(bar.waitForLine(timeout: 15) { $0 == "残り1件" } != nil, "\(bar.lines)")
        _ = bar.terminate()
    }

    @Test("usage: --follow with --urgent is refused with 64")
    func followWithUrgent() throws {
        let r = try runProcess(tasktile, ["status", "--format", "i3blocks", "--urgent", "--follow"], environment: environment)
        #expect(r.status == 64)
        #expect(r.stderr.contains("--follow"))
    }

    @Test("a real bar: i3blocks runs the shipped block (interval=persist, format=json) and shows each update of --follow")
    func i3blocksPersist() throws {
        let i3blocks = try #require(["/usr/bin/i3blocks"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                    "i3blocks is missing: make deps installs it")
        let s = try store()
        let list = try s.addList(title: "Errands")
        _ = try s.addTodo(title: "Fish & Chips", list: list.id)
        // The shipped block, with `tasktile` found on PATH as the built binary.
        let config = repositoryRoot + "/Examples/i3blocks/tasktile.conf"
        let bin = tmp.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/tasktile", withDestinationPath: tasktile)
        var env = environment
        env["PATH"] = bin + ":/usr/bin:/bin"
        let bar = try StreamingProcess("/usr/bin/stdbuf", ["-oL", i3blocks, "-c", config], environment: env)
        defer { _ = bar.terminate() }
        #expect(bar.waitForLine(timeout: 15) { $0.contains("\"full_text\":\"1 left\"") } != nil, "\(bar.lines) \(bar.stderr)")
        _ = try s.addTodo(title: "Bread", list: list.id)
        #expect(bar.waitForLine(timeout: 15) { $0.contains("\"full_text\":\"2 left\"") } != nil, "\(bar.lines)")
        #expect(try runProcess(tasktile, ["intent", "complete", "--list", "Errands", "--todo", "Bread"], environment: environment).status == 0)
        let later = bar.waitForLines(bar.lines.count + 1, timeout: 15)
        #expect(later.last?.contains("\"full_text\":\"1 left\"") == true, "\(later.suffix(2))")
        // Something overdue: the block turns urgent in i3bar's protocol (i3blocks passes the
        // string "true" on as the boolean i3bar reads).
        _ = try s.addTodo(title: "Renew the passport", list: list.id, due: .date(LocalDate(iso: "2020-01-01")!))
        #expect(bar.waitForLine(timeout: 15) { $0.contains("\"urgent\":true") && $0.contains("#FF5555") } != nil,
                "\(bar.lines.suffix(2))")
    }
}
