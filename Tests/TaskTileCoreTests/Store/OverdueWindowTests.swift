import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// The overdue window of a cycle (shared/SPEC.md §3.4, docs/cycles.md "Cycle semantics"): a timed
/// cycle's ends at the next cycle's due, a date-only cycle's at 00:00 local of the next cycle's
/// date. One second before and after each window end, in Europe/Berlin, with no check-ins: which
/// cycle is current, how many are missed, whether it is overdue; and catch-up from the state at
/// cycle 0 lands on the same cycle as a derivation from history, its boundary exactly at the end.
@Suite("Overdue windows")
struct OverdueWindowTests {
    static let berlin = CycleFixtures.zone("Europe/Berlin")

    struct Row: Sendable, CustomStringConvertible {
        var name: String
        var anchor: Due
        var rule: RepeatRule
        var now: String
        /// The current cycle's due date (its date in its zone), the misses, overdue or not.
        var due: String
        var missed: Int
        var overdue: Bool
        var description: String { "\(name) at \(now)" }
    }

    static func date(_ s: String) -> Due { .date(LocalDate(iso: s)!) }
    static let daily = RepeatRule(frequency: .daily)
    static let monWedFri = RepeatRule(frequency: .weekly, weekdays: [.monday, .wednesday, .friday])
    static let everyTwoDays = RepeatRule(frequency: .daily, interval: 2)
    static let monthly = RepeatRule(frequency: .monthly)
    static let nine = Due.dateTime(LocalDateTime(iso: "2027-01-04T09:00")!, zoneID: "Europe/Berlin")

    static let table: [Row] = [
        // A daily date-only habit has no overdue window: its day ends, the next day's cycle is current.
        Row(
            name: "daily date-only", anchor: date("2027-01-04"), rule: daily, now: "2027-01-04T23:59:59+01:00",
            due: "2027-01-04", missed: 0, overdue: false),
        Row(
            name: "daily date-only", anchor: date("2027-01-04"), rule: daily, now: "2027-01-05T00:00:00+01:00",
            due: "2027-01-05", missed: 1, overdue: false),
        Row(
            name: "daily date-only", anchor: date("2027-01-04"), rule: daily, now: "2027-01-05T00:00:01+01:00",
            due: "2027-01-05", missed: 1, overdue: false),
        Row(
            name: "daily date-only", anchor: date("2027-01-04"), rule: daily, now: "2027-01-05T00:10:00+01:00",
            due: "2027-01-05", missed: 1, overdue: false),
        Row(
            name: "daily date-only", anchor: date("2027-01-04"), rule: daily, now: "2027-01-05T23:59:59+01:00",
            due: "2027-01-05", missed: 1, overdue: false),
        Row(
            name: "daily date-only", anchor: date("2027-01-04"), rule: daily, now: "2027-01-06T00:00:01+01:00",
            due: "2027-01-06", missed: 2, overdue: false),
        // Mon/Wed/Fri: Monday is overdue on Tuesday; Friday over the weekend, missed when Monday begins.
        Row(
            name: "Mon/Wed/Fri date-only", anchor: date("2027-01-04"), rule: monWedFri,
            now: "2027-01-04T23:59:59+01:00",
            due: "2027-01-04", missed: 0, overdue: false),
        Row(
            name: "Mon/Wed/Fri date-only", anchor: date("2027-01-04"), rule: monWedFri,
            now: "2027-01-05T00:00:01+01:00",
            due: "2027-01-04", missed: 0, overdue: true),
        Row(
            name: "Mon/Wed/Fri date-only", anchor: date("2027-01-04"), rule: monWedFri,
            now: "2027-01-05T23:59:59+01:00",
            due: "2027-01-04", missed: 0, overdue: true),
        Row(
            name: "Mon/Wed/Fri date-only", anchor: date("2027-01-04"), rule: monWedFri,
            now: "2027-01-06T00:00:00+01:00",
            due: "2027-01-06", missed: 1, overdue: false),
        Row(
            name: "Mon/Wed/Fri date-only", anchor: date("2027-01-04"), rule: monWedFri,
            now: "2027-01-09T00:00:01+01:00",
            due: "2027-01-08", missed: 2, overdue: true),
        Row(
            name: "Mon/Wed/Fri date-only", anchor: date("2027-01-04"), rule: monWedFri,
            now: "2027-01-10T23:59:59+01:00",
            due: "2027-01-08", missed: 2, overdue: true),
        Row(
            name: "Mon/Wed/Fri date-only", anchor: date("2027-01-04"), rule: monWedFri,
            now: "2027-01-11T00:00:00+01:00",
            due: "2027-01-11", missed: 3, overdue: false),
        Row(
            name: "Mon/Wed/Fri date-only", anchor: date("2027-01-04"), rule: monWedFri,
            now: "2027-01-11T00:00:01+01:00",
            due: "2027-01-11", missed: 3, overdue: false),
        // Every 2 days: the day between is the overdue window.
        Row(
            name: "every 2 days date-only", anchor: date("2027-01-04"), rule: everyTwoDays,
            now: "2027-01-05T00:00:01+01:00",
            due: "2027-01-04", missed: 0, overdue: true),
        Row(
            name: "every 2 days date-only", anchor: date("2027-01-04"), rule: everyTwoDays,
            now: "2027-01-05T23:59:59+01:00",
            due: "2027-01-04", missed: 0, overdue: true),
        Row(
            name: "every 2 days date-only", anchor: date("2027-01-04"), rule: everyTwoDays,
            now: "2027-01-06T00:00:00+01:00",
            due: "2027-01-06", missed: 1, overdue: false),
        Row(
            name: "every 2 days date-only", anchor: date("2027-01-04"), rule: everyTwoDays,
            now: "2027-01-06T00:00:01+01:00",
            due: "2027-01-06", missed: 1, overdue: false),
        // Monthly on the 1st: overdue until the next 1st begins.
        Row(
            name: "monthly on the 1st", anchor: date("2027-01-01"), rule: monthly, now: "2027-01-01T23:59:59+01:00",
            due: "2027-01-01", missed: 0, overdue: false),
        Row(
            name: "monthly on the 1st", anchor: date("2027-01-01"), rule: monthly, now: "2027-01-31T23:59:59+01:00",
            due: "2027-01-01", missed: 0, overdue: true),
        Row(
            name: "monthly on the 1st", anchor: date("2027-01-01"), rule: monthly, now: "2027-02-01T00:00:00+01:00",
            due: "2027-02-01", missed: 1, overdue: false),
        Row(
            name: "monthly on the 1st", anchor: date("2027-01-01"), rule: monthly, now: "2027-02-01T00:00:01+01:00",
            due: "2027-02-01", missed: 1, overdue: false),
        // Monthly on the 31st (clamped: Feb 28), across the spring change on Mar 28.
        Row(
            name: "monthly on the 31st", anchor: date("2027-01-31"), rule: monthly, now: "2027-02-27T23:59:59+01:00",
            due: "2027-01-31", missed: 0, overdue: true),
        Row(
            name: "monthly on the 31st", anchor: date("2027-01-31"), rule: monthly, now: "2027-02-28T00:00:00+01:00",
            due: "2027-02-28", missed: 1, overdue: false),
        Row(
            name: "monthly on the 31st", anchor: date("2027-01-31"), rule: monthly, now: "2027-03-30T23:59:59+02:00",
            due: "2027-02-28", missed: 1, overdue: true),
        Row(
            name: "monthly on the 31st", anchor: date("2027-01-31"), rule: monthly, now: "2027-03-31T00:00:00+02:00",
            due: "2027-03-31", missed: 2, overdue: false),
        Row(
            name: "monthly on the 31st", anchor: date("2027-01-31"), rule: monthly, now: "2027-03-31T00:00:01+02:00",
            due: "2027-03-31", missed: 2, overdue: false),
        // A timed cycle's window still ends at the next cycle's due.
        Row(
            name: "timed daily 09:00", anchor: nine, rule: daily, now: "2027-01-04T08:59:59+01:00",
            due: "2027-01-04", missed: 0, overdue: false),
        Row(
            name: "timed daily 09:00", anchor: nine, rule: daily, now: "2027-01-04T09:00:01+01:00",
            due: "2027-01-04", missed: 0, overdue: true),
        Row(
            name: "timed daily 09:00", anchor: nine, rule: daily, now: "2027-01-05T08:59:59+01:00",
            due: "2027-01-04", missed: 0, overdue: true),
        Row(
            name: "timed daily 09:00", anchor: nine, rule: daily, now: "2027-01-05T09:00:00+01:00",
            due: "2027-01-05", missed: 1, overdue: true),
        Row(
            name: "timed daily 09:00", anchor: nine, rule: daily, now: "2027-01-05T09:00:01+01:00",
            due: "2027-01-05", missed: 1, overdue: true),
    ]

    static func todo(_ row: Row) -> Todo {
        Todo(
            id: "t", listId: "l", title: "Habit", isCompleted: false, completedAt: nil, sortOrder: 0,
            createdAt: Date(timeIntervalSince1970: 0), due: row.anchor, anchor: row.anchor, repeatRule: row.rule,
            missedCount: 0, occurrenceCount: 0)
    }

    @Test("the current cycle at each window end", arguments: table)
    func window(_ row: Row) throws {
        let now = CycleFixtures.instant(row.now)
        let base = Self.todo(row)
        let derived = Store.derived(base, completed: [:], at: now, userZone: Self.berlin)
        #expect(derived.due?.localDate.description == row.due)
        #expect(derived.missedCount == row.missed)
        #expect(!derived.isCompleted)
        #expect((derived.due!.deadline(userZone: Self.berlin) <= now) == row.overdue)
        // Catch-up from cycle 0 agrees with the derivation.
        let moved = Store.caughtUp(base, at: now, userZone: Self.berlin) ?? base
        #expect(moved.occurrenceCount == derived.occurrenceCount)
        #expect(moved.missedCount == derived.missedCount)
        // The catch-up boundary of the current state is where its window ends: nothing moves 1 s
        // before it, the todo moves at it.
        if let boundary = Store.catchUpBoundary(of: derived) {
            let end = boundary.deadline(userZone: Self.berlin)
            #expect(end > now)
            #expect(Store.caughtUp(derived, at: end - 1, userZone: Self.berlin) == nil)
            #expect(Store.caughtUp(derived, at: end, userZone: Self.berlin) != nil)
        }
    }

    @Test("a date-only cycle checked in on its day shows completed until the day ends, then the next is pending")
    func checkedInOnItsDay() throws {
        let row = Self.table[0]
        let base = Self.todo(row)
        let evening = CycleFixtures.instant("2027-01-04T20:00:00+01:00")
        let history = [0: evening]
        let late = Store.derived(
            base, completed: history, at: CycleFixtures.instant("2027-01-04T23:59:59+01:00"), userZone: Self.berlin)
        #expect(late.occurrenceCount == 0 && late.isCompleted && late.completedAt == evening)
        let midnight = Store.derived(
            base, completed: history, at: CycleFixtures.instant("2027-01-05T00:00:00+01:00"), userZone: Self.berlin)
        #expect(midnight.occurrenceCount == 1 && !midnight.isCompleted && midnight.missedCount == 0)
    }

    @Test("Mon/Wed/Fri: Friday is still the one due on Saturday; on Monday a plain check-in is Monday's, Friday missed")
    func weekendWindow() throws {
        let base = Self.todo(Self.table[6])
        let saturday = CycleFixtures.instant("2027-01-09T10:00:00+01:00")
        // Cycle 1 is Wed Jan 6 (missed); the current one on Saturday is Friday (cycle 2), overdue.
        let friday = Store.derived(
            base, completed: [0: CycleFixtures.instant("2027-01-04T10:00:00+01:00")],
            at: saturday, userZone: Self.berlin)
        #expect(friday.due == Self.date("2027-01-08") && friday.missedCount == 1)
        let monday = Store.derived(
            base, completed: [0: CycleFixtures.instant("2027-01-04T10:00:00+01:00")],
            at: CycleFixtures.instant("2027-01-11T07:00:00+01:00"), userZone: Self.berlin)
        #expect(monday.due == Self.date("2027-01-11") && monday.missedCount == 2 && !monday.isCompleted)
    }
}
