import TaskTileCommandLine
import TaskTileCore
import TaskTileRender

/// `tasktile-render once [SPEC…]`: renders each spec file given (default: every `*.json` in
/// `<data dir>/widgets/`), printing one line per PNG written (its path). With several specs every
/// spec is tried, each failure reported, and the first failure's exit code returned; exit 1 when
/// there is no spec at all.
struct OnceCommand: Command {
    static let spec = Renderer.spec(["once"], abstract: "Render widget spec files to PNG images with click maps.",
        discussion: "Renders the given widget spec files (default: every *.json in <data-dir>/widgets/) and prints the path of each PNG written. Each PNG gets a <name>.hits.json click map beside it.",
        arguments: [ArgumentSpec(name: "spec", help: "Path of a widget spec JSON file (keys: see README \"Widgets\").", optional: true, repeating: true)])

    let specs: [String]
    init(_ a: ParsedArguments, context: CommandContext) throws { specs = a.positionals }

    func run(_ context: CommandContext) throws -> ExitCode {
        let directory = context.dataDirectory
        let files = specs.isEmpty ? directory.specFiles : specs
        guard !files.isEmpty else {
            context.stderr.write(context.localizer.text(.errorPrefix, context.localizer.text(.renderErrorNoSpecs, directory.widgetsPath)) + "\n")
            return .nothingMatched
        }
        let store = try context.store()
        let themes = try ThemeStore(dataDirectory: directory).load()
        let pipeline = WidgetPipeline(dataDirectory: directory, store: store, themes: themes)
        let funnel = ErrorFunnel(program: Renderer.program.name)
        var status = ExitCode.success
        for file in files {
            do {
                let spec = try WidgetSpec.load(path: file)
                context.out(try pipeline.render(spec).pngPath)
            } catch {
                let code = funnel.report(SpecFileError.wrap(error, file: file), to: context.stderr, localizer: context.localizer)
                if status == .success { status = ExitCode(rawValue: code) ?? .ioError }
            }
        }
        return status
    }
}

/// A spec file that cannot be read: the file's name in front of the system's reason (exit 74).
struct SpecFileError: ReportableError {
    var file: String
    var underlying: FileError
    var exitCode: ExitCode { .ioError }
    func message(_ l: Localizer) -> String { l.text(.renderErrorCannotReadSpec, file, underlying.message(l)) }

    static func wrap(_ error: Error, file: String) -> Error {
        (error as? FileError).map { SpecFileError(file: file, underlying: $0) } ?? error
    }
}
