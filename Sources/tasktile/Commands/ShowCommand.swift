import TaskTileCommandLine
import TaskTileCore

/// `tasktile show [LIST]`: the Pending and Completed sections of one list or of all lists.
struct ShowCommand: Command {
    static let spec = CommandSpec(path: ["show"], abstract: "Show todos in Pending and Completed sections (all lists when none is given).",
                                  arguments: [ArgumentSpec(name: "list", help: "A list title or id prefix.", optional: true)])
    let list: String?
    init(_ a: ParsedArguments, context: CommandContext) throws { list = a.positionals.first }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        var progress: [String: GoalProgress] = [:]
        let (contents, ids, streaks) = try store.read { () -> ([ListContent], [String: String], [String: Streak]) in
            let contents = try store.contents(of: list)
            let todos = contents.flatMap { $0.pending + $0.completed }
            if !context.json { progress = try store.goalProgress(of: todos) }
            // Prefixes for the shown todos only (neighbours in the id index), not every id in the store.
            return (contents, try store.shortTodoIDs(for: todos.map(\.id)), context.json ? [:] : try store.streaks(of: todos))
        }
        if context.json {
            context.printJSON(.object([("lists", .array(contents.map { c in
                let members = c.list.jsonMembers + [("pendingCount", .number(Double(c.pending.count))),
                                                    ("completedCount", .number(Double(c.completed.count))),
                                                    ("pending", .array(c.pending.map { $0.jsonValue(listTitle: c.list.title) })),
                                                    ("completed", .array(c.completed.map { $0.jsonValue(listTitle: c.list.title) }))]
                return JSONValue.object(members)
            }))]))
            return .success
        }
        if contents.isEmpty {
            context.out(context.localizer.text(.listEmpty))
            return .success
        }
        for (i, c) in contents.enumerated() {
            if i > 0 { context.out() }
            TodoPrinter.printList(c, ids: ids, streaks: streaks, progress: progress, context: context, clock: store.clock)
        }
        return .success
    }
}
