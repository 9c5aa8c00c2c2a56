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

    @Test("the trash outlives the process: a later store finds the deletion by title or id prefix, newest first")
    func trashAcrossProcesses() throws {
        let dir = CycleFixtures.dataDirectory("delete-restore-trash")
        let zone = CycleFixtures.zone("Europe/Berlin")
        var store: Store? = try CycleFixtures.open(dir, now: testClock().now, zone: zone)
        try store!.addList(title: "Home")
        let review = try store!.addTodo(title: "Weekly review", list: "Home")
        _ = try store!.addTodo(title: "Inbox zero", list: nil, parent: review.id)
        let before = try Self.rows(store!)
        try store!.deleteTodo("Weekly review", list: "Home")
        let older = try store!.addTodo(title: "Weekly review", list: "Home")
        store = try CycleFixtures.open(dir, now: testClock("2027-01-05T10:00:00").now, zone: zone)
        try store!.deleteTodo(older.id)
        store = nil

        let later = try CycleFixtures.open(dir, now: testClock("2027-01-06T09:00:00").now, zone: zone)
        let newest = try #require(try later.deletedTodos(matching: "Weekly review"))
        #expect(newest.todos.map(\.id) == [older.id])
        try later.restore(newest)
        let first = try #require(try later.deletedTodos(matching: String(review.id.prefix(6)), list: "Home"))
        #expect(first.todos.map(\.title) == ["Weekly review", "Inbox zero"])
        try later.deleteTodo(older.id)
        try later.restore(first)
        #expect(try Self.rows(later) == before)
        #expect(try later.deletedTodos(matching: "Inbox zero") == nil)
        #expect(try later.deletedTodos(matching: "Nothing") == nil)
        #expect(throws: StoreError.listNotFound("Elsewhere")) {
            try later.deletedTodos(matching: "x", list: "Elsewhere")
        }
    }

    @Test("a subtask whose parent was deleted since comes back on its own; a restored todo cannot be restored twice")
    func parentGoneAndTwice() throws {
        let dir = CycleFixtures.dataDirectory("delete-restore-parent")
        let store = try CycleFixtures.open(dir, now: testClock().now, zone: CycleFixtures.zone("Europe/Berlin"))
        try store.addList(title: "Home")
        let parent = try store.addTodo(title: "Pack", list: "Home")
        let socks = try store.addTodo(title: "Socks", list: nil, parent: parent.id)
        let deleted = try store.deleteTodo(socks.id)
        try store.deleteTodo(parent.id)
        let back = try store.restore(deleted)
        #expect(back.id == socks.id && back.parentId == nil)
        let candidate = TodoCandidate(id: socks.id, title: "Socks", listId: socks.listId, listTitle: "Home",
                                      isCompleted: false)
        #expect(throws: StoreError.todoExists(candidate)) { try store.restore(deleted) }
        #expect(try Self.rows(store).count == 1)
    }

    @Test("deletions older than the retention are pruned by the next delete; a deleted list takes its trash")
    func retention() throws {
        let dir = CycleFixtures.dataDirectory("delete-restore-retention")
        let zone = CycleFixtures.zone("Europe/Berlin")
        let store = try CycleFixtures.open(dir, now: testClock().now, zone: zone)
        try store.addList(title: "Home")
        try store.addList(title: "Errands")
        try store.deleteTodo(try store.addTodo(title: "Old", list: "Home").id)
        try store.deleteTodo(try store.addTodo(title: "Milk", list: "Errands").id)
        try store.removeList("Errands")
        #expect(try store.deletedTodos(matching: "Milk") == nil)
        let later = try CycleFixtures.open(dir, now: testClock("2027-02-05T09:00:01").now, zone: zone)
        #expect(try later.deletedTodos(matching: "Old") != nil)
        try later.deleteTodo(try later.addTodo(title: "New", list: "Home").id)
        #expect(try later.deletedTodos(matching: "Old") == nil)
        #expect(try later.deletedTodos(matching: "New") != nil)
    }

    @Test("the trash keeps every column a todo is read from (a new todo column needs a trash column too)")
    func trashHasEveryTodoColumn() throws {
        let store = try CycleFixtures.open(CycleFixtures.dataDirectory("delete-restore-columns"), now: testClock().now,
                                           zone: CycleFixtures.zone("Europe/Berlin"))
        let trash = Set(try store.read {
            try store.database.rows("SELECT name FROM pragma_table_info('deleted_todos')").compactMap { $0.text(0) }
        })
        let read = Store.todoColumns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(read.count > 20)
        #expect(read.filter { !trash.contains($0) } == [])
    }
}
