import Foundation
import Testing
@testable import TaskTileCore
import TestSupport
@testable import TaskTileInterchange

/// An import's cost is linear in its records. Time is not asserted (the machine is
/// shared; `Benchmarks/faults.py` measures it); what is asserted is a count that made it
/// expensive per record: preparing a statement for every row (an INSERT into `todos` compiles all
/// its triggers when prepared). The per-record statements come from the statement cache, so the
/// number prepared does not depend on how many records the file holds.
@Suite("Import cost: statements prepared do not grow with the records")
struct ImportCostTests {
    static let created = Date(timeIntervalSince1970: 1_798_000_000)

    /// `count` lists with one todo and one completion each.
    static func backup(lists count: Int) -> Backup {
        var b = Backup()
        for i in 0..<count {
            let listID = String(format: "0a000000-0000-4000-8000-%012x", i)
            let todoID = String(format: "0b000000-0000-4000-8000-%012x", i)
            b.lists.append(TodoList(id: listID, title: "List \(i)", sortOrder: i, createdAt: created))
            b.todos.append(Todo(id: todoID, listId: listID, title: "Todo \(i)", sortOrder: 0, createdAt: created,
                                due: .date(LocalDate(year: 2027, month: 1, day: 10)!)))
            b.completions.append(Backup.Completion(id: i + 1, todoId: todoID, listId: listID, title: "Todo \(i)", cycleIndex: 0,
                                                   cycleDue: nil, completedAt: created, source: "cli", undoneAt: nil))
        }
        return b
    }

    /// `count` todos in `count / 2` lists named by title only (as an iCalendar or todo.txt file gives them).
    static func plan(todos count: Int) -> ImportPlan {
        var plan = ImportPlan()
        for i in 0..<count {
            let todo = Todo(id: String(format: "0c000000-0000-4000-8000-%012x", i), listId: "", title: "Todo \(i)",
                            sortOrder: i, createdAt: created)
            plan.items.append(ImportPlan.Item(line: i + 1, listID: nil, listTitle: "List \(i / 2)", todo: todo, sortHint: nil))
        }
        return plan
    }

    /// Statements prepared by `body` on a fresh store (opening it not counted).
    static func prepared(_ name: String, _ body: (Store) throws -> Void) throws -> Int {
        let tmp = TemporaryDirectory(name)
        let store = try Store.open(tmp.dataDirectory, clock: testClock())
        let before = store.database.preparedStatementCount
        try body(store)
        return store.database.preparedStatementCount - before
    }

    @Test("a JSON backup: the same statements for 10 lists as for 40, into an empty store and merged")
    func jsonBackup() throws {
        func run(_ n: Int) throws -> (empty: Int, merge: Int) {
            var merge = 0
            let empty = try Self.prepared("cost-json-\(n)") { store in
                try store.importBackup(Self.backup(lists: n), file: "backup.json")
                let before = store.database.preparedStatementCount
                let report = try store.importBackup(Self.backup(lists: n), file: "backup.json")  // every record already there
                #expect(report.counts[.todos]?.skipped == n)
                merge = store.database.preparedStatementCount - before
            }
            return (empty, merge)
        }
        let small = try run(10), large = try run(40)
        #expect(large.empty == small.empty)
        #expect(large.merge == small.merge)
    }

    @Test("an iCalendar or todo.txt plan: the same statements for 10 todos in 5 new lists as for 40 in 20")
    func importPlan() throws {
        func run(_ n: Int) throws -> Int {
            try Self.prepared("cost-plan-\(n)") { store in
                let report = try store.importPlan(Self.plan(todos: n), file: "todo.txt")
                #expect(report.counts[.todos]?.added == n)
                #expect(report.counts[.lists]?.added == n / 2)
            }
        }
        #expect(try run(40) == run(10))
    }
}
