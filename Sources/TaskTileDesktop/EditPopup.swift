internal import CGtk
import Foundation
import TaskTileCore
import TaskTileRuntime

/// The edit popup a click on a widget row opens (docs/desktop.md "Editing from a widget"), in the desktop host's
/// process: the todo's title, its due and repeat (said as they are, and a field read as `tasktile quick` reads a
/// line, with its chips live), priority, tags, notes, its subtasks as checkboxes and a field for a new one.
/// Keyboard first: Tab moves between the fields, Space ticks a subtask, Enter saves and closes, Esc closes
/// without a change, Ctrl+Delete deletes the todo with its subtasks and Ctrl+Z (before the popup closes) brings
/// them back. What Enter would refuse is said under the fields as they are typed (`EditModel.refusal`); nothing
/// is written until Enter. While an input method composes, Enter and Esc are the input method's. Placement is
/// `PopupWindow`'s (the capture popup's).
public final class EditPopup {
    let store: Store
    let environment: [String: String]
    let localizer: Localizer
    /// `… info tasktile: edit …` lines, and one per save or delete.
    let log: DaemonLog
    private(set) var model: EditModel

    private var window: UnsafeMutablePointer<GtkWidget>!
    private var titleEntry: UnsafeMutablePointer<GtkWidget>!
    private var whenEntry: UnsafeMutablePointer<GtkWidget>!
    private var whenChips: UnsafeMutablePointer<GtkWidget>!
    private var priorityBox: UnsafeMutablePointer<GtkWidget>!
    private var tagsEntry: UnsafeMutablePointer<GtkWidget>!
    private var notesEntry: UnsafeMutablePointer<GtkWidget>!
    private var subtaskEntry: UnsafeMutablePointer<GtkWidget>!
    /// One checkbox per direct subtask, in `model.subtasks` order: Space (or a click) toggles, Enter saves.
    private var subtaskBoxes: [(id: String, button: UnsafeMutablePointer<GtkWidget>)] = []
    private var form: UnsafeMutablePointer<GtkWidget>!
    private var messageLabel: UnsafeMutablePointer<GtkWidget>!
    /// Entries whose input method is composing (a non-empty preedit).
    private var composing = Set<UnsafeMutableRawPointer>()
    /// What Ctrl+Delete deleted, for Ctrl+Z; nil while the todo is in the store.
    private var deleted: DeletedTodos?
    private var onClose: (() -> Void)?
    private var quitting = false

    /// A popup editing todo `todoID` of `store`; `log` receives the host's log lines.
    /// - Throws: `StoreError.todoNotFound` when the todo is gone since the frame was drawn.
    public init(store: Store, todoID: String, environment: [String: String], localizer: Localizer,
                log: @escaping (String) -> Void) throws {
        self.store = store
        self.environment = environment
        self.localizer = localizer
        self.log = DaemonLog(program: "tasktile", zone: Clock.timeZone(environment: environment), write: log)
        model = try EditModel(store: store, todoID: todoID)
    }

    /// Shows the popup in a process whose GTK main loop runs (the desktop host). Enter, Esc or a closed window
    /// destroy it and call `onClose`.
    public func present(onClose: @escaping () -> Void) {
        self.onClose = onClose
        guard let display = gdk_display_get_default() else {
            onClose()
            return
        }
        build(backend: DesktopBackend.detect(display))
        log.info("edit \"\(model.todo.title)\" (\(model.todo.id.prefix(8))) in \(model.listTitle)")
    }

    /// Closes the popup without a change (another row was clicked, the host stops).
    public func dismiss() { close() }

    private var clock: Clock { (try? Clock.fromEnvironment(environment)) ?? store.clock }

    // MARK: Window

    /// Priorities in the order of the priority box.
    static let priorities: [Priority] = [.none, .low, .medium, .high]

    private func build(backend: DesktopBackend) {
        let l = localizer
        let w = PopupWindow.make(backend: backend, title: l.text(.editTitle), width: CapturePopup.width)
        window = w
        PopupWindow.addClass(w, "tasktile-edit")
        let outer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_container_set_border_width(tt_gtk_container(outer), 14)
        gtk_container_add(tt_gtk_container(w), outer)
        gtk_box_pack_start(tt_gtk_box(outer), PopupWindow.label(model.listTitle, cssClass: "list"), 0, 0, 0)
        form = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_box_pack_start(tt_gtk_box(outer), form, 0, 0, 0)
        let f = model.fields

        titleEntry = entry(f.title, placeholder: nil, cssClass: "title")
        pack(titleEntry)
        field(l.text(.editFieldWhen))
        pack(PopupWindow.label(model.summary(clock: clock, localizer: l), cssClass: "now"))
        whenEntry = entry("", placeholder: l.text(.editWhenPlaceholder), cssClass: nil)
        pack(whenEntry)
        whenChips = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        pack(whenChips)

        field(l.text(.editFieldPriority))
        priorityBox = gtk_combo_box_text_new()!
        for p in Self.priorities { gtk_combo_box_text_append_text(tt_gtk_combo_box_text(priorityBox), priorityName(p)) }
        gtk_combo_box_set_active(tt_gtk_combo_box(priorityBox), Int32(Self.priorities.firstIndex(of: f.priority) ?? 0))
        pack(priorityBox)
        field(l.text(.editFieldTags))
        tagsEntry = entry(f.tags, placeholder: l.text(.editTagsPlaceholder), cssClass: nil)
        pack(tagsEntry)
        field(l.text(.editFieldNotes))
        notesEntry = entry(f.notes, placeholder: nil, cssClass: nil)
        pack(notesEntry)

        let done = model.subtasks.filter(\.isCompleted).count
        field(l.text(.editFieldSubtasks, done, model.subtasks.count))
        for s in model.subtasks {
            let box = gtk_check_button_new_with_label(s.title)!
            PopupWindow.addClass(box, "subtask")
            gtk_toggle_button_set_active(tt_gtk_toggle_button(box), s.isCompleted ? 1 : 0)
            if let label = gtk_bin_get_child(tt_gtk_bin(box)) {
                gtk_label_set_ellipsize(tt_gtk_label(label), PANGO_ELLIPSIZE_END)
            }
            subtaskBoxes.append((s.id, box))
            pack(box)
        }
        subtaskEntry = entry("", placeholder: l.text(.editSubtaskPlaceholder), cssClass: nil)
        pack(subtaskEntry)

        messageLabel = PopupWindow.messageLabel()
        gtk_box_pack_start(tt_gtk_box(outer), messageLabel, 0, 0, 0)
        gtk_box_pack_start(tt_gtk_box(outer), PopupWindow.label(l.text(.editHint), cssClass: "hint"), 0, 0, 0)

        connectSignals()
        gtk_widget_show_all(w)
        // The due is what a click on a row most often comes to change: its field has the focus, and the title
        // GTK focused (and selected) first is left unselected.
        gtk_widget_grab_focus(whenEntry)
        gtk_editable_select_region(tt_gtk_editable(titleEntry), 0, 0)
        gtk_window_present(tt_gtk_window(w))
    }

    private func priorityName(_ p: Priority) -> String {
        switch p {
        case .none: localizer.text(.editPriorityNone)
        case .low: localizer.text(.editPriorityLow)
        case .medium: localizer.text(.editPriorityMedium)
        case .high: localizer.text(.editPriorityHigh)
        }
    }

    private func entry(_ text: String, placeholder: String?, cssClass: String?) -> UnsafeMutablePointer<GtkWidget> {
        let e = gtk_entry_new()!
        gtk_entry_set_text(tt_gtk_entry(e), text)
        if let placeholder { gtk_entry_set_placeholder_text(tt_gtk_entry(e), placeholder) }
        gtk_entry_set_activates_default(tt_gtk_entry(e), 0)
        if let cssClass { PopupWindow.addClass(e, cssClass) }
        return e
    }

    private func pack(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_box_pack_start(tt_gtk_box(form), widget, 0, 0, 0)
    }
    private func field(_ name: String) { pack(PopupWindow.label(name, cssClass: "field")) }

    private func text(_ entry: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_entry_get_text(tt_gtk_entry(entry)))
    }

    /// The fields as typed now.
    private var fields: EditModel.Fields {
        let index = Int(gtk_combo_box_get_active(tt_gtk_combo_box(priorityBox)))
        return EditModel.Fields(
            title: text(titleEntry), notes: text(notesEntry), when: text(whenEntry),
            priority: Self.priorities.indices.contains(index) ? Self.priorities[index] : model.todo.priority,
            tags: text(tagsEntry), newSubtask: text(subtaskEntry),
            subtasksDone: Dictionary(
                subtaskBoxes.map { ($0.id, gtk_toggle_button_get_active(tt_gtk_toggle_button($0.button)) != 0) },
                uniquingKeysWith: { a, _ in a }))
    }

    private func connectSignals() {
        let onKey:
            @convention(c) (
                UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkEventKey>?, UnsafeMutableRawPointer?
            ) -> gboolean = { _, event, data in
                guard let event else { return 0 }
                return GLib.target(data, as: EditPopup.self).key(event.pointee) ? 1 : 0
            }
        let onChanged: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            GLib.target(data, as: EditPopup.self).changed()
        }
        let onPreedit:
            @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = {
                entry, text, data in
                guard let entry else { return }
                let popup = GLib.target(data, as: EditPopup.self)
                if let text, text.pointee != 0 { popup.composing.insert(entry) } else { popup.composing.remove(entry) }
            }
        let onDelete:
            @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) ->
                gboolean = { _, _, data in
                    GLib.target(data, as: EditPopup.self).close()
                    return 1
                }
        let onDestroy: @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutableRawPointer?) -> Void = {
            _, data in
            let popup = GLib.target(data, as: EditPopup.self)
            popup.window = nil
            if !popup.quitting { popup.close() }
        }
        GLib.connect(UnsafeMutableRawPointer(window), "key-press-event", onKey, target: self)
        GLib.connect(UnsafeMutableRawPointer(window), "delete-event", onDelete, target: self)
        GLib.connect(UnsafeMutableRawPointer(window), "destroy", onDestroy, target: self)
        for e in [titleEntry, whenEntry, tagsEntry, notesEntry, subtaskEntry] {
            GLib.connect(UnsafeMutableRawPointer(e!), "changed", onChanged, target: self)
            GLib.connect(UnsafeMutableRawPointer(e!), "preedit-changed", onPreedit, target: self)
        }
        GLib.connect(UnsafeMutableRawPointer(priorityBox), "changed", onChanged, target: self)
        for (_, box) in subtaskBoxes { GLib.connect(UnsafeMutableRawPointer(box), "toggled", onChanged, target: self) }
    }

    // MARK: Keys

    /// The window's key handler, before the fields' (and their input methods'): true when the key was ours.
    private func key(_ e: GdkEventKey) -> Bool {
        guard composing.isEmpty else { return false }
        let control = e.state & GDK_CONTROL_MASK.rawValue != 0
        switch Int32(e.keyval) {
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            if deleted == nil { save() }
            return true
        case GDK_KEY_Escape:
            close()
            return true
        case GDK_KEY_Delete, GDK_KEY_KP_Delete:
            guard control else { return false }
            if deleted == nil { delete() }
            return true
        case GDK_KEY_z, GDK_KEY_Z:
            guard control, deleted != nil else { return false }  // nothing to bring back: the field's key
            restore()
            return true
        // Tab and Space are moved and toggled here rather than by GTK's key bindings, which look keys up by
        // hardware keycode in the keymap GDK holds: a virtual keyboard with a keymap of its own (wtype, an
        // on-screen keyboard) types text but never reaches them.
        case GDK_KEY_Tab, GDK_KEY_ISO_Left_Tab, GDK_KEY_KP_Tab:
            guard !control else { return false }
            let back = e.keyval == UInt32(GDK_KEY_ISO_Left_Tab) || e.state & GDK_SHIFT_MASK.rawValue != 0
            _ = gtk_widget_child_focus(window, back ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD)
            return true
        case GDK_KEY_space:
            let focus = gtk_window_get_focus(tt_gtk_window(window))
            guard let box = subtaskBoxes.first(where: { $0.button == focus })?.button else { return false }
            let toggle = tt_gtk_toggle_button(box)
            gtk_toggle_button_set_active(toggle, gtk_toggle_button_get_active(toggle) == 0 ? 1 : 0)
            return true
        default:
            return false
        }
    }

    /// Enter: saves (`EditModel.save`) and closes; a refusal is shown and the popup stays open.
    private func save() {
        do {
            let (todo, changed, completions) = try model.save(fields, store: store, clock: clock)
            log.info(changed ? "edit saved \"\(todo.title)\" (\(todo.id.prefix(8)))" : "edit: nothing changed")
            for c in completions { TodoCompletion.playSound(for: c, store: store, environment: environment) }
            close()
        } catch {
            let message = (error as? ReportableError)?.message(localizer) ?? String(describing: error)
            setMessage(message, added: false)
            log.info("edit refused: \(message)")
        }
    }

    /// Ctrl+Delete: deletes the todo and its subtasks (`Store.deleteTodo`); the fields are greyed and
    /// Ctrl+Z brings it all back until the popup closes.
    private func delete() {
        do {
            let d = try store.deleteTodo(model.todo.id)
            deleted = d
            gtk_widget_set_sensitive(form, 0)
            setMessage(localizer.text(.editDeleted, d.candidate.title, d.candidate.listTitle), added: true)
            let id = d.candidate.id.prefix(8)
            log.info("edit deleted \"\(d.candidate.title)\" (\(id)) with \(d.todos.count - 1) subtask(s)")
        } catch {
            setMessage((error as? ReportableError)?.message(localizer) ?? String(describing: error), added: false)
        }
    }

    /// Ctrl+Z after a delete: `Store.restore`; the popup edits the todo again.
    private func restore() {
        guard let d = deleted else { return }
        do {
            try store.restore(d)
            deleted = nil
            gtk_widget_set_sensitive(form, 1)
            setMessage(localizer.text(.editRestored, d.candidate.title), added: true)
            log.info("edit restored \"\(d.candidate.title)\" (\(d.candidate.id.prefix(8)))")
        } catch {
            setMessage((error as? ReportableError)?.message(localizer) ?? String(describing: error), added: false)
        }
    }

    private func close() {
        guard !quitting else { return }
        quitting = true
        if let window {
            self.window = nil
            gtk_widget_destroy(window)
        }
        onClose?()
    }

    // MARK: Showing

    /// Every change: the when field's chips, and what Enter would refuse (or nothing).
    private func changed() {
        guard deleted == nil else { return }
        let f = fields
        setMessage(model.refusal(f, clock: clock, localizer: localizer) ?? "", added: false)
        PopupWindow.removeChildren(of: whenChips)
        for chip in EditModel.whenChips(f.when, clock: clock, localizer: localizer) {
            gtk_box_pack_start(tt_gtk_box(whenChips), PopupWindow.chip(chip), 0, 0, 0)
        }
        gtk_widget_show_all(whenChips)
    }

    private func setMessage(_ text: String, added: Bool) { PopupWindow.setMessage(messageLabel, text, added: added) }
}
