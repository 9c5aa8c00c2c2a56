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
/// Live: a `WidgetSession` keeps the store, themes, specs, catch-up, flash schedule and clock,
/// and decides which widgets a change affects; this host is its surface sink. The session's
/// `ChangeSource` sits in GTK's main loop through `g_unix_fd_add` on its descriptor; no timer
/// runs between events. A widget's surface is made once the widget has a good frame.
///
/// Exit codes: 0 after SIGTERM/SIGINT, 64 a bad `TASKTILE_NOW`, 69 no display (or it went away),
/// 74 store or file I/O, 75 another `desktop` runs for this data directory on this display.
public final class DesktopHost: WidgetSink {
    let directory: DataDirectory
    let environment: [String: String]
    /// Spec files named on the command line; nil = every `widgets/*.json`, following additions and removals.
    let givenSpecFiles: [String]?
    /// Writes `2027-01-05T09:00:00+0900 info tasktile-render: message` lines.
    let log: DaemonLog
    /// Where log lines go (the capture popup writes its own `tasktile:` lines there).
    private let write: (String) -> Void
    /// The language of the capture popup a widget's "+" opens (`--lang`, else the environment's).
    let localizer: Localizer
    /// The capture popup a "+" opened, while it is open (one at a time).
    private var capture: CapturePopup?
    /// The edit popup a row click opened, while it is open (one at a time).
    private var edit: EditPopup?

    private(set) var session: WidgetSession!
    private var source: ChangeSource!
    private let spawner = ProcessSpawner()
    private var windows: [String: WidgetWindow] = [:]
    /// Specs waiting for their monitor, so the wait is said once.
    private var waitingSaid: Set<String> = []
    /// Specs already said to be stacked past their output's edge (said once each).
    private var stackSaid: Set<String> = []
    /// The outputs last logged.
    private var lastOutputs: String?
    private var display: OpaquePointer!
    private(set) var backend: DesktopBackend = .x11
    private(set) var handCursor: OpaquePointer?
    private var exitCode: ExitCode = .success

    /// A host for `directory`; `specFiles` nil = every spec of the data directory. Log lines go to
    /// `log` (standard error in the executable). `localizer` is the capture popup's language (default: the
    /// environment's, `Language.fromEnvironment`).
    public init(directory: DataDirectory, environment: [String: String], specFiles: [String]?,
                localizer: Localizer? = nil, log: @escaping (String) -> Void) {
        self.directory = directory
        self.environment = environment
        self.givenSpecFiles = specFiles
        self.write = log
        self.localizer = localizer ?? Localizer(Language.fromEnvironment(environment))
        self.log = DaemonLog(program: "tasktile-render", zone: Clock.timeZone(environment: environment), write: log)
    }

    // MARK: Running

    /// Opens the display, takes the instance lock, shows every widget and runs until SIGTERM or
    /// SIGINT (`.success`), or the display goes away (`.unavailable`). See the type's
    /// documentation for the other exit codes.
    public func run() -> ExitCode {
        let wayland = environment["WAYLAND_DISPLAY"], x11 = environment["DISPLAY"]
        if (wayland ?? "").isEmpty && (x11 ?? "").isEmpty {
            return fail(DesktopError.noDisplay(wayland: wayland, x11: x11))
        }
        // Before GTK starts its threads: the change source blocks SIGTERM/SIGINT for its signalfd,
        // and threads inherit the mask.
        do throws(WidgetSessionError) {
            source = try WidgetSession.changeSource(for: directory, environment: environment)
        } catch {
            log.error(error.message(localizer))
            return error.exitCode
        }
        session = WidgetSession(directory: directory, specFiles: givenSpecFiles, log: log, clock: source, sink: self)
        session.showsBuiltInDefault = true
        session.builtInLanguage = Language.fromEnvironment(environment)
        // GDK parses no arguments of ours; it reads WAYLAND_DISPLAY / DISPLAY / GDK_BACKEND itself.
        guard gtk_init_check(nil, nil) != 0, let display = gdk_display_get_default() else {
            return fail(DesktopError.noDisplay(wayland: wayland, x11: x11))
        }
        self.display = display
        let displayName = gdk_display_get_name(display).map { String(cString: $0) } ?? "?"
        backend = DesktopBackend.detect(display)

        let safeName = String(displayName.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
        let lock: InstanceLock
        do throws(WidgetSessionError) {
            lock = try WidgetSession.lock(directory.path + "/desktop-\(safeName).lock",
                                          whenHeld: DesktopError.alreadyRunning(dataDirectory: directory.path, display: displayName).message(localizer))
        } catch {
            log.error(error.message(localizer))
            return error.exitCode
        }
        defer { lock.release() }
        guard session.openStore() != nil else { return .ioError }

        log.info("desktop on \(displayName) (\(backend)) for \(directory.path)")
        if backend == .waylandWindow {
            log.warning("this Wayland compositor has no wlr-layer-shell (GNOME Shell does not offer it): the widgets "
                        + "are plain undecorated windows that the compositor places and stacks like any other; "
                        + "anchor, margin, monitor and layer cannot be honoured there")
        }
        handCursor = gdk_cursor_new_from_name(display, "pointer")
        watchDisplayConnection(display, name: displayName)
        watchChanges(source)
        watchMonitors(display)

        session.start()
        placeAll(reason: "start")
        if windows.isEmpty {
            log.info("no widget specs yet in \(directory.widgetsPath); a spec added there appears on the desktop")
        }
        gtk_main()
        closePopups()
        for window in windows.values { window.hide() }
        log.info("stopping")
        return exitCode
    }

    /// Logs `error` and returns its exit code.
    private func fail(_ error: DesktopError) -> ExitCode {
        log.error(error.message(localizer))
        return error.exitCode
    }

    /// Ends the main loop; `run()` returns `code`.
    func stop(_ code: ExitCode) {
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

    /// Applies one batch of changes through the session; a spec added or moved gets its surface.
    func apply(_ changes: ChangeSource.Changes) {
        if changes.isEmpty { return }
        if changes.terminate { stop(.success); return }
        session.apply(changes)
        if !changes.specs.isEmpty { placeAll(reason: "specs") }
    }

    /// A lost compositor or X server ends the process with 69 (so a systemd unit restarts it)
    /// instead of GDK's own exit(1) or abort: the connection's socket is watched at a higher
    /// priority than GDK's event source, so our handler runs before GDK reads the broken connection.
    private func watchDisplayConnection(_ display: OpaquePointer, name: String) {
        let fd = tt_display_connection_fd(display)
        guard fd >= 0 else { return }
        GLib.watch(fd: fd, conditions: GLib.hangUp, priority: GLib.highPriority) { [unowned self] _ in
            self.log.error(DesktopError.displayLost(name).message(self.localizer))
            exit(DesktopError.displayLost(name).exitCode.rawValue)
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

    // MARK: The surface sink

    /// A new spec gets its window (shown by `placeAll` once it has a frame); a spec whose size or
    /// placement changed loses its surface, and `placeAll` makes it again where it belongs now.
    public func load(_ spec: WidgetSpec, previous: WidgetSpec?, file: String) {
        guard let window = windows[file] else {
            windows[file] = WidgetWindow(host: self, file: file, spec: spec)
            return
        }
        let moved = window.spec.placement != spec.placement || window.spec.pointSize != spec.pointSize
        window.spec = spec
        if moved { window.hide() }
    }

    /// The spec went away: its surface too.
    public func remove(_ widget: WidgetSession.Widget) {
        windows.removeValue(forKey: widget.file)?.hide()
        waitingSaid.remove(widget.file)
    }

    /// Keeps `frame` as the window's picture and, when the window is on an output, queues its
    /// drawing (GTK draws in the next main-loop iteration). - Returns: whether it is on show.
    public func present(_ frame: WidgetFrame, file: String, reason: String) throws -> Bool {
        guard let window = windows[file] else { return false }
        let reshape = window.frame?.theme.cornerRadius != frame.theme.cornerRadius
        window.frame = frame
        guard window.isShown else { return false }
        if reshape { window.applyShape() }
        window.queueDraw()
        pendingReasons[file] = reason
        return true
    }

    /// Shows every window that has a frame but no surface on its output yet; says once when one waits.
    func placeAll(reason: String) {
        let outputs = Monitors.list(display)
        // Say which names the specs' `monitor` can use, whenever they change.
        let named = outputs.map { "\($0.name) (\($0.width)×\($0.height) pt at \($0.x),\($0.y), scale \($0.scale))" }.joined(separator: ", ")
        if named != lastOutputs {
            lastOutputs = named
            log.info("outputs: \(named.isEmpty ? "none" : named)")
        }
        // Widgets that would overlap on one output stack, in spec order (WidgetPlacement.stacked).
        var stackedOrigins: [String: (x: Double, y: Double)] = [:]
        let ready = windows.keys.sorted().compactMap { file in windows[file].flatMap { $0.frame == nil ? nil : $0 } }
        for output in outputs {
            let here = ready.filter { Monitors.find($0.spec.placement.monitor, in: outputs)?.name == output.name }
            let origins = WidgetPlacement.stacked(here.map { ($0.spec.placement, $0.spec.pointSize) },
                                                  output: (Double(output.width), Double(output.height)))
            for (window, origin) in zip(here, origins) {
                stackedOrigins[window.file] = origin
                let size = window.spec.pointSize
                if origin.y < 0 || origin.y + size.height > Double(output.height), stackSaid.insert(window.file).inserted {
                    log.info("spec=\(window.spec.name) does not fit on \(output.name) beside the other widgets: it is stacked past the edge")
                }
            }
        }
        for file in windows.keys.sorted() {
            // A widget without a good frame yet (its theme is missing, themes.json is bad) is not shown until it has one.
            guard let window = windows[file], window.frame != nil else { continue }
            let wanted = Monitors.find(window.spec.placement.monitor, in: outputs)
            if let shownOn = window.outputName, wanted?.name == shownOn,
               let shown = window.shownOrigin, let origin = stackedOrigins[file], shown == origin { continue }
            guard let output = wanted else {
                window.hide()
                if waitingSaid.insert(file).inserted {
                    let names = outputs.map(\.name).joined(separator: ", ")
                    log.info("spec=\(window.spec.name) waits for monitor \"\(window.spec.placement.monitor ?? "")\" (outputs now: \(names.isEmpty ? "none" : names))")
                }
                continue
            }
            waitingSaid.remove(file)
            window.show(on: output, backend: backend, origin: stackedOrigins[file])
            session.invalidate(file)
            session.refresh([file], reason: reason)
            log.info("spec=\(window.spec.name) on \(output.name) (\(output.width)×\(output.height) pt, scale \(output.scale)) anchor \(window.spec.placement.anchor.rawValue)")
        }
    }

    // MARK: Frames

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
        log.info("trace \(event) \(window.spec.name) \(String(format: "%.6f", Double(t.tv_sec) + Double(t.tv_nsec) / 1e9))")
    }

    /// Called by a window after each frame (for the log).
    func drew(_ window: WidgetWindow, scale: Int, milliseconds: Double) {
        trace("frame", window)
        let reason = pendingReasons.removeValue(forKey: window.file) ?? "expose"
        log.info("spec=\(window.spec.name) [\(reason)] drew frame \(window.frames) at scale \(scale) (\(String(format: "%.1f", milliseconds)) ms)")
    }

    // MARK: Input

    /// A click on a region: a pending checkbox completes that todo by id (docs/widgets.md "Hit maps"), a row or the
    /// header runs the `widget.openCommand` setting, the header's "+" opens the capture popup for the widget's
    /// list (docs/widgets.md "Adding from a widget"); text never completes.
    func activate(_ action: HitRegion.Action, in window: WidgetWindow) {
        trace("press", window)
        switch action {
        case .complete(let id):
            guard let store = session.openStore() else { return }
            do {
                // The one completion path (history, flash, sound per settings), as intent and notifications use.
                let result = try TodoCompletion.complete(todoID: id, source: .widget, store: store, environment: environment)
                log.info("spec=\(window.spec.name) [click] completed todo \(id) \"\(result.todo.title)\" in \(result.listTitle)")
            } catch let e as StoreError {
                switch e {
                case .alreadyCompleted, .todoNotFound: log.info("spec=\(window.spec.name) [click] \(e)")
                default: log.error("spec=\(window.spec.name) [click] \(e)")
                }
            } catch {
                log.error("spec=\(window.spec.name) [click] \(error)")
            }
            // Every widget of that list shows the flash now; the change source reports the same
            // commit a moment later, and the unchanged fingerprints make that a no-op.
            session.refresh(reason: "click")
        case .checkIn(let id, let day):
            guard let date = LocalDate(iso: day), let store = session.openStore() else { return }
            do {
                let result = try TodoCompletion.toggleCheckIn(todoID: id, on: date, source: .widget, store: store, environment: environment)
                log.info("spec=\(window.spec.name) [click] \(result == nil ? "took back" : "checked in") todo \(id) on \(day)")
            } catch {
                log.info("spec=\(window.spec.name) [click] \(error)")
            }
            session.refresh(reason: "click")
        case .add(let listID):
            openCapture(list: listID, from: window)
        case .openTodo, .openList:
            open(action, in: window)
        }
    }

    /// The capture popup in this process (`CapturePopup.present(onClose:)`): adding to `list` (an id; nil = the
    /// `defaultList` setting's list). A popup already open is closed first, so the last "+" clicked wins.
    private func openCapture(list: String?, from window: WidgetWindow) {
        guard let store = session.openStore() else { return }
        closePopups()
        let name = window.spec.name
        do {
            let popup = try CapturePopup(
                store: store, list: list, environment: environment, localizer: localizer,
                out: { [unowned self] line in self.log.info("spec=\(name) [add] \(line)") }, log: write)
            capture = popup
            log.info("spec=\(name) [click] capture for \(popup.model.target.title)")
            popup.present { [weak self, weak popup] in
                // Released after the popup's own handler has returned.
                GLib.after(0) {
                    guard let self, let popup, self.capture === popup else { return }
                    self.capture = nil
                }
                self?.session.refresh(reason: "capture")
            }
        } catch {
            // The list went away since the frame was drawn: say so; the next frame has the new target.
            log.info("spec=\(name) [click] capture: \(error)")
        }
    }

    /// Closes the capture or edit popup that is open (one at a time: the last click wins, and the host stops).
    private func closePopups() {
        capture?.dismiss()
        capture = nil
        edit?.dismiss()
        edit = nil
    }

    /// The edit popup in this process (`EditPopup`, docs/desktop.md "Editing from a widget") for todo `id`. A popup
    /// already open (edit or capture) is closed first, so the last click wins.
    private func openEdit(todoID id: String, from window: WidgetWindow) {
        guard let store = session.openStore() else { return }
        closePopups()
        let name = window.spec.name
        do {
            let popup = try EditPopup(
                store: store, todoID: id, environment: environment, localizer: localizer, log: write)
            edit = popup
            log.info("spec=\(name) [click] edit \(id)")
            popup.present { [weak self, weak popup] in
                GLib.after(0) {
                    guard let self, let popup, self.edit === popup else { return }
                    self.edit = nil
                }
                self?.session.refresh(reason: "edit")
            }
        } catch {
            // The todo went away since the frame was drawn; the next frame no longer shows it.
            log.info("spec=\(name) [click] edit: \(error)")
        }
    }

    /// A row or header click: the `widget.openCommand` setting when set; without it a row opens the edit popup and
    /// the header does nothing.
    private func open(_ action: HitRegion.Action, in window: WidgetWindow) {
        guard let store = session.openStore() else { return }
        let setting = (try? store.setting(.widgetOpenCommand).value) ?? ""
        guard !setting.allSatisfy({ $0 == " " || $0 == "\t" }) else {
            if case .openTodo(let id) = action { openEdit(todoID: id, from: window) }
            return
        }
        var title = "", listID = ""
        if case .list(let c)? = window.frame?.content {
            listID = c.list.id
            switch action {
            case .openTodo(let id), .complete(let id), .checkIn(let id, _): title = (c.pending + c.completed).first { $0.id == id }?.title ?? ""
            case .openList, .add: title = c.list.title
            }
        }
        do {
            let argv = try CommandWords.split(setting)
            try spawner.spawn(argv, extraEnvironment: OpenCommand.environment(for: action, title: title, listID: listID, widget: window.spec.name))
            log.info("spec=\(window.spec.name) [click] opened with \(argv[0])")
        } catch {
            log.error("spec=\(window.spec.name) widget.openCommand: \(error)")
        }
    }
}
