import Foundation
import TaskTileCore
import TaskTileRuntime

/// Passes of a `WidgetSession`: which widgets a batch of changes affects, their frames, and the
/// wake-ups that end flash frames.
extension WidgetSession {
    /// Loads `themes.json` and every spec and puts out every widget's first frame (reason `start`).
    public func start() {
        reloadThemes()
        rescanSpecs()
        refresh(reason: "start")
    }

    /// Applies one batch of the change source: the store is opened again after `everything`,
    /// `themes.json` and the specs are read again when they changed, the repeat catch-up runs at
    /// a minute tick, and then the affected widgets (`affected(by:)`, plus those whose spec
    /// changed) get new frames. `terminate` and `hangUp` are the host's to act on.
    public func apply(_ changes: ChangeSource.Changes) {
        if changes.everything { store = nil }
        if changes.themes { reloadThemes() }
        var files = affected(by: changes)
        if !changes.specs.isEmpty { files.formUnion(rescanSpecs()) }
        if changes.minute || changes.day { catchUp() }
        guard !files.isEmpty else { return }
        refresh(files.sorted(), reason: Self.reason(for: changes))
    }

    /// The widgets (spec files) whose picture `changes` can change: all of them for `everything`,
    /// a setting (the language, …), `themes.json`, a minute or the day (due labels, the catch-up,
    /// a grid's today) and a wake-up (a flash ends); for a commit, those that showed one of the
    /// changed lists, and those that showed a missing list (a list added or renamed may be the
    /// one they name) or have no frame yet. Whether a widget is *redrawn* is then up to its
    /// fingerprint.
    public func affected(by changes: ChangeSource.Changes) -> Set<String> {
        let all = changes.everything || changes.settings || changes.themes || changes.minute || changes.day || changes.timer
        if all { return Set(widgets.keys) }
        guard !changes.lists.isEmpty else { return [] }
        return Set(widgets.values.filter { Self.shows($0.frame?.content, anyOf: changes.lists) }.map(\.file))
    }

    /// Whether a widget that last showed `content` can show something else after `lists` changed.
    static func shows(_ content: WidgetContent?, anyOf lists: Set<String>) -> Bool {
        switch content {
        // A smart list (`@today`, `#tag`: its stand-in list id is the view's reference, not a list id)
        // spans every list: any list's change may change it.
        case .list(let c)?: !Store.isID(c.list.id) || lists.contains(c.list.id)
        case .grid(let report)?: lists.contains(report.challenge.listId)
        case .missingList?, nil: true
        case .setup?: false // names no list: only its spec, the theme or the language change it
        }
    }

    /// The reason a batch's frames give in the log.
    static func reason(for changes: ChangeSource.Changes) -> String {
        if changes.store || changes.themes || !changes.specs.isEmpty { return "change" }
        if changes.minute || changes.day { return "minute" }
        if changes.timer { return "flash end" }
        return "change"
    }

    /// Forgets what was put out for `file`, so its next frame goes to the sink even when it shows
    /// the same (a surface made again on another output).
    public func invalidate(_ file: String) {
        widgets[file]?.shownFingerprint = nil
    }

    /// Makes a frame for each of `files` (nil: every widget, in file order) and puts out those whose
    /// fingerprint differs from the one last put out, or that the sink needs; then asks for the
    /// wake-ups that end the flash frames on show. Nothing happens while `themes.json` is bad or
    /// the store cannot be opened: the last good widgets stay.
    /// - Parameter reason: for the log (`start`, `change`, `minute`, `flash end`, `click`, …).
    public func refresh(_ files: [String]? = nil, reason: String) {
        guard themesError == nil, let store = openStore() else { return }
        let clock = store.clock
        var presented: [String] = []
        for file in files ?? widgets.keys.sorted() {
            guard var widget = widgets[file], widget.isLive else { continue }
            if put(&widget, store: store, clock: clock, reason: reason) { presented.append(file) }
            widgets[file] = widget
        }
        sink.passEnded(presented: presented)
        askForFlashEnds(now: clock.now)
    }

    /// One widget's frame: made, put out when it changed. A frame that cannot be made (the store
    /// busy, a theme the spec names that does not exist) keeps the last one on show; one that
    /// cannot be put out is put out again next time. Each distinct error is logged once.
    /// - Returns: whether a frame was put on show.
    private func put(_ widget: inout Widget, store: Store, clock: Clock, reason: String) -> Bool {
        guard let spec = widget.spec else { return false }
        let frame: WidgetFrame
        do {
            frame = try makeFrame(spec, flashes: widget.flashes, store: store, clock: clock)
        } catch {
            failed(&widget, spec: spec, error)
            return false
        }
        widget.frame = frame
        // Forget flashes whose window ended (or that were completed again: a new instant).
        var completions: [String: Date] = [:]
        if case .list(let c) = frame.content { completions = c.flashes }
        widget.flashes = widget.flashes.filter { completions[$0.key] == $0.value.completedAt }
        var shown = false
        if frame.fingerprint != widget.shownFingerprint || sink.needsFrame(frame, file: widget.file) {
            do {
                shown = try sink.present(frame, file: widget.file, reason: reason)
            } catch {
                widget.shownFingerprint = nil
                failed(&widget, spec: spec, error)
                return false
            }
            widget.shownFingerprint = shown ? frame.fingerprint : nil
            if !shown { widget.frameError = nil; return false }
        }
        widget.frameError = nil
        // On show now (just put out, or unchanged): the flash frames in it count from now.
        for id in frame.flashing where widget.flashes[id] == nil {
            if let at = completions[id] { widget.flashes[id] = FlashShown(completedAt: at, firstShown: clock.now) }
        }
        return shown
    }

    private func failed(_ widget: inout Widget, spec: WidgetSpec, _ error: Error) {
        let message = "\(error)"
        if message != widget.frameError { log.error("spec=\(spec.name) \(message); keeping the last good widget") }
        widget.frameError = message
    }

    /// The frame of `spec` now: its theme, its content in one snapshot, and as the flash frame each
    /// todo completed within the flash window that this widget has not shown for `flashDuration` yet.
    /// - Throws: `DataFileError` (key `theme`) for a theme `themes.json` does not have, `StoreError`.
    func makeFrame(_ spec: WidgetSpec, flashes shown: [String: FlashShown], store: Store, clock: Clock) throws -> WidgetFrame {
        let theme = try WidgetPipeline(dataDirectory: directory, store: store, themes: themes).theme(for: spec)
        let content = try WidgetContent.read(for: spec, from: store)
        var flashing = Set<String>()
        if case .list(let c) = content {
            flashing = Set(c.flashes.filter { id, at in Self.isFlashing(shown[id], completedAt: at, now: clock.now) }.keys)
        }
        return WidgetFrame(spec: spec, theme: theme, content: content, flashing: flashing, clock: clock)
    }

    /// The flash rule: a completion is drawn as the flash frame until `flashDuration` after the
    /// widget first put it out (a completion it has not put out yet: yes). Compared as instants,
    /// the same `end` the wake-up is asked for, so the wake-up always ends it.
    static func isFlashing(_ shown: FlashShown?, completedAt: Date, now: Date) -> Bool {
        guard let shown, shown.completedAt == completedAt else { return true }
        return now < shown.end
    }

    /// Asks the clock to wake the host when a flash frame on show ends, once per instant.
    func askForFlashEnds(now: Date) {
        askedWakeups = askedWakeups.filter { $0 > now }
        for widget in widgets.values {
            for flash in widget.flashes.values where flash.end > now && askedWakeups.insert(flash.end).inserted {
                time.wake(at: flash.end)
            }
        }
    }
}
