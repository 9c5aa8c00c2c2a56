import Foundation
import TaskTileCore
import TaskTileRuntime

/// The state and the rules both live widget hosts share — `tasktile-render watch`, whose frames
/// become PNG and hit-map pairs, and `tasktile-render desktop`, whose frames are drawn onto
/// surfaces (docs/widgets.md "Live widgets", docs/live-updates.md "Who uses it"). A host makes the
/// change source, hands each batch it reports to `apply(_:)`, and puts the frames the session
/// gives its `WidgetSink` where they go; everything else is decided here, once:
///
/// - **the store**: opened on first use, opened again after the change source reports
///   `everything` (replaced, restored, gone and back), its clock set to `clock()` before each use;
/// - **`themes.json`** and **the specs** (every `widgets/*.json`, or the files the host names):
///   reloaded when they change. A bad file is logged once per distinct error, naming the file and
///   the key, and **the last good widget stays**: while `themes.json` is bad no widget gets a new
///   frame, while a spec is bad its widget gets none; the first good parse lets frames through again;
/// - **which widgets a change affects** (`affected(by:)`): a commit only those showing the lists it
///   changed; a setting, `themes.json`, a minute, the day or a wake-up every widget;
/// - **the catch-up**: at every minute tick repeating todos whose cycle ended move on first
///   (`Store.catchUpRepeats()`), so cycle boundaries show at the minute they pass;
/// - **minute boundaries**: every widget gets a new frame, and its fingerprint (which holds each
///   due's label kind, `WidgetFingerprint`) decides whether the sink sees it, so exactly the widgets
///   whose `Today 18:00` turned `Overdue` are redrawn;
/// - **the flash schedule** (docs/widgets.md "Flash"): a todo completed within `Store.flashWindow`
///   is drawn as the flash frame until `flashDuration` after *this* widget first put it out; the
///   session asks its clock for a wake-up at that instant, once;
/// - **the clock**: one function, `clock()`, for content, due labels, the catch-up and flashes.
///
/// A frame goes to the sink only when its fingerprint differs from the one last put out for that
/// widget (or the sink says it needs one, a deleted PNG), so unaffected widgets are never touched.
/// Not thread-safe: the host's one loop calls it.
public final class WidgetSession {
    /// How long a widget shows a flash frame before the normal frame, seconds of the session's
    /// clock (docs/widgets.md "Flash").
    public static let flashDuration: TimeInterval = 1.5

    /// One spec file and what the session knows of it.
    public struct Widget {
        /// The spec file's path, as `DataDirectory.specFiles` gives it (absolute).
        public let file: String
        /// The last spec the file parsed to (nil: it has not parsed yet).
        public internal(set) var spec: WidgetSpec?
        /// Why the file does not parse now (nil: it does). Logged once per distinct message.
        public internal(set) var specError: String?
        /// Why the sink refuses the spec although it parses (another spec claims its PNG); nil: it
        /// does not. Logged once per distinct message.
        public internal(set) var refusal: String?
        /// The last frame made for the widget, put out or not.
        public internal(set) var frame: WidgetFrame?
        /// The fingerprint of the frame the sink last put on show (nil: none, or one must be put out again).
        var shownFingerprint: String?
        /// The last error making or putting out a frame, so a widget that keeps failing is logged once.
        var frameError: String?
        /// Todo id → its completion instant and when this widget first put out its flash frame.
        var flashes: [String: FlashShown] = [:]

        init(file: String) { self.file = file }

        /// Whether the widget gets frames: its file parses and the sink does not refuse it.
        public var isLive: Bool { spec != nil && specError == nil && refusal == nil }
    }

    /// When a widget first put out the flash frame of one completion.
    struct FlashShown: Equatable {
        /// The completion's instant (`ListContent.flashes`): a new completion of the same todo flashes again.
        var completedAt: Date
        /// When the frame showing it was first put out (the session's clock).
        var firstShown: Date

        /// When the widget draws the normal frame instead: `firstShown` + `flashDuration`.
        var end: Date { firstShown.addingTimeInterval(WidgetSession.flashDuration) }
    }

    /// The data directory: its store, `themes.json` and `widgets/`.
    public let directory: DataDirectory
    /// Spec files named on the command line (absolute, standardized); nil = every `widgets/*.json`,
    /// following additions and removals.
    public let givenSpecFiles: [String]?
    /// Where the session logs (the host's log).
    public let log: DaemonLog
    let time: any WidgetSessionClock
    unowned let sink: any WidgetSink

    var store: Store?
    /// Every theme of the last good `themes.json`, in file order.
    public private(set) var themes: [Theme] = []
    /// Why `themes.json` is bad now (nil: it is good).
    public private(set) var themesError: String?
    /// Spec file → its widget.
    public internal(set) var widgets: [String: Widget] = [:]
    /// Wake-ups already asked of the clock (each flash end is asked once).
    var askedWakeups: Set<Date> = []

    /// A session over `directory`; nothing is read until `start()`.
    /// - Parameters:
    ///   - specFiles: the spec files to show (relative ones against the working directory); nil =
    ///     every `widgets/*.json`.
    ///   - log: where log lines go.
    ///   - clock: "now", the zone and wake-ups: the host's `ChangeSource`.
    ///   - sink: where frames go. Not retained: the host owns the session, not the other way round.
    public init(directory: DataDirectory, specFiles: [String]? = nil, log: DaemonLog, clock: any WidgetSessionClock,
                sink: any WidgetSink) {
        self.directory = directory
        // Absolute, as the change source reports spec paths.
        let cwd = FileManager.default.currentDirectoryPath
        self.givenSpecFiles = specFiles.map { $0.map { (($0.hasPrefix("/") ? $0 : cwd + "/" + $0) as NSString).standardizingPath } }
        self.log = log
        self.time = clock
        self.sink = sink
    }

    // MARK: The clock and the store

    /// "Now" as the session counts it (the change source's: `TASKTILE_NOW` advancing with real
    /// time when set) in the user's zone: the one clock of content, due labels, catch-up and flashes.
    public func clock() -> Clock { Clock(now: time.now, timeZone: time.zone) }

    /// The store, opened on first use (and after `everything`), its clock set to `clock()`.
    /// - Returns: nil when it cannot be opened (logged: `store: …`); the next call tries again.
    public func openStore() -> Store? {
        let now = clock()
        if let store {
            store.clock = now
            return store
        }
        do {
            let opened = try Store.open(directory, clock: now)
            store = opened
            return opened
        } catch {
            log.error("store: \(error)")
            return nil
        }
    }

    // MARK: Themes and specs

    /// The spec files shown: the given ones, else every `widgets/*.json` there is now; with none and
    /// `showsBuiltInDefault`, the built-in `@today` widget (`WidgetSpec.builtInDefaultFile`).
    var specFiles: [String] {
        if let givenSpecFiles { return givenSpecFiles }
        let files = directory.specFiles
        return files.isEmpty && showsBuiltInDefault ? [WidgetSpec.builtInDefaultFile] : files
    }

    /// Whether a session without spec files shows `WidgetSpec.builtInDefault` until one is added (the
    /// desktop host: a newcomer's desktop is never empty). Default false (`watch` writes no PNG then).
    public var showsBuiltInDefault = false
    /// The language of the built-in widget (the host's, from the environment). Default English.
    public var builtInLanguage = Language.en

    /// Reads `themes.json` again. A bad one is logged (once per distinct error) and the last good
    /// themes stay; while it is bad no widget gets a new frame.
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

    /// Reads every spec file again. A spec that is gone has its widget removed from the sink; a
    /// spec that parses clears its error, whatever its content (a spec restored to exactly its
    /// last good content must render again); a bad one keeps its last good spec; the sink may
    /// refuse a spec that parses (`WidgetSink.refusal(for:among:)`).
    /// - Returns: the widgets whose frames may have changed: new, changed, valid again, no longer refused.
    @discardableResult
    func rescanSpecs() -> Set<String> {
        let files = specFiles
        var changed = Set<String>()
        for removed in Set(widgets.keys).subtracting(files).sorted() {
            if let widget = widgets.removeValue(forKey: removed) { sink.remove(widget) }
            log.info("spec removed: \(PathText.split(removed).name)")
        }
        for file in files {
            var widget = widgets[file] ?? Widget(file: file)
            do {
                let spec = file == WidgetSpec.builtInDefaultFile
                    ? WidgetSpec.builtInDefault(language: builtInLanguage) : try WidgetSpec.load(path: file)
                if file == WidgetSpec.builtInDefaultFile, widgets[file] == nil {
                    log.info("no widget specs in \(directory.widgetsPath): showing the built-in @today widget until one is added "
                             + "(copy one from WidgetSpecs/ or see docs/widgets.md \"Specs\")")
                }
                if widget.specError != nil {
                    log.info("[spec] \(PathText.split(file).name) is valid again")
                    changed.insert(file)
                }
                widget.specError = nil
                if widget.spec != spec {
                    let previous = widget.spec
                    widget.spec = spec
                    sink.load(spec, previous: previous, file: file)
                    changed.insert(file)
                }
            } catch {
                let message = "\(error)"
                if widget.specError != message {
                    log.error("[spec] \(message); \(widget.spec != nil ? "keeping the last good widget" : "not shown until fixed")")
                }
                widget.specError = message
            }
            widgets[file] = widget
        }
        let valid = files.compactMap { file in widgets[file].flatMap { $0.specError == nil ? $0.spec : nil } }
        for file in files {
            guard var widget = widgets[file], widget.specError == nil, let spec = widget.spec else { continue }
            let refusal = sink.refusal(for: spec, among: valid).map { "\($0)" }
            if let refusal, refusal != widget.refusal { log.error("[spec] \(refusal)") }
            if refusal == nil && widget.refusal != nil { changed.insert(file) }
            widget.refusal = refusal
            widgets[file] = widget
        }
        return changed
    }

    // MARK: Catch-up

    /// Repeating todos whose cycle ended move on (at minute ticks, before the widgets follow).
    func catchUp() {
        guard let store = openStore() else { return }
        do {
            let n = try store.catchUpRepeats()
            if n > 0 { log.info("[catch-up] advanced \(n) repeating todos") }
        } catch {
            log.error("[catch-up] \(error)")
        }
    }
}

extension WidgetSession {
    /// Creates the data directory and its `widgets/` (mode 0700) and starts the change source
    /// over them: what both hosts do before their loop (the desktop host before GTK starts its
    /// threads, which inherit the signal mask the change source sets).
    /// - Throws: `WidgetSessionError.cannotCreate` (exit 74) when a directory cannot be made,
    ///   `.badNow` (exit 64) for an unreadable `TASKTILE_NOW`, `.cannotWatch` (exit 74) when
    ///   inotify, epoll or the timer refuse.
    public static func changeSource(for directory: DataDirectory, environment: [String: String]) throws(WidgetSessionError) -> ChangeSource {
        do {
            try directory.ensureExists()
            try FileManager.default.createDirectory(atPath: directory.widgetsPath, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreate(path: directory.widgetsPath, reason: "\(error)")
        }
        do {
            return try ChangeSource(directory: directory, environment: environment)
        } catch let e as Clock.ClockError {
            throw .badNow("\(e)")
        } catch {
            throw .cannotWatch(path: directory.path, reason: "\(error)")
        }
    }

    /// Takes the instance lock at `path` (one host of a kind per data directory, docs/widgets.md).
    /// - Parameter whenHeld: the sentence logged when another process holds it.
    /// - Throws: `WidgetSessionError.alreadyRunning` (exit 75), `.lock` (exit 74) when the lock
    ///   file cannot be opened.
    public static func lock(_ path: String, whenHeld: @autoclosure () -> String) throws(WidgetSessionError) -> InstanceLock {
        do {
            guard let lock = try InstanceLock(path: path) else { throw WidgetSessionError.alreadyRunning(whenHeld()) }
            return lock
        } catch let e as WidgetSessionError {
            throw e
        } catch {
            throw .lock(path: path, reason: "\(error)")
        }
    }
}
