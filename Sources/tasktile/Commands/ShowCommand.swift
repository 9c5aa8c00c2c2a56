import TaskTileCommandLine
import TaskTileCore

/// `tasktile show [LIST]`: the Pending and Completed sections of one list or of all lists.
struct ShowCommand: Command {
    static let spec = CommandSpec(path: ["show"], abstract: "Show todos in Pending and Completed sections (all lists when none is given).",
                                  arguments: [ArgumentSpec(name: "list", help: "A list title or id prefix, or a smart list (@today, @upcoming, @high, #tag, @name).", optional: true)],
                                  options: [Self.all.spec])
    static let all = Option.flag("--all", "-a", help: "Also show the todos whose start has not come yet.")
    let list: String?
    let includeUnstarted: Bool
    init(_ a: ParsedArguments, context: CommandContext) throws {
        list = a.positionals.first
        includeUnstarted = a[Self.all]
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        var progress: [String: GoalProgress] = [:]
        let (contents, ids, streaks) = try store.read { () -> ([ListContent], [String: String], [String: Streak]) in
            let contents = try store.contents(of: list, includeUnstarted: includeUnstarted)
            let todos = contents.flatMap { $0.pending + $0.completed }
            progress = try store.goalProgress(of: todos)
            // Prefixes for the shown todos only (neighbours in the id index), not every id in the store.
            return (contents, try store.shortTodoIDs(for: todos.map(\.id)), context.json ? [:] : try store.streaks(of: todos))
        }
        if context.json {
            context.printJSON(.object([("lists", .array(contents.map { c in
                let members = c.list.jsonMembers + [("pendingCount", .number(Double(c.pending.count))),
                                                    ("completedCount", .number(Double(c.completed.count))),
                                                    ("pending", .array(c.pending.map { json($0, c, progress) })),
                                                    ("completed", .array(c.completed.map { json($0, c, progress) }))]
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

    /// A todo's JSON object; a habit with a target per period adds `progress`, `{ "checkIns": 2, "goal": 3 }`: the
    /// check-ins on distinct days of its current period and the target.
    private func json(_ t: Todo, _ c: ListContent, _ progress: [String: GoalProgress]) -> JSONValue {
        let value = t.jsonValue(listTitle: c.list.title)
        guard let p = progress[t.id], case .object(let members) = value else { return value }
        return .object(members + [("progress", .object([("checkIns", .number(Double(p.count))),
                                                         ("goal", .number(Double(p.goal)))]))])
    }
}
