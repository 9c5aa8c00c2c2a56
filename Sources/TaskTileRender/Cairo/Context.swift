internal import CCairo
import TaskTileCore

/// An owned Cairo drawing context on a `Surface`, or a referenced one handed to us (a GTK window's).
///
/// Coordinates are Cairo user units; the widget code scales by the widget scale first, so it
/// draws in **points**. The context keeps its surface alive.
final class Context {
    let pointer: OpaquePointer
    /// The image surface drawn on; nil for a context made elsewhere (`init(referencing:)`).
    let surface: Surface?

    /// - Throws: `CairoError.contextCreation` when Cairo reports an error status right after creation.
    init(surface: Surface) throws {
        guard let cr = cairo_create(surface.pointer) else {
            throw CairoError.contextCreation(status: "no context returned")
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            throw CairoError.contextCreation(status: Surface.text(status))
        }
        pointer = cr
        self.surface = surface
    }

    /// Takes a reference on a context created elsewhere (`cairo_t *`, e.g. the one GTK passes to a
    /// window's `draw` handler); released in `deinit`, the creator keeps its own reference.
    /// - Throws: `CairoError.contextCreation` when the context is already in an error state.
    init(referencing cr: OpaquePointer) throws {
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoError.contextCreation(status: Surface.text(status)) }
        pointer = cairo_reference(cr)
        surface = nil
    }

    deinit { cairo_destroy(pointer) }

    /// Cairo's sticky error status; drawing errors surface here, checked once after drawing.
    func checkStatus() throws {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoError.contextCreation(status: Surface.text(status)) }
    }

    func save() { cairo_save(pointer) }
    func restore() { cairo_restore(pointer) }
    /// Runs `body` between `save()` and `restore()`.
    func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        save(); defer { restore() }
        return try body()
    }

    func scale(_ sx: Double, _ sy: Double) { cairo_scale(pointer, sx, sy) }

    func setColor(_ c: ThemeColor) { cairo_set_source_rgba(pointer, c.red, c.green, c.blue, c.alpha) }
    func setLineWidth(_ w: Double) { cairo_set_line_width(pointer, w) }
    func setRoundCapsAndJoins() {
        cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
    }
    /// Drawing erases to transparent (`CAIRO_OPERATOR_CLEAR`) until restored.
    func setClearOperator() { cairo_set_operator(pointer, CAIRO_OPERATOR_CLEAR) }

    func newPath() { cairo_new_path(pointer) }
    func move(_ x: Double, _ y: Double) { cairo_move_to(pointer, x, y) }
    func line(_ x: Double, _ y: Double) { cairo_line_to(pointer, x, y) }
    func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        cairo_curve_to(pointer, x1, y1, x2, y2, x3, y3)
    }
    /// Arc clockwise on screen (angles in radians, 0 = +x, increasing towards +y).
    func arc(_ cx: Double, _ cy: Double, _ r: Double, _ a1: Double, _ a2: Double) {
        cairo_arc(pointer, cx, cy, r, a1, a2)
    }
    func close() { cairo_close_path(pointer) }
    func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double) { cairo_rectangle(pointer, x, y, w, h) }

    /// A rectangle with circular corners of radius `r` (clamped to half the shorter side).
    func roundedRectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius r: Double) {
        let r = max(0, min(r, w / 2, h / 2))
        guard r > 0 else { rectangle(x, y, w, h); return }
        cairo_new_sub_path(pointer)
        arc(x + w - r, y + r, r, -.pi / 2, 0)
        arc(x + w - r, y + h - r, r, 0, .pi / 2)
        arc(x + r, y + h - r, r, .pi / 2, .pi)
        arc(x + r, y + r, r, .pi, 3 * .pi / 2)
        close()
    }

    func fill() { cairo_fill(pointer) }
    func fillPreserve() { cairo_fill_preserve(pointer) }
    func stroke() { cairo_stroke(pointer) }
    func paint() { cairo_paint(pointer) }
    func clip() { cairo_clip(pointer) }

    /// Starts drawing into a transparent offscreen group (for cut-outs with the clear operator).
    func pushGroup() { cairo_push_group(pointer) }
    /// Ends the group and paints it onto the surface with `alpha` (0…1) overall opacity.
    func popGroupAndPaint(alpha: Double = 1) {
        cairo_pop_group_to_source(pointer)
        if alpha >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, alpha) }
    }
}
