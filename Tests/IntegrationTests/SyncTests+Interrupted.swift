import Foundation
import Testing
import TaskTileCore
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

extension SyncTests {
    @Test(
        "the first download of a calendar whose name is no UUID, the client killed at random item counts: every item once, one list, one calendar",
        arguments: CalDAVServer.Kind.allCases)
    func interruptedFirstDownload(_ kind: CalDAVServer.Kind) throws {
        let server = try CalDAVServer(kind)
        let count = 120
        try server.client(["mkcal", "tasks", "tasks"])
        try server.client(["fill", "tasks", "\(count)"])
        let syncBinary = try #require(builtProduct("tasktile-sync"))
        var rng = SystemRandomNumberGenerator()
        // `make test`: 3 rounds; `make stress`: 20 (`TASKTILE_STRESS_SYNC_ROUNDS`, StressBudget.syncKillRounds).
        for round in 0..<StressBudget.syncKillRounds {
            let d = try Device(server)
            let store = try d.store()
            func stored() -> Int { (try? store.database.scalarInt("SELECT count(*) FROM todos")) ?? 0 }
            // Two kills at random item counts of the first download, then a pass to the end.
            for _ in 0..<2 {
                let target = Int.random(in: 1..<count, using: &rng)
                let p = try startProcess(syncBinary, ["sync"], environment: d.env)
                while p.process.isRunning, stored() < target { usleep(1000) }
                kill(p.process.processIdentifier, SIGKILL)
                _ = p.wait()
            }
            let r = try d.sync()
            #expect(r.status == 0, "round \(round): \(r.stderr)")
            #expect(r.stdout.contains("0 deleted here, 0 deleted there"), "round \(round): \(r.stdout)")
            let again = try d.sync()
            #expect(
                again.stdout.contains("0 up, 0 down, 0 deleted here, 0 deleted there"),
                "round \(round): \(again.stdout)")
            let titles = try store.database.rows("SELECT title FROM todos").compactMap { $0.text("title") }
            #expect(
                titles.count == count && Set(titles).count == count,
                "round \(round): every item once (\(titles.count) stored)")
            let lists = try store.database.rows("SELECT title FROM lists").compactMap { $0.text("title") }
            #expect(lists.filter { $0 == "tasks" }.count == 1, "round \(round): one list: \(lists)")
            let calendars = try server.collectionNames()
            #expect(
                calendars.count == Set(lists).count,
                "round \(round): no second calendar: \(calendars) for lists \(lists)")
            let items = try server.todos()
            #expect(
                items.count == count && Set(items.map(\.uid)).count == count,
                "round \(round): \(items.count) items on the server")
        }
    }
}
