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
    /// The planned items it covers (one, or several for a catch-up or due-now summary).
    public var items: [PlannedNotification]
    /// The `urgency` hint: 0 low, 1 normal (default), 2 critical (setting `notify.urgency`).
    public var urgency: UInt8 = 1
    /// `expire_timeout` in milliseconds: 0 = stays until acted on (default, setting `notify.timeout`
    /// `never`, sent with the `resident` hint), −1 = the server's default, else that long.
    public var expireTimeout: Int32 = 0
    /// Whether the `default` action (a click on the body) is offered; false for `notify.defaultAction none`.
    public var offersDefault = true
    /// The snooze actions offered (docs/notifications.md "Snooze"): all three for a single todo, none otherwise.
    public var snoozeActions: [SnoozeAction] = []
    /// The `notify.defaultTime` setting as `HH:MM`, for the label of "snooze until tomorrow".
    public var snoozeTomorrowTime = NotifyTime.standard

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
        sleepSeconds(timeout)
        return []
    }
}

/// `--sink dbus` (default): `org.freedesktop.Notifications` on the session bus.
///
/// Sends summary = title, body = `<list> · Due <time>`, actions `complete`/`Complete`,
/// `snooze-10m`, `snooze-1h`, `snooze-tomorrow` (single todos; none when the server lacks the `actions`
/// capability) and `default`/`Open`, hints `urgency` (`notify.urgency`, byte 1 normal by default),
/// `category` (`x-tasktile.todo`, `x-tasktile.reminder`, `x-tasktile.catchup`,
/// `x-tasktile.summary`: vendor categories, since the spec's standard ones are about mail, IM,
/// devices and transfers), `desktop-entry` `tasktile` (the shipped `tasktile.desktop`) and, when
/// the notification stays until acted on (`expire_timeout` 0), `resident`.
///
/// The summary is plain text in the freedesktop spec ("Basic Design": only the body may hold
/// markup), so it is sent as it is; the body is markup-escaped only when the server lists
/// `body-markup` (a server without it would show `&amp;` literally). A notification counts as shown
/// only when `Notify` returned an id.
public final class DBusSink: NotificationSink {
    public let name = "dbus"
    /// The most buttons besides `default` (docs/notifications.md "Snooze"): Complete and the three snoozes. dunst
    /// lists every action in its context menu and mako in `makoctl menu`, but servers that draw buttons (GNOME Shell
    /// draws three) show the first ones only, so Complete comes first, then the shorter snoozes.
    public static let maxActions = 4
    private let server: NotificationServer
    private let language: Language

    /// - Parameter language: for the action labels.
    /// - Throws: `BusError` when there is no session bus. A notification server that is not
    ///   running yet is no error: `show` fails until one answers.
    public init(language: Language) throws {
        server = try NotificationServer()
        self.language = language
    }

    /// The same on a given bus (a test hook: `BusConnection(address:)` of a private bus).
    init(language: Language, bus: BusConnection) throws {
        server = try NotificationServer(bus: bus)
        self.language = language
    }

    /// - Throws: `NotifyDaemonError.deliveryFailed` when the server is absent, failed to start or
    ///   refused the call (retry later); `.busLost` when the bus connection itself is gone.
    public func show(_ n: OutgoingNotification) throws -> UInt32? {
        do {
            if !server.capabilitiesKnown { try server.refreshCapabilities() }
            let markup = server.capabilities.contains("body-markup")
            var actions: [(String, String)] = []
            if server.capabilities.isEmpty || server.capabilities.contains("actions") {
                let l = Localizer(language)
                if n.completable { actions.append(("complete", l.text(.notifyActionComplete))) }
                for snooze in n.snoozeActions.prefix(Self.maxActions - actions.count) {
                    actions.append((snooze.rawValue, l.text(snooze.labelKey, n.snoozeTomorrowTime.description)))
                }
                if n.offersDefault { actions.append(("default", l.text(.notifyActionOpen))) }
            }
            var hints: [(String, BusVariant)] = [("urgency", .byte(n.urgency)), ("category", .string("x-tasktile.\(n.kind)")),
                                                 ("desktop-entry", .string("tasktile"))]
            if n.expireTimeout == 0 { hints.append(("resident", .bool(true))) }
            return try server.notify(appName: "tasktile", summary: n.summary,
                                     body: markup ? NotificationText.escapeMarkup(n.body) : n.body, actions: actions,
                                     hints: hints, expireTimeout: n.expireTimeout)
        } catch let e as BusError {
            if !server.isConnected { throw NotifyDaemonError.busLost(e.description) }
            throw NotifyDaemonError.deliveryFailed(e.description)
        }
    }

    public func close(id: UInt32) throws { try server.close(id: id) }

    /// - Throws: `NotifyDaemonError.busLost` when the bus connection was lost.
    public func wait(timeout: Double) throws -> [NotificationEvent] {
        do { return try server.events(timeout: timeout) } catch let e as BusError {
            throw NotifyDaemonError.busLost(e.description)
        }
    }
}
