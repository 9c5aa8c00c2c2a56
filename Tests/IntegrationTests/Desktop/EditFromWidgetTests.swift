import Foundation
import Testing
import TaskTileCore
import TaskTileRender
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// A click on a widget row (not its checkbox) on a real Wayland compositor (headless sway, one 1280 × 800
/// output), with the virtual pointer and a real virtual keyboard (`wtype`): the edit popup comes up in the
/// desktop process for that todo; a due typed into its focused "Due and repeat" field and Enter change the todo
/// and the widget redraws; Ctrl+Delete deletes it with its subtask, Ctrl+Z brings both back, Esc closes
/// (docs/desktop.md "Editing from a widget").
@Suite(.serialized) struct EditFromWidgetTests {
    static let origin = (x: 40.0, y: 30.0)

    @Test func aRowClickOpensTheEditPopupEnterSavesCtrlDeleteAndCtrlZ() throws {
        guard DesktopSession.require(CaptureFromWidgetTests.tools) else { return }
        let session = try DesktopSession()
        defer { session.stopAll() }
        session.baseEnvironment["TASKTILE_NOW"] = "2027-01-05T09:00:00Z"
        try session.cli("list", "add", "Work")
        let ship = try session.add("Ship it", list: "Work")
        try session.cli("add", "Release notes", "--parent", ship)
        try session.writeSpec(
            "work",
            #"{ "version": 1, "family": "medium", "list": "Work", "anchor": "top-left", "margin": [40, 30] }"#)
        let map = try session.hitMapInPoints("work")
        let row = try #require(map.regions.first { $0.action == .openTodo(ship) }, "no row region: \(map)")
        let sway = try HeadlessSway(session: session, outputs: 1)
        let desktop = try session.start(session.render, ["desktop"], environment: sway.environment,
                                        logName: "desktop-edit.log")
        try #require(eventually(15) { desktop.output.contains("spec=work [") && desktop.output.contains("drew frame") },
                     "the desktop drew nothing: \(desktop.output)")
        usleep(300_000)
        let w = CaptureFromWidgetTests.World(
            session: session, sway: sway, desktop: desktop, workAdd: row, todayAdd: row)
        // The title's part of the row, clear of the checkbox on the left.
        func clickRow() throws {
            try sway.click(
                Self.origin.x + Double(row.x + row.width / 2), Self.origin.y + Double(row.y + row.height / 2))
            try sway.move(1279, 799)
        }
        func due() throws -> String? {
            let json = try JSONValue.parse(Array(try session.cli("--json", "show", "Work").utf8))
            guard case .array(let lists)? = json["lists"], case .array(let todos)? = lists.first?["pending"] else {
                return nil
            }
            return todos.first { $0["id"]?.stringValue == ship }?["due"]?.stringValue
        }

        try clickRow()
        try #require(try CaptureFromWidgetTests.popupShown(w, keep: "widget-edit-popup"),
                     "no popup: \(desktop.output.suffix(3000))")
        #expect(desktop.output.contains("spec=work [click] edit \(ship)"), "\(desktop.output.suffix(3000))")
        #expect(desktop.output.contains(#"edit "Ship it""#), "\(desktop.output.suffix(3000))")
        try Self.golden(sway, "edit-popup-en")
        let framesBefore = desktop.output.components(separatedBy: "spec=work [").count
        try CaptureFromWidgetTests.type(w, "tomorrow 9am")
        try CaptureFromWidgetTests.type(w, "-k", "Return")
        #expect(eventually(5) { desktop.output.contains(#"edit saved "Ship it""#) }, "\(desktop.output.suffix(3000))")
        let saved = try due()
        #expect(saved?.hasPrefix("2027-01-06T09:00:00") == true, "\(saved ?? "no due")")
        #expect(try CaptureFromWidgetTests.popupGone(w), "Enter closes the popup")
        #expect(eventually(5) { desktop.output.components(separatedBy: "spec=work [").count > framesBefore },
                "the widget did not redraw after the save")

        // Ctrl+Delete deletes the todo and its subtask; Ctrl+Z brings both back; Esc closes.
        try clickRow()
        try #require(try CaptureFromWidgetTests.popupShown(w, keep: "widget-edit-popup-2"), "no popup the second time")
        try CaptureFromWidgetTests.type(w, "-M", "ctrl", "-k", "Delete", "-m", "ctrl")
        #expect(eventually(5) { desktop.output.contains(#"edit deleted "Ship it""#) }, "\(desktop.output.suffix(3000))")
        #expect(try session.todoState(list: "Work").pending.isEmpty)
        try CaptureFromWidgetTests.type(w, "-M", "ctrl", "z", "-m", "ctrl")
        #expect(
            eventually(5) { desktop.output.contains(#"edit restored "Ship it""#) }, "\(desktop.output.suffix(3000))")
        #expect(try session.todoState(list: "Work").pending.count == 2)
        try CaptureFromWidgetTests.type(w, "-k", "Escape")
        #expect(try CaptureFromWidgetTests.popupGone(w), "Esc closes the popup")
        #expect(try due()?.hasPrefix("2027-01-06T09:00:00") == true, "the restored todo keeps its due")

        // Keyboard only: Tab from the due field past priority, tags and notes to the subtask's checkbox, Space
        // ticks it, Enter saves: the subtask is completed (the parent stays open) and the widget redraws.
        try clickRow()
        try #require(try CaptureFromWidgetTests.popupShown(w, keep: "widget-edit-popup-3"), "no popup the third time")
        try CaptureFromWidgetTests.type(w, "-k", "Tab", "-k", "Tab", "-k", "Tab", "-k", "Tab", "-k", "space")
        usleep(200_000)
        _ = try CaptureFromWidgetTests.popupShown(w, keep: "widget-edit-popup-ticked")
        try Self.golden(sway, "edit-popup-subtask-ticked")
        let framesBeforeTick = desktop.output.components(separatedBy: "spec=work [").count
        let savesBefore = desktop.output.components(separatedBy: #"edit saved "Ship it""#).count
        try CaptureFromWidgetTests.type(w, "-k", "Return")
        #expect(eventually(5) { desktop.output.components(separatedBy: #"edit saved "Ship it""#).count > savesBefore },
                "\(desktop.output.suffix(3000))")
        let state = try session.todoState(list: "Work")
        #expect(state.pending == [ship] && state.completed.count == 1, "\(state)")
        #expect(eventually(5) { desktop.output.components(separatedBy: "spec=work [").count > framesBeforeTick },
                "the widget did not redraw after the subtask was ticked")
        #expect(desktop.process.isRunning)
    }

    /// Compares the popup on the screen now with golden `name` (`PopupGolden`).
    static func golden(_ sway: HeadlessSway, _ name: String) throws {
        let shot = try sway.screenshot("HEADLESS-1", keep: name)
        let box = try #require(PopupGolden.box(of: shot), "no popup on the screen")
        let failure = try PopupGolden.verify(shot, box: box, name: name)
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// X11 (Xvfb with openbox): the row click opens the edit popup as a dialog that takes the focus from the
    /// desktop window; `xdotool type` into its focused due field and Return save.
    @Test func onX11ARowClickOpensAFocusedEditDialog() throws {
        guard DesktopSession.require(CaptureX11Tests.tools) else { return }
        let session = try DesktopSession()
        defer { session.stopAll() }
        session.baseEnvironment["TASKTILE_NOW"] = "2027-01-05T09:00:00Z"
        try session.cli("list", "add", "Work")
        let ship = try session.add("Ship it", list: "Work")
        try session.writeSpec(
            "work",
            #"{ "version": 1, "family": "medium", "list": "Work", "anchor": "top-left", "margin": [40, 30] }"#)
        let map = try session.hitMapInPoints("work")
        let row = try #require(map.regions.first { $0.action == .openTodo(ship) }, "no row region: \(map)")
        let x11 = try X11Desktop(session, name: "edit")
        let env = x11.environment
        func xdotool(_ args: String...) throws -> String { try x11.xdotool(args) }
        let desktop = try session.start(session.render, ["desktop"], environment: env, logName: "desktop-x11-edit.log")
        try #require(
            eventually(15) { desktop.output.contains("spec=work [") && desktop.output.contains("drew frame") },
            "the desktop drew nothing: \(desktop.output)")
        usleep(300_000)
        let x = 40 + row.x + row.width / 2, y = 30 + row.y + row.height / 2
        try _ = xdotool("mousemove", String(x), String(y))
        try _ = xdotool("click", "1")
        #expect(
            eventually(10) { desktop.output.contains(#"edit "Ship it""#) }, "no popup: \(desktop.output.suffix(2000))")
        usleep(700_000)
        #expect(try xdotool("getwindowfocus", "getwindowname") == "Edit todo")
        try _ = xdotool("type", "--delay", "20", "fri 5pm")
        try _ = xdotool("key", "Return")
        #expect(
            eventually(5) { desktop.output.contains(#"edit saved "Ship it""#) }, "\(desktop.output.suffix(2000))")
        let json = try JSONValue.parse(Array(try session.cli("--json", "show", "Work").utf8))
        guard case .array(let lists)? = json["lists"], case .array(let todos)? = lists.first?["pending"] else {
            Issue.record("no lists in \(json)")
            return
        }
        #expect(todos.first?["due"]?.stringValue?.hasPrefix("2027-01-08T17:00:00") == true, "\(todos)")
        #expect(desktop.process.isRunning)
    }
}
