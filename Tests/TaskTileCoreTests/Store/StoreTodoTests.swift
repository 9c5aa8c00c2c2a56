import Foundation
import Testing
@testable import TaskTileCore
import TestSupport

@Suite("Store: lists, todos, ordering and addressing")
struct StoreTodoTests {
    @Test("sortOrder is max+1 after deletes, and moving renumbers the section")
    func ordering() throws {
        let tmp = TemporaryDirectory("order")
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        try store.addList(title: "L")
        let a = try store.addTodo(title: "a", list: "L")
        _ = try store.addTodo(title: "b", list: "L")
        try store.removeTodo(a.id)
        let c = try store.addTodo(title: "c", list: "L")
        #expect(c.sortOrder == 2) // max+1, not count (which would collide with b's 1)
        try store.moveTodo(c.id, to: 0)
        let titles = try store.contents(of: "L")[0].pending.map(\.title)
        #expect(titles == ["c", "b"])
        #expect(try store.contents(of: "L")[0].pending.map(\.sortOrder) == [0, 1])
    }

    @Test("completing keeps sortOrder, so undo returns the todo to its place")
    func undoReturnsToPlace() throws {
        let tmp = TemporaryDirectory("undo")
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        try store.addList(title: "L")
        for t in ["one", "two", "three"] { try store.addTodo(title: t, list: "L") }
        try store.complete("two", list: "L", source: .cli)
        #expect(try store.contents(of: "L")[0].pending.map(\.title) == ["one", "three"])
        try store.undo("two", list: "L")
        #expect(try store.contents(of: "L")[0].pending.map(\.title) == ["one", "two", "three"])
        #expect(try store.database.scalarInt("SELECT count(*) FROM completions WHERE undone_at IS NOT NULL") == 1)
    }

    @Test("titles: trimmed, NFC, and refused when empty, too long or with control characters", arguments: [
        ("", false), ("   ", false), ("a\nb", false), ("a\u{0}b", false), ("tab\there", false),
        (String(repeating: "あ", count: 1001), false), (String(repeating: "あ", count: 1000), true),
        ("'; DROP TABLE todos; --", true), ("<b>&amp;</b>", true), ("  padded  ", true),
    ])
    func titleRules(title: String, accepted: Bool) throws {
        let tmp = TemporaryDirectory("title")
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        try store.addList(title: "L")
        if accepted {
            let t = try store.addTodo(title: title, list: "L")
            #expect(t.title == title.trimmingCharacters(in: .whitespaces))
        } else {
            #expect(throws: StoreError.self) { try store.addTodo(title: title, list: "L") }
            #expect(try store.database.scalarInt("SELECT count(*) FROM todos") == 0)
        }
    }

    @Test("short ids are the shortest unique prefixes of at least 6 characters")
    func shortIDs() {
        let ids = ["abcdef01-0000", "abcdef02-0000", "123456aa-0000"]
        let short = Store.shortIDs(ids)
        #expect(short["123456aa-0000"] == "123456")
        #expect(short["abcdef01-0000"] == "abcdef01")
        #expect(short["abcdef02-0000"] == "abcdef02")
    }

    @Test("todos are addressed by id prefix or by title with a list; ambiguity is reported")
    func addressing() throws {
        let tmp = TemporaryDirectory("address")
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        try store.addList(title: "A")
        try store.addList(title: "B")
        let milkA = try store.addTodo(title: "Milk", list: "A")
        try store.addTodo(title: "Milk", list: "B")
        #expect(try store.read { try store.resolveTodo(String(milkA.id.prefix(8))) }.id == milkA.id)
        #expect(try store.read { try store.resolveTodo("Milk", list: "A") }.id == milkA.id)
        #expect { try store.read { try store.resolveTodo("Milk") } } throws: { error in
            if case StoreError.ambiguousTodo(_, let c) = error { return c.count == 2 }
            return false
        }
        #expect(throws: StoreError.todoNotFound("Bread", list: "A")) { try store.read { try store.resolveTodo("Bread", list: "A") } }
    }

    @Test("deleting a list deletes its todos but keeps completion history")
    func removeList() throws {
        let tmp = TemporaryDirectory("rmlist")
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        try store.addList(title: "Gone")
        let t = try store.addTodo(title: "x", list: "Gone")
        try store.complete(todoID: t.id, source: .cli)
        let (_, count) = try store.removeList("Gone")
        #expect(count == 1)
        #expect(try store.database.scalarInt("SELECT count(*) FROM todos") == 0)
        #expect(try store.database.scalarInt("SELECT count(*) FROM completions") == 1)
    }
}

@Suite("Store: a title that looks like an id prefix")
struct TitleLooksLikeIDTests {
    @Test("a title equal to another todo's id prefix is ambiguous, never silently the other todo")
    func titleVersusIDPrefix() throws {
        let tmp = TemporaryDirectory("idtitle")
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        try store.addList(title: "L")
        let other = try store.addTodo(title: "Other", list: "L")
        let prefix = String(other.id.prefix(4))
        let named = try store.addTodo(title: prefix, list: "L")
        #expect { try store.read { try store.resolveTodo(prefix) } } throws: { error in
            guard case StoreError.ambiguousTodo(_, let c) = error else { return false }
            return Set(c.map(\.id)) == [other.id, named.id]
        }
        // With the list, the title wins; a longer prefix names the other one.
        #expect(try store.read { try store.resolveTodo(prefix, list: "L") }.id == named.id)
        #expect(try store.read { try store.resolveTodo(String(other.id.prefix(13))) }.id == other.id)
    }
}
