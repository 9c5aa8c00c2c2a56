import Foundation
import Testing
import TaskTileCore
import TaskTileRender
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// The header's "+" of a widget on a real Wayland compositor (headless sway, one 1280 × 800 output), clicked with
/// the virtual pointer and typed into with a real virtual keyboard (`wtype`): the capture popup comes up in the
/// desktop process for that widget's list (a list widget: its list; `@today`: the default list), Enter adds there
/// and the popup goes away, Esc adds nothing (docs/widgets.md "Adding from a widget").
@Suite(.serialized) struct CaptureFromWidgetTests {
    static let tools = HeadlessSway.tools + [(name: "wtype", package: "wtype")]
    /// Widget "work": medium, list Work, top-left at 40 × 30 points.
    static let workOrigin = (x: 40.0, y: 30.0)
    /// Widget "today": large, `@today`, top-right at 24 × 24 points.
    static let todayOrigin = (x: 1280.0 - 24 - 364, y: 24.0)

    struct World {
        let session: DesktopSession
        let sway: HeadlessSway
        let desktop: DesktopSession.Background
        /// The "+" regions, points from each widget's top-left corner.
        let workAdd: HitRegion, todayAdd: HitRegion
    }

    static func world() throws -> World? {
        guard DesktopSession.require(tools) else { return nil }
        let session = try DesktopSession()
        session.baseEnvironment["TASKTILE_NOW"] = "2027-01-05T09:00:00Z"
        try session.cli("list", "add", "Home")
        try session.cli("list", "add", "Work")
        _ = try session.add("Ship it", list: "Work")
        try session.writeSpec(
            "work",
            #"{ "version": 1, "family": "medium", "list": "Work", "anchor": "top-left", "margin": [40, 30] }"#)
        try session.writeSpec(
            "today",
            #"{ "version": 1, "family": "large", "list": "@today", "anchor": "top-right", "margin": [24, 24] }"#)
        // The PNG path leaves the "+" out unless asked: ask, to learn where the desktop draws it.
        func add(_ name: String) throws -> HitRegion {
            let map = try session.hitMapInPoints(name, extra: [("add", .bool(true))])
            return try #require(map.regions.first { if case .add = $0.action { true } else { false } }, "\(map)")
        }
        let workAdd = try add("work"), todayAdd = try add("today")
        let sway = try HeadlessSway(session: session, outputs: 1)
        let desktop = try session.start(
            session.render, ["desktop"], environment: sway.environment, logName: "desktop-add.log")
        let drawn = eventually(15) {
            let log = desktop.output
            return log.contains("spec=work [") && log.contains("spec=today [") && log.contains("drew frame")
        }
        try #require(drawn, "the desktop drew nothing: \(desktop.output)")
        usleep(300_000)  // the compositor has the committed buffers
        return World(session: session, sway: sway, desktop: desktop, workAdd: workAdd, todayAdd: todayAdd)
    }

    /// Clicks the middle of `region` of the widget at `origin`, then moves the cursor out of the way.
    static func click(_ w: World, _ region: HitRegion, origin: (x: Double, y: Double)) throws {
        try w.sway.click(
            origin.x + Double(region.x) + Double(region.width) / 2,
            origin.y + Double(region.y) + Double(region.height) / 2)
        try w.sway.move(1279, 799)
    }

    /// Pixels of the popup's background (#fbfbfd) in the middle of the output, clear of both widgets (the white
    /// widget's antialiased edges come near that colour too).
    static func popupPixels(_ shot: Screenshot) -> Int {
        shot.count(x: 350, y: 240, width: 530, height: 320) { $0.near(0xFB, 0xFB, 0xFD, tolerance: 1) }
    }

    /// Waits for the popup on the screen; whether it came.
    static func popupShown(_ w: World, keep: String) throws -> Bool {
        for _ in 0..<40 {
            if popupPixels(try w.sway.screenshot("HEADLESS-1", keep: keep)) > 5000 { return true }
            usleep(250_000)
        }
        return false
    }

    /// Whether the popup is gone from the screen (within a few frames).
    static func popupGone(_ w: World) throws -> Bool {
        for _ in 0..<40 {
            if popupPixels(try w.sway.screenshot("HEADLESS-1")) == 0 { return true }
            usleep(250_000)
        }
        return false
    }

    static func type(_ w: World, _ arguments: String...) throws {
        let r = try w.session.run("/usr/bin/wtype", ["-s", "300"] + arguments, environment: w.sway.environment)
        try #require(r.status == 0, "wtype \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
        usleep(250_000)
    }

    static func pendingTitles(_ w: World, _ list: String) throws -> [String] {
        let json = try JSONValue.parse(Array(try w.session.cli("--json", "show", list).utf8))
        guard case .array(let lists)? = json["lists"], case .array(let items)? = lists.first?["pending"] else {
            return []
        }
        return items.compactMap { $0["title"]?.stringValue }
    }

    @Test func thePlusOpensThePopupForTheWidgetsListAndEnterAddsThere() throws {
        guard let w = try Self.world() else { return }
        defer { w.session.stopAll() }
        let lists = try w.session.cli("--json", "list", "ls")
        guard case .array(let items) = try JSONValue.parse(Array(lists.utf8)),
            let workID = items.first(where: { $0["title"] == .string("Work") })?["id"]?.stringValue
        else {
            Issue.record("no Work in \(lists)")
            return
        }
        #expect(w.workAdd.action == .add(listID: workID) && w.todayAdd.action == .add(listID: nil))
        // The "+" is on screen in the accent, where the map says (the default theme's #007AFF).
        let before = try w.sway.screenshot("HEADLESS-1", keep: "widget-plus")
        let r = w.workAdd
        let accent = before.count(
            x: Int(Self.workOrigin.x) + r.x, y: Int(Self.workOrigin.y) + r.y, width: r.width, height: r.height
        ) { $0.isAccentBlue }
        #expect(accent > 20, "no + drawn in the header: \(accent) accent pixels")
        #expect(Self.popupPixels(before) == 0, "no popup before the click")

        // The work widget's "+": the popup, targeting Work; Enter adds there and closes it.
        try Self.click(w, w.workAdd, origin: Self.workOrigin)
        try #require(try Self.popupShown(w, keep: "widget-plus-popup"), "no popup: \(w.desktop.output.suffix(3000))")
        #expect(w.desktop.output.contains("spec=work [click] capture for Work"), "\(w.desktop.output.suffix(3000))")
        try Self.type(w, "Buy milk tomorrow #errands")
        try Self.type(w, "-k", "Return")
        #expect(
            eventually(5) { w.desktop.output.contains(#"spec=work [add] Added "Buy milk" to Work"#) },
            "\(w.desktop.output.suffix(3000))")
        #expect(try Self.pendingTitles(w, "Work") == ["Ship it", "Buy milk"])
        #expect(try Self.popupGone(w), "Enter closes the popup")
        #expect(w.desktop.process.isRunning, "the desktop keeps running")
        // The widget drew the new todo (a frame after the add).
        #expect(
            eventually(5) {
                w.desktop.output.components(separatedBy: #"Added "Buy milk""#).last?.contains("spec=work [") == true
            }, "no frame after the add: \(w.desktop.output.suffix(2000))")

        // The @today widget's "+": the default list (Inbox, created by the add); Esc first adds nothing.
        try Self.click(w, w.todayAdd, origin: Self.todayOrigin)
        try #require(try Self.popupShown(w, keep: "widget-plus-today"), "no popup for @today")
        #expect(w.desktop.output.contains("spec=today [click] capture for Inbox"), "\(w.desktop.output.suffix(3000))")
        try Self.type(w, "Nothing to see")
        try Self.type(w, "-k", "Escape")
        #expect(try Self.popupGone(w), "Esc closes the popup")
        #expect(!(try w.session.cli("list", "ls")).contains("Inbox"), "Esc added nothing")
        try Self.click(w, w.todayAdd, origin: Self.todayOrigin)
        try #require(try Self.popupShown(w, keep: "widget-plus-today-2"), "no popup for @today the second time")
        try Self.type(w, "Pay rent")
        try Self.type(w, "-k", "Return")
        #expect(
            eventually(5) { w.desktop.output.contains(#"spec=today [add] Added "Pay rent" to Inbox"#) },
            "\(w.desktop.output.suffix(3000))")
        #expect(try Self.pendingTitles(w, "Inbox") == ["Pay rent"])
        #expect(try Self.pendingTitles(w, "Work") == ["Ship it", "Buy milk"])
    }

    /// X11 (Xvfb with openbox): the same "+" opens the popup as a dialog that takes the focus from the desktop
    /// window, `xdotool type` and Return add to the widget's list.
    @Test func onX11ThePlusOpensAFocusedDialog() throws {
        guard DesktopSession.require(CaptureX11Tests.tools) else { return }
        let session = try DesktopSession()
        defer { session.stopAll() }
        session.baseEnvironment["TASKTILE_NOW"] = "2027-01-05T09:00:00Z"
        try session.cli("list", "add", "Work")
        try session.writeSpec(
            "work",
            #"{ "version": 1, "family": "medium", "list": "Work", "anchor": "top-left", "margin": [40, 30] }"#)
        let map = try session.hitMapInPoints("work", extra: [("add", .bool(true))])
        let plus = try #require(map.regions.first { if case .add = $0.action { true } else { false } }, "\(map)")
        let x11 = try X11Desktop(session, name: "widget-add")
        let env = x11.environment
        func xdotool(_ args: String...) throws -> String { try x11.xdotool(args) }
        let desktop = try session.start(session.render, ["desktop"], environment: env, logName: "desktop-x11-add.log")
        try #require(
            eventually(15) { desktop.output.contains("spec=work [") && desktop.output.contains("drew frame") },
            "the desktop drew nothing: \(desktop.output)")
        usleep(300_000)
        let x = 40 + plus.x + plus.width / 2, y = 30 + plus.y + plus.height / 2
        try _ = xdotool("mousemove", String(x), String(y))
        try _ = xdotool("click", "1")
        #expect(
            eventually(10) { desktop.output.contains("capture shown") }, "no popup: \(desktop.output.suffix(2000))")
        usleep(500_000)
        #expect(try xdotool("getwindowfocus", "getwindowname") == "Add a todo")
        try _ = xdotool("type", "--delay", "20", "Buy milk #errands")
        try _ = xdotool("key", "Return")
        #expect(
            eventually(5) { desktop.output.contains(#"spec=work [add] Added "Buy milk" to Work"#) },
            "\(desktop.output.suffix(2000))")
        let json = try JSONValue.parse(Array(try session.cli("--json", "show", "Work").utf8))
        guard case .array(let lists)? = json["lists"], case .array(let todos)? = lists.first?["pending"] else {
            Issue.record("no lists in \(json)")
            return
        }
        #expect(todos.map { $0["title"] } == [.string("Buy milk")] && todos.first?["tags"] == .array([.string("errands")]))
        #expect(desktop.process.isRunning)
    }
}
