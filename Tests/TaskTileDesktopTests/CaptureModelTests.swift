import Foundation
import Testing
import TaskTileCore
import TestSupport
@testable import TaskTileDesktop

/// The capture popup without GTK: the target list and Tab, the chips of a line, and Enter's add.
@Suite struct CaptureModelTests {
    /// Tuesday 2027-01-05 09:00 in Berlin.
    static let clock = testClock()

    static func store(_ name: String, lists: [String]) throws -> (TemporaryDirectory, Store) {
        let tmp = TemporaryDirectory(name)
        let store = try Store.open(tmp.dataDirectory, clock: clock)
        for l in lists { try store.addList(title: l) }
        return (tmp, store)
    }

    @Test func theTargetIsTheGivenListElseTheDefaultListAndTabCyclesAll() throws {
        let (_, store) = try Self.store("capture-target", lists: ["Home", "Work"])
        var given = try CaptureModel(store: store, list: "Work")
        #expect(given.target.title == "Work")
        given.cycle()
        #expect(given.target.title == "Home")  // wraps around
        given.cycle(backward: true)
        #expect(given.target.title == "Work")
        // No Inbox yet: it comes first and is created by the first add.
        var fallback = try CaptureModel(store: store, list: nil)
        #expect(fallback.targets.map(\.title) == ["Inbox", "Home", "Work"])
        #expect(fallback.target.title == "Inbox")
        let todo = try fallback.add("Buy milk", store: store, clock: Self.clock)
        #expect(try store.read { try store.resolveList(todo.listId).title } == "Inbox")
        fallback.cycle()
        #expect(fallback.target.title == "Home")
        #expect(throws: StoreError.self) { try CaptureModel(store: store, list: "Nowhere") }
    }

    @Test("a view puts the list it names first; a view naming none starts at the default list")
    func aViewsListComesFirst() throws {
        let (_, store) = try Self.store("capture-view", lists: ["Home", "Errands", "Work", "Work notes"])
        _ = try store.saveView(name: "Focus", filter: "^Work !high")
        var focus = try CaptureModel(store: store, list: "@focus")
        #expect(focus.targets.map(\.title) == ["Work", "Home", "Errands", "Work notes"])
        #expect(focus.target.title == "Work")
        focus.cycle()
        #expect(focus.target.title == "Home")
        let todo = try focus.add("Fix the sink", store: store, clock: Self.clock)
        #expect(try store.read { try store.resolveList(todo.listId).title } == "Home")
        // A negated list is not a target; @today names none: the default list (Inbox, created on the first add).
        _ = try store.saveView(name: "elsewhere", filter: "-^Work")
        #expect(try CaptureModel(store: store, list: "@elsewhere").target.title == "Inbox")
        #expect(
            try CaptureModel(store: store, list: "@today").targets.map(\.title)
                == ["Inbox", "Home", "Errands", "Work", "Work notes"])
        #expect(throws: StoreError.self) { try CaptureModel(store: store, list: "@nowhere") }
    }

    @Test("while typing, the popup says what Enter would refuse: no title left, an unknown ^list; nothing written")
    func refusalsWhileTyping() throws {
        let (_, store) = try Self.store("capture-typing", lists: ["Home", "Homework"])
        let model = try CaptureModel(store: store, list: "Home")
        func refusal(_ line: String, _ language: Language = .en) -> String? {
            model.refusal(line, store: store, clock: Self.clock, localizer: Localizer(language))
        }
        #expect(refusal("") == nil && refusal("   ") == nil)
        #expect(refusal("Buy milk tomorrow ^Home") == nil)
        #expect(refusal("tomorrow 6pm #family")?.contains("tomorrow 6pm #family") == true)
        #expect(refusal("Buy milk ^Nowhere")?.contains("Nowhere") == true)
        #expect(refusal("Buy milk ^Nowhere", .ja) != refusal("Buy milk ^Nowhere", .en))
        #expect(try store.listSummaries().map(\.list.title) == ["Home", "Homework"])
        #expect(try store.contents().flatMap(\.pending).isEmpty)
    }

    @Test func theDefaultListSettingIsTheFirstTarget() throws {
        let (_, store) = try Self.store("capture-default", lists: ["Home", "Work"])
        _ = try store.setSetting(.defaultList, to: "Work")
        #expect(try CaptureModel(store: store, list: nil).target.title == "Work")
        #expect(try CaptureModel(store: store, list: nil).targets.count == 2)
    }

    @Test func chipsFollowTheLineInBothLanguages() {
        let q = QuickAdd.parse("Call mom tomorrow 6pm #family !high ^Home", clock: Self.clock)
        #expect(
            CaptureModel.chips(q, clock: Self.clock, localizer: Localizer(.en))
                == ["due: Tomorrow at 18:00", "#family", "!high", "list: Home"])
        let ja = QuickAdd.parse("明日18時に牛乳を買う #買い物", clock: Self.clock)
        #expect(CaptureModel.chips(ja, clock: Self.clock, localizer: Localizer(.ja)) == ["期限: 明日 18:00", "#買い物"])
        #expect(
            CaptureModel.chips(
                QuickAdd.parse("Buy milk", clock: Self.clock), clock: Self.clock,
                localizer: Localizer(.en)
            ).isEmpty)
    }

    @Test func enterAddsTheParsedTodoToTheLinesListElseTheTarget() throws {
        let (_, store) = try Self.store("capture-add", lists: ["Home", "Work"])
        let model = try CaptureModel(store: store, list: "Work")
        let todo = try model.add("Call mom tomorrow 6pm #family !high", store: store, clock: Self.clock)
        #expect(todo.title == "Call mom" && todo.tags == ["family"] && todo.priority == .high)
        #expect(todo.due?.jsonText == "2027-01-06T18:00:00+01:00")
        #expect(try store.read { try store.resolveList(todo.listId).title } == "Work")
        let home = try model.add("Water plants ^Home", store: store, clock: Self.clock)
        #expect(try store.read { try store.resolveList(home.listId).title } == "Home")
    }

    @Test func aLineWithoutTitleAddsNothingAndSaysWhy() throws {
        let (_, store) = try Self.store("capture-refused", lists: ["Home"])
        let model = try CaptureModel(store: store, list: "Home")
        #expect(throws: CaptureRefusal.empty) { try model.add("   ", store: store, clock: Self.clock) }
        #expect(throws: CaptureRefusal.noTitle("tomorrow 6pm #family")) {
            try model.add("tomorrow 6pm #family", store: store, clock: Self.clock)
        }
        #expect(CaptureRefusal.empty.message(Localizer(.ja)).hasPrefix("タスクを入力してください"))
        #expect(try store.database.scalarInt("SELECT count(*) FROM todos") == 0)
    }
}
