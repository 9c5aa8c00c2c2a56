import TaskTileCommandLine
import TaskTileCore
import TaskTileRuntime

/// Options shared by the commands that name one todo.
private let todoArgument = ArgumentSpec(name: "todo", help: "An id prefix, or a title together with --list.")
private let listOption = OptionSpec.value("--list", "-l", valueName: "list", help: "The list that holds the todo, when naming it by title.")

/// `tasktile done TODO [--list LIST]`: completes the todo (its current cycle) through the shared completion function.
struct DoneCommand: Command {
    static let spec = CommandSpec(path: ["done"], abstract: "Complete a todo (a repeating todo's current cycle).",
                                  arguments: [todoArgument], options: [listOption])
    let todo: String, list: String?
    init(_ a: ParsedArguments, context: CommandContext) throws { todo = a.positionals[0]; list = a.value("--list") }

    func run(_ context: CommandContext) throws -> ExitCode {
        try TodoCompletion.perform(store: try context.store(), environment: context.environment, announce: { result in
            if context.json { context.printJSON(result.todo.jsonValue(listTitle: result.listTitle)) } else {
                context.out(context.localizer.text(.todoCompleted, result.todo.title, result.listTitle))
            }
            context.stdout.flush()
        }) { [todo, list] in try $0.complete(todo, list: list, source: .cli) }
        return .success
    }
}

/// `tasktile undo TODO [--list LIST]`: marks a completed todo pending again, in its old place.
struct UndoCommand: Command {
    static let spec = CommandSpec(path: ["undo"], abstract: "Mark a completed todo as pending again.",
                                  arguments: [todoArgument], options: [listOption])
    let todo: String, list: String?
    init(_ a: ParsedArguments, context: CommandContext) throws { todo = a.positionals[0]; list = a.value("--list") }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let t = try store.undo(todo, list: list)
        let listTitle = try store.read { try store.resolveList(t.listId).title }
        if context.json { context.printJSON(t.jsonValue(listTitle: listTitle)) } else { context.out(context.localizer.text(.todoReopened, t.title, listTitle)) }
        return .success
    }
}

/// `tasktile rm TODO [--list LIST]`.
struct RemoveCommand: Command {
    static let spec = CommandSpec(path: ["rm"], abstract: "Delete a todo.", arguments: [todoArgument], options: [listOption])
    let todo: String, list: String?
    init(_ a: ParsedArguments, context: CommandContext) throws { todo = a.positionals[0]; list = a.value("--list") }

    func run(_ context: CommandContext) throws -> ExitCode {
        let c = try context.store().removeTodo(todo, list: list)
        if context.json {
            context.printJSON(.object([("id", .string(c.id)), ("title", .string(c.title)), ("list", .string(c.listTitle)), ("deleted", .bool(true))]))
        } else { context.out(context.localizer.text(.todoDeleted, c.title, c.listTitle)) }
        return .success
    }
}

/// `tasktile move TODO --to POS [--list LIST]`: reorders within the todo's section.
struct MoveCommand: Command {
    static let spec = CommandSpec(path: ["move"], abstract: "Move a todo to a position within its section (0 is first).",
                                  arguments: [todoArgument],
                                  options: [.value("--to", valueName: "position", help: "The new 0-based position.", required: true), listOption])
    let todo: String, list: String?, position: Int
    init(_ a: ParsedArguments, context: CommandContext) throws {
        todo = a.positionals[0]; list = a.value("--list")
        position = try parsePosition(a.value("--to")!, spec: Self.spec)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let t = try store.moveTodo(todo, list: list, to: position)
        let listTitle = try store.read { try store.resolveList(t.listId).title }
        if context.json { context.printJSON(t.jsonValue(listTitle: listTitle)) } else { context.out(context.localizer.text(.todoMoved, t.title, position)) }
        return .success
    }
}
