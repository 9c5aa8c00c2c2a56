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
    let spawner = ProcessSpawner()
    var source: ChangeSource?
    var store: Store?
    var themes: [Theme] = []
    var themesError: String?
    var specs: [String: SpecState] = [:]

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
        /// Why the spec is not rendered although it parses: an earlier spec claims its name or PNG.
        var conflict: String?
        /// The PNG this watcher last wrote for the spec: removed (with its hit map) when the spec
        /// goes away or its output moves (docs/widgets.md "Output files").
        var writtenPath: String?
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
                let path = directory.path + "/render.lock"
                log.error("another tasktile-render watch is running for \(directory.path)"
                          + (InstanceLock.holder(of: path).map { " (pid \($0))" } ?? ""))
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

    /// Reads every spec of `widgets/` again. Any successful parse clears a spec's error, whatever
    /// its content (a spec restored to exactly its last good content must render again); a spec
    /// that is gone has the files this watcher wrote for it removed; of two specs claiming one
    /// name or PNG the first (in file order) is rendered, the other logged and skipped.
    func rescanSpecs() {
        let files = Set(directory.specFiles)
        for removed in Set(specs.keys).subtracting(files) {
            if let path = specs[removed]?.writtenPath { removeOutput(path, spec: PathText.split(removed).name) }
            specs[removed] = nil
            log.info("spec removed: \(PathText.split(removed).name)")
        }
        for file in files {
            do {
                let spec = try WidgetSpec.load(path: file)
                var state = specs[file] ?? SpecState()
                if state.spec != spec { state.spec = spec }
                if state.error != nil { log.info("[spec] \(PathText.split(file).name) is valid again") }
                state.error = nil
                specs[file] = state
            } catch {
                let message = "\(error)"
                if specs[file]?.error != message { log.error("[spec] \(message); keeping the last good widget") }
                var state = specs[file] ?? SpecState()
                state.error = message
                specs[file] = state
            }
        }
        let valid = files.sorted().compactMap { file in specs[file].flatMap { $0.error == nil ? $0.spec : nil } }
        for file in files.sorted() {
            guard var state = specs[file] else { continue }
            guard state.error == nil, let spec = state.spec else { continue }
            let conflict = spec.outputConflict(among: valid, dataDirectory: directory).map { "\($0)" }
            if let conflict, conflict != state.conflict { log.error("[spec] \(conflict)") }
            state.conflict = conflict
            specs[file] = state
        }
    }

    /// Removes a PNG this watcher wrote and its hit map (only when the hit map is ours).
    func removeOutput(_ path: String, spec name: String) {
        for removed in WidgetOutput.remove(pngPath: path) {
            log.info("spec=\(name) removed \(PathText.split(removed).name)")
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
}
