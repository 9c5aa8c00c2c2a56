import Foundation
import Testing
@testable import TaskTileCore
import TestSupport
@testable import TaskTileInterchange

/// The change journal (docs/sync.md "Changes on each side"): written by triggers in the same
/// transaction as the change, only while a sync account exists.
@Suite("Sync journal")
struct SyncJournalTests {
    @Test("no account: nothing journaled; with one: every write path records the todo, deletes included; the cursor prunes")
    func journalRecordsWrites() throws {
        let tmp = TemporaryDirectory("journal")
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        _ = try store.addList(title: "Work")
        let early = try store.addTodo(title: "before", list: "Work")
        #expect(try store.syncJournal(after: 0).todos.isEmpty)

        try store.addSyncAccount(SyncAccount(name: "v", kind: .vdir, url: tmp.path, user: nil, passwordCommand: nil))
        let t = try store.addTodo(title: "added", list: "Work")
        try store.complete(todoID: early.id, source: .widget)
        _ = try store.removeTodo(t.id)
        let changes = try store.syncJournal(after: 0)
        #expect(Set(changes.todos.keys) == [t.id, early.id])
        #expect(try store.database.scalarInt("SELECT count(*) FROM sync_journal WHERE op = 'delete' AND item_id = ?", [.text(t.id)]) == 1)

        try store.finishSync(account: "v", journalHead: changes.head)
        #expect(try store.syncJournal(after: try store.syncAccount(named: "v").journalSeq).todos.isEmpty)
        #expect(try store.database.scalarInt("SELECT count(*) FROM sync_journal") == 0, "entries every account has synced are pruned")
        try store.removeSyncAccount(named: "v")
        _ = try store.addTodo(title: "after", list: "Work")
        #expect(try store.database.scalarInt("SELECT count(*) FROM sync_journal") == 0)
    }

    @Test("a resource written over keeps unmodelled lines byte for byte and replaces only the changed groups")
    func renderOverTemplate() throws {
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//EN", "BEGIN:VTODO", "UID:abc@example.org",
            "DTSTAMP:20270101T000000Z", "SUMMARY:Old title", "X-FOO;X=1:keep me", "CATEGORIES:a,b",
            "PRIORITY:5", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:alarm text", "TRIGGER:-PT5M", "END:VALARM",
            "END:VTODO", "BEGIN:VTODO", "UID:abc@example.org", "RECURRENCE-ID:20270102T000000Z", "SUMMARY:Override", "END:VTODO",
            "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let utc = TimeZone(identifier: "UTC")!
        let parsed = try ICalendarResource.parse(text, href: "/x.ics", userZone: utc, now: Date(timeIntervalSince1970: 0))
        #expect(parsed.uid == "abc@example.org")
        var edited = parsed.todo
        edited.title = "New title"
        let out = ICalendarResource.render(edited, over: text, templateTodo: parsed.todo, now: Date(timeIntervalSince1970: 1_800_000_000))
        for kept in ["X-FOO;X=1:keep me\r\n", "CATEGORIES:a,b\r\n", "PRIORITY:5\r\n", "DESCRIPTION:alarm text\r\n", "SUMMARY:Override\r\n",
                     "RECURRENCE-ID:20270102T000000Z\r\n"] {
            #expect(out.contains(kept), "\(kept) kept")
        }
        #expect(out.contains("SUMMARY:New title\r\n") && !out.contains("Old title"))
        #expect(!out.contains("STATUS:"), "an unchanged group is not written: \(out)")
        #expect(out.contains("LAST-MODIFIED:20270115T080000Z"))
    }
}
