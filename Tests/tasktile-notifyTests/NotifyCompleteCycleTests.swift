import Foundation
import Testing
@testable import tasktile_notify
import TaskTileCore
import TaskTileNotify
import TaskTileRuntime
import TestSupport

/// Complete on a notification completes the cycle that notification was for, even
/// when the click comes after the next cycle began (docs/cycles.md "Completing a past cycle").
/// The daemon's action handler runs in-process with a sink that records what it is asked.
@Suite("Notification Complete for its own cycle")
struct NotifyCompleteCycleTests {
    final class RecordingSink: NotificationSink {
        let name = "test"
        var closed: [UInt32] = []
        func show(_ notification: OutgoingNotification) throws -> UInt32? { 1 }
        func close(id: UInt32) throws { closed.append(id) }
        func wait(timeout: Double) throws -> [NotificationEvent] { [] }
    }

    static let utc = TimeZone(identifier: "UTC")!

    /// A daily 09:00 UTC "Stretch" from 2027-01-04, a daemon whose clock reads `clickAt`, and the
    /// notification for cycle `cycle` shown as id 1.
    static func setUp(clickAt: String, cycle: Int) throws -> (NotifyDaemon, RecordingSink, Store, String) {
        let dir = CycleFixtures.dataDirectory("notify-cycle")
        let store = try CycleFixtures.open(dir, now: CycleFixtures.instant("2027-01-04T08:00:00Z"), zone: utc)
        try store.addList(title: "Habits")
        let anchor = Due.dateTime(LocalDateTime(iso: "2027-01-04T09:00")!, zoneID: "UTC")
        let todo = try store.addTodo(title: "Stretch", list: "Habits", due: anchor, repeatRule: RepeatRule(frequency: .daily))
        let due = try #require(RecurrenceEngine.occurrence(cycle, of: RepeatRule(frequency: .daily), anchor: anchor))
        let sink = RecordingSink()
        let offset = CycleFixtures.instant(clickAt).timeIntervalSince(Date())
        let daemon = NotifyDaemon(configuration: .init(directory: dir, zone: utc, clockOffset: offset), sink: sink,
                                  log: DaemonLog(program: "tasktile-notify", zone: utc, write: { _ in }))
        let planned = PlannedNotification(identifier: "\(todo.id)_\(cycle)", kind: .todo, fireAt: due.deadline(userZone: utc), due: due,
                                          todoId: todo.id, index: cycle, listId: todo.listId, listTitle: "Habits", title: "Stretch")
        daemon.shown[1] = OutgoingNotification(kind: "todo", identifier: planned.identifier, summary: "Stretch", body: "Habits",
                                               todoId: todo.id, listTitle: "Habits", due: due.jsonText, completable: true,
                                               items: [planned])
        let later = try CycleFixtures.open(dir, now: CycleFixtures.instant(clickAt), zone: utc)
        return (daemon, sink, later, todo.id)
    }

    static func todo(_ store: Store, _ id: String) throws -> Todo? {
        try store.contents().flatMap { $0.pending + $0.completed }.first { $0.id == id }
    }

    static func cycles(_ store: Store, _ id: String) throws -> [Int] {
        try store.database.rows("SELECT cycle_index FROM completions WHERE todo_id = ? AND undone_at IS NULL ORDER BY id",
                                [.text(id)]).compactMap { $0.int(0) }
    }

    @Test("clicked a day and a half later, Complete completes Jan 4 (missed), not Jan 5 (overdue now)")
    func passedCycle() throws {
        let (daemon, sink, store, id) = try Self.setUp(clickAt: "2027-01-05T21:00:00Z", cycle: 0)
        let before = try #require(try Self.todo(store, id))
        #expect(before.occurrenceCount == 1 && before.missedCount == 1)
        daemon.handle(.actionInvoked(id: 1, key: "complete"), store: store)
        #expect(try Self.cycles(store, id) == [0])
        let after = try #require(try Self.todo(store, id))
        #expect(after.occurrenceCount == 1 && !after.isCompleted && after.missedCount == 0)
        #expect(try store.database.scalarText("SELECT source FROM completions WHERE todo_id = ?", [.text(id)]) == "notification")
        #expect(sink.closed == [1])
    }

    @Test("clicked 30 s after the due, Complete completes that cycle and the next one is pending")
    func justAfterTheDue() throws {
        let (daemon, _, store, id) = try Self.setUp(clickAt: "2027-01-04T09:00:30Z", cycle: 0)
        daemon.handle(.actionInvoked(id: 1, key: "complete"), store: store)
        #expect(try Self.cycles(store, id) == [0])
        let after = try #require(try Self.todo(store, id))
        #expect(after.occurrenceCount == 1 && !after.isCompleted && after.missedCount == 0)
        #expect(after.due == Due.dateTime(LocalDateTime(iso: "2027-01-05T09:00")!, zoneID: "UTC"))
    }
}
