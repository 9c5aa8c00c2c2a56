import Foundation
import Testing
@testable import TaskTileCore

@Suite("Notification texts, English and Japanese")
struct NotificationTextTests {
    @Test("list reminder summary")
    func reminder() {
        #expect(NotificationText.reminderSummary(listTitle: "Home", count: 3, language: .en) == "Home: 3 incomplete tasks")
        #expect(NotificationText.reminderSummary(listTitle: "Home", count: 1, language: .en) == "Home: 1 incomplete task")
        #expect(NotificationText.reminderSummary(listTitle: "買い物", count: 2, language: .ja) == "買い物: 未完了のタスクが2件あります")
    }

    @Test("todo body: <list> · Due <time>, the date only when not today")
    func body() {
        let zone = TimeZone(identifier: "Asia/Tokyo")!
        let now = Clock.parseInstant("2027-01-05T08:59:00+09:00", zone: zone)!
        let today = Due.dateTime(LocalDateTime(iso: "2027-01-05T09:00")!, zoneID: "Asia/Tokyo")
        let later = Due.dateTime(LocalDateTime(iso: "2027-01-06T09:00")!, zoneID: "Asia/Tokyo")
        #expect(NotificationText.todoBody(listTitle: "Home", due: today, now: now, userZone: zone, language: .en) == "Home · Due 09:00")
        #expect(NotificationText.todoBody(listTitle: "Home", due: later, now: now, userZone: zone, language: .en) == "Home · Due 2027-01-06 09:00")
        #expect(NotificationText.todoBody(listTitle: "家", due: .date(LocalDate(year: 2027, month: 1, day: 5)!), now: now,
                                          userZone: zone, language: .ja) == "家 · 期限 今日")
    }

    @Test("a parent's body counts its open steps: 3 of 5 steps left, 1 of 1 step left, all 5 steps done")
    func steps() {
        let zone = TimeZone(identifier: "Asia/Tokyo")!
        let now = Clock.parseInstant("2027-01-05T08:59:00+09:00", zone: zone)!
        let due = Due.dateTime(LocalDateTime(iso: "2027-01-05T09:00")!, zoneID: "Asia/Tokyo")
        func body(_ open: Int, _ total: Int, _ language: Language = .en) -> String {
            NotificationText.todoBody(
                listTitle: "Home", due: due, now: now, userZone: zone, language: language, steps: (open, total))
        }
        #expect(body(3, 5) == "Home · Due 09:00 · 3 of 5 steps left")
        #expect(body(1, 1) == "Home · Due 09:00 · 1 of 1 step left")
        #expect(body(0, 5) == "Home · Due 09:00 · all 5 steps done")
        #expect(body(3, 5, .ja) == "Home · 期限 09:00 · 5 ステップ中 3 件が残っています")
        #expect(body(0, 0) == "Home · Due 09:00", "no subtasks, no count")
    }

    @Test("catch-up summary and title list; markup escaping")
    func catchUp() {
        #expect(NotificationText.catchUpSummary(count: 3, language: .en) == "3 missed reminders")
        #expect(NotificationText.titleList(["A", "B", "C", "D", "E", "F", "G"], language: .en) == "A, B, C, D, E + 2 more")
        #expect(NotificationText.titleList(["A", "B"], language: .ja) == "A、B")
        #expect(NotificationText.titleList(["A", "B", "C"], limit: 2, language: .ja) == "A、B 他1件")
        #expect(NotificationText.catchUpSummary(count: 1, language: .ja) == "見逃した通知が1件あります")
        #expect(NotificationText.escapeMarkup("Tom & <b>Jerry</b>") == "Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;")
    }
}
