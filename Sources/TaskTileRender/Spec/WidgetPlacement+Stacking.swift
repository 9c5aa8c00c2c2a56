/// Widgets that would overlap on one output stack instead (docs/widgets.md "Stacking").
extension WidgetPlacement {
    /// The gap between stacked widgets, in points.
    public static let stackGap: Double = 12

    /// Where each of `widgets` (in spec order, all on one output of `output` points) goes so that none
    /// overlaps another: a widget stays where its own `anchor` and `margin` put it unless it would
    /// overlap (or come closer than `gap` to) one placed before it; then it moves away from its
    /// anchored edge — down for a top or centred anchor, up for a bottom one — to `gap` below (above)
    /// the widgets it met, until it meets none. So the demo's specs, and several specs with the same
    /// anchor, form columns. A widget pushed past the output's edge stays there (the output is too
    /// small for all of them); the caller may say so.
    /// - Returns: each widget's top-left corner in points relative to the output's top-left corner.
    public static func stacked(
        _ widgets: [(placement: WidgetPlacement, size: (width: Double, height: Double))],
        output: (width: Double, height: Double), gap: Double = stackGap
    ) -> [(x: Double, y: Double)] {
        var placed: [(x: Double, y: Double, width: Double, height: Double)] = []
        var origins: [(x: Double, y: Double)] = []
        for w in widgets {
            var (x, y) = w.placement.origin(widget: w.size, output: output)
            let upward = w.placement.anchor.vertical == .end
            // Each move passes at least one placed widget, so this ends within `placed.count` moves.
            for _ in 0...placed.count {
                let met = placed.filter { p in
                    x < p.x + p.width + gap && p.x < x + w.size.width + gap
                        && y < p.y + p.height + gap && p.y < y + w.size.height + gap
                }
                guard !met.isEmpty else { break }
                y = upward ? met.map(\.y).min()! - gap - w.size.height : met.map { $0.y + $0.height }.max()! + gap
            }
            placed.append((x, y, w.size.width, w.size.height))
            origins.append((x, y))
        }
        return origins
    }
}
