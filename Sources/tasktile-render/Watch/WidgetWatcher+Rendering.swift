import Foundation
import TaskTileCore
import TaskTileRender
import TaskTileRuntime

/// Drawing for `WidgetWatcher`: a pass over every spec that writes only the widgets whose
/// fingerprint changed, the `--on-render` hook, and the wake-ups that end flash frames.
extension WidgetWatcher {
    /// Renders every spec whose fingerprint changed.
    func renderPass(reason: String) {
        guard themesError == nil, let store = openStore() else { return }
        store.clock = currentClock(store.clock)
        let now = store.clock.now
        let pipeline = WidgetPipeline(dataDirectory: directory, store: store, themes: themes)
        var written: [String] = []
        for file in specs.keys.sorted() {
            guard var state = specs[file], let spec = state.spec, state.error == nil, state.conflict == nil else { continue }
            // Forget flashes whose window ended; exclude those shown for 1.5 s already.
            state.flashFirstShown = state.flashFirstShown.filter { now.timeIntervalSince(state.flashAt[$0.key] ?? now) < Store.flashWindow }
            let shown = Set(state.flashFirstShown.filter { now.timeIntervalSince($0.value) >= WidgetWatcher.flashDuration }.keys)
            do {
                let started = Date()
                let drawing = try pipeline.draw(spec, flashes: .animating(shown: shown))
                let fingerprint = WidgetWatcher.fingerprint(spec: spec, drawing: drawing, clock: store.clock)
                let path = try spec.checkedOutputPath(dataDirectory: directory)
                // Also when someone deleted the PNG or its directory: the next pass (at the latest
                // the minute tick) puts it back.
                if fingerprint != state.fingerprint || !FileManager.default.fileExists(atPath: path)
                    || !FileManager.default.fileExists(atPath: WidgetSpec.hitMapPath(forPNG: path)) {
                    try WidgetOutput.write(drawing.widget, to: path)
                    if let old = state.writtenPath, old != path { removeOutput(old, spec: spec.name) }
                    state.writtenPath = path
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
    static func fingerprint(spec: WidgetSpec, drawing: WidgetDrawing, clock: Clock) -> String {
        WidgetFingerprint.of(spec: spec, theme: drawing.theme, content: drawing.content, flashing: Set(drawing.flashes.keys), clock: clock)
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
