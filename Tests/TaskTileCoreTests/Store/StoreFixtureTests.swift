import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// A store written by main before date-only cycles got their own overdue window
/// (`Tests/Fixtures/stores/make-habits-store.sh`): it opens with every check-in on the day it was
/// recorded for, no history row changed, and the cycles re-derived by today's rule (shared/SPEC.md
/// §3.4) — including at the very instant the old binary last wrote it, when only the migration's
/// stale marks make the date-only habits move.
@Suite("Store fixtures")
struct StoreFixtureTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/stores/habits-before-date-only-windows.sqlite").standardized.path

    /// A copy of the fixture in a new data directory.
    static func copy() throws -> DataDirectory {
        let dir = CycleFixtures.dataDirectory("fixture")
        try FileManager.default.createDirectory(atPath: dir.path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture, toPath: dir.storePath)
        return dir
    }

    static func history(_ db: Database) throws -> [String] {
        try db.rows(
            """
            SELECT t.title, c.cycle_index, c.cycle_due, c.completed_at, c.undone_at IS NOT NULL, c.source
            FROM completions c JOIN todos t ON t.id = c.todo_id ORDER BY c.id
            """
        ).map { r in (0..<6).map { i in r.text(i) ?? r.double(i).map { String($0) } ?? "-" }.joined(separator: "|") }
    }

    /// What the old binary recorded: title → the cycle dates checked in (not undone).
    static let recorded: [String: [String]] = [
        "Stretch": ["2027-01-04", "2027-01-05", "2027-01-06", "2027-01-07", "2027-01-09"],
        "Run": ["2027-01-04", "2027-01-06", "2027-01-08"],
        "Pill": ["2027-01-04T08:00:00", "2027-01-05T08:00:00", "2027-01-06T08:00:00"],
        "Rent": ["2027-01-01"],
        "Read": ["2027-01-04", "2027-01-05", "2027-01-06", "2027-01-07", "2027-01-08", "2027-01-09"],
        "Walk": ["2027-01-04", "2027-01-05", "2027-01-06"],
    ]

    @Test("a store made before organize (v12…v14) keeps every todo, with no parent, priority, tags or start")
    func organizeMigrationKeepsEveryTodo() throws {
        let dir = try Self.copy()
        let todosBefore = try CycleFixtures.observer(dir).rows("SELECT id, title, list_id FROM todos ORDER BY id")
            .map { "\($0.text(0) ?? "")|\($0.text(1) ?? "")|\($0.text(2) ?? "")" }
        #expect(todosBefore.count >= 6)
        _ = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-12T12:00:00+01:00"), zone: Self.berlin)
        let observer = try CycleFixtures.observer(dir)
        let todosAfter = try observer.rows("SELECT id, title, list_id FROM todos ORDER BY id")
            .map { "\($0.text(0) ?? "")|\($0.text(1) ?? "")|\($0.text(2) ?? "")" }
        #expect(todosAfter == todosBefore)
        let organized = try observer.scalarInt("""
            SELECT count(*) FROM todos
            WHERE parent_id IS NOT NULL OR priority != 0 OR tags IS NOT NULL OR start_local IS NOT NULL
            """)
        #expect(organized == 0)
        #expect(try observer.scalarInt("SELECT count(*) FROM views") == 0)
    }

    @Test("opens with its check-ins on the same days, every history row kept, cycles re-derived")
    func opensOnTheSameDays() throws {
        let dir = try Self.copy()
        let before = try Self.history(try CycleFixtures.observer(dir))
        #expect(before.count == 22)
        let store = try CycleFixtures.open(
            dir, now: CycleFixtures.instant("2027-01-12T12:00:00+01:00"), zone: Self.berlin)
        let observer = try CycleFixtures.observer(dir)
        #expect(try Self.history(observer) == before)
        var days: [String: [String]] = [:]
        for r in try observer.rows(
            """
            SELECT t.title, c.cycle_due FROM completions c JOIN todos t ON t.id = c.todo_id
            WHERE c.undone_at IS NULL ORDER BY c.cycle_index
            """)
        { days[r.text(0) ?? "", default: []].append(r.text(1) ?? "") }
        #expect(days == Self.recorded)

        let all: [Todo] = try store.contents().flatMap { $0.pending + $0.completed }
        let todos = Dictionary(uniqueKeysWithValues: all.map { ($0.title, $0) })
        func state(_ title: String) -> String {
            guard let t = todos[title], let due = t.due else { return "missing" }
            return "\(due.localDate) missed \(t.missedCount)\(t.isCompleted ? " done" : "")"
        }
        // Daily date-only: today's cycle is current, Jan 10 and 11 missed (the latest check-in is Jan 9's).
        #expect(state("Stretch") == "2027-01-12 missed 2")
        // Mon/Wed/Fri on a Tuesday: Monday is overdue, nothing missed since Friday's check-in.
        #expect(state("Run") == "2027-01-11 missed 0")
        // Timed 08:00: unchanged rule; Jan 7–11 missed, today's 08:00 overdue.
        #expect(state("Pill") == "2027-01-12 missed 5")
        #expect(state("Rent") == "2027-02-01 missed 0")
        #expect(state("Read") == "2027-01-12 missed 2")
        #expect(state("Walk") == "2027-01-12 missed 5")

        // The challenge grid shows the recorded days.
        let challenge = try store.challenge("January")
        let report = try store.challengeReport(challenge)
        let marks: [ChallengeCell: Character] = [.done: "x", .missed: "-", .open: "o", .future: ".", .off: " "]
        let cells = report.habits.map { String($0.cells.prefix(10).map { marks[$0]! }) }
        #expect(cells == ["xxxxxx--o.", "xxx-----o."])
        #expect(report.checkIns == 9)
        // The migration applied once; a second open changes nothing.
        #expect(
            try observer.rows("SELECT count(*) FROM tasktile_migrations WHERE identifier = 'v9-date-only-windows'")
                .first?.int(0) == 1)
    }

    @Test("at the instant the old binary last wrote it, the date-only habits move to today's cycle at once")
    func movesAtOnce() throws {
        let dir = try Self.copy()
        let store = try CycleFixtures.open(
            dir, now: CycleFixtures.instant("2027-01-11T09:00:00+01:00"), zone: Self.berlin)
        let all: [Todo] = try store.contents().flatMap { $0.pending + $0.completed }
        let todos = Dictionary(uniqueKeysWithValues: all.map { ($0.title, $0) })
        #expect(todos["Stretch"]?.due == .date(LocalDate(iso: "2027-01-11")!))
        #expect(todos["Stretch"]?.missedCount == 1)
        #expect(todos["Run"]?.due == .date(LocalDate(iso: "2027-01-11")!))
        // A plain check-in now counts for today.
        let result = try store.complete("Stretch", list: "Habits", source: .cli)
        #expect(result.todo.due == .date(LocalDate(iso: "2027-01-11")!))
    }
}
