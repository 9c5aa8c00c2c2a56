import TaskTileCommandLine
import TaskTileCore

/// `tasktile add TITLE [--list LIST] [--due WHEN] [repeat options] [--notes TEXT]`: without
/// `--list`, the todo goes to the default list (the `defaultList` setting, Inbox until changed).
struct AddCommand: Command {
    static let spec = CommandSpec(path: ["add"], abstract: "Add a todo to a list.",
                                  arguments: [ArgumentSpec(name: "title", help: "The todo's title (one line, at most 1000 characters).")],
                                  options: [listOption.spec, TodoOptions.due.spec] + TodoOptions.repeatOptions + [TodoOptions.notes.spec]
                                      + OrganizeOptions.addSpecs)
    static let listOption = Option.value("--list", "-l", valueName: "list",
                                         help: "The list (title or id prefix). Default: the defaultList setting (Inbox until changed), created when first used.")
    let title: String, list: String?, due: Due?, rule: RepeatRule?, notes: String?
    let organize: OrganizeOptions.Values

    init(_ a: ParsedArguments, context: CommandContext) throws {
        title = a.positionals[0]
        list = a[Self.listOption]
        due = try a[TodoOptions.due].map { try DueParser.parse($0, clock: context.clock()) }
        rule = try TodoOptions.repeatRule(a, due: due, spec: Self.spec)
        notes = a[TodoOptions.notes]
        organize = try OrganizeOptions.read(a, context: context, spec: Self.spec)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let todo = try store.addTodo(title: title, list: list, due: due, repeatRule: rule, notes: notes,
                                     parent: organize.parent ?? nil, priority: organize.priority ?? .none,
                                     tags: organize.tags, start: organize.start ?? nil)
        let listTitle = try store.read { try store.resolveList(todo.listId).title }
        if context.json { context.printJSON(todo.jsonValue(listTitle: listTitle)) } else {
            var line = context.localizer.text(.todoAdded, todo.title, listTitle, todo.id.prefix(8))
            if let due = todo.due { line += " · " + TodoPrinter.dueText(due, context: context, clock: store.clock) }
            context.out(line)
        }
        return .success
    }
}

/// `tasktile edit TODO [--list LIST] [--title T] [--due WHEN | --no-due] [repeat | --no-repeat] [--notes TEXT]`.
struct EditCommand: Command {
    static let spec = CommandSpec(path: ["edit"], abstract: "Change a todo's title, due, repeat, notes, parent, priority, tags or start.",
                                  arguments: [ArgumentSpec(name: "todo", help: "An id prefix, or a title together with --list.")],
                                  options: [listOption.spec, titleOption.spec, TodoOptions.due.spec, noDue.spec]
                                      + TodoOptions.repeatOptions
                                      + [noRepeat.spec, noGoal.spec, noAfterCompletion.spec, TodoOptions.notes.spec]
                                      + OrganizeOptions.editSpecs)
    static let listOption = Option.value("--list", "-l", valueName: "list", help: "The list that holds the todo, when naming it by title.")
    /// Every option of `spec` that changes something (all but `--list`, which finds the todo), for the
    /// "nothing to change" refusal: read from the spec, so an option added to it is named there too.
    static var changingOptions: String {
        spec.options.map { $0.names[0] }.filter { $0 != listOption.spec.names[0] }.joined(separator: ", ")
    }
    static let titleOption = Option.value("--title", valueName: "title", help: "The new title.")
    static let noDue = Option.flag("--no-due", help: "Remove the due (and any repeat).")
    static let noRepeat = Option.flag("--no-repeat", help: "Stop repeating.")
    static let noGoal = Option.flag("--no-goal", help: "Drop the target per period: one check-in completes each cycle again.")
    static let noAfterCompletion = Option.flag("--no-after-completion", help: "Stop repeating from completion: cycles follow the due again.")
    let todo: String, list: String?
    let changes: TodoChanges

    init(_ a: ParsedArguments, context: CommandContext) throws {
        todo = a.positionals[0]
        list = a[Self.listOption]
        if a.has(TodoOptions.due) && a[Self.noDue] { throw Self.usage(Phrase(key: .todoErrorDueOrNoDue)) }
        if a.has(TodoOptions.repeatFrequency) && a[Self.noRepeat] { throw Self.usage(Phrase(key: .todoErrorRepeatOrNoRepeat)) }
        if a.has(TodoOptions.repeatFrequency) && a[Self.noDue] { throw Self.usage(Phrase(key: .todoErrorRepeatNoDue)) }
        var c = TodoChanges(title: a[Self.titleOption])
        let due = try a[TodoOptions.due].map { try DueParser.parse($0, clock: context.clock()) }
        if let due { c.due = .some(due) }
        if a[Self.noDue] { c.due = .some(nil) }
        if a.has(TodoOptions.goal) && a[Self.noGoal] { throw Self.usage(Phrase(key: .repeatErrorGoalOrNoGoal)) }
        if !a.has(TodoOptions.repeatFrequency), let g = a[TodoOptions.goal] {
            // A new target for the current rule (checked against it in run).
            guard let n = Int(g) else { throw Self.usage(Phrase(key: .repeatErrorGoalNotANumber, g)) }
            newGoal = .some(n)
        }
        if a[Self.noGoal] { newGoal = .some(nil) }
        if a[TodoOptions.afterCompletion] && a[Self.noAfterCompletion] { throw Self.usage(Phrase(key: .todoErrorRepeatOrNoRepeat)) }
        if !a.has(TodoOptions.repeatFrequency), a[TodoOptions.afterCompletion] { newFromCompletion = true }
        if a[Self.noAfterCompletion] { newFromCompletion = false }
        if a.has(TodoOptions.repeatFrequency) {
            // The first occurrence: the new due, or the todo's current due (looked up in run).
            c.repeatRule = .some(try TodoOptions.repeatRule(a, due: due ?? .date(LocalDate(year: 2000, month: 1, day: 1)!),
                                                            spec: Self.spec, checkAgainstDue: due != nil))
            repeatArguments = a
            if due == nil { needsCurrentDue = a }
        } else if newGoal == nil && newFromCompletion == nil {
            _ = try TodoOptions.repeatRule(a, due: due, spec: Self.spec)
        }
        if a[Self.noRepeat] { c.repeatRule = .some(nil) }
        if let n = a[TodoOptions.notes] { c.notes = .some(n.isEmpty ? nil : n) }
        let organize = try OrganizeOptions.read(a, context: context, spec: Self.spec)
        c.parent = organize.parent
        c.priority = organize.priority
        c.addTags = organize.tags
        c.removeTags = organize.untags
        c.start = organize.start
        c.list = organize.move
        if c.title == nil && c.due == nil && c.repeatRule == nil && c.notes == nil && newGoal == nil && newFromCompletion == nil
            && organize.isEmpty {
            throw Self.usage(Phrase(key: .todoErrorNothingToChange, Self.changingOptions))
        }
        changes = c
    }

    /// `--goal N` without `--repeat` (a new target for the current rule), or `--no-goal` (`.some(nil)`).
    private var newGoal: Int??
    /// `--after-completion` without `--repeat` (true), or `--no-after-completion` (false).
    private var newFromCompletion: Bool?
    /// Set when `--repeat` was given without `--due`: the rule is re-read against the todo's current due.
    private var needsCurrentDue: ParsedArguments?
    /// Set when `--repeat` was given: what it does not name is kept from the current rule (`keepingUnnamed`).
    private var repeatArguments: ParsedArguments?

    /// `rule` (from `--repeat …`) with what the options did not name kept from `current`
    /// (docs/lists-and-todos.md "Editing"): the end (`--times`/`--until`) always; the
    /// interval (`--every`), for weekly the days (`--on`) and for monthly or yearly the skipping of short months
    /// (an imported RFC 5545 rule keeps its meaning) when the frequency stays the same.
    static func keepingUnnamed(_ rule: RepeatRule, from current: RepeatRule?, options a: ParsedArguments) -> RepeatRule {
        guard let current else { return rule }
        var kept = rule
        let on = a.has(TodoOptions.on)
        if !a.has(TodoOptions.times) && !a.has(TodoOptions.until) { kept.end = current.end }
        if current.frequency == rule.frequency {
            if !a.has(TodoOptions.every) { kept.interval = current.interval }
            if rule.frequency == .weekly && !on { kept.weekdays = current.weekdays }
            if rule.frequency != .weekly && !on { kept.nthWeekday = current.nthWeekday }
            if rule.frequency != .weekly && !on && current.skipsShortMonths { kept.skipsShortMonths = true }
            if !a.has(TodoOptions.goal) && !on && !a[noGoal] { kept.goal = current.goal }
            if !a[TodoOptions.afterCompletion] && !a[noAfterCompletion] && !on { kept.fromCompletion = current.fromCompletion }
        }
        return kept
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        var c = changes
        if let a = needsCurrentDue {
            let current = try store.read { try store.resolveTodo(todo, list: list) }
            guard let due = current.due else { throw Self.usage(Phrase(key: .todoErrorRepeatNeedsDue)) }
            c.repeatRule = .some(try TodoOptions.repeatRule(a, due: due, spec: Self.spec))
        }
        if let a = repeatArguments, case .some(.some(let rule)) = c.repeatRule {
            let current = try store.read { try store.resolveTodo(todo, list: list) }
            c.repeatRule = .some(Self.keepingUnnamed(rule, from: current.repeatRule, options: a))
        }
        if newGoal != nil || newFromCompletion != nil {
            // The target (or repeating from completion) of the rule being written: the new one from --repeat, else
            // the current one.
            let current = try store.read { try store.resolveTodo(todo, list: list) }
            let base: RepeatRule? = if case .some(let r) = c.repeatRule { r } else { current.repeatRule }
            let option = newGoal != nil ? (newGoal! == nil ? "--no-goal" : "--goal")
                : (newFromCompletion! ? "--after-completion" : "--no-after-completion")
            guard var rule = base else { throw Self.usage(Phrase(key: .repeatOptionNeedsRepeat, option)) }
            if let f = newFromCompletion { rule.fromCompletion = f }
            let goal = newGoal ?? rule.goal
            rule.goal = goal
            // Back to one check-in per cycle: a weekly rule needs its weekday again (the due's).
            if goal == nil, rule.frequency == .weekly, rule.weekdays.isEmpty, let d = c.due ?? current.anchor ?? current.due {
                rule.weekdays = [d.localDate.weekday]
            }
            do {
                if let d = c.due ?? current.due { try rule.validate(anchor: d) } else { try rule.validate() }
            } catch {
                throw TodoOptions.RepeatOptionError(error: error)
            }
            c.repeatRule = .some(rule)
        }
        let edited = try store.editTodo(todo, list: list, changes: c)
        let listTitle = try store.read { try store.resolveList(edited.listId).title }
        if context.json { context.printJSON(edited.jsonValue(listTitle: listTitle)) } else { context.out(context.localizer.text(.todoUpdated, edited.title, listTitle)) }
        return .success
    }
}
