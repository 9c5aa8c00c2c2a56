internal import CCairo

/// Pango's font map, made ahead of the first drawing.
///
/// Making the font map starts fontconfig's set-up (reading `fonts.conf` and the font caches, about
/// a third of a `once` run's fontconfig work) on a thread of Pango's own and returns at once; the
/// first text layout waits for it to finish. A program that calls `start()` before opening the
/// store (`tasktile-render once`) has that set-up run on the other core while the store opens,
/// instead of after it. Pango keeps one default font map per thread, so call it on the thread
/// that will draw.
public enum FontSetUp {
    /// Makes this thread's default Pango font map (Cairo/fontconfig) if it does not exist yet.
    public static func start() {
        _ = pango_cairo_font_map_get_default()
    }
}
