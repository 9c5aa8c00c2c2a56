import Foundation
import TaskTileCore

/// What the edit popup (`EditPopup`, a click on a widget row, docs/desktop.md "Editing from a widget") shows and
/// does, apart from GTK: the todo's fields as text, the changes edited fields make, the one save
/// (`Store.editTodo`, the path `tasktile edit` takes, plus `Store.addTodo` for a new subtask) and delete with
/// its undo (`Store.deleteTodo` / `Store.restore`).
public struct EditModel {
    /// The fields of the popup, as text the person edits.
    public struct Fields: Hashable, Sendable {
        public var title: String
        /// Empty: no notes.
        public var notes: String
        /// Empty: due and repeat unchanged; a `tasktile quick` line of a due, a repeat and a start
        /// (`tomorrow 6pm every week`, `毎週月曜 9時`); `none` (`なし`, `-`) removes the due and the repeat.
        public var when: String
        public var priority: Priority
        /// `#travel #money` (or `travel, money`): the todo's tags afterwards, matched case-insensitively.
        public var tags: String
        /// Empty: no new subtask; else the title of one added under the todo.
        public var newSubtask: String
        /// Whether each direct subtask (by id) is to be done after Enter: its checkbox in the popup. A subtask
        /// not named stays as it is; one named with its current state is no change.
        public var subtasksDone: [String: Bool]

        public init(title: String, notes: String, when: String, priority: Priority, tags: String, newSubtask: String,
                    subtasksDone: [String: Bool] = [:]) {
            self.title = title; self.notes = notes; self.when = when; self.priority = priority; self.tags = tags
            self.newSubtask = newSubtask
            self.subtasksDone = subtasksDone
        }
    }

    /// The todo as read when the popup opened.
    public let todo: Todo
    /// Its list's title.
    public let listTitle: String
    /// Its direct subtasks, in order (pending first), with their done state.
    public let subtasks: [Todo]

    /// The todo `id` of `store`, read in one transaction.
    /// - Throws: `StoreError.todoNotFound` when it is gone (deleted since the frame was drawn).
    public init(store: Store, todoID id: String) throws {
        (todo, listTitle, subtasks) = try store.read {
            guard let todo = try store.todo(id: id) else { throw StoreError.todoNotFound(id, list: nil) }
            let list = try store.resolveList(todo.listId)
            let subtasks = try store.todos(inList: todo.listId).filter { $0.parentId == todo.id }
            return (todo, list.title, subtasks)
        }
    }

    /// The fields as the popup first shows them: the title, notes, priority and tags as stored, `when` and
    /// `newSubtask` empty (the current due and repeat are said by `summary`).
    public var fields: Fields {
        Fields(title: todo.title, notes: todo.notes ?? "", when: "", priority: todo.priority,
               tags: todo.tags.map { "#" + $0 }.joined(separator: " "), newSubtask: "",
               subtasksDone: Dictionary(subtasks.map { ($0.id, $0.isCompleted) }, uniquingKeysWith: { a, _ in a }))
    }

    /// The words of `when` that remove the due and the repeat.
    static let noneWords: Set<String> = ["none", "no due", "-", "なし", "期限なし"]

    /// What the todo has now, for the line above the `when` field: `Due: Tomorrow at 18:00 · ↻ every week ·
    /// from: Mon, Jan 11`, or `no due`; in `localizer`'s language.
    public func summary(clock: Clock, localizer l: Localizer) -> String {
        var parts: [String] = []
        if let due = todo.due {
            parts.append(l.text(.captureChipDue, CaptureModel.dueText(due, clock: clock, localizer: l)))
        } else {
            parts.append(l.text(.editNoDue))
        }
        if let rule = todo.repeatRule {
            let vocabulary = RepeatRuleVocabulary.forLanguage(l.language)
            let said = rule.summary(currentIndex: todo.occurrenceCount, anchor: todo.anchor, vocabulary: vocabulary)
            parts.append(l.text(.captureChipRepeat, said))
        }
        if let start = todo.start {
            parts.append(l.text(.captureChipStart, CaptureModel.dueText(start, clock: clock, localizer: l)))
        }
        return parts.joined(separator: " · ")
    }

    /// The chips of the `when` field as the person types it (`due: Tomorrow at 18:00`, `↻ every week`), or the
    /// `none` chip.
    public static func whenChips(_ when: String, clock: Clock, localizer l: Localizer) -> [String] {
        let line = when.trimmingCharacters(in: .whitespaces)
        if line.isEmpty { return [] }
        if noneWords.contains(line.lowercased()) { return [l.text(.editNoDue)] }
        let q = QuickAdd.parse(line, clock: clock)
        var chips = CaptureModel.chips(q, clock: clock, localizer: l)
        // A repeat without a date starts at its first occurrence: that is the new due, so say it.
        if let due = q.due, !q.parts.contains(where: { $0.kind == .due }) {
            chips.insert(l.text(.captureChipDue, CaptureModel.dueText(due, clock: clock, localizer: l)), at: 0)
        }
        return chips
    }

    /// The tags of a `tags` field: words split at spaces and commas, a leading `#` dropped, empty ones left out.
    static func tagWords(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\u{3000}" || $0 == "、" || $0 == "，" })
            .map { $0.hasPrefix("#") ? String($0.dropFirst()) : String($0) }
            .filter { !$0.isEmpty }
    }

    /// The changes `f` makes to the todo; nil when it makes none.
    /// - Throws: `EditRefusal.notAWhen` for a `when` with words that are not a due, repeat or start;
    ///   `EditRefusal` reasons of the tags (`TagRules`) and titles (`TextRules`). Nothing is written.
    /// The tags are compared with `current` (the todo as stored now, default: as read when the popup opened):
    /// removing a tag another process removed meanwhile is no refusal, it is already so.
    public func changes(_ f: Fields, clock: Clock, current: Todo? = nil) throws -> TodoChanges? {
        var c = TodoChanges()
        var changed = false
        // Compared as the store would keep them (cleaned), so an untouched field never writes.
        let title = try TextRules.title(f.title.trimmingCharacters(in: .whitespaces))
        if title != todo.title {
            c.title = title
            changed = true
        }
        let notes = f.notes.trimmingCharacters(in: .whitespacesAndNewlines)
        if notes != (todo.notes ?? "").trimmingCharacters(in: .whitespacesAndNewlines) {
            c.notes = .some(notes.isEmpty ? nil : try TextRules.notes(notes))
            changed = true
        }
        let when = f.when.trimmingCharacters(in: .whitespaces)
        if Self.noneWords.contains(when.lowercased()) {
            if todo.due != nil || todo.repeatRule != nil {
                c.due = .some(nil)
                c.repeatRule = .some(nil)
                changed = true
            }
        } else if !when.isEmpty {
            let q = QuickAdd.parse(when, clock: clock)
            // Only the parts of a date: a title word, a tag, a list or a priority here is a mistake.
            let others = q.parts.filter { ![.due, .repeat, .start].contains($0.kind) }
            guard q.title.isEmpty, others.isEmpty, q.due != nil || q.repeatRule != nil || q.start != nil else {
                throw EditRefusal.notAWhen(when)
            }
            if let due = q.due { c.due = .some(due) }
            if let rule = q.repeatRule { c.repeatRule = .some(rule) }
            if let start = q.start { c.start = .some(start) }
            changed = true
        }
        if f.priority != todo.priority {
            c.priority = f.priority
            changed = true
        }
        let wanted = try TagRules.tags(Self.tagWords(f.tags))
        let have = (current ?? todo).tags
        // By spelling: `#Work` typed over `#work` respells it (the store matches tags without case).
        c.addTags = wanted.filter { !have.contains($0) }
        c.removeTags = have.filter { !wanted.contains($0) }
        if !c.addTags.isEmpty || !c.removeTags.isEmpty { changed = true }
        return changed ? c : nil
    }

    /// What Enter would refuse for `f`, said while the person types; nil when it would save.
    public func refusal(_ f: Fields, clock: Clock, localizer l: Localizer) -> String? {
        do {
            if let c = try changes(f, clock: clock), c.start != nil || c.due != nil {
                // A start after the due is the store's refusal; said here before Enter.
                let due = c.due ?? todo.due, start = c.start ?? todo.start
                try Store.checkStart(start, due: due)
            }
            let sub = f.newSubtask.trimmingCharacters(in: .whitespaces)
            if !sub.isEmpty {
                _ = try TextRules.title(sub)
                // The store's own refusal, said before Enter (`Store.addTodo` gives the same).
                if todo.isCompleted { throw StoreError.invalidParent(Phrase(key: .errorParentCompleted, todo.title)) }
            }
            return nil
        } catch {
            return (error as? ReportableError)?.message(l) ?? String(describing: error)
        }
    }

    /// Enter: writes the changes of `f` (`Store.editTodo`), completes or reopens the subtasks whose checkbox
    /// changed (`Store.complete(todoID:source:)` with source `.widget`, the path a widget checkbox takes, and
    /// `Store.undo`), and adds `f.newSubtask` under the todo, in one transaction: when the subtask is refused (a
    /// completed parent takes none), nothing is written. Every field is checked before anything is written. A
    /// subtask completed or reopened elsewhere since the popup opened is left as it is now.
    /// - Returns: the todo as stored, whether anything was written, and the subtasks' completions (for the
    ///   completion sound, `TodoCompletion.playSound`).
    /// - Throws: `EditRefusal`, `StoreError` (the todo deleted meanwhile, bad text), `RepeatRuleError`.
    @discardableResult
    public func save(_ f: Fields, store: Store, clock: Clock) throws
        -> (todo: Todo, changed: Bool, completions: [CompletionResult])
    {
        _ = try changes(f, clock: clock)
        let sub = f.newSubtask.trimmingCharacters(in: .whitespaces)
        let subtaskTitle = sub.isEmpty ? nil : try TextRules.title(sub)
        let toggled = subtasks.compactMap { s in
            f.subtasksDone[s.id].flatMap { $0 != s.isCompleted ? (s.id, $0) : nil }
        }
        return try store.write {
            guard let current = try store.todo(id: todo.id) else { throw EditRefusal.gone(todo.title) }
            // Refused before the title is written, so the reason names the todo as it is stored.
            if subtaskTitle != nil, current.isCompleted {
                throw StoreError.invalidParent(Phrase(key: .errorParentCompleted, current.title))
            }
            let changes = try self.changes(f, clock: clock, current: current)
            var stored = current
            if let changes { stored = try store.editTodo(todo.id, changes: changes) }
            var completions: [CompletionResult] = []
            var toggledAny = false
            for (id, done) in toggled {
                guard let now = try store.todo(id: id), now.isCompleted != done else { continue }
                if done {
                    completions.append(try store.complete(todoID: id, source: .widget))
                } else {
                    try store.undo(id)
                }
                toggledAny = true
            }
            if let subtaskTitle { _ = try store.addTodo(title: subtaskTitle, list: nil, parent: todo.id) }
            return (stored, changes != nil || subtaskTitle != nil || toggledAny, completions)
        }
    }
}

/// Why the edit popup saved nothing (shown under the fields; the popup stays open).
public enum EditRefusal: Error, Hashable, Sendable, ReportableError {
    /// The `when` field has words that are not a due, a repeat or a start.
    case notAWhen(String)
    /// The todo was deleted (elsewhere) since the popup opened.
    case gone(String)

    /// 64 (usage) if it ever ends a command; the popup shows it and stays open.
    public var exitCode: ExitCode { .usage }
    public func message(_ l: Localizer) -> String {
        switch self {
        case .notAWhen(let text):
            // A pasted essay is not repeated whole under the fields.
            l.text(.editErrorWhen, text.count > 60 ? String(text.prefix(60)) + "…" : text)
        case .gone(let title): l.text(.editErrorGone, title)
        }
    }
}
