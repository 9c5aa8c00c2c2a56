import Foundation
import Testing
import TaskTileCore
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `tasktile notify run` against the real notification servers people run (docs/notifications.md
/// "What is sent"): dunst under Xvfb and mako under a headless sway, each on a private session bus.
/// Everything runs as the desktop tests' unprivileged user when root (`DesktopSession`).
///
/// What is checked with each: the summary arrives as typed (plain text: the freedesktop spec
/// allows markup only in the body), the body is escaped because both list `body-markup`, the
/// notification never expires (`expire_timeout` 0), and a click on the body (`default`: dunst's
/// middle click, `dunstctl action`, `makoctl invoke`) completes the todo with
/// `notify.defaultAction complete`.
@Suite(.serialized) struct RealNotificationServerTests {
    static let title = "Fish & chips <b>"
    static let list = "Fish & <i>chips</i>"

    /// A private `dbus-daemon --session` as the session's user; returns its address.
    static func startBus(_ session: DesktopSession) throws -> String {
        let socket = session.tmp.file("bus")
        let config = session.tmp.file("session.conf")
        try AtomicFile.write("""
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
            </busconfig>
            """, to: config)
        session.chownToUser(config)
        let bus = try session.start("/usr/bin/dbus-daemon", ["--config-file=\(config)", "--nofork", "--nopidfile"], logName: "dbus.log")
        try #require(eventually(10) { FileManager.default.fileExists(atPath: socket) }, "dbus-daemon: \(bus.output)")
        return "unix:path=\(socket)"
    }

    /// A list and a todo with markup characters, due `seconds` from now (UTC), and `defaultAction complete`.
    static func prepare(_ session: DesktopSession, dueIn seconds: Double) throws -> String {
        try session.cli("list", "add", list)
        let wc = ZonedClock.wallClock(of: Date().addingTimeInterval(seconds), in: TimeZone(identifier: "UTC")!)
        let json = try JSONValue.parse(Array(try session.cli("--json", "add", title, "--list", list, "--due",
                                                             "\(wc)".replacingOccurrences(of: "T", with: " ")).utf8))
        try session.cli("settings", "set", "notify.defaultAction", "complete")
        return try #require(json["id"]?.stringValue)
    }

    static func isCompleted(_ session: DesktopSession, list: String) -> Bool {
        ((try? session.todoState(list: list))?.completed.count ?? 0) == 1
    }

    @Test("dunst under Xvfb: plain summary, escaped body, never expires; dunstctl action (the middle click) completes")
    func dunst() throws {
        guard DesktopSession.require(DesktopX11Tests.tools + [("dunst", "dunst"), ("dunstctl", "dunst"), ("dbus-daemon", "dbus-daemon")]) else { return }
        let session = try DesktopSession()
        defer { session.stopAll() }
        let address = try Self.startBus(session)
        let n = DesktopX11Tests.freeDisplay()
        let xvfb = try session.start("/usr/bin/Xvfb", [":\(n)", "-screen", "0", "1024x768x24", "-nolisten", "tcp"], logName: "xvfb.log")
        try #require(eventually(10) { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") }, "Xvfb: \(xvfb.output)")
        let env = ["DISPLAY": ":\(n)", "DBUS_SESSION_BUS_ADDRESS": address]
        // Debian's shipped configuration (markup = full, so dunst lists body-markup).
        let dunst = try session.start("/usr/bin/dunst", ["-config", "/etc/xdg/dunst/dunstrc"], environment: env, logName: "dunst.log")
        try #require(eventually(10) { (try? session.run("/usr/bin/dunstctl", ["count"], environment: env))?.status == 0 },
                     "dunst did not start: \(dunst.output)")
        _ = try Self.prepare(session, dueIn: 2)
        let daemon = try session.start(session.tasktile, ["notify", "run"], environment: env, logName: "notify.log")
        try #require(eventually(10) {
            (try? session.run("/usr/bin/dunstctl", ["count", "displayed"], environment: env))?.stdout
                .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
        }, "dunst shows nothing: \(daemon.output)")

        // dunstctl action 0: the default action of the first notification, as a middle click sends it.
        #expect(try session.run("/usr/bin/dunstctl", ["action", "0"], environment: env).status == 0)
        #expect(eventually(10) { Self.isCompleted(session, list: Self.list) }, "the click did not complete the todo: \(daemon.output)")
        // Completing withdraws the notification, which moves it to dunst's history: read what was sent.
        try #require(eventually(10) { (try? session.run("/usr/bin/dunstctl", ["history"], environment: env))?.stdout.contains("tasktile") == true })
        let history = try JSONValue.parse(Array(try session.run("/usr/bin/dunstctl", ["history"], environment: env).stdout.utf8))
        guard case .array(let groups)? = history["data"], case .array(let items)? = groups.first, let item = items.first else {
            Issue.record("dunstctl history has no notification: \(history)")
            return
        }
        #expect(item["summary"]?["data"]?.stringValue == Self.title)
        #expect(item["body"]?["data"]?.stringValue?.hasPrefix("Fish &amp; &lt;i&gt;chips&lt;/i&gt; · Due ") == true,
                "\(String(describing: item["body"]))")
        // What dunst renders: its own escaping of the plain summary, once (never `&amp;amp;`).
        #expect(item["message"]?["data"]?.stringValue?.hasPrefix("<b>Fish &amp; chips &lt;b&gt;</b>") == true,
                "\(String(describing: item["message"]))")
        #expect(item["timeout"]?["data"] == .number(0))
        #expect(daemon.output.contains("completed "), "\(daemon.output)")
    }

    @Test("mako under headless sway: plain summary, escaped body, never expires; invoking default completes")
    func mako() throws {
        guard DesktopSession.require(HeadlessSway.tools + [("mako", "mako-notifier"), ("dbus-daemon", "dbus-daemon")]) else { return }
        let session = try DesktopSession()
        defer { session.stopAll() }
        let address = try Self.startBus(session)
        let sway = try HeadlessSway(session: session, outputs: 1)
        defer { sway.stop() }
        var env = sway.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        let lister = PrivateNotificationBus.fixture("mako_list.py")
        session.chownToUser(session.tmp.path)
        let mako = try session.start("/usr/bin/mako", [], environment: env, logName: "mako.log")
        try #require(eventually(10) { (try? session.run("/usr/bin/python3", [lister], environment: env))?.status == 0 },
                     "mako did not start: \(mako.output)")
        _ = try Self.prepare(session, dueIn: 2)
        let daemon = try session.start(session.tasktile, ["notify", "run"], environment: env, logName: "notify.log")
        var shown: [String: JSONValue] = [:]
        try #require(eventually(10) {
            guard let out = try? session.run("/usr/bin/python3", [lister], environment: env).stdout,
                  case .array(let list)? = try? JSONValue.parse(Array(out.utf8)), case .object(let first)? = list.first else { return false }
            shown = Dictionary(first.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
            return true
        }, "mako shows nothing: \(daemon.output)")
        #expect(shown["summary"]?.stringValue == Self.title)
        #expect(shown["body"]?.stringValue?.hasPrefix("Fish &amp; &lt;i&gt;chips&lt;/i&gt; · Due ") == true, "\(String(describing: shown["body"]))")
        #expect(shown["app-name"]?.stringValue == "tasktile")
        let id = try #require(shown["id"].flatMap { if case .number(let n) = $0 { Int(n) } else { nil } })
        #expect(try session.run("/usr/bin/python3", [lister, "invoke", "\(id)", "default"], environment: env).status == 0)
        #expect(eventually(10) { Self.isCompleted(session, list: Self.list) }, "invoking default did not complete the todo: \(daemon.output)")
        // Stays until acted on: still listed before the click, and withdrawn by tasktile after it.
        #expect(eventually(10) { (try? session.run("/usr/bin/python3", [lister], environment: env).stdout)?.contains(Self.title) == false })
    }
}
