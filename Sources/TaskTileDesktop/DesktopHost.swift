internal import CGtk
import Foundation
import TaskTileCore
import TaskTileRender
import TaskTileRuntime

/// `tasktile-render desktop [SPEC…]`: every widget spec as its own surface on the desktop, below
/// every window, on every workspace, out of taskbars and the task switcher; clickable through its
/// hit map (docs/widgets.md "Hit maps") and redrawn when what it shows changes.
///
/// One process, one GTK main loop: drawing happens in each window's `draw` signal, straight onto
/// the window's Cairo context at the output's scale. Wayland compositors with wlr-layer-shell get
/// layer surfaces (layer `bottom` or `background`, no keyboard focus, exclusive zone 0, namespace
/// `DesktopBackend.layerNamespace`), X11 gets `_NET_WM_WINDOW_TYPE_DESKTOP` windows kept below
/// and sticky, and a Wayland compositor without layer-shell gets plain undecorated windows after
/// a message saying so. The placement keys `anchor`, `margin`, `monitor`, `layer` of each spec
/// decide where; a spec whose monitor is absent waits for it.
///
/// Live: the one `ChangeSource` (inotify, `PRAGMA data_version`, list revisions, minute and
/// midnight ticks, SIGTERM/SIGINT) sits in GTK's main loop through `g_unix_fd_add` on its
/// descriptor; a commit redraws exactly the widgets of the lists it changed, a spec added or
/// removed adds or removes a surface, `themes.json` redraws all. No timer runs between events.
///
/// Exit codes: 0 after SIGTERM/SIGINT, 69 no display (or it went away), 74 store or file I/O,
/// 75 another `desktop` runs for this data directory on this display.
public final class DesktopHost {
    /// How long a flash frame stays before the normal frame (docs/widgets.md "Flash"), seconds.
    public static let flashDuration: Double = 1.5

    let directory: DataDirectory
    let environment: [String: String]
    /// Spec files named on the command line; nil = every `widgets/*.json`, following additions and removals.
    let givenSpecFiles: [String]?
    private let daemonLog: DaemonLog

    private(set) var store: Store!
    private var source: ChangeSource!
    private let spawner = ProcessSpawner()
    private var themes: [Theme] = []
    private var themesError: String?
    private var windows: [String: WidgetWindow] = [:]
    /// Spec file → the last error logged for it (a failing spec is logged once per distinct error).
    private var specErrors: [String: String] = [:]
    /// Specs waiting for their monitor, so the wait is said once.
    private var waitingSaid: Set<String> = []
    /// The outputs last logged.
    private var lastOutputs: String?
    private var display: OpaquePointer!
    private(set) var backend: DesktopBackend = .x11
    private(set) var handCursor: OpaquePointer?
    private var exitCode: Int32 = 0

    /// A host for `directory`; `specFiles` nil = every spec of the data directory. Log lines go to
    /// `log` (standard error in the executable).
    public init(directory: DataDirectory, environment: [String: String], specFiles: [String]?,
                log: @escaping (String) -> Void) {
        self.directory = directory
        self.environment = environment
        // Absolute, as the change source reports spec paths.
        let cwd = FileManager.default.currentDirectoryPath
        self.givenSpecFiles = specFiles.map { $0.map { (($0.hasPrefix("/") ? $0 : cwd + "/" + $0) as NSString).standardizingPath } }
        self.daemonLog = DaemonLog(program: "tasktile-render", zone: Clock.timeZone(environment: environment), write: log)
    }

    /// The store's clock, refreshed before every read ("now" follows `TASKTILE_NOW` when set).
    var clock: Clock { store.clock }

    /// The wall clock for flash timing (real seconds, whatever `TASKTILE_NOW` says).
    func wallClock() -> Date { Date() }

    // MARK: Running

    /// Opens the display, takes the instance lock, shows every widget and runs until SIGTERM or
    /// SIGINT (0), or the display goes away (69). See the type's documentation for exit codes.
    public func run() -> Int32 {
        let wayland = environment["WAYLAND_DISPLAY"], x11 = environment["DISPLAY"]
        if (wayland ?? "").isEmpty && (x11 ?? "").isEmpty {
            return fail(DesktopError.noDisplay(wayland: wayland, x11: x11))
        }
        do {
            try directory.ensureExists()
            try FileManager.default.createDirectory(atPath: directory.widgetsPath, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            log("error", "cannot create \(directory.widgetsPath): \(error)")
            return 74
        }
        // Before GTK starts its threads: the change source blocks SIGTERM/SIGINT for its signalfd,
        // and threads inherit the mask.
        let source: ChangeSource
        do { source = try ChangeSource(directory: directory, environment: environment) } catch {
            log("error", "cannot watch \(directory.path): \(error)")
            return error is Clock.ClockError ? 64 : 74
        }
        self.source = source
        // GDK parses no arguments of ours; it reads WAYLAND_DISPLAY / DISPLAY / GDK_BACKEND itself.
        guard gtk_init_check(nil, nil) != 0, let display = gdk_display_get_default() else {
            return fail(DesktopError.noDisplay(wayland: wayland, x11: x11))
        }
        self.display = display
        let displayName = gdk_display_get_name(display).map { String(cString: $0) } ?? "?"
        backend = DesktopBackend.detect(display)

        let safeName = String(displayName.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
        let lock: InstanceLock
        do {
            guard let l = try InstanceLock(path: directory.path + "/desktop-\(safeName).lock") else {
                return fail(DesktopError.alreadyRunning(dataDirectory: directory.path, display: displayName))
            }
            lock = l
        } catch {
            log("error", "\(error)")
            return 74
        }
        defer { lock.release() }
        guard openStore() != nil else { return 74 }

        log("info", "desktop on \(displayName) (\(backend)) for \(directory.path)")
        if backend == .waylandWindow {
            log("warning", "this Wayland compositor has no wlr-layer-shell (GNOME Shell does not offer it): the widgets "
                + "are plain undecorated windows that the compositor places and stacks like any other; "
                + "anchor, margin, monitor and layer cannot be honoured there")
        }
        handCursor = gdk_cursor_new_from_name(display, "pointer")
        watchDisplayConnection(display, name: displayName)
        watchChanges(source)
        watchMonitors(display)

        reloadThemes()
        rescanSpecs()
        refreshAll(reason: "start")
        if windows.isEmpty {
            log("info", "no widget specs yet in \(directory.widgetsPath); a spec added there appears on the desktop")
        }
        gtk_main()
        for window in windows.values { window.hide() }
        log("info", "stopping")
        return exitCode
    }

    /// Logs `error` and returns its exit code.
    private func fail(_ error: DesktopError) -> Int32 {
        log("error", error.description)
        return error.exitCode
    }

    /// Ends the main loop; `run()` returns `code`.
    func stop(_ code: Int32) {
        exitCode = code
        gtk_main_quit()
    }

    /// The change source's descriptor in the main loop: readable when `next(timeout: 0)` has news
    /// (a commit, a file, a tick, a wake-up, SIGTERM/SIGINT).
    private func watchChanges(_ source: ChangeSource) {
        GLib.watch(fd: source.fileDescriptor, conditions: GLib.readable) { [unowned self] _ in
            self.apply(source.next(timeout: 0))
            // `next` arms the timer only before it waits: when the timerfd fired a hair before a
            // minute boundary, it returns with nothing and the timer disarmed. Reading the
            // descriptor arms it again for the next deadline, so no tick is lost in a GLib loop.
            _ = source.fileDescriptor
            return true
        }
    }

    /// Applies one batch of changes: exactly the affected windows are read again.
    func apply(_ changes: ChangeSource.Changes) {
        if changes.isEmpty { return }
        if changes.terminate { stop(0); return }
        if changes.everything {
            store = nil
            guard openStore() != nil else { return }
        }
        if changes.themes { reloadThemes() }
        if !changes.specs.isEmpty { rescanSpecs(only: changes.specs) }
        if changes.minute || changes.day { catchUp() }
        syncClock()
        let all = changes.everything || changes.themes || changes.minute || changes.day || changes.timer || changes.settings
        let reason = changes.minute || changes.day ? "minute" : changes.timer && !changes.store ? "flash end" : "change"
        for file in windows.keys.sorted() {
            guard let window = windows[file] else { continue }
            var affected = all
            if !affected, !changes.lists.isEmpty {
                switch window.content {
                case .list(let c): affected = changes.lists.contains(c.list.id)
                case .grid(let r): affected = changes.lists.contains(r.challenge.listId)
                case .missingList, .setup: affected = true // a list added or renamed may be the one it names
                }
            }
            if affected { refresh(window, reason: reason) }
        }
    }

    @discardableResult
    private func openStore() -> Store? {
        if let store { return store }
        do {
            let s = try Store.open(directory, clock: try Clock.fromEnvironment(environment))
            store = s
            return s
        } catch {
            log("error", "store: \(error)")
            return nil
        }
    }

    /// The store's "now" follows the change source's clock (`TASKTILE_NOW` advancing with real time).
    private func syncClock() {
        guard let store, let source else { return }
        store.clock = Clock(now: source.now, timeZone: source.zone)
    }

    /// At minute boundaries: repeating todos whose cycle ended move on (then their widgets redraw).
    private func catchUp() {
        guard let store else { return }
        syncClock()
        do {
            let n = try store.catchUpRepeats()
            if n > 0 { log("info", "[catch-up] advanced \(n) repeating todos") }
        } catch {
            log("error", "[catch-up] \(error)")
        }
    }

    /// A lost compositor or X server ends the process with 69 (so a systemd unit restarts it)
    /// instead of GDK's own exit(1) or abort: the connection's socket is watched at a higher
    /// priority than GDK's event source, so our handler runs before GDK reads the broken connection.
    private func watchDisplayConnection(_ display: OpaquePointer, name: String) {
        let fd = tt_display_connection_fd(display)
        guard fd >= 0 else { return }
        GLib.watch(fd: fd, conditions: GLib.hangUp, priority: GLib.highPriority) { [unowned self] _ in
            self.log("error", DesktopError.displayLost(name).description)
            exit(DesktopError.displayLost(name).exitCode)
        }
    }

    /// Outputs coming and going: widgets waiting for their monitor appear, widgets whose monitor
    /// left wait for it again.
    private func watchMonitors(_ display: OpaquePointer) {
        let changed: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
            GLib.target(data, as: DesktopHost.self).monitorsChanged()
        }
        GLib.connect(UnsafeMutableRawPointer(display), "monitor-added", changed, target: self)
        GLib.connect(UnsafeMutableRawPointer(display), "monitor-removed", changed, target: self)
    }

    private func monitorsChanged() {
        // GDK emits monitor-removed before the monitor leaves its list, and on Wayland a new
        // output's connector name (xdg-output) can arrive after monitor-added: look again a few
        // times shortly after each hotplug (one-shot timers; nothing stays armed afterwards).
        for delay in [0, 0.1, 0.5, 2] {
            GLib.after(delay) { [weak self] in self?.placeAll(reason: "outputs changed") }
        }
    }

    // MARK: Specs, themes, placement

    func reloadThemes() {
        do {
            themes = try ThemeStore(dataDirectory: directory).load()
            if themesError != nil { log("info", "themes.json is valid again") }
            themesError = nil
            for window in windows.values {
                if let theme = try? theme(for: window.spec) { window.theme = theme; window.applyShape() }
            }
        } catch {
            let message = "\(error)"
            if message != themesError { log("error", "[themes] \(message); keeping the last good widgets") }
            themesError = message
        }
    }

    private func theme(for spec: WidgetSpec) throws -> Theme {
        try WidgetPipeline(dataDirectory: directory, store: store, themes: themes).theme(for: spec)
    }

    /// The spec files to show: the given ones, else `widgets/*.json`.
    private var specFiles: [String] { givenSpecFiles ?? directory.specFiles }

    /// Loads every spec; adds windows for new ones, drops those whose file went away, keeps the
    /// last good spec (and frame) of one that became invalid.
    func rescanSpecs(only changed: Set<String>? = nil) {
        let files = specFiles
        for removed in Set(windows.keys).subtracting(files) {
            windows.removeValue(forKey: removed)?.hide()
            specErrors[removed] = nil
            waitingSaid.remove(removed)
            log("info", "spec removed: \((removed as NSString).lastPathComponent)")
        }
        for file in files where changed == nil || changed!.contains(file) || windows[file] == nil {
            do {
                let spec = try WidgetSpec.load(path: file)
                guard themesError == nil || !themes.isEmpty else { continue }
                let theme = try theme(for: spec)
                if specErrors.removeValue(forKey: file) != nil { log("info", "spec=\(spec.name) is valid again") }
                if let window = windows[file] {
                    let moved = window.spec.placement != spec.placement || window.spec.pointSize != spec.pointSize
                    window.spec = spec
                    window.theme = theme
                    window.fingerprint = nil
                    if moved { window.hide() } else { window.applyShape() }
                } else {
                    windows[file] = WidgetWindow(host: self, file: file, spec: spec, theme: theme)
                }
            } catch {
                let message = "\(error)"
                if specErrors[file] != message {
                    log("error", "[spec] \(message); \(windows[file] != nil ? "keeping the last good widget" : "not shown until fixed")")
                }
                specErrors[file] = message
            }
        }
        placeAll(reason: "specs")
    }

    /// Shows every window that has no surface yet on its output; says once when one waits.
    func placeAll(reason: String) {
        let outputs = Monitors.list(display)
        // Say which names the specs' `monitor` can use, whenever they change.
        let named = outputs.map { "\($0.name) (\($0.width)×\($0.height) pt at \($0.x),\($0.y), scale \($0.scale))" }.joined(separator: ", ")
        if named != lastOutputs {
            lastOutputs = named
            log("info", "outputs: \(named.isEmpty ? "none" : named)")
        }
        for file in windows.keys.sorted() {
            guard let window = windows[file] else { continue }
            let wanted = Monitors.find(window.spec.placement.monitor, in: outputs)
            if let shownOn = window.outputName, wanted?.name == shownOn { continue }
            guard let output = wanted else {
                window.hide()
                if waitingSaid.insert(file).inserted {
                    let names = outputs.map(\.name).joined(separator: ", ")
                    log("info", "spec=\(window.spec.name) waits for monitor \"\(window.spec.placement.monitor ?? "")\" (outputs now: \(names.isEmpty ? "none" : names))")
                }
                continue
            }
            waitingSaid.remove(file)
            window.show(on: output, backend: backend)
            window.fingerprint = nil
            refresh(window, reason: reason)
            log("info", "spec=\(window.spec.name) on \(output.name) (\(output.width)×\(output.height) pt, scale \(output.scale)) anchor \(window.spec.placement.anchor.rawValue)")
        }
    }

    // MARK: Content

    /// Reads every window's content again and redraws those whose picture changed.
    func refreshAll(reason: String) {
        syncClock()
        for file in windows.keys.sorted() { refresh(windows[file]!, reason: reason) }
    }

    /// Reads `window`'s content; queues a frame when its fingerprint changed. A store error keeps
    /// the last content on screen.
    func refresh(_ window: WidgetWindow, reason: String) {
        guard window.isShown, let store else { return }
        do {
            let content = try WidgetContent.read(for: window.spec, from: store)
            let now = wallClock()
            var flashes: [String: Date] = [:]
            if case .list(let c) = content { flashes = c.flashes }
            window.content = content
            window.flashes = flashes
            window.flashFirstShown = window.flashFirstShown.filter { flashes[$0.key] != nil }
            for id in flashes.keys where window.flashFirstShown[id] == nil { window.flashFirstShown[id] = now }
            // The normal frame 1.5 s after the flash first showed: a one-shot wake-up of the
            // change source, asked again only when this window's earliest flash end moves.
            if let left = window.secondsUntilFlashEnds(now: now) {
                let end = now.addingTimeInterval(left)
                if window.flashWake.map({ abs($0.timeIntervalSince(end)) > 0.01 || $0 < now }) ?? true {
                    window.flashWake = end
                    source.wake(at: source.now.addingTimeInterval(left))
                }
            } else {
                window.flashWake = nil
            }
            let fingerprint = WidgetWindow.fingerprint(window, flashing: window.flashing(now: now), clock: clock)
            if fingerprint != window.fingerprint {
                window.fingerprint = fingerprint
                window.queueDraw()
                pendingReasons[window.file] = reason
            }
        } catch {
            log("error", "spec=\(window.spec.name) \(error); keeping the last frame")
        }
    }

    private var pendingReasons: [String: String] = [:]

    /// Names the reason of the next frame of `window` in the log.
    func willRedraw(_ window: WidgetWindow, reason: String) { pendingReasons[window.file] = reason }

    /// `TASKTILE_DESKTOP_TRACE=1`: one `trace EVENT SPEC SECONDS` line per press and frame, with
    /// CLOCK_MONOTONIC seconds, for Benchmarks/desktop.py (click → frame latency).
    private lazy var tracing = environment["TASKTILE_DESKTOP_TRACE"] == "1"

    func trace(_ event: String, _ window: WidgetWindow) {
        guard tracing else { return }
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        log("info", "trace \(event) \(window.spec.name) \(String(format: "%.6f", Double(t.tv_sec) + Double(t.tv_nsec) / 1e9))")
    }

    /// Called by a window after each frame (for the log).
    func drew(_ window: WidgetWindow, scale: Int, milliseconds: Double) {
        trace("frame", window)
        let reason = pendingReasons.removeValue(forKey: window.file) ?? "expose"
        log("info", "spec=\(window.spec.name) [\(reason)] drew frame \(window.frames) at scale \(scale) (\(String(format: "%.1f", milliseconds)) ms)")
    }

    // MARK: Input

    /// A click on a region: a pending checkbox completes that todo by id (docs/widgets.md "Hit maps"), a row or the
    /// header runs the `widget.openCommand` setting; text never completes.
    func activate(_ action: HitRegion.Action, in window: WidgetWindow) {
        trace("press", window)
        switch action {
        case .complete(let id):
            guard let store else { return }
            do {
                syncClock()
                // The one completion path (history, flash, sound per settings), as intent and notifications use.
                let result = try TodoCompletion.complete(todoID: id, source: .widget, store: store, environment: environment)
                log("info", "spec=\(window.spec.name) [click] completed todo \(id) \"\(result.todo.title)\" in \(result.listTitle)")
            } catch let e as StoreError {
                switch e {
                case .alreadyCompleted, .todoNotFound: log("info", "spec=\(window.spec.name) [click] \(e)")
                default: log("error", "spec=\(window.spec.name) [click] \(e)")
                }
            } catch {
                log("error", "spec=\(window.spec.name) [click] \(error)")
            }
            // Every widget of that list shows the flash now; the change source reports the same
            // commit a moment later, and the unchanged fingerprints make that a no-op.
            refreshAll(reason: "click")
        case .checkIn(let id, let day):
            guard let store, let date = LocalDate(iso: day) else { return }
            do {
                syncClock()
                let result = try TodoCompletion.toggleCheckIn(todoID: id, on: date, source: .widget, store: store, environment: environment)
                log("info", "spec=\(window.spec.name) [click] \(result == nil ? "took back" : "checked in") todo \(id) on \(day)")
            } catch {
                log("info", "spec=\(window.spec.name) [click] \(error)")
            }
            refreshAll(reason: "click")
        case .openTodo, .openList:
            open(action, in: window)
        }
    }

    private func open(_ action: HitRegion.Action, in window: WidgetWindow) {
        guard let store else { return }
        let setting = (try? store.setting(.widgetOpenCommand).value) ?? ""
        guard !setting.allSatisfy({ $0 == " " || $0 == "\t" }) else { return } // default: nothing
        var title = "", listID = ""
        if case .list(let c) = window.content {
            listID = c.list.id
            switch action {
            case .openTodo(let id), .complete(let id), .checkIn(let id, _): title = (c.pending + c.completed).first { $0.id == id }?.title ?? ""
            case .openList: title = c.list.title
            }
        }
        do {
            let argv = try CommandWords.split(setting)
            try spawner.spawn(argv, extraEnvironment: OpenCommand.environment(for: action, title: title, listID: listID, widget: window.spec.name))
            log("info", "spec=\(window.spec.name) [click] opened with \(argv[0])")
        } catch {
            log("error", "spec=\(window.spec.name) widget.openCommand: \(error)")
        }
    }

    // MARK: Log

    /// Writes `2027-01-05T09:00:00+0900 info tasktile-render: message` (`DaemonLog`).
    func log(_ level: String, _ message: String) {
        switch level {
        case "error": daemonLog.error(message)
        case "warning": daemonLog.warning(message)
        default: daemonLog.info(message)
        }
    }
}

extension WidgetWindow {
    /// What decides the picture: spec, theme, the todos the widget can show, the flash set, the
    /// due labels at `clock` (so `Today 18:00` turns `Overdue` at the minute it should).
    static func fingerprint(_ w: WidgetWindow, flashing: Set<String>, clock: Clock) -> String {
        WidgetFingerprint.of(spec: w.spec, theme: w.theme, content: w.content, flashing: flashing, clock: clock)
    }

}
