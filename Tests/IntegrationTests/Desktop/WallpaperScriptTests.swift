import Foundation
import Testing
import TaskTileCore
import TaskTileRender
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `Examples/wallpaper/tasktile-wallpaper` on a headless sway with real swaybg: it never kills
/// another swaybg (sway's own, for the configured background, stays), does not restart its own
/// when nothing changed or another widget was drawn, and replaces it (new first, then the old
/// one by pid) when the widget's pixels changed; on sway itself `swaymsg output * bg` shows it.
@Suite(.serialized) struct WallpaperScriptTests {
    static let script = repositoryRoot + "/Examples/wallpaper/tasktile-wallpaper"

    /// The swaybg processes of this compositor (its `XDG_RUNTIME_DIR`: other tests may run their own sway).
    func swaybgPIDs(_ sway: HeadlessSway) -> Set<Int32> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return Set(names.compactMap(Int32.init).filter {
            guard (try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "swaybg",
                  let environ = FileManager.default.contents(atPath: "/proc/\($0)/environ") else { return false }
            return environ.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "XDG_RUNTIME_DIR=\(sway.runtime)" }
        })
    }

    @Test("swaybg: other instances survive; no restart without a change; a changed widget replaces ours")
    func swaybgSetter() throws {
        guard DesktopSession.require(HeadlessSway.tools + [("convert", "imagemagick")]) else { return }
        let session = try DesktopSession()
        defer { session.stopAll() }
        let sway = try HeadlessSway(session: session, outputs: 1)
        defer { sway.stop() }
        // sway's own swaybg draws the configured background colour: "the user's other swaybg".
        try #require(eventually(10) { !swaybgPIDs(sway).isEmpty }, "sway started no swaybg for its configured background")
        // sway may replace its swaybg while it applies the outputs' configuration: wait until it settles.
        var others = swaybgPIDs(sway)
        for _ in 0..<20 {
            usleep(500_000)
            let now = swaybgPIDs(sway)
            if now == others { break }
            others = now
        }
        let widget = session.dir.path + "/widgets/out/home-large.png"
        try FileManager.default.createDirectory(atPath: session.dir.path + "/widgets/out", withIntermediateDirectories: true)
        session.chownToUser(session.dir.path)
        func paint(_ colour: String) throws {
            #expect(try session.run("/usr/bin/convert", ["-size", "200x200", "xc:\(colour)", "png:" + widget]).status == 0)
        }
        func runScript(rendered: String? = nil) throws -> ProcessResult {
            var env = sway.environment
            env["SWAYSOCK"] = "" // not sway's own bg command: our own swaybg
            env["TASKTILE_WALLPAPER_SETTER"] = "swaybg"
            if let rendered { env["TASKTILE_RENDERED"] = rendered }
            return try session.run("/bin/sh", [Self.script], environment: env)
        }
        func ours() -> Set<Int32> { swaybgPIDs(sway).subtracting(others) }

        try paint("#ff0000")
        let first = try runScript(rendered: widget)
        #expect(first.status == 0, "\(first.stderr)")
        try #require(eventually(5) { ours().count == 1 }, "the script started no swaybg")
        let started = ours()
        #expect(others.isSubset(of: swaybgPIDs(sway)), "another swaybg was killed")

        // The same pixels again, and a pass that drew another widget: nothing restarts.
        #expect(try runScript(rendered: widget).status == 0)
        #expect(try runScript(rendered: session.dir.path + "/widgets/out/other.png").status == 0)
        usleep(700_000)
        #expect(ours() == started, "swaybg was restarted although nothing changed")

        // New pixels: a new swaybg, ours from before is gone, the others stay; the output shows it.
        try paint("#00ff00")
        #expect(try runScript(rendered: widget).status == 0)
        try #require(eventually(5) { ours().count == 1 && ours() != started }, "the changed widget was not shown: \(ours())")
        #expect(others.isSubset(of: swaybgPIDs(sway)), "another swaybg was killed")

        // On sway itself (SWAYSOCK set) the default is `swaymsg output * bg`: sway's own background
        // swaybg is stacked above any other (the screenshot shows #204060 with ours alone), so sway
        // must draw the widget itself. The output then shows it.
        try paint("#0000ff")
        let viaSway = try session.run("/bin/sh", [Self.script], environment: sway.environment.merging(["TASKTILE_RENDERED": widget]) { _, n in n })
        #expect(viaSway.status == 0, "\(viaSway.stderr)")
        var centre: Pixel?
        #expect(eventually(5) {
            guard let shot = try? sway.screenshot("HEADLESS-1") else { return false }
            centre = shot.pixel(shot.width / 2, shot.height / 2)
            return centre!.near(0, 0, 255)
        }, "the centre of the output is not the widget: \(String(describing: centre))")
    }

    @Test("the conky example reloads the PNG on every update: each ${image} has -n")
    func conkyReloads() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/Examples/conky/tasktile.conkyrc", encoding: .utf8)
        let images = text.components(separatedBy: "${image ").dropFirst().map { $0.prefix { $0 != "}" } }
        #expect(!images.isEmpty, "the conky example shows no image")
        for image in images { #expect(image.split(separator: " ").contains("-n"), "${image \(image)} lacks -n: conky would cache the first render") }
    }

    @Test("a missing widget is reported (exit 1); an unknown setter is refused (exit 64)")
    func badInput() throws {
        let tmp = TemporaryDirectory("wallpaper")
        let env = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "XDG_RUNTIME_DIR": tmp.path, "TASKTILE_RENDERED": ""]
        let missing = try runProcess("/bin/sh", [Self.script], environment: env)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("home-large.png does not exist"))
        try FileManager.default.createDirectory(atPath: tmp.dataDirectory.path + "/widgets/out", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: tmp.dataDirectory.path + "/widgets/out/home-large.png", contents: Data([1, 2, 3]))
        var bad = env
        bad["TASKTILE_WALLPAPER_SETTER"] = "xsetroot"
        let refused = try runProcess("/bin/sh", [Self.script], environment: bad)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("is not swaymsg, swaybg or feh"))
    }
}
