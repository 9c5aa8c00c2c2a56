import Foundation
import Testing
import TaskTileCore
import TaskTileRender
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// `tasktile capture` on a real Wayland compositor (headless sway, one 1280 × 800 output) with a real virtual
/// keyboard (`wtype`, zwp_virtual_keyboard_v1): the popup comes up centred as an overlay layer surface with the
/// keyboard, shows the chips of what is typed, Enter adds the parsed todo and exits 0, Shift+Enter adds and stays,
/// Tab picks the next list, a line without a title adds nothing, Esc leaves the store as it was.
@Suite(.serialized) struct CaptureWaylandTests {
    static let tools = HeadlessSway.tools + [(name: "wtype", package: "wtype")]
    /// Tuesday; "tomorrow 6pm" is 2027-01-06 18:00 in UTC (the session's TZ).
    static let now = "2027-01-05T09:00:00Z"

    struct World {
        let session: DesktopSession
        let sway: HeadlessSway
    }

    /// sway with one output, the lists Home and Work (no Inbox yet), "now" fixed.
    static func world() throws -> World? {
        guard DesktopSession.require(tools) else { return nil }
        let session = try DesktopSession()
        session.baseEnvironment["TASKTILE_NOW"] = now
        try session.cli("list", "add", "Home")
        try session.cli("list", "add", "Work")
        let sway = try HeadlessSway(session: session, outputs: 1)
        return World(session: session, sway: sway)
    }

    /// `tasktile capture ARGS` in the background (through `tasktile`, which execs `tasktile-desktop`), once the
    /// popup is mapped. `WAYLAND_DEBUG=1` puts the client's protocol requests in its log.
    static func capture(_ w: World, _ arguments: [String] = [], environment: [String: String] = [:], log: String) throws
        -> DesktopSession.Background
    {
        let env = w.sway.environment.merging(["WAYLAND_DEBUG": "1"]) { $1 }.merging(environment) { $1 }
        let popup = try w.session.start(w.session.tasktile, ["capture"] + arguments, environment: env, logName: log)
        try #require(
            eventually(15) { popup.output.contains("capture shown") },
            "the popup did not show: \(popup.output.suffix(3000))")
        usleep(400_000)  // the first frame is committed and the keyboard focus is the popup's
        return popup
    }

    /// `wtype ARGS` as the test user on this compositor. Each wtype is a new virtual keyboard, which the seat
    /// announces to the popup as a new capability: the keys wait 300 ms (`-s`), until GTK has bound its
    /// wl_keyboard, or the first ones reach no client.
    static func type(_ w: World, _ arguments: String...) throws {
        let r = try w.session.run("/usr/bin/wtype", ["-s", "300"] + arguments, environment: w.sway.environment)
        try #require(r.status == 0, "wtype \(arguments.joined(separator: " ")) exited \(r.status): \(r.stderr)")
        usleep(250_000)  // GTK has handled the keys and redrawn
    }

    /// The pending todos of `list` as `tasktile show --json` gives them.
    static func pending(_ w: World, _ list: String) throws -> [JSONValue] {
        let json = try JSONValue.parse(Array(try w.session.cli("--json", "show", list).utf8))
        guard case .array(let lists)? = json["lists"], case .array(let items)? = lists.first?["pending"] else {
            return []
        }
        return items
    }

    /// The box of the popup's background (#fbfbfd, inside its 1-point border) on the screenshot.
    static func popupBox(_ shot: Screenshot) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<shot.height {
            for x in 0..<shot.width where shot.pixel(x, y).near(0xFB, 0xFB, 0xFD, tolerance: 1) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// Pixels of the chip background (#dce8fb) inside `box`.
    static func chipPixels(_ shot: Screenshot, _ box: (x: Int, y: Int, width: Int, height: Int)) -> Int {
        shot.count(x: box.x, y: box.y, width: box.width, height: box.height) { $0.near(0xDC, 0xE8, 0xFB, tolerance: 3) }
    }

    @Test func enterAddsTheParsedTodoAndExitsZero() throws {
        guard let w = try Self.world() else { return }
        defer { w.session.stopAll() }
        let popup = try Self.capture(w, ["--list", "Work"], log: "capture-enter.log")
        // An overlay layer surface of its own namespace, with the keyboard exclusively (wlr-layer-shell:
        // layer 3 = overlay, keyboard_interactivity 1 = exclusive).
        #expect(
            popup.output.contains(#"get_layer_surface(new id zwlr_layer_surface_v1@"#)
                && popup.output.contains(#", 3, "tasktile-capture")"#), "\(popup.output.suffix(4000))")
        #expect(
            popup.output.contains("zwlr_layer_surface_v1") && popup.output.contains("set_keyboard_interactivity(1)"))
        // How long the key binding's wait was, for a person to read (never asserted: docs/CONTRIBUTING.md).
        let shown = popup.output.split(separator: "\n").first { $0.contains("capture shown") }
        #expect(shown?.contains("ms after the process started") == true, "\(shown ?? "")")
        print("capture popup: \(shown ?? "")")
        let empty = try w.sway.screenshot("HEADLESS-1", keep: "capture-empty")
        let box = try #require(Self.popupBox(empty), "no popup on the screen")
        // Centred on the output (1280 × 800), 600 points wide.
        #expect(abs(box.x + box.width / 2 - 640) <= 2 && abs(box.y + box.height / 2 - 400) <= 2, "\(box)")
        #expect(abs(box.width - 598) <= 2, "\(box)")  // 600 with the border
        #expect(Self.chipPixels(empty, box) == 0, "no chips before typing")

        try Self.type(w, "Call mom tomorrow 6pm #family !high")
        var typed = try w.sway.screenshot("HEADLESS-1", keep: "capture-chips-en")
        for _ in 0..<20 where Self.chipPixels(typed, box) <= 300 {  // the next frame, on a loaded machine
            usleep(250_000)
            typed = try w.sway.screenshot("HEADLESS-1", keep: "capture-chips-en")
        }
        #expect(Self.chipPixels(typed, box) > 300, "the chips are drawn under the field")
        let golden = try PopupGolden.verify(typed, box: box, name: "capture-chips-en")
        #expect(golden == nil, "\(golden ?? "")")
        #expect(try Self.pending(w, "Work").isEmpty, "nothing is added before Enter")

        try Self.type(w, "-k", "Return")
        #expect(popup.exitStatus(within: 5) == 0, "\(popup.output.suffix(2000))")
        #expect(popup.output.contains(#"Added "Call mom" to Work"#), "\(popup.output.suffix(2000))")
        let todos = try Self.pending(w, "Work")
        try #require(todos.count == 1, "\(todos)")
        #expect(todos[0]["title"] == .string("Call mom"))
        #expect(todos[0]["due"] == .string("2027-01-06T18:00:00+00:00"))
        #expect(todos[0]["tags"] == .array([.string("family")]))
        #expect(todos[0]["priority"] == .string("high"))
    }

    @Test func escapeClosesAndChangesNothing() throws {
        guard let w = try Self.world() else { return }
        defer { w.session.stopAll() }
        let before = try w.session.cli("--json", "list", "ls")
        let popup = try Self.capture(w, log: "capture-escape.log")
        // Many chips wrap onto more lines: the popup grows taller, never wider.
        try Self.type(
            w, "Buy milk tomorrow 6pm #groceries #weekly #dairy #errands #store !high ^Home every day from mon")
        // The popup draws the chips on its next frame: on a loaded machine that may come after the first shot.
        var many = try w.sway.screenshot("HEADLESS-1", keep: "capture-many-chips")
        var box = try #require(Self.popupBox(many), "no popup on the screen")
        for _ in 0..<20 where Self.chipPixels(many, box) <= 1000 {
            usleep(250_000)
            many = try w.sway.screenshot("HEADLESS-1", keep: "capture-many-chips")
            box = try #require(Self.popupBox(many), "no popup on the screen")
        }
        #expect(abs(box.width - 598) <= 2, "\(box)")
        #expect(Self.chipPixels(many, box) > 1000)
        try Self.type(w, "-k", "Escape")
        #expect(popup.exitStatus(within: 5) == 0, "\(popup.output.suffix(2000))")
        #expect(!popup.output.contains("Added"), "\(popup.output.suffix(2000))")
        #expect(try w.session.cli("--json", "list", "ls") == before)
        #expect(try Self.pending(w, "Home").isEmpty && Self.pending(w, "Work").isEmpty)
    }

    @Test func japaneseTabShiftEnterAndALineWithoutTitle() throws {
        guard let w = try Self.world() else { return }
        defer { w.session.stopAll() }
        // No --list: the default list (Inbox, not created yet) comes first; Tab picks Home.
        let popup = try Self.capture(w, ["--lang", "ja"], log: "capture-ja.log")
        try Self.type(w, "-k", "Tab")
        try Self.type(w, "明日18時に牛乳を買う #買い物")
        var shot = try w.sway.screenshot("HEADLESS-1", keep: "capture-chips-ja")
        var box = try #require(Self.popupBox(shot), "no popup on the screen")
        for _ in 0..<20 where Self.chipPixels(shot, box) <= 300 {  // the next frame, on a loaded machine
            usleep(250_000)
            shot = try w.sway.screenshot("HEADLESS-1", keep: "capture-chips-ja")
            box = try #require(Self.popupBox(shot), "no popup on the screen")
        }
        #expect(Self.chipPixels(shot, box) > 300, "the chips are drawn under the field")
        let golden = try PopupGolden.verify(shot, box: box, name: "capture-chips-ja")
        #expect(golden == nil, "\(golden ?? "")")
        // Shift+Enter adds and stays open for the next line.
        try Self.type(w, "-M", "shift", "-k", "Return", "-m", "shift")
        #expect(eventually(5) { popup.output.contains("牛乳を買う") }, "\(popup.output.suffix(2000))")
        #expect(popup.process.isRunning, "Shift+Enter keeps the popup open")
        // Only parts, no title: the reason is shown, nothing is added, the popup stays.
        try Self.type(w, "tomorrow 6pm")
        try Self.type(w, "-k", "Return")
        let refused = try w.sway.screenshot("HEADLESS-1", keep: "capture-no-title-ja")
        let refusedBox = try #require(Self.popupBox(refused), "no popup on the screen")
        #expect(abs(refusedBox.width - 598) <= 2, "the reason wraps inside the popup: \(refusedBox)")
        #expect(popup.process.isRunning, "a line without a title does not close the popup")
        #expect(popup.output.contains("capture refused"), "\(popup.output.suffix(2000))")
        try Self.type(w, "-k", "Escape")
        #expect(popup.exitStatus(within: 5) == 0, "\(popup.output.suffix(2000))")
        let home = try Self.pending(w, "Home")
        try #require(home.count == 1, "\(home)")
        #expect(home[0]["title"] == .string("牛乳を買う"))
        #expect(home[0]["due"] == .string("2027-01-06T18:00:00+00:00"))
        #expect(home[0]["tags"] == .array([.string("買い物")]))
        #expect(!(try w.session.cli("list", "ls")).contains("Inbox"), "Tab moved away from the default list")
    }

    @Test func captureThroughTasktileHasItsHelpAndLoadsNoGTKInTasktile() throws {
        guard let tasktile = builtProduct("tasktile") else {
            Issue.record("build first: swift build --build-tests")
            return
        }
        let tmp = TemporaryDirectory("capture-help")
        let e = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "LANG": "C"]
        for lang in ["en", "ja"] {
            let list = try runProcess(tasktile, ["--lang", lang, "--help"], environment: e).stdout
            let help = try runProcess(tasktile, ["capture", "--help", "--lang", lang], environment: e)
            #expect(help.status == 0, "\(help.stderr)")
            let overview = try #require(help.stdout.split(separator: "\n").first.map(String.init))
            let abstract = String(overview.drop { $0 != " " }.dropFirst())
            let listed = list.split(separator: "\n").first { $0.hasPrefix("  capture ") }
            #expect(listed.map { $0.hasSuffix(abstract) } == true, "\(lang): \(listed ?? "not listed") vs \(abstract)")
        }
        // No display: exit 69 with the reason; a --list that names nothing: exit 1; the store unchanged.
        let noDisplay = try runProcess(tasktile, ["capture"], environment: e)
        #expect(noDisplay.status == 69 && noDisplay.stderr.contains("no display"), "\(noDisplay.stderr)")
        let missing = try runProcess(
            tasktile, ["capture", "--list", "Nowhere"], environment: e.merging(["WAYLAND_DISPLAY": "none"]) { $1 })
        #expect(missing.status == 1 && missing.stderr.contains("Nowhere"), "\(missing.stderr)")
        let ldd = try runProcess("/usr/bin/ldd", [tasktile])
        #expect(!ldd.stdout.contains("libgtk") && !ldd.stdout.contains("libgdk"), "\(ldd.stdout)")
    }
}
