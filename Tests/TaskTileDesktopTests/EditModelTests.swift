import Foundation
import Testing
import TaskTileCore
import TestSupport
@testable import TaskTileDesktop

/// The edit popup without GTK (docs/desktop.md "Editing from a widget"): the fields of a todo, the changes
/// edited fields make, refusals said before anything is written, save, delete and its undo.
@Suite struct EditModelTests {
    /// Tuesday 2027-01-05 09:00 in Berlin.
    static let clock = testClock()

    static func store(_ name: String) throws -> (TemporaryDirectory, Store, Todo) {
        let tmp = TemporaryDirectory(name)
        let store = try Store.open(tmp.dataDirectory, clock: clock)
        try store.addList(title: "Home")
        let todo = try store.addTodo(title: "Pack for Kyoto", list: "Home", due: .date(LocalDate(iso: "2027-01-08")!),
                                     notes: "the small bag", priority: .high, tags: ["travel", "Café"])
        _ = try store.addTodo(title: "Passport", list: nil, parent: todo.id)
        return (tmp, store, todo)
    }

    @Test("the fields start as stored; the summary says the due in the popup's language")
    func fieldsAndSummary() throws {
        let (_, store, todo) = try Self.store("edit-fields")
        let m = try EditModel(store: store, todoID: todo.id)
        let passport = try #require(m.subtasks.first)
        #expect(m.fields == EditModel.Fields(title: "Pack for Kyoto", notes: "the small bag", when: "", priority: .high,
                                             tags: "#travel #Café", newSubtask: "", subtasksDone: [passport.id: false]))
        #expect(m.listTitle == "Home" && m.subtasks.map(\.title) == ["Passport"])
        #expect(m.summary(clock: Self.clock, localizer: Localizer(.en)) == "due: Fri, Jan 8")
        #expect(m.summary(clock: Self.clock, localizer: Localizer(.ja)).hasPrefix("期限: "))
        #expect(try m.changes(m.fields, clock: Self.clock) == nil, "unchanged fields change nothing")
        #expect(throws: StoreError.self) { try EditModel(store: store, todoID: "00000000-0000-4000-8000-000000000000") }
    }

    @Test("save writes title, notes, due and repeat, priority, tags and a new subtask through editTodo")
    func save() throws {
        let (_, store, todo) = try Self.store("edit-save")
        let m = try EditModel(store: store, todoID: todo.id)
        var f = m.fields
        f.title = "Pack for Osaka"
        f.notes = ""
        f.when = "tomorrow 6pm every week"
        f.priority = .low
        f.tags = "travel, #work"
        f.newSubtask = "Charger"
        #expect(EditModel.whenChips(f.when, clock: Self.clock, localizer: Localizer(.en)).count == 2)
        let (saved, changed, _) = try m.save(f, store: store, clock: Self.clock)
        #expect(changed)
        #expect(saved.title == "Pack for Osaka" && saved.notes == nil && saved.priority == .low)
        #expect(saved.tags.map { $0.lowercased() }.sorted() == ["travel", "work"])
        #expect(saved.due?.localDate == LocalDate(iso: "2027-01-06") && saved.repeatRule?.frequency == .weekly)
        let again = try EditModel(store: store, todoID: todo.id)
        #expect(again.subtasks.map(\.title) == ["Passport", "Charger"])
        // none removes the due and the repeat.
        var none = again.fields
        none.when = "なし"
        let cleared = try again.save(none, store: store, clock: Self.clock).todo
        #expect(cleared.due == nil && cleared.repeatRule == nil)
    }

    @Test("refusals are said before anything is written: a when that is not a date, an empty title, a bad tag")
    func refusals() throws {
        let (_, store, todo) = try Self.store("edit-refusals")
        let m = try EditModel(store: store, todoID: todo.id)
        let before = try store.read { try store.todo(id: todo.id) }
        func refusal(_ change: (inout EditModel.Fields) -> Void) -> String? {
            var f = m.fields
            change(&f)
            return m.refusal(f, clock: Self.clock, localizer: Localizer(.en))
        }
        #expect(refusal { $0.when = "buy milk" }?.contains("\"buy milk\" is not a due or a repeat") == true)
        #expect(refusal { $0.when = "tomorrow #work" } != nil, "a tag in the when field")
        #expect(refusal { $0.title = "  " }?.contains("invalid title") == true)
        #expect(refusal { $0.newSubtask = String(repeating: "x", count: 1001) }?.contains("1001") == true)
        #expect(refusal { $0.tags = "#a\u{7}b" } != nil)
        #expect(refusal { $0.when = "next fri" } == nil)
        var f = m.fields
        f.when = "buy milk"
        f.title = "Changed"
        #expect(throws: EditRefusal.notAWhen("buy milk")) { try m.save(f, store: store, clock: Self.clock) }
        #expect(try store.read { try store.todo(id: todo.id) } == before, "nothing written")
    }

    @Test("a new subtask the store refuses (a completed parent) leaves the title edit unwritten too")
    func saveIsOneTransaction() throws {
        let (_, store, todo) = try Self.store("edit-atomic")
        try store.complete(todoID: todo.id, source: .cli)
        let m = try EditModel(store: store, todoID: todo.id)
        let before = try store.read { try store.todo(id: todo.id) }
        var f = m.fields
        f.title = "Renamed"
        f.newSubtask = "Charger"
        #expect(m.refusal(f, clock: Self.clock, localizer: Localizer(.en))?.contains("needs an open parent") == true)
        let refused = #expect(throws: StoreError.self) { try m.save(f, store: store, clock: Self.clock) }
        let said = refused.map { $0.message(Localizer(.en)) } ?? ""
        #expect(said.contains("\"Pack for Kyoto\"") && !said.contains("Renamed"), "names the todo as stored: \(said)")
        #expect(try store.read { try store.todo(id: todo.id) } == before, "the title was not written")
        #expect(try EditModel(store: store, todoID: todo.id).subtasks.map(\.title) == ["Passport"])
    }

    @Test(
        """
        found by a hostile review: untouched notes with spaces, a BOM title, a start after the due, a repeat alone,
        a tag removed elsewhere, a todo deleted meanwhile
        """)
    func reviewFindings() throws {
        let (_, store, todo) = try Self.store("edit-review")
        _ = try store.editTodo(todo.id, changes: TodoChanges(notes: .some("bag  ")))
        let m = try EditModel(store: store, todoID: todo.id)
        let en = Localizer(.en)
        #expect(try m.changes(m.fields, clock: Self.clock) == nil, "untouched notes with trailing spaces write nothing")
        var bom = m.fields
        bom.title = "\u{FEFF}Pack for Kyoto"
        #expect(try m.changes(bom, clock: Self.clock) == nil, "a BOM is cleaned as the store cleans it")
        var late = m.fields
        late.when = "from mon"  // Mon Jan 11, after the due Fri Jan 8
        #expect(m.refusal(late, clock: Self.clock, localizer: en)?.contains("after the due") == true)
        #expect(EditModel.whenChips("every day", clock: Self.clock, localizer: en).first?.hasPrefix("due: ") == true,
                "a repeat alone shows the due it starts at")
        var essay = m.fields
        essay.when = String(repeating: "x", count: 5000)
        #expect(m.refusal(essay, clock: Self.clock, localizer: en).map { $0.count < 200 } == true)
        // #travel removed by another program meanwhile: the popup's removal of it is no refusal.
        _ = try store.editTodo(todo.id, changes: TodoChanges(removeTags: ["travel"]))
        var tags = m.fields
        tags.tags = "#Café"
        tags.priority = .low
        #expect(try m.save(tags, store: store, clock: Self.clock).todo.priority == .low)
        // Deleted meanwhile: said as such, nothing written.
        try store.deleteTodo(todo.id)
        var gone = m.fields
        gone.title = "Renamed"
        #expect(throws: EditRefusal.gone("Pack for Kyoto")) { try m.save(gone, store: store, clock: Self.clock) }
        #expect(EditRefusal.gone("Pack").message(en).contains("no longer there"))
    }

    @Test("delete takes the subtasks along; restore brings all back as they were")
    func deleteAndRestore() throws {
        let (_, store, todo) = try Self.store("edit-delete")
        let deleted = try store.deleteTodo(todo.id)
        #expect(try store.contents().flatMap(\.pending).isEmpty)
        try store.restore(deleted)
        let m = try EditModel(store: store, todoID: todo.id)
        #expect(m.todo.title == "Pack for Kyoto" && m.subtasks.map(\.title) == ["Passport"])
    }

    @Test("a subtask's checkbox completes or reopens it on Enter, through the store's completion; Esc writes nothing")
    func subtaskCheckboxes() throws {
        let (_, store, todo) = try Self.store("edit-subtasks")
        let socks = try store.addTodo(title: "Socks", list: nil, parent: todo.id)
        try store.complete(todoID: socks.id, source: .cli)
        let m = try EditModel(store: store, todoID: todo.id)
        let passport = try #require(m.subtasks.first { $0.title == "Passport" })
        #expect(m.fields.subtasksDone == [passport.id: false, socks.id: true])
        var f = m.fields
        f.subtasksDone[passport.id] = true
        f.subtasksDone[socks.id] = false
        // What the popup would write, before Enter: nothing yet (Esc is not saving).
        #expect(try store.read { try store.todo(id: passport.id)?.isCompleted } == false)
        let (_, changed, completions) = try m.save(f, store: store, clock: Self.clock)
        #expect(changed)
        #expect(completions.map(\.todo.id) == [passport.id] && completions.first?.source == .widget)
        #expect(try store.read { try store.todo(id: passport.id)?.isCompleted } == true)
        #expect(try store.read { try store.todo(id: socks.id)?.isCompleted } == false)
        #expect(try store.read { try store.todo(id: todo.id)?.isCompleted } == false, "the parent stays open")
        let history = try store.read {
            try store.database.rows("SELECT todo_id, undone_at IS NULL FROM completions ORDER BY id")
                .map { "\($0.text(0) == passport.id ? "passport" : "socks") \($0.int(1) == 1 ? "done" : "undone")" }
        }
        #expect(history == ["socks undone", "passport done"])
        // Opened again, the boxes say what is stored; unchanged boxes change nothing.
        let again = try EditModel(store: store, todoID: todo.id)
        #expect(again.fields.subtasksDone == [passport.id: true, socks.id: false])
        #expect(try again.save(again.fields, store: store, clock: Self.clock).changed == false)
        // A subtask completed elsewhere since the popup opened is left as it is.
        var stale = again.fields
        stale.subtasksDone[socks.id] = true
        try store.complete(todoID: socks.id, source: .cli)
        let late = try again.save(stale, store: store, clock: Self.clock)
        #expect(late.completions.isEmpty && late.changed == false)
    }

    @Test("a tag typed in another case respells it, in the popup and with --untag then --tag")
    func tagRespelling() throws {
        let (_, store, todo) = try Self.store("edit-respell")
        let m = try EditModel(store: store, todoID: todo.id)
        var f = m.fields
        f.tags = "#Travel #Café"
        let saved = try m.save(f, store: store, clock: Self.clock)
        #expect(saved.changed)
        #expect(Set(saved.todo.tags) == ["Travel", "Café"], "\(saved.todo.tags)")
        #expect(try EditModel(store: store, todoID: todo.id).save(f, store: store, clock: Self.clock).changed == false)
        let cli = try store.editTodo(todo.id, changes: TodoChanges(addTags: ["café"], removeTags: ["Café"]))
        #expect(cli.tags.contains("café") && !cli.tags.contains("Café"), "\(cli.tags)")
        let same = try store.editTodo(todo.id, changes: TodoChanges(addTags: ["TRAVEL"]))
        #expect(same.tags.contains("Travel") && !same.tags.contains("TRAVEL"), "adding again keeps the spelling")
    }
}
