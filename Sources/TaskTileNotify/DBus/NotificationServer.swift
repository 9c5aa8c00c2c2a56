import Foundation

/// Something the notification server told us (freedesktop notification spec, "Signals").
public enum NotificationEvent: Hashable, Sendable {
    /// `ActionInvoked(u id, s action_key)`: the user chose an action (`default` = clicked the body).
    case actionInvoked(id: UInt32, key: String)
    /// `NotificationClosed(u id, u reason)`: 1 expired, 2 dismissed, 3 closed by call, 4 undefined.
    case closed(id: UInt32, reason: UInt32)
    /// `org.freedesktop.DBus.NameOwnerChanged` gave `org.freedesktop.Notifications` a new owner: a
    /// notification server (re)started, so a delivery that failed can be tried again at once.
    case serverAppeared
}

/// A client of `org.freedesktop.Notifications` on the session bus
/// (https://specifications.freedesktop.org/notification-spec/latest/).
///
/// It stays connected, because `ActionInvoked` and `NotificationClosed` are broadcast signals that
/// only a connected sender hears; signals are accepted only from the unique bus name that owns the
/// service (learned from our own method replies), so another client on the bus cannot forge a
/// "Complete" click.
final class NotificationServer {
    static let name = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"

    private let bus: BusConnection
    /// The unique name of the service's owner, from the last reply.
    private var owner: String?
    /// The server's capabilities (`actions`, `body-markup`, …); empty until a server answered
    /// `GetCapabilities` (see `capabilitiesKnown`).
    private(set) var capabilities: Set<String> = []
    /// Whether `capabilities` came from the current server. False at start when no server runs, and
    /// again after a call failed or the service changed owner (another server may have started).
    private(set) var capabilitiesKnown = false

    /// Connects to the session bus, subscribes to the service's signals and asks for its
    /// capabilities (which also starts a D-Bus-activatable server). A missing notification server is
    /// not an error here: `notify` asks again, so a server started later is found.
    /// - Throws: `BusError` when there is no session bus.
    convenience init() throws {
        try self.init(bus: BusConnection())
    }

    /// The same on `bus` (a test hook: tests pass a private bus, `BusConnection(address:)`).
    /// - Throws: `BusError` when `bus` refuses the match rules.
    init(bus: BusConnection) throws {
        self.bus = bus
        try bus.addMatch("type='signal',interface='\(Self.name)',path='\(Self.path)'")
        try bus.addMatch("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Self.name)'")
        try? refreshCapabilities()
    }

    /// Whether the bus connection is still up (a failed call on a live connection is the server's fault).
    var isConnected: Bool { bus.isConnected }

    /// `GetCapabilities() → as`: asks the server what it supports.
    /// - Throws: `BusError` (no server, or it failed to start: `ServiceUnknown`, `Spawn.ChildSignaled`, …).
    func refreshCapabilities() throws {
        let reply = try bus.call(destination: Self.name, path: Self.path, interface: Self.name, method: "GetCapabilities")
        owner = reply.sender
        capabilities = Set(reply.arguments.compactMap { if case .string(let s) = $0 { s } else { nil } })
        capabilitiesKnown = true
    }

    /// `Notify(susssasa{sv}i) → u`: shows a notification and returns the server's id for it.
    /// - Parameters:
    ///   - actions: `(key, label)` pairs, flattened to `[key, label, …]`; key `default` is a click on the body.
    ///   - hints: e.g. `urgency` (byte 0/1/2), `category`, `desktop-entry`.
    ///   - expireTimeout: milliseconds; −1 = the server's default, 0 = never.
    /// - Throws: `BusError`.
    func notify(appName: String, replacesID: UInt32 = 0, icon: String = "", summary: String, body: String,
                actions: [(String, String)], hints: [(String, BusVariant)], expireTimeout: Int32 = -1) throws -> UInt32 {
        do {
            return try send(appName: appName, replacesID: replacesID, icon: icon, summary: summary, body: body,
                            actions: actions, hints: hints, expireTimeout: expireTimeout)
        } catch {
            capabilitiesKnown = false
            throw error
        }
    }

    private func send(appName: String, replacesID: UInt32, icon: String, summary: String, body: String,
                      actions: [(String, String)], hints: [(String, BusVariant)], expireTimeout: Int32) throws -> UInt32 {
        let reply = try bus.call(destination: Self.name, path: Self.path, interface: Self.name, method: "Notify") { w in
            try w.append(appName)
            try w.append(replacesID)
            try w.append(icon)
            try w.append(summary)
            try w.append(body)
            try w.append(strings: actions.flatMap { [$0.0, $0.1] })
            try w.append(dictionary: hints)
            try w.append(expireTimeout)
        }
        if let sender = reply.sender { owner = sender }
        guard case .uint32(let id)? = reply.arguments.first else {
            throw BusError(name: "tasktile.BadReply", message: "Notify did not return a notification id")
        }
        return id
    }

    /// `CloseNotification(u)`: withdraws a notification (the server answers with `NotificationClosed`, reason 3).
    /// - Throws: `BusError`.
    func close(id: UInt32) throws {
        let reply = try bus.call(destination: Self.name, path: Self.path, interface: Self.name, method: "CloseNotification") { w in
            try w.append(id)
        }
        if let sender = reply.sender { owner = sender }
    }

    /// Waits up to `timeout` seconds for signals and returns the ones from the service owner.
    /// - Throws: `BusError` when the bus connection was lost.
    func events(timeout: Double) throws -> [NotificationEvent] {
        let ms = Int32(max(0, min(timeout, 60)) * 1000)
        return try bus.receive(timeoutMilliseconds: ms).compactMap { m -> NotificationEvent? in
            if m.isSignal, m.member == "NameOwnerChanged", m.interface == "org.freedesktop.DBus", m.sender == "org.freedesktop.DBus" {
                let args = m.arguments
                guard args.count >= 3, args[0] == .string(Self.name), case .string(let newOwner) = args[2] else { return nil }
                capabilitiesKnown = false
                owner = newOwner.isEmpty ? nil : newOwner
                return newOwner.isEmpty ? nil : .serverAppeared
            }
            guard m.isSignal, m.interface == Self.name, m.path == Self.path, let owner, m.sender == owner else { return nil }
            let args = m.arguments
            switch m.member {
            case "ActionInvoked":
                guard args.count >= 2, case .uint32(let id) = args[0], case .string(let key) = args[1] else { return nil }
                return .actionInvoked(id: id, key: key)
            case "NotificationClosed":
                guard args.count >= 2, case .uint32(let id) = args[0], case .uint32(let reason) = args[1] else { return nil }
                return .closed(id: id, reason: reason)
            default:
                return nil
            }
        }
    }
}
