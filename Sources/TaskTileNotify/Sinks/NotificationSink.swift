import Foundation
import TaskTileCore
import TaskTileRuntime

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

    public init(kind: String, identifier: String, summary: String, body: String, todoId: String?, listTitle: String?,
                due: String?, completable: Bool, items: [PlannedNotification]) {
        self.kind = kind; self.identifier = identifier; self.summary = summary; self.body = body
        self.todoId = todoId; self.listTitle = listTitle; self.due = due; self.completable = completable; self.items = items
    }
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

/// `--sink exec:CMD`: runs CMD (split into words by `CommandWords`, never through a shell) for each notification with
/// the fields in the environment: `TASKTILE_NOTIFY_TITLE`, `_BODY`, `_ID`, `_TODO_ID`, `_LIST`,
/// `_KIND`, `_DUE`. It is not waited for; finished children are reaped.
public final class ExecSink: NotificationSink {
    public let name = "exec"
    private let argv: [String]
    private let spawner = ProcessSpawner()

    /// - Throws: `NotifyDaemonError.badSink` for an empty command or one that cannot be split into words.
    public init(command: String) throws {
        do { argv = try CommandWords.split(command) } catch SpawnError.empty {
            // NotifyDaemonError carries English text.
            throw NotifyDaemonError.badSink(Localizer(.en).text(.notifyErrorExecSinkEmpty))
        } catch {
            throw NotifyDaemonError.badSink("exec:\(command): \(error)")
        }
    }

    public func show(_ n: OutgoingNotification) throws -> UInt32? {
        let fields = ["TASKTILE_NOTIFY_TITLE": n.summary, "TASKTILE_NOTIFY_BODY": n.body, "TASKTILE_NOTIFY_ID": n.identifier,
                      "TASKTILE_NOTIFY_TODO_ID": n.todoId ?? "", "TASKTILE_NOTIFY_LIST": n.listTitle ?? "",
                      "TASKTILE_NOTIFY_KIND": n.kind, "TASKTILE_NOTIFY_DUE": n.due ?? ""]
        do { try spawner.spawn(argv, extraEnvironment: fields) } catch {
            throw NotifyDaemonError.spawnFailed(argv[0], "\(error)")
        }
        return nil
    }

    public func close(id: UInt32) throws {}

    public func wait(timeout: Double) throws -> [NotificationEvent] {
        spawner.reap()
        sleepSeconds(timeout)
        return []
    }
}

/// `--sink dbus` (default): `org.freedesktop.Notifications` on the session bus.
///
/// Sends summary = title, body = `<list> · Due <time>`, actions `complete`/`Complete` (single
/// todos) and `default`/`Open`, hints `urgency` (byte 1, normal), `category`
/// (`x-tasktile.todo`, `x-tasktile.reminder`, `x-tasktile.catchup`: vendor categories, since the
/// spec's standard ones are about mail, IM, devices and transfers) and `desktop-entry` `tasktile`.
/// Titles are markup-escaped only when the server advertises `body-markup` (a server without it
/// would show `&amp;` literally).
public final class DBusSink: NotificationSink {
    public let name = "dbus"
    private let server: NotificationServer
    private let language: Language

    /// - Parameter language: for the action labels.
    /// - Throws: `BusError` when there is no session bus or notification service.
    /// - Throws: `BusError` when there is no session bus or no notification service on it.
    public init(language: Language) throws {
        server = try NotificationServer()
        self.language = language
    }

    public func show(_ n: OutgoingNotification) throws -> UInt32? {
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

    public func close(id: UInt32) throws { try server.close(id: id) }

    public func wait(timeout: Double) throws -> [NotificationEvent] { try server.events(timeout: timeout) }
}
