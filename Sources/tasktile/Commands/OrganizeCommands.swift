import TaskTileCommandLine
import TaskTileCore

/// `tasktile tag ls`: every tag in use with its pending and total counts (docs/organize.md "Tags").
struct TagLsCommand: Command {
    static let spec = CommandSpec(
        path: ["tag", "ls"], abstract: "Show every tag in use with its pending and total counts.")
    init(_ arguments: ParsedArguments, context: CommandContext) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let tags = try context.store().tagUsage()
        if context.json {
            context.printJSON(
                .array(
                    tags.map {
                        .object([
                            ("tag", .string($0.tag)), ("pendingCount", .number(Double($0.pending))),
                            ("totalCount", .number(Double($0.total))),
                        ])
                    }))
            return .success
        }
        if tags.isEmpty {
            context.out(context.localizer.text(.tagNone))
            return .success
        }
        let width = tags.map { TerminalWidth.of($0.tag) }.max() ?? 0
        for t in tags {
            let counts = context.localizer.text(.listCounts, t.pending, t.total)
            context.out("#\(TerminalWidth.padded(t.tag, to: width))  \(counts)")
        }
        return .success
    }
}

/// `tasktile view ls`: the builtin smart lists and the saved views with their filters.
struct ViewLsCommand: Command {
    static let spec = CommandSpec(
        path: ["view", "ls"], abstract: "Show the smart lists: the builtin ones and the saved views.")
    init(_ arguments: ParsedArguments, context: CommandContext) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let views = try context.store().views()
        if context.json {
            context.printJSON(
                .array(
                    views.map {
                        .object([
                            ("name", .string($0.reference)), ("filter", .string($0.filter.source)),
                            ("builtin", .bool($0.isBuiltin)),
                        ])
                    }))
            return .success
        }
        let width = views.map { TerminalWidth.of($0.reference) }.max() ?? 0
        for v in views {
            context.out(
                "\(TerminalWidth.padded(v.reference, to: width))  \(v.filter.source)"
                    + (v.isBuiltin ? "  " + context.paint(context.localizer.text(.viewBuiltin), .dim) : ""))
        }
        return .success
    }
}

/// `tasktile view add NAME FILTER [--replace]`: saves a smart list, shown as `@NAME` wherever a list is; a
/// saved view of that name is replaced only with `--replace` (as `theme import --replace`).
struct ViewAddCommand: Command {
    static let spec = CommandSpec(
        path: ["view", "add"],
        abstract: "Save a smart list: a filter over every list, used as @NAME wherever a list is.",
        arguments: [
            ArgumentSpec(name: "name", help: "The view's name (used as @name)."),
            ArgumentSpec(
                name: "filter", help: "Terms all todos must match, e.g. \"#work !high due<3d\" (docs/organize.md)."),
        ],
        options: [replaceOption.spec])
    static let replaceOption = Option.flag(
        "--replace", help: "Replace a saved view with the same name instead of refusing.")
    let name: String, filter: String, replace: Bool
    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        name = arguments.positionals[0]; filter = arguments.positionals[1]; replace = arguments[Self.replaceOption]
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let view = try context.store().saveView(name: name, filter: filter, replace: replace)
        if context.json {
            context.printJSON(.object([("name", .string(view.reference)), ("filter", .string(view.filter.source))]))
        } else {
            context.out(context.localizer.text(.viewSaved, view.reference, view.filter.source))
        }
        return .success
    }
}

/// `tasktile view rm NAME`.
struct ViewRemoveCommand: Command {
    static let spec = CommandSpec(
        path: ["view", "rm"], abstract: "Remove a saved view.",
        arguments: [ArgumentSpec(name: "name", help: "The view's name (with or without @).")])
    let name: String
    init(_ arguments: ParsedArguments, context: CommandContext) throws { name = arguments.positionals[0] }

    func run(_ context: CommandContext) throws -> ExitCode {
        try context.store().removeView(name)
        if !context.json { context.out(context.localizer.text(.viewRemoved, name.hasPrefix("@") ? name : "@" + name)) }
        return .success
    }
}
