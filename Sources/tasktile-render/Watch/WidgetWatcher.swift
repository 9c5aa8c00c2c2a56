import Foundation
import TaskTileCore
import TaskTileRender
import TaskTileRuntime

/// `tasktile-render watch` (docs/widgets.md "Live widgets"): the `WidgetSession` whose frames
/// become PNG and hit-map pairs. The session decides when a widget needs a frame and what it
/// shows; this type is the loop around the change source and the sink that writes the files:
/// - each frame is written atomically to the spec's checked output path (also when someone
///   deleted the PNG or its hit map: the next pass, at the latest the minute tick, puts it back);
/// - two specs claiming one name or PNG are both refused (docs/widgets.md "Output files");
/// - the files written for a spec that is removed, or whose output moved, are removed;
/// - after a pass that wrote files, the `--on-render` hook runs (docs/widgets.md "Hooks").
final class WidgetWatcher: WidgetSink {
    let directory: DataDirectory
    let environment: [String: String]
    let log: DaemonLog
    let onRender: [String]?
    /// The language of the sentences that end the watcher (a second watcher, a directory that cannot be watched).
    let localizer: Localizer
    let spawner = ProcessSpawner()
    /// Spec file → the PNG this watcher last wrote for it.
    var written: [String: String] = [:]

    /// A watcher for `directory`. `onRender` is an argv run after each pass that wrote files (no shell).
    /// - Parameter log: receives each log line (with its newline) for stderr.
    init(directory: DataDirectory, environment: [String: String], onRender: [String]?, localizer: Localizer,
         log: @escaping (String) -> Void) {
        self.directory = directory
        self.environment = environment
        self.onRender = onRender
        self.localizer = localizer
        self.log = DaemonLog(program: "tasktile-render", zone: Clock.timeZone(environment: environment), write: log)
    }

    /// Runs until SIGTERM or SIGINT: `.success` after a signal, `.busy` (75) when another watcher
    /// holds the data directory, `.ioError` (74) when it cannot be created or watched, `.usage`
    /// (64) for a bad `TASKTILE_NOW`.
    func run() -> ExitCode {
        let source: ChangeSource, lock: InstanceLock
        do throws(WidgetSessionError) {
            source = try WidgetSession.changeSource(for: directory, environment: environment)
            let path = directory.path + "/render.lock"
            let pid = InstanceLock.holder(of: path).map { localizer.text(.errorPid, $0) } ?? ""
            lock = try WidgetSession.lock(
                path, whenHeld: localizer.text(.watchErrorAlreadyRunning, directory.path, pid))
        } catch {
            log.error(error.message(localizer))
            return error.exitCode
        }
        defer { lock.release() }
        let session = WidgetSession(directory: directory, log: log, clock: source, sink: self)
        log.info("watching \(directory.path)")
        session.start()
        while true {
            let changes = source.next(timeout: nil)
            if changes.terminate { break }
            session.apply(changes)
        }
        log.info("stopping")
        return .success
    }

    // MARK: WidgetSink

    func refusal(for spec: WidgetSpec, among specs: [WidgetSpec]) -> Error? {
        spec.outputConflict(among: specs, dataDirectory: directory)
    }

    func remove(_ widget: WidgetSession.Widget) {
        if let path = written.removeValue(forKey: widget.file) { removeOutput(path, spec: PathText.split(widget.file).name) }
    }

    func needsFrame(_ frame: WidgetFrame, file: String) -> Bool {
        guard let path = try? frame.spec.checkedOutputPath(dataDirectory: directory) else { return true }
        return !FileManager.default.fileExists(atPath: path) || !FileManager.default.fileExists(atPath: WidgetSpec.hitMapPath(forPNG: path))
    }

    func present(_ frame: WidgetFrame, file: String, reason: String) throws -> Bool {
        let started = Date()
        let path = try frame.spec.checkedOutputPath(dataDirectory: directory)
        try WidgetOutput.write(try frame.render(), to: path)
        if let old = written[file], old != path { removeOutput(old, spec: frame.spec.name) }
        written[file] = path
        let ms = Date().timeIntervalSince(started) * 1000
        log.info("spec=\(frame.spec.name) [\(reason)] wrote \(PathText.split(path).name) (\(String(format: "%.1f", ms)) ms)")
        return true
    }

    func passEnded(presented: [String]) {
        guard !presented.isEmpty, let argv = onRender else { return }
        // The hook learns what was written and which data directory (docs/widgets.md "Hooks").
        let paths = presented.compactMap { written[$0] }
        do {
            try spawner.spawn(argv, extraEnvironment: ["TASKTILE_RENDERED": paths.joined(separator: "\n"),
                                                       "TASKTILE_DATA_DIR": directory.path])
        } catch {
            log.error("--on-render \(argv[0]): \(error)")
        }
    }

    /// Removes a PNG this watcher wrote and its hit map (only when the hit map is ours).
    func removeOutput(_ path: String, spec name: String) {
        for removed in WidgetOutput.remove(pngPath: path) {
            log.info("spec=\(name) removed \(PathText.split(removed).name)")
        }
    }
}
