import Foundation
import Testing
@testable import TaskTileCore
import TestSupport

/// `Store.addTodo(from:list:)`: the one "line → todo" step of `tasktile quick` and the capture popup.
@Suite("Store: a todo from a quick-add line")
struct StoreQuickAddTests {
    /// Tuesday 2027-01-05 09:00 in Berlin.
    static let clock = testClock()

    @Test("every part of the line lands on the todo; ^list wins over the given list")
    func parts() throws {
        let tmp = TemporaryDirectory("quick-store")
        let store = try Store.open(tmp.dataDirectory, clock: Self.clock)
        try store.addList(title: "Home")
        try store.addList(title: "Work")
        let q = QuickAdd.parse("Call mom tomorrow 6pm #family !high ^Home every sunday", clock: Self.clock)
        let todo = try store.addTodo(from: q, list: "Work")
        #expect(todo.title == "Call mom")
        #expect(todo.tags == ["family"])
        #expect(todo.priority == .high)
        #expect(todo.repeatRule != nil)
        // Tomorrow is Wednesday: the weekly rule moves the first due to Sunday 2027-01-10 18:00.
        #expect(todo.due?.jsonText == "2027-01-10T18:00:00+01:00")
        #expect(try store.read { try store.resolveList(todo.listId).title } == "Home")
    }

    @Test("without ^list: the given list, else the defaultList setting (created when first used)")
    func listFallbacks() throws {
        let tmp = TemporaryDirectory("quick-store-lists")
        let store = try Store.open(tmp.dataDirectory, clock: Self.clock)
        try store.addList(title: "Work")
        let given = try store.addTodo(from: QuickAdd.parse("Report friday #q1", clock: Self.clock), list: "Work")
        #expect(try store.read { try store.resolveList(given.listId).title } == "Work")
        #expect(given.due?.jsonText == "2027-01-08")
        let inbox = try store.addTodo(from: QuickAdd.parse("Buy milk", clock: Self.clock), list: nil)
        #expect(try store.read { try store.resolveList(inbox.listId).title } == Store.inboxTitle)
    }

    @Test("a line that leaves no title, or names a missing list, adds nothing")
    func refused() throws {
        let tmp = TemporaryDirectory("quick-store-refused")
        let store = try Store.open(tmp.dataDirectory, clock: Self.clock)
        try store.addList(title: "Work")
        #expect(throws: StoreError.self) {
            try store.addTodo(from: QuickAdd.parse("tomorrow 6pm #family", clock: Self.clock), list: "Work")
        }
        #expect(throws: StoreError.self) {
            try store.addTodo(from: QuickAdd.parse("Call ^Nowhere", clock: Self.clock), list: "Work")
        }
        #expect(try store.database.scalarInt("SELECT count(*) FROM todos") == 0)
    }
}
