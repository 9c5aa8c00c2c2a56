import Foundation
import Testing
import TaskTileCore
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Polls `condition` every 20 ms for up to `timeout` seconds.
func eventually(_ timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// A data directory with lists, todos and widget specs, plus the built binaries.
struct LiveFixture {
    let tmp = TemporaryDirectory("live")
    let tasktile: String
    let render: String
    var env: [String: String]
    var dir: DataDirectory { tmp.dataDirectory }

    init() throws {
        tasktile = try #require(builtProduct("tasktile"))
        render = try #require(builtProduct("tasktile-render"))
        env = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "UTC", "LANG": "C"]
    }

    @discardableResult
    func cli(_ args: String...) throws -> ProcessResult { try runProcess(tasktile, args, environment: env) }

    func spec(_ name: String, family: String = "medium", list: String = "Home", extra: String = "") throws {
        try FileManager.default.createDirectory(atPath: dir.widgetsPath, withIntermediateDirectories: true)
        try AtomicFile.write(#"{ "version": 1, "name": "\#(name)", "family": "\#(family)", "list": "\#(list)"\#(extra) }"#,
                             to: dir.widgetsPath + "/\(name).json")
    }

    func png(_ name: String) -> [UInt8]? { fileBytes(dir.widgetsPath + "/out/\(name).png") }
    func hits(_ name: String) -> JSONValue? {
        fileBytes(dir.widgetsPath + "/out/\(name).hits.json").flatMap { try? JSONValue.parse($0) }
    }

    /// Regions of a hit map as (action, todoId, centre x, centre y).
    func regions(_ name: String) -> [(action: String, todoID: String?, x: Int, y: Int)] {
        guard case .array(let items)? = hits(name)?["regions"] else { return [] }
        return items.map { r in
            (r["action"]!.stringValue!, r["todoId"]?.stringValue,
             r["x"]!.intValue! + r["width"]!.intValue! / 2, r["y"]!.intValue! + r["height"]!.intValue! / 2)
        }
    }

    func todoIDs(list: String) throws -> (pending: [String], completed: [String]) {
        let json = try JSONValue.parse(try cli("--json", "show", list).stdout)
        guard case .array(let lists)? = json["lists"], case .array(let p)? = lists[0]["pending"],
              case .array(let c)? = lists[0]["completed"] else { return ([], []) }
        return (p.compactMap { $0["id"]?.stringValue }, c.compactMap { $0["id"]?.stringValue })
    }
}

/// Whether `bytes` is a whole PNG: signature, every chunk's length in range, ending with IEND.
func isWholePNG(_ bytes: [UInt8]) -> Bool {
    guard bytes.count > 8, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return false }
    var i = 8
    while i + 8 <= bytes.count {
        let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        let type = String(decoding: bytes[i + 4..<i + 8], as: UTF8.self)
        i += 12 + length
        if type == "IEND" { return i == bytes.count }
    }
    return false
}

@Suite("tasktile-render watch, click and flash", .serialized)
struct WatchTests {
    @Test("--on-render runs its command split like shell words, never through a shell, with TASKTILE_RENDERED and TASKTILE_DATA_DIR")
    func onRenderHook() throws {
        let f = try LiveFixture()
        try f.cli("list", "add", "Home")
        try f.cli("add", "Dishes", "--list", "Home")
        try f.spec("desk")
        // A hook in a directory with a space in its name, quoted the way a shell would quote it.
        let hookDir = f.tmp.file("my hooks")
        try FileManager.default.createDirectory(atPath: hookDir, withIntermediateDirectories: true)
        let out = f.tmp.file("hook.out")
        try AtomicFile.write("#!/bin/sh\nprintf '%s|%s|%s\\n' \"$1\" \"$TASKTILE_DATA_DIR\" \"$TASKTILE_RENDERED\" >> \"$2\"\n",
                             to: hookDir + "/hook", mode: 0o755)
        let watch = try startProcess(f.render, ["watch", "--on-render", "'\(hookDir)/hook' 'a; b' '\(out)'"], environment: f.env)
        defer { if watch.process.isRunning { kill(watch.process.processIdentifier, SIGKILL) } }
        let line = "a; b|\(f.dir.path)|\(f.dir.widgetsPath)/out/desk.png"
        #expect(eventually { ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").contains(line) },
                "\((try? String(contentsOfFile: out, encoding: .utf8)) ?? "no hook output")")
        watch.process.terminate()
        #expect(watch.wait().status == 0)
        // A command a shell would be needed for is refused before the watcher starts.
        let bad = try runProcess(f.render, ["watch", "--on-render", "notify-send x | cat"], environment: f.env)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --on-render:"), "\(bad.stderr)")
    }

    @Test("watch re-renders on a commit in another process, on theme edits and new specs; keeps the old PNG on a bad theme; SIGTERM exits 0")
    func watchLifecycle() throws {
        let f = try LiveFixture()
        try f.cli("list", "add", "Home")
        for t in ["Dishes", "Laundry", "Plants"] { try f.cli("add", t, "--list", "Home") }
        try f.spec("desk")
        let watch = try startProcess(f.render, ["watch"], environment: f.env)
        defer { if watch.process.isRunning { kill(watch.process.processIdentifier, SIGKILL) } }
        // The PNG is renamed into place before its hit map: wait for both.
        #expect(eventually { f.png("desk").map(isWholePNG) == true && f.regions("desk").filter { $0.action == "complete" }.count == 3 })
        let first = f.png("desk")!

        // A second watcher on the same data directory refuses to start.
        let second = try runProcess(f.render, ["watch"], environment: f.env)
        #expect(second.status == 75)
        #expect(second.stderr.contains("another tasktile-render watch is running"))

        // A reader that never sees half a file while the CLI commits.
        var partial = 0
        #expect(try f.cli("done", "Dishes", "--list", "Home").status == 0)
        #expect(eventually {
            if let b = f.png("desk"), !isWholePNG(b) { partial += 1 }
            return f.regions("desk").filter { $0.action == "complete" }.count == 2
        })
        #expect(partial == 0)
        #expect(f.png("desk") != first)

        // Theme edit: a new accent re-renders.
        let beforeTheme = f.png("desk")
        #expect(try f.cli("theme", "ls").status == 0)
        var themes = try String(contentsOfFile: f.dir.path + "/themes.json", encoding: .utf8)
        themes = themes.replacingOccurrences(of: "#007AFF", with: "#FF2D55")
        try AtomicFile.write(themes, to: f.dir.path + "/themes.json")
        #expect(eventually { f.png("desk") != beforeTheme })

        // A spec added while running is rendered.
        try f.spec("wall", family: "small")
        #expect(eventually { f.png("wall").map(isWholePNG) == true })

        // A bad theme: logged with file and key, the last good PNG stays, the watcher lives on.
        let good = f.png("desk")
        try AtomicFile.write(themes.replacingOccurrences(of: "\"#FF2D55\"", with: "\"pink\""), to: f.dir.path + "/themes.json")
        try f.cli("add", "Ironing", "--list", "Home")
        usleep(600_000)
        #expect(watch.process.isRunning)
        #expect(f.png("desk") == good)
        // Fixing the theme brings the new todo in.
        try AtomicFile.write(themes, to: f.dir.path + "/themes.json")
        #expect(eventually { f.regions("desk").contains { $0.action == "complete" } && f.png("desk") != good })

        kill(watch.process.processIdentifier, SIGTERM)
        let result = watch.wait()
        #expect(result.status == 0)
        #expect(result.stderr.contains("themes.json"))
        #expect(result.stderr.contains("key \"accent\""))
        #expect(result.stderr.contains("spec=desk"))
    }

    @Test("the grid family under watch: a check-in from the CLI redraws it, and so does local midnight (a new day's cells check in)")
    func gridUnderWatch() throws {
        var f = try LiveFixture()
        // Day 2 of a 50-day challenge, 3 s before midnight UTC; the watcher's clock advances from there.
        f.env["TASKTILE_NOW"] = "2027-01-05T23:59:57Z"
        #expect(try f.cli("challenge", "start", "Fifty", "--days", "50", "--habit", "Stretch", "--habit", "Read",
                          "--start", "2027-01-04").status == 0)
        try f.spec("habits", family: "grid", list: "Fifty")
        func checkInDates() -> Set<String> {
            guard case .array(let items)? = f.hits("habits")?["regions"] else { return [] }
            return Set(items.compactMap { $0["action"] == .string("checkin") ? $0["date"]?.stringValue : nil })
        }
        let watch = try startProcess(f.render, ["watch"], environment: f.env)
        defer { if watch.process.isRunning { kill(watch.process.processIdentifier, SIGKILL) } }
        #expect(eventually(5) { f.png("habits").map(isWholePNG) == true && checkInDates() == ["2027-01-04", "2027-01-05"] },
                "day 2: \(checkInDates())")
        let before = f.png("habits")
        var cli = f
        cli.env["TASKTILE_NOW"] = "2027-01-05T23:59:58Z"
        let done = try cli.cli("done", "Stretch", "--list", "Fifty", "--on", "2027-01-05")
        #expect(done.status == 0, "\(done.stderr)")
        let drawn = eventually(5) { f.png("habits").map(isWholePNG) == true && f.png("habits") != before }
        // Local midnight: day 3's cells appear as cells that check in (before, they only opened the habit).
        let midnight = eventually(8) { checkInDates().contains("2027-01-06") }
        kill(watch.process.processIdentifier, SIGTERM)
        let result = watch.wait()
        #expect(result.status == 0)
        #expect(drawn, "the check-in was not drawn: \(result.stderr)")
        #expect(midnight, "no redraw at midnight: \(checkInDates()) \(result.stderr)")
    }

    @Test("a burst of 100 commits gives a handful of renders, the last one correct")
    func debounce() throws {
        let f = try LiveFixture()
        try f.cli("list", "add", "Home")
        try f.spec("desk", family: "large")
        let watch = try startProcess(f.render, ["watch"], environment: f.env)
        defer { if watch.process.isRunning { kill(watch.process.processIdentifier, SIGKILL) } }
        #expect(eventually { f.png("desk") != nil })
        // 100 commits from one process in quick succession (one transaction each).
        let store = try Store.open(f.dir, clock: Clock(now: Date(), timeZone: TimeZone(identifier: "UTC")!))
        // Let the first render's delayed re-reads pass, then stop the watcher while the commits
        // land, so the burst is one batch whatever the machine's load.
        usleep(1_300_000)
        kill(watch.process.processIdentifier, SIGSTOP)
        for i in 0..<100 { try store.addTodo(title: "t\(i)", list: "Home") }
        kill(watch.process.processIdentifier, SIGCONT)
        // Before the burst the list was empty; any render after it fills every row of the large
        // widget (the header says "100 left", so no row is spent on "+ N more").
        #expect(eventually { f.regions("desk").filter { $0.action == "complete" }.count >= 9 })
        usleep(400_000)
        kill(watch.process.processIdentifier, SIGTERM)
        let log = watch.wait().stderr
        let renders = log.components(separatedBy: "spec=desk [").count - 1
        #expect(renders >= 2 && renders <= 4, "\(renders) renders for 100 commits")
        // The final PNG shows the last state: a todo in every row.
        let rows = f.regions("desk").filter { $0.action == "complete" }
        #expect(rows.count >= 9)
    }

    @Test("click: every checkbox centre completes exactly its todo; clicks on titles never complete")
    func clickEveryCheckbox() throws {
        let f = try LiveFixture()
        try f.cli("list", "add", "Home")
        for t in ["A", "B", "C", "D"] { try f.cli("add", t, "--list", "Home") }
        try f.spec("desk", family: "large")
        #expect(try runProcess(f.render, ["once"], environment: f.env).status == 0)
        let specPath = f.dir.widgetsPath + "/desk.json"
        // Titles: the row centre is on the text, never on the checkbox.
        for row in f.regions("desk") where row.action == "open" && row.todoID != nil {
            let r = try runProcess(f.render, ["click", specPath, "\(row.x)", "\(row.y)"], environment: f.env)
            #expect(r.status == 0 && r.stdout.hasPrefix("open todo \(row.todoID!)"))
        }
        #expect(try f.todoIDs(list: "Home").completed.isEmpty)
        #expect(f.regions("desk").filter { $0.action == "complete" }.count == 4)
        // Each click acts on the image as it is now: click redraws the flash frame and, with no
        // watcher running, the normal frame 1.5 s later, so the hit map is read again every time.
        for round in 0..<4 {
            let boxes = f.regions("desk").filter { $0.action == "complete" }
            #expect(boxes.count == 4 - round)
            // The last checkbox, then the first: not always the same row.
            guard let box = round % 2 == 0 ? boxes.last : boxes.first else { break }
            let before = try f.todoIDs(list: "Home")
            let r = try runProcess(f.render, ["click", specPath, "\(box.x)", "\(box.y)"], environment: f.env)
            #expect(r.status == 0, "\(r.stderr)")
            let after = try f.todoIDs(list: "Home")
            #expect(Set(after.completed).subtracting(before.completed) == [box.todoID!])
        }
        #expect(try f.todoIDs(list: "Home").pending.isEmpty)
        #expect(try runProcess(f.render, ["click", specPath, "99999", "5"], environment: f.env).status == 1)
        #expect(try runProcess(f.render, ["click", specPath, "x", "5"], environment: f.env).status == 64)
    }

    @Test("click with duplicate titles completes the one clicked, by id")
    func clickDuplicates() throws {
        let f = try LiveFixture()
        try f.cli("list", "add", "Home")
        try f.cli("add", "Milk", "--list", "Home")
        try f.cli("add", "Milk", "--list", "Home")
        let ids = try f.todoIDs(list: "Home").pending
        try f.spec("desk")
        #expect(try runProcess(f.render, ["once"], environment: f.env).status == 0)
        let boxes = f.regions("desk").filter { $0.action == "complete" }
        #expect(boxes.map(\.todoID) == ids)
        let r = try runProcess(f.render, ["click", f.dir.widgetsPath + "/desk.json", "\(boxes[1].x)", "\(boxes[1].y)"], environment: f.env)
        #expect(r.status == 0)
        #expect(try f.todoIDs(list: "Home") == ([ids[0]], [ids[1]]))
    }

    @Test("flash: after one intent, the watcher draws the flash frame on all three widgets of the list, then the steady frame")
    func flashEveryWidget() throws {
        var f = try LiveFixture()
        try f.cli("list", "add", "Home")
        for t in ["Dishes", "Laundry"] { try f.cli("add", t, "--list", "Home") }
        for (name, family) in [("s", "small"), ("m", "medium"), ("l", "large")] { try f.spec(name, family: family) }
        let dishes = try f.todoIDs(list: "Home").pending[0]
        // The hook stops the watcher (its parent) while it copies every hit map just written, so
        // no frame is missed however slow the machine is: the watcher waits for the copy.
        let log = f.tmp.file("frames")
        try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: true)
        let hook = f.tmp.file("hook")
        try AtomicFile.write("""
            #!/bin/sh
            kill -STOP $PPID
            n=$(ls "$FRAMES" | wc -l)
            for p in $TASKTILE_RENDERED; do b=${p%.png}; cp "$b.hits.json" "$FRAMES/$(printf %04d $n)-${b##*/}.json"; done
            kill -CONT $PPID
            """, to: hook, mode: 0o755)
        f.env["FRAMES"] = log
        let watch = try startProcess(f.render, ["watch", "--on-render", hook], environment: f.env)
        defer { if watch.process.isRunning { kill(watch.process.processIdentifier, SIGKILL) } }
        #expect(eventually { ["s", "m", "l"].allSatisfy { f.regions($0).contains { $0.todoID == dishes } } })
        #expect(try f.cli("intent", "complete", "--list", "Home", "--todo", "Dishes").status == 0)
        /// The frames copied for `name`, oldest first: (Dishes still in its pending place, completable).
        func frames(_ name: String) -> [(shown: Bool, completable: Bool)] {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: log)) ?? []).filter { $0.hasSuffix("-\(name).json") }.sorted()
            return files.compactMap { file in
                guard let json = fileBytes(log + "/" + file).flatMap({ try? JSONValue.parse($0) }),
                      case .array(let regions)? = json["regions"] else { return nil }
                let mine = regions.filter { $0["todoId"]?.stringValue == dishes }
                return (!mine.isEmpty, mine.contains { $0["action"]?.stringValue == "complete" })
            }
        }
        // Every widget: the normal frame (completable), then the flash frame (in place, not
        // completable), then the steady frame (gone).
        #expect(eventually(15) { ["s", "m", "l"].allSatisfy { frames($0).last.map { !$0.shown } == true } })
        for name in ["s", "m", "l"] {
            let seen = frames(name)
            #expect(seen.first.map { $0.shown && $0.completable } == true, "\(name): \(seen)")
            #expect(seen.contains { $0.shown && !$0.completable }, "\(name): no flash frame in \(seen)")
            #expect(seen.last.map { !$0.shown } == true, "\(name): \(seen)")
        }
        kill(watch.process.processIdentifier, SIGTERM)
        #expect(watch.wait().status == 0)
    }
}
