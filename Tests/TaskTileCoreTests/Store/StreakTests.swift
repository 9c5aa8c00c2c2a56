import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// Streaks and rates (docs/cycles.md "Streaks"): counted in cycles, on a real
/// store whose past cycles are checked in through the completion function (`cycle:`).
@Suite("Streaks")
struct StreakTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")

    struct Row: Sendable, CustomStringConvertible {
        var name: String
        var due: Due
        var rule: RepeatRule
        var now: String
        var checkedIn: [String]
        var expected: Streak
        var description: String { name }
    }

    static func nine(_ d: String) -> Due { .dateTime(LocalDateTime(iso: d + "T09:00")!, zoneID: "Europe/Berlin") }

    static let table: [Row] = [
        Row(name: "daily: a gap breaks the streak; the overdue day does not", due: nine("2027-01-04"),
            rule: RepeatRule(frequency: .daily), now: "2027-01-10T10:00:00+01:00",
            checkedIn: ["2027-01-04", "2027-01-05", "2027-01-06", "2027-01-08", "2027-01-09"],
            expected: Streak(current: 2, best: 3, completedInWindow: 5, window: 6)),
        Row(name: "every 3 days", due: nine("2027-01-04"), rule: RepeatRule(frequency: .daily, interval: 3),
            now: "2027-01-16T10:00:00+01:00", checkedIn: ["2027-01-04", "2027-01-07", "2027-01-13"],
            expected: Streak(current: 1, best: 2, completedInWindow: 3, window: 4)),
        Row(name: "every 3 days, the overdue cycle completed late extends the streak", due: nine("2027-01-04"),
            rule: RepeatRule(frequency: .daily, interval: 3), now: "2027-01-16T10:00:00+01:00",
            checkedIn: ["2027-01-04", "2027-01-07", "2027-01-13", "2027-01-16"],
            expected: Streak(current: 2, best: 2, completedInWindow: 4, window: 5)),
        Row(name: "weekly Mon, Wed, Fri", due: nine("2027-01-04"), rule: RepeatRule(frequency: .weekly, weekdays: [.monday, .wednesday, .friday]),
            now: "2027-01-18T10:00:00+01:00",
            checkedIn: ["2027-01-06", "2027-01-08", "2027-01-11", "2027-01-13", "2027-01-15"],
            expected: Streak(current: 5, best: 5, completedInWindow: 5, window: 6)),
        Row(name: "every 2 weeks on Mon, Wed counts cycles, not days", due: nine("2027-01-04"),
            rule: RepeatRule(frequency: .weekly, interval: 2, weekdays: [.monday, .wednesday]), now: "2027-02-01T10:00:00+01:00",
            checkedIn: ["2027-01-04", "2027-01-06", "2027-01-18", "2027-01-20"],
            expected: Streak(current: 4, best: 4, completedInWindow: 4, window: 4)),
        Row(name: "monthly on the 31st (clamped months)", due: nine("2027-01-31"), rule: RepeatRule(frequency: .monthly),
            now: "2027-05-31T10:00:00+02:00", checkedIn: ["2027-02-28", "2027-03-31", "2027-04-30"],
            expected: Streak(current: 3, best: 3, completedInWindow: 3, window: 4)),
        Row(name: "date-only daily across the spring DST change", due: .date(LocalDate(iso: "2027-03-26")!),
            rule: RepeatRule(frequency: .daily), now: "2027-03-30T10:00:00+02:00",
            checkedIn: ["2027-03-26", "2027-03-27", "2027-03-28", "2027-03-29"],
            expected: Streak(current: 4, best: 4, completedInWindow: 4, window: 4)),
        Row(name: "nothing decided yet", due: nine("2027-01-04"), rule: RepeatRule(frequency: .daily),
            now: "2027-01-04T10:00:00+01:00", checkedIn: [],
            expected: Streak(current: 0, best: 0, completedInWindow: 0, window: 0)),
    ]

    @Test("streak table", arguments: table)
    func streakTable(_ row: Row) throws {
        let dir = CycleFixtures.dataDirectory("streak")
        let start = row.due.deadline(userZone: Self.berlin).addingTimeInterval(-3600)
        let setup = try CycleFixtures.open(dir, now: start, zone: Self.berlin)
        try setup.addList(title: "Habits")
        let added = try setup.addTodo(title: "Habit", list: "Habits", due: row.due, repeatRule: row.rule)
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant(row.now), zone: Self.berlin)
        for date in row.checkedIn {
            try store.complete(added.id, on: LocalDate(iso: date)!, source: .cli)
        }
        let todo = try #require(try store.contents().flatMap { $0.pending + $0.completed }.first)
        let streak = try #require(try store.streaks(of: [todo])[todo.id])
        #expect(streak == row.expected)
    }

    @Test("the rate window is the last N decided cycles")
    func window() {
        let s = Streak.compute(currentCycle: 10, currentCompleted: false, completed: [0, 1, 2, 7, 8, 9], window: 5)
        #expect(s.current == 3 && s.best == 3 && s.window == 5 && s.completedInWindow == 3 && s.rate == 0.6)
        let early = Streak.compute(currentCycle: 10, currentCompleted: true, completed: [8, 9, 10, 11], window: 3)
        #expect(early.current == 3 && early.completedInWindow == 3 && early.rate == 1)
    }
}
