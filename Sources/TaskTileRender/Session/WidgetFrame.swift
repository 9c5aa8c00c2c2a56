import TaskTileCore

/// One frame of a live widget, decided by `WidgetSession` and put out by a `WidgetSink`: what to
/// draw (spec, theme, content read in one snapshot, the todos drawn as the flash frame) and the
/// clock its due labels are read at. Equal fingerprints draw equal pixels.
public struct WidgetFrame {
    /// The widget's last good spec.
    public var spec: WidgetSpec
    /// The theme the spec names, from the last good `themes.json`.
    public var theme: Theme
    /// What the widget shows (`WidgetContent.read(for:from:)`).
    public var content: WidgetContent
    /// Completed todos (ids) drawn as the flash frame: in their pending place, checked
    /// (docs/widgets.md "Flash").
    public var flashing: Set<String>
    /// "Now" and the zone the content was read at, for due labels.
    public var clock: Clock
    /// `WidgetFingerprint.of(spec:theme:content:flashing:clock:)` of this frame.
    public var fingerprint: String

    /// A frame of `content`; the fingerprint is computed from the rest.
    public init(spec: WidgetSpec, theme: Theme, content: WidgetContent, flashing: Set<String>, clock: Clock) {
        self.spec = spec; self.theme = theme; self.content = content; self.flashing = flashing; self.clock = clock
        fingerprint = WidgetFingerprint.of(spec: spec, theme: theme, content: content, flashing: flashing, clock: clock)
    }

    /// The renderer for this frame's spec, theme and clock: `draw(_:flashing:highlighted:onto:deviceScale:)`
    /// onto a surface's Cairo context.
    public var renderer: WidgetRenderer { WidgetRenderer(spec: spec, theme: theme, clock: clock) }

    /// The frame as an image of `spec.pixelSize` pixels with its hit map.
    /// - Throws: `CairoError` when the surface or context cannot be created.
    public func render() throws -> RenderedWidget { try renderer.render(content, flashing: flashing) }
}
