import Foundation
import TaskTileCore

/// The repeat glyph of due labels (docs/widgets.md "Due labels"): two arrows chasing each other
/// round a circle, drawn as a vector path like the checkboxes, so it looks the same whatever fonts
/// are installed (U+1F501 would be a colour emoji, U+21BB is missing from Noto Sans).
enum RepeatGlyph {
    /// Draws the glyph centred on (`cx`, `cy`), `size` points across, in `color`.
    static func draw(cx: Double, cy: Double, size: Double, color: ThemeColor, in g: Context) {
        let r = size * 0.36
        let width = max(1, size * 0.12)
        g.withSavedState {
            g.setColor(color)
            g.setLineWidth(width)
            g.setRoundCapsAndJoins()
            // Two arcs of 140° each, from 20° and from 200°, each with an arrowhead at its end.
            for start in [Double.pi / 9, Double.pi + Double.pi / 9] {
                let end = start + Double.pi * 7 / 9
                g.newPath()
                g.arc(cx, cy, r, start, end)
                g.stroke()
                // The arrowhead: a small filled triangle pointing along the circle at `end`.
                let tip = (x: cx + r * cos(end + 0.35), y: cy + r * sin(end + 0.35))
                let tangent = (x: -sin(end), y: cos(end))
                let normal = (x: cos(end), y: sin(end))
                let back = size * 0.2, half = size * 0.17
                let base = (x: tip.x - tangent.x * back, y: tip.y - tangent.y * back)
                g.newPath()
                g.move(tip.x, tip.y)
                g.line(base.x + normal.x * half, base.y + normal.y * half)
                g.line(base.x - normal.x * half, base.y - normal.y * half)
                g.close()
                g.fill()
            }
        }
    }
}
