/// Where a widget sits on the desktop (`tasktile-render desktop`): the spec keys `anchor`, `margin`,
/// `monitor` and `layer`. PNG output ignores all four.
///
/// Everything is in **points** (logical pixels of the output); the output's scale factor turns
/// points into device pixels (docs/widgets.md: pixels = points × scale). The spec's own `scale` applies
/// to PNGs only: on the desktop the output's scale decides.
public struct WidgetPlacement: Hashable, Sendable {
    /// Which corner, edge centre or the centre of the output the widget is pinned to.
    public var anchor: WidgetAnchor
    /// Distance from the anchored edges in points: `x` from the left or right edge, `y` from the
    /// top or bottom edge. A centred axis ignores its component.
    public var margin: (x: Double, y: Double)
    /// The output's connector name (`HEADLESS-1`, `eDP-1`, `DP-2`); nil = the first output.
    public var monitor: String?
    /// The stacking layer on Wayland (X11 keeps every widget below all windows either way).
    public var layer: WidgetLayer

    /// The default margin: 24 × 24 points.
    public static let defaultMargin = (x: 24.0, y: 24.0)
    /// Accepted margin components, points.
    public static let marginRange: ClosedRange<Double> = 0...10000

    /// A placement; the defaults are top-right, 24 × 24 points, the first output, layer `bottom`.
    public init(anchor: WidgetAnchor = .topRight, margin: (x: Double, y: Double) = WidgetPlacement.defaultMargin,
                monitor: String? = nil, layer: WidgetLayer = .bottom) {
        self.anchor = anchor; self.margin = margin; self.monitor = monitor; self.layer = layer
    }

    public static func == (a: WidgetPlacement, b: WidgetPlacement) -> Bool {
        a.anchor == b.anchor && a.margin.x == b.margin.x && a.margin.y == b.margin.y && a.monitor == b.monitor && a.layer == b.layer
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(anchor); hasher.combine(margin.x); hasher.combine(margin.y); hasher.combine(monitor); hasher.combine(layer)
    }

    /// The widget's top-left corner in points relative to the output's top-left corner, for a
    /// widget of `size` points on an output of `output` points. A centred axis is centred and
    /// rounded down to a whole point, so layer-shell (which centres for us) and X11 agree.
    public func origin(widget size: (width: Double, height: Double), output: (width: Double, height: Double)) -> (x: Double, y: Double) {
        func place(_ edge: WidgetAnchor.Edge, _ margin: Double, _ length: Double, _ available: Double) -> Double {
            switch edge {
            case .start: margin
            case .middle: ((available - length) / 2).rounded(.down)
            case .end: available - length - margin
            }
        }
        return (place(anchor.horizontal, margin.x, size.width, output.width),
                place(anchor.vertical, margin.y, size.height, output.height))
    }
}

/// The `anchor` spec key: a corner, the middle of an edge, or the centre.
public enum WidgetAnchor: String, CaseIterable, Sendable {
    case topLeft = "top-left", top, topRight = "top-right"
    case left, center, right
    case bottomLeft = "bottom-left", bottom, bottomRight = "bottom-right"

    /// Where along one axis: at the start edge (left/top), centred, or at the end edge (right/bottom).
    public enum Edge: Sendable { case start, middle, end }

    /// Left (`start`), centred, or right (`end`).
    public var horizontal: Edge {
        switch self {
        case .topLeft, .left, .bottomLeft: .start
        case .top, .center, .bottom: .middle
        case .topRight, .right, .bottomRight: .end
        }
    }

    /// Top (`start`), centred, or bottom (`end`).
    public var vertical: Edge {
        switch self {
        case .topLeft, .top, .topRight: .start
        case .left, .center, .right: .middle
        case .bottomLeft, .bottom, .bottomRight: .end
        }
    }
}

/// The `layer` spec key: wlr-layer-shell's two layers below ordinary windows.
public enum WidgetLayer: String, CaseIterable, Sendable {
    /// Just above the wallpaper; some compositors hide it with the wallpaper.
    case background
    /// Above the background layer, below every window (default).
    case bottom
}
