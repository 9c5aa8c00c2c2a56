import Foundation
import Testing
import TaskTileCore
import TestSupport

/// The CLI and the renderer are separate processes on one WAL store (docs/store.md).
@Suite("Two processes on one store")
struct TwoProcessTests {
    @Test("tasktile writes 200 changes while tasktile-render renders in a loop: no busy errors, exact final state")
    func writerAndRenderer() throws {
        let tasktile = try #require(builtProduct("tasktile"))
        let render = try #require(builtProduct("tasktile-render"))
        let tmp = TemporaryDirectory("twoproc")
        let env = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "UTC", "LANG": "C"]
        #expect(try runProcess(tasktile, ["list", "add", "Race"], environment: env).status == 0)
        try FileManager.default.createDirectory(atPath: tmp.dataDirectory.widgetsPath, withIntermediateDirectories: true)
        try AtomicFile.write(#"{ "version": 1, "name": "race", "family": "large", "list": "Race" }"#,
                             to: tmp.dataDirectory.widgetsPath + "/race.json")

        // The writer: 200 changes through the real CLI, one process per change, as a user's scripts do.
        let script = """
        set -u
        fail=0
        for i in $(seq 1 100); do
          "$0" add "todo $i" --list Race >/dev/null 2>>"$1" || fail=$((fail+1))
        done
        for i in $(seq 1 2 100); do
          "$0" done "todo $i" --list Race >/dev/null 2>>"$1" || fail=$((fail+1))
          "$0" edit "todo $((i+1))" --list Race --title "todo $((i+1)) edited" >/dev/null 2>>"$1" || fail=$((fail+1))
        done
        exit $fail
        """
        let writerErrors = tmp.file("writer.err")
        let writer = try startProcess("/bin/sh", ["-c", script, tasktile, writerErrors], environment: env)
        var renders = 0
        var renderFailures: [String] = []
        while writer.process.isRunning {
            let r = try runProcess(render, ["once"], environment: env)
            renders += 1
            if r.status != 0 { renderFailures.append("exit \(r.status): \(r.stderr)") }
        }
        let w = writer.wait()
        #expect(w.status == 0, "writer failures: \(String(decoding: fileBytes(writerErrors) ?? [], as: UTF8.self))")
        #expect(renderFailures.isEmpty, "\(renderFailures.prefix(3))")
        #expect(renders >= 2)
        let errors = String(decoding: fileBytes(writerErrors) ?? [], as: UTF8.self)
        #expect(!errors.contains("busy") && !errors.contains("locked"))

        let store = try Store.open(tmp.dataDirectory, clock: Clock(now: Date(), timeZone: TimeZone(identifier: "UTC")!))
        let content = try store.contents(of: "Race")[0]
        #expect(content.pending.count == 50)
        #expect(content.completed.count == 50)
        #expect(content.pending.allSatisfy { $0.title.hasSuffix("edited") })
        #expect(content.completed.map(\.title).sorted() == (1...100).filter { $0 % 2 == 1 }.map { "todo \($0)" }.sorted())
        #expect(try store.database.scalarText("PRAGMA integrity_check") == "ok")

        // The last render saw a consistent snapshot and its PNG is whole.
        let final = try runProcess(render, ["once"], environment: env)
        #expect(final.status == 0)
        let png = try #require(fileBytes(tmp.dataDirectory.widgetsPath + "/out/race.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(png.suffix(8).elementsEqual([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]))
    }
}
