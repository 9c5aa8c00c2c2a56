import Foundation
import Testing
@testable import TaskTileNotify
import TestSupport

/// `NotificationServer` on a private session bus (`PrivateNotificationBus`: dbus-daemon and the
/// fixture notification server): `ActionInvoked` and `NotificationClosed` count only when they
/// come from the unique name that owns org.freedesktop.Notifications, so another client on the
/// bus cannot forge a "Complete" click.
@Suite struct NotificationServerTests {
    static let rule = "type='signal',interface='\(NotificationServer.name)',path='\(NotificationServer.path)'"

    /// The server's events until `done` holds for all of them, or `seconds` pass.
    func events(_ server: NotificationServer, within seconds: Double,
                until done: ([NotificationEvent]) -> Bool = { _ in false }) throws -> [NotificationEvent] {
        var all: [NotificationEvent] = []
        let end = Date().addingTimeInterval(seconds)
        while Date() < end && !done(all) {
            all += try server.events(timeout: 0.1)
        }
        return all
    }

    /// Raw notification-interface messages on `connection` (not the bus's own `NameAcquired`)
    /// until `count` have arrived, or `seconds` pass.
    func messages(_ connection: BusConnection, count: Int, within seconds: Double) throws -> [BusMessage] {
        var all: [BusMessage] = []
        let end = Date().addingTimeInterval(seconds)
        while Date() < end && all.count < count {
            all += try connection.receive(timeoutMilliseconds: 100).filter { $0.interface == NotificationServer.name }
        }
        return all
    }

    @Test("forged ActionInvoked and NotificationClosed from another unique name are ignored; the owner's are handled")
    func forgedSignalsAreIgnored() throws {
        let bus = try PrivateNotificationBus()
        let connection = try BusConnection(address: bus.address)
        let server = try NotificationServer(bus: connection)
        #expect(server.capabilities.contains("actions"))
        let id = try server.notify(appName: "tasktile", summary: "Water plants", body: "Home",
                                   actions: [("complete", "Complete")], hints: [])
        // A witness with the same match rule shows what the bus delivers, so the test cannot pass
        // because the forgeries never arrived.
        let witness = try BusConnection(address: bus.address)
        try witness.addMatch(Self.rule)
        let owner = try witness.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                     interface: "org.freedesktop.DBus", method: "GetNameOwner") { try $0.append(NotificationServer.name) }
            .arguments.first
        let forge = try runProcess("/usr/bin/python3",
                                   [PrivateNotificationBus.fixture("forge_signal.py"), "\(id)", "complete",
                                    connection.uniqueName, witness.uniqueName],
                                   environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(forge.status == 0, "\(forge.stderr)")
        let forger = forge.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(forger.hasPrefix(":") && owner != .string(forger), "the forger \(forger) owns the service (\(String(describing: owner)))")

        // Broadcast ActionInvoked and NotificationClosed, and an ActionInvoked addressed to the witness.
        let seen = try messages(witness, count: 3, within: 5)
        #expect(seen.map(\.member) == ["ActionInvoked", "NotificationClosed", "ActionInvoked"])
        #expect(seen.allSatisfy { $0.isSignal && $0.sender == forger && $0.arguments.first == .uint32(id) })

        // The server drops all three (two broadcast, one addressed to it).
        let forged = try events(server, within: 1)
        #expect(forged.isEmpty, "forged signals were handled: \(forged)")

        // The real server's signals are handled: the user clicks Complete, then we withdraw it.
        try bus.invoke(id: Int(id), key: "complete")
        var handled = try events(server, within: 5) { $0.contains(.actionInvoked(id: id, key: "complete")) }
        try server.close(id: id)
        handled += try events(server, within: 5) { $0.contains(.closed(id: id, reason: 3)) }
        #expect(handled == [.actionInvoked(id: id, key: "complete"), .closed(id: id, reason: 3)])
    }

    @Test("a bus address nobody listens on is a BusError, not a crash")
    func unreachableAddress() throws {
        let tmp = TemporaryDirectory("dbus-none")
        #expect(throws: BusError.self) { try BusConnection(address: "unix:path=\(tmp.file("no-bus"))") }
    }
}
