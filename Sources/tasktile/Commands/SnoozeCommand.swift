import Foundation
import TaskTileCommandLine
import TaskTileCore

/// `tasktile snooze TODO WHEN [--list LIST]`, `tasktile snooze TODO --clear` (docs/notifications.md "Snooze"): moves
/// the todo's reminder to WHEN (the due is unchanged), or puts it back at the due.
///
/// Exit codes: 0 done; 64 a time that cannot be read or is not in the future, a completed todo or one without a due,
/// both WHEN and `--clear` or neither (nothing changed); 1 no such todo, or `--clear` with nothing to clear; 3 several
/// todos match.
struct SnoozeCommand: Command {
    static let spec = CommandSpec(
        path: ["snooze"], abstract: "Move a todo's reminder to a later time (the due stays), or back with --clear.",
        discussion: """
            WHEN is a duration from now (10m, 90m, 1h, 2d: minutes, hours, days of 24 hours), tomorrow \
            (tomorrow at the notify.defaultTime setting), a time (18:00: today, or tomorrow once it has \
            passed), or any due form (fri 9am, in 3 hours; a date alone means that day at \
            notify.defaultTime). The notifier fires the reminder then, once, even after the due's \
            notification was shown; completing or deleting the todo withdraws the snooze. A snooze \
            replaces the todo's earlier one.
            """,
        arguments: [todoArgument, whenArgument], options: [listOption.spec, clearOption.spec])
    static let todoArgument = ArgumentSpec(name: "todo", help: "An id prefix, or a title together with --list.")
    static let whenArgument = ArgumentSpec(
        name: "when", help: "When the reminder fires: 10m, 1h, 2d, tomorrow, 18:00, fri 9am.",
        optional: true)
    static let listOption = Option.value(
        "--list", "-l", valueName: "list",
        help: "The list that holds the todo, when naming it by title.")
    static let clearOption = Option.flag("--clear", help: "Remove the snooze: the reminder is back at the due.")

    let todo: String, list: String?
    /// The instant the reminder moves to; nil with `--clear`.
    let until: Date?

    init(_ a: ParsedArguments, context: CommandContext) throws {
        todo = a.positionals[0]; list = a[Self.listOption]
        let when = a.positionals.count > 1 ? a.positionals[1] : nil
        let clear = a[Self.clearOption]
        if clear && when != nil { throw Self.usage(Phrase(key: .snoozeErrorTimeAndClear)) }
        if clear { until = nil; return }
        guard let when else { throw Self.usage(Phrase(key: .snoozeErrorMissingTime)) }
        let clock = try context.clock()
        let defaultTime = (try? context.store().defaultNotifyTime()) ?? .standard
        do { until = try SnoozeTime.parse(when, clock: clock, defaultTime: defaultTime) } catch let e
            as DueParser.ParseError
        {
            throw Self.usage(e.reason)
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let l = context.localizer
        guard let until else {
            let (removed, c) = try store.clearSnooze(todo, list: list)
            if context.json {
                context.printJSON(
                    .object([
                        ("id", .string(c.id)), ("title", .string(c.title)), ("list", .string(c.listTitle)),
                        ("snoozedUntil", .null), ("cleared", .bool(removed)),
                    ]))
            } else if removed {
                context.out(l.text(.snoozeCleared, c.title, c.listTitle))
            } else {
                context.stderr.write(
                    l.text(.errorPrefix, l.text(.snoozeErrorNothingToClear, c.title, c.listTitle)) + "\n")
            }
            return removed ? .success : .nothingMatched
        }
        let (s, c) = try store.snooze(todo, list: list, until: until)
        if context.json {
            context.printJSON(
                .object([
                    ("id", .string(c.id)), ("title", .string(c.title)), ("list", .string(c.listTitle)),
                    ("snoozedUntil", .string(JSONDates.utc(s.until))),
                    ("cycle", s.cycle.map { .number(Double($0)) } ?? .null),
                ]))
        } else {
            let wc = ZonedClock.wallClock(of: s.until, in: store.clock.timeZone)
            context.out(l.text(.snoozeSet, c.title, c.listTitle, "\(wc.date) \(wc.hourMinute)"))
        }
        return .success
    }
}
