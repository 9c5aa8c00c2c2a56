import Foundation
import TaskTileCore

/// Renders specs against one open store and theme set: the one drawing path of `once`, `watch`
/// and `click`.
public struct WidgetPipeline {
    /// The data directory: default outputs go to its `widgets/out/`.
    public let dataDirectory: DataDirectory
    /// The open store widgets read (one read transaction per widget).
    public let store: Store
    /// Every theme of `themes.json`, in file order.
    public let themes: [Theme]

    /// A pipeline over an open store and loaded themes.
    public init(dataDirectory: DataDirectory, store: Store, themes: [Theme]) {
        self.dataDirectory = dataDirectory; self.store = store; self.themes = themes
    }

    /// The theme `spec` names (absent = the first theme).
    /// - Throws: `DataFileError` (key `theme`) when no theme has that name or id.
    public func theme(for spec: WidgetSpec) throws -> Theme {
        if let theme = ThemeStore.find(spec.theme, in: themes) { return theme }
        let names = themes.map { "\"\($0.name)\"" }.joined(separator: ", ")
        throw DataFileError(widgetSpec: spec.file, key: "theme",
                            reason: Phrase(key: .specErrorUnknownTheme, spec.theme ?? "", names))
    }

    /// Draws `spec` from the store's current snapshot without writing anything.
    ///
    /// With `.steady` (the default: `once`, and the last frame `click` draws) completed todos are
    /// where they belong; with `.animating(shown:)` todos completed within the flash window
    /// (docs/widgets.md "Flash") are drawn as the flash frame, except those in `shown`. (`click`
    /// passes none and draws the steady frame `WidgetSession.flashDuration` later; the live hosts'
    /// frames come from `WidgetSession`, which keeps each widget's flash record.)
    /// - Throws: `DataFileError`, `StoreError`, `CairoError`.
    public func draw(_ spec: WidgetSpec, flashes frames: FlashFrames = .steady) throws -> WidgetDrawing {
        let theme = try theme(for: spec)
        let content = try WidgetContent.read(for: spec, from: store)
        var flashes: [String: Date] = [:]
        if case .list(let c) = content, case .animating(let shown) = frames {
            flashes = c.flashes.filter { !shown.contains($0.key) }
        }
        let widget = try WidgetRenderer(spec: spec, theme: theme, clock: store.clock).render(content, flashing: Set(flashes.keys))
        return WidgetDrawing(widget: widget, content: content, theme: theme, flashes: flashes)
    }

    /// Renders one spec and writes the PNG and hit map (`frames`: see `draw(_:flashes:)`).
    /// - Returns: the PNG path, the hit map written, and what was drawn.
    /// - Throws: `DataFileError` (also when `output` leaves its room, `WidgetSpec.checkedOutputPath`),
    ///   `StoreError`, `CairoError`, `OutputError`.
    @discardableResult
    public func render(_ spec: WidgetSpec, flashes frames: FlashFrames = .steady) throws -> (pngPath: String, hitMap: HitMap, drawing: WidgetDrawing) {
        let path = try spec.checkedOutputPath(dataDirectory: dataDirectory)
        let drawing = try draw(spec, flashes: frames)
        let map = try WidgetOutput.write(drawing.widget, to: path)
        return (path, map, drawing)
    }
}

/// Which frame a drawing shows for todos completed within the flash window (docs/widgets.md
/// "Flash"). Only something that will draw again `WidgetSession.flashDuration` later animates — a
/// running watcher, the desktop host, or `click` (which draws the steady frame itself afterwards);
/// `once` draws the steady state, so a flash frame never becomes the permanent picture.
public enum FlashFrames: Hashable, Sendable {
    /// Completed todos where they belong, with no flash frame.
    case steady
    /// The flash frame for every todo completed within the window, except those in `shown`.
    case animating(shown: Set<String>)
}

/// One drawn widget with what it was drawn from.
public struct WidgetDrawing {
    public var widget: RenderedWidget
    public var content: WidgetContent
    public var theme: Theme
    /// Todos drawn as the flash frame, with their completion instants (UTC).
    public var flashes: [String: Date]
}
