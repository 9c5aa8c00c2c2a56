import Foundation

/// A private session bus (`dbus-daemon`) with a small notification server on it
/// (`Tests/IntegrationTests/Fixtures/notification_server.py`) that records every Notify and
/// CloseNotification call and can emit `ActionInvoked`. Killed on deinit. Used by the
/// `tasktile notify run` integration tests and by TaskTileNotifyTests.
public final class PrivateNotificationBus {
    public let tmp = TemporaryDirectory("dbus")
    /// The bus address, `unix:path=…` (for `DBUS_SESSION_BUS_ADDRESS` or `BusConnection(address:)`).
    public let address: String
    let daemon: RunningProcess
    private(set) var server: RunningProcess?
    public var logPath: String { tmp.file("notifications.jsonl") }
    public var controlDir: String { tmp.file("control") }

    /// The helper programs the bus tests run: `Tests/IntegrationTests/Fixtures/<name>`.
    public static func fixture(_ name: String) -> String {
        repositoryRoot + "/Tests/IntegrationTests/Fixtures/" + name
    }

    /// Starts the bus and (unless `startServer` is false) the server, and waits until the server owns its name.
    /// - Parameter capabilities: what the server's `GetCapabilities` answers.
    /// - Throws: `FixtureError` when dbus-daemon, python3-dbus or python3-gi is missing (make deps
    ///   installs them) or the server does not start.
    public init(startServer: Bool = true, capabilities: [String] = ["actions", "body"]) throws {
        let dbusDaemon = "/usr/bin/dbus-daemon"
        guard FileManager.default.isExecutableFile(atPath: dbusDaemon) else {
            throw FixtureError("dbus-daemon is not installed: make deps installs it (Debian: dbus-daemon)")
        }
        guard (try? runProcess("/usr/bin/python3", ["-c", "import dbus, dbus.mainloop.glib; from gi.repository import GLib"]))?.status == 0 else {
            throw FixtureError("python3-dbus or python3-gi is not installed for /usr/bin/python3: make deps installs them")
        }
        let socket = tmp.file("bus")
        let config = """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(socket)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
        try config.write(toFile: tmp.file("session.conf"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: tmp.file("control"), withIntermediateDirectories: true)
        address = "unix:path=\(socket)"
        daemon = try startProcess(dbusDaemon, ["--config-file=\(tmp.file("session.conf"))", "--nofork", "--nopidfile"])
        try PrivateNotificationBus.waitFor(5) { FileManager.default.fileExists(atPath: socket) }
        self.capabilities = capabilities
        if startServer { try self.startServer() }
    }

    private var capabilities: [String] = []

    /// Starts the notification server (again) and waits until it is ready.
    /// - Throws: `FixtureError` when it does not start.
    public func startServer() throws {
        let before = events().filter { $0["event"] as? String == "ready" }.count
        server = try startProcess("/usr/bin/python3", [Self.fixture("notification_server.py"), tmp.file("notifications.jsonl"), tmp.file("control")],
                                  environment: ["DBUS_SESSION_BUS_ADDRESS": address, "NOTIFY_TEST_CAPS": capabilities.joined(separator: ",")])
        try PrivateNotificationBus.waitFor(10, "the notification server") {
            self.events().filter { $0["event"] as? String == "ready" }.count > before
        }
    }

    /// Stops the bus itself (SIGKILL), as a session ending would.
    public func stopBus() {
        kill(daemon.process.processIdentifier, SIGKILL)
        _ = daemon.wait()
    }

    deinit {
        // SIGKILL: the test runner may start children with SIGTERM blocked (the mask is inherited).
        if let server {
            kill(server.process.processIdentifier, SIGKILL)
            _ = server.wait()
        }
        if daemon.process.isRunning {
            kill(daemon.process.processIdentifier, SIGKILL)
            _ = daemon.wait()
        }
    }

    /// Every recorded event, in order.
    public func events() -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    public func notifications() -> [[String: Any]] { events().filter { $0["event"] as? String == "notify" } }
    public func closes() -> [Int] { events().filter { $0["event"] as? String == "close" }.compactMap { $0["id"] as? Int } }

    /// Makes the server emit `ActionInvoked(id, key)`.
    public func invoke(id: Int, key: String) throws {
        try "\(id) \(key)".write(toFile: controlDir + "/invoke-\(id)-\(key)", atomically: true, encoding: .utf8)
    }

    /// Polls `condition` every 50 ms for up to `seconds`. - Throws: when it never holds.
    public static func waitFor(_ seconds: Double, _ what: String = "condition", _ condition: () throws -> Bool) throws {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try condition() { return }
            usleep(50_000)
        }
        if try condition() { return }
        throw FixtureError("timed out after \(seconds) s waiting for \(what)")
    }
}

/// A test fixture that could not be set up (a missing tool, a helper that did not start).
public struct FixtureError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
