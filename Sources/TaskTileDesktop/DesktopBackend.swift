internal import CGtk
import TaskTileRender

/// How widget surfaces are placed on this display. Drawing and input are the same for all three.
enum DesktopBackend: Equatable, CustomStringConvertible {
    /// Wayland with wlr-layer-shell (sway, Hyprland, KWin, river, labwc…): a layer surface per widget.
    case layerShell
    /// Wayland without layer-shell (GNOME Shell): plain undecorated windows the compositor places.
    case waylandWindow
    /// X11: windows of type `_NET_WM_WINDOW_TYPE_DESKTOP`, kept below, sticky, out of taskbar and pager.
    case x11

    /// The layer-shell namespace of every widget surface.
    ///
    /// KWin classifies layer surfaces by namespace and treats only `desktop` as part of the
    /// desktop (`NET::Desktop`): any other name makes the widget a normal window that Show Desktop
    /// minimises and the task switcher lists (conky #2432). wlroots compositors (sway) do not
    /// interpret the namespace; Hyprland's `layerrule` matches it, so users can still style the
    /// widgets there by this name.
    static let layerNamespace = "desktop"

    var description: String {
        switch self {
        case .layerShell: "wayland layer-shell"
        case .waylandWindow: "wayland (no layer-shell)"
        case .x11: "x11"
        }
    }

    /// Detects the backend of the opened default display.
    static func detect(_ display: OpaquePointer) -> DesktopBackend {
        if tt_display_is_wayland(display) != 0 { return gtk_layer_is_supported() != 0 ? .layerShell : .waylandWindow }
        return .x11
    }
}

extension WidgetLayer {
    var gtkLayer: GtkLayerShellLayer {
        switch self {
        case .background: GTK_LAYER_SHELL_LAYER_BACKGROUND
        case .bottom: GTK_LAYER_SHELL_LAYER_BOTTOM
        }
    }
}

/// The outputs of the display, with the names specs use.
enum Monitors {
    /// One output: its GDK monitor, connector name, and geometry in points (GDK's logical pixels).
    struct Output {
        var monitor: OpaquePointer
        var index: Int
        /// The connector name (`HEADLESS-1`, `eDP-1`); falls back to the model when GDK has none.
        var name: String
        var model: String
        var x: Int, y: Int, width: Int, height: Int
        var scale: Int
    }

    /// Every output in GDK's order (the first is the default for specs without `monitor`).
    static func list(_ display: OpaquePointer) -> [Output] {
        (0..<Int(gdk_display_get_n_monitors(display))).compactMap { i in
            guard let m = gdk_display_get_monitor(display, Int32(i)) else { return nil }
            var rect = GdkRectangle()
            gdk_monitor_get_geometry(m, &rect)
            let model = gdk_monitor_get_model(m).map { String(cString: $0) } ?? ""
            var name = model
            if let c = tt_monitor_connector(display, Int32(i)) {
                name = String(cString: c)
                g_free(c)
            }
            return Output(monitor: m, index: i, name: name, model: model, x: Int(rect.x), y: Int(rect.y),
                          width: Int(rect.width), height: Int(rect.height), scale: Int(gdk_monitor_get_scale_factor(m)))
        }
    }

    /// The output a spec names: by connector name (ASCII case-insensitive), else by model; nil
    /// `name` = the first output. nil when absent.
    static func find(_ name: String?, in outputs: [Output]) -> Output? {
        guard let name else { return outputs.first }
        let lower = name.lowercased()
        return outputs.first { $0.name.lowercased() == lower } ?? outputs.first { $0.model.lowercased() == lower }
    }
}
