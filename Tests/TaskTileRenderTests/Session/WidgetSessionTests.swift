import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRender
import TaskTileRuntime
import TestSupport

/// The rules `WidgetSession` keeps for both live hosts, without a display or a change source: a
/// hand-set clock, a sink that records what it is given, real specs and a real store.
@Suite struct WidgetSessionTests {
    /// "Now" and wake-ups under the test's hand.
    final class ManualClock: WidgetSessionClock {
        var now: Date
        let zone: TimeZone
        /// Every wake-up asked for, in order.
        private(set) var wakeups: [Date] = []
        init(now: Date, zone: TimeZone) { self.now = now; self.zone = zone }
        func wake(at date: Date) { wakeups.append(date) }
    }

    /// Records the frames it is given; `hidden` widgets are not on show (a surface without its output).
    final class RecordingSink: WidgetSink {
        var frames: [(file: String, frame: WidgetFrame, reason: String)] = []
        var hidden: Set<String> = []
        var loaded: [(spec: WidgetSpec, previous: WidgetSpec?)] = []
        var removed: [String] = []

        func load(_ spec: WidgetSpec, previous: WidgetSpec?, file: String) { loaded.append((spec, previous)) }
        func remove(_ widget: WidgetSession.Widget) { removed.append(widget.file) }
        func present(_ frame: WidgetFrame, file: String, reason: String) throws -> Bool {
            guard !hidden.contains(file) else { return false }
            frames.append((file, frame, reason))
            return true
        }

        /// The spec names of the frames put on show since the last call, in order.
        func take() -> [String] {
            defer { frames = [] }
            return frames.map(\.frame.spec.name)
        }
    }

    final class Lines { var text: [String] = [] }

    /// A data directory with a store, specs in `widgets/`, and a session over it at `clock`.
    final class World {
        let fixture: RenderFixture
        let clock: ManualClock
        let sink = RecordingSink()
        let lines = Lines()
        private(set) var session: WidgetSession!
        var store: Store { fixture.store }
        var log: String { lines.text.joined() }

        init(at now: Date = RenderFixture.now) throws {
            fixture = try RenderFixture()
            clock = ManualClock(now: now, zone: RenderFixture.clock.timeZone)
            fixture.store.clock = Clock(now: now, timeZone: clock.zone)
            let lines = lines
            let log = DaemonLog(program: "tasktile-render", zone: clock.zone, clock: { now }) { lines.text.append($0) }
            session = WidgetSession(directory: fixture.dataDirectory, log: log, clock: clock, sink: sink)
        }

        /// Writes `widgets/<name>.json` showing `list` (nil: no list) and returns its path.
        @discardableResult
        func spec(_ name: String, list: String?, family: String = "medium") throws -> String {
            let listKey = list.map { #", "list": "\#($0)""# } ?? ""
            return try fixture.writeSpec(name, #"{ "version": 1, "family": "\#(family)"\#(listKey) }"#)
        }

        /// Moves the session's clock (and the store writes of the test) to `now`.
        func set(_ now: Date) {
            clock.now = now
            fixture.store.clock = Clock(now: now, timeZone: clock.zone)
        }

        /// Hands the session one batch, as the change source would report it.
        func apply(_ build: (inout ChangeSource.Changes) -> Void) {
            var changes = ChangeSource.Changes()
            build(&changes)
            session.apply(changes)
        }

        func path(_ name: String) -> String { fixture.dataDirectory.widgetsPath + "/" + name + ".json" }
    }

    // MARK: Which widgets a change affects

    @Test func aCommitGivesFramesOnlyToTheWidgetsOfItsList() throws {
        let w = try World()
        let home = try w.fixture.list("Home", ["Dishes"]).list
        let work = try w.fixture.list("Work", ["Report"]).list
        let other = try w.fixture.list("Other", ["Taxes"]).list
        try w.spec("home", list: "Home")
        try w.spec("work", list: "Work")
        try w.spec("nope", list: "Nope") // a list that does not exist (yet)
        try w.spec("setup", list: nil)
        w.session.start()
        #expect(w.sink.take() == ["home", "nope", "setup", "work"])
        #expect(w.sink.frames.isEmpty)

        var commit = ChangeSource.Changes()
        commit.lists = [home.id]
        // The widget of the list, and the one naming a missing list (a list added or renamed may
        // be it); never the other list's or the one that names no list.
        #expect(w.session.affected(by: commit) == [w.path("home"), w.path("nope")])
        commit.lists = [other.id]
        #expect(w.session.affected(by: commit) == [w.path("nope")])
        for flag in [\ChangeSource.Changes.settings, \.themes, \.minute, \.day, \.timer, \.everything] {
            var c = ChangeSource.Changes()
            c[keyPath: flag] = true
            #expect(w.session.affected(by: c).count == 4, "\(flag)")
        }

        try w.store.addTodo(title: "Laundry", list: home.id)
        w.apply { $0.lists = [home.id] }
        // The missing-list widget got a frame too, but it shows what it showed: not put out.
        #expect(w.sink.take() == ["home"])
        try w.store.addTodo(title: "Receipts", list: other.id)
        w.apply { $0.lists = [other.id] }
        #expect(w.sink.take() == [])
        try w.store.addTodo(title: "Slides", list: work.id)
        w.apply { $0.lists = [work.id] }
        #expect(w.sink.take() == ["work"])
        #expect(w.sink.frames.isEmpty)
    }

    @Test func aChangedSpecGetsItsFrameAtOnceAndARemovedOneLeavesTheSink() throws {
        let w = try World()
        _ = try w.fixture.list("Home", ["Dishes"])
        try w.spec("desk", list: "Home")
        try w.spec("wall", list: "Home", family: "small")
        w.session.start()
        #expect(w.sink.take() == ["desk", "wall"])
        #expect(w.sink.loaded.map { $0.previous == nil } == [true, true])
        // Same placement, another family: the session loads it and puts its frame out now, not at
        // the next commit or minute.
        try w.spec("desk", list: "Home", family: "large")
        w.apply { $0.specs = [w.path("desk")] }
        #expect(w.sink.frames.map(\.frame.spec.family) == [.large])
        #expect(w.sink.take() == ["desk"])
        #expect(w.sink.loaded.last?.previous?.family == .medium)
        try FileManager.default.removeItem(atPath: w.path("wall"))
        w.apply { $0.specs = [w.path("wall")] }
        #expect(w.sink.removed == [w.path("wall")])
        #expect(w.session.widgets[w.path("wall")] == nil)
        #expect(w.log.contains("spec removed: wall.json"))
        #expect(w.sink.take() == [])
    }

    // MARK: Flash timing

    @Test func aFlashLastsFlashDurationFromWhenEachWidgetFirstShowedIt() throws {
        // docs/widgets.md "Flash": 1.5 seconds after a widget first drew it.
        #expect(WidgetSession.flashDuration == 1.5)
        let t0 = RenderFixture.now
        let w = try World(at: t0)
        let (home, todos) = try w.fixture.list("Home", ["Dishes", "Laundry"])
        let dishes = todos[0].id
        try w.spec("a", list: "Home")
        try w.spec("b", list: "Home")
        w.sink.hidden = [w.path("b")] // b has no surface yet (its output is not there)
        w.session.start()
        #expect(w.sink.take() == ["a"])

        _ = try w.store.complete(todoID: dishes, source: .widget) // the flash is recorded at t0
        w.set(t0.addingTimeInterval(0.25))
        w.apply { $0.lists = [home.id] }
        #expect(w.sink.frames.map(\.frame.flashing) == [[dishes]])
        #expect(w.sink.take() == ["a"])
        let aEnds = t0.addingTimeInterval(0.25 + WidgetSession.flashDuration)
        #expect(w.clock.wakeups == [aEnds])

        // b's surface appears 0.75 s later: its own flash starts then (every widget of the list
        // flashes, not only the first one to look).
        w.set(t0.addingTimeInterval(1))
        w.sink.hidden = []
        w.session.invalidate(w.path("b"))
        w.session.refresh([w.path("b")], reason: "outputs changed")
        #expect(w.sink.frames.map(\.frame.flashing) == [[dishes]])
        #expect(w.sink.take() == ["b"])
        let bEnds = t0.addingTimeInterval(1 + WidgetSession.flashDuration)

        // A hair before a's end nothing changes; at its end a draws the normal frame, b still flashes.
        w.set(aEnds.addingTimeInterval(-0.001))
        w.apply { $0.timer = true }
        #expect(w.sink.take() == [])
        w.set(aEnds)
        w.apply { $0.timer = true }
        #expect(w.sink.frames.map(\.frame.flashing) == [[]])
        #expect(w.sink.frames.map(\.reason) == ["flash end"])
        #expect(w.sink.take() == ["a"])
        w.set(bEnds)
        w.apply { $0.timer = true }
        #expect(w.sink.frames.map(\.frame.flashing) == [[]])
        #expect(w.sink.take() == ["b"])
        // Each end was asked for once, however many passes ran.
        #expect(w.clock.wakeups == [aEnds, bEnds])
        // The steady frame has Dishes where completed todos belong, and nothing flashes again.
        w.set(bEnds.addingTimeInterval(1))
        w.apply { $0.timer = true }
        #expect(w.sink.take() == [])
        #expect(w.clock.wakeups == [aEnds, bEnds])
    }

    // MARK: Minute boundaries and the catch-up

    @Test func aMinuteBoundaryRedrawsExactlyTheWidgetsWhoseDueLabelChanged() throws {
        // 17:58:30 in Tokyo on 2027-01-05; Call is due at 18:00 today, Report tomorrow.
        let t0 = RenderFixture.now.addingTimeInterval(8 * 3600 + 58 * 60 + 30)
        let w = try World(at: t0)
        let home = try w.store.addList(title: "Home")
        let work = try w.store.addList(title: "Work")
        let six = LocalDateTime(date: LocalDate(year: 2027, month: 1, day: 5)!, hour: 18, minute: 0)!
        let call = try w.store.addTodo(title: "Call", list: home.id, due: .dateTime(six, zoneID: "Asia/Tokyo"))
        _ = try w.store.addTodo(title: "Report", list: work.id, due: .date(LocalDate(year: 2027, month: 1, day: 6)!))
        try w.spec("home", list: "Home")
        try w.spec("work", list: "Work")
        w.session.start()
        #expect(w.sink.take() == ["home", "work"])

        // 17:59: every widget gets a frame, none shows anything new.
        w.set(t0.addingTimeInterval(30))
        w.apply { $0.minute = true }
        #expect(w.sink.take() == [])
        // 18:00: "Today 18:00" turns "Overdue"; "Tomorrow" stays.
        w.set(t0.addingTimeInterval(90))
        w.apply { $0.minute = true }
        #expect(w.sink.frames.map(\.reason) == ["minute"])
        let frame = try #require(w.sink.frames.first?.frame)
        #expect(DueLabel(due: try #require(call.due), now: frame.clock.now, zone: frame.clock.timeZone).kind == .overdue)
        #expect(w.sink.take() == ["home"])
    }

    @Test func theCatchUpRunsAtTheMinuteTickBeforeTheWidgetsFollow() throws {
        // A daily 09:00 todo due 2027-01-05, pending; the session starts at 08:59:30 the next day.
        let nine = LocalDateTime(date: LocalDate(year: 2027, month: 1, day: 5)!, hour: 9, minute: 0)!
        let w = try World()
        let home = try w.store.addList(title: "Home")
        let todo = try w.store.addTodo(title: "Stretch", list: home.id, due: .dateTime(nine, zoneID: "Asia/Tokyo"),
                                       repeatRule: RepeatRule(frequency: .daily))
        let before = RenderFixture.now.addingTimeInterval(86_400 - 30)
        w.set(before)
        try w.spec("home", list: "Home")
        w.session.start()
        #expect(w.sink.take() == ["home"])
        #expect(!w.log.contains("[catch-up]"))
        // 09:00 on Jan 6: the Jan 5 cycle has passed; the widget shows the Jan 6 cycle.
        w.set(before.addingTimeInterval(30))
        w.apply { $0.minute = true }
        #expect(w.log.contains("[catch-up] advanced 1 repeating todos"), "\(w.log)")
        let frame = try #require(w.sink.frames.first?.frame)
        guard case .list(let content) = frame.content else { Issue.record("not a list: \(frame.content)"); return }
        let shown = try #require(content.pending.first { $0.id == todo.id })
        #expect(shown.due == .dateTime(LocalDateTime(date: LocalDate(year: 2027, month: 1, day: 6)!, hour: 9, minute: 0)!, zoneID: "Asia/Tokyo"))
        #expect(w.sink.take() == ["home"])
    }

    @Test func anAtTodayWidgetFollowsStartDatesLocalMidnightAndCommitsInEveryList() throws {
        // 09:00 in Tokyo on 2027-01-05 (Tuesday).
        let w = try World()
        let home = try w.store.addList(title: "Home")
        let work = try w.store.addList(title: "Work")
        func day(_ d: Int) -> LocalDate { LocalDate(year: 2027, month: 1, day: d)! }
        _ = try w.store.addTodo(title: "Today", list: home.id, due: .date(day(5)))
        _ = try w.store.addTodo(title: "Tomorrow", list: work.id, due: .date(day(6)))
        let noon = LocalDateTime(date: day(5), hour: 12, minute: 0)!
        _ = try w.store.addTodo(title: "After lunch", list: work.id, due: .date(day(5)), start: .dateTime(noon, zoneID: "Asia/Tokyo"))
        try w.spec("today", list: "@today", family: "large")
        w.session.start()
        func shown() throws -> [String] {
            let frame = try #require(w.sink.frames.last?.frame)
            guard case .list(let content) = frame.content else { Issue.record("not a list: \(frame.content)"); return [] }
            return content.pending.map(\.title)
        }
        #expect(try shown() == ["Today"], "After lunch has not started; Tomorrow is not today")
        #expect(w.sink.take() == ["today"])
        // 12:00: the start has come, at the minute tick.
        w.set(RenderFixture.now.addingTimeInterval(3 * 3600))
        w.apply { $0.minute = true }
        #expect(try shown() == ["Today", "After lunch"])
        #expect(w.sink.take() == ["today"])
        // A commit in a list the widget's frame does not name still redraws it: a view spans every list.
        _ = try w.store.addTodo(title: "Call", list: work.id, due: .date(day(5)))
        w.apply { $0.lists = [work.id] }
        #expect(try shown().contains("Call"))
        #expect(w.sink.take() == ["today"])
        // Local midnight (00:00 on the 6th, Tokyo): Tomorrow is today's now; yesterday's stay, overdue.
        w.set(RenderFixture.now.addingTimeInterval(15 * 3600))
        w.apply { $0.day = true }
        #expect(Set(try shown()) == ["Today", "After lunch", "Call", "Tomorrow"])
        #expect(w.sink.take() == ["today"])
    }

    // MARK: The last good widget stays

    @Test func aBadSpecKeepsTheLastGoodWidgetUntilItParsesAgain() throws {
        let w = try World()
        let home = try w.fixture.list("Home", ["Dishes"]).list
        let good = try w.spec("desk", list: "Home")
        let goodText = try String(contentsOfFile: good, encoding: .utf8)
        _ = try w.fixture.writeSpec("broken", #"{ "version": 1, "family": "medium", "list": "Home", "anchor": "middle" }"#)
        w.session.start()
        #expect(w.sink.take() == ["desk"])
        #expect(w.log.contains("broken.json") && w.log.contains("not shown until fixed"), "\(w.log)")
        #expect(w.session.widgets[w.path("broken")]?.spec == nil)

        // desk breaks: logged once with the file and the key, the last good spec stays, no frame.
        try AtomicFile.write(#"{ "version": 1, "family": "huge", "list": "Home" }"#, to: good)
        w.apply { $0.specs = [good] }
        w.apply { $0.specs = [good] }
        #expect(w.log.components(separatedBy: "keeping the last good widget").count - 1 == 1, "\(w.log)")
        #expect(w.log.contains("desk.json") && w.log.contains("key \"family\""), "\(w.log)")
        #expect(w.session.widgets[good]?.spec?.family == .medium)
        try w.store.addTodo(title: "Laundry", list: home.id)
        w.apply { $0.lists = [home.id] }
        w.apply { $0.minute = true }
        #expect(w.sink.take() == [], "a frame was put out for a broken spec")

        // Restored to exactly its last good content: valid again, and the todo added meanwhile shows.
        try AtomicFile.write(goodText, to: good)
        w.apply { $0.specs = [good] }
        #expect(w.log.contains("[spec] desk.json is valid again"))
        guard case .list(let content)? = w.sink.frames.first?.frame.content else { Issue.record("no frame"); return }
        #expect(content.pending.map(\.title) == ["Dishes", "Laundry"])
        #expect(w.sink.take() == ["desk"])
    }

    @Test func aBadThemesFileKeepsEveryWidgetAsItWasUntilItIsFixed() throws {
        let w = try World()
        let home = try w.fixture.list("Home", ["Dishes"]).list
        try w.spec("desk", list: "Home")
        try w.spec("wall", list: "Home", family: "small")
        w.session.start()
        #expect(w.sink.take() == ["desk", "wall"])
        let themes = w.fixture.dataDirectory.path + "/" + ThemeStore.fileName
        try AtomicFile.write(#"{ "version": 1, "themes": [ { "name": "X", "accent": "blue" } ] }"#, to: themes)
        w.apply { $0.themes = true }
        #expect(w.log.contains("[themes]") && w.log.contains("accent") && w.log.contains("keeping the last good widgets"), "\(w.log)")
        try w.store.addTodo(title: "Laundry", list: home.id)
        w.apply { $0.lists = [home.id] }
        w.apply { $0.minute = true }
        #expect(w.sink.take() == [])
        try FileManager.default.removeItem(atPath: themes) // no themes.json: the built-in themes
        w.apply { $0.themes = true }
        #expect(w.log.contains("themes.json is valid again"))
        #expect(w.sink.take() == ["desk", "wall"])
    }

    @Test func aThemeTheSpecNamesThatDoesNotExistIsLoggedOnceAndNoFrameGoesOut() throws {
        let w = try World()
        _ = try w.fixture.list("Home", ["Dishes"])
        _ = try w.fixture.writeSpec("desk", #"{ "version": 1, "family": "medium", "list": "Home", "theme": "Nope" }"#)
        w.session.start()
        w.apply { $0.minute = true }
        #expect(w.sink.take() == [])
        #expect(w.log.components(separatedBy: "spec=desk").count - 1 == 1, "\(w.log)")
        #expect(w.log.contains("key \"theme\""), "\(w.log)")
    }

    // MARK: Starting

    @Test func startingFailuresCarryTheirExitCodes() throws {
        let tmp = TemporaryDirectory("session")
        let directory = tmp.dataDirectory
        let badNow = #expect(throws: WidgetSessionError.self) {
            try WidgetSession.changeSource(for: directory, environment: ["TASKTILE_NOW": "soon"])
        }
        #expect(badNow?.exitCode == .usage, "\(String(describing: badNow))")
        // The directories are made 0700 before the source starts.
        let source = try WidgetSession.changeSource(for: directory, environment: ["TZ": "UTC"])
        #expect(FileManager.default.fileExists(atPath: directory.widgetsPath))
        #expect(source.directory.path == directory.path)
        let lock = try WidgetSession.lock(directory.path + "/render.lock", whenHeld: "held")
        defer { lock.release() }
        #expect(throws: WidgetSessionError.alreadyRunning("held")) { try WidgetSession.lock(directory.path + "/render.lock", whenHeld: "held") }
        #expect(WidgetSessionError.alreadyRunning("held").exitCode == .busy)
        #expect(WidgetSessionError.cannotWatch(path: "/d", reason: "x").exitCode == .ioError)
    }
}
