import Foundation
import Testing
import TaskTileCore
import TaskTileRender
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `tasktile-render desktop` on a real Wayland compositor (headless sway) with real clicks:
/// placement from anchor/margin/monitor, the scale-2 output, the click that completes the second
/// of two todos with the same title and only it, the flash then the normal frame on every widget of
/// that list, a CLI commit on screen, title and header clicks that complete nothing, SIGTERM,
/// a second instance and the compositor going away.
@Suite(.serialized) struct DesktopWaylandTests {
    /// Widget "desk": the default (light) theme, English, top-left of HEADLESS-1 at 40 × 30 pt.
    static let deskOrigin = (x: 40.0, y: 30.0)
    /// Widget "desk-ja": Midnight (dark), Japanese, bottom-right of HEADLESS-2 (scale 2, 640 × 400 pt) at 24 × 24 pt.
    static let jaOrigin = (x: 640.0 - 24 - 364, y: 400.0 - 24 - 170)

    struct World {
        let session: DesktopSession
        let sway: HeadlessSway
        let desktop: DesktopSession.Background
        let milk: String, eggs1: String, eggs2: String
        let desk: HitMap, ja: HitMap

        func desktopLog() -> String { desktop.output }
    }

    /// sway with two outputs, a Shopping list with Milk, Eggs, Eggs, two widgets of it, the desktop running.
    static func world() throws -> World? {
        guard DesktopSession.require(HeadlessSway.tools) else { return nil }
        let session = try DesktopSession()
        try session.cli("list", "add", "Shopping")
        let milk = try session.add("Milk", list: "Shopping")
        let eggs1 = try session.add("Eggs", list: "Shopping")
        let eggs2 = try session.add("Eggs", list: "Shopping")
        let midnight = URL(fileURLWithPath: repositoryRoot + "/Themes/midnight.json").path
        try session.cli("theme", "import", midnight)
        try session.writeSpec("desk", """
            { "version": 1, "family": "medium", "list": "Shopping", "anchor": "top-left", "margin": [40, 30], "monitor": "HEADLESS-1" }
            """)
        try session.writeSpec("desk-ja", """
            { "version": 1, "family": "medium", "list": "Shopping", "theme": "Midnight", "lang": "ja",
              "anchor": "bottom-right", "margin": [24, 24], "monitor": "HEADLESS-2" }
            """)
        let desk = try session.hitMapInPoints("desk")
        let ja = try session.hitMapInPoints("desk-ja")
        let sway = try HeadlessSway(session: session)
        let desktop = try session.start(session.render, ["desktop"], environment: sway.environment, logName: "desktop.log")
        let drawn = eventually(15) {
            let log = desktop.output
            return log.contains("spec=desk [") && log.contains("spec=desk-ja [") && log.contains("drew frame")
        }
        try #require(drawn, "the desktop drew nothing: \(desktop.output)")
        usleep(300_000) // the compositor has the committed buffers
        return World(session: session, sway: sway, desktop: desktop, milk: milk, eggs1: eggs1, eggs2: eggs2, desk: desk, ja: ja)
    }

    // MARK: Regions

    static func region(_ map: HitMap, _ action: HitRegion.Action) throws -> HitRegion {
        try #require(map.regions.first { $0.action == action }, "no \(action) region in \(map.regions)")
    }

    /// A hit-map rectangle (points) moved to screenshot pixels: `origin` in points, × `scale`.
    static func pixels(_ r: HitRegion, origin: (x: Double, y: Double), scale: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        (Int(origin.x) * scale + r.x * scale, Int(origin.y) * scale + r.y * scale, r.width * scale, r.height * scale)
    }

    enum RowState: Equatable { case pending, flash, empty, other }

    /// What the row of `todo` shows in a light-theme screenshot (the "desk" widget).
    static func deskRow(_ shot: Screenshot, _ w: World, _ todo: String) throws -> RowState {
        let box = pixels(try region(w.desk, .complete(todoID: todo)), origin: deskOrigin, scale: 1)
        let row = pixels(try region(w.desk, .openTodo(todo)), origin: deskOrigin, scale: 1)
        let accent = shot.count(x: box.x, y: box.y, width: box.width, height: box.height) { $0.isAccentBlue }
        let grey = shot.count(x: box.x, y: box.y, width: box.width, height: box.height) { $0.isGreyInk }
        let ink = shot.count(x: row.x, y: row.y, width: row.width, height: row.height) { !$0.near(255, 255, 255, tolerance: 6) }
        if accent > 5 { return .pending }
        if grey > 10 { return .flash }
        if ink == 0 { return .empty }
        return .other
    }

    /// The same for the dark, Japanese, scale-2 widget in a HEADLESS-2 screenshot.
    static func jaRow(_ shot: Screenshot, _ w: World, _ todo: String) throws -> RowState {
        let box = pixels(try region(w.ja, .complete(todoID: todo)), origin: jaOrigin, scale: 2)
        let row = pixels(try region(w.ja, .openTodo(todo)), origin: jaOrigin, scale: 2)
        let accent = shot.count(x: box.x, y: box.y, width: box.width, height: box.height) { $0.isAccentOrange }
        let ink = shot.count(x: row.x, y: row.y, width: row.width, height: row.height) { !$0.near(0x1C, 0x1C, 0x1E, tolerance: 6) }
        if accent > 5 { return .pending }
        if ink > 20 { return .flash }
        if ink == 0 { return .empty }
        return .other
    }

    // MARK: Tests

    @Test func widgetsSitWhereTheirSpecsSayAtTheOutputsScale() throws {
        guard let w = try Self.world() else { return }
        defer { w.session.stopAll() }
        try w.sway.move(1279, 799)
        usleep(200_000)
        let one = try w.sway.screenshot("HEADLESS-1", keep: "wayland-desk-en-light")
        #expect(one.width == 1280 && one.height == 800)
        let (bx, by) = (40, 30), (bw, bh) = (364, 170)
        let wall = HeadlessSway.wallpaper1
        // Inside each edge: the theme's white; one pixel beyond: the wallpaper.
        for (x, y) in [(bx + 2, by + bh / 2), (bx + bw - 3, by + bh / 2), (bx + bw / 2, by + 2), (bx + bw / 2, by + bh - 3)] {
            #expect(one.pixel(x, y).near(255, 255, 255), "(\(x), \(y)) = \(one.pixel(x, y))")
        }
        for (x, y) in [(bx - 2, by + bh / 2), (bx + bw + 1, by + bh / 2), (bx + bw / 2, by - 2), (bx + bw / 2, by + bh + 1)] {
            #expect(one.pixel(x, y).near(wall.0, wall.1, wall.2), "(\(x), \(y)) = \(one.pixel(x, y))")
        }
        // Rounded corners are transparent: the wallpaper shows through.
        #expect(one.pixel(bx + 1, by + 1).near(wall.0, wall.1, wall.2), "corner = \(one.pixel(bx + 1, by + 1))")
        #expect(try Self.deskRow(one, w, w.eggs2) == .pending)

        // HEADLESS-2 has scale 2: 364 × 170 points are 728 × 340 pixels, bottom-right at 24 × 24 points.
        let two = try w.sway.screenshot("HEADLESS-2", keep: "wayland-desk-ja-dark-scale2")
        #expect(two.width == 1280 && two.height == 800)
        let (jx, jy) = (Int(Self.jaOrigin.x) * 2, Int(Self.jaOrigin.y) * 2), (jw, jh) = (728, 340)
        let wall2 = HeadlessSway.wallpaper2
        for (x, y) in [(jx + 2, jy + jh / 2), (jx + jw - 3, jy + jh / 2), (jx + jw / 2, jy + 3), (jx + jw / 2, jy + jh - 3)] {
            #expect(two.pixel(x, y).near(0x1C, 0x1C, 0x1E), "(\(x), \(y)) = \(two.pixel(x, y))")
        }
        for (x, y) in [(jx - 2, jy + jh / 2), (jx + jw + 1, jy + jh / 2), (jx + jw / 2, jy - 2), (jx + jw / 2, jy + jh + 1)] {
            #expect(two.pixel(x, y).near(wall2.0, wall2.1, wall2.2), "(\(x), \(y)) = \(two.pixel(x, y))")
        }
        #expect(two.pixel(jx + 1, jy + 1).near(wall2.0, wall2.1, wall2.2), "corner = \(two.pixel(jx + 1, jy + 1))")
        #expect(try Self.jaRow(two, w, w.eggs2) == .pending)
        #expect(w.desktopLog().contains("spec=desk-ja [") && w.desktopLog().contains("at scale 2"), "\(w.desktopLog())")

        // The output's scale changes under a running widget: it is drawn again at scale 2, in the
        // same place in points (80 × 60 pixels now) and twice as many pixels.
        try w.sway.msg("output", "HEADLESS-1", "scale", "2")
        #expect(eventually(5) { w.desktopLog().contains("spec=desk [scale] drew frame") && w.desktopLog().components(separatedBy: "spec=desk [").last?.contains("at scale 2") == true },
                "not redrawn at scale 2: \(w.desktopLog())")
        usleep(300_000)
        let sharp = try w.sway.screenshot("HEADLESS-1", keep: "wayland-desk-en-light-scale2")
        #expect(sharp.width == 1280 && sharp.height == 800) // 640 × 400 points at scale 2
        for (x, y) in [(80 + 3, 60 + 170), (80 + 724, 60 + 170), (80 + 364, 60 + 3), (80 + 364, 60 + 336)] {
            #expect(sharp.pixel(x, y).near(255, 255, 255), "scale 2 inside (\(x), \(y)) = \(sharp.pixel(x, y))")
        }
        for (x, y) in [(80 - 3, 60 + 170), (80 + 731, 60 + 170), (80 + 364, 60 - 3), (80 + 364, 60 + 343)] {
            #expect(sharp.pixel(x, y).near(wall.0, wall.1, wall.2), "scale 2 outside (\(x), \(y)) = \(sharp.pixel(x, y))")
        }
    }

    @Test func aCheckboxClickCompletesThatTodoOnlyAndEveryWidgetFlashesThenShowsTheNormalFrame() throws {
        guard let w = try Self.world() else { return }
        defer { w.session.stopAll() }
        // The centre of the second "Eggs" checkbox: anchor/margin origin + the hit map region.
        let box = try Self.region(w.desk, .complete(todoID: w.eggs2))
        let x = Self.deskOrigin.x + Double(box.x) + Double(box.width) / 2
        let y = Self.deskOrigin.y + Double(box.y) + Double(box.height) / 2
        try w.sway.move(x, y)
        usleep(300_000)
        // Hover: the checkbox gets the accent halo (accent at 22 % over white ≈ #C7DEFF).
        let hover = try w.sway.screenshot("HEADLESS-1", keep: "wayland-hover")
        let b = Self.pixels(box, origin: Self.deskOrigin, scale: 1)
        let halo = hover.count(x: b.x, y: b.y, width: b.width, height: b.height) { $0.near(0xC7, 0xDE, 0xFF, tolerance: 14) }
        #expect(halo > 30, "no hover halo (\(halo) pixels): \(w.desktopLog())")
        try w.sway.click(x, y)
        try w.sway.move(1279, 799) // the software cursor must not cover what is measured
        var states: [RowState] = []
        var jaStates: [RowState] = []
        let end = Date().addingTimeInterval(6)
        while Date() < end {
            let shot = try w.sway.screenshot("HEADLESS-1", keep: states.isEmpty ? "wayland-after-click" : nil)
            let state = try Self.deskRow(shot, w, w.eggs2)
            if state != states.last { states.append(state) }
            if state == .flash && jaStates.isEmpty {
                let two = try w.sway.screenshot("HEADLESS-2", keep: "wayland-ja-flash")
                jaStates.append(try Self.jaRow(two, w, w.eggs2))
                _ = try w.sway.screenshot("HEADLESS-1", keep: "wayland-desk-flash")
            }
            if state == .empty { break }
            usleep(50_000)
        }
        #expect(states.first(where: { $0 != .pending }) == .flash, "row states after the click: \(states)\n\(w.desktopLog())")
        #expect(states.last == .empty, "row states after the click: \(states)")
        #expect(jaStates == [.flash], "the other widget of the list: \(jaStates)")
        let two = try w.sway.screenshot("HEADLESS-2", keep: "wayland-ja-normal")
        #expect(try Self.jaRow(two, w, w.eggs2) == .empty)
        // The clicked todo and only it: the first "Eggs" (same title) and Milk stay pending.
        let state = try w.session.todoState(list: "Shopping")
        #expect(state.pending == [w.milk, w.eggs1] && state.completed == [w.eggs2], "\(state)")

        // A commit from another process shows up on screen.
        let tea = try w.session.add("Tea", list: "Shopping")
        let teaShown = eventually(5) {
            guard let shot = try? w.sway.screenshot("HEADLESS-1") else { return false }
            return (try? Self.deskRow(shot, w, w.eggs2)) == .pending // row 3 holds Tea now
        }
        _ = try w.sway.screenshot("HEADLESS-1", keep: "wayland-cli-commit")
        #expect(teaShown, "the CLI commit never showed: \(w.desktopLog())")
        #expect(try w.session.todoState(list: "Shopping").pending.contains(tea))
    }

    /// The `grid` family in the desktop host: a click on today's cell of a habit
    /// checks it in through the completion function, the cell fills with the accent on screen, and
    /// a second click takes the check-in back.
    @Test func aGridCellClickChecksInTodaysHabitAndTheCellFills() throws {
        guard DesktopSession.require(HeadlessSway.tools) else { return }
        let session = try DesktopSession()
        defer { session.stopAll() }
        _ = try session.cli("challenge", "start", "Fifty", "--days", "50", "--habit", "Stretch", "--habit", "Read")
        try session.writeSpec("habits", """
            { "version": 1, "family": "grid", "list": "Fifty", "anchor": "top-left", "margin": [40, 30], "monitor": "HEADLESS-1" }
            """)
        let map = try session.hitMapInPoints("habits")
        // Stretch's cell for day 1, which is today (the challenge starts today; TZ=UTC, the real clock).
        let shown = try JSONValue.parse(Array(try session.cli("--json", "show", "Fifty").utf8))
        guard case .array(let lists)? = shown["lists"], case .array(let pending)? = lists.first?["pending"],
              case .string(let stretch)? = pending.first(where: { $0["title"] == .string("Stretch") })?["id"] else {
            Issue.record("no Stretch habit in \(shown)"); return
        }
        let days = map.regions.compactMap { r -> (String, HitRegion)? in
            if case .checkIn(let id, let d) = r.action, id == stretch { return (d, r) } else { return nil }
        }.sorted { $0.0 < $1.0 }
        #expect(days.count == 1, "on day 1 only today's cell checks in (future cells open the habit): \(days.map(\.0))")
        let cell = try #require(days.first?.1, "no cell for Stretch in \(map.regions)")
        let sway = try HeadlessSway(session: session)
        let desktop = try session.start(session.render, ["desktop"], environment: sway.environment, logName: "desktop.log")
        try #require(eventually(15) { desktop.output.contains("spec=habits [") && desktop.output.contains("drew frame") },
                     "the desktop drew nothing: \(desktop.output)")
        usleep(300_000)
        func stretchCells() throws -> String {
            let json = try JSONValue.parse(Array(try session.cli("--json", "challenge", "show", "Fifty").utf8))
            guard case .array(let habits)? = json["habits"], case .string(let c)? = habits.first?["cells"] else { return "" }
            return c
        }
        func accentInCell() throws -> Int {
            let shot = try sway.screenshot("HEADLESS-1")
            let p = Self.pixels(cell, origin: Self.deskOrigin, scale: 1)
            return shot.count(x: p.x + 2, y: p.y + 2, width: p.width - 4, height: p.height - 4) { $0.isAccentBlue }
        }
        #expect(try stretchCells().hasPrefix("o"), "today is open before the click")
        let before = try accentInCell()
        let x = Self.deskOrigin.x + Double(cell.x) + Double(cell.width) / 2
        let y = Self.deskOrigin.y + Double(cell.y) + Double(cell.height) / 2
        try sway.click(x, y)
        try sway.move(1279, 799) // the software cursor must not cover what is measured
        #expect(eventually(5) { (try? stretchCells())?.hasPrefix("x") == true }, "the click checked nothing in: \(desktop.output)")
        let area = (cell.width - 4) * (cell.height - 4)
        var filled = 0
        #expect(eventually(5) { filled = (try? accentInCell()) ?? 0; return filled > area / 2 },
                "today's cell is not filled with the accent on screen (\(before) → \(filled) of \(area) pixels)")
        _ = try sway.screenshot("HEADLESS-1", keep: "wayland-grid-checked-in")
        // Read (the second habit) is untouched; a second click takes Stretch's check-in back.
        try sway.click(x, y)
        try sway.move(1279, 799)
        #expect(eventually(5) { (try? stretchCells())?.hasPrefix("o") == true }, "the second click did not take it back: \(desktop.output)")
        let read = try JSONValue.parse(Array(try session.cli("--json", "challenge", "show", "Fifty").utf8))
        #expect(read["checkIns"] == .number(0))
    }

    @Test func titleAndHeaderClicksOpenAndCompleteNothing() throws {
        guard let w = try Self.world() else { return }
        defer { w.session.stopAll() }
        let marker = w.session.tmp.file("opened-todo")
        try w.session.cli("settings", "set", "widget.openCommand", "/usr/bin/touch \(marker)")
        // On "Milk", 20 points right of its checkbox region: the title text.
        let box = try Self.region(w.desk, .complete(todoID: w.milk))
        let row = try Self.region(w.desk, .openTodo(w.milk))
        try w.sway.click(Self.deskOrigin.x + Double(box.x + box.width) + 20, Self.deskOrigin.y + Double(row.y) + Double(row.height) / 2)
        #expect(eventually(5) { FileManager.default.fileExists(atPath: marker) }, "the open command did not run: \(w.desktopLog())")
        let listMarker = w.session.tmp.file("opened-list")
        try w.session.cli("settings", "set", "widget.openCommand", "/usr/bin/touch \(listMarker)")
        let header = try Self.region(w.desk, .openList(try #require(w.desk.regions.compactMap { r -> String? in
            if case .openList(let id) = r.action { id } else { nil } }.first)))
        try w.sway.click(Self.deskOrigin.x + Double(header.x) + 30, Self.deskOrigin.y + Double(header.y) + Double(header.height) / 2)
        #expect(eventually(5) { FileManager.default.fileExists(atPath: listMarker) }, "the header did not open: \(w.desktopLog())")
        usleep(300_000)
        let state = try w.session.todoState(list: "Shopping")
        #expect(state.pending == [w.milk, w.eggs1, w.eggs2] && state.completed.isEmpty, "a text click completed something: \(state)")
        #expect(!w.desktopLog().contains("completed todo"))
    }

    @Test func specsAddedChangedBrokenAndRemovedFollowOnScreen() throws {
        guard let w = try Self.world() else { return }
        defer { w.session.stopAll() }
        try w.sway.move(1279, 799)
        // Added: a small widget bottom-left of HEADLESS-1 appears.
        try w.session.writeSpec("extra", """
            { "version": 1, "family": "small", "list": "Shopping", "anchor": "bottom-left", "margin": [10, 10], "monitor": "HEADLESS-1" }
            """)
        let white = { (s: Screenshot) in s.pixel(10 + 85, 800 - 10 - 5).near(255, 255, 255) }
        #expect(eventually(5) { (try? w.sway.screenshot("HEADLESS-1")).map(white) == true }, "the added spec never showed: \(w.desktopLog())")
        _ = try w.sway.screenshot("HEADLESS-1", keep: "wayland-spec-added")
        // Broken: the error names the file and the key; the last good frame stays.
        try w.session.writeSpec("extra", """
            { "version": 1, "family": "small", "list": "Shopping", "anchor": "middle" }
            """)
        #expect(eventually(5) { w.desktopLog().contains("extra.json: key \"anchor\": \"middle\" is not accepted") }, "\(w.desktopLog())")
        #expect(white(try w.sway.screenshot("HEADLESS-1")), "the bad spec's last good frame went away")
        // Fixed and moved: top-right now, and the bottom-left corner shows the wallpaper again.
        try w.session.writeSpec("extra", """
            { "version": 1, "family": "small", "list": "Shopping", "anchor": "top-right", "margin": [10, 10], "monitor": "HEADLESS-1" }
            """)
        let wall = HeadlessSway.wallpaper1
        #expect(eventually(5) {
            guard let s = try? w.sway.screenshot("HEADLESS-1") else { return false }
            return s.pixel(1280 - 10 - 85, 10 + 5).near(255, 255, 255) && s.pixel(95, 795).near(wall.0, wall.1, wall.2)
        }, "the moved spec is not top-right: \(w.desktopLog())")
        // Removed: its surface goes away.
        try FileManager.default.removeItem(atPath: w.session.dir.widgetsPath + "/extra.json")
        #expect(eventually(5) { (try? w.sway.screenshot("HEADLESS-1"))?.pixel(1280 - 10 - 85, 15).near(wall.0, wall.1, wall.2) == true },
                "the removed spec stayed: \(w.desktopLog())")
        #expect(w.desktopLog().contains("spec removed: extra.json"))
        // A bad themes.json: named, and every widget keeps its frame.
        try AtomicFile.write(#"{ "version": 1, "themes": [ { "name": "X", "accent": "blue" } ] }"#, to: w.session.dir.path + "/themes.json")
        w.session.chownToUser(w.session.dir.path)
        #expect(eventually(5) { w.desktopLog().contains("[themes]") && w.desktopLog().contains("accent") }, "\(w.desktopLog())")
        #expect(try Self.deskRow(try w.sway.screenshot("HEADLESS-1"), w, w.eggs2) == .pending)
    }

    @Test func aSpecWaitsForItsMonitorAndAppearsWhenItIsPluggedIn() throws {
        guard let w = try Self.world() else { return }
        defer { w.session.stopAll() }
        try w.session.writeSpec("later", """
            { "version": 1, "family": "small", "list": "Shopping", "anchor": "top-left", "margin": [0, 0], "monitor": "HEADLESS-3" }
            """)
        #expect(eventually(5) { w.desktopLog().contains("spec=later waits for monitor \"HEADLESS-3\"") }, "\(w.desktopLog())")
        try w.sway.msg("create_output") // the headless backend's hotplug: HEADLESS-3
        #expect(eventually(10) { w.desktopLog().contains("spec=later on HEADLESS-3") }, "\(w.desktopLog())")
        let waits = w.desktopLog().components(separatedBy: "spec=later waits for monitor").count - 1
        #expect(waits == 1, "the wait is said once, not \(waits) times")
        #expect(eventually(5) { (try? w.sway.screenshot("HEADLESS-3"))?.pixel(85, 85).near(255, 255, 255) == true })
    }

    @Test func sigtermExits0ASecondDesktopExits75() throws {
        guard let w = try Self.world() else { return }
        defer { w.session.stopAll() }
        let second = try w.session.run(w.session.render, ["desktop"], environment: w.sway.environment)
        #expect(second.status == 75, "\(second.stderr)")
        #expect(second.stderr.contains("another tasktile-render desktop is running for \(w.session.dir.path) on display \(w.sway.waylandDisplay)"))
        let pid = try #require(w.session.desktopPID(display: w.sway.waylandDisplay))
        kill(pid, SIGTERM)
        #expect(w.desktop.exitStatus(within: 5) == 0, "\(w.desktopLog())")
        #expect(w.desktopLog().contains("stopping"))
    }

    @Test func losingTheCompositorExits69() throws {
        guard let w = try Self.world() else { return }
        defer { w.session.stopAll() }
        w.sway.stop()
        #expect(w.desktop.exitStatus(within: 10) == 69, "\(w.desktopLog())")
        #expect(w.desktopLog().contains("lost the connection to the display"))
    }

    @Test func noDisplayExits69NamingBothVariables() throws {
        let session = try DesktopSession()
        let r = try session.run(session.render, ["desktop"], environment: [:])
        #expect(r.status == 69)
        #expect(r.stderr.contains("no display: WAYLAND_DISPLAY is not set and DISPLAY is not set"), "\(r.stderr)")
        let unreachable = try session.run(session.render, ["desktop"], environment: ["XDG_RUNTIME_DIR": session.tmp.file("run"),
                                                                                    "WAYLAND_DISPLAY": "wayland-none", "DISPLAY": ":987"])
        #expect(unreachable.status == 69)
        #expect(unreachable.stderr.contains("WAYLAND_DISPLAY=wayland-none cannot be reached and DISPLAY=:987 cannot be reached"), "\(unreachable.stderr)")
    }
}
