import Foundation
import TaskTileCommandLine
import TaskTileCore
import TaskTileNotify
import TaskTileRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `tasktile notify run` (docs/notifications.md "Delivery"): delivers the notification plan as it comes due.
///
/// The loop wakes at the next planned fire time, every `tick` (250 ms) to hear the notification
/// server, and whenever another process commits to the store (`PRAGMA data_version`, polled each
/// tick: cheap, and robust where inotify is not, e.g. on network file systems). Each wake:
/// - withdraws (`CloseNotification`) shown notifications whose todo was completed or deleted, or
///   whose list reminder has nothing left to say, after a store change;
/// - takes what is due in `(now − catchUpHorizon, now]` that the delivery log has not seen, claims it
///   in one `BEGIN IMMEDIATE` transaction **before** sending (claim-then-send: a crash between the two
///   loses a notification, never duplicates one; two daemons racing claim each item once), then shows it;
/// - items more than `grace` late (the daemon or the machine was down) are folded into **one**
///   catch-up notification when there are two or more (`3 missed reminders`), not a flood.
///
/// - a notification counts as delivered only when the sink took it (D-Bus: `Notify` returned an id);
///   a failed send releases its claim and is retried with backoff (1, 2, 4, 8, then 10 s) and at
///   once when a notification server appears on the bus, so it is delivered once when one comes back;
/// - more than `dueNowSummaryThreshold` todos due in the same minute come as one summary.
///
/// `ActionInvoked(complete)` completes the todo by id through `TodoCompletion.complete` (source
/// `.notification`: the same function as the intent and a widget click) — for a repeating todo
/// the cycle the notification was for, even when the click comes after the next cycle began;
/// `snooze-10m`, `snooze-1h` and `snooze-tomorrow` snooze the todo (`Store.snooze(todoID:until:)`,
/// docs/notifications.md "Snooze");
/// `default` does what the `notify.defaultAction` setting says: `open` runs `notify.openCommand`
/// (split into words by `CommandWords`, no shell) when set, `complete` completes the todo, `none`
/// offers no click.
/// SIGTERM/SIGINT end `run()` normally.
public final class NotifyDaemon {
    /// How the daemon runs.
    public struct Configuration {
        public var directory: DataDirectory
        /// The user's zone, for date-only dues, texts and log lines.
        public var zone: TimeZone
        /// Added to the system clock: `TASKTILE_NOW − real now` when `TASKTILE_NOW` is set, so a
        /// script can start the daemon "at" a fixed time and watch it run on from there; else 0.
        public var clockOffset: TimeInterval
        /// `en` or `ja`.
        public var language: Language
        /// How far back missed items are still delivered (seconds; default 24 h).
        public var catchUpHorizon: TimeInterval = 24 * 3600
        /// How late an item may be and still be shown on its own rather than in a catch-up (seconds).
        public var grace: TimeInterval = 300
        /// The longest sleep between checks (seconds).
        public var tick: TimeInterval = 0.25

        public init(directory: DataDirectory, zone: TimeZone, clockOffset: TimeInterval = 0, language: Language = .en) {
            self.directory = directory; self.zone = zone; self.clockOffset = clockOffset; self.language = language
        }
    }

    /// The setting naming the command that `default` (a click on the notification) runs.
    public static let openCommandKey = "notify.openCommand"

    let configuration: Configuration
    let sink: NotificationSink
    let log: DaemonLog
    /// Notifications on screen, by the server's id.
    /// Shown notifications by server id (internal for tests of the actions).
    var shown: [UInt32: OutgoingNotification] = [:]
    private let spawner = ProcessSpawner()
    /// The environment (sound player lookup for the completion feedback).
    let environment: [String: String]

    public init(configuration: Configuration, sink: NotificationSink, log: DaemonLog, environment: [String: String] = [:]) {
        self.configuration = configuration; self.sink = sink; self.log = log; self.environment = environment
    }

    /// Makes the sink `--sink` names: `dbus`, `stdout` or `exec:COMMAND`.
    /// - Parameter stdout: receives each stdout-sink line and must flush it.
    /// - Throws: `NotifyDaemonError.badSink`, `.bus` (no session bus: exit 69).
    public static func makeSink(_ spec: String, language: Language, stdout: @escaping (String) -> Void) throws -> NotificationSink {
        switch spec {
        case "dbus":
            do { return try DBusSink(language: language) } catch let e as BusError { throw NotifyDaemonError.bus(e.description) }
        case "stdout": return StdoutSink(write: stdout)
        default:
            guard spec.hasPrefix("exec:") else { throw NotifyDaemonError.badSink(spec) }
            return try ExecSink(command: String(spec.dropFirst(5)))
        }
    }

    /// Takes `<data dir>/notify.lock`: one daemon per data directory.
    /// - Throws: `NotifyDaemonError.alreadyRunning` (with the holder's pid) or `.lockFailed`.
    static func lock(_ directory: DataDirectory) throws -> InstanceLock {
        let path = directory.path + "/notify.lock"
        do {
            try directory.ensureExists()
            guard let lock = try InstanceLock(path: path) else {
                throw NotifyDaemonError.alreadyRunning(lockPath: path, pid: InstanceLock.holder(of: path))
            }
            return lock
        } catch let e as NotifyDaemonError { throw e } catch {
            throw NotifyDaemonError.lockFailed(path: path, detail: "\(error)")
        }
    }

    var now: Date { Date().addingTimeInterval(configuration.clockOffset) }

    /// Runs until SIGTERM or SIGINT.
    /// - Throws: `StoreError` when the store cannot be opened; `NotifyDaemonError.busLost` when the
    ///   session bus connection is lost (exit 69: a service manager restarts the daemon).
    public func run() throws {
        TerminationSource.install()
        let zone = configuration.zone
        var store = try Store.open(configuration.directory, clock: Clock(now: now, timeZone: zone))
        log.info("started: sink=\(sink.name) data-dir=\(configuration.directory.path) pid=\(getpid())")
        var lastVersion = try store.dataVersion()
        var nextFire: Date?
        var replanAt = Date.distantPast
        while !TerminationSource.requested {
            let t = now
            do {
                let version = try store.dataVersion()
                let changed = version != lastVersion
                lastVersion = version
                if changed { try withdrawResolved(store) }
                let backingOff = retryAt.map { t < $0 } ?? false
                if !backingOff && (changed || t >= replanAt || retryAt != nil || nextFire.map({ t >= $0 }) == true) {
                    retryAt = nil
                    nextFire = try deliverDue(store, at: t)
                    replanAt = t.addingTimeInterval(30)
                }
            } catch let e as StoreError {
                log.warning("store: \(e.description); retrying")
                replanAt = t.addingTimeInterval(1)
                // A full disk or read-only media: keep running and retry. The store
                // may have been opened read-only (no -shm could be created), so open it again:
                // once space is free the new connection can write the delivery log.
                switch e {
                case .diskFull, .readOnly:
                    replanAt = t.addingTimeInterval(5)
                    if let reopened = try? Store.open(configuration.directory, clock: Clock(now: now, timeZone: zone)) {
                        store = reopened
                        lastVersion = (try? store.dataVersion()) ?? lastVersion
                    }
                default: break
                }
            } catch let e as DatabaseError where e.isAccessProblem {
                log.warning("store: \(e.message(Localizer(.en))); retrying") // never the SQL
                replanAt = t.addingTimeInterval(5)
            }
            var timeout = configuration.tick
            for wake in [nextFire, retryAt].compactMap({ $0 }) { timeout = min(timeout, max(0, wake.timeIntervalSince(now))) }
            let events: [NotificationEvent]
            do { events = try sink.wait(timeout: timeout) } catch let e as BusError {
                throw NotifyDaemonError.busLost(e.description)
            }
            for event in events { handle(event, store: store) }
        }
        log.info("stopping (signal received)")
    }

    // MARK: - Delivering

    /// More todos than this due in the same minute come as one summary notification
    /// (`12 todos due now`) instead of a flood (docs/notifications.md "Delivery").
    public static let dueNowSummaryThreshold = 5

    /// When the next delivery attempt may run after a failed send; nil when nothing failed.
    private var retryAt: Date?
    /// The wait before the next retry (seconds): 1, 2, 4, 8, then 10 until a send succeeds.
    private var backoff: TimeInterval = 1
    static let maxBackoff: TimeInterval = 10

    /// Delivers what is due at `t`; returns the next planned fire time. A send that fails releases
    /// its claim and schedules a retry (`retryAt`, with backoff).
    /// - Throws: `StoreError`; `NotifyDaemonError.busLost`.
    func deliverDue(_ store: Store, at t: Date) throws -> Date? {
        let zone = configuration.zone
        store.clock = Clock(now: t, timeZone: zone)
        let input = try store.notificationInput()
        let since = t.addingTimeInterval(-configuration.catchUpHorizon)
        let claimed = try store.claimedDeliveryKeys(since: since.addingTimeInterval(-86_400))
        let due = NotificationPlanner.due(input, after: since, through: t, userZone: zone)
            .filter { !claimed.contains($0.deliveryKey) }
        let style = try deliveryStyle(store)
        let late = due.filter { t.timeIntervalSince($0.fireAt) > configuration.grace }
        var singles = due.filter { t.timeIntervalSince($0.fireAt) <= configuration.grace }
        var failed = false
        if late.count >= 2 {
            let claims = try store.claimDeliveries(late, outcome: "catch-up", pid: getpid())
            if claims.count >= 2 {
                failed = try !present(catchUp(claims, at: t), style: style, store: store) || failed
            } else {
                for c in claims { failed = try !present(single(c, at: t), style: style, store: store) || failed }
            }
        } else {
            singles = late + singles
        }
        // Todos due in the same minute: more than a handful become one summary.
        let byMinute = Dictionary(grouping: singles.filter { $0.kind == .todo }) { InstantRange.seconds($0.fireAt) / 60 }
        for (_, group) in byMinute.sorted(by: { $0.key < $1.key }) where group.count > Self.dueNowSummaryThreshold {
            let keys = Set(group.map(\.deliveryKey))
            singles.removeAll { keys.contains($0.deliveryKey) }
            let claims = try store.claimDeliveries(group, outcome: "summary", pid: getpid())
            if claims.count > Self.dueNowSummaryThreshold {
                failed = try !present(dueNow(claims, at: t), style: style, store: store) || failed
            } else {
                for c in claims { failed = try !present(single(c, at: t), style: style, store: store) || failed }
            }
        }
        for claim in try store.claimDeliveries(singles, outcome: "shown", pid: getpid()) {
            failed = try !present(single(claim, at: t), style: style, store: store) || failed
        }
        if failed {
            retryAt = t.addingTimeInterval(backoff)
            log.warning("retrying undelivered notifications in \(Int(backoff)) s")
            backoff = min(backoff * 2, Self.maxBackoff)
        } else if !due.isEmpty {
            backoff = 1
        }
        return NotificationPlanner.plan(input, now: t, userZone: zone, limit: 1).first?.fireAt
    }

    /// How notifications look and behave, from the settings (docs/settings.md): `notify.urgency`,
    /// `notify.timeout`, `notify.defaultAction`.
    struct DeliveryStyle {
        var urgency: UInt8 = 1
        /// Milliseconds; 0 never expires, −1 the server's default.
        var expireTimeout: Int32 = 0
        var defaultAction = "open"
        /// `notify.defaultTime`: when "snooze until tomorrow" fires, shown in its label.
        var defaultTime = NotifyTime.standard
    }

    func deliveryStyle(_ store: Store) throws -> DeliveryStyle {
        let all = Dictionary(uniqueKeysWithValues: try store.settings().map { ($0.key, $0.value) })
        var style = DeliveryStyle()
        style.urgency = ["low": 0, "normal": 1, "critical": 2][all[.notifyUrgency] ?? "normal"] ?? 1
        switch all[.notifyTimeout] ?? "never" {
        case "never": style.expireTimeout = 0
        case "default": style.expireTimeout = -1
        case let seconds: style.expireTimeout = Int32(Int(seconds) ?? 0) * 1000
        }
        style.defaultAction = all[.notifyDefaultAction] ?? "open"
        style.defaultTime = try store.defaultNotifyTime()
        return style
    }

    func single(_ claim: DeliveryClaim, at t: Date) -> OutgoingNotification {
        let item = claim.item
        let language = configuration.language
        switch item.kind {
        case .todo:
            return OutgoingNotification(
                kind: "todo", identifier: item.identifier, summary: item.title,
                body: NotificationText.todoBody(
                    listTitle: item.listTitle, due: item.due, now: t,
                    userZone: configuration.zone, language: language,
                    progress: claim.progress, steps: claim.steps),
                todoId: item.todoId, listTitle: item.listTitle, due: item.due.jsonText,
                completable: true, items: [item])
        case .reminder:
            let count = claim.incompleteCount ?? 0
            return OutgoingNotification(kind: "reminder", identifier: item.identifier,
                                        summary: NotificationText.reminderSummary(listTitle: item.listTitle, count: count, language: language),
                                        body: NotificationText.titleList(claim.pendingTitles, total: count, limit: 3, language: language),
                                        todoId: nil, listTitle: item.listTitle, due: item.due.jsonText,
                                        completable: false, items: [item])
        }
    }

    func catchUp(_ claims: [DeliveryClaim], at t: Date) -> OutgoingNotification {
        let language = configuration.language
        let titles = claims.map { c in
            c.item.kind == .todo ? c.item.title
                : NotificationText.reminderSummary(listTitle: c.item.listTitle, count: c.incompleteCount ?? 0, language: language)
        }
        return OutgoingNotification(kind: "catchup", identifier: "catchup:\(InstantRange.seconds(t))",
                                    summary: NotificationText.catchUpSummary(count: claims.count, language: language),
                                    body: NotificationText.titleList(titles, language: language),
                                    todoId: nil, listTitle: nil, due: nil, completable: false, items: claims.map(\.item))
    }

    /// One notification for many todos due in the same minute: `12 todos due now`, the titles in the body.
    func dueNow(_ claims: [DeliveryClaim], at t: Date) -> OutgoingNotification {
        let language = configuration.language
        let minute = InstantRange.seconds(claims[0].item.fireAt) / 60 * 60
        return OutgoingNotification(kind: "summary", identifier: "summary:\(minute)",
                                    summary: NotificationText.dueNowSummary(count: claims.count, language: language),
                                    body: NotificationText.titleList(claims.map(\.item.title), language: language),
                                    todoId: nil, listTitle: nil, due: claims[0].item.due.jsonText, completable: false,
                                    items: claims.map(\.item))
    }

    /// Shows a claimed notification. It counts only when the sink took it (for D-Bus: `Notify`
    /// returned an id); otherwise its claims are released so a later attempt delivers it (once).
    /// - Returns: whether it was shown.
    /// - Throws: `NotifyDaemonError.busLost`.
    func present(_ base: OutgoingNotification, style: DeliveryStyle, store: Store) throws -> Bool {
        var n = base
        n.urgency = style.urgency
        n.expireTimeout = style.expireTimeout
        n.offersDefault = style.defaultAction != "none"
        if n.completable, n.kind == "todo" { n.snoozeActions = SnoozeAction.allCases }
        n.snoozeTomorrowTime = style.defaultTime
        do {
            let id = try sink.show(n)
            let covered = n.items.count > 1 ? " covering \(n.items.map(\.identifier).joined(separator: ","))" : ""
            log.info("delivered \(n.identifier) \"\(n.summary)\"\(covered)" + (id.map { " (notification \($0))" } ?? ""))
            if let id {
                shown[id] = n
                try? store.recordShown(deliveryKeys: n.items.map(\.deliveryKey), busID: id)
            }
            return true
        } catch NotifyDaemonError.busLost(let detail) {
            try? store.releaseDeliveries(n.items.map(\.deliveryKey))
            throw NotifyDaemonError.busLost(detail)
        } catch {
            log.error("could not deliver \(n.identifier) \"\(n.summary)\": \(error)")
            do { try store.releaseDeliveries(n.items.map(\.deliveryKey)) } catch {
                log.error("could not release the claim of \(n.identifier): \(error)")
            }
            return false
        }
    }

    // MARK: - Withdrawing and actions

    /// Closes shown notifications whose every item was resolved elsewhere.
    func withdrawResolved(_ store: Store) throws {
        guard !shown.isEmpty else { return }
        let resolved = try store.resolvedDeliveries(shown.values.flatMap(\.items))
        for (id, n) in shown.sorted(by: { $0.key < $1.key }) where n.items.allSatisfy({ resolved.contains($0.deliveryKey) }) {
            shown[id] = nil
            do {
                try sink.close(id: id)
                log.info("withdrew \(n.identifier) (notification \(id)): completed, deleted or snoozed elsewhere")
            } catch {
                log.warning("could not withdraw \(n.identifier) (notification \(id)): \(error)")
            }
            try? store.recordClosed(deliveryKeys: n.items.map(\.deliveryKey))
        }
    }

    func handle(_ event: NotificationEvent, store: Store) {
        switch event {
        case .closed(let id, let reason):
            guard let n = shown.removeValue(forKey: id) else { return }
            log.info("closed \(n.identifier) (notification \(id), reason \(reason))")
            try? store.recordClosed(deliveryKeys: n.items.map(\.deliveryKey))
        case .actionInvoked(let id, let key):
            guard let n = shown[id] else { return }
            if key == "complete", n.completable, let todoID = n.todoId {
                store.clock = Clock(now: now, timeZone: configuration.zone)
                do {
                    // The cycle this notification was for (nil for a one-off todo), not whichever is due now.
                    let cycle = n.items.first(where: { $0.kind == .todo })?.index
                    let result = try TodoCompletion.complete(todoID: todoID, cycle: cycle, source: .notification, store: store,
                                                             environment: environment)
                    log.info("completed \(todoID) \"\(result.todo.title)\" from notification \(n.identifier)")
                } catch let e as StoreError {
                    log.info("complete from notification \(n.identifier): \(e.description)")
                } catch {
                    log.error("complete from notification \(n.identifier) failed: \(error)")
                }
                shown[id] = nil
                try? sink.close(id: id)
                try? store.recordClosed(deliveryKeys: n.items.map(\.deliveryKey))
            } else if let action = SnoozeAction(rawValue: key), n.snoozeActions.contains(action),
                      let todoID = n.todoId {
                snooze(todoID, action: action, notification: n, id: id, store: store)
            } else if key == "default" {
                let action = (try? store.setting(.notifyDefaultAction).value) ?? "open"
                if action == "complete", n.completable {
                    handle(.actionInvoked(id: id, key: "complete"), store: store)
                } else if action == "open" {
                    runOpenCommand(for: n, store: store)
                }
            }
        case .serverAppeared:
            if retryAt != nil {
                log.info("a notification server appeared; retrying now")
                retryAt = now
            }
        }
    }

    /// A snooze action (docs/notifications.md "Snooze"): records the snooze through
    /// `Store.snooze(todoID:until:)` — 10 minutes, an hour, or tomorrow at `notify.defaultTime` from now —
    /// and closes the notification; the moved reminder is planned from the store, so it survives a
    /// restart of the daemon.
    func snooze(_ todoID: String, action: SnoozeAction, notification n: OutgoingNotification, id: UInt32,
                store: Store) {
        let t = now
        store.clock = Clock(now: t, timeZone: configuration.zone)
        do {
            let defaultTime = try store.defaultNotifyTime()
            let until = action.until(now: t, defaultTime: defaultTime, userZone: configuration.zone)
            try store.snooze(todoID: todoID, until: until)
            let when = ZonedClock.iso8601(until, in: configuration.zone)
            log.info("snoozed \(todoID) \"\(n.summary)\" until \(when) from notification \(n.identifier)")
        } catch let e as StoreError {
            log.info("snooze from notification \(n.identifier): \(e.description)")
        } catch {
            log.error("snooze from notification \(n.identifier) failed: \(error)")
        }
        shown[id] = nil
        try? sink.close(id: id)
        try? store.recordClosed(deliveryKeys: n.items.map(\.deliveryKey))
    }

    /// Runs the `notify.openCommand` setting (split into words by `CommandWords`, no shell) with the notification's fields
    /// in the environment, as the exec sink sets them; nothing when unset.
    func runOpenCommand(for n: OutgoingNotification, store: Store) {
        guard let command = (try? store.settingValue(Self.openCommandKey)) ?? nil else { return }
        do {
            let argv = try CommandWords.split(command)
            try spawner.spawn(argv, extraEnvironment: [
                "TASKTILE_NOTIFY_TITLE": n.summary, "TASKTILE_NOTIFY_BODY": n.body, "TASKTILE_NOTIFY_ID": n.identifier,
                "TASKTILE_NOTIFY_TODO_ID": n.todoId ?? "", "TASKTILE_NOTIFY_LIST": n.listTitle ?? "",
                "TASKTILE_NOTIFY_KIND": n.kind, "TASKTILE_NOTIFY_DUE": n.due ?? ""])
            log.info("opened \(n.identifier) with \(argv[0])")
        } catch {
            log.error("open command for \(n.identifier): \(error)")
        }
    }
}
