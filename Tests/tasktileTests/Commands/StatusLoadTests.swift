import Foundation
import Synchronization
import Testing
import TaskTileCore
import TestSupport

/// Many bars polling while a script completes todos (docs/store.md, docs/status-bars.md): real processes of the built
/// binary on one WAL store. Status must never fail, never see the store busy, never write; every
/// intent must apply exactly once.
@Suite(.serialized) struct StatusLoadTests {
    static let pollers = 4
    static let intents = 300
    /// Pollers run at least this long, and until the intents are done.
    static let pollSeconds = 10.0

    final class Tally: Sendable {
        private let state = Mutex((polls: 0, failures: [String]()))
        var polls: Int { state.withLock { $0.polls } }
        var failures: [String] { state.withLock { $0.failures } }
        func poll(_ ok: Bool, _ detail: @autoclosure () -> String) {
            state.withLock { s in
                s.polls += 1
                if !ok && s.failures.count < 10 { s.failures.append(detail()) }
            }
        }
        func fail(_ detail: String) { state.withLock { if $0.failures.count < 10 { $0.failures.append(detail) } } }
        var isClean: Bool { state.withLock { $0.failures.isEmpty } }
    }

    @Test func pollersAndIntentsTogether() throws {
        let tasktile = try #require(StatusFixtures.builtBinary(),
                                    "\(StatusFixtures.repositoryRoot())/.build/debug/tasktile is missing: build the products first (make test does)")
        // On tmpfs when there is one: fsync there costs nothing, so 300 synchronous=FULL commits
        // fit the time budget; the WAL, its shared memory and the locking are the same as on disk.
        let base = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let dir = DataDirectory(path: base + "/tasktile-load-\(UUID().uuidString)/data")
        defer { try? FileManager.default.removeItem(atPath: (dir.path as NSString).deletingLastPathComponent) }
        let store = try StatusFixtures.open(dir)
        let ids: [String] = try store.write {
            try store.addList(title: "Load")
            return try (0..<Self.intents).map { try store.addTodo(title: "Todo & <\($0)>", list: "Load").id }
        }
        // Row-level write log: which tables changed, whoever changed them.
        try store.database.execute("CREATE TABLE write_log (tbl TEXT NOT NULL, op TEXT NOT NULL)")
        for table in ["lists", "todos", "completions", "settings", "tasktile_migrations"] {
            for op in ["INSERT", "UPDATE", "DELETE"] {
                try store.database.execute("""
                    CREATE TRIGGER log_\(table)_\(op) AFTER \(op) ON \(table)
                    BEGIN INSERT INTO write_log VALUES ('\(table)', '\(op)'); END
                    """)
            }
        }
        let env = StatusFixtures.environment(dir).merging(["TASKTILE_NOW": ""]) { $1 } // the real clock
        let observer = try Database(path: dir.storePath, create: false)

        // Phase 1: pollers alone. Nothing may change: data_version, WAL size, rows.
        let versionBefore = try observer.dataVersion()
        let walBefore = StatusCommandTests.walSize(dir)
        let tally = Tally()
        let done = LockedFlag()
        let pollerGroup = DispatchGroup()
        for _ in 0..<Self.pollers {
            pollerGroup.enter()
            Thread.detachNewThread {
                defer { pollerGroup.leave() }
                while !done.isSet {
                    do {
                        let r = try StatusFixtures.run(tasktile, ["status", "--format", "waybar"], environment: env)
                        let object = try? JSONValue.parse(r.stdout)
                        let cls = object?["class"]?.stringValue
                        tally.poll(r.status == 0 && r.stderr.isEmpty && ["pending", "empty"].contains(cls ?? ""),
                                   "exit \(r.status), class \(cls ?? "?"): \(r.stdout) \(r.stderr)")
                    } catch { tally.fail("could not start status: \(error)") }
                }
            }
        }
        Thread.sleep(forTimeInterval: 1.0)
        #expect(try observer.dataVersion() == versionBefore, "a status process committed")
        #expect(StatusCommandTests.walSize(dir) == walBefore, "a status process appended to the WAL")

        // Phase 2: a script completes every todo, one process per intent, in `lanes` parallel
        // lanes (one lane alone spends most of the budget waiting behind four busy pollers on two
        // cores; eight lanes also stress the write lock: none may report the store busy),
        // while the pollers go on.
        let started = Date()
        let lanes = 8
        let intentTally = Tally()
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for id in stride(from: lane, to: ids.count, by: lanes).map({ ids[$0] }) {
                do {
                    let r = try StatusFixtures.run(tasktile, ["intent", "complete", "--id", id], environment: env)
                    intentTally.poll(r.status == 0 && r.stderr.isEmpty, "\(id): exit \(r.status) \(r.stderr)")
                } catch { intentTally.fail("could not start intent: \(error)") }
            }
        }
        let intentSeconds = Date().timeIntervalSince(started)
        let remaining = Self.pollSeconds - 1.0 - Date().timeIntervalSince(started)
        if remaining > 0 { Thread.sleep(forTimeInterval: remaining) }
        done.set()
        pollerGroup.wait()

        #expect(intentTally.isClean && intentTally.polls == Self.intents, "\(intentTally.failures)")
        #expect(tally.isClean, "\(tally.failures)")
        #expect(tally.polls > Self.pollers * 10, "pollers ran \(tally.polls) times")
        #expect(try observer.scalarInt("SELECT count(*) FROM completions") == Self.intents)
        #expect(try observer.scalarInt("SELECT count(DISTINCT todo_id) FROM completions WHERE source = 'intent'") == Self.intents)
        #expect(try observer.scalarInt("SELECT count(*) FROM todos WHERE is_completed = 0") == 0)
        // Every row change is one an intent makes: one todo update and one completion per intent,
        // and the list's revision bumped by the triggers of migration v4-list-revisions (once for
        // the todo update, once for the flash row).
        let log = try observer.rows("SELECT tbl || ' ' || op, count(*) FROM write_log GROUP BY 1 ORDER BY 1")
            .map { "\($0.text(0) ?? "") \($0.int(1) ?? 0)" }
        #expect(log == ["completions INSERT \(Self.intents)", "lists UPDATE \(2 * Self.intents)", "todos UPDATE \(Self.intents)"])
        print("StatusLoadTests: \(tally.polls) status runs by \(Self.pollers) pollers, \(Self.intents) intents in \(String(format: "%.1f", intentSeconds)) s")
    }

    final class LockedFlag: Sendable {
        private let value = Mutex(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }
}
