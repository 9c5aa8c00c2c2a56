internal import CDBus
import Foundation

/// A D-Bus failure: connecting, calling a method, or a message that could not be built.
public struct BusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The D-Bus error name (e.g. `org.freedesktop.DBus.Error.ServiceUnknown`), or a short tag of ours.
    public var name: String
    public var message: String
    public var description: String { "\(name): \(message)" }
}

/// A basic value read from a D-Bus message (the types notification signals use).
public enum BusValue: Hashable, Sendable {
    case string(String)
    case uint32(UInt32)
    case int32(Int32)
    /// A type this wrapper does not decode (its D-Bus type code).
    case other(Int32)
}

/// A hint value for `Notify`'s `a{sv}` (the freedesktop notification spec's hint types).
public enum BusVariant: Hashable, Sendable {
    case string(String)
    case byte(UInt8)
    case bool(Bool)
    case int32(Int32)
}

/// One private connection to a message bus (owns the `DBusConnection*`: closed and unreferenced in
/// `deinit`). libdbus low-level API: https://dbus.freedesktop.org/doc/api/html/
///
/// A private connection (`dbus_bus_get_private`) so closing it never disturbs another user of the
/// shared one; `exit_on_disconnect` is off, so a lost bus is an error we report, not an `_exit`.
/// Not thread-safe: use from one thread.
final class BusConnection {
    private let connection: OpaquePointer

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`).
    /// - Throws: `BusError` when there is no session bus or it refuses us.
    init() throws {
        var error = DBusError()
        dbus_error_init(&error)
        guard let c = dbus_bus_get_private(DBUS_BUS_SESSION, &error) else {
            throw BusConnection.consume(&error, fallback: "cannot connect to the session bus")
        }
        dbus_connection_set_exit_on_disconnect(c, 0)
        connection = c
    }

    /// Connects to the bus at `address` (a D-Bus address, e.g. `unix:path=/tmp/bus`) and registers
    /// with it (`Hello`), like `init()` does for the session bus. A test hook: libdbus reads
    /// `DBUS_SESSION_BUS_ADDRESS` once per process, so tests reach a private bus this way.
    /// - Throws: `BusError` when the bus cannot be reached or refuses us.
    init(address: String) throws {
        var error = DBusError()
        dbus_error_init(&error)
        guard let c = dbus_connection_open_private(address, &error) else {
            throw BusConnection.consume(&error, fallback: "cannot connect to \(address)")
        }
        guard dbus_bus_register(c, &error) != 0 else {
            dbus_connection_close(c)
            dbus_connection_unref(c)
            throw BusConnection.consume(&error, fallback: "cannot register with \(address)")
        }
        dbus_connection_set_exit_on_disconnect(c, 0)
        connection = c
    }

    deinit {
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// Our unique bus name (`:1.42`).
    var uniqueName: String { dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? "" }

    /// Whether the connection is still up.
    var isConnected: Bool { dbus_connection_get_is_connected(connection) != 0 }

    /// Calls a method and waits for its reply (at most `timeoutMilliseconds`).
    /// - Parameter build: appends the arguments.
    /// - Returns: the reply (a method return).
    /// - Throws: `BusError` for an error reply, a timeout or a lost connection.
    func call(destination: String, path: String, interface: String, method: String,
              timeoutMilliseconds: Int32 = 5000, build: (inout MessageWriter) throws -> Void = { _ in }) throws -> BusMessage {
        guard let message = dbus_message_new_method_call(destination, path, interface, method) else {
            throw BusError(name: "tasktile.NoMemory", message: "cannot create a D-Bus message")
        }
        let owned = BusMessage(taking: message)
        var writer = MessageWriter(message: message)
        defer { writer.finish() }
        try build(&writer)
        writer.finish()
        var error = DBusError()
        dbus_error_init(&error)
        guard let reply = dbus_connection_send_with_reply_and_block(connection, owned.raw, timeoutMilliseconds, &error) else {
            throw BusConnection.consume(&error, fallback: "\(interface).\(method) failed")
        }
        return BusMessage(taking: reply)
    }

    /// Adds a match rule so matching signals are routed to us.
    /// - Throws: `BusError` when the bus refuses the rule.
    func addMatch(_ rule: String) throws {
        var error = DBusError()
        dbus_error_init(&error)
        dbus_bus_add_match(connection, rule, &error)
        if dbus_error_is_set(&error) != 0 { throw BusConnection.consume(&error, fallback: "add_match failed") }
    }

    /// Waits up to `timeoutMilliseconds` for incoming data, then returns every queued message.
    /// Returns at once when messages are already queued.
    /// - Throws: `BusError` when the connection was lost.
    func receive(timeoutMilliseconds: Int32) throws -> [BusMessage] {
        var messages = drain()
        if messages.isEmpty {
            guard dbus_connection_read_write(connection, max(0, timeoutMilliseconds)) != 0 else {
                throw BusError(name: "tasktile.Disconnected", message: "the session bus connection was lost")
            }
            messages = drain()
        }
        return messages
    }

    private func drain() -> [BusMessage] {
        var result: [BusMessage] = []
        while let m = dbus_connection_pop_message(connection) { result.append(BusMessage(taking: m)) }
        return result
    }

    /// Turns a set `DBusError` into a `BusError` and frees it.
    private static func consume(_ error: inout DBusError, fallback: String) -> BusError {
        defer { dbus_error_free(&error) }
        guard dbus_error_is_set(&error) != 0 else { return BusError(name: "tasktile.Failed", message: fallback) }
        return BusError(name: error.name.map { String(cString: $0) } ?? "unknown",
                        message: error.message.map { String(cString: $0) } ?? fallback)
    }
}

/// A received D-Bus message (owns one reference to the `DBusMessage*`).
final class BusMessage {
    let raw: OpaquePointer

    init(taking raw: OpaquePointer) { self.raw = raw }
    deinit { dbus_message_unref(raw) }

    var isSignal: Bool { dbus_message_get_type(raw) == TT_DBUS_MESSAGE_TYPE_SIGNAL }
    var interface: String? { dbus_message_get_interface(raw).map { String(cString: $0) } }
    var member: String? { dbus_message_get_member(raw).map { String(cString: $0) } }
    var path: String? { dbus_message_get_path(raw).map { String(cString: $0) } }
    /// The sender's unique name (`:1.7`).
    var sender: String? { dbus_message_get_sender(raw).map { String(cString: $0) } }

    /// The top-level arguments; a string array (`as`) is returned as its strings in order.
    var arguments: [BusValue] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(raw, &iter) != 0 else { return [] }
        var values: [BusValue] = []
        repeat {
            let type = dbus_message_iter_get_arg_type(&iter)
            if type == TT_DBUS_TYPE_INVALID { break }
            if type == TT_DBUS_TYPE_ARRAY {
                var sub = DBusMessageIter()
                dbus_message_iter_recurse(&iter, &sub)
                while dbus_message_iter_get_arg_type(&sub) == TT_DBUS_TYPE_STRING {
                    values.append(.string(tt_dbus_get_string(&sub).map { String(cString: $0) } ?? ""))
                    if dbus_message_iter_next(&sub) == 0 { break }
                }
            } else {
                values.append(BusMessage.basic(&iter, type: type))
            }
        } while dbus_message_iter_next(&iter) != 0
        return values
    }

    private static func basic(_ iter: inout DBusMessageIter, type: Int32) -> BusValue {
        switch type {
        case TT_DBUS_TYPE_STRING: .string(tt_dbus_get_string(&iter).map { String(cString: $0) } ?? "")
        case TT_DBUS_TYPE_UINT32: .uint32(tt_dbus_get_uint32(&iter))
        case TT_DBUS_TYPE_INT32: .int32(tt_dbus_get_int32(&iter))
        default: .other(type)
        }
    }
}

/// Appends arguments to an outgoing message. Containers are opened and closed inside one call, so
/// every iterator it allocates is closed and freed before the call returns.
struct MessageWriter {
    private let root: UnsafeMutablePointer<DBusMessageIter>
    private var finished = false

    init(message: OpaquePointer) {
        root = .allocate(capacity: 1)
        root.initialize(to: DBusMessageIter())
        dbus_message_iter_init_append(message, root)
    }

    /// Frees the root iterator; safe to call twice.
    mutating func finish() {
        guard !finished else { return }
        finished = true
        root.deallocate()
    }

    private static func check(_ ok: dbus_bool_t) throws {
        if ok == 0 { throw BusError(name: "tasktile.NoMemory", message: "cannot append to a D-Bus message") }
    }

    mutating func append(_ s: String) throws { try Self.check(tt_dbus_append_string(root, s)) }
    mutating func append(_ v: UInt32) throws { try Self.check(tt_dbus_append_uint32(root, v)) }
    mutating func append(_ v: Int32) throws { try Self.check(tt_dbus_append_int32(root, v)) }

    /// Appends an `as`.
    mutating func append(strings: [String]) throws {
        try Self.container(root, type: TT_DBUS_TYPE_ARRAY, signature: "s") { sub in
            for s in strings { try Self.check(tt_dbus_append_string(sub, s)) }
        }
    }

    /// Appends an `a{sv}` from key/value pairs in order.
    mutating func append(dictionary: [(String, BusVariant)]) throws {
        try Self.container(root, type: TT_DBUS_TYPE_ARRAY, signature: "{sv}") { array in
            for (key, value) in dictionary {
                try Self.container(array, type: TT_DBUS_TYPE_DICT_ENTRY, signature: nil) { entry in
                    try Self.check(tt_dbus_append_string(entry, key))
                    let signature: String
                    switch value {
                    case .string: signature = "s"
                    case .byte: signature = "y"
                    case .bool: signature = "b"
                    case .int32: signature = "i"
                    }
                    try Self.container(entry, type: TT_DBUS_TYPE_VARIANT, signature: signature) { variant in
                        switch value {
                        case .string(let s): try Self.check(tt_dbus_append_string(variant, s))
                        case .byte(let b): try Self.check(tt_dbus_append_byte(variant, b))
                        case .bool(let b): try Self.check(tt_dbus_append_boolean(variant, b ? 1 : 0))
                        case .int32(let i): try Self.check(tt_dbus_append_int32(variant, i))
                        }
                    }
                }
            }
        }
    }

    private static func container(_ parent: UnsafeMutablePointer<DBusMessageIter>, type: Int32, signature: String?,
                                  _ body: (UnsafeMutablePointer<DBusMessageIter>) throws -> Void) throws {
        let sub = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        sub.initialize(to: DBusMessageIter())
        defer { sub.deallocate() }
        try check(dbus_message_iter_open_container(parent, type, signature, sub))
        do {
            try body(sub)
        } catch {
            dbus_message_iter_abandon_container(parent, sub)
            throw error
        }
        try check(dbus_message_iter_close_container(parent, sub))
    }
}
