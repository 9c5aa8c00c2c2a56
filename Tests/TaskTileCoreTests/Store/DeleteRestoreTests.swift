import Foundation
import Testing
import TestSupport
@testable import TaskTileCore

/// `Store.deleteTodo` and `Store.restore`: the edit popup's delete and its undo (docs/desktop.md "Editing from a
/// widget"). A parent goes with its subtasks, and comes back with them: same ids, fields, order and links.
@Suite("Delete and restore a todo with its subtasks")
struct DeleteRestoreTests {
    static func rows(_ store: Store) throws -> [String] {
        try store.read {
            try store.database.rows(
                """
                SELECT id, list_id, title, coalesce(parent_id, '-'), priority, coalesce(tags, ''), sort_order,
                       coalesce(due_local, ''), coalesce(notes, ''), search_key FROM todos ORDER BY id
                """
            ).map { r in (0..<10).map { r.text($0) ?? r.int($0).map(String.init) ?? "?" }.joined(separator: "|") }
        }
    }

    @Test("a parent and two levels of subtasks are deleted together and restored exactly; history is kept")
    func deleteAndRestore() throws {
        let dir = CycleFixtures.dataDirectory("delete-restore")
        let store = try CycleFixtures.open(dir, now: testClock().now, zone: CycleFixtures.zone("Europe/Berlin"))
        try store.addList(title: "Home")
        let parent = try store.addTodo(title: "Pack", list: "Home", due: .date(LocalDate(iso: "2027-01-08")!),
                                       notes: "for Kyoto", priority: .high, tags: ["travel"])
        let socks = try store.addTodo(title: "Socks", list: nil, parent: parent.id)
        _ = try store.addTodo(title: "Wool socks", list: nil, parent: socks.id)
        try store.complete(todoID: socks.id, source: .cli)
        let other = try store.addTodo(title: "Water the plants", list: "Home")
        let before = try Self.rows(store)
        let history = try store.read { try store.database.rows("SELECT count(*) FROM completions").first?.int(0) }

        let deleted = try store.deleteTodo(parent.id)
        #expect(deleted.candidate.title == "Pack" && deleted.candidate.listTitle == "Home")
        #expect(deleted.todos.map(\.title) == ["Pack", "Socks", "Wool socks"])
        #expect(try store.read { try store.todo(id: other.id) } != nil)
        #expect(try Self.rows(store).count == 1)
        #expect(try store.read { try store.database.rows("SELECT count(*) FROM completions").first?.int(0) } == history)

        let back = try store.restore(deleted)
        #expect(back.id == parent.id)
        #expect(try Self.rows(store) == before)
        // A second restore finds the ids taken: refused, nothing written.
        #expect(throws: (any Error).self) { try store.restore(deleted) }
        #expect(try Self.rows(store) == before)
    }

    @Test("restoring into a list deleted since is refused with the list's name, nothing written")
    func listGone() throws {
        let dir = CycleFixtures.dataDirectory("delete-restore-list")
        let store = try CycleFixtures.open(dir, now: testClock().now, zone: CycleFixtures.zone("Europe/Berlin"))
        try store.addList(title: "Errands")
        try store.addList(title: "Home")
        let milk = try store.addTodo(title: "Milk", list: "Errands")
        let deleted = try store.deleteTodo(milk.id)
        try store.removeList("Errands")
        #expect(throws: StoreError.listNotFound("Errands")) { try store.restore(deleted) }
        #expect(try Self.rows(store).isEmpty)
    }
}
