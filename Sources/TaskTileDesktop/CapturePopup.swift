internal import CGtk
import Foundation
import TaskTileCore
import TaskTileRuntime

/// `tasktile capture [--list L]`: the quick-capture popup (docs/desktop.md "Quick capture"). One text field; under
/// it the chips of the line as `QuickAdd` reads it, redone on every change; the target list; a line for what
/// happened. Keyboard only: Enter adds and closes, Shift+Enter adds and clears the field for the next todo,
/// Tab / Shift+Tab cycle the target list, Esc closes without a change. A line that leaves no title shows the
/// reason and adds nothing. While an input method composes (a non-empty preedit: ibus, fcitx5 typing Japanese),
/// Enter, Tab and Esc are the input method's.
///
/// Placement: on Wayland with wlr-layer-shell, a layer surface on the `overlay` layer with exclusive keyboard
/// interactivity, namespace `CapturePopup.layerNamespace`, anchored to no edge (the compositor centres it) and
/// on no named output (the compositor picks the focused one); on X11 (and Wayland without layer-shell) a dialog
/// window centred where the pointer is, kept above, presented so it takes the focus.
///
/// Exit codes (docs/exit-codes.md): 0 after Enter or Esc (or the window closed), 69 no display or it went away.
/// Each added todo is printed on standard output as `tasktile quick` prints it (`Added "…" to Home (1a2b3c4d)`).
public final class CapturePopup {
    /// The layer-shell namespace of the popup (the widgets keep `desktop`): what Hyprland's `layerrule` and
    /// sway's `layer_effects` match.
    public static let layerNamespace = "tasktile-capture"

    let store: Store
    let environment: [String: String]
    let localizer: Localizer
    let out: (String) -> Void
    /// `2027-01-05T09:00:00+0900 info tasktile: capture …` lines.
    let log: DaemonLog
    private(set) var model: CaptureModel

    private var window: UnsafeMutablePointer<GtkWidget>!
    private var entry: UnsafeMutablePointer<GtkWidget>!
    private var chipBox: UnsafeMutablePointer<GtkWidget>!
    private var targetLabel: UnsafeMutablePointer<GtkWidget>!
    private var messageLabel: UnsafeMutablePointer<GtkWidget>!
    /// The input method's text being composed; Enter, Tab and Esc go to the input method while it is not empty.
    private var preedit = ""
    private var exitCode: ExitCode = .success
    private var shown = false

    /// A popup adding to `store`; `list` (a title or id prefix) is the first target, else the `defaultList`
    /// setting. `out` receives one line per added todo, `log` the host's log lines (standard error).
    /// - Throws: `StoreError.listNotFound` / `.ambiguousList` for `list`, the store's read errors.
    public init(
        store: Store, list: String?, environment: [String: String], localizer: Localizer,
        out: @escaping (String) -> Void, log: @escaping (String) -> Void
    ) throws {
        self.store = store
        self.environment = environment
        self.localizer = localizer
        self.out = out
        self.log = DaemonLog(program: "tasktile", zone: Clock.timeZone(environment: environment), write: log)
        model = try CaptureModel(store: store, list: list)
    }

    /// Opens the display, shows the popup and runs GTK's main loop until Enter or Esc.
    public func run() -> ExitCode {
        let wayland = environment["WAYLAND_DISPLAY"], x11 = environment["DISPLAY"]
        if (wayland ?? "").isEmpty && (x11 ?? "").isEmpty {
            return fail(DesktopError.noDisplay(wayland: wayland, x11: x11))
        }
        guard gtk_init_check(nil, nil) != 0, let display = gdk_display_get_default() else {
            return fail(DesktopError.noDisplay(wayland: wayland, x11: x11))
        }
        let displayName = gdk_display_get_name(display).map { String(cString: $0) } ?? "?"
        let backend = DesktopBackend.detect(display)
        let fd = tt_display_connection_fd(display)
        if fd >= 0 {
            GLib.watch(fd: fd, conditions: GLib.hangUp, priority: GLib.highPriority) { [unowned self] _ in
                _ = self.fail(DesktopError.displayLost(displayName))
                exit(DesktopError.displayLost(displayName).exitCode.rawValue)
            }
        }
        build(backend: backend)
        log.info("capture on \(displayName) (\(backend)), list \(model.target.title)")
        gtk_main()
        return exitCode
    }

    /// What Enter or Esc does in a popup of a process that runs its own main loop (`present(onClose:)`,
    /// the desktop host's "+"): the window is destroyed and this is called; nil = `run()`'s own loop ends.
    private var onClose: (() -> Void)?

    /// Shows the popup in a process whose GTK is initialised and whose main loop runs (the desktop host, after a
    /// click on a widget's "+", docs/widgets.md "Adding from a widget"): the same window, keys and adds as
    /// `run()`; Enter or Esc destroys the window and calls `onClose` instead of ending the loop.
    public func present(onClose: @escaping () -> Void) {
        self.onClose = onClose
        guard let display = gdk_display_get_default() else {
            onClose()
            return
        }
        let backend = DesktopBackend.detect(display)
        build(backend: backend)
        log.info("capture from a widget (\(backend)), list \(model.target.title)")
    }

    /// Closes a popup shown by `present(onClose:)` without a change (another "+" was clicked, the host stops).
    public func dismiss() { close() }

    private func fail(_ error: DesktopError) -> ExitCode {
        log.error(error.message(localizer))
        return error.exitCode
    }

    // MARK: Window

    private func build(backend: DesktopBackend) {
        let l = localizer
        let w = PopupWindow.make(backend: backend, title: l.text(.captureTitle), width: Self.width)
        window = w
        let win = tt_gtk_window(w)
        addClass(w, "tasktile-capture")

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        gtk_container_set_border_width(tt_gtk_container(box), 14)
        gtk_container_add(tt_gtk_container(w), box)

        entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(tt_gtk_entry(entry), l.text(.capturePlaceholder))
        gtk_entry_set_activates_default(tt_gtk_entry(entry), 0)
        gtk_box_pack_start(tt_gtk_box(box), entry, 0, 0, 0)

        chipBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_box_pack_start(tt_gtk_box(box), chipBox, 0, 0, 0)

        targetLabel = label("", cssClass: "target")
        gtk_box_pack_start(tt_gtk_box(box), targetLabel, 0, 0, 0)
        messageLabel = PopupWindow.messageLabel()
        gtk_box_pack_start(tt_gtk_box(box), messageLabel, 0, 0, 0)
        gtk_box_pack_start(tt_gtk_box(box), label(l.text(.captureHint), cssClass: "hint"), 0, 0, 0)

        connectSignals()
        showChips()
        showTarget()
        gtk_widget_show_all(w)
        gtk_widget_grab_focus(entry)
        gtk_window_present(win)
    }

    private func label(_ text: String, cssClass: String) -> UnsafeMutablePointer<GtkWidget> {
        PopupWindow.label(text, cssClass: cssClass)
    }

    private func addClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        PopupWindow.addClass(widget, name)
    }

    private func connectSignals() {
        let onKey:
            @convention(c) (
                UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkEventKey>?, UnsafeMutableRawPointer?
            ) -> gboolean = { _, event, data in
                guard let event else { return 0 }
                return GLib.target(data, as: CapturePopup.self).key(event.pointee) ? 1 : 0
            }
        let onChanged: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            GLib.target(data, as: CapturePopup.self).changed()
        }
        let onPreedit:
            @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = {
                _, text, data in
                GLib.target(data, as: CapturePopup.self).preedit = text.map { String(cString: $0) } ?? ""
            }
        let onMap:
            @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) ->
                gboolean = { _, _, data in
                    GLib.target(data, as: CapturePopup.self).mapped()
                    return 0
                }
        let onDelete:
            @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) ->
                gboolean = { _, _, data in
                    GLib.target(data, as: CapturePopup.self).close()
                    return 1
                }
        GLib.connect(UnsafeMutableRawPointer(window), "key-press-event", onKey, target: self)
        GLib.connect(UnsafeMutableRawPointer(window), "map-event", onMap, target: self)
        GLib.connect(UnsafeMutableRawPointer(window), "delete-event", onDelete, target: self)
        // A window GTK destroys without asking (its layer surface closed by the compositor) ends the loop too.
        let onDestroy: @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutableRawPointer?) -> Void = {
            _, data in
            GLib.target(data, as: CapturePopup.self).destroyed()
        }
        GLib.connect(UnsafeMutableRawPointer(window), "destroy", onDestroy, target: self)
        GLib.connect(UnsafeMutableRawPointer(entry), "changed", onChanged, target: self)
        GLib.connect(UnsafeMutableRawPointer(entry), "preedit-changed", onPreedit, target: self)
    }

    /// Logs `capture shown (N ms after the process started)`: from the exec of `tasktile capture` (the same
    /// process, `SiblingCommand`), so a key binding's whole wait, to the window being mapped. A figure to
    /// read, never asserted.
    private func mapped() {
        guard !shown else { return }
        shown = true
        // In the desktop host the process started long before the click: no figure to give.
        if onClose == nil, let ms = Self.millisecondsSinceProcessStart() {
            log.info("capture shown (\(ms) ms after the process started)")
        } else {
            log.info("capture shown")
        }
    }

    private var quitting = false

    private func destroyed() {
        window = nil
        if !quitting { close() }
    }

    /// Milliseconds since this process started: `/proc/self/stat` field 22 (start time in clock ticks since
    /// boot, proc(5)) against `/proc/uptime`. nil when either cannot be read.
    static func millisecondsSinceProcessStart() -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")"),
            let uptimeText = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
            let uptime = uptimeText.split(separator: " ").first.flatMap({ Double($0) })
        else { return nil }
        // Fields after the command name start at field 3 (state); the start time is field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard hz > 0 else { return nil }
        return max(0, Int(((uptime - ticks / hz) * 1000).rounded()))
    }

    // MARK: Keys

    /// The window's key handler, before the field's (and its input method's): true when the key was ours.
    private func key(_ e: GdkEventKey) -> Bool {
        guard preedit.isEmpty else { return false }
        let shift = e.state & GDK_SHIFT_MASK.rawValue != 0
        switch Int32(e.keyval) {
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            submit(keepOpen: shift)
            return true
        case GDK_KEY_Escape:
            close()
            return true
        case GDK_KEY_Tab, GDK_KEY_KP_Tab:
            model.cycle(backward: shift)
            showTarget()
            return true
        case GDK_KEY_ISO_Left_Tab:
            model.cycle(backward: true)
            showTarget()
            return true
        default:
            return false
        }
    }

    private var text: String { String(cString: gtk_entry_get_text(tt_gtk_entry(entry))) }

    /// Enter: adds the line's todo; closes (exit 0) unless `keepOpen` (Shift+Enter), which clears the field.
    private func submit(keepOpen: Bool) {
        if environment["TASKTILE_DESKTOP_TRACE"] == "1" {
            // For Benchmarks/desktop.py: the instant Enter reached the popup (CLOCK_MONOTONIC, as the desktop
            // host's `trace frame` lines), so Enter -> widget frame is measured without the key's sender.
            var t = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t)
            log.info("trace enter capture \(String(format: "%.6f", Double(t.tv_sec) + Double(t.tv_nsec) / 1e9))")
        }
        let line = text
        do {
            let clock = try Clock.fromEnvironment(environment)
            let todo = try model.add(line, store: store, clock: clock)
            let listTitle = (try? store.read { try store.resolveList(todo.listId).title }) ?? model.target.title
            let said = localizer.text(.todoAdded, todo.title, listTitle, String(todo.id.prefix(8)))
            out(said)
            if keepOpen {
                // The default list may have been created by this add: Tab now cycles over it as a stored list.
                if let refreshed = try? CaptureModel(store: store, list: model.target.reference) {
                    model = refreshed
                }
                gtk_entry_set_text(tt_gtk_entry(entry), "")
                setMessage(said, added: true)
                showTarget()
            } else {
                close()
            }
        } catch {
            let message = (error as? ReportableError)?.message(localizer) ?? String(describing: error)
            setMessage(message, added: false)
            log.info("capture refused \"\(line)\": \(message)")
        }
    }

    /// Esc (or the compositor closed the window): nothing added, exit 0.
    private func close() {
        guard !quitting else { return }
        quitting = true
        exitCode = .success
        guard let onClose else {
            gtk_main_quit()
            return
        }
        if let window {
            self.window = nil
            gtk_widget_destroy(window)
        }
        onClose()
    }

    // MARK: Showing

    /// Every key: the chips again, and under them what Enter would refuse (`CaptureModel.refusal`), or nothing.
    private func changed() {
        let clock = (try? Clock.fromEnvironment(environment)) ?? store.clock
        setMessage(model.refusal(text, store: store, clock: clock, localizer: localizer) ?? "", added: false)
        showChips()
    }

    private func setMessage(_ text: String, added: Bool) { PopupWindow.setMessage(messageLabel, text, added: added) }

    /// The popup's width in points; its content is this minus twice the 14-point border.
    static let width: Int32 = 600
    static let contentWidth: Int32 = width - 2 * 14

    /// The chips of the field's line, one label each, in rows no wider than the popup (a row is full when the
    /// next chip would pass `contentWidth`); a grey line when the line has none. A chip is at most 40
    /// characters wide (ellipsized), so no chip widens the popup.
    private func showChips() {
        PopupWindow.removeChildren(of: chipBox)
        let clock = (try? Clock.fromEnvironment(environment)) ?? store.clock
        let q = QuickAdd.parse(text, clock: clock)
        lineList = q.list
        showTarget()
        let chips = CaptureModel.chips(q, clock: clock, localizer: localizer)
        var row = newChipRow()
        if chips.isEmpty {
            gtk_box_pack_start(
                tt_gtk_box(row), label(localizer.text(.captureNoParts), cssClass: "chips-empty"), 0, 0, 0)
        }
        var count = 0
        for chip in chips {
            let l = PopupWindow.chip(chip)
            gtk_box_pack_start(tt_gtk_box(row), l, 0, 0, 0)
            count += 1
            gtk_widget_show_all(row)
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_get_preferred_width(row, &minimum, &natural)
            if natural > Self.contentWidth && count > 1 {
                // This chip starts the next row.
                g_object_ref(UnsafeMutableRawPointer(l))
                gtk_container_remove(tt_gtk_container(row), l)
                row = newChipRow()
                gtk_box_pack_start(tt_gtk_box(row), l, 0, 0, 0)
                g_object_unref(UnsafeMutableRawPointer(l))
                count = 1
            }
        }
        gtk_widget_show_all(chipBox)
    }

    /// A new, empty row of chips at the end of `chipBox`.
    private func newChipRow() -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_pack_start(tt_gtk_box(chipBox), row, 0, 0, 0)
        return row
    }

    /// The list the line names with `^list`, which wins over the target (shown in its place).
    private var lineList: String?

    private func showTarget() {
        guard let targetLabel else { return }
        gtk_label_set_text(tt_gtk_label(targetLabel), localizer.text(.captureTarget, lineList ?? model.target.title))
    }
}
