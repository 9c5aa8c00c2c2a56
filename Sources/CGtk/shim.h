#ifndef TASKTILE_CGTK_SHIM_H
#define TASKTILE_CGTK_SHIM_H
// GTK 3 + gtk-layer-shell (pkg-config gtk-layer-shell-0, which requires gtk+-3.0) for
// `tasktile-render desktop`. Macros and casts Swift cannot import are static inline helpers.
#include <gtk/gtk.h>
#include <gtk-layer-shell.h>
#include <gdk/gdkwayland.h>
#include <gdk/gdkx.h>
#include <wayland-client.h>
#include <glib-unix.h>

static inline GtkWindow *tt_gtk_window(GtkWidget *w) { return GTK_WINDOW(w); }
static inline GtkWidget *tt_gtk_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GObject *tt_gobject(gpointer p) { return G_OBJECT(p); }
static inline GtkContainer *tt_gtk_container(GtkWidget *w) { return GTK_CONTAINER(w); }
static inline GtkBox *tt_gtk_box(GtkWidget *w) { return GTK_BOX(w); }
static inline GtkEntry *tt_gtk_entry(GtkWidget *w) { return GTK_ENTRY(w); }
static inline GtkLabel *tt_gtk_label(GtkWidget *w) { return GTK_LABEL(w); }
static inline GtkComboBox *tt_gtk_combo_box(GtkWidget *w) { return GTK_COMBO_BOX(w); }
static inline GtkEditable *tt_gtk_editable(GtkWidget *w) { return GTK_EDITABLE(w); }
static inline GtkToggleButton *tt_gtk_toggle_button(GtkWidget *w) { return GTK_TOGGLE_BUTTON(w); }
static inline GtkBin *tt_gtk_bin(GtkWidget *w) { return GTK_BIN(w); }
static inline GtkComboBoxText *tt_gtk_combo_box_text(GtkWidget *w) { return GTK_COMBO_BOX_TEXT(w); }
static inline GtkStyleProvider *tt_gtk_style_provider(GtkCssProvider *p) { return GTK_STYLE_PROVIDER(p); }

/// g_signal_connect (a macro).
static inline gulong tt_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data) {
    return g_signal_connect_data(instance, signal, handler, data, NULL, (GConnectFlags)0);
}

static inline gboolean tt_display_is_wayland(GdkDisplay *d) { return GDK_IS_WAYLAND_DISPLAY(d); }
static inline gboolean tt_display_is_x11(GdkDisplay *d) { return GDK_IS_X11_DISPLAY(d); }

/// The socket of the display connection (Wayland or X11), -1 for another backend: watched for
/// HUP so a lost compositor or X server ends the process with our exit code, not GDK's.
static inline int tt_display_connection_fd(GdkDisplay *d) {
    if (GDK_IS_WAYLAND_DISPLAY(d)) return wl_display_get_fd(gdk_wayland_display_get_wl_display(d));
    if (GDK_IS_X11_DISPLAY(d)) return ConnectionNumber(gdk_x11_display_get_xdisplay(d));
    return -1;
}

/// The X11 window id of a realized GDK window (0 on other backends).
static inline unsigned long tt_x11_window_id(GdkWindow *w) {
    if (GDK_IS_X11_WINDOW(w)) return (unsigned long)gdk_x11_window_get_xid(w);
    return 0;
}

/// The connector name of monitor `i` (`eDP-1`, `HEADLESS-1`): RandR's output name on X11, the
/// xdg-output name on Wayland. gdk_monitor_get_model is the panel's model there, not the connector;
/// gdk_screen_get_monitor_plug_name is deprecated but is GTK 3's only way to the name.
/// Free the result with g_free; NULL when unknown.
static inline char *tt_monitor_connector(GdkDisplay *d, int i) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    return gdk_screen_get_monitor_plug_name(gdk_display_get_default_screen(d), i);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

/// GDK_BUTTON_PRIMARY and friends as plain values.
static inline int tt_event_is_single_press(GdkEventButton *e) { return e->type == GDK_BUTTON_PRESS; }

#endif
