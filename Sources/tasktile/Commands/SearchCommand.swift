import TaskTileCommandLine
import TaskTileCore

/// `tasktile search QUERY` (docs/lists-and-todos.md "Search"): list titles and todo titles containing the query, completed
/// todos included, in a Lists section and a Todos section.
///
/// Matching folds case, full/half width and canonical equivalence on both sides (`SearchKey`); the
/// query is literal text. Order: lists by `sortOrder`; todos by their list's order, then pending
/// before completed, then `sortOrder` (the order `show` uses). Exit 0 when something matched, 1 when
/// nothing did (like grep; `--json` still prints the empty object), 64 for an empty query.
struct SearchCommand: Command {
    static let spec = CommandSpec(
        path: ["search"], abstract: "Find lists and todos (completed included) whose title contains the query.",
        discussion: "Case, full/half width and Unicode normalisation are ignored (ＡＢＣ finds abc, ｶﾀｶﾅ finds カタカナ); dakuten are not (バス does not find パス). The query is literal text: % _ * \" match themselves. Exit codes: 0 found, 1 nothing matched.",
        arguments: [ArgumentSpec(name: "query", help: "The text to look for (quote it when it contains spaces).")],
        options: [listOption.spec])
    static let listOption = Option.value(
        "--list", "-l", valueName: "list", help: "Only in this list or smart list (@today, @upcoming, @high, #tag, @name).")

    let query: String
    let list: String?

    init(_ a: ParsedArguments, context: CommandContext) throws {
        query = a.positionals[0]
        list = a[Self.listOption]
        if query.trimmingCharacters(in: .whitespaces).isEmpty || SearchKey.fold(query).isEmpty {
            throw Self.usage(Phrase(key: .searchErrorEmpty))
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let (results, todoIDs, listIDs) = try store.read {
            let r = try list.map { try store.search(query, in: $0) } ?? store.search(query)
            return (r, try store.shortTodoIDs(for: r.todos.map(\.todo.id)), try store.listShortIDs())
        }
        if context.json {
            context.printJSON(.object([("lists", .array(results.lists.map(\.jsonValue))),
                                       ("todos", .array(results.todos.map { $0.todo.jsonValue(listTitle: $0.listTitle) }))]))
            return results.isEmpty ? .nothingMatched : .success
        }
        if results.isEmpty {
            context.out(context.localizer.text(.searchNothing, query))
            return .nothingMatched
        }
        if !results.lists.isEmpty {
            context.out(context.paint(context.localizer.text(.searchLists, results.lists.count), .bold))
            for s in results.lists {
                let total = s.pendingCount + s.completedCount
                context.out("  \(context.paint(listIDs[s.list.id] ?? String(s.list.id.prefix(8)), .dim))  \(s.list.title)  \(context.localizer.text(.listCounts, s.pendingCount, total))")
            }
        }
        if !results.todos.isEmpty {
            context.out(context.paint(context.localizer.text(.searchTodos, results.todos.count), .bold))
            for hit in results.todos {
                let t = hit.todo
                let id = context.paint(todoIDs[t.id] ?? String(t.id.prefix(8)), .dim)
                let title = t.isCompleted ? context.paint(t.title, .dimStrike) : t.title
                context.out("  \(t.isCompleted ? "✓" : "○") \(id)  \(title)  · \(hit.listTitle)")
            }
        }
        return .success
    }
}
