import Foundation
import Testing
import TaskTileCore
import TaskTileRender
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `tasktile-render desktop` on X11: Xvfb with openbox (a window manager that honours
/// `_NET_WM_WINDOW_TYPE_DESKTOP`) and with no window manager at all; clicks with `xdotool`,
/// screenshots with ImageMagick's `import -window root`. The same assertions as on Wayland:
/// placement, the clicked todo and only it, the flash then the normal frame, a CLI commit on
/// screen, a title click that completes nothing, SIGTERM.
@Suite(.serialized) struct DesktopX11Tests {
    static let tools: [(name: String, package: String)] = [("Xvfb", "xvfb"), ("xdotool", "xdotool"), ("import", "imagemagick"),
                                                           ("openbox", "openbox"), ("display", "imagemagick"),
                                                           ("convert", "imagemagick"), ("runuser", "util-linux")]

    /// A free display number (no socket, no lock file).
    /// A display number no X server holds, for an Xvfb of this test process: never one handed out before in
    /// this process (tests run in parallel and Xvfb takes a moment to lock it), and not one whose lock file
    /// names a live process. A lock or socket left by an Xvfb that was killed (SIGKILL leaves both) is removed,
    /// so killed servers cannot use up the range; with them all taken by live servers the test stops.
    static func freeDisplay() -> Int {
        displayLock.lock()
        defer { displayLock.unlock() }
        for n in (100..<400).shuffled() where !handedOut.contains(n) {
            let lock = "/tmp/.X\(n)-lock", socket = "/tmp/.X11-unix/X\(n)"
            if let text = try? String(contentsOfFile: lock, encoding: .utf8) {
                guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0,
                    kill(pid, 0) != 0, errno == ESRCH
                else { continue }
                guard unlink(lock) == 0 else { continue }
                unlink(socket)
            } else if FileManager.default.fileExists(atPath: lock) || FileManager.default.fileExists(atPath: socket) {
                continue
            }
            handedOut.insert(n)
            return n
        }
        preconditionFailure("no free X display among :100…:399 (each held by a running X server)")
    }
    private static let displayLock = NSLock()
    nonisolated(unsafe) private static var handedOut = Set<Int>()

    @Test(arguments: ["openbox", "none"])
    func clicksPlacementFlashAndCommits(windowManager: String) throws {
        guard DesktopSession.require(Self.tools) else { return }
        let session = try DesktopSession()
        defer { session.stopAll() }
        try session.cli("list", "add", "Shopping")
        let milk = try session.add("Milk", list: "Shopping")
        let eggs1 = try session.add("Eggs", list: "Shopping")
        let eggs2 = try session.add("Eggs", list: "Shopping")
        try session.writeSpec("desk", """
            { "version": 1, "family": "medium", "list": "Shopping", "anchor": "top-left", "margin": [40, 30] }
            """)
        try session.cli("theme", "import", repositoryRoot + "/Themes/midnight.json")
        try session.writeSpec("corner", """
            { "version": 1, "family": "small", "list": "Shopping", "theme": "Midnight", "lang": "ja", "anchor": "bottom-right", "margin": [16, 16] }
            """)
        let map = try session.hitMapInPoints("desk")

        let n = Self.freeDisplay()
        let display = ":\(n)"
        let xvfb = try session.start("/usr/bin/Xvfb", [display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"], logName: "xvfb.log")
        try #require(eventually(10) { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") }, "Xvfb: \(xvfb.output)")
        let env = ["DISPLAY": display]
        // A wallpaper colour: ImageMagick's `display -window root` sets the root's background pixmap
        // (it exits 1 after doing so, so only the pixels are checked, below).
        let wallpaper = session.tmp.file("wallpaper.png")
        _ = try session.run("/usr/bin/convert", ["-size", "1280x800", "xc:#204060", wallpaper])
        _ = try session.run("/usr/bin/display", ["-window", "root", wallpaper], environment: env)
        if windowManager == "openbox" {
            _ = try session.start("/usr/bin/openbox", [], environment: env, logName: "openbox.log")
            usleep(500_000)
        }
        let desktop = try session.start(session.render, ["desktop"], environment: env, logName: "desktop.log")
        try #require(eventually(15) { desktop.output.contains("spec=desk [") && desktop.output.contains("spec=corner [") },
                     "the desktop drew nothing: \(desktop.output)")
        usleep(500_000)
        func shot(_ keep: String? = nil) throws -> Screenshot {
            let path = session.tmp.file("x-\(UUID().uuidString.prefix(8)).png")
            let r = try session.run("/usr/bin/import", ["-window", "root", path], environment: env)
            try #require(r.status == 0, "import failed: \(r.stderr)")
            if let keep { DesktopShots.keep(path, as: "x11-\(windowManager)-\(keep)") }
            return try Screenshot(path: path)
        }
        func xdotool(_ args: String...) throws {
            let r = try session.run("/usr/bin/xdotool", args, environment: env)
            try #require(r.status == 0, "xdotool \(args) failed: \(r.stderr)")
        }

        // Placement: top-left at 40 × 30, bottom-right at 16 × 16 (170 × 170) on the 1280 × 800 screen.
        let first = try shot("start")
        for (x, y) in [(42, 115), (401, 115), (222, 32), (222, 197)] {
            #expect(first.pixel(x, y).near(255, 255, 255), "desk inside (\(x), \(y)) = \(first.pixel(x, y))")
        }
        for (x, y) in [(37, 115), (406, 115), (222, 27), (222, 202)] {
            #expect(first.pixel(x, y).near(0x20, 0x40, 0x60), "desk outside (\(x), \(y)) = \(first.pixel(x, y))")
        }
        // No compositing manager runs: the window's shape cuts the rounded corners, so the
        // wallpaper shows there (not black).
        #expect(first.pixel(41, 31).near(0x20, 0x40, 0x60), "corner = \(first.pixel(41, 31))")
        #expect(first.pixel(40 + 363 - 1, 30 + 169 - 1).near(0x20, 0x40, 0x60), "corner = \(first.pixel(402, 198))")
        let (cx, cy) = (1280 - 16 - 170, 800 - 16 - 170)
        for (x, y) in [(cx + 2, cy + 85), (cx + 167, cy + 85), (cx + 85, cy + 2), (cx + 85, cy + 167)] {
            #expect(first.pixel(x, y).near(0x1C, 0x1C, 0x1E), "corner inside (\(x), \(y)) = \(first.pixel(x, y))")
        }
        for (x, y) in [(cx - 3, cy + 85), (cx + 85, cy - 3), (1280 - 13, cy + 85), (cx + 85, 800 - 13)] {
            #expect(first.pixel(x, y).near(0x20, 0x40, 0x60), "corner outside (\(x), \(y)) = \(first.pixel(x, y))")
        }

        func rowState(_ s: Screenshot, _ todo: String) throws -> DesktopWaylandTests.RowState {
            let box = try #require(map.regions.first { $0.action == .complete(todoID: todo) })
            let row = try #require(map.regions.first { $0.action == .openTodo(todo) })
            let accent = s.count(x: 40 + box.x, y: 30 + box.y, width: box.width, height: box.height) { $0.isAccentBlue }
            let grey = s.count(x: 40 + box.x, y: 30 + box.y, width: box.width, height: box.height) { $0.isGreyInk }
            let ink = s.count(x: 40 + row.x, y: 30 + row.y, width: row.width, height: row.height) { !$0.near(255, 255, 255, tolerance: 6) }
            if accent > 5 { return .pending }
            if grey > 10 { return .flash }
            return ink == 0 ? .empty : .other
        }
        #expect(try rowState(first, eggs2) == .pending)

        // A click on the centre of the second "Eggs" checkbox.
        let box = try #require(map.regions.first { $0.action == .complete(todoID: eggs2) })
        try xdotool("mousemove", String(40 + box.x + box.width / 2), String(30 + box.y + box.height / 2))
        usleep(200_000)
        try xdotool("click", "1")
        try xdotool("mousemove", "1279", "0")
        var states: [DesktopWaylandTests.RowState] = []
        let end = Date().addingTimeInterval(6)
        while Date() < end {
            let s = try shot(states.isEmpty ? "after-click" : nil)
            let state = try rowState(s, eggs2)
            if state != states.last { states.append(state) }
            if state == .empty { break }
            usleep(50_000)
        }
        #expect(states.first(where: { $0 != .pending }) == .flash, "row states after the click: \(states)\n\(desktop.output)")
        #expect(states.last == .empty, "row states after the click: \(states)")
        var state = try session.todoState(list: "Shopping")
        #expect(state.pending == [milk, eggs1] && state.completed == [eggs2], "\(state)")

        // A CLI commit shows; a click on a title completes nothing.
        _ = try session.add("Tea", list: "Shopping")
        #expect(eventually(5) { (try? rowState(try shot(), eggs2)) == .pending }, "the CLI commit never showed: \(desktop.output)")
        _ = try shot("cli-commit")
        let milkBox = try #require(map.regions.first { $0.action == .complete(todoID: milk) })
        try xdotool("mousemove", String(40 + milkBox.x + milkBox.width + 20), String(30 + milkBox.y + milkBox.height / 2))
        try xdotool("click", "1")
        usleep(500_000)
        state = try session.todoState(list: "Shopping")
        #expect(state.pending.contains(milk) && state.completed == [eggs2], "a title click completed something: \(state)")

        let pid = try #require(session.desktopPID(display: display.replacingOccurrences(of: ":", with: "_")))
        kill(pid, SIGTERM)
        #expect(desktop.exitStatus(within: 5) == 0, "\(desktop.output)")
    }
}
