import Foundation
import TaskTileCore

/// One notification ready to show: the texts plus what it is about.
public struct OutgoingNotification: Sendable {
    /// What kind of notification this is: `todo`, `reminder` or `catchup`.
    public var kind: String
    /// The plan identifier (`<todo id>`, `<todo id>_<i>`, `list:<list id>_<i>`) or `catchup:<epoch seconds>`.
    public var identifier: String
    /// Plain text (no markup).
    public var summary: String
    /// Plain text (no markup).
    public var body: String
    /// The todo, for a todo notification.
    public var todoId: String?
    /// The list title; nil for a catch-up summary.
    public var listTitle: String?
    /// The due as `--json` prints it; nil for a catch-up summary.
    public var due: String?
    /// Whether a Complete action is offered (a single todo).
    public var completable: Bool
    /// The planned items it covers (one, or several for a catch-up summary).
    public var items: [PlannedNotification]
}

/// Where notifications go: the desktop's notification server, standard output, or a command.
public protocol NotificationSink: AnyObject {
    /// A short name for the log (`dbus`, `stdout`, `exec`).
    var name: String { get }
    /// Shows a notification. - Returns: the server's id when it can be withdrawn or acted on, else nil.
    func show(_ notification: OutgoingNotification) throws -> UInt32?
    /// Withdraws a shown notification (no-op for sinks that cannot).
    func close(id: UInt32) throws
    /// Waits up to `timeout` seconds (less when something happens) and returns what happened.
    func wait(timeout: Double) throws -> [NotificationEvent]
}

/// Sleeps up to `seconds` (interrupted early by a signal).
func sleepSeconds(_ seconds: Double) {
    guard seconds > 0 else { return }
    var ts = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    _ = nanosleep(&ts, nil)
}

/// `--sink stdout`: one compact JSON object per line, `{id, kind, title, body, list, due, todoId}`,
/// flushed at once (for headless machines, logs and tests).
public final class StdoutSink: NotificationSink {
    public let name = "stdout"
    private let write: (String) -> Void

    /// - Parameter write: receives each line (with its newline) and must flush it.
    public init(write: @escaping (String) -> Void) { self.write = write }

    public func show(_ n: OutgoingNotification) throws -> UInt32? {
        let object: JSONValue = .object([
            ("id", .string(n.identifier)), ("kind", .string(n.kind)), ("title", .string(n.summary)),
            ("body", .string(n.body)), ("list", n.listTitle.map(JSONValue.string) ?? .null),
            ("due", n.due.map(JSONValue.string) ?? .null), ("todoId", n.todoId.map(JSONValue.string) ?? .null),
        ])
        write(object.serialized(pretty: false) + "\n")
        return nil
    }

    public func close(id: UInt32) throws {}

    public func wait(timeout: Double) throws -> [NotificationEvent] {
        sleepSeconds(timeout)
        return []
    }
}

/// `--sink exec:CMD`: runs CMD (split on spaces, never through a shell) for each notification with
/// the fields in the environment: `TASKTILE_NOTIFY_TITLE`, `_BODY`, `_ID`, `_TODO_ID`, `_LIST`,
/// `_KIND`, `_DUE`. It is not waited for; finished children are reaped.
public final class ExecSink: NotificationSink {
    public let name = "exec"
    private let argv: [String]
    private var running: [Process] = []

    /// - Throws: `NotifyDaemonError.badSink` for an empty command.
    public init(command: String) throws {
        argv = command.split(separator: " ").map(String.init)
        // NotifyDaemonError carries English text.
        guard !argv.isEmpty else { throw NotifyDaemonError.badSink(Localizer(.en).text(.notifyErrorExecSinkEmpty)) }
    }

    public func show(_ n: OutgoingNotification) throws -> UInt32? {
        let fields = ["TASKTILE_NOTIFY_TITLE": n.summary, "TASKTILE_NOTIFY_BODY": n.body, "TASKTILE_NOTIFY_ID": n.identifier,
                      "TASKTILE_NOTIFY_TODO_ID": n.todoId ?? "", "TASKTILE_NOTIFY_LIST": n.listTitle ?? "",
                      "TASKTILE_NOTIFY_KIND": n.kind, "TASKTILE_NOTIFY_DUE": n.due ?? ""]
        running.append(try spawn(argv, extraEnvironment: fields))
        return nil
    }

    public func close(id: UInt32) throws {}

    public func wait(timeout: Double) throws -> [NotificationEvent] {
        running.removeAll { !$0.isRunning }
        sleepSeconds(timeout)
        return []
    }
}

/// Starts `argv` (argv[0] found on `PATH` when it has no slash) with extra environment variables;
/// standard input is /dev/null. Never uses a shell.
/// - Throws: `NotifyDaemonError.spawnFailed`.
func spawn(_ argv: [String], extraEnvironment: [String: String]) throws -> Process {
    let p = Process()
    var executable = argv[0]
    if !executable.contains("/") {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        if let found = path.split(separator: ":").map({ "\($0)/\(executable)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            executable = found
        }
    }
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = Array(argv.dropFirst())
    var env = ProcessInfo.processInfo.environment
    for (k, v) in extraEnvironment { env[k] = v }
    p.environment = env
    p.standardInput = FileHandle.nullDevice
    do { try p.run() } catch { throw NotifyDaemonError.spawnFailed(argv[0], "\(error)") }
    return p
}

/// `--sink dbus` (default): `org.freedesktop.Notifications` on the session bus.
///
/// Sends summary = title, body = `<list> · Due <time>`, actions `complete`/`Complete` (single
/// todos) and `default`/`Open`, hints `urgency` (byte 1, normal), `category`
/// (`x-tasktile.todo`, `x-tasktile.reminder`, `x-tasktile.catchup`: vendor categories, since the
/// spec's standard ones are about mail, IM, devices and transfers) and `desktop-entry` `tasktile`.
/// Titles are markup-escaped only when the server advertises `body-markup` (a server without it
/// would show `&amp;` literally).
final class DBusSink: NotificationSink {
    let name = "dbus"
    private let server: NotificationServer
    private let language: Language

    /// - Parameter language: for the action labels.
    /// - Throws: `BusError` when there is no session bus or notification service.
    init(language: Language) throws {
        server = try NotificationServer()
        self.language = language
    }

    /// `init(language:)` from a language code, kept only for `NotifyDaemon.swift` (being moved
    /// elsewhere); an unknown code is English, as before.
    @available(*, deprecated, message: "pass a Language")
    convenience init(language: String) throws {
        try self.init(language: Language(rawValue: language) ?? .en)
    }

    func show(_ n: OutgoingNotification) throws -> UInt32? {
        let markup = server.capabilities.contains("body-markup")
        var actions: [(String, String)] = []
        if server.capabilities.isEmpty || server.capabilities.contains("actions") {
            let l = Localizer(language)
            if n.completable { actions.append(("complete", l.text(.notifyActionComplete))) }
            actions.append(("default", l.text(.notifyActionOpen)))
        }
        return try server.notify(appName: "tasktile", summary: markup ? NotificationText.escapeMarkup(n.summary) : n.summary,
                                 body: markup ? NotificationText.escapeMarkup(n.body) : n.body, actions: actions,
                                 hints: [("urgency", .byte(1)), ("category", .string("x-tasktile.\(n.kind)")),
                                         ("desktop-entry", .string("tasktile"))])
    }

    func close(id: UInt32) throws { try server.close(id: id) }

    func wait(timeout: Double) throws -> [NotificationEvent] { try server.events(timeout: timeout) }
}
