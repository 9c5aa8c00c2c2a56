import TaskTileCommandLine
import TaskTileCore

/// `tasktile list ls`: every list with pending and total counts.
struct ListLsCommand: Command {
    static let spec = CommandSpec(path: ["list", "ls"], abstract: "Show every list with its pending and total counts.")
    init(_ arguments: ParsedArguments, context: CommandContext) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let summaries = try store.listSummaries()
        if context.json {
            context.printJSON(.array(summaries.map(\.jsonValue)))
            return .success
        }
        if summaries.isEmpty {
            context.out(context.localizer.text(.listEmpty))
            return .success
        }
        let ids = try store.read { try store.listShortIDs() }
        let widths = summaries.map { TerminalWidth.of($0.list.title) } // measured once each
        let width = widths.max() ?? 0
        for (s, titleWidth) in zip(summaries, widths) {
            let total = s.pendingCount + s.completedCount
            let title = s.list.title + String(repeating: " ", count: width - titleWidth)
            context.out("\(context.paint(ids[s.list.id] ?? s.list.id, .dim))  \(title)  \(context.localizer.text(.listCounts, s.pendingCount, total))")
        }
        return .success
    }
}

/// `tasktile list add TITLE`.
struct ListAddCommand: Command {
    static let spec = CommandSpec(path: ["list", "add"], abstract: "Add a list.",
                                  arguments: [ArgumentSpec(name: "title", help: "The list's title.")])
    let title: String
    init(_ arguments: ParsedArguments, context: CommandContext) throws { title = arguments.positionals[0] }

    func run(_ context: CommandContext) throws -> ExitCode {
        let list = try context.store().addList(title: title)
        if context.json { context.printJSON(.object(list.jsonMembers)) } else { context.out(context.localizer.text(.listAdded, list.title, list.id.prefix(8))) }
        return .success
    }
}

/// `tasktile list rename LIST NEW`.
struct ListRenameCommand: Command {
    static let spec = CommandSpec(path: ["list", "rename"], abstract: "Rename a list.",
                                  arguments: [ArgumentSpec(name: "list", help: "A list title or id prefix."),
                                              ArgumentSpec(name: "new-title", help: "The new title.")])
    let list: String, newTitle: String
    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        list = arguments.positionals[0]; newTitle = arguments.positionals[1]
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let renamed = try context.store().renameList(list, to: newTitle)
        if context.json { context.printJSON(.object(renamed.jsonMembers)) } else { context.out(context.localizer.text(.listRenamed, renamed.title)) }
        return .success
    }
}

/// `tasktile list move LIST --to POS`.
struct ListMoveCommand: Command {
    static let spec = CommandSpec(path: ["list", "move"], abstract: "Move a list to a position (0 is first).",
                                  arguments: [ArgumentSpec(name: "list", help: "A list title or id prefix.")],
                                  options: [toOption.spec])
    static let toOption = Option.required("--to", valueName: "position", help: "The new 0-based position.")
    let list: String, position: Int
    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        list = arguments.positionals[0]
        position = try parsePosition(arguments[Self.toOption], spec: Self.spec)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let moved = try context.store().moveList(list, to: position)
        if context.json { context.printJSON(.object(moved.jsonMembers)) } else { context.out(context.localizer.text(.listMoved, moved.title, position)) }
        return .success
    }
}

/// `tasktile list rm LIST [--yes]`: asks for confirmation unless `--yes`.
struct ListRemoveCommand: Command {
    static let spec = CommandSpec(path: ["list", "rm"], abstract: "Delete a list and its todos (asks first unless --yes).",
                                  arguments: [ArgumentSpec(name: "list", help: "A list title or id prefix.")],
                                  options: [yesOption.spec])
    static let yesOption = Option.flag("--yes", "-y", help: "Do not ask for confirmation.")
    let list: String, yes: Bool
    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        list = arguments.positionals[0]; yes = arguments[Self.yesOption]
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        if !yes {
            let (target, count) = try store.read { () -> (TodoList, Int) in
                let l = try store.resolveList(list)
                let summary = try store.listSummaries().first { $0.list.id == l.id }
                return (l, (summary?.pendingCount ?? 0) + (summary?.completedCount ?? 0))
            }
            guard context.stdinIsTerminal else {
                throw Self.usage(Phrase(key: .listConfirmNeeded, target.title, count))
            }
            context.stdout.write(context.localizer.text(.listConfirmPrompt, target.title, count))
            context.stdout.flush()
            guard let answer = context.readLine()?.lowercased(), ["y", "yes"].contains(answer) else {
                context.out(context.localizer.text(.listNothingDeleted))
                return .nothingMatched
            }
        }
        let (removed, count) = try store.removeList(list)
        if context.json { context.printJSON(.object(removed.jsonMembers + [("deletedTodos", .number(Double(count)))])) } else {
            context.out(context.localizer.text(.listDeleted, removed.title, count))
        }
        return .success
    }
}

/// Parses a 0-based position. - Throws: `UsageError`.
func parsePosition(_ text: String, spec: CommandSpec) throws -> Int {
    guard let n = Int(text), n >= 0, n < 1_000_000 else {
        throw UsageError(message: Phrase(key: .usageNotAPosition, text), spec: spec)
    }
    return n
}
