import Foundation
import Testing
import TaskTileCore
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// `tasktile capture` on X11: Xvfb with openbox, keys with `xdotool` (XTEST): the popup is a dialog window
/// centred on the screen that has the input focus without a click; Enter adds the parsed todo, Esc adds nothing.
@Suite(.serialized) struct CaptureX11Tests {
    static let tools: [(name: String, package: String)] = [
        ("Xvfb", "xvfb"), ("xdotool", "xdotool"), ("import", "imagemagick"),
        ("openbox", "openbox"), ("runuser", "util-linux"),
    ]

    @Test func theDialogTakesTheFocusEnterAddsEscapeDoesNot() throws {
        guard DesktopSession.require(Self.tools) else { return }
        let session = try DesktopSession()
        defer { session.stopAll() }
        session.baseEnvironment["TASKTILE_NOW"] = CaptureWaylandTests.now
        try session.cli("list", "add", "Work")
        let x11 = try X11Desktop(session, name: "capture")
        let env = x11.environment
        func xdotool(_ args: String...) throws -> String { try x11.xdotool(args) }
        func start(_ log: String, environment: [String: String] = [:]) throws -> DesktopSession.Background {
            let popup = try session.start(
                session.tasktile, ["capture", "--list", "Work"], environment: env.merging(environment) { $1 },
                logName: log)
            try #require(
                eventually(15) { popup.output.contains("capture shown") }, "the popup did not show: \(popup.output)")
            usleep(500_000)
            return popup
        }

        let popup = try start("capture-x11.log")
        #expect(popup.output.contains("(x11)"), "\(popup.output)")
        // The focus is the popup's, without a click.
        #expect(try xdotool("getwindowfocus", "getwindowname") == "Add a todo")
        try _ = xdotool("type", "--delay", "20", "Call mom tomorrow 6pm #family")
        let path = session.tmp.file("capture-x11.png")
        let r = try session.run("/usr/bin/import", ["-window", "root", path], environment: env)
        try #require(r.status == 0, "import failed: \(r.stderr)")
        DesktopShots.keep(path, as: "capture-x11-openbox")
        let shot = try Screenshot(path: path)
        // Centred: the popup's background (#fbfbfd) at the middle of the screen, the root (black) at the sides.
        #expect(
            shot.pixel(640, 400 - 60).near(0xFB, 0xFB, 0xFD, tolerance: 2)
                || shot.pixel(640, 400 + 60).near(0xFB, 0xFB, 0xFD, tolerance: 2),
            "\(shot.pixel(640, 340)) \(shot.pixel(640, 460))")
        #expect(
            !shot.pixel(300, 400).near(0xFB, 0xFB, 0xFD, tolerance: 2)
                && !shot.pixel(980, 400).near(0xFB, 0xFB, 0xFD, tolerance: 2))
        try _ = xdotool("key", "Return")
        #expect(popup.exitStatus(within: 5) == 0, "\(popup.output)")
        #expect(popup.output.contains(#"Added "Call mom" to Work"#), "\(popup.output)")
        let json = try JSONValue.parse(Array(try session.cli("--json", "show", "Work").utf8))
        guard case .array(let lists)? = json["lists"], case .array(let todos)? = lists.first?["pending"] else {
            Issue.record("no lists in \(json)")
            return
        }
        try #require(todos.count == 1, "\(todos)")
        #expect(
            todos[0]["due"] == .string("2027-01-06T18:00:00+00:00") && todos[0]["tags"] == .array([.string("family")]))

        let before = try session.cli("--json", "list", "ls")
        let second = try start("capture-x11-escape.log")
        try _ = xdotool("type", "--delay", "20", "Buy milk")
        try _ = xdotool("key", "Escape")
        #expect(second.exitStatus(within: 5) == 0, "\(second.output)")
        #expect(try session.cli("--json", "list", "ls") == before)

        // GTK's input method is on (never disabled): its built-in one (chosen as a user chooses ibus or fcitx5,
        // with GTK_IM_MODULE) composes Ctrl+Shift+U and a hex code point. While that preedit shows, Enter is
        // the input method's: it commits あ and adds nothing; the next Enter adds.
        let composing = try start("capture-x11-im.log", environment: ["GTK_IM_MODULE": "gtk-im-context-simple"])
        try _ = xdotool("type", "--delay", "20", "Buy ")
        try _ = xdotool("key", "ctrl+shift+u")
        try _ = xdotool("type", "--delay", "20", "3042")
        let preedit = session.tmp.file("capture-x11-preedit.png")
        _ = try session.run("/usr/bin/import", ["-window", "root", preedit], environment: env)
        DesktopShots.keep(preedit, as: "capture-x11-preedit")
        try _ = xdotool("key", "Return")
        #expect(composing.process.isRunning, "Enter committed the composition; it did not add and close")
        try _ = xdotool("key", "Return")
        #expect(composing.exitStatus(within: 5) == 0, "\(composing.output)")
        #expect(composing.output.contains(#"Added "Buy あ" to Work"#), "\(composing.output)")
    }
}
