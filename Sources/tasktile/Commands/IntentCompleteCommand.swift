import TaskTileCommandLine
import TaskTileCore
import TaskTileRuntime

/// `tasktile intent complete (--list TITLE --todo TITLE | --id ID) [--first]` (docs/completion.md "intent complete"): the
/// status-bar and script entry point. Exit 1 names why nothing matched; exit 3 lists the candidates
/// with ids. `--json` prints a result object on success (`completed: true`, `source`, `todo`) and on
/// exit 1 or 3 (`completed: false`, `reason`, `message`, `candidates`). Completion goes through
/// `Store.completeInTransaction`, the one completion function.
struct IntentCompleteCommand: Command {
    static let spec = CommandSpec(
        path: ["intent", "complete"], abstract: "Complete a todo by list and todo title, or by id (for status bars and scripts).",
        discussion: "Titles match after trimming and Unicode NFC normalisation, case-sensitively. Exit codes: 0 completed, 1 nothing matched (list missing, todo missing, already completed), 3 several candidates (listed with ids; use --id or --first). With --json a result object is printed on success and on exit 1 or 3: completed, reason (listMissing, todoMissing, alreadyCompleted, idMissing, ambiguous), message, candidates.",
        options: [listOption, todoOption, idOption].map(\.spec) + [firstOption.spec],
        usageOverride: ["tasktile intent complete --list <title> --todo <title> [--first]", "tasktile intent complete --id <id> [--first]"])
    static let listOption = Option.value("--list", valueName: "title", help: "The list's title.")
    static let todoOption = Option.value("--todo", valueName: "title", help: "The todo's title.")
    static let idOption = Option.value("--id", valueName: "id", help: "The todo's id (or a unique prefix).")
    static let firstOption = Option.flag("--first", help: "With several candidates, take the first incomplete one by list and todo order.")

    enum Target { case titles(list: String, todo: String), id(String) }
    let target: Target, first: Bool

    init(_ a: ParsedArguments, context: CommandContext) throws {
        first = a[Self.firstOption]
        if let id = a[Self.idOption] {
            guard !a.has(Self.listOption) && !a.has(Self.todoOption) else { throw Self.usage(Phrase(key: .intentErrorIdOrTitles)) }
            target = .id(id)
        } else {
            guard let list = a[Self.listOption], let todo = a[Self.todoOption] else {
                throw Self.usage(Phrase(key: .intentErrorNeedsTarget))
            }
            target = .titles(list: list, todo: todo)
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        do {
            try TodoCompletion.perform(store: store, environment: context.environment, announce: { result in
                if context.json {
                    context.printJSON(.object([("completed", .bool(true)), ("source", .string(result.source.rawValue)),
                                               ("todo", result.todo.jsonValue(listTitle: result.listTitle))]))
                } else {
                    context.out(context.localizer.text(.todoCompleted, result.todo.title, result.listTitle))
                }
                context.stdout.flush()
            }) { store in
                switch target {
                case .titles(let list, let todo): try store.intentComplete(listTitle: list, todoTitle: todo, first: first)
                case .id(let id): try store.intentComplete(id: id, first: first)
                }
            }
        } catch let failure as IntentFailure {
            // Scripts asking for JSON get a result object on stdout too; the message and exit code
            // still come from the error funnel.
            if context.json { context.printJSON(Self.json(failure)) }
            throw failure
        }
        return .success
    }

    /// `{ "completed": false, "reason": …, "message": …, "candidates": [ { id, title, listId, list, isCompleted } ] }`.
    static func json(_ failure: IntentFailure) -> JSONValue {
        .object([("completed", .bool(false)), ("reason", .string(failure.reason)), ("message", .string(failure.description)),
                 ("candidates", .array(failure.candidates.map { c in
                     .object([("id", .string(c.id)), ("title", .string(c.title)), ("listId", .string(c.listId)),
                              ("list", .string(c.listTitle)), ("isCompleted", .bool(c.isCompleted))])
                 }))])
    }
}
