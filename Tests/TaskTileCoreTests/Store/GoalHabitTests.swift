import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// Habits with a target per period (docs/cycles.md "Habits with a target", `--goal N`): the cycle is the ISO week
/// or the calendar month, it needs N check-ins on distinct days, `done` adds one, the cycle is done at N and missed
/// when the period ends short; streaks count periods met; undo takes back the latest check-in. Across the spring and
/// autumn DST changes in Berlin (Mar 28 and Oct 31, 2027), on a real WAL store.
@Suite("Habits with a target")
struct GoalHabitTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")

    /// `YYYY-MM-DDTHH:MM` Berlin wall-clock → instant.
    static func at(_ local: String) -> Date {
        ZonedClock.instant(of: LocalDateTime(iso: local)!, in: berlin)
    }

    static func make(_ rule: RepeatRule, due: String, now: String) throws -> (DataDirectory, String) {
        let dir = CycleFixtures.dataDirectory("goal")
        let store = try CycleFixtures.open(dir, now: at(now), zone: berlin)
        try store.addList(title: "Habits")
        let todo = try store.addTodo(title: "Gym", list: "Habits", due: .date(LocalDate(iso: due)!), repeatRule: rule)
        return (dir, todo.id)
    }

    /// The store at `now` (a new process: catch-up runs), the todo and its progress.
    static func open(_ dir: DataDirectory, _ id: String, _ now: String) throws -> (Store, Todo, GoalProgress?) {
        let store = try CycleFixtures.open(dir, now: at(now), zone: berlin)
        let todo = try #require(try store.read { try store.todo(id: id) })
        return (store, todo, try store.read { try store.goalProgress(of: todo) })
    }

    @Test("the engine: weekly periods end on Sundays, monthly ones on the month's last day, every N of them")
    func periods() {
        let weekly = RepeatRule(frequency: .weekly, goal: 3)
        let anchor = Due.date(LocalDate(iso: "2027-03-24")!)  // a Wednesday
        #expect(
            RecurrenceEngine.occurrences(of: weekly, anchor: anchor, count: 3).map(\.localDate.description)
                == ["2027-03-28", "2027-04-04", "2027-04-11"])
        #expect(
            RecurrenceEngine.periodBounds(1, of: weekly, anchorDate: anchor.localDate).map { "\($0.first)…\($0.last)" }
                == "2027-03-29…2027-04-04")
        let fortnight = RepeatRule(frequency: .weekly, interval: 2, goal: 10)
        #expect(
            RecurrenceEngine.occurrences(of: fortnight, anchor: anchor, count: 2).map(\.localDate.description)
                == ["2027-04-04", "2027-04-18"])
        let monthly = RepeatRule(frequency: .monthly, goal: 10)
        #expect(
            RecurrenceEngine.occurrences(of: monthly, anchor: .date(LocalDate(iso: "2028-01-15")!), count: 3)
                .map(\.localDate.description) == ["2028-01-31", "2028-02-29", "2028-03-31"])
        #expect(RecurrenceEngine.occurrenceIndex(on: LocalDate(iso: "2027-03-29")!, of: weekly, anchor: anchor) == 1)
        #expect(RecurrenceEngine.occurrenceIndex(on: LocalDate(iso: "2027-03-22")!, of: weekly, anchor: anchor) == 0)
    }

    @Test("weekly --goal 3 across the spring change: 2/3, done at 3, one check-in a day, a short week is missed")
    func weeklyAcrossSpringChange() throws {
        // Week of Mon Mar 22 – Sun Mar 28 2027 (clocks go forward on Sunday morning), then Mar 29 – Apr 4.
        let (dir, id) = try Self.make(
            RepeatRule(frequency: .weekly, goal: 3), due: "2027-03-24", now: "2027-03-22T08:00")
        var (store, todo, progress) = try Self.open(dir, id, "2027-03-22T08:00")
        #expect(todo.due == .date(LocalDate(iso: "2027-03-28")!) && progress == GoalProgress(count: 0, goal: 3))
        try store.complete(todoID: id, source: .cli)
        // A second check-in the same day is refused and writes nothing.
        #expect(throws: StoreError.self) { try store.complete(todoID: id, source: .cli) }
        (store, todo, progress) = try Self.open(dir, id, "2027-03-25T21:00")
        #expect(progress == GoalProgress(count: 1, goal: 3) && !todo.isCompleted)
        let second = try store.complete(todoID: id, source: .cli)
        #expect(!second.stored.isCompleted)
        #expect(try store.read { try store.goalProgress(of: second.stored) } == GoalProgress(count: 2, goal: 3))
        // Sunday Mar 28, 23:30 CEST (after the change): the third check-in completes the week.
        (store, todo, _) = try Self.open(dir, id, "2027-03-28T23:30")
        let third = try store.complete(todoID: id, source: .cli)
        #expect(third.stored.isCompleted && third.stored.occurrenceCount == 0)
        // Monday 00:00: the next week is current, pending, nothing missed.
        (store, todo, progress) = try Self.open(dir, id, "2027-03-29T00:00")
        #expect(todo.occurrenceCount == 1 && !todo.isCompleted && todo.missedCount == 0 && progress?.count == 0)
        // That week gets two check-ins only: missed when the week of Apr 5 begins, not a moment before.
        try store.complete(todoID: id, source: .cli)
        (store, _, _) = try Self.open(dir, id, "2027-04-01T10:00")
        try store.complete(todoID: id, source: .cli)
        (_, todo, _) = try Self.open(dir, id, "2027-04-04T23:59")
        #expect(todo.occurrenceCount == 1 && todo.missedCount == 0)
        (store, todo, progress) = try Self.open(dir, id, "2027-04-05T00:00")
        #expect(todo.occurrenceCount == 2 && todo.missedCount == 1 && progress?.count == 0)
        // Streaks count periods met: week 1 met, week 2 short.
        let streak = try #require(try store.streaks(of: [todo])[id])
        #expect(streak.current == 0 && streak.best == 1 && streak.window == 2 && streak.completedInWindow == 1)
    }

    @Test("undo takes back the latest check-in: a completed period reopens, progress drops by one")
    func undoLastCheckIn() throws {
        let (dir, id) = try Self.make(
            RepeatRule(frequency: .weekly, goal: 2), due: "2027-10-25", now: "2027-10-25T08:00")
        var (store, _, _) = try Self.open(dir, id, "2027-10-25T08:00")
        try store.complete(todoID: id, source: .cli)
        (store, _, _) = try Self.open(dir, id, "2027-10-31T12:00")  // Sunday of the autumn change
        #expect(try store.complete(todoID: id, source: .cli).stored.isCompleted)
        let undone = try store.undo(id)
        #expect(!undone.isCompleted && undone.occurrenceCount == 0)
        #expect(try store.read { try store.goalProgress(of: undone) } == GoalProgress(count: 1, goal: 2))
        // The day's check-in can be made again after the undo.
        #expect(try store.complete(todoID: id, source: .cli).stored.isCompleted)
        // Undo until nothing is left, then undo is refused.
        _ = try store.undo(id)
        _ = try store.undo(id)
        #expect(throws: StoreError.self) { try store.undo(id) }
    }

    @Test("monthly --goal 10 across the autumn change: ten distinct days complete October, November starts afresh")
    func monthlyAcrossAutumnChange() throws {
        let (dir, id) = try Self.make(
            RepeatRule(frequency: .monthly, goal: 10), due: "2027-10-01", now: "2027-10-01T07:00")
        for day in 22...31 {
            let (store, _, _) = try Self.open(dir, id, String(format: "2027-10-%02dT23:30", day))
            try store.complete(todoID: id, source: .cli)
        }
        var (store, todo, progress) = try Self.open(dir, id, "2027-10-31T23:59")
        #expect(
            todo.isCompleted && todo.due == .date(LocalDate(iso: "2027-10-31")!)
                && progress == GoalProgress(count: 10, goal: 10))
        (store, todo, progress) = try Self.open(dir, id, "2027-11-01T00:00")
        #expect(
            !todo.isCompleted && todo.due == .date(LocalDate(iso: "2027-11-30")!) && todo.missedCount == 0
                && progress?.count == 0)
        // November ends short: missed when December begins.
        try store.complete(todoID: id, source: .cli)
        (store, todo, _) = try Self.open(dir, id, "2027-12-01T00:00")
        #expect(todo.occurrenceCount == 2 && todo.missedCount == 1)
        #expect(try store.streaks(of: [todo])[id]?.best == 1)
    }

    @Test("done --on another day is refused for a habit with a target; undo --on without a check-in that day exits 1")
    func onDateRefused() throws {
        let (dir, id) = try Self.make(
            RepeatRule(frequency: .weekly, goal: 3), due: "2027-03-24", now: "2027-03-24T08:00")
        let (store, _, _) = try Self.open(dir, id, "2027-03-24T08:00")
        #expect(throws: StoreError.self) {
            try store.complete("Gym", list: "Habits", on: LocalDate(iso: "2027-03-23")!, source: .cli)
        }
        do {
            _ = try store.undo("Gym", list: "Habits", on: LocalDate(iso: "2027-03-23")!)
            Issue.record("undo --on a day without a check-in must throw")
        } catch StoreError.notCheckedIn(let phrase) {
            #expect(
                phrase.text(Localizer(.en)) == "\"Gym\" in \"Habits\" has no check-in on 2027-03-23: nothing to undo.")
        }
        #expect(try store.database.rows("SELECT count(*) FROM completions").first?.int(0) == 0)
    }

    @Test("undo --on takes back that day's check-in, not the latest; a met week that ended drops to missed")
    func undoOnDate() throws {
        let (dir, id) = try Self.make(
            RepeatRule(frequency: .weekly, goal: 2), due: "2027-03-22", now: "2027-03-22T08:00")
        for day in ["2027-03-22T08:00", "2027-03-24T20:00"] {
            let (store, _, _) = try Self.open(dir, id, day)
            try store.complete(todoID: id, source: .cli)
        }
        // Friday: undo Monday's check-in (not Wednesday's, the latest); Friday's then meets the target again.
        var (store, todo, progress) = try Self.open(dir, id, "2027-03-26T09:00")
        #expect(todo.isCompleted && progress == GoalProgress(count: 2, goal: 2))
        // What a grid cell shows, in the first week too (its due is the Sunday after these days).
        #expect(try store.isCheckedIn(todoID: id, on: LocalDate(iso: "2027-03-22")!))
        #expect(try !store.isCheckedIn(todoID: id, on: LocalDate(iso: "2027-03-23")!))
        todo = try store.undo("Gym", list: "Habits", on: LocalDate(iso: "2027-03-22")!)
        #expect(!todo.isCompleted)
        #expect(try store.read { try store.goalProgress(of: todo) } == GoalProgress(count: 1, goal: 2))
        #expect(throws: StoreError.self) {  // Wednesday is still checked in
            try store.undo("Gym", list: "Habits", on: LocalDate(iso: "2027-03-25")!)
        }
        #expect(try store.complete(todoID: id, source: .cli).stored.isCompleted)
        #expect(throws: StoreError.self) { try store.undo("Gym", list: "Habits", on: LocalDate(iso: "2027-03-22")!) }
        // The next week (across the spring change): undo --on Wednesday of the week before leaves it short, so missed.
        (store, todo, _) = try Self.open(dir, id, "2027-03-29T10:00")
        #expect(todo.missedCount == 0 && todo.occurrenceCount == 1)
        todo = try store.undo("Gym", list: "Habits", on: LocalDate(iso: "2027-03-24")!)
        #expect(todo.missedCount == 1 && todo.occurrenceCount == 1, "\(todo)")
        // Without --on, undo still takes back the latest check-in of the current period: there is none yet.
        #expect(throws: StoreError.self) { try store.undo(id) }
    }

    @Test(
        "rules with a target that cannot be counted are refused",
        arguments: [
            RepeatRule(frequency: .daily, goal: 2), RepeatRule(frequency: .yearly, goal: 2),
            RepeatRule(frequency: .weekly, goal: 8), RepeatRule(frequency: .weekly, goal: 0),
            RepeatRule(frequency: .monthly, goal: 29),
            RepeatRule(frequency: .monthly, nthWeekday: .init(1, .monday), goal: 2),
        ])
    func refused(_ rule: RepeatRule) {
        #expect(throws: RepeatRuleError.self) { try rule.validate() }
    }

    @Test("the notification body carries the progress")
    func notificationBody() {
        let now = Self.at("2027-03-24T09:00")
        let body = NotificationText.todoBody(
            listTitle: "Habits", due: .date(LocalDate(iso: "2027-03-28")!), now: now,
            userZone: Self.berlin, language: .en, progress: GoalProgress(count: 2, goal: 3))
        #expect(body.hasSuffix(" · 2/3"), "\(body)")
        #expect(
            !NotificationText.todoBody(
                listTitle: "Habits", due: .date(LocalDate(iso: "2027-03-28")!), now: now,
                userZone: Self.berlin, language: .en
            ).contains("/"))
    }

    @Test("the notification for the period's last day carries its progress")
    func claimCarriesProgress() throws {
        let (dir, id) = try Self.make(
            RepeatRule(frequency: .weekly, goal: 3), due: "2027-03-22", now: "2027-03-22T08:00")
        for day in ["2027-03-22T10:00", "2027-03-25T10:00"] {
            let (store, _, _) = try Self.open(dir, id, day)
            try store.complete(todoID: id, source: .cli)
        }
        let (store, _, _) = try Self.open(dir, id, "2027-03-26T09:00")
        // The period's notification: on its last day, Sunday Mar 28, at notify.defaultTime.
        let items = NotificationPlanner.due(
            try store.notificationInput(), after: store.clock.now,
            through: store.clock.now.addingTimeInterval(3 * 86_400), userZone: Self.berlin
        )
        .filter { $0.due == .date(LocalDate(iso: "2027-03-28")!) }
        #expect(items.count == 1)
        let claims = try store.claimDeliveries(items, outcome: "shown", pid: 1)
        #expect(claims.first?.progress == GoalProgress(count: 2, goal: 3))
    }

    @Test("a timed due is refused: the periods count days")
    func timedRefused() {
        let rule = RepeatRule(frequency: .weekly, goal: 3)
        #expect(throws: RepeatRuleError.self) {
            try rule.validate(anchor: .dateTime(LocalDateTime(iso: "2027-03-24T09:00")!, zoneID: "Europe/Berlin"))
        }
    }
}
