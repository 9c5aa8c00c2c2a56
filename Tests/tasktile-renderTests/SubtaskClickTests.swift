import Foundation
import Synchronization
import Testing
import TaskTileCore
import TaskTileRender
@testable import tasktile_render
import TestSupport

/// A subtask's checkbox in a real widget, in-process (docs/widgets.md "Subtasks, priority and
/// tags", "Hit maps"): `once` writes a `complete` region for it, and `click` on that region
/// completes the subtask through the one completion path — not its parent, not a sibling.
@Suite struct SubtaskClickTests {
    init() { TestFonts.install() }

    static let now = "2027-01-05T09:00:00+09:00"

    func run(_ args: [String], _ fx: RenderFixture) -> (code: Int32, out: String, err: String) {
        final class Buffer: Sendable { let text = Mutex((out: "", err: "")) }
        let b = Buffer()
        let env = ["TASKTILE_DATA_DIR": fx.dataDirectory.path, "TASKTILE_NOW": Self.now, "TZ": "Asia/Tokyo"]
        let code = RenderCommand(
            arguments: args, environment: env, output: { s in b.text.withLock { $0.out += s } },
            errorOutput: { s in b.text.withLock { $0.err += s } }
        ).run()
        let (out, err) = b.text.withLock { ($0.out, $0.err) }
        return (code, out, err)
    }

    func hits(_ fx: RenderFixture, _ name: String) throws -> HitMap {
        let text = try String(contentsOfFile: fx.dataDirectory.widgetsPath + "/out/\(name).hits.json", encoding: .utf8)
        return try #require(HitMap(json: try JSONValue.parse(text)))
    }

    @Test func clickingASubtasksCheckboxCompletesThatSubtask() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let s = fx.store
        let list = try s.addList(title: "Trip")
        let pack = try s.addTodo(title: "Pack", list: list.id, priority: .high, tags: ["travel"])
        let socks = try s.addTodo(title: "Socks", list: nil, parent: pack.id)
        let charger = try s.addTodo(title: "Charger", list: nil, parent: pack.id)
        let spec = try fx.writeSpec("trip", #"{ "version": 1, "family": "medium", "list": "Trip" }"#)
        let once = run(["once", spec], fx)
        #expect(once.code == 0, "\(once.err)")
        let map = try hits(fx, "trip")
        for t in [pack, socks, charger] {
            #expect(map.regions.contains { $0.action == .complete(todoID: t.id) }, "\(t.title)")
        }
        let region = try #require(map.regions.first { $0.action == .complete(todoID: socks.id) })
        let click = run(["click", spec, String(region.x + region.width / 2), String(region.y + region.height / 2)], fx)
        #expect(
            click.code == 0 && click.out.hasPrefix("completed todo \(socks.id) \"Socks\" in Trip"),
            "\(click.out) \(click.err)")
        let after = try Store.open(fx.dataDirectory, clock: RenderFixture.clock)
        let content = try #require(try after.contents(of: "Trip").first)
        #expect(content.completed.map(\.id) == [socks.id])
        #expect(Set(content.pending.map(\.id)) == [pack.id, charger.id], "the parent and the sibling stay open")
        #expect(content.subtaskProgress[pack.id] == SubtaskProgress(done: 1, total: 2))
        // The redrawn map: the completed subtask has no checkbox region any more.
        #expect(!(try hits(fx, "trip")).regions.contains { $0.action == .complete(todoID: socks.id) })
    }
}
