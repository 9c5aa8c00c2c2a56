import Foundation
import Synchronization
import Testing
import TaskTileCore
import TaskTileRender
@testable import tasktile_render
import TestSupport

/// The `grid` family end to end, in-process (docs/widgets.md "grid"): a real
/// challenge in a real store, `once` writes the PNG and a hit map with a region for every cell,
/// and `click` on a cell toggles that day's check-in through `done --on` / `undo --on`.
@Suite struct GridClickTests {
    init() { TestFonts.install() }

    static let now = "2027-01-06T09:00:00+09:00"

    func run(_ args: [String], _ fx: RenderFixture) -> (code: Int32, out: String, err: String) {
        final class Buffer: Sendable { let text = Mutex((out: "", err: "")) }
        let b = Buffer()
        let env = ["TASKTILE_DATA_DIR": fx.dataDirectory.path, "TASKTILE_NOW": Self.now, "TZ": "Asia/Tokyo"]
        let code = RenderCommand(arguments: args, environment: env, output: { s in b.text.withLock { $0.out += s } },
                                 errorOutput: { s in b.text.withLock { $0.err += s } }).run()
        let (out, err) = b.text.withLock { ($0.out, $0.err) }
        return (code, out, err)
    }

    func store(_ fx: RenderFixture) throws -> Store {
        try Store.open(fx.dataDirectory, clock: Clock(now: CycleFixtures.instant(Self.now), timeZone: CycleFixtures.zone("Asia/Tokyo")))
    }

    func hits(_ fx: RenderFixture, _ name: String) throws -> HitMap {
        let text = try String(contentsOfFile: fx.dataDirectory.widgetsPath + "/out/\(name).hits.json", encoding: .utf8)
        return try #require(HitMap(json: try JSONValue.parse(text)))
    }

    func cell(_ map: HitMap, todo: String, date: String) throws -> HitRegion {
        try #require(map.regions.first { $0.action == .checkIn(todoID: todo, date: date) }, "no cell for \(date)")
    }

    @Test("once draws every cell; click toggles today's and a past day's check-in; a future cell only opens")
    func clickToggles() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let s = try store(fx)
        try s.startChallenge(title: "Fifty", days: 50, habits: [.init(title: "Stretch"), .init(title: "Read")],
                             start: LocalDate(iso: "2027-01-04")!)
        let stretch = try #require(try s.contents(of: "Fifty").first?.pending.first { $0.title == "Stretch" })
        let spec = try fx.writeSpec("grid", #"{ "version": 1, "family": "grid", "list": "Fifty" }"#)
        let once = run(["once", spec], fx)
        #expect(once.code == 0, "\(once.err)")
        var map = try hits(fx, "grid")
        #expect(map.regions.filter { $0.action != .openList(stretch.listId) }.count == 2 * 50)

        // Today (day 3).
        let today = try cell(map, todo: stretch.id, date: "2027-01-06")
        let first = run(["click", spec, String(today.x + today.width / 2), String(today.y + today.height / 2)], fx)
        #expect(first.code == 0 && first.out == "checked in todo \(stretch.id) on 2027-01-06\n", "\(first.out) \(first.err)")
        #expect(try store(fx).isCheckedIn(todoID: stretch.id, on: LocalDate(iso: "2027-01-06")!))
        map = try hits(fx, "grid") // redrawn after the click
        let again = try cell(map, todo: stretch.id, date: "2027-01-06")
        let second = run(["click", spec, String(again.x + 1), String(again.y + 1)], fx)
        #expect(second.out == "took back todo \(stretch.id) on 2027-01-06\n", "\(second.out) \(second.err)")
        #expect(try !store(fx).isCheckedIn(todoID: stretch.id, on: LocalDate(iso: "2027-01-06")!))

        // A past day: a history row for that cycle, the current cycle untouched.
        let past = try cell(map, todo: stretch.id, date: "2027-01-04")
        #expect(run(["click", spec, String(past.x + 1), String(past.y + 1)], fx).code == 0)
        let after = try store(fx)
        #expect(try after.isCheckedIn(todoID: stretch.id, on: LocalDate(iso: "2027-01-04")!))
        let report = try after.challengeReport(try after.challenge("Fifty"))
        #expect(report.habits.first?.cells.prefix(4) == [.done, .missed, .open, .future])

        // A future cell opens the habit, never checks it in.
        let futureRegion = try #require(map.regions.first {
            $0.action == .openTodo(stretch.id) && $0.x > today.x + today.width
        })
        let future = run(["click", spec, String(futureRegion.x + 1), String(futureRegion.y + 1)], fx)
        #expect(future.out == "open todo \(stretch.id)\n")
    }
}
