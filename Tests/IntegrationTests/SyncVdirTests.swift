import Foundation
import Testing
import TaskTileCore
import TestSupport

/// `tasktile sync` with a vdir that todoman (Debian `todoman`) reads and writes, and what the
/// `tasktile` executable loads (docs/sync.md).
@Suite("Sync with a vdir and todoman")
struct SyncVdirTests {
    /// Runs todoman on `vdir` with a config of its own: `--porcelain` JSON when asked.
    static func todoman(_ tmp: TemporaryDirectory, _ args: [String]) throws -> ProcessResult {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/todoman") else {
            throw FixtureError("todoman is not installed: make deps installs it (Debian: todoman)")
        }
        let config = tmp.file("todoman_config.py") // todoman loads its config as a Python module: it must end in .py
        if !FileManager.default.fileExists(atPath: config) {
            try """
            path = "\(tmp.file("vdir"))/*"
            cache_path = "\(tmp.file("todoman-cache.sqlite3"))"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "Work"
            default_due = 0
            """.write(toFile: config, atomically: true, encoding: .utf8)
        }
        let r = try runProcess("/usr/bin/todoman", ["-c", config] + args, environment: ["TZ": "Asia/Tokyo", "LANG": "C.UTF-8"])
        if r.status != 0 { throw FixtureError("todoman \(args.joined(separator: " ")) failed (\(r.status)): \(r.stderr)") }
        return r
    }

    static func porcelain(_ tmp: TemporaryDirectory) throws -> [[String: Any]] {
        let r = try todoman(tmp, ["--porcelain", "list", "--status", "ANY"])
        return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
    }

    @Test("vdir mode: todoman reads what we write, we read what todoman writes, both ways through edits and completions")
    func todomanBothWays() throws {
        let tasktile = try #require(builtProduct("tasktile"))
        let tmp = TemporaryDirectory("sync-vdir")
        try FileManager.default.createDirectory(atPath: tmp.file("vdir"), withIntermediateDirectories: true)
        let env = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "Asia/Tokyo", "LANG": "C"]
        func tt(_ args: [String]) throws -> ProcessResult { try runProcess(tasktile, args, environment: env) }
        #expect(try tt(["list", "add", "Work"]).status == 0)
        #expect(try tt(["add", "--list", "Work", "From tasktile", "--due", "2027-01-05"]).status == 0)
        #expect(try tt(["sync", "add", "v", "--vdir", tmp.file("vdir")]).status == 0)
        let first = try tt(["sync"])
        #expect(first.status == 0, "\(first.stderr)")

        var items = try SyncVdirTests.porcelain(tmp)
        let ours = try #require(items.first { $0["summary"] as? String == "From tasktile" }, "todoman reads our file: \(items)")
        #expect(ours["list"] as? String == "Work")
        // todoman writes: a new todo, and completes ours.
        _ = try SyncVdirTests.todoman(tmp, ["new", "-l", "Work", "From todoman"])
        _ = try SyncVdirTests.todoman(tmp, ["done", "\(ours["id"] as? Int ?? 0)"])
        let second = try tt(["sync"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("2 down"), "\(second.stdout)")
        let shown = try tt(["show", "--json"]).stdout
        #expect(shown.contains("\"From todoman\""))
        #expect(shown.contains("\"isCompleted\": true"), "the completion done in todoman: \(shown)")

        // Our edit reaches todoman.
        #expect(try tt(["edit", "From todoman", "--list", "Work", "--title", "From todoman, edited here"]).status == 0)
        #expect(try tt(["sync"]).status == 0)
        items = try SyncVdirTests.porcelain(tmp)
        #expect(Set(items.compactMap { $0["summary"] as? String }) == ["From tasktile", "From todoman, edited here"])
        #expect(items.first { $0["summary"] as? String == "From tasktile" }?["completed"] as? Bool == true)
        // Nothing changed: nothing written.
        #expect(try tt(["sync"]).stdout.contains("0 up, 0 down"))
    }

    @Test("tasktile itself loads no networking or XML library; tasktile-sync does (tasktile sync execs it)")
    func tasktileLoadsNoNetworking() throws {
        let tasktile = try #require(builtProduct("tasktile"))
        let sync = try #require(builtProduct("tasktile-sync"))
        let plain = try runProcess("/usr/bin/ldd", [tasktile]).stdout
        let syncLibs = try runProcess("/usr/bin/ldd", [sync]).stdout
        for lib in ["libFoundationNetworking", "libcurl", "libFoundationXML"] {
            #expect(!plain.contains(lib), "\(lib) in tasktile")
        }
        // Its HTTP is libcurl itself (DAVClient over CCurl); FoundationNetworking is not linked.
        #expect(syncLibs.contains("libcurl"), "\(syncLibs)")
        #expect(!syncLibs.contains("libFoundationNetworking"), "\(syncLibs)")
        // And the dispatch itself: `tasktile sync …` answers with the sync commands' help, in Japanese too.
        let tmp = TemporaryDirectory("sync-help")
        let help = try runProcess(tasktile, ["sync", "add", "--help"], environment: ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "LANG": "C"])
        #expect(help.status == 0 && help.stdout.contains("--password-command"), "\(help.stdout)\(help.stderr)")
        let ja = try runProcess(tasktile, ["--lang", "ja", "sync", "--help"], environment: ["TASKTILE_DATA_DIR": tmp.dataDirectory.path])
        #expect(ja.stdout.contains("CalDAV サーバーか vdir と変更を交換します"), "\(ja.stdout)")
        #expect(!ja.stdout.contains("Print what would change"), "every sync help line has Japanese")
    }

    @Test("bad account input: no target, a bad URL, a duplicate name, an unknown account; the store is untouched")
    func badAccountInput() throws {
        let tasktile = try #require(builtProduct("tasktile"))
        let tmp = TemporaryDirectory("sync-bad")
        let env = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "LANG": "C"]
        func tt(_ args: [String]) throws -> ProcessResult { try runProcess(tasktile, args, environment: env) }
        #expect(try tt(["sync", "add", "x"]).status == 64)
        let badURL = try tt(["sync", "add", "x", "--url", "ftp://example.org/"])
        #expect(badURL.status == 64 && badURL.stderr.contains("http://"), "\(badURL.stderr)")
        #expect(try tt(["sync", "add", "x", "--vdir", tmp.path]).status == 0)
        let before = fileBytes(tmp.dataDirectory.storePath)
        let dup = try tt(["sync", "add", "x", "--vdir", tmp.path])
        #expect(dup.status == 64 && dup.stderr.contains("exists already"), "\(dup.stderr)")
        let unknown = try tt(["sync", "nope"])
        #expect(unknown.status == 1 && unknown.stderr.contains("accounts: x"), "\(unknown.stderr)")
        #expect(fileBytes(tmp.dataDirectory.storePath) == before)
        let ls = try tt(["sync", "ls", "--json"])
        #expect(ls.stdout.contains("\"name\":\"x\"") || ls.stdout.contains("\"name\": \"x\""), "\(ls.stdout)")
        #expect(try tt(["sync", "rm", "x"]).status == 0)
        #expect(try tt(["sync", "ls"]).stdout.contains("No sync accounts"))
    }
}
