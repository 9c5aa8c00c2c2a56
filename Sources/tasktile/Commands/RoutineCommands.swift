import TaskTileCommandLine
import TaskTileCore
import TaskTileInterchange

/// `tasktile routine ls`: the packs found in the data directory, the install prefix and the checkout.
struct RoutineLsCommand: Command {
    static let spec = CommandSpec(path: ["routine", "ls"], abstract: "List the routine packs that can be applied.",
                                  discussion: "Packs are read from <data-dir>/routines, <prefix>/share/tasktile/routines and Examples/routines.")
    init(_ a: ParsedArguments, context: CommandContext) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let dirs = RoutinePack.searchDirectories(dataDirectory: context.dataDirectory, executablePath: context.executablePath)
        let (packs, problems) = RoutinePack.all(in: dirs)
        for p in problems { context.stderr.write(context.localizer.text(.routineSkipped, p) + "\n") }
        if context.json {
            context.printJSON(.array(packs.map {
                .object([("name", .string($0.name)), ("list", .string($0.listTitle)), ("items", .number(Double($0.items.count))),
                         ("days", .array($0.days.sorted().map { .string($0.rawValue) })), ("path", .string($0.path))])
            }))
            return .success
        }
        if packs.isEmpty { context.out(context.localizer.text(.routineNone, dirs.joined(separator: ", "))); return .success }
        for p in packs {
            let days = p.days.isEmpty ? context.localizer.text(.routineDaily) : p.days.sorted().map(\.rawValue).joined(separator: ",")
            context.out(context.localizer.text(.routineLine, p.name, p.listTitle, p.items.count, days))
        }
        return .success
    }
}

/// `tasktile routine apply NAME|FILE`.
struct RoutineApplyCommand: Command {
    static let spec = CommandSpec(path: ["routine", "apply"], abstract: "Create a list of repeating todos from a routine pack.",
                                  arguments: [ArgumentSpec(name: "routine", help: "A pack name from 'routine ls' or a pack file.")])
    let reference: String
    init(_ a: ParsedArguments, context: CommandContext) throws { reference = a.positionals[0] }

    func run(_ context: CommandContext) throws -> ExitCode {
        let dirs = RoutinePack.searchDirectories(dataDirectory: context.dataDirectory, executablePath: context.executablePath)
        let pack = try RoutinePack.find(reference, in: dirs)
        let (list, todos) = try context.store().applyRoutine(pack)
        if context.json {
            context.printJSON(.object(list.jsonMembers + [("routine", .string(pack.name)),
                                                          ("todos", .array(todos.map { $0.jsonValue(listTitle: list.title) }))]))
        } else {
            context.out(context.localizer.text(.routineApplied, pack.name, list.title, list.id.prefix(8), todos.count))
        }
        return .success
    }
}

/// `tasktile routine remove NAME`: removes only the list that routine created.
struct RoutineRemoveCommand: Command {
    static let spec = CommandSpec(path: ["routine", "remove"], abstract: "Remove the list a routine created (never your own lists).",
                                  arguments: [ArgumentSpec(name: "routine", help: "The routine's name.")])
    let name: String
    init(_ a: ParsedArguments, context: CommandContext) throws { name = a.positionals[0] }

    func run(_ context: CommandContext) throws -> ExitCode {
        let (list, count) = try context.store().removeRoutine(name)
        if context.json { context.printJSON(.object(list.jsonMembers + [("removedTodos", .number(Double(count)))])) } else {
            context.out(context.localizer.text(.routineRemoved, name, list.title, count))
        }
        return .success
    }
}
