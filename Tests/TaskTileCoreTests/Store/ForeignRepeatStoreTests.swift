import Foundation
import Testing
@testable import TaskTileCore
import TestSupport

/// The store keeps which meaning a repeat has (docs/store.md "Migrations" `v8-repeat-skips-short-months`,
/// docs/cycles.md "iCalendar forms"): skipping or clamping short months, a whole-day until or an RFC 5545 UNTIL moment.
@Suite("Store: repeats keep their RFC 5545 meaning")
struct ForeignRepeatStoreTests {
    @Test("a skipping rule and an UNTIL moment are stored and read back as they are, for todos and list reminders")
    func roundTrip() throws {
        let tmp = TemporaryDirectory("foreign-repeat")
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        try store.addList(title: "L")
        let skip = RepeatRule(frequency: .monthly, end: .untilTime(LocalDateTime(iso: "2028-01-31T07:59:59")!, isUTC: true),
                              skipsShortMonths: true)
        let floating = RepeatRule(frequency: .daily, end: .untilTime(LocalDateTime(iso: "2027-02-01T08:00:00")!, isUTC: false))
        let a = try store.addTodo(title: "rent", list: "L", due: .dateTime(LocalDateTime(iso: "2027-01-31T09:00")!, zoneID: "Europe/Berlin"),
                                  repeatRule: skip)
        let b = try store.addTodo(title: "walk", list: "L", due: .dateTime(LocalDateTime(iso: "2027-01-06T09:00")!, zoneID: "Europe/Berlin"),
                                  repeatRule: floating)
        let c = try store.addTodo(title: "clamp", list: "L", due: .date(LocalDate(iso: "2027-01-31")!), repeatRule: RepeatRule(frequency: .monthly))
        #expect(try store.todo(id: a.id)?.repeatRule == skip)
        #expect(try store.todo(id: b.id)?.repeatRule == floating)
        #expect(try store.todo(id: c.id)?.repeatRule == RepeatRule(frequency: .monthly))
        #expect(try store.database.rows("SELECT repeat_end_date, repeat_skips_short_months FROM todos WHERE id = ?", [.text(a.id)])
                    .first.map { [$0.text(0) ?? "", String($0.int(1) ?? -1)] } == ["2028-01-31T07:59:59Z", "1"])
        let at = Due.dateTime(LocalDateTime(iso: "2027-01-31T18:00")!, zoneID: "Europe/Berlin")
        try store.setListReminder(list: "L", anchor: at, repeatRule: RepeatRule(frequency: .monthly, skipsShortMonths: true))
        #expect(try store.listReminder(list: "L").reminder?.repeatRule == RepeatRule(frequency: .monthly, skipsShortMonths: true))
    }

    @Test("on Mar 5 a skipping series from Jan 31 is still on Jan 31 (the next cycle is Mar 31); a clamping one missed it for Feb 28")
    func catchUp() throws {
        let tmp = TemporaryDirectory("foreign-catch-up")
        let anchor = Due.date(LocalDate(iso: "2027-01-31")!)
        do {
            let store = try Store.open(tmp.dataDirectory, clock: testClock("2027-01-20T09:00:00"))
            try store.addList(title: "L")
            try store.addTodo(title: "skip", list: "L", due: anchor, repeatRule: RepeatRule(frequency: .monthly, skipsShortMonths: true))
            try store.addTodo(title: "clamp", list: "L", due: anchor, repeatRule: RepeatRule(frequency: .monthly))
            try store.database.close()
        }
        let store = try Store.open(tmp.dataDirectory, clock: testClock("2027-03-05T09:00:00"))
        let pending = try store.contents(of: "L")[0].pending
        let skip = try #require(pending.first { $0.title == "skip" }), clamp = try #require(pending.first { $0.title == "clamp" })
        #expect(skip.due == .date(LocalDate(iso: "2027-01-31")!) && skip.missedCount == 0 && skip.occurrenceCount == 0)
        #expect(clamp.due == .date(LocalDate(iso: "2027-02-28")!) && clamp.missedCount == 1 && clamp.occurrenceCount == 1)
    }

    @Test("changing only the meaning of a rule marks it for catch-up, whatever wrote the change")
    func staleTrigger() throws {
        let tmp = TemporaryDirectory("foreign-stale")
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        try store.addList(title: "L")
        let t = try store.addTodo(title: "rent", list: "L", due: .date(LocalDate(iso: "2027-01-31")!), repeatRule: RepeatRule(frequency: .monthly))
        try store.database.run("DELETE FROM catch_up_stale")
        try store.database.run("UPDATE todos SET repeat_skips_short_months = 1 WHERE id = ?", [.text(t.id)])
        #expect(try store.database.scalarInt("SELECT count(*) FROM catch_up_stale WHERE todo_id = ?", [.text(t.id)]) == 1)
    }
}
