import Foundation
import Testing
import TaskTileCore
import TestSupport

/// Every instant read from a file is range-checked once, at the boundary (`InstantRange`,
/// docs/interchange.md "JSON backup"), and an instant already in a store can never make a command
/// trap: a backup's `createdAt` of 1e20 seconds used to import (exit 0) and kill every later
/// iCalendar and todo.txt export with SIGILL; 1e15 exported the year 31690708, which import refused.
@Suite("Instants out of range")
struct InstantRangeTests {
    static let env = ["TZ": "UTC", "LANG": "C", "TASKTILE_NOW": "2027-01-05T09:00:00Z"]

    static func backup(createdAt: String) -> String {
        """
        {"format":"tasktile-backup","version":1,
         "lists":[{"id":"00000000-0000-4000-8000-00000000000a","title":"L","sortOrder":0,
                   "createdAt":"2027-01-05T09:00:00Z"}],
         "todos":[{"id":"00000000-0000-4000-8000-0000000000b1",
                   "listId":"00000000-0000-4000-8000-00000000000a","title":"x",
                   "isCompleted":false,"sortOrder":0,"createdAt":\(createdAt)}]}
        """
    }

    @Test(
        "a backup instant outside 0001…9999 or not finite: 65 naming record and key, store untouched",
        arguments: ["1e20", "1e15", "-1e12", "253402300800", "\"10000-01-01T00:00:00Z\""])
    func refusedAtImport(createdAt: String) throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
        let tmp = TemporaryDirectory("instant-import")
        #expect(
            try runProcess(
                tasktile, ["--data-dir", tmp.dataDirectory.path, "list", "add", "Keep"], environment: Self.env
            ).status == 0)
        let before = storeFingerprint(tmp.dataDirectory)
        let file = tmp.file("backup.json")
        try AtomicFile.write(Self.backup(createdAt: createdAt), to: file)
        let r = try runProcess(
            tasktile, ["--data-dir", tmp.dataDirectory.path, "import", "--format", "json", file], environment: Self.env)
        #expect(r.status == 65, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("todos[0].createdAt"), "\(r.stderr)")
        #expect(r.stderr.contains("in years 1–9999"), "\(r.stderr)")
        #expect(storeFingerprint(tmp.dataDirectory) == before)
    }

    @Test("the edges of the span import and export again in every format")
    func edgesRoundTrip() throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
        let source = TemporaryDirectory("instant-edge-source")
        for args in [["list", "add", "L"], ["add", "x", "--list", "L"]] {
            #expect(
                try runProcess(tasktile, ["--data-dir", source.dataDirectory.path] + args, environment: Self.env).status
                    == 0)
        }
        let exported = source.file("backup.json")
        #expect(
            try runProcess(
                tasktile, ["--data-dir", source.dataDirectory.path, "export", "--format", "json", "--out", exported],
                environment: Self.env
            ).status == 0)
        for createdAt in ["-62135596800", "253402300799", "\"9999-12-31T23:59:59Z\""] {
            let tmp = TemporaryDirectory("instant-edge")
            let file = tmp.file("backup.json")
            let edit = try runProcess(
                "/usr/bin/python3",
                [
                    "-c",
                    """
                    import json, sys
                    b = json.load(open(sys.argv[1])); b["todos"][0]["createdAt"] = json.loads(sys.argv[2])
                    json.dump(b, open(sys.argv[3], "w"))
                    """, exported, createdAt, file,
                ])
            #expect(edit.status == 0, "\(edit.stderr)")
            let r = try runProcess(
                tasktile, ["--data-dir", tmp.dataDirectory.path, "import", "--format", "json", file],
                environment: Self.env)
            #expect(r.status == 0, "\(createdAt): \(r.stderr)")
            for format in ["json", "ics", "todotxt"] {
                let e = try runProcess(
                    tasktile, ["--data-dir", tmp.dataDirectory.path, "export", "--format", format],
                    environment: Self.env)
                #expect(e.status == 0, "\(createdAt) → \(format): \(e.stderr)")
            }
        }
    }

    @Test("a store holding an absurd instant (written by hand) exports and shows without a trap")
    func absurdStoredInstant() throws {
        let tasktile = try #require(builtProduct("tasktile"), "build the products first (make test does)")
        let tmp = TemporaryDirectory("instant-stored")
        for args in [
            ["list", "add", "L"], ["add", "x", "--list", "L", "--due", "2027-01-06 10:00"],
            ["add", "y", "--list", "L"], ["done", "y", "--list", "L"],
        ] {
            #expect(
                try runProcess(tasktile, ["--data-dir", tmp.dataDirectory.path] + args, environment: Self.env).status
                    == 0)
        }
        let sqlite = try runProcess(
            "/usr/bin/sqlite3",
            [
                tmp.dataDirectory.storePath,
                "UPDATE todos SET created_at = 1e20;"
                    + " UPDATE todos SET completed_at = -1e300 WHERE completed_at IS NOT NULL;",
            ])
        #expect(sqlite.status == 0, "\(sqlite.stderr)")
        for args in [
            ["export", "--format", "ics"], ["export", "--format", "todotxt"], ["export", "--format", "json"],
            ["show", "--json"], ["show"],
        ] {
            let r = try runProcess(tasktile, ["--data-dir", tmp.dataDirectory.path] + args, environment: Self.env)
            #expect(r.status == 0, "\(args): exit \(r.status) \(r.stderr)")
        }
        // …and its backup restores (the instant clamped into the span).
        try expectBackupRestores(tasktile, tmp, environment: Self.env)
    }
}
