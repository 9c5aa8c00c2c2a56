import Foundation
import Testing
import TaskTileCore
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A headless sway (wlroots headless backend, pixman renderer, no input devices) in a private
/// `XDG_RUNTIME_DIR`, run as the session's user, with a virtual pointer so clicks reach clients.
///
/// Outputs: `HEADLESS-1` 1280 × 800 at scale 1 (layout 0,0, wallpaper #204060) and, with two
/// outputs, `HEADLESS-2` 1280 × 800 pixels at scale 2 (640 × 400 points at layout 1280,0,
/// wallpaper #603020).
final class HeadlessSway: @unchecked Sendable {
    static let tools: [(name: String, package: String)] = [("sway", "sway"), ("swaymsg", "sway"), ("swaybg", "swaybg"),
                                                           ("grim", "grim"), ("cc", "gcc"), ("runuser", "util-linux")]
    static let wallpaper1 = (0x20, 0x40, 0x60)
    static let wallpaper2 = (0x60, 0x30, 0x20)

    let session: DesktopSession
    let runtime: String
    private(set) var sway: DesktopSession.Background!
    private(set) var pointer: DesktopSession.Background?
    private(set) var waylandDisplay = ""
    private(set) var swaySocket = ""

    /// Environment that reaches this compositor.
    var environment: [String: String] {
        ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": waylandDisplay, "SWAYSOCK": swaySocket]
    }

    init(session: DesktopSession, outputs: Int = 2) throws {
        self.session = session
        runtime = session.tmp.file("run")
        let config = session.tmp.file("sway.conf")
        try AtomicFile.write("""
            xwayland disable
            default_border none
            output HEADLESS-1 resolution 1280x800 position 0 0 scale 1 bg #204060 solid_color
            output HEADLESS-2 resolution 1280x800 position 1280 0 scale 2 bg #603020 solid_color

            """, to: config)
        session.chownToUser(config)
        sway = try session.start("/usr/bin/sway", ["-c", config], environment: [
            "XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1",
            "WLR_RENDERER": "pixman", "WLR_HEADLESS_OUTPUTS": "\(outputs)"], logName: "sway.log")
        let ready = eventually(15) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: self.runtime)) ?? []
            guard let socket = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
                  let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") }) else { return false }
            self.waylandDisplay = socket
            self.swaySocket = self.runtime + "/" + ipc
            return (try? self.msg("-t", "get_outputs"))?.contains("HEADLESS-\(outputs)") == true
        }
        try #require(ready, "sway did not start: \(sway.output)")
        try startVirtualPointer()
    }

    /// sway's headless seat has no pointer until a device exists: a zwlr_virtual_pointer_v1 from
    /// Fixtures/virtual_pointer.c is that device, alive until its standard input closes.
    private func startVirtualPointer() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/virtual_pointer.c").standardized.path
        let binary = session.tmp.file("virtual_pointer")
        let cc = try runProcess("/usr/bin/cc", ["-O1", "-o", binary, source, "-lwayland-client"])
        try #require(cc.status == 0, "cannot build \(source) (needs gcc and libwayland-dev): \(cc.stderr)")
        session.chownToUser(binary)
        pointer = try session.start(binary, [], environment: environment, logName: "virtual_pointer.log")
        try #require(eventually(10) { self.pointer!.output.contains("ready") }, "virtual pointer: \(pointer!.output)")
        try #require(eventually(5) { (try? self.msg("-t", "get_seats"))?.contains("\"capabilities\": 1") == true },
                     "the seat got no pointer: \((try? msg("-t", "get_seats")) ?? "")")
    }

    /// `swaymsg ARGS` output; throws when it fails.
    @discardableResult
    func msg(_ arguments: String...) throws -> String {
        let r = try session.run("/usr/bin/swaymsg", arguments, environment: environment)
        try #require(r.status == 0, "swaymsg \(arguments.joined(separator: " ")) exited \(r.status): \(r.stdout) \(r.stderr)")
        return r.stdout
    }

    /// Moves the seat's cursor to layout point (`x`, `y`).
    func move(_ x: Double, _ y: Double) throws {
        try msg("seat", "seat0", "cursor", "set", String(Int(x.rounded(.down))), String(Int(y.rounded(.down))))
    }

    /// A left click at layout point (`x`, `y`): move there, press and release button 1.
    func click(_ x: Double, _ y: Double) throws {
        try move(x, y)
        usleep(100_000) // the motion reaches the client before the button does
        try msg("seat", "seat0", "cursor", "press", "button1")
        try msg("seat", "seat0", "cursor", "release", "button1")
    }

    /// A screenshot of one output with `grim -o` (pixels: points × that output's scale).
    func screenshot(_ output: String, keep name: String? = nil) throws -> Screenshot {
        let path = session.tmp.file("shot-\(output)-\(UUID().uuidString.prefix(8)).png")
        let r = try session.run("/usr/bin/grim", ["-o", output, path], environment: environment)
        try #require(r.status == 0, "grim -o \(output) failed: \(r.stderr)")
        if let name { DesktopShots.keep(path, as: name) }
        return try Screenshot(path: path)
    }

    /// Stops the compositor (SIGTERM), as a crash or logout would end it for its clients.
    func stop() {
        pointer?.closeInput()
        sway.process.terminate()
        _ = sway.exitStatus(within: 5)
    }
}

/// `TASKTILE_DESKTOP_SHOTS=DIR` keeps the screenshots there for a person to look at.
enum DesktopShots {
    static func keep(_ path: String, as name: String) {
        guard let dir = ProcessInfo.processInfo.environment["TASKTILE_DESKTOP_SHOTS"], !dir.isEmpty else { return }
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let target = dir + "/" + name + ".png"
        try? FileManager.default.removeItem(atPath: target)
        try? FileManager.default.copyItem(atPath: path, toPath: target)
    }
}
