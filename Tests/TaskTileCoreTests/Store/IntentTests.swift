import Foundation
import Testing
@testable import TaskTileCore
import TestSupport

@Suite("Intent complete (docs/completion.md): matching, refusals, and one transaction")
struct IntentTests {
    /// A store with a snapshot function for "nothing changed" checks.
    struct Fixture {
        let tmp = TemporaryDirectory("intent")
        let store: Store
        init() throws { store = try Store.open(tmp.dataDirectory, clock: testClock()) }
        func state() throws -> [String] {
            try store.database.rows("SELECT id, is_completed, completed_at FROM todos ORDER BY id").map { "\($0.values)" }
                + [try "\(store.database.scalarInt("SELECT count(*) FROM completions") ?? -1)",
                   try "\(store.database.scalarInt("SELECT count(*) FROM flashes") ?? -1)"]
        }
    }

    @Test("a decomposed title matches the composed one (NFC), and dakuten are not stripped")
    func normalisation() throws {
        let f = try Fixture()
        try f.store.addList(title: "買い物")
        try f.store.addTodo(title: "データ", list: "買い物") // composed (NFC) input
        try f.store.addTodo(title: "テータ", list: "買い物") // no dakuten: a different title
        let decomposed = "テ\u{3099}ータ" // テ + combining dakuten
        // Swift's == is canonical equivalence, so compare scalars to be sure the input really is NFD.
        #expect(Array(decomposed.unicodeScalars) != Array("データ".unicodeScalars))
        let result = try f.store.intentComplete(listTitle: "  買い物 ", todoTitle: decomposed, first: false)
        #expect(result.todo.title == "データ")
        let pending = try f.store.contents(of: "買い物")[0].pending.map(\.title)
        #expect(pending == ["テータ"])
    }

    @Test("matching is case-sensitive")
    func caseSensitive() throws {
        let f = try Fixture()
        try f.store.addList(title: "Shopping")
        try f.store.addTodo(title: "Milk", list: "Shopping")
        #expect(throws: IntentFailure.todoMissing(list: "Shopping", todo: "milk")) {
            try f.store.intentComplete(listTitle: "Shopping", todoTitle: "milk", first: false)
        }
    }

    @Test("duplicate lists each with the todo: exit-3 ambiguity listing both, nothing changed; --first takes the first")
    func duplicateLists() throws {
        let f = try Fixture()
        try f.store.addList(title: "Shopping")
        try f.store.addList(title: "Shopping")
        let lists = try f.store.listSummaries().map(\.list)
        let first = try f.store.addTodo(title: "Milk", list: lists[0].id)
        let second = try f.store.addTodo(title: "Milk", list: lists[1].id)
        let before = try f.state()
        #expect {
            try f.store.intentComplete(listTitle: "Shopping", todoTitle: "Milk", first: false)
        } throws: { error in
            guard case IntentFailure.ambiguous(_, _, let c) = error else { return false }
            return c.map(\.id) == [first.id, second.id]
        }
        #expect(try f.state() == before)
        let r = try f.store.intentComplete(listTitle: "Shopping", todoTitle: "Milk", first: true)
        #expect(r.todo.id == first.id)
    }

    @Test("duplicate todos in one list: ambiguity; --first takes the lower sortOrder")
    func duplicateTodos() throws {
        let f = try Fixture()
        try f.store.addList(title: "Shopping")
        let a = try f.store.addTodo(title: "Milk", list: "Shopping")
        let b = try f.store.addTodo(title: "Milk", list: "Shopping")
        try f.store.moveTodo(b.id, to: 0)
        let before = try f.state()
        #expect(throws: IntentFailure.self) { try f.store.intentComplete(listTitle: "Shopping", todoTitle: "Milk", first: false) }
        #expect(try f.state() == before)
        #expect(try f.store.intentComplete(listTitle: "Shopping", todoTitle: "Milk", first: true).todo.id == b.id)
        // One completed and one pending: only the pending one is a candidate.
        #expect(try f.store.intentComplete(listTitle: "Shopping", todoTitle: "Milk", first: false).todo.id == a.id)
    }

    @Test("missing list, missing todo and already completed are told apart, and change nothing")
    func failures() throws {
        let f = try Fixture()
        try f.store.addList(title: "Shopping")
        let milk = try f.store.addTodo(title: "Milk", list: "Shopping")
        try f.store.complete(todoID: milk.id, source: .cli)
        let before = try f.state()
        #expect(throws: IntentFailure.listMissing(list: "Hardware")) {
            try f.store.intentComplete(listTitle: "Hardware", todoTitle: "Milk", first: false)
        }
        #expect(throws: IntentFailure.todoMissing(list: "Shopping", todo: "Eggs")) {
            try f.store.intentComplete(listTitle: "Shopping", todoTitle: "Eggs", first: false)
        }
        #expect(throws: IntentFailure.alreadyCompleted(list: "Shopping", todo: "Milk")) {
            try f.store.intentComplete(listTitle: "Shopping", todoTitle: "Milk", first: true)
        }
        #expect(throws: IntentFailure.self) { try f.store.intentComplete(id: milk.id) }
        #expect(throws: IntentFailure.idMissing("ffffffff")) { try f.store.intentComplete(id: "ffffffff") }
        #expect(try f.state() == before)
    }

    @Test("success completes, records history and a flash, in one transaction")
    func success() throws {
        let f = try Fixture()
        try f.store.addList(title: "Shopping")
        let milk = try f.store.addTodo(title: "Milk", list: "Shopping")
        let r = try f.store.intentComplete(id: String(milk.id.prefix(6)))
        #expect(r.todo.isCompleted && r.source == .intent)
        let history = try f.store.database.rows("SELECT todo_id, source FROM completions")
        #expect(history.map { $0.text(0) } == [milk.id])
        #expect(history.map { $0.text(1) } == ["intent"])
        let content = try f.store.widgetContent(list: "Shopping")!
        #expect(content.flashes[milk.id] != nil)
    }
}
