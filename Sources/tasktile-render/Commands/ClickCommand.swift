import TaskTileCommandLine
import TaskTileCore
import TaskTileRender
import TaskTileRuntime

/// `tasktile-render click SPEC X Y` (docs/widgets.md "Hit maps"): resolves a click at PNG pixel
/// (X, Y) of SPEC's image through its hit map. Only a pending checkbox completes, by todo id,
/// through the one completion path (`TodoCompletion`, as the intent and a notification action);
/// then, when no `watch` runs, the widgets are drawn as the flash frame and 1.5 s later in their
/// steady state (a running watcher animates by itself). A hit map whose `png` digest does not
/// match the PNG on disk (a torn pair) is refused with exit 1: the widget is being redrawn.
/// A row or the header prints its open action; outside every region exits 1.
struct ClickCommand: Command {
    static let spec = Renderer.spec(["click"], abstract: "Resolve a click on a widget PNG through its hit map.",
        discussion: "A pending checkbox completes that todo (by id); a row or the header prints its open action; a point outside every region exits 1.",
        arguments: [ArgumentSpec(name: "spec", help: "The widget spec file whose PNG was clicked."),
                    ArgumentSpec(name: "x", help: "Pixel column of the click in the PNG (0 = left edge)."),
                    ArgumentSpec(name: "y", help: "Pixel row of the click in the PNG (0 = top edge).")])

    let specFile: String
    let x: Int, y: Int

    init(_ a: ParsedArguments, context: CommandContext) throws {
        specFile = a.positionals[0]
        guard let x = Double(a.positionals[1]), let y = Double(a.positionals[2]), x.isFinite, y.isFinite,
              x >= 0, y >= 0, x < 1e6, y < 1e6 else {
            throw Self.usage(Phrase(key: .renderErrorPixelPosition, a.positionals[1], a.positionals[2]))
        }
        self.x = Int(x); self.y = Int(y)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let directory = context.dataDirectory
        let l = context.localizer
        let spec: WidgetSpec
        do { spec = try WidgetSpec.load(path: specFile) } catch { throw SpecFileError.wrap(error, file: specFile) }
        let pngPath = try spec.checkedOutputPath(dataDirectory: directory)
        let hitsPath = WidgetSpec.hitMapPath(forPNG: pngPath)
        let bytes: [UInt8]
        do { bytes = try Posix.readFile(hitsPath, limit: 16 << 20) } catch {
            context.stderr.write(l.text(.errorPrefix, l.text(.renderErrorNoHitMap, hitsPath, specFile)) + "\n")
            return .nothingMatched
        }
        guard let json = try? JSONValue.parse(bytes), let map = HitMap(json: json) else {
            context.stderr.write(l.text(.errorPrefix, l.text(.renderErrorNotAHitMap, hitsPath)) + "\n")
            return .dataError
        }
        // A torn pair (a writer stopped between the PNG's rename and the hit map's): the map
        // would resolve the click against another picture than the one shown. Refuse; the next
        // render puts them back together.
        if let digest = map.pngDigest, (try? Posix.readFile(pngPath)).map(HitMap.digest(of:)) != digest {
            context.stderr.write(l.text(.errorPrefix, l.text(.renderErrorRedrawing, hitsPath, pngPath)) + "\n")
            return .nothingMatched
        }
        guard let region = map.region(atX: x, y: y) else {
            context.stderr.write(l.text(.renderClickNothing, x, y, spec.name, map.width, map.height) + "\n")
            return .nothingMatched
        }
        // The three result lines are a protocol for scripts (README "Clicking a widget"), not
        // phrases: the same words in every language.
        switch region.action {
        case .openTodo(let id): context.out("open todo \(id)"); return .success
        case .openList(let id): context.out("open list \(id)"); return .success
        // The header's "+" (a spec with "add": true): a script opens its own capture (`tasktile capture --list ID`).
        case .add(let id): context.out(id.map { "add list \($0)" } ?? "add default list"); return .success
        case .checkIn(let id, let day):
            // A grid cell (docs/widgets.md "grid"): toggles that day's check-in, through done --on / undo --on.
            guard let date = LocalDate(iso: day) else {
                context.stderr.write(l.text(.errorPrefix, l.text(.renderErrorNotAHitMap, hitsPath)) + "\n")
                return .dataError
            }
            let store = try context.store()
            let result = try TodoCompletion.toggleCheckIn(todoID: id, on: date, source: .widget, store: store, environment: context.environment)
            context.out(result == nil ? "took back todo \(id) on \(day)" : "checked in todo \(id) on \(day)")
            context.stdout.flush()
            let themes = try ThemeStore(dataDirectory: directory).load()
            let pipeline = WidgetPipeline(dataDirectory: directory, store: store, themes: themes)
            var files = Set(directory.specFiles)
            files.insert(specFile)
            for other in files.sorted().compactMap({ try? WidgetSpec.load(path: $0) }) { _ = try? pipeline.render(other) }
            return .success
        case .complete(let id):
            let store = try context.store()
            try TodoCompletion.complete(todoID: id, source: .widget, store: store, environment: context.environment) { result in
                context.out("completed todo \(id) \"\(result.todo.title)\" in \(result.listTitle)")
                context.stdout.flush()
            }
            // Only something that draws again 1.5 s later may draw a flash frame (docs/widgets.md
            // "Flash"). A running `watch` sees the commit and animates on its own; without one,
            // draw the flash frame now, wait, and draw the steady frame, which also shows every
            // completion made meanwhile (a second click's included, whoever draws last).
            guard !InstanceLock.isHeld(path: directory.path + "/render.lock") else { return .success }
            let themes = try ThemeStore(dataDirectory: directory).load()
            let pipeline = WidgetPipeline(dataDirectory: directory, store: store, themes: themes)
            var files = Set(directory.specFiles)
            files.insert(specFile)
            let all = files.sorted().compactMap { try? WidgetSpec.load(path: $0) }
            let specs = all.filter { $0.outputConflict(among: all, dataDirectory: directory) == nil }
            for other in specs { _ = try? pipeline.render(other, flashes: .animating(shown: [])) }
            TerminationSource.install()
            _ = TerminationSource.wait(seconds: WidgetSession.flashDuration)
            for other in specs { _ = try? pipeline.render(other, flashes: .steady) }
            return .success
        }
    }
}
