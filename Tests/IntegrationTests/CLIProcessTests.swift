import Foundation
import Testing
import TaskTileCore
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real `tasktile` binary run as a subprocess, as a user or a status bar runs it.
@Suite("tasktile as a subprocess")
struct CLIProcessTests {
    let tasktile: String

    init() throws {
        tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
    }

    func env(_ tmp: TemporaryDirectory) -> [String: String] {
        ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "Asia/Tokyo", "LANG": "C", "NO_COLOR": "1"]
    }

    @Test("add, show and intent complete end to end with exit codes")
    func endToEnd() throws {
        let tmp = TemporaryDirectory("proc")
        let e = env(tmp)
        #expect(try runProcess(tasktile, ["list", "add", "買い物"], environment: e).status == 0)
        #expect(try runProcess(tasktile, ["add", "牛乳", "--list", "買い物"], environment: e).status == 0)
        let done = try runProcess(tasktile, ["intent", "complete", "--list", "買い物", "--todo", "牛乳"], environment: e)
        #expect(done.status == 0)
        #expect(done.stdout == "Completed \"牛乳\" in 買い物\n")
        let again = try runProcess(tasktile, ["intent", "complete", "--list", "買い物", "--todo", "牛乳"], environment: e)
        #expect(again.status == 1)
        #expect(again.stderr == "Error: \"牛乳\" in \"買い物\" is already completed\n")
        #expect(try runProcess(tasktile, ["--version"]).stdout == "tasktile 0.1.0\n")
    }

    @Test("on a real terminal (a pty from script(1)) TERM=dumb gets no colour; TERM=xterm does")
    func termDumbHasNoColour() throws {
        let script = "/usr/bin/script"
        try #require(FileManager.default.isExecutableFile(atPath: script), "script(1) is missing: Debian package bsdutils")
        let tmp = TemporaryDirectory("term-dumb")
        var e = env(tmp)
        e["NO_COLOR"] = "" // empty counts as unset (no-color.org); the parent environment may set it
        #expect(try runProcess(tasktile, ["list", "add", "Home"], environment: e).status == 0)
        #expect(try runProcess(tasktile, ["add", "Late", "--list", "Home", "--due", "2020-01-01"], environment: e).status == 0)
        func show(term: String) throws -> String {
            var t = e
            t["TERM"] = term
            // script runs the command on a pseudo-terminal, so standard output is a terminal.
            let r = try runProcess(script, ["-qec", "'\(tasktile)' show Home", "/dev/null"], environment: t)
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        let dumb = try show(term: "dumb")
        #expect(dumb.contains("Late"))
        #expect(!dumb.contains("\u{1B}["), "TERM=dumb got escape sequences: \(dumb.debugDescription)")
        #expect(try show(term: "xterm").contains("\u{1B}["), "the terminal case must colour, or the test proves nothing")
    }

    @Test("an argument that is not valid UTF-8 is refused (exit 64) before anything is written")
    func invalidUTF8() throws {
        let tmp = TemporaryDirectory("utf8")
        let e = env(tmp)
        #expect(try runProcess(tasktile, ["list", "add", "L"], environment: e).status == 0)
        let before = storeFingerprint(tmp.dataDirectory)
        let r = try runProcess("/bin/sh", ["-c", "exec \"$0\" add \"$(printf 'caf\\351')\" --list L", tasktile], environment: e)
        #expect(r.status == 64)
        #expect(r.stderr.contains("not valid UTF-8"))
        #expect(storeFingerprint(tmp.dataDirectory) == before)
    }

    @Test("files are 0600 and the directory 0700 even under umask 000")
    func permissiveUmask() throws {
        let tmp = TemporaryDirectory("umask")
        let e = env(tmp)
        let r = try runProcess("/bin/sh", ["-c", "umask 000; \"$0\" list add L && \"$0\" theme ls >/dev/null", tasktile], environment: e)
        #expect(r.status == 0, "\(r.stderr)")
        func mode(_ p: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: p)[.posixPermissions]) as? NSNumber)?.intValue ?? -1
        }
        #expect(mode(tmp.dataDirectory.path) == 0o700)
        #expect(mode(tmp.dataDirectory.storePath) == 0o600)
        #expect(mode(tmp.dataDirectory.path + "/themes.json") == 0o600)

        // -wal and -shm (kept between connections) and widgets/ (made by the watcher when it
        // starts): run a watcher and the CLI under umask 000 and look at them once all are there.
        let render = try #require(builtProduct("tasktile-render"))
        let watch = try startProcess("/bin/sh", ["-c", "umask 000; exec \"$0\" watch", render], environment: e)
        defer { if watch.process.isRunning { kill(watch.process.processIdentifier, SIGKILL) } }
        let w = try runProcess("/bin/sh", ["-c", "umask 000; \"$0\" add T --list L && \"$0\" export --format json --out \"$1\"",
                                           tasktile, tmp.file("export.json")], environment: e)
        #expect(w.status == 0, "\(w.stderr)")
        let wal = tmp.dataDirectory.storePath + "-wal", shm = tmp.dataDirectory.storePath + "-shm"
        #expect(eventually { [wal, shm, tmp.dataDirectory.widgetsPath].allSatisfy { FileManager.default.fileExists(atPath: $0) } })
        #expect(mode(wal) == 0o600)
        #expect(mode(shm) == 0o600)
        #expect(mode(tmp.file("export.json")) == 0o600)
        #expect(mode(tmp.dataDirectory.widgetsPath) == 0o700)
        kill(watch.process.processIdentifier, SIGTERM)
        #expect(watch.wait().status == 0)
    }
}

/// The durability cost of one write, counted in system calls rather than timed: `synchronous=FULL`
/// in WAL needs one `fdatasync` of the WAL per commit (plus, once per process, one of the data
/// directory because SQLite syncs the directory after opening the WAL with `O_CREAT`). Before the
/// WAL was kept between processes an `add` or `intent complete` made five.
@Suite("durability: syncs per commit")
struct SyncsPerCommitTests {
    @Test("add and intent complete sync the WAL once and the directory once; status syncs nothing",
          arguments: [["add", "Bread", "--list", "Shopping"], ["intent", "complete", "--list", "Shopping", "--todo", "Milk"], ["status", "--format", "waybar"]])
    func syncs(arguments: [String]) throws {
        let strace = "/usr/bin/strace"
        try #require(FileManager.default.isExecutableFile(atPath: strace), "strace is not installed: make deps installs it (Debian: strace)")
        let tasktile = try #require(builtProduct("tasktile"))
        let tmp = TemporaryDirectory("fsync")
        let e = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "LANG": "C"]
        for args in [["list", "add", "Shopping"], ["add", "Milk", "--list", "Shopping"]] {
            #expect(try runProcess(tasktile, args, environment: e).status == 0)
        }
        let log = tmp.file("strace.log")
        let r = try runProcess(strace, ["-f", "-qq", "-e", "trace=fsync,fdatasync,sync_file_range", "-o", log, tasktile] + arguments, environment: e)
        #expect(r.status == 0, "\(r.stderr)")
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.contains("sync") && !$0.contains("exited") }
        let writes = arguments[0] != "status"
        #expect(calls.count == (writes ? 2 : 0), "\(calls)")
    }
}

/// `tasktile` loads only what its own commands need: the notification daemon is
/// `tasktile-notify`, which `tasktile notify run` becomes by execve with the arguments unchanged.
@Suite("siblings: tasktile hands commands to the executables beside it")
struct SiblingExecutableTests {
    let tasktile: String
    init() throws { tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)") }

    @Test("tasktile links no D-Bus, Cairo, Pango, GLib or fontconfig; tasktile-notify and tasktile-render do")
    func noDBusInTasktile() throws {
        let ldd = try runProcess("/usr/bin/ldd", [tasktile])
        #expect(ldd.status == 0, "\(ldd.stderr)")
        for library in ["libdbus", "libcairo", "libpango", "libglib", "libfontconfig", "libharfbuzz", "libpng", "libX11"] {
            #expect(!ldd.stdout.contains(library), "tasktile links \(library): \(ldd.stdout)")
        }
        let render = try runProcess("/usr/bin/ldd", [try #require(builtProduct("tasktile-render"))])
        #expect(render.stdout.contains("libcairo") && render.stdout.contains("libpango"), "\(render.stdout)")
        let notify = try runProcess("/usr/bin/ldd", [try #require(builtProduct("tasktile-notify"))])
        #expect(notify.stdout.contains("libdbus"), "\(notify.stdout)")
    }

    @Test("tasktile-render links no GTK: desktop runs in tasktile-desktop, with the same help and exit codes")
    func noGTKInRender() throws {
        let render = try #require(builtProduct("tasktile-render"))
        let ldd = try runProcess("/usr/bin/ldd", [render])
        for library in ["libgtk-3", "libgdk-3", "libgtk-layer-shell", "libatk"] {
            #expect(!ldd.stdout.contains(library), "tasktile-render links \(library): \(ldd.stdout)")
        }
        let desktop = try runProcess("/usr/bin/ldd", [try #require(builtProduct("tasktile-desktop"))])
        #expect(desktop.stdout.contains("libgtk-3") && desktop.stdout.contains("libgtk-layer-shell"), "\(desktop.stdout)")
        let help = try runProcess(render, ["desktop", "--help"], environment: ["LANG": "C"])
        #expect(help.status == 0 && help.stdout.contains("tasktile-render desktop"), "\(help.stdout) \(help.stderr)")
        let bad = try runProcess(render, ["desktop", "--no-such-option"], environment: ["LANG": "C"])
        #expect(bad.status == 64 && bad.stderr.contains("See 'tasktile-render desktop --help'"), "\(bad.stderr)")
    }

    @Test("theme preview through tasktile: tasktile-render draws the six PNGs; errors, exit codes and --json read as tasktile's")
    func themePreviewHandedOver() throws {
        let tmp = TemporaryDirectory("sibling-preview")
        let e = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "LANG": "C"]
        #expect(try runProcess(tasktile, ["theme", "import", repositoryRoot + "/Themes/sakura.json"], environment: e).status == 0)
        let before = storeFingerprint(tmp.dataDirectory)
        let out = tmp.file("preview")
        let r = try runProcess(tasktile, ["theme", "preview", "Sakura", "--out", out], environment: e)
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["large-en.png", "large-ja.png", "medium-en.png", "medium-ja.png", "small-en.png", "small-ja.png"])
        #expect(Array(try #require(fileBytes(out + "/large-ja.png")).prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(storeFingerprint(tmp.dataDirectory) == before)
        #expect(!FileManager.default.fileExists(atPath: tmp.dataDirectory.storePath), "the store is never opened")
        // Errors keep tasktile's layout and exit codes, in both languages and with --json.
        let missing = try runProcess(tasktile, ["theme", "preview", "Nope"], environment: e)
        #expect(missing.status == 1 && missing.stderr == "Error: no theme named \"Nope\" (themes: Default, Sakura)\n", "\(missing.stderr)")
        let ja = try runProcess(tasktile, ["--lang", "ja", "theme", "preview", "Nope"], environment: e)
        #expect(ja.status == 1 && ja.stderr.hasPrefix("エラー: "), "\(ja.stderr)")
        let json = try runProcess(tasktile, ["--json", "theme", "preview", "Nope"], environment: e)
        let jsonError = try JSONValue.parse(json.stdout)["error"]
        #expect(json.status == 1 && jsonError?["exitCode"] == .number(1), "\(json.stdout)")
        let usage = try runProcess(tasktile, ["theme", "preview"], environment: e)
        #expect(usage.status == 64 && usage.stderr.contains("Usage: tasktile theme preview"), "\(usage.stderr)")
        // An output directory that cannot be created exits 73.
        try AtomicFile.write("x", to: tmp.file("blocker"))
        let blocked = try runProcess(tasktile, ["theme", "preview", "Sakura", "--out", tmp.file("blocker") + "/sub"], environment: e)
        #expect(blocked.status == 73, "\(blocked.stderr)")
        // tasktile-render's own commands are unchanged by the command it runs for tasktile.
        let render = try #require(builtProduct("tasktile-render"))
        #expect(try runProcess(render, ["--help"], environment: e).stdout.hasPrefix("OVERVIEW: Draw tasktile widgets"))
    }

    @Test("notify run through tasktile: the same usage errors, exit codes and help, in both languages")
    func handedOver() throws {
        let tmp = TemporaryDirectory("sibling")
        let e = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "LANG": "C"]
        let bad = try runProcess(tasktile, ["notify", "run", "--sink", "carrier-pigeon"], environment: e)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: '--sink carrier-pigeon'") || bad.stderr.contains("carrier-pigeon"), "\(bad.stderr)")
        #expect(bad.stderr.contains("Usage: tasktile notify run"), "\(bad.stderr)")
        for lang in ["en", "ja"] {
            let list = try runProcess(tasktile, ["--lang", lang, "--help"], environment: e).stdout
            let help = try runProcess(tasktile, ["notify", "run", "--help", "--lang", lang], environment: e)
            #expect(help.status == 0)
            // The overview line of the command's own help is the line the command list shows.
            let overview = try #require(help.stdout.split(separator: "\n").first.map(String.init))
            let abstract = String(overview.drop { $0 != " " }.dropFirst())
            let listed = list.split(separator: "\n").first { $0.hasPrefix("  notify run ") }
            #expect(listed.map { $0.hasSuffix(abstract) } == true, "\(lang): \(listed ?? "not listed") vs \(abstract)")
        }
    }

    @Test("a missing sibling: exit 69 naming the path, nothing started")
    func missingSibling() throws {
        let tmp = TemporaryDirectory("sibling-missing")
        let lonely = tmp.file("bin")
        try FileManager.default.createDirectory(atPath: lonely, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: tasktile, toPath: lonely + "/tasktile")
        let r = try runProcess(lonely + "/tasktile", ["notify", "run"], environment: ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "LANG": "C"])
        #expect(r.status == 69)
        #expect(r.stderr.contains(lonely + "/tasktile-notify"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.dataDirectory.path + "/notify.lock"))
    }
}
