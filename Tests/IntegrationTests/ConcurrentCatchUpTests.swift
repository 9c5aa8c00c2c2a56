import Foundation
import Testing
import TaskTileCore
import TestSupport

/// docs/cycles.md "Cycle semantics" across processes: two `tasktile` processes that open the store at the same moment,
/// both finding missed cycles, count each miss once (the write re-reads inside `BEGIN IMMEDIATE`).
@Suite("Concurrent catch-up")
struct ConcurrentCatchUpTests {
    /// `.build/debug/tasktile` in the repository this file is in (`swift build` puts it there).
    static let binary: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() } // …/Tests/IntegrationTests/File.swift → root
        return url.appendingPathComponent(".build/debug/tasktile").path
    }()

    static var binaryExists: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    /// Rounds with a fresh store each.
    static let rounds = 3

    /// Seconds for both processes to start and reach the lock (a debug build starts in ~50 ms).
    /// Too short would let the test pass without a race, never fail spuriously.
    static let queueTime: TimeInterval = 1.0

    @Test("two processes catching up at once count three missed cycles as 3, not 6")
    func twoProcessesCountOnce() throws {
        try #require(Self.binaryExists, "no tasktile binary at \(Self.binary): build the products first (make test does)")
        for round in 1...Self.rounds {
            let dir = CycleFixtures.dataDirectory("concurrent")
            let id: String
            do {
                // Daily at 09:00 Berlin from Monday 2027-01-04, added before the first cycle.
                let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T08:00:00+01:00"),
                                                   zone: CycleFixtures.zone("Europe/Berlin"))
                try store.addList(title: "Home")
                id = try store.addTodo(title: "Stretch", list: "Home",
                                       due: .dateTime(LocalDateTime(iso: "2027-01-04T09:00")!, zoneID: "Europe/Berlin"),
                                       repeatRule: RepeatRule(frequency: .daily)).id
            }
            // Jan 4 … 7 at 09:00 have passed: Jan 4, 5 and 6 are missed, Jan 7 is overdue (the one due).
            let environment = ["TASKTILE_DATA_DIR": dir.path, "TASKTILE_NOW": "2027-01-08T08:00:00+01:00",
                               "TZ": "Europe/Berlin", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
            let processes = (0..<2).map { _ in Self.process(["show", "--json"], environment: environment) }
            // Process start-up jitter is far larger than the window between a process's read check
            // and its write, so a plain start rarely overlaps them. Hold the write lock instead (as
            // a third process in a long write would): both processes start, find the missed cycles
            // in their read check, and queue at BEGIN IMMEDIATE (busy timeout 10 s); releasing the
            // lock lets them write one after the other, each having seen the misses.
            let lock = try CycleFixtures.observer(dir)
            try lock.execute("BEGIN IMMEDIATE")
            for p in processes { try p.process.run() }
            Thread.sleep(forTimeInterval: Self.queueTime)
            #expect(processes.allSatisfy { $0.process.isRunning }, "both processes must be waiting for the lock")
            try lock.execute("ROLLBACK")
            let outputs = processes.map { p -> (Int32, Data) in
                let data = p.stdout.fileHandleForReading.readDataToEndOfFile()
                p.process.waitUntilExit()
                return (p.process.terminationStatus, data)
            }
            for (status, data) in outputs {
                #expect(status == 0, "round \(round)")
                // Each process shows the caught-up state it (or the other) wrote.
                #expect(Self.missedCounts(data) == [3], "round \(round)")
            }
            let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-08T08:00:00+01:00"),
                                               zone: CycleFixtures.zone("Europe/Berlin"))
            let todo = try #require(try store.contents().first?.pending.first { $0.id == id })
            #expect(todo.missedCount == 3, "round \(round)")
            #expect(todo.occurrenceCount == 3, "round \(round)")
        }
    }

    static func process(_ arguments: [String], environment: [String: String]) -> (process: Process, stdout: Pipe) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = arguments
        p.environment = environment
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        return (p, out)
    }

    /// `missedCount` of every todo in `show --json` output.
    static func missedCounts(_ data: Data) -> [Int] {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let lists = root["lists"] as? [[String: Any]] else { return [] }
        return lists.flatMap { ($0["pending"] as? [[String: Any]] ?? []) + ($0["completed"] as? [[String: Any]] ?? []) }
            .compactMap { $0["missedCount"] as? Int }
    }
}
