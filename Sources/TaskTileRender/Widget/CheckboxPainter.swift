import Foundation
import TaskTileCore

/// Draws the ten checkbox styles of docs/widgets.md "Checkbox styles" as vector paths.
///
/// A glyph occupies a square of `size` points (the theme's icon size) centred on a point.
/// Pending = an outline in the accent colour; completed = the shape filled in the secondary text
/// colour, with a checkmark cut out of the fill (the background shows through) for the first seven
/// styles; heart, star and bookmark are plain fills.
enum CheckboxPainter {
    /// Whether the completed glyph of `style` carries a cut-out checkmark.
    static func hasCutOutCheck(_ style: Theme.CheckboxStyle) -> Bool {
        switch style {
        case .heart, .star, .bookmark: false
        default: true
        }
    }

    /// Outline stroke width in points for a glyph of `size` points: 1.1 pt up to about 15 pt, then
    /// 7.5 % of the size (2.4 pt at 32 pt), so large glyphs do not look heavy.
    static func strokeWidth(size: Double) -> Double { max(1.1, size * 0.075) }

    /// Draws one glyph centred at (`cx`, `cy`) points.
    static func draw(_ style: Theme.CheckboxStyle, completed: Bool, cx: Double, cy: Double, size: Double,
                     accent: ThemeColor, fill: ThemeColor, in g: Context) {
        g.withSavedState {
            g.setRoundCapsAndJoins()
            let lw = strokeWidth(size: size)
            g.setLineWidth(lw)
            if !completed {
                g.setColor(accent)
                if style == .circleDotted {
                    dottedRing(cx: cx, cy: cy, size: size, in: g)
                    g.fill()
                } else {
                    shape(style, cx: cx, cy: cy, size: size, inset: lw / 2, in: g)
                    g.stroke()
                }
                return
            }
            g.pushGroup()
            g.setColor(fill.withAlpha(1))
            shape(style == .circleDotted ? .circle : style, cx: cx, cy: cy, size: size, inset: lw / 2, in: g)
            g.fillPreserve()
            g.stroke()
            if hasCutOutCheck(style) {
                g.setClearOperator()
                g.setLineWidth(max(1, size * 0.13))
                let (ox, oy, k) = checkPlacement(style)
                checkmark(cx: cx + ox * size, cy: cy + oy * size, size: size * k, in: g)
                g.stroke()
            }
            // The group is painted with the fill's own alpha so the cut-out stays fully clear.
            g.popGroupAndPaint(alpha: fill.alpha)
        }
    }

    /// Where the checkmark sits inside each shape: offset (fraction of size) and scale.
    static func checkPlacement(_ style: Theme.CheckboxStyle) -> (Double, Double, Double) {
        switch style {
        case .diamond: (0, 0, 0.8)
        case .bubble: (0.03, -0.05, 0.85)
        case .seal: (0, 0, 0.9)
        default: (0, 0, 1)
        }
    }

    /// A checkmark path (stroke it) centred at (`cx`, `cy`) for a glyph of `size` points.
    static func checkmark(cx: Double, cy: Double, size s: Double, in g: Context) {
        g.newPath()
        g.move(cx - 0.22 * s, cy + 0.01 * s)
        g.line(cx - 0.06 * s, cy + 0.17 * s)
        g.line(cx + 0.23 * s, cy - 0.15 * s)
    }

    /// Twelve separate dots on a ring (the `circleDotted` pending glyph); fill it.
    static func dottedRing(cx: Double, cy: Double, size s: Double, in g: Context) {
        let count = 12
        let dot = max(0.7, s * 0.06)
        let r = s / 2 - dot
        g.newPath()
        for i in 0..<count {
            let a = Double(i) / Double(count) * 2 * .pi - .pi / 2
            let x = cx + r * cos(a), y = cy + r * sin(a)
            g.move(x + dot, y)
            g.arc(x, y, dot, 0, 2 * .pi)
            g.close()
        }
    }

    /// The closed outline of `style` filling a `size` square centred at (`cx`, `cy`), shrunk by `inset`
    /// so a stroke of twice `inset` stays inside the square.
    static func shape(_ style: Theme.CheckboxStyle, cx: Double, cy: Double, size: Double, inset: Double, in g: Context) {
        let s = size
        let h = s / 2 - inset // half extent of the path
        g.newPath()
        switch style {
        case .circle, .circleDotted:
            g.move(cx + h, cy)
            g.arc(cx, cy, h, 0, 2 * .pi)
            g.close()
        case .square:
            g.roundedRectangle(cx - h, cy - h, 2 * h, 2 * h, radius: s * 0.14)
        case .roundedSquare:
            // A squircle: four cubic curves from edge midpoint to edge midpoint with control points
            // near the corners (k = 0.552 would be a circle, 1 a square).
            let k = 0.84
            g.move(cx + h, cy)
            g.curve(cx + h, cy + k * h, cx + k * h, cy + h, cx, cy + h)
            g.curve(cx - k * h, cy + h, cx - h, cy + k * h, cx - h, cy)
            g.curve(cx - h, cy - k * h, cx - k * h, cy - h, cx, cy - h)
            g.curve(cx + k * h, cy - h, cx + h, cy - k * h, cx + h, cy)
            g.close()
        case .diamond:
            let d = h * 1.02
            g.move(cx, cy - d)
            g.line(cx + d, cy)
            g.line(cx, cy + d)
            g.line(cx - d, cy)
            g.close()
        case .seal:
            // A scalloped rosette: twelve rounded lobes meeting in small notches, |cos| of the angle.
            let lobes = 12.0, steps = 240
            let amp = h * 0.11, base = h - amp
            for i in 0...steps {
                let a = Double(i) / Double(steps) * 2 * .pi
                let r = base + amp * abs(cos(lobes / 2 * a))
                let x = cx + r * cos(a), y = cy + r * sin(a)
                if i == 0 { g.move(x, y) } else { g.line(x, y) }
            }
            g.close()
        case .bubble:
            // A round body a little above centre, its tail pointing to the lower left.
            let r = h * 0.88
            let by = cy - h * 0.1
            let start = 150.0 * .pi / 180, end = (112.0 + 360) * .pi / 180
            g.move(cx + r * cos(start), by + r * sin(start))
            g.arc(cx, by, r, start, end)
            g.line(cx - h * 0.88, cy + h * 0.98)
            g.close()
        case .heart:
            func p(_ x: Double, _ y: Double) -> (Double, Double) { (cx + x * 2 * h, cy + y * 2 * h) }
            let m = p(0, 0.42); g.move(m.0, m.1)
            let c: [((Double, Double), (Double, Double), (Double, Double))] = [
                (p(-0.10, 0.34), p(-0.50, 0.10), p(-0.50, -0.14)),
                (p(-0.50, -0.33), p(-0.36, -0.46), p(-0.23, -0.46)),
                (p(-0.10, -0.46), p(-0.02, -0.37), p(0, -0.28)),
                (p(0.02, -0.37), p(0.10, -0.46), p(0.23, -0.46)),
                (p(0.36, -0.46), p(0.50, -0.33), p(0.50, -0.14)),
                (p(0.50, 0.10), p(0.10, 0.34), p(0, 0.42)),
            ]
            for (a, b, e) in c { g.curve(a.0, a.1, b.0, b.1, e.0, e.1) }
            g.close()
        case .star:
            let outer = h * 1.04, inner = outer * 0.45
            let dy = h * 0.08 // a five-point star is top-heavy; centre it optically
            for i in 0..<10 {
                let a = -Double.pi / 2 + Double(i) * .pi / 5
                let r = i.isMultiple(of: 2) ? outer : inner
                let x = cx + r * cos(a), y = cy + dy + r * sin(a)
                if i == 0 { g.move(x, y) } else { g.line(x, y) }
            }
            g.close()
        case .bookmark:
            let w = h * 0.72, r = h * 0.18
            g.move(cx - w, cy + h)
            g.line(cx - w, cy - h + r)
            g.arc(cx - w + r, cy - h + r, r, .pi, 1.5 * .pi)
            g.arc(cx + w - r, cy - h + r, r, 1.5 * .pi, 2 * .pi)
            g.line(cx + w, cy + h)
            g.line(cx, cy + h * 0.45)
            g.close()
        }
    }

    /// The "All done!" mark: an accent disc of `size` points with a checkmark cut out.
    static func checkCircle(cx: Double, cy: Double, size: Double, accent: ThemeColor, in g: Context) {
        g.withSavedState {
            g.pushGroup()
            g.setColor(accent.withAlpha(1))
            g.newPath()
            g.move(cx + size / 2, cy)
            g.arc(cx, cy, size / 2, 0, 2 * .pi)
            g.fill()
            g.setClearOperator()
            g.setRoundCapsAndJoins()
            g.setLineWidth(size * 0.1)
            checkmark(cx: cx, cy: cy, size: size, in: g)
            g.stroke()
            g.popGroupAndPaint(alpha: accent.alpha)
        }
    }
}

extension ThemeColor {
    /// The same colour with alpha replaced.
    func withAlpha(_ a: Double) -> ThemeColor { ThemeColor(red: red, green: green, blue: blue, alpha: a) }
}
