import Foundation
import TaskTileCore

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
    public static let usage = "tasktile-render [--data-dir DIR] once [SPEC…]"

    /// The `--help` text (OVERVIEW / USAGE / SUBCOMMANDS / ARGUMENTS / OPTIONS).
    public static let help = """
        OVERVIEW: Draw tasktile widgets as PNG images with click maps.

        USAGE: \(usage)

        SUBCOMMANDS:
          once [SPEC…]        Render the given widget spec files (default: every *.json in
                              <data-dir>/widgets/) and print the path of each PNG written.
                              Each PNG gets a <name>.hits.json click map beside it.

        ARGUMENTS:
          SPEC                Path of a widget spec JSON file (SPEC §6.2 keys: version, name,
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
                return usageError("unknown option \(a)")
            }
        }
        guard let sub = positional.first else { return usageError("missing subcommand (accepted: once)") }
        switch sub {
        case "help": output(RenderCommand.help); return 0
        case "once": return once(specs: Array(positional.dropFirst()), dataDir: dataDir)
        case "watch", "click": return usageError("'\(sub)' is not available in this version (accepted: once)")
        default: return usageError("unknown subcommand '\(sub)' (accepted: once)")
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
                let (path, _) = try pipeline.render(spec)
                output(path + "\n")
            } catch {
                let code = fail(error, file: file)
                if status == 0 { status = code }
            }
        }
        return status
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
