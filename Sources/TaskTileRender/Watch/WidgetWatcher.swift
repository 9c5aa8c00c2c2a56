import Foundation
import TaskTileCore

/// `tasktile-render watch` (SPEC §5.5): renders every spec, then re-renders exactly the widgets
/// whose picture would change when
/// - another process commits to the store (inotify on the data directory sees `tasktile.sqlite-wal`
///   change; `PRAGMA data_version` confirms a commit by another connection),
/// - `themes.json` or a spec in `widgets/` changes (specs added or removed too),
/// - a flash frame has been shown for 1.5 s (SPEC §5.4), a minute boundary passes, or a repeating
///   todo's cycle boundary passes (catch-up runs, then the widgets follow).
///
/// Bursts are debounced: after the first change the watcher waits for `quietPeriod` without new
/// changes (at most `maximumDelay`), then renders once from the latest snapshot. A widget is
/// re-rendered only when its *fingerprint* (spec, theme, the todos it can show, the flash set)
/// differs from the one last written, so unaffected widgets are never touched.
/// A bad theme or spec is logged with file and key; the last good PNG stays and the watcher goes on.
public final class WidgetWatcher {
    /// Seconds of silence that end a burst of changes.
    public var quietPeriod: Double = 0.005
    /// Longest wait after the first change of a burst, seconds.
    public var maximumDelay: Double = 0.05
    /// How long a flash frame stays before the normal frame (SPEC §5.4), seconds.
    public static let flashDuration: Double = 1.5

    let directory: DataDirectory
    let environment: [String: String]
    let log: (String) -> Void
    let onRender: [String]?
    private var store: Store?
    private var themes: [Theme] = []
    private var themesError: String?
    private var specs: [String: SpecState] = [:]
    private var lastDataVersion = -1
    private var children: [Process] = []

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
    public init(directory: DataDirectory, environment: [String: String], onRender: [String]?, log: @escaping (String) -> Void) {
        self.directory = directory
        self.environment = environment
        self.onRender = onRender
        self.log = log
    }

    /// Runs until SIGTERM or SIGINT. Returns the exit code: 0 after a signal, 75 when another watcher
    /// holds the data directory, 74 when the directory cannot be watched.
    public func run() -> Int32 {
        do { try directory.ensureExists() } catch {
            log(logLine("error", "cannot create \(directory.path): \(error)"))
            return 74
        }
        let lock: InstanceLock
        do {
            guard let l = try InstanceLock(path: directory.path + "/render.lock") else {
                log(logLine("error", "another tasktile-render watch is running for \(directory.path)"))
                return 75
            }
            lock = l
        } catch {
            log(logLine("error", "\(error)"))
            return 74
        }
        defer { lock.release() }
        TerminationSignal.install()
        let watcher: DirectoryWatcher
        do {
            watcher = try DirectoryWatcher()
            try FileManager.default.createDirectory(atPath: directory.widgetsPath, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try watcher.watch(directory: directory.path)
            try watcher.watch(directory: directory.widgetsPath)
        } catch {
            log(logLine("error", "cannot watch \(directory.path): \(error)"))
            return 74
        }
        log(logLine("info", "watching \(directory.path)"))
        reloadThemes()
        rescanSpecs()
        renderPass(reason: "start")
        var nextMinute = nextMinuteBoundary(after: clockNow())
        while !TerminationSignal.requested {
            let now = clockNow()
            let wake = nextWake(now: now, minute: nextMinute)
            let ready = watcher.wait(timeout: max(0, wake.timeIntervalSince(now)))
            if TerminationSignal.requested { break }
            var reason = "timer"
            var relevant = !ready
            if ready {
                // Debounce: keep draining until the burst is quiet.
                let start = Date()
                var changes = watcher.drain()
                while Date().timeIntervalSince(start) < maximumDelay, watcher.wait(timeout: quietPeriod) {
                    changes += watcher.drain()
                }
                relevant = handle(changes)
                reason = "change"
            }
            if clockNow() >= nextMinute {
                nextMinute = nextMinuteBoundary(after: clockNow())
                reason = "minute"
                catchUp()
                relevant = true
            }
            if relevant { renderPass(reason: reason) }
            reapChildren()
        }
        log(logLine("info", "stopping"))
        return 0
    }

    // MARK: Changes

    /// Applies file changes; returns true when something relevant changed.
    func handle(_ changes: [DirectoryWatcher.Change]) -> Bool {
        var relevant = false
        var specsChanged = false
        var storeTouched = false
        for change in changes {
            if change.directory == directory.widgetsPath {
                if change.name.hasSuffix(".json") && !change.name.hasPrefix(".") { specsChanged = true }
            } else if change.name == ThemeStore.fileName {
                reloadThemes(); relevant = true
            } else if change.name.hasPrefix("tasktile.sqlite") {
                storeTouched = true
            }
        }
        // A WAL change counts only when `PRAGMA data_version` confirms another connection committed
        // (checkpoints and our own reads touch the files too).
        if storeTouched, let store = openStore(), let version = try? store.dataVersion(), version != lastDataVersion {
            lastDataVersion = version
            relevant = true
        }
        if specsChanged { rescanSpecs(); relevant = true }
        return relevant
    }

    func openStore() -> Store? {
        if let store { return store }
        do {
            let s = try Store.open(directory, clock: try Clock.fromEnvironment(environment))
            store = s
            return s
        } catch {
            log(logLine("error", "store: \(error)"))
            return nil
        }
    }

    func reloadThemes() {
        do {
            themes = try ThemeStore(dataDirectory: directory).load()
            if themesError != nil { log(logLine("info", "themes.json is valid again")) }
            themesError = nil
        } catch {
            let message = "\(error)"
            if message != themesError { log(logLine("error", "[themes] \(message); keeping the last good widgets")) }
            themesError = message
        }
    }

    func rescanSpecs() {
        let files = Set(WidgetPipeline.specFiles(in: directory))
        for removed in Set(specs.keys).subtracting(files) {
            specs[removed] = nil
            log(logLine("info", "spec removed: \((removed as NSString).lastPathComponent)"))
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
                if specs[file]?.error != message { log(logLine("error", "[spec] \(message); keeping the last good widget")) }
                var state = specs[file] ?? SpecState()
                state.error = message
                specs[file] = state
            }
        }
    }

    func catchUp() {
        guard let store = openStore() else { return }
        store.clock = (try? Clock.fromEnvironment(environment)) ?? store.clock
        do {
            let n = try store.catchUpRepeats()
            if n > 0 { log(logLine("info", "[catch-up] advanced \(n) repeating todos")) }
        } catch {
            log(logLine("error", "[catch-up] \(error)"))
        }
    }

    // MARK: Rendering

    /// Renders every spec whose fingerprint changed.
    func renderPass(reason: String) {
        guard themesError == nil, let store = openStore() else { return }
        store.clock = (try? Clock.fromEnvironment(environment)) ?? store.clock
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
                    log(logLine("info", "spec=\(spec.name) [\(reason)] wrote \((path as NSString).lastPathComponent) (\(String(format: "%.1f", ms)) ms)"))
                }
                for (id, at) in drawing.flashes where state.flashFirstShown[id] == nil {
                    state.flashFirstShown[id] = now
                    state.flashAt[id] = at
                }
            } catch {
                let message = "\(error)"
                if message != state.lastRenderError {
                    log(logLine("error", "spec=\(spec.name) \(message); keeping the last good widget"))
                }
                state.lastRenderError = message
                if let e = error as? StoreError, case .busy = e {} else { state.fingerprint = nil }
            }
            specs[file] = state
        }
        if !written.isEmpty, let argv = onRender, let program = argv.first {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: program.contains("/") ? program : WidgetWatcher.which(program) ?? program)
            p.arguments = Array(argv.dropFirst())
            var env = ProcessInfo.processInfo.environment
            env["TASKTILE_RENDERED"] = written.joined(separator: "\n")
            p.environment = env
            do { try p.run(); children.append(p) } catch { log(logLine("error", "--on-render \(program): \(error)")) }
        }
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

    func nextWake(now: Date, minute: Date) -> Date {
        var wake = minute
        for state in specs.values {
            for (id, first) in state.flashFirstShown {
                let end = first.addingTimeInterval(WidgetWatcher.flashDuration)
                if end > now { wake = min(wake, end) }
                if let at = state.flashAt[id] {
                    let expiry = at.addingTimeInterval(Store.flashWindow)
                    if expiry > now { wake = min(wake, expiry) }
                }
            }
        }
        return wake
    }

    func clockNow() -> Date { (try? Clock.fromEnvironment(environment).now) ?? Date() }

    func nextMinuteBoundary(after date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60)
    }

    func reapChildren() { children.removeAll { !$0.isRunning } }

    func logLine(_ level: String, _ message: String) -> String {
        let zone = Clock.timeZone(environment: environment)
        let now = Date()
        let wall = ZonedClock.wallClock(of: now, in: zone)
        let offset = ZonedClock.offsetText(zone.secondsFromGMT(for: now)).replacingOccurrences(of: ":", with: "")
        return "\(wall)\(offset) \(level) tasktile-render: \(message)\n"
    }

    static func which(_ program: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/\(program)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }
}
