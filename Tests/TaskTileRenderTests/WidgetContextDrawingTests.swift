internal import CCairo
import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRender
import TestSupport

/// Drawing onto a Cairo context made elsewhere (what `tasktile-render desktop` does in a GTK
/// window's `draw` handler): same pixels as the PNG path, hit map in device pixels, hover halo.
@Suite struct WidgetContextDrawingTests {
    init() { TestFonts.install() }

    /// A transparent `scale`× image surface for a widget of `points`, standing in for a GTK window
    /// surface on an output of that scale factor (device scale set, user space in points).
    func windowLikeSurface(points: (width: Double, height: Double), scale: Double) throws -> Surface {
        let s = try Surface(width: Int((points.width * scale).rounded()), height: Int((points.height * scale).rounded()))
        cairo_surface_set_device_scale(s.pointer, scale, scale)
        return s
    }

    func draw(_ content: WidgetContent, spec: WidgetSpec, scale: Double, highlighted: String? = nil,
              prefill: Bool = false) throws -> (Surface, DrawnWidget) {
        let surface = try windowLikeSurface(points: spec.pointSize, scale: scale)
        let cr = cairo_create(surface.pointer)!
        defer { cairo_destroy(cr) }
        if prefill { cairo_set_source_rgb(cr, 1, 0, 0); cairo_paint(cr) } // a stale frame the draw must clear
        let layout = try WidgetRenderer(spec: spec, theme: .standard, clock: Sample.clock)
            .draw(content, highlighted: highlighted, onto: cr, deviceScale: scale)
        #expect(cairo_status(cr) == CAIRO_STATUS_SUCCESS)
        return (surface, layout)
    }

    /// Largest per-channel difference between two equally sized surfaces.
    func maxDifference(_ a: Surface, _ b: Surface) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                worst = max(worst, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                            abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
            }
        }
        return worst
    }

    @Test(arguments: [1.0, 2.0])
    func sameFrameAsThePNGPathAtTheOutputScale(scale: Double) throws {
        let content = Sample.content("Shopping", ["Milk", "牛乳", "Eggs 🥚"], completed: ["Bread"])
        var spec = WidgetSpec(name: "sample", family: .medium, list: "sample", scale: 3) // spec scale: PNGs only
        spec.add = true // the header's "+": on the desktop by default, in PNGs only when asked
        var pngSpec = spec
        pngSpec.scale = scale
        let png = try WidgetRenderer(spec: pngSpec, theme: .standard, clock: Sample.clock).render(content)
        let (window, layout) = try draw(content, spec: spec, scale: scale, prefill: true)
        // Text is rasterised at device resolution either way (Cairo folds the device scale into the
        // font matrix); 2 levels of 255 absorb rounding differences of the two transforms.
        #expect(maxDifference(png.surface, window) <= 2)
        #expect(layout.hitMap == png.hitMap)
        #expect(layout.hitMap.width == Int(364 * scale) && layout.hitMap.height == Int(170 * scale))
        // The corners stay transparent over the stale red frame.
        #expect(window.pixel(x: 0, y: 0).alpha == 0)
    }

    @Test func hoverHaloOnlyAroundThatCheckbox() throws {
        let content = Sample.content("Shopping", ["Milk", "Eggs"])
        let spec = WidgetSpec(name: "sample", family: .medium, list: "sample")
        let (plain, layout) = try draw(content, spec: spec, scale: 2)
        guard case .list(let c) = content else { Issue.record("sample is a list"); return }
        let eggs = c.pending[1].id
        let (hover, _) = try draw(content, spec: spec, scale: 2, highlighted: eggs)
        let box = try #require(layout.hitMap.regions.first { $0.action == .complete(todoID: eggs) })
        var changedInside = 0, changedOutside = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width where plain.pixel(x: x, y: y) != hover.pixel(x: x, y: y) {
                if box.contains(x: x, y: y) { changedInside += 1 } else { changedOutside += 1 }
            }
        }
        #expect(changedInside > 50)
        #expect(changedOutside == 0)
    }
}
