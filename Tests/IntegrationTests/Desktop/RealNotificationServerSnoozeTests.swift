import Foundation
import Testing
import TaskTileCore
import TestSupport

/// Snooze with the real notification servers (docs/notifications.md "Snooze"), each on a private session bus:
/// dunst lists a notification's actions in its context menu (`dunstctl context`, through its `dmenu` program) and
/// mako through `makoctl menu PROGRAM`. A picker script plays the person: it records the labels it was offered and
/// chooses "Snooze 10 min"; the daemon then records the snooze in the store (`notify pending` lists it, 10 minutes
/// from the click) and closes the notification.
@Suite(.serialized) struct RealNotificationServerSnoozeTests {
    /// A `dmenu`-like program: writes its input lines to `offered`, prints the line with "Snooze 10 min".
    static func picker(_ session: DesktopSession) throws -> (path: String, offered: String) {
        let path = session.tmp.file("pick.sh"), offered = session.tmp.file("offered.txt")
        try AtomicFile.write(
            """
            #!/bin/sh
            tee '\(offered)' | grep -m1 'Snooze 10 min'
            """, to: path)
        chmod(path, 0o755)
        session.chownToUser(path)
        return (path, offered)
    }

    /// The snooze `notify pending` lists (its `fireAt` as a Unix time), nil when there is none.
    static func snoozedAt(_ session: DesktopSession) -> Double? {
        guard let out = try? session.cli("--json", "notify", "pending"),
            case .array(let items)? = try? JSONValue.parse(Array(out.utf8))
        else { return nil }
        for item in items where item["id"]?.stringValue?.hasPrefix("snooze:") == true {
            if let text = item["fireAt"]?.stringValue,
                let t = Clock.parseInstant(text, zone: TimeZone(identifier: "UTC")!)
            {
                return t.timeIntervalSince1970
            }
        }
        return nil
    }

    static func checkOffered(_ offered: String) {
        let lines = (try? String(contentsOfFile: offered, encoding: .utf8)) ?? ""
        for label in ["Complete", "Snooze 10 min", "Snooze 1 hour", "Tomorrow 09:00"] {
            #expect(lines.contains(label), "the menu did not offer \(label): \(lines)")
        }
    }

    @Test("dunst under Xvfb: the context menu offers Complete and the snoozes; Snooze 10 min snoozes and closes")
    func dunst() throws {
        guard
            DesktopSession.require(
                DesktopX11Tests.tools + [("dunst", "dunst"), ("dunstctl", "dunst"), ("dbus-daemon", "dbus-daemon")])
        else { return }
        let session = try DesktopSession()
        defer { session.stopAll() }
        let address = try RealNotificationServerTests.startBus(session)
        let n = DesktopX11Tests.freeDisplay()
        let xvfb = try session.start(
            "/usr/bin/Xvfb", [":\(n)", "-screen", "0", "1024x768x24", "-nolisten", "tcp"], logName: "xvfb.log")
        try #require(
            eventually(10) { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") }, "Xvfb: \(xvfb.output)")
        let env = ["DISPLAY": ":\(n)", "DBUS_SESSION_BUS_ADDRESS": address]
        let pick = try Self.picker(session)
        // Debian's shipped configuration with the picker as its dmenu.
        let shipped = try String(contentsOfFile: "/etc/xdg/dunst/dunstrc", encoding: .utf8)
        let config = session.tmp.file("dunstrc")
        try AtomicFile.write(
            shipped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.trimmingCharacters(in: .whitespaces).hasPrefix("dmenu =")
                    ? "    dmenu = \(pick.path)" : String(line)
            }.joined(separator: "\n"), to: config)
        session.chownToUser(config)
        let dunst = try session.start("/usr/bin/dunst", ["-config", config], environment: env, logName: "dunst.log")
        try #require(
            eventually(10) { (try? session.run("/usr/bin/dunstctl", ["count"], environment: env))?.status == 0 },
            "dunst did not start: \(dunst.output)")
        _ = try RealNotificationServerTests.prepare(session, dueIn: 2)
        let daemon = try session.start(session.tasktile, ["notify", "run"], environment: env, logName: "notify.log")
        try #require(
            eventually(10) {
                (try? session.run("/usr/bin/dunstctl", ["count", "displayed"], environment: env))?.stdout
                    .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
            }, "dunst shows nothing: \(daemon.output)")

        let clicked = Date().timeIntervalSince1970
        #expect(try session.run("/usr/bin/dunstctl", ["context"], environment: env).status == 0)
        try #require(
            eventually(10) { Self.snoozedAt(session) != nil }, "no snooze recorded: \(daemon.output) \(dunst.output)")
        let at = try #require(Self.snoozedAt(session))
        #expect(abs(at - (clicked + 600)) < 10, "snoozed to \(at - clicked) s from the click")
        Self.checkOffered(pick.offered)
        #expect(
            eventually(10) {
                (try? session.run("/usr/bin/dunstctl", ["count", "displayed"], environment: env))?.stdout
                    .trimmingCharacters(in: .whitespacesAndNewlines) == "0"
            }, "the snoozed notification is still shown")
        #expect(!Self.isCompleted(session), "a snooze must not complete the todo")
        #expect(daemon.output.contains("snoozed "), "\(daemon.output)")
    }

    static func isCompleted(_ session: DesktopSession) -> Bool {
        RealNotificationServerTests.isCompleted(session, list: RealNotificationServerTests.list)
    }

    @Test("mako under headless sway: its actions are Complete and the snoozes; makoctl menu picks Snooze 10 min")
    func mako() throws {
        guard
            DesktopSession.require(
                HeadlessSway.tools + [
                    ("mako", "mako-notifier"), ("makoctl", "mako-notifier"), ("jq", "jq"),
                    ("busctl", "systemd"), ("dbus-daemon", "dbus-daemon"),
                ])
        else { return }
        let session = try DesktopSession()
        defer { session.stopAll() }
        let address = try RealNotificationServerTests.startBus(session)
        let sway = try HeadlessSway(session: session, outputs: 1)
        defer { sway.stop() }
        var env = sway.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        let lister = PrivateNotificationBus.fixture("mako_list.py")
        let pick = try Self.picker(session)
        session.chownToUser(session.tmp.path)
        let mako = try session.start("/usr/bin/mako", [], environment: env, logName: "mako.log")
        try #require(
            eventually(10) { (try? session.run("/usr/bin/python3", [lister], environment: env))?.status == 0 },
            "mako did not start: \(mako.output)")
        _ = try RealNotificationServerTests.prepare(session, dueIn: 2)
        let daemon = try session.start(session.tasktile, ["notify", "run"], environment: env, logName: "notify.log")
        var actions: JSONValue?
        try #require(
            eventually(10) {
                guard let out = try? session.run("/usr/bin/python3", [lister], environment: env).stdout,
                    case .array(let list)? = try? JSONValue.parse(Array(out.utf8)), let first = list.first
                else { return false }
                actions = first["actions"]
                return true
            }, "mako shows nothing: \(daemon.output)")
        for (key, label) in [
            ("complete", "Complete"), ("snooze-10m", "Snooze 10 min"), ("snooze-1h", "Snooze 1 hour"),
            ("snooze-tomorrow", "Tomorrow 09:00"), ("default", "Open"),
        ] {
            #expect(actions?[key]?.stringValue == label, "mako's actions: \(String(describing: actions))")
        }

        let clicked = Date().timeIntervalSince1970
        let menu = try session.run("/usr/bin/makoctl", ["menu", pick.path], environment: env)
        #expect(menu.status == 0, "makoctl menu: \(menu.stderr)")
        try #require(
            eventually(10) { Self.snoozedAt(session) != nil }, "no snooze recorded: \(daemon.output) \(mako.output)")
        let at = try #require(Self.snoozedAt(session))
        #expect(abs(at - (clicked + 600)) < 10, "snoozed to \(at - clicked) s from the click")
        Self.checkOffered(pick.offered)
        #expect(
            eventually(10) {
                (try? session.run("/usr/bin/python3", [lister], environment: env).stdout)?.contains(
                    RealNotificationServerTests.title) == false
            }, "the snoozed notification is still shown")
        #expect(!Self.isCompleted(session), "a snooze must not complete the todo")
    }
}
