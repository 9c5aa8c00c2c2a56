import Foundation
import TaskTileCore
import TaskTileRender
import TaskTileRuntime

/// `tasktile-render watch` (docs/widgets.md "Live widgets"): renders every spec, then re-renders
/// exactly the widgets whose picture would change, driven by the one `ChangeSource`:
/// - another process commits to the store (the lists it changed, or a setting),
/// - `themes.json` or a spec in `widgets/` changes (specs added or removed too),
/// - a flash frame has been shown for 1.5 s (a wake-up asked of the change source), a minute
///   boundary passes, or a repeating todo's cycle boundary passes (catch-up runs, then the
///   widgets follow).
///
/// A widget is re-rendered only when its *fingerprint* (spec, theme, the todos it can show, the
/// flash set) differs from the one last written, so unaffected widgets are never touched.
/// A bad theme or spec is logged with file and key; the last good PNG stays and the watcher goes on.
final class WidgetWatcher {
    /// How long a flash frame stays before the normal frame (docs/widgets.md "Flash"), seconds.
    static let flashDuration: Double = 1.5

    let directory: DataDirectory
    let environment: [String: String]
    let log: DaemonLog
    let onRender: [String]?
    private let spawner = ProcessSpawner()
    private var source: ChangeSource?
    private var store: Store?
    private var themes: [Theme] = []
    private var themesError: String?
    private var specs: [String: SpecState] = [:]

    struct SpecState {
        var spec: WidgetSpec?
        var error: String?
        var fingerprint: String?
        /// Flash todo id → when this watcher first drew it.
        var flashFirstShown: [String: Date] = [:]
        /// Flash todo id → its completion instant (to forget it when the window ends).
        var flashAt: [String: Date] = [:]
        /// The last render error logged, so a spec that keeps failing is logged once, not every pass.
        var lastRenderError: String?
    }

    /// A watcher for `directory`. `onRender` is an argv run after each pass that wrote files (no shell).
    /// - Parameter log: receives each log line (with its newline) for stderr.
    init(directory: DataDirectory, environment: [String: String], onRender: [String]?, log: @escaping (String) -> Void) {
        self.directory = directory
        self.environment = environment
        self.onRender = onRender
        self.log = DaemonLog(program: "tasktile-render", zone: Clock.timeZone(environment: environment), write: log)
    }

    /// Runs until SIGTERM or SIGINT. Returns the exit code: 0 after a signal, 75 when another watcher
    /// holds the data directory, 74 when the directory cannot be watched.
    func run() -> Int32 {
        do { try directory.ensureExists() } catch {
            log.error("cannot create \(directory.path): \(error)")
            return 74
        }
        let lock: InstanceLock
        do {
            guard let l = try InstanceLock(path: directory.path + "/render.lock") else {
                log.error("another tasktile-render watch is running for \(directory.path)")
                return 75
            }
            lock = l
        } catch {
            log.error("\(error)")
            return 74
        }
        defer { lock.release() }
        let source: ChangeSource
        do {
            try FileManager.default.createDirectory(atPath: directory.widgetsPath, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            source = try ChangeSource(directory: directory, environment: environment)
        } catch {
            log.error("cannot watch \(directory.path): \(error)")
            return 74
        }
        self.source = source
        log.info("watching \(directory.path)")
        reloadThemes()
        rescanSpecs()
        renderPass(reason: "start")
        while true {
            let changes = source.next(timeout: nil)
            if changes.terminate { break }
            var reason = "change"
            var relevant = changes.store || changes.timer
            if changes.themes { reloadThemes(); relevant = true }
            if !changes.specs.isEmpty { rescanSpecs(); relevant = true }
            if changes.everything { store = nil }
            if changes.minute {
                reason = changes.store ? "change" : "minute"
                catchUp()
                relevant = true
            } else if changes.timer && !changes.store {
                reason = "timer"
            }
            if relevant { renderPass(reason: reason) }
            spawner.reap()
        }
        log.info("stopping")
        return 0
    }

    // MARK: Changes

    func openStore() -> Store? {
        if let store { return store }
        do {
            let s = try Store.open(directory, clock: try Clock.fromEnvironment(environment))
            store = s
            return s
        } catch {
            log.error("store: \(error)")
            return nil
        }
    }

    func reloadThemes() {
        do {
            themes = try ThemeStore(dataDirectory: directory).load()
            if themesError != nil { log.info("themes.json is valid again") }
            themesError = nil
        } catch {
            let message = "\(error)"
            if message != themesError { log.error("[themes] \(message); keeping the last good widgets") }
            themesError = message
        }
    }

    func rescanSpecs() {
        let files = Set(WidgetPipeline.specFiles(in: directory))
        for removed in Set(specs.keys).subtracting(files) {
            specs[removed] = nil
            log.info("spec removed: \(PathText.split(removed).name)")
        }
        for file in files {
            do {
                let spec = try WidgetSpec.load(path: file)
                if specs[file]?.spec != spec {
                    var state = specs[file] ?? SpecState()
                    state.spec = spec
                    state.error = nil
                    specs[file] = state
                }
            } catch {
                let message = "\(error)"
                if specs[file]?.error != message { log.error("[spec] \(message); keeping the last good widget") }
                var state = specs[file] ?? SpecState()
                state.error = message
                specs[file] = state
            }
        }
    }

    func catchUp() {
        guard let store = openStore() else { return }
        store.clock = currentClock(store.clock)
        do {
            let n = try store.catchUpRepeats()
            if n > 0 { log.info("[catch-up] advanced \(n) repeating todos") }
        } catch {
            log.error("[catch-up] \(error)")
        }
    }

    // MARK: Rendering

    /// Renders every spec whose fingerprint changed.
    func renderPass(reason: String) {
        guard themesError == nil, let store = openStore() else { return }
        store.clock = currentClock(store.clock)
        let now = store.clock.now
        let pipeline = WidgetPipeline(dataDirectory: directory, store: store, themes: themes)
        var written: [String] = []
        for file in specs.keys.sorted() {
            guard var state = specs[file], let spec = state.spec, state.error == nil else { continue }
            // Forget flashes whose window ended; exclude those shown for 1.5 s already.
            state.flashFirstShown = state.flashFirstShown.filter { now.timeIntervalSince(state.flashAt[$0.key] ?? now) < Store.flashWindow }
            let shown = Set(state.flashFirstShown.filter { now.timeIntervalSince($0.value) >= WidgetWatcher.flashDuration }.keys)
            do {
                let started = Date()
                let drawing = try pipeline.draw(spec, excludingFlashes: shown)
                let fingerprint = WidgetWatcher.fingerprint(spec: spec, drawing: drawing)
                let path = spec.outputPath(dataDirectory: directory)
                // Also when someone deleted the PNG or its directory: the next pass (at the latest
                // the minute tick) puts it back.
                if fingerprint != state.fingerprint || !FileManager.default.fileExists(atPath: path)
                    || !FileManager.default.fileExists(atPath: WidgetSpec.hitMapPath(forPNG: path)) {
                    try WidgetOutput.write(drawing.widget, to: path)
                    state.fingerprint = fingerprint
                    state.lastRenderError = nil
                    written.append(path)
                    let ms = Date().timeIntervalSince(started) * 1000
                    log.info("spec=\(spec.name) [\(reason)] wrote \(PathText.split(path).name) (\(String(format: "%.1f", ms)) ms)")
                }
                for (id, at) in drawing.flashes where state.flashFirstShown[id] == nil {
                    state.flashFirstShown[id] = now
                    state.flashAt[id] = at
                }
            } catch {
                let message = "\(error)"
                if message != state.lastRenderError {
                    log.error("spec=\(spec.name) \(message); keeping the last good widget")
                }
                state.lastRenderError = message
                if let e = error as? StoreError, case .busy = e {} else { state.fingerprint = nil }
            }
            specs[file] = state
        }
        if !written.isEmpty, let argv = onRender {
            // The hook learns what was written and which data directory (docs/widgets.md "Hooks").
            do {
                try spawner.spawn(argv, extraEnvironment: ["TASKTILE_RENDERED": written.joined(separator: "\n"),
                                                           "TASKTILE_DATA_DIR": directory.path])
            } catch {
                log.error("--on-render \(argv[0]): \(error)")
            }
        }
        scheduleFlashWakeups(now: now)
    }

    /// What determines a widget's picture: the spec, the theme, the drawn rows and the flash set.
    static func fingerprint(spec: WidgetSpec, drawing: WidgetDrawing) -> String {
        var parts = ["\(spec)", drawing.theme.jsonValue.serialized(pretty: false)]
        switch drawing.content {
        case .setup: parts.append("setup")
        case .missingList(let r): parts.append("missing:\(r)")
        case .list(let c):
            parts.append("list:\(c.list.id):\(c.list.title)")
            for t in c.pending + c.completed {
                parts.append("\(t.id)|\(t.title)|\(t.isCompleted)|\(t.sortOrder)|\(t.due.map { "\($0)" } ?? "")")
            }
        }
        parts.append("flash:" + drawing.flashes.keys.sorted().joined(separator: ","))
        return parts.joined(separator: "\n")
    }

    /// Asks the change source to wake us when a flash has been shown for 1.5 s or its window ends.
    func scheduleFlashWakeups(now: Date) {
        guard let source else { return }
        for state in specs.values {
            for (id, first) in state.flashFirstShown {
                let end = first.addingTimeInterval(WidgetWatcher.flashDuration)
                if end > now { source.wake(at: end) }
                if let at = state.flashAt[id] {
                    let expiry = at.addingTimeInterval(Store.flashWindow)
                    if expiry > now { source.wake(at: expiry) }
                }
            }
        }
    }

    /// "Now" as the change source counts it (`TASKTILE_NOW` advancing with real time), in the user's zone.
    func currentClock(_ fallback: Clock) -> Clock {
        guard let source else { return fallback }
        return Clock(now: source.now, timeZone: source.zone)
    }
}
