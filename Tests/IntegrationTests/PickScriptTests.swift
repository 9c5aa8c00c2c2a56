import Foundation
import Testing
import TaskTileCore
import TestSupport

/// `Examples/tasktile-pick.sh` (installed as `tasktile-pick`): the menu follows the session, a
/// failed menu is reported (exit 69), a cancelled one does nothing (exit 0), and the bars are
/// refreshed after completing. The menus are stand-ins on PATH that record that they ran (real
/// menus need a person at the keyboard); the completion is the real `tasktile intent complete`.
@Suite struct PickScriptTests {
    static let script = repositoryRoot + "/Examples/tasktile-pick.sh"
    let tasktile: String

    init() throws {
        tasktile = try #require(builtProduct("tasktile"), "build the products first (swift build; make test does)")
    }

    /// A bin directory with `tasktile` and fake menus: each named menu appends its name to `ran`
    /// and prints the first line of its input; a name in `failing` prints an error and exits 1.
    func bin(_ tmp: TemporaryDirectory, menus: [String], failing: Set<String> = []) throws -> String {
        let dir = tmp.file("bin-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/tasktile", withDestinationPath: tasktile)
        for menu in menus {
            let body = failing.contains(menu)
                ? "echo \(menu) >> '\(tmp.file("ran"))'; echo '\(menu): cannot open display' >&2; exit 1"
                : "echo \(menu) >> '\(tmp.file("ran"))'; head -n 1"
            try AtomicFile.write("#!/bin/sh\n\(body)\n", to: dir + "/" + menu)
            chmod(dir + "/" + menu, 0o755)
        }
        return dir
    }

    func run(_ tmp: TemporaryDirectory, bin: String, session: [String: String]) throws -> ProcessResult {
        var env = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "PATH": bin + ":/usr/bin:/bin", "LANG": "C", "TZ": "UTC",
                   "WAYLAND_DISPLAY": "", "DISPLAY": "", "TASKTILE_MENU": "",
                   "TASKTILE_PICK_REFRESH": "touch '\(tmp.file("refreshed"))'"]
        env.merge(session) { _, new in new }
        return try runProcess("/bin/sh", [Self.script], environment: env)
    }

    func seed(_ tmp: TemporaryDirectory) throws {
        let e = ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "LANG": "C", "TZ": "UTC"]
        #expect(try runProcess(tasktile, ["list", "add", "Home"], environment: e).status == 0)
        #expect(try runProcess(tasktile, ["add", "Water plants", "--list", "Home"], environment: e).status == 0)
    }

    func completed(_ tmp: TemporaryDirectory) throws -> Int {
        let s = try Store.open(tmp.dataDirectory, clock: Clock(now: Date(), timeZone: TimeZone(identifier: "UTC")!))
        return try s.database.scalarInt("SELECT count(*) FROM todos WHERE is_completed = 1") ?? -1
    }

    func ran(_ tmp: TemporaryDirectory) -> [String] {
        ((try? String(contentsOfFile: tmp.file("ran"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test("X11 with wofi and rofi installed: rofi is used (wofi needs Wayland), the todo completes, the bars are refreshed")
    func x11PicksAnX11Menu() throws {
        let tmp = TemporaryDirectory("pick-x11")
        try seed(tmp)
        let r = try run(tmp, bin: try bin(tmp, menus: ["wofi", "rofi", "dmenu"]), session: ["DISPLAY": ":0"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(ran(tmp) == ["rofi"])
        #expect(try completed(tmp) == 1)
        #expect(FileManager.default.fileExists(atPath: tmp.file("refreshed")))
    }

    @Test("Wayland: fuzzel, then wofi, then bemenu; never rofi or dmenu")
    func waylandPicksAWaylandMenu() throws {
        let tmp = TemporaryDirectory("pick-wayland")
        try seed(tmp)
        let r = try run(tmp, bin: try bin(tmp, menus: ["rofi", "dmenu", "wofi", "bemenu"]), session: ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(ran(tmp) == ["wofi"])
        #expect(try completed(tmp) == 1)
    }

    @Test("a menu that fails is reported with exit 69 and completes nothing; a cancelled one exits 0")
    func failedAndCancelledMenus() throws {
        let tmp = TemporaryDirectory("pick-fail")
        try seed(tmp)
        let failed = try run(tmp, bin: try bin(tmp, menus: ["rofi"], failing: ["rofi"]), session: ["DISPLAY": ":0"])
        #expect(failed.status == 69)
        #expect(failed.stderr.contains("the menu (rofi) failed with exit 1: rofi: cannot open display"), "\(failed.stderr)")
        #expect(try completed(tmp) == 0)
        #expect(!FileManager.default.fileExists(atPath: tmp.file("refreshed")))

        let cancelled = try run(tmp, bin: try bin(tmp, menus: []), session: ["DISPLAY": ":0", "TASKTILE_MENU": "exit 1"])
        #expect(cancelled.status == 0, "\(cancelled.stderr)")
        #expect(cancelled.stderr.isEmpty)
        #expect(try completed(tmp) == 0)

        let none = try run(tmp, bin: try bin(tmp, menus: ["wofi"]), session: ["DISPLAY": ":0"])
        #expect(none.status == 69)
        #expect(none.stderr.contains("install one of: rofi dmenu"), "\(none.stderr)")
        let headless = try run(tmp, bin: try bin(tmp, menus: ["rofi"]), session: [:])
        #expect(headless.status == 69)
        #expect(headless.stderr.contains("no graphical session"))
    }
}
