import TaskTileCommandLine
import TaskTileCore
import TaskTileRuntime

/// Options shared by the commands that name one todo.
private let todoArgument = ArgumentSpec(name: "todo", help: "An id prefix, or a title together with --list.")
private let listOption = Option.value("--list", "-l", valueName: "list", help: "The list that holds the todo, when naming it by title.")

/// `--on DATE` of `done` and `undo`: a past cycle of a repeating todo (docs/cycles.md "Completing a past cycle").
private let onOption = Option.value("--on", valueName: "date",
                                    help: "A past cycle of a repeating todo: the date it was due (YYYY-MM-DD).")

/// Reads `--on`: an ISO date, else a usage error naming the accepted form.
private func cycleDate(_ a: ParsedArguments, spec: CommandSpec) throws -> LocalDate? {
    guard let text = a[onOption] else { return nil }
    guard let d = LocalDate(iso: text) else { throw UsageError(message: Phrase(key: .cycleOnNotDate, text), spec: spec) }
    return d
}

/// `tasktile done TODO [--list LIST] [--on DATE] [--note TEXT]`: completes the todo (the cycle
/// that is due, or the past cycle of `--on`) through the shared completion function.
struct DoneCommand: Command {
    static let spec = CommandSpec(path: ["done"], abstract: "Complete a todo (a repeating todo's cycle that is due, or a past one with --on).",
                                  arguments: [todoArgument],
                                  options: [listOption.spec, onOption.spec, noteOption.spec])
    static let noteOption = Option.value("--note", valueName: "text", help: "A note kept with this check-in in the history.")
    let todo: String, list: String?, date: LocalDate?, note: String?
    init(_ a: ParsedArguments, context: CommandContext) throws {
        todo = a.positionals[0]; list = a[listOption]
        date = try cycleDate(a, spec: Self.spec)
        note = a[Self.noteOption]
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        try TodoCompletion.perform(store: try context.store(), environment: context.environment, announce: { result in
            if context.json { context.printJSON(result.todo.jsonValue(listTitle: result.listTitle)) } else if date != nil {
                context.out(context.localizer.text(.todoCompletedOn, result.todo.title, result.listTitle,
                                                   result.todo.due?.localDate.description ?? ""))
            } else {
                context.out(context.localizer.text(.todoCompleted, result.todo.title, result.listTitle))
            }
            context.stdout.flush()
        }) { [todo, list, date, note] in try $0.complete(todo, list: list, on: date, note: note, source: .cli) }
        return .success
    }
}

/// `tasktile undo TODO [--list LIST] [--on DATE]`: marks a completed todo (or cycle) pending again, in its old place;
/// a todo that no longer exists is looked up in the trash and restored with its subtasks (docs/store.md "Deleted todos").
struct UndoCommand: Command {
    static let spec = CommandSpec(path: ["undo"], abstract: "Mark a completed todo (or, with --on, a past cycle) as pending again, or bring back a deleted one.",
                                  arguments: [todoArgument], options: [listOption.spec, onOption.spec])
    let todo: String, list: String?, date: LocalDate?
    init(_ a: ParsedArguments, context: CommandContext) throws {
        todo = a.positionals[0]; list = a[listOption]; date = try cycleDate(a, spec: Self.spec)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let t: Todo
        do {
            t = try store.undo(todo, list: list, on: date)
        } catch let error as StoreError where date == nil && error.undoLooksInTrash {
            // No such todo, or a pending one with nothing to undo (`rm Milk` twice, then `undo Milk` twice): the
            // latest deletion it names, if any (a view or a bad list has no trash to look in).
            guard let deleted = try? store.deletedTodos(matching: todo, list: list) else { throw error }
            return try restore(deleted, store: store, context)
        }
        let listTitle = try store.read { try store.resolveList(t.listId).title }
        if context.json { context.printJSON(t.jsonValue(listTitle: listTitle)) } else { context.out(context.localizer.text(.todoReopened, t.title, listTitle)) }
        return .success
    }

    /// Puts a deletion back and says so: `Restored "Weekly review" and its 5 subtasks to Home`.
    private func restore(_ deleted: DeletedTodos, store: Store, _ context: CommandContext) throws -> ExitCode {
        let t = try store.restore(deleted)
        let c = deleted.candidate, subtasks = deleted.todos.count - 1
        if context.json {
            guard case .object(let members) = t.jsonValue(listTitle: c.listTitle) else { return .success }
            context.printJSON(.object(members + [("restored", .bool(true)), ("subtasks", .number(Double(subtasks)))]))
        } else if subtasks == 0 {
            context.out(context.localizer.text(.todoRestored, c.title, c.listTitle))
        } else {
            context.out(context.localizer.text(.todoRestoredWithSubtasks, subtasks, c.title, c.listTitle))
        }
        return .success
    }
}

/// `tasktile rm TODO [--list LIST]`: deletes a todo and its subtasks into the trash, whence `undo` brings them back.
struct RemoveCommand: Command {
    static let spec = CommandSpec(path: ["rm"], abstract: "Delete a todo and its subtasks (undo brings them back).",
                                  arguments: [todoArgument], options: [listOption.spec])
    let todo: String, list: String?
    init(_ a: ParsedArguments, context: CommandContext) throws { todo = a.positionals[0]; list = a[listOption] }

    func run(_ context: CommandContext) throws -> ExitCode {
        let deleted = try context.store().deleteTodo(todo, list: list)
        let c = deleted.candidate, subtasks = deleted.todos.count - 1
        if context.json {
            context.printJSON(.object([("id", .string(c.id)), ("title", .string(c.title)), ("list", .string(c.listTitle)),
                                       ("deleted", .bool(true)), ("subtasks", .number(Double(subtasks)))]))
        } else {
            let said = subtasks == 0 ? context.localizer.text(.todoDeleted, c.title, c.listTitle)
                : context.localizer.text(.todoDeletedWithSubtasks, subtasks, c.title, c.listTitle)
            context.out(said + context.localizer.text(.todoDeletedUndoHint, String(c.id.prefix(8))))
        }
        return .success
    }
}

/// `tasktile move TODO --to POS [--list LIST]`: reorders within the todo's section.
struct MoveCommand: Command {
    static let spec = CommandSpec(path: ["move"], abstract: "Move a todo to a position within its section (0 is first).",
                                  arguments: [todoArgument],
                                  options: [toOption.spec, listOption.spec])
    static let toOption = Option.required("--to", valueName: "position", help: "The new 0-based position.")
    let todo: String, list: String?, position: Int
    init(_ a: ParsedArguments, context: CommandContext) throws {
        todo = a.positionals[0]; list = a[listOption]
        position = try parsePosition(a[Self.toOption], spec: Self.spec)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let t = try store.moveTodo(todo, list: list, to: position)
        let listTitle = try store.read { try store.resolveList(t.listId).title }
        if context.json { context.printJSON(t.jsonValue(listTitle: listTitle)) } else { context.out(context.localizer.text(.todoMoved, t.title, position)) }
        return .success
    }
}

extension StoreError {
    /// Whether `undo` looks in the trash after this refusal: no todo matched, or the one that matched is
    /// pending (nothing to undo).
    fileprivate var undoLooksInTrash: Bool {
        switch self {
        case .todoNotFound, .notCompleted: true
        default: false
        }
    }
}
