import TaskTileCommandLine
import TaskTileCore

/// `tasktile quick TEXT… [--list LIST] [--dry-run]`: a todo from one line in the quick-add grammar
/// (docs/quick-add.md, `QuickAdd`): `tasktile quick Call mom tomorrow 6pm #family !high every sunday`.
/// `add` stays literal (scripts rely on it); this command reads the line.
struct QuickCommand: Command {
    static let spec = CommandSpec(
        path: ["quick"],
        abstract: "Add a todo from one line: title, due, repeat, ^list, #tags, !priority and start read from it.",
        discussion: """
            Examples: "Call mom tomorrow 6pm #family !high every sunday", "Pay rent on the 1st every month ^Home", \
            "明日18時に牛乳を買う #買い物", "毎週月曜 9時 ゴミ出し". Text in quotes stays in the title. An ambiguous part \
            is read toward the future and said so (fri on a Friday is next week's). Without ^list or --list the \
            todo goes to the defaultList setting (Inbox until changed). The grammar is in docs/quick-add.md.
            """,
        arguments: [
            ArgumentSpec(name: "text", help: "The line (several words are joined with spaces).", repeating: true)
        ],
        options: [listOption.spec, dryRunOption.spec])
    static let listOption = Option.value(
        "--list", "-l", valueName: "list", help: "The list when the line names none with ^list.")
    static let dryRunOption = Option.flag("--dry-run", "-n", help: "Print what the line says; add nothing.")

    let text: String
    let list: String?
    let dryRun: Bool

    init(_ a: ParsedArguments, context: CommandContext) throws {
        text = a.positionals.joined(separator: " ")
        list = a[Self.listOption]
        dryRun = a[Self.dryRunOption]
        if text.trimmingCharacters(in: .whitespaces).isEmpty { throw Self.usage(Phrase(key: .quickErrorEmpty)) }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let clock = try context.clock()
        let q = QuickAdd.parse(text, clock: clock)
        guard !q.title.isEmpty else { throw Self.usage(Phrase(key: .quickErrorNoTitle, text)) }
        // What the add would refuse, a dry run refuses too.
        try Store.check(q)
        let l = context.localizer
        for note in q.notes { context.stderr.write(l.text(.quickNote, note.text(l)) + "\n") }
        if dryRun {
            if context.json {
                context.printJSON(json(q, todo: nil, listTitle: nil, l))
            } else {
                describe(q, context: context, clock: clock)
            }
            return .success
        }
        let store = try context.store()
        let todo = try store.addTodo(from: q, list: list)
        let listTitle = try store.read { try store.resolveList(todo.listId).title }
        if context.json {
            context.printJSON(json(q, todo: todo, listTitle: listTitle, l))
        } else {
            var line = l.text(.todoAdded, todo.title, listTitle, todo.id.prefix(8))
            if let due = todo.due { line += " · " + TodoPrinter.dueText(due, context: context, clock: store.clock) }
            if let rule = todo.repeatRule {
                line +=
                    " · ↻ "
                    + rule.summary(
                        currentIndex: 0, anchor: todo.anchor, vocabulary: TodoPrinter.repeatVocabulary(context))
            }
            context.out(line)
        }
        return .success
    }

    /// One line per part: `title`, `due`, `repeat`, `list`, `tags`, `priority`, `start`.
    func describe(_ q: QuickAdd, context: CommandContext, clock: Clock) {
        let l = context.localizer
        context.out(l.text(.quickPartTitle, q.title))
        if let due = q.due {
            context.out(l.text(.quickPartDue, TodoPrinter.dueText(due, context: context, clock: clock)))
        }
        if let rule = q.repeatRule {
            context.out(
                l.text(
                    .quickPartRepeat,
                    rule.summary(currentIndex: 0, anchor: q.due, vocabulary: TodoPrinter.repeatVocabulary(context))))
        }
        if let list = q.list ?? list { context.out(l.text(.quickPartList, list)) }
        if !q.tags.isEmpty { context.out(l.text(.quickPartTags, q.tags.map { "#" + $0 }.joined(separator: " "))) }
        if let p = q.priority { context.out(l.text(.quickPartPriority, p.name)) }
        if let start = q.start {
            context.out(l.text(.quickPartStart, TodoPrinter.dueText(start, context: context, clock: clock)))
        }
    }

    /// `{ title, due, repeat, list, tags, priority, start, parts: [{ kind, start, end, text }], notes, todo }`; `todo`
    /// is the added todo (null with --dry-run). Part offsets are characters (grapheme clusters) of the line.
    func json(_ q: QuickAdd, todo: Todo?, listTitle: String?, _ l: Localizer) -> JSONValue {
        let parts: [JSONValue] = q.parts.map { p in
            let members: [(String, JSONValue)] = [
                ("kind", .string(p.kind.rawValue)), ("start", .number(Double(p.range.lowerBound))),
                ("end", .number(Double(p.range.upperBound))), ("text", .string(p.text)),
            ]
            return .object(members)
        }
        var members: [(String, JSONValue)] = [("title", .string(q.title))]
        members.append(("due", q.due.map { JSONValue.string($0.jsonText) } ?? .null))
        members.append(("repeat", q.repeatRule?.jsonValue ?? .null))
        members.append(("list", (q.list ?? list).map(JSONValue.string) ?? .null))
        members.append(("tags", .array(q.tags.map(JSONValue.string))))
        members.append(("priority", q.priority.map { JSONValue.string($0.name) } ?? .null))
        members.append(("start", q.start.map { JSONValue.string($0.jsonText) } ?? .null))
        members.append(("parts", .array(parts)))
        members.append(("notes", .array(q.notes.map { JSONValue.string($0.text(l)) })))
        members.append(("todo", todo.map { $0.jsonValue(listTitle: listTitle ?? "") } ?? .null))
        return .object(members)
    }
}
