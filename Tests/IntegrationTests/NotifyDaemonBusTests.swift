import Foundation
import Testing
import TaskTileCore
import TestSupport

/// The real `tasktile notify run` against a real (private) session bus and the real clock
/// (docs/notifications.md "Delivery"). Serialized: the assertions are about wall-clock seconds.
@Suite("notify run on a private D-Bus session bus", .serialized)
struct NotifyDaemonBusTests {
    let tasktile: String

    init() throws {
        tasktile = try #require(builtProduct("tasktile"), "build the products first (swift build; make test does)")
    }

    func env(_ tmp: TemporaryDirectory, _ bus: PrivateNotificationBus) -> [String: String] {
        ["TASKTILE_DATA_DIR": tmp.dataDirectory.path, "TZ": "UTC", "LANG": "C", "NO_COLOR": "1",
         "DBUS_SESSION_BUS_ADDRESS": bus.address, "TASKTILE_NOW": ""]
    }

    /// `YYYY-MM-DD HH:MM:SS` in UTC, whole seconds, `seconds` from now; and that instant.
    func dueIn(_ seconds: Int) -> (text: String, instant: Date) {
        let instant = Date(timeIntervalSince1970: (Date().timeIntervalSince1970).rounded(.down) + Double(seconds))
        let wc = ZonedClock.wallClock(of: instant, in: TimeZone(identifier: "UTC")!)
        return ("\(wc.date) \(pad2(wc.hour)):\(pad2(wc.minute)):\(pad2(wc.second))", instant)
    }

    func pad2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    func add(_ title: String, list: String, due: String, _ e: [String: String]) throws -> String {
        let r = try runProcess(tasktile, ["--json", "add", title, "--list", list, "--due", due], environment: e)
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return try #require(object?["id"] as? String)
    }

    func store(_ tmp: TemporaryDirectory) throws -> Store {
        try Store.open(tmp.dataDirectory, clock: Clock(now: Date(), timeZone: TimeZone(identifier: "UTC")!))
    }

    @Test("delivered at its second with the right fields; Complete completes by id; completing elsewhere withdraws")
    func deliverCompleteWithdraw() throws {
        let bus = try PrivateNotificationBus()
        let tmp = TemporaryDirectory("notify-bus")
        let e = env(tmp, bus)
        #expect(try runProcess(tasktile, ["list", "add", "Home"], environment: e).status == 0)
        let dueA = dueIn(3), dueB = dueIn(4)
        let a = try add("Water plants", list: "Home", due: dueA.text, e)
        let b = try add("Call mum", list: "Home", due: dueB.text, e)
        let daemon = try startProcess(tasktile, ["notify", "run"], environment: e)
        defer { if daemon.process.isRunning { daemon.process.terminate() } }

        try PrivateNotificationBus.waitFor(8, "two notifications") { bus.notifications().count >= 2 }
        let shown = bus.notifications()
        #expect(shown.count == 2)
        let first = try #require(shown.first { $0["summary"] as? String == "Water plants" })
        let second = try #require(shown.first { $0["summary"] as? String == "Call mum" })
        for (n, due) in [(first, dueA.instant), (second, dueB.instant)] {
            let at = try #require(n["time"] as? Double)
            // Delivered at the due second: not before it, and within one second after it.
            #expect(at >= due.timeIntervalSince1970 - 0.05 && at <= due.timeIntervalSince1970 + 1.0,
                    "delivered \(at - due.timeIntervalSince1970) s from its due")
            #expect(n["app"] as? String == "tasktile")
            #expect(n["actions"] as? [String]
                    == ["complete", "Complete", "snooze-10m", "Snooze 10 min", "snooze-1h", "Snooze 1 hour",
                        "snooze-tomorrow", "Tomorrow 09:00", "default", "Open"])
            let hints = try #require(n["hints"] as? [String: Any])
            #expect(hints["urgency"] as? Int == 1)
            #expect(hints["desktop-entry"] as? String == "tasktile")
            #expect(hints["category"] as? String == "x-tasktile.todo")
            // A due notification stays until acted on (notify.timeout never): expire_timeout 0 and resident.
            #expect(n["timeout"] as? Int == 0)
            #expect(hints["resident"] as? Int == 1)
        }
        let wcA = ZonedClock.wallClock(of: dueA.instant, in: TimeZone(identifier: "UTC")!)
        #expect(first["body"] as? String == "Home · Due \(wcA.hourMinute)")

        // The user clicks Complete on the first: the daemon completes that todo by id.
        let firstID = try #require(first["id"] as? Int)
        try bus.invoke(id: firstID, key: "complete")
        let s = try store(tmp)
        try PrivateNotificationBus.waitFor(5, "the todo completed") {
            try s.database.scalarInt("SELECT is_completed FROM todos WHERE id = ?", [.text(a)]) == 1
        }
        #expect(try s.database.scalarText("SELECT source FROM completions WHERE todo_id = ?", [.text(a)]) == "notification")
        #expect(try s.database.scalarInt("SELECT is_completed FROM todos WHERE id = ?", [.text(b)]) == 0)

        // Completing the second elsewhere (the CLI) withdraws its notification.
        let secondID = try #require(second["id"] as? Int)
        #expect(try runProcess(tasktile, ["done", b], environment: e).status == 0)
        try PrivateNotificationBus.waitFor(5, "CloseNotification(\(secondID))") { bus.closes().contains(secondID) }

        daemon.process.terminate()
        let result = daemon.wait()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("info tasktile-notify: delivered \(a)"))
        #expect(result.stderr.contains("completed \(a)"))
        #expect(bus.notifications().count == 2)
    }

    @Test("two daemons started together: one runs, the other exits 75; each item is delivered once; an empty list's reminder shows nothing")
    func twoDaemons() throws {
        let bus = try PrivateNotificationBus()
        let tmp = TemporaryDirectory("notify-two")
        let e = env(tmp, bus)
        for l in ["Home", "Work", "Empty"] { #expect(try runProcess(tasktile, ["list", "add", l], environment: e).status == 0) }
        let due = dueIn(3)
        _ = try add("Pay rent", list: "Home", due: due.text, e)
        let done = try add("Old task", list: "Empty", due: "2020-01-01", e)
        #expect(try runProcess(tasktile, ["done", done], environment: e).status == 0)
        _ = try add("Report", list: "Work", due: "2099-01-01", e)
        let s = try store(tmp)
        let at = Due.dateTime(ZonedClock.wallClock(of: due.instant, in: TimeZone(identifier: "UTC")!), zoneID: "UTC")
        try s.setListReminder(list: "Work", anchor: at, repeatRule: nil)
        try s.setListReminder(list: "Empty", anchor: at, repeatRule: nil)

        let one = try startProcess(tasktile, ["notify", "run"], environment: e)
        let two = try startProcess(tasktile, ["notify", "run"], environment: e)
        defer { for p in [one, two] where p.process.isRunning { p.process.terminate() } }
        try PrivateNotificationBus.waitFor(5, "one daemon to give up") { !one.process.isRunning || !two.process.isRunning }
        let loser = one.process.isRunning ? two : one
        let winner = one.process.isRunning ? one : two
        let lost = loser.wait()
        #expect(lost.status == 75)
        #expect(lost.stderr.contains("already running for this data directory"))

        try PrivateNotificationBus.waitFor(8, "two notifications") { bus.notifications().count >= 2 }
        usleep(1_500_000) // nothing more may arrive
        let summaries = bus.notifications().compactMap { $0["summary"] as? String }.sorted()
        #expect(summaries == ["Pay rent", "Work: 1 incomplete task"])
        #expect(try s.database.scalarText("SELECT outcome FROM notification_deliveries WHERE identifier LIKE 'list:%' AND list_id = (SELECT id FROM lists WHERE title = 'Empty')") == "empty")
        winner.process.terminate()
        #expect(winner.wait().status == 0)
    }

    @Test("kill -9 and restart: nothing is delivered twice, and what came due meanwhile is delivered once")
    func killAndRestart() throws {
        let bus = try PrivateNotificationBus()
        let tmp = TemporaryDirectory("notify-kill")
        let e = env(tmp, bus)
        #expect(try runProcess(tasktile, ["list", "add", "Home"], environment: e).status == 0)
        _ = try add("First", list: "Home", due: dueIn(2).text, e)
        _ = try add("Second", list: "Home", due: dueIn(4).text, e)
        _ = try add("Third", list: "Home", due: dueIn(6).text, e)

        let first = try startProcess(tasktile, ["notify", "run"], environment: e)
        try PrivateNotificationBus.waitFor(6, "the first notification") { bus.notifications().count >= 1 }
        kill(first.process.processIdentifier, SIGKILL)
        _ = first.wait()
        usleep(2_500_000) // "Second" comes due while no daemon runs
        let second = try startProcess(tasktile, ["notify", "run"], environment: e)
        defer { if second.process.isRunning { second.process.terminate() } }
        try PrivateNotificationBus.waitFor(8, "three notifications") { bus.notifications().count >= 3 }
        usleep(1_000_000)
        second.process.terminate()
        #expect(second.wait().status == 0)
        let summaries = bus.notifications().compactMap { $0["summary"] as? String }
        #expect(summaries == ["First", "Second", "Third"])
    }

    @Test("the summary is plain text, never escaped; the body is escaped only for a server with body-markup")
    func summaryPlainBodyEscaped() throws {
        for markup in [true, false] {
            let bus = try PrivateNotificationBus(capabilities: markup ? ["actions", "body", "body-markup"] : ["actions", "body"])
            let tmp = TemporaryDirectory("notify-markup")
            let e = env(tmp, bus)
            #expect(try runProcess(tasktile, ["list", "add", "Fish & <i>chips</i>"], environment: e).status == 0)
            _ = try add("Fish & chips <b>", list: "Fish & <i>chips</i>", due: dueIn(2).text, e)
            let daemon = try startProcess(tasktile, ["notify", "run"], environment: e)
            defer { if daemon.process.isRunning { daemon.process.terminate() } }
            try PrivateNotificationBus.waitFor(8, "the notification") { bus.notifications().count >= 1 }
            daemon.process.terminate()
            #expect(daemon.wait().status == 0)
            let n = try #require(bus.notifications().first)
            #expect(n["summary"] as? String == "Fish & chips <b>")
            let body = try #require(n["body"] as? String)
            if markup {
                #expect(body.hasPrefix("Fish &amp; &lt;i&gt;chips&lt;/i&gt; · Due "), "\(body)")
            } else {
                #expect(body.hasPrefix("Fish & <i>chips</i> · Due "), "\(body)")
            }
        }
    }

    @Test("server absent at the due time, started 30 s later: delivered exactly once; losing the bus ends the daemon with 69")
    func serverAbsentThenStarted() throws {
        let bus = try PrivateNotificationBus(startServer: false)
        let tmp = TemporaryDirectory("notify-absent")
        let e = env(tmp, bus)
        #expect(try runProcess(tasktile, ["list", "add", "Home"], environment: e).status == 0)
        let due = dueIn(2)
        let id = try add("Water plants", list: "Home", due: due.text, e)
        let daemon = try startProcess(tasktile, ["notify", "run"], environment: e)
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        let s = try store(tmp)
        // At the due time there is no server: the send fails and nothing counts as delivered.
        let serverStart = due.instant.addingTimeInterval(30)
        while Date() < serverStart {
            #expect(daemon.process.isRunning, "the daemon must keep running without a notification server")
            usleep(500_000)
        }
        #expect(try s.database.scalarInt("SELECT count(*) FROM notification_deliveries") == 0,
                "a failed send must not be recorded as delivered")
        try bus.startServer()
        try PrivateNotificationBus.waitFor(15, "the notification after the server started") { bus.notifications().count >= 1 }
        usleep(2_000_000) // nothing more may arrive
        let shown = bus.notifications()
        #expect(shown.count == 1)
        #expect(shown.first?["summary"] as? String == "Water plants")
        #expect(try s.database.scalarInt("SELECT count(*) FROM notification_deliveries WHERE todo_id = ? AND bus_id IS NOT NULL",
                                         [.text(id)]) == 1)

        // The session bus goes away: the daemon exits 69 so Restart=on-failure brings it back.
        bus.stopBus()
        try PrivateNotificationBus.waitFor(10, "the daemon to exit") { !daemon.process.isRunning }
        let result = daemon.wait()
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("could not deliver"))
        #expect(result.stderr.contains("lost the D-Bus session bus"))
    }

    @Test("notify.urgency, notify.timeout and notify.defaultAction shape the notification; a click completes with defaultAction complete")
    func settingsShapeNotification() throws {
        let bus = try PrivateNotificationBus()
        let tmp = TemporaryDirectory("notify-settings")
        let e = env(tmp, bus)
        #expect(try runProcess(tasktile, ["list", "add", "Home"], environment: e).status == 0)
        for (key, value) in [("notify.urgency", "critical"), ("notify.timeout", "default"), ("notify.defaultAction", "complete")] {
            #expect(try runProcess(tasktile, ["settings", "set", key, value], environment: e).status == 0)
        }
        let bad = try runProcess(tasktile, ["settings", "set", "notify.timeout", "forever"], environment: e)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("never") && bad.stderr.contains("86400"), "\(bad.stderr)")
        let a = try add("Take out bins", list: "Home", due: dueIn(2).text, e)
        let daemon = try startProcess(tasktile, ["notify", "run"], environment: e)
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        try PrivateNotificationBus.waitFor(8, "the notification") { bus.notifications().count >= 1 }
        let n = try #require(bus.notifications().first)
        let hints = try #require(n["hints"] as? [String: Any])
        #expect(hints["urgency"] as? Int == 2)
        #expect(hints["resident"] == nil)
        #expect(n["timeout"] as? Int == -1)
        // dunst's middle click and a click on the body send `default`.
        try bus.invoke(id: try #require(n["id"] as? Int), key: "default")
        let s = try store(tmp)
        try PrivateNotificationBus.waitFor(5, "the todo completed by a click on the body") {
            try s.database.scalarInt("SELECT is_completed FROM todos WHERE id = ?", [.text(a)]) == 1
        }

        // none: no `default` action is offered at all.
        #expect(try runProcess(tasktile, ["settings", "set", "notify.defaultAction", "none"], environment: e).status == 0)
        _ = try add("Feed cat", list: "Home", due: dueIn(2).text, e)
        try PrivateNotificationBus.waitFor(8, "the second notification") { bus.notifications().count >= 2 }
        #expect(bus.notifications().last?["actions"] as? [String]
                == ["complete", "Complete", "snooze-10m", "Snooze 10 min", "snooze-1h", "Snooze 1 hour",
                    "snooze-tomorrow", "Tomorrow 09:00"])
        daemon.process.terminate()
        #expect(daemon.wait().status == 0)
    }
}
