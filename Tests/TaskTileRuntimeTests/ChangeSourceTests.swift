import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRuntime
import TestSupport

/// The change source as its users see it: another connection commits, a file is replaced, a
/// minute passes. Every test has its own data directory; "another process" is a second `Store`
/// connection (the multi-process cases run the real binaries in IntegrationTests).
@Suite struct ChangeSourceTests {
    let directory = CycleFixtures.dataDirectory("changes")
    /// A clock 5 s past a minute boundary (advancing with real time from each source's start), so
    /// that no minute tick lands inside a test that expects only its own change: on the system
    /// clock a boundary falls inside a run's few seconds often enough to fail CI.
    var environment: [String: String] { ["TZ": "Asia/Tokyo", "TASKTILE_NOW": "2027-01-05T10:00:05+09:00"] }

    func writer() throws -> Store { try Store.open(directory, clock: try Clock.fromEnvironment(environment)) }

    @Test func aCommitReportsExactlyTheListsItChanged() throws {
        let store = try writer()
        let shopping = try store.addList(title: "Shopping")
        let work = try store.addList(title: "Work")
        let source = try ChangeSource(directory: directory, environment: environment)
        #expect(source.next(timeout: 0.05).isEmpty)
        _ = try store.addTodo(title: "Milk", list: shopping.id)
        let first = source.next(timeout: 2)
        #expect(first.lists == [shopping.id])
        #expect(!first.everything && !first.settings && !first.themes)
        _ = try store.renameList(work.id, to: "Office")
        #expect(source.next(timeout: 2).lists == [work.id])
        let milk = try store.resolveTodo("Milk")
        _ = try store.complete(todoID: milk.id, source: .cli)
        #expect(source.next(timeout: 2).lists == [shopping.id])
        _ = try store.removeList(work.id)
        #expect(source.next(timeout: 2).lists == [work.id])
    }

    @Test func readsAndCheckpointsAreNotChanges() throws {
        let store = try writer()
        let list = try store.addList(title: "L")
        let source = try ChangeSource(directory: directory, environment: environment)
        _ = try store.contents(of: list.id)
        try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(source.next(timeout: 0.2).isEmpty)
    }

    @Test func settingsThemesAndSpecsAreReported() throws {
        let store = try writer()
        try FileManager.default.createDirectory(atPath: directory.widgetsPath, withIntermediateDirectories: true)
        let source = try ChangeSource(directory: directory, environment: environment)
        _ = try store.setSetting(.language, to: "ja")
        #expect(source.next(timeout: 2).settings)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: directory.path + "/themes.json"), options: .atomic)
        #expect(source.next(timeout: 2).themes)
        let spec = directory.widgetsPath + "/desk.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: spec), options: .atomic)
        #expect(source.next(timeout: 2).specs == [spec])
        try FileManager.default.removeItem(atPath: spec)
        #expect(source.next(timeout: 2).specs == [spec])
    }

    @Test func aReplacedOrMissingStoreIsEverything() throws {
        let store = try writer()
        _ = try store.addList(title: "L")
        try store.database.close()
        let source = try ChangeSource(directory: directory, environment: environment)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: directory.storePath + suffix) }
        #expect(source.next(timeout: 2).everything)
        let again = try writer()
        _ = try again.addList(title: "New")
        var seen = source.next(timeout: 2)
        if !seen.everything { seen = source.next(timeout: 2) }
        #expect(seen.everything)
    }

    @Test func theMinutePassesByTheTasktileNowClock() throws {
        _ = try writer()
        // 1 s before a minute boundary: the tick arrives within about a second, not a minute.
        let env = ["TZ": "UTC", "TASKTILE_NOW": "2027-01-05T08:59:59Z"]
        let source = try ChangeSource(directory: directory, environment: env)
        let started = Date()
        let changes = source.next(timeout: 5)
        #expect(changes.minute)
        #expect(!changes.day)
        #expect(Date().timeIntervalSince(started) < 4.5)
    }

    @Test func midnightIsADay() throws {
        _ = try writer()
        let env = ["TZ": "Asia/Tokyo", "TASKTILE_NOW": "2027-01-05T23:59:59+09:00"]
        let source = try ChangeSource(directory: directory, environment: env)
        let changes = source.next(timeout: 5)
        #expect(changes.minute && changes.day)
    }

    @Test func aWakeUpIsATimer() throws {
        _ = try writer()
        let source = try ChangeSource(directory: directory, environment: environment)
        source.wake(at: source.now.addingTimeInterval(0.1))
        #expect(source.next(timeout: 3).timer)
        #expect(source.next(timeout: 0.2).isEmpty)
    }

    @Test func theDescriptorIsReadableWhenThereIsNews() throws {
        let store = try writer()
        let list = try store.addList(title: "L")
        let source = try ChangeSource(directory: directory, environment: environment)
        // Opening its own connection touches the store's files; once that is drained (and the
        // re-reads that follow a file event have run, about a second) the descriptor is quiet.
        #expect(source.next(timeout: 1.3).isEmpty)
        var pfd = pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pfd, 1, 50) == 0)
        _ = try store.addTodo(title: "x", list: list.id)
        #expect(poll(&pfd, 1, 2000) == 1)
        #expect(source.next(timeout: 0).lists == [list.id])
    }
}
