import Foundation
import Testing
import TaskTileCore
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// `tasktile capture` with a real input method: ibus (its own daemon, on a private session bus) with the Anthy
/// engine in hiragana mode, reached through GTK 3's ibus module (`GTK_IM_MODULE=ibus`), on headless sway and on
/// Xvfb. Romaji become a preedit shown in the field ("gyuunyuu": ぎゅうにゅう), space converts it (牛乳); while it
/// composes, Enter, Tab and Esc are the input method's (docs/desktop.md "Input methods"): Enter commits and adds
/// nothing, a second Enter adds 牛乳; Tab picks a candidate, not the next list; Esc steps the composition back and
/// then drops it, the popup stays, and only an Esc without a composition closes it. The chips, the target list and
/// the message under the field stay as they were while the input method composes. On sway both with ibus's key
/// snooper (its default: the module takes each key first) and without it (the popup's key handler sees the key
/// first, as with fcitx5), where the popup itself must leave the keys to the preedit. The keys come from one
/// virtual keyboard that stays (`VirtualKeyboard`), not from wtype (see there).
@Suite(.serialized) struct CaptureInputMethodTests {
    static let tools = HeadlessSway.tools + IBus.tools
    /// The keys of "gyuunyuu", which Anthy's hiragana mode reads as ぎゅうにゅう and converts to 牛乳.
    static let gyuunyuu = "gyuunyuu".map { String($0) }

    struct World {
        let session: DesktopSession
        let sway: HeadlessSway
        let ibus: IBus
        let keyboard: VirtualKeyboard
    }

    /// sway with one output and one keyboard that stays, ibus with Anthy, the lists Home and Work.
    /// `snooper`: see `IBus.init`.
    static func world(snooper: Bool) throws -> World? {
        guard DesktopSession.require(tools), IBus.requireFiles() else { return nil }
        let session = try DesktopSession()
        session.baseEnvironment["TASKTILE_NOW"] = CaptureWaylandTests.now
        try session.cli("list", "add", "Home")
        try session.cli("list", "add", "Work")
        let sway = try HeadlessSway(session: session, outputs: 1)
        let ibus = try IBus(session: session, display: sway.environment, snooper: snooper)
        let keyboard = try VirtualKeyboard(session: session, environment: sway.environment)
        return World(session: session, sway: sway, ibus: ibus, keyboard: keyboard)
    }

    /// The capture popup on sway with ibus as its input method, once it is shown.
    static func capture(_ w: World, log: String) throws -> DesktopSession.Background {
        let environment = w.sway.environment.merging(w.ibus.client) { $1 }
        let popup = try w.session.start(
            w.session.tasktile, ["capture", "--list", "Home"], environment: environment, logName: log)
        try #require(
            eventually(15) { popup.output.contains("capture shown") }, "the popup did not show: \(popup.output)")
        usleep(400_000)  // the first frame is committed and the keyboard focus is the popup's
        return popup
    }

    /// The pending todos of `list` as `tasktile show --json` gives them.
    static func pending(_ session: DesktopSession, _ list: String) throws -> [JSONValue] {
        let json = try JSONValue.parse(Array(try session.cli("--json", "show", list).utf8))
        guard case .array(let lists)? = json["lists"], case .array(let items)? = lists.first?["pending"] else {
            return []
        }
        return items
    }

    /// A screenshot of HEADLESS-1 once `done` holds for the popup's field (shots until 5 s have passed: the input
    /// method answers the key over D-Bus, then GTK draws); the last one when it never does.
    static func shot(_ w: World, keep name: String, until done: (Field) -> Bool) throws -> Field {
        try Field.shot(until: done) { try w.sway.screenshot("HEADLESS-1", keep: name) }
    }

    @Test(arguments: [true, false]) func enterCommitsTheCompositionAndASecondEnterAdds(snooper: Bool) throws {
        guard let w = try Self.world(snooper: snooper) else { return }
        defer { w.session.endPrograms() }
        let popup = try Self.capture(w, log: "capture-im-enter.log")
        let empty = try Self.shot(w, keep: "capture-im-empty") { _ in true }

        try w.keyboard.type(Self.gyuunyuu)
        let preedit = try Self.shot(w, keep: "capture-im-preedit") { $0.ink > 150 }
        #expect(preedit.ink > 150, "the preedit ぎゅうにゅう is drawn in the field (\(preedit.ink) ink pixels)")
        #expect(preedit.converting == 0, "not converted yet")
        #expect(preedit.changedBelow(from: empty) == 0, "the chips, the list and the message do not follow the preedit")

        try w.keyboard.type(["space"])
        let converted = try Self.shot(w, keep: "capture-im-converted") { $0.converting > 300 }
        #expect(converted.converting > 300, "space converts: 牛乳 on the conversion's background")
        #expect(converted.changedBelow(from: empty) == 0)

        // Enter commits 牛乳 into the field: the input method's key, so nothing is added and the popup stays.
        try w.keyboard.type(["Return"])
        let committed = try Self.shot(w, keep: "capture-im-committed") { $0.converting == 0 && $0.ink > 120 }
        #expect(committed.converting == 0 && committed.ink > 120, "牛乳 is the field's text")
        usleep(300_000)
        #expect(popup.process.isRunning, "the Enter that committed did not close the popup: \(popup.output)")
        #expect(!popup.output.contains("Added"), "\(popup.output)")
        #expect(try Self.pending(w.session, "Home").isEmpty, "nothing is added before the second Enter")

        // The second Enter is the popup's: it adds 牛乳 to Home and closes.
        try w.keyboard.type(["Return"])
        #expect(popup.exitStatus(within: 5) == 0, "\(popup.output)")
        #expect(popup.output.contains(#"Added "牛乳" to Home"#), "\(popup.output)")
        let home = try Self.pending(w.session, "Home")
        try #require(home.count == 1, "\(home)")
        #expect(home[0]["title"] == .string("牛乳"))
        #expect(try Self.pending(w.session, "Work").isEmpty)
    }

    @Test(arguments: [true, false]) func tabAndEscapeWhileComposingAreTheInputMethods(snooper: Bool) throws {
        guard let w = try Self.world(snooper: snooper) else { return }
        defer { w.session.endPrograms() }
        let before = try w.session.cli("--json", "list", "ls")
        let popup = try Self.capture(w, log: "capture-im-escape.log")
        let empty = try Self.shot(w, keep: "capture-im-escape-empty") { _ in true }
        try w.keyboard.type(Self.gyuunyuu + ["space"])
        let converted = try Self.shot(w, keep: "capture-im-escape-converted") { $0.converting > 300 }
        #expect(converted.converting > 300, "space converts")

        // Tab while converting: Anthy shows the next candidate; the target list stays Home (the line under the
        // field does not change).
        try w.keyboard.type(["Tab"])
        let tabbed = try Self.shot(w, keep: "capture-im-tab") {
            $0.converting > 300 && abs($0.converting - converted.converting) > 300
        }
        #expect(
            tabbed.converting > 300 && abs(tabbed.converting - converted.converting) > 300,
            "Tab shows another candidate (\(converted.converting) then \(tabbed.converting) pixels converting)")
        #expect(tabbed.changedBelow(from: empty) == 0, "Tab did not pick the next list")

        // Esc cancels the conversion (back to the preedit), a second Esc drops the preedit: the popup stays.
        try w.keyboard.type(["Escape"])
        let back = try Self.shot(w, keep: "capture-im-escape-preedit") { $0.converting == 0 && $0.ink > 150 }
        #expect(back.converting == 0 && back.ink > 150, "Esc returned to the preedit ぎゅうにゅう")
        try w.keyboard.type(["Escape"])
        let dropped = try Self.shot(w, keep: "capture-im-escape-dropped") { $0.ink < 100 }
        #expect(dropped.ink < 100, "the second Esc dropped the composition: an empty field (\(dropped.ink))")
        #expect(dropped.changedBelow(from: empty) == 0)
        usleep(300_000)
        #expect(popup.process.isRunning, "an Esc while composing does not close the popup: \(popup.output)")

        // With nothing composed, Esc is the popup's: it closes, nothing added.
        try w.keyboard.type(["Escape"])
        #expect(popup.exitStatus(within: 5) == 0, "\(popup.output)")
        #expect(!popup.output.contains("Added"), "\(popup.output)")
        #expect(try w.session.cli("--json", "list", "ls") == before)
        #expect(try Self.pending(w.session, "Home").isEmpty)
        #expect(try Self.pending(w.session, "Work").isEmpty)
    }

    @Test func onX11EnterCommitsTheCompositionAndASecondEnterAdds() throws {
        guard DesktopSession.require(CaptureX11Tests.tools + IBus.tools), IBus.requireFiles() else { return }
        let session = try DesktopSession()
        defer { session.endPrograms() }
        session.baseEnvironment["TASKTILE_NOW"] = CaptureWaylandTests.now
        try session.cli("list", "add", "Home")
        try session.cli("list", "add", "Work")
        let x11 = try X11Desktop(session, name: "capture-im")
        let ibus = try IBus(session: session, display: x11.environment)
        let popup = try session.start(
            session.tasktile, ["capture", "--list", "Home"], environment: x11.environment.merging(ibus.client) { $1 },
            logName: "capture-im-x11.log")
        try #require(
            eventually(15) { popup.output.contains("capture shown") }, "the popup did not show: \(popup.output)")
        usleep(500_000)
        func shot(_ name: String, until done: (Field) -> Bool) throws -> Field {
            let path = session.tmp.file("\(name).png")
            return try Field.shot(until: done) {
                let r = try session.run("/usr/bin/import", ["-window", "root", path], environment: x11.environment)
                try #require(r.status == 0, "import failed: \(r.stderr)")
                DesktopShots.keep(path, as: name)
                return try Screenshot(path: path)
            }
        }
        let empty = try shot("capture-im-x11-empty") { _ in true }
        try x11.xdotool("type", "--delay", "30", "gyuunyuu")
        let preedit = try shot("capture-im-x11-preedit") { $0.ink > 150 }
        #expect(preedit.ink > 150 && preedit.converting == 0, "the preedit ぎゅうにゅう is drawn in the field")
        #expect(preedit.changedBelow(from: empty) == 0)
        try x11.xdotool("key", "space")
        let converted = try shot("capture-im-x11-converted") { $0.converting > 300 }
        #expect(converted.converting > 300, "space converts")
        try x11.xdotool("key", "Return")
        let committed = try shot("capture-im-x11-committed") { $0.converting == 0 && $0.ink > 120 }
        #expect(committed.converting == 0 && committed.ink > 120, "牛乳 is the field's text")
        usleep(300_000)
        #expect(popup.process.isRunning, "the Enter that committed did not close the popup: \(popup.output)")
        #expect(try Self.pending(session, "Home").isEmpty, "nothing is added before the second Enter")
        try x11.xdotool("key", "Return")
        #expect(popup.exitStatus(within: 5) == 0, "\(popup.output)")
        #expect(popup.output.contains(#"Added "牛乳" to Home"#), "\(popup.output)")
        let home = try Self.pending(session, "Home")
        try #require(home.count == 1, "\(home)")
        #expect(home[0]["title"] == .string("牛乳"))
    }
}

extension CaptureInputMethodTests {
    /// The popup's field and what is under it, on a screenshot (scale 1): the popup is found by its background
    /// (#fbfbfd); the field's inside is its rows 15 ..< 47 (under the 14-point border and the entry's frame), what
    /// is under the field starts at row 49.
    struct Field {
        /// Dark pixels (text) inside the field: the preedit's and the committed text's glyphs, the cursor (56 of
        /// them alone; ぎゅうにゅう about 320, 牛乳 about 210).
        let ink: Int
        /// Pixels of the conversion's background (#c8c8f0, ibus-anthy's attribute for the segment converted).
        let converting: Int
        /// Every pixel of the popup under the field, row by row: chips, target list, message, hint.
        let below: [UInt32]

        /// `take()`'s screenshot once `done` holds for its field, taken again every 100 ms until 5 s have passed;
        /// the last one when it never does.
        static func shot(until done: (Field) -> Bool, take: () throws -> Screenshot) throws -> Field {
            let end = Date().addingTimeInterval(5)
            var field = try Field(try take())
            while !done(field) && Date() < end {
                usleep(100_000)
                field = try Field(try take())
            }
            return field
        }

        /// How many pixels under the field differ from `other`'s (all of them when the popups' sizes differ).
        func changedBelow(from other: Field) -> Int {
            guard below.count == other.below.count else { return max(below.count, other.below.count) }
            return zip(below, other.below).filter { $0 != $1 }.count
        }

        init(_ shot: Screenshot) throws {
            let box = try #require(CaptureWaylandTests.popupBox(shot), "no popup on the screen")
            let x = box.x + 14, width = box.width - 28, top = box.y + 15, height = 32
            ink = shot.count(x: x, y: top, width: width, height: height) {
                max($0.red, $0.green, $0.blue) < 90
            }
            converting = shot.count(x: x, y: top, width: width, height: height) {
                $0.near(0xC8, 0xC8, 0xF0, tolerance: 3)
            }
            var pixels: [UInt32] = []
            for yy in (box.y + 49)..<(box.y + box.height) {
                for xx in box.x..<(box.x + box.width) {
                    let p = shot.pixel(xx, yy)
                    pixels.append(UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue))
                }
            }
            below = pixels
        }
    }
}

extension DesktopSession {
    /// `stopAll()`, without its wait as root: the programs inherit the test process's blocked SIGTERM, so the
    /// SIGTERM that `runuser` passes on ends none of them, and `runuser` sends SIGKILL only 2 s later (util-linux's
    /// su), for each program. Here each program (`runuser`'s child: `env` execs it) gets SIGKILL at once, newest
    /// first, once its standard input is closed and it did not end with it (the virtual devices do).
    func endPrograms() {
        for b in started.reversed() where b.process.isRunning {
            b.closeInput()
            if b.exitStatus(within: 0.2) != nil { continue }
            let pid = b.process.processIdentifier
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            for child in asUser ? children.split(separator: " ").compactMap({ pid_t($0) }) : [pid] {
                kill(child, SIGKILL)
            }
            _ = b.exitStatus(within: 3)
        }
        stopAll()
    }
}

/// An ibus daemon of the test's own: a private session bus (`dbus-daemon --session`), `ibus-daemon` on a socket in
/// the session's directory with no panel, emoji extension or config process, and the Anthy engine as the global
/// engine, in hiragana mode: ibus-anthy's GSettings (`input-mode`, 3 = Latin by default) come from the GLib keyfile
/// backend in the session's HOME, where `input-mode=0` is hiragana. Anthy learns into `$HOME/.anthy`, new each time,
/// so its conversions are the dictionary's first candidates. Stopped with the session (the engine with the daemon).
final class IBus: @unchecked Sendable {
    static let tools: [(name: String, package: String)] = [
        ("dbus-daemon", "dbus-daemon"), ("ibus-daemon", "ibus"), ("ibus", "ibus"),
    ]

    /// The environment of a GTK client that types through this ibus.
    let client: [String: String]

    /// Records a failure naming the package for the engine or GTK's ibus module when missing.
    static func requireFiles() -> Bool {
        var ok = true
        if !FileManager.default.isExecutableFile(atPath: "/usr/libexec/ibus-engine-anthy") {
            Issue.record(
                "/usr/libexec/ibus-engine-anthy is missing: the Debian package ibus-anthy (make deps installs it)")
            ok = false
        }
        let libs = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []
        let module = libs.map { "/usr/lib/\($0)/gtk-3.0/3.0.0/immodules/im-ibus.so" }
            .first { FileManager.default.fileExists(atPath: $0) }
        if module == nil {
            Issue.record(
                "GTK 3's ibus module im-ibus.so is missing: the Debian package ibus-gtk3 (make deps installs it)")
            ok = false
        }
        return ok
    }

    /// Starts the bus and the daemon and sets the engine; `display` reaches the display. With `snooper` (ibus's
    /// default) GTK's ibus module takes every key before any widget does, and the keys the engine uses never
    /// reach the popup's key handler; without it (`IBUS_DISABLE_SNOOPER=1`, as fcitx5's GTK module works) the
    /// popup's handler sees Enter, Tab and Esc first and must leave them to the field while a preedit shows.
    init(session: DesktopSession, display: [String: String], snooper: Bool = true) throws {
        let settings = session.tmp.file(".config/glib-2.0/settings")
        try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
        try AtomicFile.write("[org/freedesktop/ibus/engine/anthy/common]\ninput-mode=0\n", to: settings + "/keyfile")
        session.chownToUser(session.tmp.file(".config"))
        let bus = try session.start(
            "/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"], logName: "dbus-session.log")
        try #require(eventually(10) { bus.output.contains("unix:") }, "dbus-daemon: \(bus.output)")
        let busAddress = bus.output.split(separator: "\n").first { $0.hasPrefix("unix:") }.map(String.init) ?? ""
        let address = "unix:path=" + session.tmp.file("ibus-socket")
        let common = ["DBUS_SESSION_BUS_ADDRESS": busAddress, "GSETTINGS_BACKEND": "keyfile"]
        let daemon = try session.start(
            "/usr/bin/ibus-daemon",
            ["--panel=disable", "--emoji-extension=disable", "--config=disable", "--address=" + address, "--verbose"],
            environment: display.merging(common) { $1 }, logName: "ibus-daemon.log")
        // `ibus engine anthy` succeeds once the daemon has read its components; it exits 1 all the same when it
        // cannot run setxkbmap (no X display here), so the engine is read back.
        let tool = common.merging(["IBUS_ADDRESS": address]) { $1 }
        let engineSet = eventually(15) {
            _ = try? session.run("/usr/bin/ibus", ["engine", "anthy"], environment: tool)
            let r = try? session.run("/usr/bin/ibus", ["engine"], environment: tool)
            return r?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "anthy"
        }
        try #require(engineSet, "ibus did not take the engine anthy: \(daemon.output.suffix(2000))")
        client = tool.merging(["GTK_IM_MODULE": "ibus", "NO_AT_BRIDGE": "1"]) { $1 }
            .merging(snooper ? [:] : ["IBUS_DISABLE_SNOOPER": "1"]) { $1 }
    }
}

/// One keyboard of the headless seat for the whole test (Fixtures/virtual_keyboard.c): wtype is a new keyboard
/// each run, and between two runs the popup's keyboard focus leaves, which makes ibus drop the composition.
final class VirtualKeyboard: @unchecked Sendable {
    let helper: DesktopSession.Background
    private var sent = 0

    init(session: DesktopSession, environment: [String: String]) throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/virtual_keyboard.c").standardized.path
        let binary = session.tmp.file("virtual_keyboard")
        let cc = try runProcess("/usr/bin/cc", ["-O1", "-o", binary, source, "-lwayland-client"])
        try #require(cc.status == 0, "cannot build \(source) (needs gcc and libwayland-dev): \(cc.stderr)")
        session.chownToUser(binary)
        helper = try session.start(binary, [], environment: environment, logName: "virtual_keyboard.log")
        try #require(eventually(10) { self.helper.output.contains("ready") }, "virtual keyboard: \(helper.output)")
    }

    /// Presses and releases the keys of these keysyms (`a`, `space`, `Return`) in turn; returns once the
    /// compositor has them all (up to 5 s), then waits 50 ms.
    func type(_ keysyms: [String]) throws {
        let text = keysyms.map { "key \($0)\n" }.joined()
        try helper.input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        sent += keysyms.count
        let done = "done \(sent)\n"
        try #require(eventually(5) { self.helper.output.contains(done) }, "virtual keyboard: \(helper.output)")
        usleep(50_000)
    }
}
