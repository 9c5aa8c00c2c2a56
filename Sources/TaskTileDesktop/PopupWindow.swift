internal import CGtk

/// The window of the desktop's popups (`CapturePopup`, `EditPopup`; docs/desktop.md): on Wayland with
/// wlr-layer-shell a layer surface on the `overlay` layer with exclusive keyboard interactivity, namespace
/// `CapturePopup.layerNamespace`, anchored to no edge (the compositor centres it) and on no named output (the
/// compositor picks the focused one); on X11 (and Wayland without layer-shell) an undecorated dialog window
/// centred, kept above and out of the task bar. Both popups share one style sheet (`css`).
enum PopupWindow {
    /// The style of the popups: GTK's theme for the fields, chips as rounded labels. `.tasktile-capture` and
    /// `.tasktile-edit` are the two windows' classes.
    static let css = """
        .tasktile-capture, .tasktile-edit { background-color: #fbfbfd; border: 1px solid #9aa0a6; }
        .tasktile-capture entry { font-size: 15pt; min-height: 34px; }
        .tasktile-edit entry.title { font-size: 14pt; }
        .tasktile-capture .chip, .tasktile-edit .chip {
            background-color: #dce8fb; color: #0b3a75; border-radius: 9px; padding: 1px 8px; }
        .tasktile-capture .chips-empty, .tasktile-edit .now { color: #80868b; }
        .tasktile-capture .target, .tasktile-edit .list { color: #3c4043; font-weight: bold; }
        .tasktile-edit .field { color: #5f6368; font-size: 9pt; }
        .tasktile-edit .subtask { color: #3c4043; }
        .tasktile-capture .hint, .tasktile-edit .hint { color: #80868b; font-size: 9pt; }
        .tasktile-capture .message, .tasktile-edit .message { color: #b3261e; }
        .tasktile-capture .message.added, .tasktile-edit .message.added { color: #1e7b34; }
        """

    /// Whether `css` is on the screen already (GTK runs on the main thread only).
    nonisolated(unsafe) private static var styleInstalled = false

    /// A new popup window `width` points wide titled `title`, placed for `backend`, with the style sheet
    /// installed on its screen (once per process: the desktop host may open many popups).
    static func make(backend: DesktopBackend, title: String, width: Int32) -> UnsafeMutablePointer<GtkWidget> {
        let w = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        let win = tt_gtk_window(w)
        gtk_window_set_title(win, title)
        gtk_window_set_default_size(win, width, -1)
        gtk_window_set_resizable(win, 0)
        gtk_widget_set_size_request(w, width, -1)
        switch backend {
        case .layerShell:
            gtk_layer_init_for_window(win)
            gtk_layer_set_namespace(win, CapturePopup.layerNamespace)
            gtk_layer_set_layer(win, GTK_LAYER_SHELL_LAYER_OVERLAY)
            gtk_layer_set_keyboard_mode(win, GTK_LAYER_SHELL_KEYBOARD_MODE_EXCLUSIVE)
        // No anchor: the compositor centres the surface; no monitor: it picks the focused output.
        case .x11, .waylandWindow:
            gtk_window_set_type_hint(win, GDK_WINDOW_TYPE_HINT_DIALOG)
            gtk_window_set_position(win, GTK_WIN_POS_CENTER)
            gtk_window_set_keep_above(win, 1)
            gtk_window_set_skip_taskbar_hint(win, 1)
            gtk_window_set_skip_pager_hint(win, 1)
            gtk_window_set_decorated(win, 0)
        }
        if !styleInstalled {
            styleInstalled = true
            let provider = gtk_css_provider_new()!
            gtk_css_provider_load_from_data(provider, css, -1, nil)
            gtk_style_context_add_provider_for_screen(
                gtk_widget_get_screen(w), tt_gtk_style_provider(provider),
                UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            g_object_unref(UnsafeMutableRawPointer(provider))
        }
        return w
    }

    /// A left-aligned label with a style class.
    static func label(_ text: String, cssClass: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(tt_gtk_label(label), 0)
        addClass(label, cssClass)
        return label
    }

    static func addClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
    }

    /// The line under the fields for refusals and confirmations: wrapped at the popup's width, so a long
    /// reason makes the popup taller, never wider.
    static func messageLabel() -> UnsafeMutablePointer<GtkWidget> {
        let message = label("", cssClass: "message")
        gtk_label_set_line_wrap(tt_gtk_label(message), 1)
        gtk_label_set_max_width_chars(tt_gtk_label(message), 1)
        return message
    }

    /// Shows `text` on a `messageLabel()`: green when `added` (a confirmation), else red (a refusal).
    static func setMessage(_ message: UnsafeMutablePointer<GtkWidget>, _ text: String, added: Bool) {
        gtk_label_set_text(tt_gtk_label(message), text)
        let context = gtk_widget_get_style_context(message)
        if added {
            gtk_style_context_add_class(context, "added")
        } else {
            gtk_style_context_remove_class(context, "added")
        }
    }

    /// One chip of a parsed line: a rounded label at most 40 characters wide (ellipsized), so no chip
    /// widens the popup.
    static func chip(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let chip = label(text, cssClass: "chip")
        gtk_label_set_ellipsize(tt_gtk_label(chip), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(tt_gtk_label(chip), 40)
        return chip
    }

    /// Destroys every child of `container` (the chips of the previous line).
    static func removeChildren(of container: UnsafeMutablePointer<GtkWidget>) {
        let children = gtk_container_get_children(tt_gtk_container(container))
        var node = children
        while let n = node {
            gtk_widget_destroy(tt_gtk_widget(n.pointee.data))
            node = n.pointee.next
        }
        g_list_free(children)
    }
}
