import TaskTileCommandLine
import TaskTileCore
import TaskTileRender

/// `tasktile-render once [--prune] [SPEC…]`: renders each spec file given (default: every `*.json` in
/// `<data dir>/widgets/`) in its steady state (never a flash frame: nothing would draw the next
/// one), printing one line per PNG written (its path). With several specs every spec is tried,
/// each failure reported, and the first failure's exit code returned; with no spec at all the built-in
/// `@today` widget (`WidgetSpec.builtInDefault`) is rendered and stderr says how to add specs. A spec whose `name` or PNG an earlier one already claims is refused (65) naming both.
/// `--prune` then removes from `widgets/out/` the PNG and hit-map pairs tasktile wrote for specs
/// that are gone, printing `removed PATH` for each file.
struct OnceCommand: Command {
    static let spec = Renderer.spec(["once"], abstract: "Render widget spec files to PNG images with click maps.",
        discussion: "Renders the given widget spec files (default: every *.json in <data-dir>/widgets/) in their steady state and prints the path of each PNG written. Each PNG gets a <name>.hits.json click map beside it. Two specs with the same name or PNG are refused (exit 65) naming both files.",
        arguments: [ArgumentSpec(name: "spec", help: "Path of a widget spec JSON file (keys: see README \"Widgets\").", optional: true, repeating: true)],
        options: [pruneOption.spec])
    static let pruneOption = Option.flag("--prune", help: "Afterwards remove from <data-dir>/widgets/out/ the PNGs and hit maps tasktile wrote for specs that no longer exist.")

    let specs: [String]
    let prune: Bool
    init(_ a: ParsedArguments, context: CommandContext) throws { specs = a.positionals; prune = a[Self.pruneOption] }

    func run(_ context: CommandContext) throws -> ExitCode {
        let directory = context.dataDirectory
        // A file named twice is rendered once (it does not conflict with itself).
        var seen = Set<String>()
        var files = (specs.isEmpty ? directory.specFiles : specs).filter { seen.insert($0).inserted }
        // A newcomer's first run: no spec yet renders the built-in @today widget, and says how to add specs.
        if files.isEmpty && !prune {
            context.stderr.write(context.localizer.text(.renderNoSpecsDefault, directory.widgetsPath) + "\n")
            files = [WidgetSpec.builtInDefaultFile]
        }
        // fontconfig reads its configuration on Pango's thread while the store opens.
        FontSetUp.start()
        let store = try context.store()
        let themes = try ThemeStore(dataDirectory: directory).load()
        let pipeline = WidgetPipeline(dataDirectory: directory, store: store, themes: themes)
        let funnel = ErrorFunnel(program: Renderer.program.name)
        var status = ExitCode.success
        // Every spec is read first, so that two claiming one PNG are both refused (neither renders).
        var loaded: [(file: String, spec: Result<WidgetSpec, Error>)] = []
        for file in files {
            loaded.append((file, Result {
                file == WidgetSpec.builtInDefaultFile
                    ? WidgetSpec.builtInDefault(language: context.localizer.language) : try WidgetSpec.load(path: file)
            }))
        }
        let valid = loaded.compactMap { try? $0.spec.get() }
        var rendered: [WidgetSpec] = []
        for (file, result) in loaded {
            do {
                let spec = try result.get()
                if let conflict = spec.outputConflict(among: valid, dataDirectory: directory) { throw conflict }
                rendered.append(spec)
                context.out(try pipeline.render(spec, flashes: .steady).pngPath)
            } catch {
                let code = funnel.report(SpecFileError.wrap(error, file: file), to: context.stderr, localizer: context.localizer)
                if status == .success { status = ExitCode(rawValue: code) ?? .ioError }
            }
        }
        if prune {
            // Keep what every spec of widgets/ writes (and, for a spec that cannot be read now,
            // the default PNG of its file name), plus the specs given.
            var keep = Set(rendered.map { $0.outputPath(dataDirectory: directory) })
            for file in directory.specFiles {
                if let spec = try? WidgetSpec.load(path: file) { keep.insert(spec.outputPath(dataDirectory: directory)) } else {
                    let stem = String(PathText.split(file).name.dropLast(".json".count))
                    keep.insert(directory.widgetsPath + "/out/" + stem + ".png")
                }
            }
            for path in WidgetOutput.prune(directory: directory.widgetsPath + "/out", keeping: keep) {
                context.out(context.localizer.text(.renderPruned, path))
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
