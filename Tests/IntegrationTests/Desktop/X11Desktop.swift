import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// An X11 desktop for a test (Xvfb on a free display, 1280 × 800, with openbox) and `xdotool` on it: what the
/// capture and edit popup tests on X11 share.
struct X11Desktop {
    let session: DesktopSession
    /// `DISPLAY` of the server, for the processes the test starts on it.
    let environment: [String: String]

    /// Starts Xvfb and openbox in `session` (stopped with it); logs go to `xvfb-<name>.log`, `openbox-<name>.log`.
    init(_ session: DesktopSession, name: String) throws {
        self.session = session
        let n = DesktopX11Tests.freeDisplay()
        let display = ":\(n)"
        let xvfb = try session.start(
            "/usr/bin/Xvfb", [display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"], logName: "xvfb-\(name).log")
        try #require(
            eventually(10) { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") }, "Xvfb: \(xvfb.output)")
        environment = ["DISPLAY": display]
        _ = try session.start("/usr/bin/openbox", [], environment: environment, logName: "openbox-\(name).log")
        usleep(500_000)
    }

    /// Runs `xdotool ARGS` on the display (it must succeed), waits 200 ms, returns its trimmed output.
    @discardableResult
    func xdotool(_ args: String...) throws -> String { try xdotool(args) }

    /// `xdotool(_:)` with the arguments as an array.
    @discardableResult
    func xdotool(_ args: [String]) throws -> String {
        let r = try session.run("/usr/bin/xdotool", args, environment: environment)
        try #require(r.status == 0, "xdotool \(args) failed: \(r.stderr)")
        usleep(200_000)
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
