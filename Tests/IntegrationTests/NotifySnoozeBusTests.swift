import Foundation
import Testing
import TaskTileCore
import TestSupport

/// Snooze through the real `tasktile notify run` on a private session bus with the recording notification server
/// (docs/notifications.md "Snooze"), on the real clock. The real servers, dunst and mako, are in
/// `RealNotificationServerTests`.
@Suite("snooze on a private D-Bus session bus", .serialized)
struct NotifySnoozeBusTests {
    let base: NotifyDaemonBusTests

    init() throws { base = try NotifyDaemonBusTests() }

    func snoozeRows(_ tmp: TemporaryDirectory) throws -> [Double] {
        try base.store(tmp).database.rows("SELECT until_utc FROM snoozes").compactMap { $0.double(0) }
    }

    @Test("snooze-1h snoozes and closes; a restarted daemon delivers a snooze at its second; done withdraws it")
    func snoozeActionRestartWithdraw() throws {
        let bus = try PrivateNotificationBus()
        let tmp = TemporaryDirectory("notify-snooze")
        let e = base.env(tmp, bus)
        let tasktile = base.tasktile
        #expect(try runProcess(tasktile, ["list", "add", "Home"], environment: e).status == 0)
        let id = try base.add("Water plants", list: "Home", due: base.dueIn(2).text, e)
        var daemon = try startProcess(tasktile, ["notify", "run"], environment: e)
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        try PrivateNotificationBus.waitFor(8, "the due's notification") { bus.notifications().count >= 1 }
        let first = try #require(bus.notifications().first)
        let actions = try #require(first["actions"] as? [String])
        #expect(actions.contains("snooze-1h") && actions.contains("Snooze 1 hour"), "\(actions)")

        let clicked = Date().timeIntervalSince1970
        let firstID = try #require(first["id"] as? Int)
        try bus.invoke(id: firstID, key: "snooze-1h")
        try PrivateNotificationBus.waitFor(5, "the snooze recorded") { try !snoozeRows(tmp).isEmpty }
        let until = try #require(try snoozeRows(tmp).first)
        #expect(abs(until - (clicked + 3600)) < 5, "snoozed to \(until - clicked) s from the click")
        try PrivateNotificationBus.waitFor(5, "CloseNotification(\(firstID))") { bus.closes().contains(firstID) }
        // The due is unchanged.
        let due = try base.store(tmp).database.scalarText("SELECT due_local FROM todos WHERE id = ?", [.text(id)])
        daemon.process.terminate()
        let log = daemon.wait()
        #expect(log.status == 0)
        #expect(log.stderr.contains("snoozed \(id) \"Water plants\" until "), "\(log.stderr)")

        // While no daemon runs, the CLI snoozes it to a few seconds from now; a new daemon delivers it at that second,
        // although the due's notification was delivered before.
        let soon = base.dueIn(3)
        let r = try runProcess(tasktile, ["snooze", id, soon.text], environment: e)
        #expect(r.status == 0, "\(r.stderr)")
        daemon = try startProcess(tasktile, ["notify", "run"], environment: e)
        try PrivateNotificationBus.waitFor(8, "the snoozed notification") { bus.notifications().count >= 2 }
        let second = try #require(bus.notifications().last)
        #expect(second["summary"] as? String == "Water plants")
        let at = try #require(second["time"] as? Double)
        #expect(
            at >= soon.instant.timeIntervalSince1970 - 0.05 && at <= soon.instant.timeIntervalSince1970 + 1.0,
            "delivered \(at - soon.instant.timeIntervalSince1970) s from the snooze")
        #expect((second["actions"] as? [String])?.contains("snooze-10m") == true)
        #expect(try base.store(tmp).database.scalarText("SELECT due_local FROM todos WHERE id = ?", [.text(id)]) == due)

        // Completing elsewhere withdraws the snoozed notification and the snooze.
        let secondID = try #require(second["id"] as? Int)
        #expect(try runProcess(tasktile, ["done", id], environment: e).status == 0)
        try PrivateNotificationBus.waitFor(5, "CloseNotification(\(secondID))") { bus.closes().contains(secondID) }
        #expect(try snoozeRows(tmp).isEmpty)
        daemon.process.terminate()
        let log2 = daemon.wait()
        #expect(log2.status == 0)
        #expect(log2.stderr.contains("delivered snooze:\(id)_"), "\(log2.stderr)")
        #expect(bus.notifications().count == 2)
    }

    @Test("a server without the actions capability is sent no actions, Complete and snooze included")
    func noActionsCapability() throws {
        let bus = try PrivateNotificationBus(capabilities: ["body"])
        let tmp = TemporaryDirectory("notify-snooze-noactions")
        let e = base.env(tmp, bus)
        #expect(try runProcess(base.tasktile, ["list", "add", "Home"], environment: e).status == 0)
        _ = try base.add("Feed cat", list: "Home", due: base.dueIn(2).text, e)
        let daemon = try startProcess(base.tasktile, ["notify", "run"], environment: e)
        defer { if daemon.process.isRunning { daemon.process.terminate() } }
        try PrivateNotificationBus.waitFor(8, "the notification") { bus.notifications().count >= 1 }
        #expect(bus.notifications().first?["actions"] as? [String] == [])
        daemon.process.terminate()
        #expect(daemon.wait().status == 0)
    }
}
