import TaskTileCommandLine
import TaskTileCore

/// `tasktile streak [TODO] [--list LIST] [--last N]`: the current and best streak and the
/// completion rate of repeating todos (docs/cycles.md "Streaks"), counted in cycles.
///
/// With TODO: that todo (it must repeat). Without: every repeating todo of `--list`, or of every
/// list. Human output is one line per todo; `--json` an array of `{id, title, list, current, best,
/// rate, completedInWindow, window}` (`rate` in 0…1, null before any cycle has passed).
struct StreakCommand: Command {
    /// Allowed `--last` values (cycles).
    static let windowRange = 1...10000

    static let spec = CommandSpec(path: ["streak"], abstract: "Show streaks and completion rates of repeating todos.",
                                  arguments: [ArgumentSpec(name: "todo", help: "An id prefix, or a title together with --list.", optional: true)],
                                  options: [listOption.spec, lastOption.spec])
    static let listOption = Option.value("--list", "-l", valueName: "list", help: "Only this list (or the list that holds TODO).")
    static let lastOption = Option.value("--last", valueName: "n", help: "The completion rate over the last N cycles, \(windowRange.lowerBound)…\(windowRange.upperBound).",
                                         default: String(Streak.defaultWindow))
    let todo: String?, list: String?, window: Int

    init(_ a: ParsedArguments, context: CommandContext) throws {
        todo = a.positionals.first
        list = a[Self.listOption]
        let text = a[Self.lastOption]
        guard let n = Int(text), Self.windowRange.contains(n) else {
            throw Self.usage(Phrase(key: .streakErrorLastRange, text, Self.windowRange.lowerBound, Self.windowRange.upperBound))
        }
        window = n
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let l = context.localizer
        let (rows, streaks) = try store.read { () -> ([(Todo, String)], [String: Streak]) in
            let contents = try todo == nil ? store.contents(of: list) : []
            var rows: [(Todo, String)] = contents.flatMap { c in (c.pending + c.completed).map { ($0, c.list.title) } }
            if let todo {
                let t = try store.resolveTodo(todo, list: list)
                guard t.repeatRule != nil else { throw StreakCommandError.notRepeating(t.title) }
                rows = [(t, try store.resolveList(t.listId).title)]
            }
            rows = rows.filter { $0.0.repeatRule != nil }
            return (rows, try store.streaks(of: rows.map(\.0), window: window))
        }
        if context.json {
            context.printJSON(.array(rows.compactMap { t, listTitle in
                guard let s = streaks[t.id] else { return nil }
                return .object([("id", .string(t.id)), ("title", .string(t.title)), ("list", .string(listTitle)),
                                ("current", .number(Double(s.current))), ("best", .number(Double(s.best))),
                                ("rate", s.rate.map(JSONValue.number) ?? .null),
                                ("completedInWindow", .number(Double(s.completedInWindow))), ("window", .number(Double(s.window)))])
            }))
            return .success
        }
        if rows.isEmpty {
            context.out(l.text(.streakNoRepeating))
            return .success
        }
        for (t, listTitle) in rows {
            guard let s = streaks[t.id] else { continue }
            let name = l.text(.streakName, t.title, listTitle)
            if let rate = s.rate {
                context.out(l.text(.streakLine, name, s.current, s.best, Int((rate * 100).rounded()), s.window))
            } else if let due = t.due, due.deadline(userZone: store.clock.timeZone) <= store.clock.now {
                // The first cycle has passed its due but its window is still open: not "no cycle has passed".
                context.out(l.text(.streakLineOpen, name))
            } else {
                context.out(l.text(.streakLineNone, name))
            }
        }
        return .success
    }
}

/// `streak TODO` named a todo that does not repeat (exit 1: nothing to count).
enum StreakCommandError: Error, ReportableError, CustomStringConvertible {
    case notRepeating(String)
    var exitCode: ExitCode { .nothingMatched }
    var description: String { message(Localizer(.en)) }
    func message(_ localizer: Localizer) -> String {
        switch self {
        case .notRepeating(let title): localizer.text(.streakErrorNotRepeating, title)
        }
    }
}
