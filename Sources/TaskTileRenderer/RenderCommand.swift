import Foundation
import TaskTileCore
import TaskTileRender
import TaskTileRuntime

/// The `tasktile-render` command line (SPEC §5.5, §10, §11), callable in-process by tests.
///
/// `tasktile-render [--data-dir DIR] once [SPEC…]`: renders each spec file given (default: every
/// `*.json` in `<dataDir>/widgets/`), printing one line per PNG written (its path). Exit codes:
/// 0 success, 1 no specs to render, 64 usage, 65 bad spec or theme, 73 cannot create output,
/// 74 store or file I/O, 75 store busy. With several specs, every spec is tried and the first
/// failure's code is returned.
public struct RenderCommand {
    /// The version printed by `--version`.
    public static let version = "0.1.0"

    /// Arguments after the program name.
    public var arguments: [String]
    /// The environment (`TASKTILE_DATA_DIR`, `XDG_DATA_HOME`, `HOME`, `TASKTILE_NOW`, `TZ`).
    public var environment: [String: String]
    /// Receives standard output text (each call one or more whole lines, newline included).
    public var output: (String) -> Void
    /// Receives standard error text.
    public var errorOutput: (String) -> Void

    /// A command ready to `run()`; nothing is read or written until then.
    public init(arguments: [String], environment: [String: String],
                output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void) {
        self.arguments = arguments; self.environment = environment
        self.output = output; self.errorOutput = errorOutput
    }

    /// The usage line printed with usage errors.
    public static let usage = "tasktile-render [--data-dir DIR] once [SPEC…] | watch [--on-render CMD] | click SPEC X Y"

    /// The `--help` text (OVERVIEW / USAGE / SUBCOMMANDS / ARGUMENTS / OPTIONS).
    public static let help = """
        OVERVIEW: Draw tasktile widgets as PNG images with click maps.

        USAGE: \(usage)

        SUBCOMMANDS:
          once [SPEC…]        Render the given widget spec files (default: every *.json in
                              <data-dir>/widgets/) and print the path of each PNG written.
                              Each PNG gets a <name>.hits.json click map beside it.

          watch               Render every spec, then re-render exactly the affected widgets when
                              the store commits, themes.json or a spec changes, a flash ends, a
                              minute or a repeat's cycle boundary passes. Runs until SIGTERM/SIGINT.
            --on-render CMD   Run CMD (split on spaces, no shell) after each pass that wrote PNGs;
                              the paths are in $TASKTILE_RENDERED, one per line.
          click SPEC X Y      Resolve a click at PNG pixel (X, Y) of SPEC's image through its hit
                              map: a pending checkbox completes that todo (by id); a row or the
                              header prints its open action; outside every region exits 1.

        ARGUMENTS:
          SPEC                Path of a widget spec JSON file (keys, see README "Widgets": version, name,
                              family, list, theme, mode, scale, lang, width, height, output).

        OPTIONS:
          --data-dir DIR      Data directory (default: $TASKTILE_DATA_DIR, else
                              $XDG_DATA_HOME/tasktile, else ~/.local/share/tasktile).
          -h, --help          Show this help.
          --version           Show the version.

        EXIT CODES: 0 ok, 1 no specs, 64 usage, 65 bad spec or theme, 73 cannot create output,
          74 store or file I/O, 75 store busy.

        """

    /// Parses and runs; returns the process exit code.
    public func run() -> Int32 {
        var dataDir: String?
        var positional: [String] = []
        var i = 0
        var optionsEnded = false
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            if optionsEnded || !a.hasPrefix("-") || a == "-" { positional.append(a); continue }
            switch a {
            case "--": optionsEnded = true
            case "-h", "--help": output(RenderCommand.help); return 0
            case "--version": output("tasktile-render \(RenderCommand.version)\n"); return 0
            case "--data-dir":
                guard i < arguments.count else { return usageError("--data-dir needs a directory") }
                dataDir = arguments[i]; i += 1
            default:
                if a.hasPrefix("--data-dir=") { dataDir = String(a.dropFirst("--data-dir=".count)); continue }
                // watch's own option travels with the positionals (its value may start with '-').
                if a == "--on-render" {
                    positional.append(a)
                    if i < arguments.count { positional.append(arguments[i]); i += 1 }
                    continue
                }
                if a.hasPrefix("--on-render=") { positional.append(a); continue }
                return usageError("unknown option \(a)")
            }
        }
        guard let sub = positional.first else { return usageError("missing subcommand (accepted: once)") }
        switch sub {
        case "help": output(RenderCommand.help); return 0
        case "once": return once(specs: Array(positional.dropFirst()), dataDir: dataDir)
        case "watch":
            var onRender: [String]?
            var rest = Array(positional.dropFirst())
            if let i = rest.firstIndex(where: { $0 == "--on-render" || $0.hasPrefix("--on-render=") }) {
                let value: String
                if rest[i] == "--on-render" {
                    guard i + 1 < rest.count else { return usageError("--on-render needs a command") }
                    value = rest[i + 1]; rest.removeSubrange(i...i + 1)
                } else {
                    value = String(rest[i].dropFirst("--on-render=".count)); rest.remove(at: i)
                }
                onRender = value.split(separator: " ").map(String.init)
                guard onRender?.isEmpty == false else { return usageError("--on-render needs a command") }
            }
            guard rest.isEmpty else { return usageError("unexpected argument '\(rest[0])' for watch") }
            let directory = DataDirectory.resolve(explicit: dataDir, environment: environment)
            return WidgetWatcher(directory: directory, environment: environment, onRender: onRender, log: errorOutput).run()
        case "click":
            let args = Array(positional.dropFirst())
            guard args.count == 3 else { return usageError("click needs SPEC X Y (a spec file and a pixel position)") }
            guard let x = Double(args[1]), let y = Double(args[2]), x.isFinite, y.isFinite, x >= 0, y >= 0, x < 1e6, y < 1e6 else {
                return usageError("'\(args[1]) \(args[2])' is not a pixel position (accepted: two numbers ≥ 0, e.g. 40 120)")
            }
            return click(specFile: args[0], x: Int(x), y: Int(y), dataDir: dataDir)
        default: return usageError("unknown subcommand '\(sub)' (accepted: once, watch, click)")
        }
    }

    private func usageError(_ message: String) -> Int32 {
        errorOutput("tasktile-render: error: \(message)\nUsage: \(RenderCommand.usage)\nSee 'tasktile-render --help'.\n")
        return 64
    }

    private func once(specs given: [String], dataDir: String?) -> Int32 {
        let directory = DataDirectory.resolve(explicit: dataDir, environment: environment)
        let files = given.isEmpty ? WidgetPipeline.specFiles(in: directory) : given
        guard !files.isEmpty else {
            errorOutput("tasktile-render: no widget specs in \(directory.widgetsPath) (add a *.json spec there or name spec files)\n")
            return 1
        }
        let pipeline: WidgetPipeline
        do {
            let clock = try Clock.fromEnvironment(environment)
            let store = try Store.open(directory, clock: clock)
            let themes = try ThemeStore(dataDirectory: directory).load()
            pipeline = WidgetPipeline(dataDirectory: directory, store: store, themes: themes)
        } catch {
            return fail(error)
        }
        var status: Int32 = 0
        for file in files {
            do {
                let spec = try WidgetSpec.load(path: file)
                let path = try pipeline.render(spec).pngPath
                output(path + "\n")
            } catch {
                let code = fail(error, file: file)
                if status == 0 { status = code }
            }
        }
        return status
    }

    /// `click SPEC X Y` (SPEC §5.3): only a pending checkbox completes, by todo id, through the same
    /// completion function as the intent command (`Store.complete(todoID:source:)`); then the
    /// widgets are drawn again so the flash frame shows at once even without a watcher.
    private func click(specFile: String, x: Int, y: Int, dataDir: String?) -> Int32 {
        let directory = DataDirectory.resolve(explicit: dataDir, environment: environment)
        do {
            let spec = try WidgetSpec.load(path: specFile)
            let hitsPath = WidgetSpec.hitMapPath(forPNG: spec.outputPath(dataDirectory: directory))
            let bytes: [UInt8]
            do { bytes = try Posix.readFile(hitsPath) } catch {
                errorOutput("tasktile-render: error: no hit map at \(hitsPath) (render the widget first: tasktile-render once \(specFile))\n")
                return 1
            }
            guard let json = try? JSONValue.parse(bytes), let map = HitMap(json: json) else {
                errorOutput("tasktile-render: error: \(hitsPath) is not a hit map (render the widget again)\n")
                return 65
            }
            guard let region = map.region(atX: x, y: y) else {
                errorOutput("tasktile-render: nothing at (\(x), \(y)) in \(spec.name) (\(map.width)×\(map.height) px)\n")
                return 1
            }
            switch region.action {
            case .openTodo(let id): output("open todo \(id)\n"); return 0
            case .openList(let id): output("open list \(id)\n"); return 0
            case .complete(let id):
                let store = try Store.open(directory, clock: try Clock.fromEnvironment(environment))
                let result: CompletionResult
                do {
                    result = try TodoCompletion.complete(todoID: id, source: .widget, store: store, environment: environment)
                } catch let e as StoreError {
                    switch e {
                    case .alreadyCompleted, .todoNotFound:
                        errorOutput("tasktile-render: \(e)\n")
                        return 1
                    default: throw e
                    }
                }
                output("completed todo \(id) \"\(result.todo.title)\" in \(result.listTitle)\n")
                let themes = try ThemeStore(dataDirectory: directory).load()
                let pipeline = WidgetPipeline(dataDirectory: directory, store: store, themes: themes)
                var files = Set(WidgetPipeline.specFiles(in: directory))
                files.insert(specFile)
                let specs = files.sorted().compactMap { try? WidgetSpec.load(path: $0) }
                for other in specs { _ = try? pipeline.render(other) }
                // Without a watcher nobody would ever draw the normal frame after the flash
                // (SPEC §5.4): when no `watch` holds the data directory, do it here, 1.5 s later.
                if let lock = try? InstanceLock(path: directory.path + "/render.lock") {
                    _ = TerminationSource.wait(seconds: WidgetWatcher.flashDuration)
                    for other in specs { _ = try? pipeline.render(other, excludingFlashes: [id]) }
                    lock.release()
                }
                return 0
            }
        } catch {
            return fail(error, file: specFile)
        }
    }

    /// Prints `tasktile-render: error: …` and returns the exit code for `error` (SPEC §10).
    private func fail(_ error: Error, file: String? = nil) -> Int32 {
        var message = String(describing: error)
        if let file, error is FileError { message = "cannot read spec \(file): \(message)" }
        errorOutput("tasktile-render: error: \(message)\n")
        return RenderCommand.exitCode(for: error)
    }

    /// The exit code for an error (SPEC §10).
    public static func exitCode(for error: Error) -> Int32 {
        switch error {
        case is WidgetSpecError, is ThemeFileError: return 65
        case is OutputError, is CairoError: return 73
        case let e as StoreError:
            if case .busy = e { return 75 }
            return 74
        case is Clock.ClockError: return 64
        default: return 74
        }
    }
}
