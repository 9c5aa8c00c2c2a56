internal import CGtk
import Foundation
import TaskTileCore
import TaskTileRender

/// One widget on the desktop: a GTK window drawn by `WidgetRenderer` straight onto the window's
/// Cairo context (no image or PNG in between) at the output's scale factor, and the input that
/// goes through the hit map of the frame last drawn.
///
/// The window exists while its output does (`show(on:)` / `hide()`); the frame it draws is the
/// last one its `WidgetSession` put out, so a bad edit keeps the last good frame on screen.
final class WidgetWindow {
    unowned let host: DesktopHost
    /// The spec file path.
    let file: String
    /// The last good spec (placement and size of the surface).
    var spec: WidgetSpec
    /// What to draw: the last frame the session put out for this widget (nil: none yet).
    var frame: WidgetFrame?
    /// The pending todo whose checkbox the pointer is over.
    private(set) var hovered: String?
    /// The hit map of the frame last drawn, in device pixels of that frame.
    private(set) var hitMap: HitMap?
    /// Device pixels per point of the frame last drawn (the output's scale factor).
    private(set) var drawnScale = 1
    /// The connector name of the output the window is on (nil while waiting for its output).
    private(set) var outputName: String?
    /// Where the window was put on its output (points from the output's top-left corner), after
    /// stacking (`WidgetPlacement.stacked`).
    private(set) var shownOrigin: (x: Double, y: Double)?
    /// Frames drawn, for the log and the benchmarks.
    private(set) var frames = 0

    private var widget: UnsafeMutablePointer<GtkWidget>?

    init(host: DesktopHost, file: String, spec: WidgetSpec) {
        self.host = host; self.file = file; self.spec = spec
    }

    var isShown: Bool { widget != nil }

    // MARK: Surface

    /// Creates the window on `output` and shows it: a layer surface on Wayland with layer-shell,
    /// a desktop-type window on X11, a plain undecorated window otherwise.
    /// `origin` is where stacking puts it (points from the output's top-left corner); nil: where its own
    /// placement does.
    func show(on output: Monitors.Output, backend: DesktopBackend, origin stackedOrigin: (x: Double, y: Double)? = nil) {
        hide()
        let w = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        let win = tt_gtk_window(w)
        gtk_window_set_title(win, "tasktile \(spec.name)")
        gtk_window_set_decorated(win, 0)
        gtk_window_set_resizable(win, 0)
        gtk_window_set_accept_focus(win, 0)
        gtk_window_set_focus_on_map(win, 0)
        gtk_window_set_skip_taskbar_hint(win, 1)
        gtk_window_set_skip_pager_hint(win, 1)
        gtk_widget_set_app_paintable(w, 1)
        let size = spec.pointSize
        let width = Int32(size.width.rounded(.up)), height = Int32(size.height.rounded(.up))
        gtk_widget_set_size_request(w, width, height)
        gtk_window_set_default_size(win, width, height)
        // An alpha channel so the rounded corners show the wallpaper; on X11 only when a
        // compositing manager runs (without one, an ARGB window shows garbage where it is clear).
        let screen = gtk_widget_get_screen(w)
        if backend != .x11 || gdk_screen_is_composited(screen) != 0, let visual = gdk_screen_get_rgba_visual(screen) {
            gtk_widget_set_visual(w, visual)
        }
        let placement = spec.placement
        switch backend {
        case .layerShell:
            gtk_layer_init_for_window(win)
            gtk_layer_set_namespace(win, DesktopBackend.layerNamespace)
            gtk_layer_set_layer(win, placement.layer.gtkLayer)
            gtk_layer_set_keyboard_mode(win, GTK_LAYER_SHELL_KEYBOARD_MODE_NONE)
            gtk_layer_set_exclusive_zone(win, 0)
            gtk_layer_set_monitor(win, output.monitor)
            // A centred axis anchors neither edge: layer-shell centres the surface on it.
            func edge(_ e: WidgetAnchor.Edge, start: GtkLayerShellEdge, end: GtkLayerShellEdge, margin: Double) {
                gtk_layer_set_anchor(win, start, e == .start ? 1 : 0)
                gtk_layer_set_anchor(win, end, e == .end ? 1 : 0)
                gtk_layer_set_margin(win, start, e == .start ? Int32(margin.rounded()) : 0)
                gtk_layer_set_margin(win, end, e == .end ? Int32(margin.rounded()) : 0)
            }
            edge(placement.anchor.horizontal, start: GTK_LAYER_SHELL_EDGE_LEFT, end: GTK_LAYER_SHELL_EDGE_RIGHT, margin: placement.margin.x)
            // Stacked away from its own place: the same edge with a larger margin (a centred one
            // anchors the top edge at its stacked place).
            let own = placement.origin(widget: (Double(width), Double(height)), output: (Double(output.width), Double(output.height)))
            if let y = stackedOrigin?.y, y != own.y {
                switch placement.anchor.vertical {
                case .end:
                    edge(.end, start: GTK_LAYER_SHELL_EDGE_TOP, end: GTK_LAYER_SHELL_EDGE_BOTTOM,
                         margin: Double(output.height) - y - Double(height))
                case .start, .middle:
                    edge(.start, start: GTK_LAYER_SHELL_EDGE_TOP, end: GTK_LAYER_SHELL_EDGE_BOTTOM, margin: y)
                }
            } else {
                edge(placement.anchor.vertical, start: GTK_LAYER_SHELL_EDGE_TOP, end: GTK_LAYER_SHELL_EDGE_BOTTOM, margin: placement.margin.y)
            }
        case .x11, .waylandWindow:
            gtk_window_set_type_hint(win, GDK_WINDOW_TYPE_HINT_DESKTOP)
            gtk_window_set_keep_below(win, 1)
            gtk_window_stick(win)
            let origin = stackedOrigin ?? placement.origin(widget: (Double(width), Double(height)),
                                                           output: (Double(output.width), Double(output.height)))
            gtk_window_move(win, Int32(output.x) + Int32(origin.x.rounded()), Int32(output.y) + Int32(origin.y.rounded()))
        }
        composited = backend != .x11 || gdk_screen_is_composited(screen) != 0
        let mask = GDK_BUTTON_PRESS_MASK.rawValue | GDK_POINTER_MOTION_MASK.rawValue | GDK_ENTER_NOTIFY_MASK.rawValue
            | GDK_LEAVE_NOTIFY_MASK.rawValue
        gtk_widget_add_events(w, Int32(bitPattern: mask))
        connectSignals(w)
        widget = w
        outputName = output.name
        shownOrigin = stackedOrigin ?? placement.origin(widget: (Double(width), Double(height)),
                                                        output: (Double(output.width), Double(output.height)))
        applyShape()
        gtk_widget_show(w)
    }

    /// Whether the window has an alpha channel a compositor blends (false: X11 without a
    /// compositing manager, where cleared pixels would show black).
    private var composited = true

    /// Without a compositor, the window's X shape (SHAPE extension) is the rounded rectangle, so
    /// the corners show what is below instead of black: one rectangle per pixel row, inset by the
    /// theme's corner radius (points, = pixels there since GDK draws X11 at scale 1 unless
    /// GDK_SCALE says otherwise, and shapes are in GDK's logical pixels).
    func applyShape() {
        guard let widget, !composited, let theme = frame?.theme else { return }
        let size = spec.pointSize
        let width = Int(size.width.rounded(.up)), height = Int(size.height.rounded(.up))
        let r = max(0, min(theme.cornerRadius, Double(min(width, height)) / 2))
        let region = cairo_region_create()
        defer { cairo_region_destroy(region) }
        for y in 0..<height {
            // The inset of this row: where the corner circle crosses the row's centre line.
            let dy = max(0, max(r - (Double(y) + 0.5), (Double(y) + 0.5) - (Double(height) - r)))
            let inset = dy > 0 ? Int((r - (r * r - dy * dy).squareRoot()).rounded()) : 0
            var rect = cairo_rectangle_int_t(x: Int32(inset), y: Int32(y), width: Int32(max(0, width - 2 * inset)), height: 1)
            cairo_region_union_rectangle(region, &rect)
        }
        gtk_widget_shape_combine_region(widget, region)
    }

    /// Destroys the window (its output went away, its spec was removed, or the host stops).
    func hide() {
        guard let w = widget else { return }
        widget = nil
        hitMap = nil
        hovered = nil
        outputName = nil
        shownOrigin = nil
        gtk_widget_destroy(w)
    }

    /// Asks GTK for a new frame (drawn in the next `draw` signal, once per main-loop iteration).
    func queueDraw() {
        if let widget { gtk_widget_queue_draw(widget) }
    }

    private func connectSignals(_ w: UnsafeMutablePointer<GtkWidget>) {
        let onDraw: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, cr, data in
            guard let cr else { return 0 }
            GLib.target(data, as: WidgetWindow.self).draw(cr)
            return 1
        }
        let onPress: @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkEventButton>?, UnsafeMutableRawPointer?) -> gboolean = { _, event, data in
            guard let event else { return 0 }
            GLib.target(data, as: WidgetWindow.self).press(event)
            return 1
        }
        let onMotion: @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkEventMotion>?, UnsafeMutableRawPointer?) -> gboolean = { _, event, data in
            guard let event else { return 0 }
            GLib.target(data, as: WidgetWindow.self).pointer(x: event.pointee.x, y: event.pointee.y)
            return 0
        }
        let onEnter: @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkEventCrossing>?, UnsafeMutableRawPointer?) -> gboolean = { _, event, data in
            guard let event else { return 0 }
            GLib.target(data, as: WidgetWindow.self).pointer(x: event.pointee.x, y: event.pointee.y)
            return 0
        }
        let onLeave: @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, _, data in
            GLib.target(data, as: WidgetWindow.self).pointerLeft()
            return 0
        }
        let onScale: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
            GLib.target(data, as: WidgetWindow.self).scaleChanged()
        }
        let raw = UnsafeMutableRawPointer(w)
        GLib.connect(raw, "draw", onDraw, target: self)
        GLib.connect(raw, "button-press-event", onPress, target: self)
        GLib.connect(raw, "motion-notify-event", onMotion, target: self)
        GLib.connect(raw, "enter-notify-event", onEnter, target: self) // a pointer warped onto a checkbox
        GLib.connect(raw, "leave-notify-event", onLeave, target: self)
        GLib.connect(raw, "notify::scale-factor", onScale, target: self)
    }

    // MARK: Drawing

    /// The `draw` handler: the whole widget at the window's current scale factor.
    private func draw(_ cr: OpaquePointer) {
        guard let widget, let frame else { return }
        let scale = max(1, Int(gtk_widget_get_scale_factor(widget)))
        let started = Date()
        do {
            let layout = try frame.renderer
                .draw(frame.content, flashing: frame.flashing, highlighted: hovered, onto: cr, deviceScale: Double(scale))
            hitMap = layout.hitMap
            drawnScale = scale
            frames += 1
            host.drew(self, scale: scale, milliseconds: Date().timeIntervalSince(started) * 1000)
        } catch {
            host.log.error("spec=\(spec.name) cannot draw: \(error)")
        }
    }

    /// The output's scale changed (the window moved to another output, or the output's scale was
    /// set): a new frame at the new scale, and its hit map with it.
    private func scaleChanged() {
        host.willRedraw(self, reason: "scale")
        queueDraw()
    }

    // MARK: Input

    /// The region under a point in window coordinates (points): points × the drawn scale = the
    /// hit map's device pixels.
    func region(atPointX x: Double, y: Double) -> HitRegion? {
        guard let hitMap else { return nil }
        let s = Double(drawnScale)
        return hitMap.region(atX: Int((x * s).rounded(.down)), y: Int((y * s).rounded(.down)))
    }

    private func press(_ event: UnsafeMutablePointer<GdkEventButton>) {
        let e = event.pointee
        guard e.button == 1, tt_event_is_single_press(event) != 0, let region = region(atPointX: e.x, y: e.y) else { return }
        if case .complete = region.action { setHovered(nil) }
        host.activate(region.action, in: self)
    }

    private func pointer(x: Double, y: Double) {
        if case .complete(let id)? = region(atPointX: x, y: y)?.action { setHovered(id) } else { setHovered(nil) }
    }

    private func pointerLeft() { setHovered(nil) }

    /// Hand cursor and the highlighted checkbox while the pointer is over a pending checkbox.
    private func setHovered(_ id: String?) {
        guard id != hovered, let widget else { return }
        hovered = id
        if let window = gtk_widget_get_window(widget) {
            gdk_window_set_cursor(window, id == nil ? nil : host.handCursor)
        }
        queueDraw()
    }
}
