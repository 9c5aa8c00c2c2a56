import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRender
import TestSupport

/// The ten checkbox styles (docs/widgets.md "Checkbox styles"), checked at pixel level at 11 pt and 32 pt.
@Suite struct CheckboxPainterTests {
    init() { TestFonts.install() } // before Pango first runs: the test fonts (fonts.conf)

    static let accent = ThemeColor(hex: "#007AFF")!
    static let secondary = ThemeColor.black.withAlphaScaled(0.6)

    /// Draws one style pending and completed side by side on white at `size` points, scale 2.
    /// Glyph centres: pending at (size, size), completed at (3 × size, size) points.
    func sheet(_ style: Theme.CheckboxStyle, size: Double) throws -> Surface {
        let surface = try Surface(width: Int(size * 8), height: Int(size * 4))
        let g = try Context(surface: surface)
        g.scale(2, 2)
        g.setColor(.white)
        g.paint()
        CheckboxPainter.draw(style, completed: false, cx: size, cy: size, size: size,
                             accent: Self.accent, fill: Self.secondary, in: g)
        CheckboxPainter.draw(style, completed: true, cx: 3 * size, cy: size, size: size,
                             accent: Self.accent, fill: Self.secondary, in: g)
        try g.checkStatus()
        return surface
    }

    func isWhite(_ p: Pixel) -> Bool { p.red > 245 && p.green > 245 && p.blue > 245 }
    /// The secondary fill over white: 60 % black ≈ 102.
    func isFill(_ p: Pixel) -> Bool { (90...115).contains(Int(p.red)) && p.red == p.green && p.green == p.blue }

    @Test(arguments: Theme.CheckboxStyle.allCases, [11.0, 32.0])
    func pendingIsAnAccentOutlineAndCompletedIsFilled(style: Theme.CheckboxStyle, size: Double) throws {
        let s = try sheet(style, size: size)
        func px(_ x: Double, _ y: Double) -> Pixel { s.pixel(x: Int(x * 2), y: Int(y * 2)) }

        // Pending: hollow in the middle, accent somewhere in the glyph box.
        #expect(isWhite(px(size, size + (style == .heart ? 0.1 * size : 0))), "pending \(style) is not hollow")
        var accentSeen = false
        for y in stride(from: Int(size), to: Int(size * 3), by: 1) {
            for x in stride(from: Int(size), to: Int(size * 3), by: 1) {
                let p = s.pixel(x: x, y: y)
                if p.blue > 200 && p.red < 60 && p.green < 160 { accentSeen = true }
            }
        }
        #expect(accentSeen, "pending \(style) has no accent outline")

        // Completed: filled; the checkmark's corner is cut out (background shows) for the first seven.
        let cx = 3 * size, cy = size
        let (ox, oy, k) = CheckboxPainter.checkPlacement(style)
        let corner = px(cx + ox * size - 0.06 * size * k, cy + oy * size + 0.15 * size * k)
        if CheckboxPainter.hasCutOutCheck(style) {
            #expect(isWhite(corner), "completed \(style) at \(size) pt: checkmark not cut out (\(corner))")
            // …and filled beside the checkmark.
            #expect(isFill(px(cx + 0.02 * size, cy + 0.3 * size)) || isFill(px(cx - 0.28 * size, cy - 0.1 * size)),
                    "completed \(style) at \(size) pt is not filled")
        } else {
            #expect(isFill(corner), "completed \(style) at \(size) pt is not a plain fill (\(corner))")
        }
    }

    /// Every style pending and completed at 11 pt and 32 pt in one sheet, 44 pt apart: each glyph
    /// draws ink, and all of it inside its `size` box (rows reserve exactly that much room for the
    /// checkbox), give or take antialiasing. With `TASKTILE_RENDER_KEEP=<dir>` the sheet is also
    /// kept as `checkbox-styles.png` for a person to look at.
    @Test func seedGallery() throws {
        let styles = Theme.CheckboxStyle.allCases
        let surface = try Surface(width: 2 * 40 * 5, height: 2 * 44 * styles.count)
        let g = try Context(surface: surface)
        g.scale(2, 2)
        g.setColor(.white)
        g.paint()
        let cells = [(11.0, false), (11.0, true), (32.0, false), (32.0, true)]
        for (i, style) in styles.enumerated() {
            let y = 22 + Double(i) * 44
            for (j, (size, done)) in cells.enumerated() {
                CheckboxPainter.draw(style, completed: done, cx: 24 + Double(j) * 44, cy: y, size: size,
                                     accent: Self.accent, fill: Self.secondary, in: g)
            }
        }
        try g.checkStatus()
        for (i, style) in styles.enumerated() {
            for (j, (size, done)) in cells.enumerated() {
                // The ink's bounding box in a 44 pt cell around the centre, in points.
                let cx = 24 + Double(j) * 44, cy = 22 + Double(i) * 44
                var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
                for py in Int((cy - 22) * 2)..<Int((cy + 22) * 2) {
                    for px in Int((cx - 22) * 2)..<Int((cx + 22) * 2) where !isWhite(surface.pixel(x: px, y: py)) {
                        minX = min(minX, Double(px) / 2); maxX = max(maxX, Double(px + 1) / 2)
                        minY = min(minY, Double(py) / 2); maxY = max(maxY, Double(py + 1) / 2)
                    }
                }
                let what = "\(style) \(done ? "completed" : "pending") at \(Int(size)) pt"
                #expect(minX < maxX, "\(what) draws nothing")
                let slack = 1.0 // antialiasing: half a point each side at scale 2, and a rounding step
                #expect(minX >= cx - size / 2 - slack && maxX <= cx + size / 2 + slack
                        && minY >= cy - size / 2 - slack && maxY <= cy + size / 2 + slack,
                        "\(what) draws outside its \(Int(size)) pt box: x \(minX)…\(maxX), y \(minY)…\(maxY) around (\(cx), \(cy))")
            }
        }
        if let dir = ProcessInfo.processInfo.environment["TASKTILE_RENDER_KEEP"], !dir.isEmpty {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try AtomicFile.write(try PNGEncoder.encode(surface), to: dir + "/checkbox-styles.png")
        }
    }
}
