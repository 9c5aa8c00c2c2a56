import Foundation
import TaskTileCommandLine
import TaskTileCore

/// The line and JSON shared by the reminder commands.
enum ReminderPrinter {
    /// `18:00 · Mon, Wed, Fri · 3 left · next Mon, Jan 11 18:00` (the repeat part only when repeating).
    static func describe(_ r: ListReminder, list: TodoList, context: CommandContext, clock: Clock) -> String {
        var parts: [String] = []
        if case .dateTime(let wc, let zone) = r.anchor {
            parts.append(r.repeatRule == nil ? "\(wc.date) \(wc.hourMinute)" : wc.hourMinute)
            if zone != clock.timeZone.identifier { parts[0] += " (\(zone))" }
        }
        // After-N counts deliveries (docs/notifications.md "List reminders"): "N left" is N − deliveries, not the todo form's
        // "after the current cycle".
        if var rule = r.repeatRule {
            let vocabulary = TodoPrinter.repeatVocabulary(context)
            if case .afterCount(let n) = rule.end {
                rule.end = .never
                parts.append(rule.summary(currentIndex: 0, anchor: r.anchor, vocabulary: vocabulary) + vocabulary.separator
                             + vocabulary.remaining(max(0, n - r.deliveries)))
            } else {
                parts.append(rule.summary(currentIndex: 0, anchor: r.anchor, vocabulary: vocabulary))
            }
        }
        if let next = nextFire(r, list: list, clock: clock) {
            let wc = ZonedClock.wallClock(of: next, in: clock.timeZone)
            let l = context.localizer
            parts.append(l.text(.reminderNext, l.weekdayDate(wc.date, today: clock.today), wc.hourMinute))
        } else {
            parts.append(context.localizer.text(.reminderFinished))
        }
        return parts.joined(separator: " · ")
    }

    static func nextFire(_ r: ListReminder, list: TodoList, clock: Clock) -> Date? {
        NotificationPlanner.plan(NotificationPlanInput(todos: [], lists: [list], reminders: [r]),
                                 now: clock.now, userZone: clock.timeZone, limit: 1).first?.fireAt
    }

    static func json(_ r: ListReminder?, list: TodoList, clock: Clock) -> JSONValue {
        guard let r else { return .object([("list", .string(list.title)), ("listId", .string(list.id)), ("reminder", .null)]) }
        return .object([("list", .string(list.title)), ("listId", .string(list.id)), ("reminder", .object([
            ("at", .string(r.anchor.jsonText)), ("timeZone", r.anchor.zoneID.map(JSONValue.string) ?? .null),
            ("repeat", r.repeatRule?.jsonValue ?? .null), ("deliveries", .number(Double(r.deliveries))),
            ("next", nextFire(r, list: list, clock: clock).map { .string(ZonedClock.iso8601($0, in: clock.timeZone)) } ?? .null),
        ]))])
    }
}

/// `tasktile reminder set LIST --at WHEN [repeat options]` (docs/notifications.md "List reminders").
struct ReminderSetCommand: Command {
    static let spec = CommandSpec(
        path: ["reminder", "set"], abstract: "Remind about a list's incomplete todos at a time, optionally repeating.",
        discussion: """
        At each reminder time the notification daemon counts the list's incomplete todos: none → nothing \
        is shown; otherwise "<list>: N incomplete tasks". Weekly with several days (--on mon,wed,fri) fires \
        on every selected day. --times N counts reminders actually shown. A date without a time (--at \
        tomorrow) means that day at the notify.defaultTime setting (default 09:00). Setting a reminder \
        replaces the list's previous one.
        """,
        arguments: [ArgumentSpec(name: "list", help: "A list title or id prefix.")],
        options: [atOption.spec]
            // A reminder has no check-ins to count: no --goal, no --after-completion.
            + [TodoOptions.repeatFrequency.withHelp("Repeat the reminder."), TodoOptions.every,
               TodoOptions.on.withHelp("Weekly: weekdays, e.g. mon,wed,fri (default: the --at day's weekday). Monthly or yearly: one weekday of the month, e.g. 3thu, last-fri."),
               TodoOptions.times.withHelp("End after N reminders shown."), TodoOptions.until].map(\.spec)
            + [TodoOptions.skipShortMonths.spec])
    static let atOption = Option.required("--at", valueName: "when", help: "The first reminder: today 18:00, mon 9am, 2027-01-31 18:00.")
    let list: String, at: Due, rule: RepeatRule?

    init(_ a: ParsedArguments, context: CommandContext) throws {
        list = a.positionals[0]
        let clock = try context.clock()
        var due = try DueParser.parse(a[Self.atOption], clock: clock)
        if case .date(let d) = due {
            let time = (try? context.store().settingValue(NotifyTime.settingKey)).flatMap { $0.flatMap(NotifyTime.init(text:)) } ?? .standard
            due = .dateTime(LocalDateTime(date: d, hour: time.hour, minute: time.minute)!, zoneID: clock.timeZone.identifier)
        }
        at = due
        rule = try TodoOptions.repeatRule(a, due: due, spec: Self.spec)
        try rule?.validate(anchor: due) // RepeatRuleError: exit 64 through the funnel
        // A reminder that can never fire would silently replace a working one: refuse it.
        let past = rule == nil ? due.deadline(userZone: clock.timeZone) <= clock.now
                               : { if case .until(let d)? = rule?.end { return d < clock.today }; return false }()
        if past { throw Self.usage(Phrase(key: .reminderErrorPast, a[Self.atOption])) }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let (l, r) = try store.setListReminder(list: list, anchor: at, repeatRule: rule)
        if context.json { context.printJSON(ReminderPrinter.json(r, list: l, clock: store.clock)) } else {
            context.out(context.localizer.text(.reminderSet, l.title, ReminderPrinter.describe(r, list: l, context: context, clock: store.clock)))
        }
        return .success
    }
}

/// `tasktile reminder off LIST`.
struct ReminderOffCommand: Command {
    static let spec = CommandSpec(path: ["reminder", "off"], abstract: "Remove a list's reminder.",
                                  arguments: [ArgumentSpec(name: "list", help: "A list title or id prefix.")])
    let list: String
    init(_ a: ParsedArguments, context: CommandContext) throws { list = a.positionals[0] }

    func run(_ context: CommandContext) throws -> ExitCode {
        let (l, removed) = try context.store().removeListReminder(list: list)
        if context.json {
            context.printJSON(.object([("list", .string(l.title)), ("listId", .string(l.id)), ("removed", .bool(removed))]))
        } else if removed {
            context.out(context.localizer.text(.reminderRemoved, l.title))
        } else {
            let loc = context.localizer
            context.stderr.write(loc.text(.errorPrefix, loc.text(.reminderErrorNothingToRemove, l.title)) + "\n")
        }
        return removed ? .success : .nothingMatched
    }
}

/// `tasktile reminder show LIST`.
struct ReminderShowCommand: Command {
    static let spec = CommandSpec(path: ["reminder", "show"], abstract: "Show a list's reminder and when it fires next.",
                                  arguments: [ArgumentSpec(name: "list", help: "A list title or id prefix.")])
    let list: String
    init(_ a: ParsedArguments, context: CommandContext) throws { list = a.positionals[0] }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let (l, r) = try store.listReminder(list: list)
        if context.json { context.printJSON(ReminderPrinter.json(r, list: l, clock: store.clock)); return .success }
        if let r {
            context.out("\(l.title): " + ReminderPrinter.describe(r, list: l, context: context, clock: store.clock))
        } else {
            context.out(context.localizer.text(.reminderNone, l.title, "tasktile reminder set \(TodoPrinter.shellQuote(l.title)) --at \"18:00\""))
        }
        return .success
    }
}
