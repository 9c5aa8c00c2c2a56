import TaskTileCommandLine
import TaskTileCore
import TaskTileInterchange

/// `challenge` subcommands share the challenge argument.
private let challengeArgument = ArgumentSpec(name: "challenge", help: "A challenge title (or id prefix).")

/// JSON of a challenge report: `{id, title, list, state, day, days, startDate, lastDay, remind,
/// routine, checkIns, possible, bestStreak, habits: [{title, checkIns, streak, best, cells}]}`;
/// `cells` has one letter per day: `x` done, `-` missed, `o` today open, `!` today overdue (its due
/// time passed), `+` today partly done, `.` future, ` ` off.
func challengeJSON(_ r: ChallengeReport) -> JSONValue {
    let c = r.challenge
    let letters: [ChallengeCell: Character] = [.done: "x", .missed: "-", .open: "o", .future: ".", .off: " ",
                                               .partial: "+", .overdue: "!"]
    return .object([
        ("id", .string(c.id)), ("title", .string(c.title)), ("list", .string(c.listId)), ("state", .string(r.state.rawValue)),
        ("day", .number(Double(r.day))), ("days", .number(Double(c.days))),
        ("startDate", .string(c.startDate.description)), ("lastDay", .string(c.lastDay.description)),
        ("remind", c.remind.map(JSONValue.string) ?? .null), ("routine", c.routine.map(JSONValue.string) ?? .null),
        ("checkIns", .number(Double(r.checkIns))), ("possible", .number(Double(r.possible))),
        ("bestStreak", .number(Double(r.bestStreak))),
        ("habits", .array(r.habits.map { h in
            .object([("title", .string(h.title)), ("checkIns", .number(Double(h.checkIns))),
                     ("streak", .number(Double(h.streak.current))), ("best", .number(Double(h.streak.best))),
                     ("cells", .string(String(h.cells.map { letters[$0] ?? "?" })))])
        })),
    ])
}

/// "Day 12 / 50", "finished" or "archived".
private func stateText(_ r: ChallengeReport, _ l: Localizer) -> String {
    switch r.state {
    case .running: l.text(.challengeStateRunning, r.day, r.challenge.days)
    case .finished: l.text(.challengeStateFinished)
    case .archived: l.text(.challengeStateArchived)
    }
}

/// `tasktile challenge start [TITLE] --days N --habit H [--habit H …] [--remind HH:MM] [--start DATE] [--routine NAME]`.
struct ChallengeStartCommand: Command {
    static let spec = CommandSpec(
        path: ["challenge", "start"], abstract: "Start a challenge: a list of daily habits that ends after a number of days.",
        discussion: "Check in with 'tasktile done HABIT --list TITLE' (or --on DATE for a day you forgot); review with 'challenge show' or a grid widget.",
        arguments: [ArgumentSpec(name: "title", help: "The challenge's (and its list's) title; with --routine, default: the routine's list title.",
                                 optional: true)],
        options: [daysOption.spec, habitOption.spec, remindOption.spec, startOption.spec, routineOption.spec])
    static let daysOption = Option.required("--days", valueName: "n", help: "How many days it runs, 1…3650.")
    static let habitOption = Option.repeating("--habit", valueName: "title", help: "A habit checked in every day (repeat for more).")
    static let remindOption = Option.value("--remind", valueName: "HH:MM", help: "A daily reminder of the list at this time while it runs.")
    static let startOption = Option.value("--start", valueName: "date", help: "Day 1 (YYYY-MM-DD; default: today).")
    static let routineOption = Option.value("--routine", valueName: "name", help: "Take the habits (and their times) from a routine pack ('tasktile routine ls').")
    let title: String?, days: String, habits: [String], remind: String?, start: LocalDate?, routine: String?

    init(_ a: ParsedArguments, context: CommandContext) throws {
        title = a.positionals.first
        days = a[Self.daysOption]
        habits = a[Self.habitOption]
        remind = a[Self.remindOption]
        routine = a[Self.routineOption]
        if let s = a[Self.startOption] {
            guard let d = LocalDate(iso: s) else {
                throw Self.usage(Phrase(key: .usageInvalidValue, s, "--start", "YYYY-MM-DD, a real calendar date"))
            }
            start = d
        } else { start = nil }
        if title == nil && routine == nil { throw Self.usage(Phrase(key: .challengeErrorNoHabits)) }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        guard let n = Int(days) else { throw ChallengeError.badDays(days) }
        var specs = habits.map { Store.HabitSpec(title: $0) }
        var listTitle = title
        if let routine {
            let dirs = RoutinePack.searchDirectories(dataDirectory: context.dataDirectory, executablePath: context.executablePath)
            let pack = try RoutinePack.find(routine, in: dirs)
            specs += pack.items.map { Store.HabitSpec(title: $0.title, time: ($0.hour, $0.minute), weekdays: pack.days) }
            listTitle = listTitle ?? pack.listTitle
        }
        let store = try context.store()
        let c = try store.startChallenge(title: listTitle ?? "", days: n, habits: specs, remind: remind, start: start,
                                         routine: routine)
        if context.json { context.printJSON(challengeJSON(try store.challengeReport(c))) } else {
            context.out(context.localizer.text(.challengeStarted, c.title, c.habits.count, c.days, c.startDate.description,
                                               c.lastDay.description))
        }
        return .success
    }
}

/// `tasktile challenge ls`: every challenge, running, finished and archived.
struct ChallengeLsCommand: Command {
    static let spec = CommandSpec(path: ["challenge", "ls"], abstract: "List challenges: running, finished and archived.")
    init(_ a: ParsedArguments, context: CommandContext) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let reports = try store.challenges().map(store.challengeReport)
        if context.json { context.printJSON(.array(reports.map(challengeJSON))); return .success }
        let l = context.localizer
        if reports.isEmpty { context.out(l.text(.challengeNone)); return .success }
        for r in reports {
            context.out(l.text(.challengeLine, r.challenge.id.prefix(6), r.challenge.title, stateText(r, l), r.challenge.startDate.description,
                               r.challenge.lastDay.description, r.checkIns, r.possible))
        }
        return .success
    }
}

/// `tasktile challenge show TITLE`: the state, the totals and one line per habit.
struct ChallengeShowCommand: Command {
    static let spec = CommandSpec(path: ["challenge", "show"], abstract: "Show a challenge: its day, totals and habits.",
                                  arguments: [challengeArgument])
    let reference: String
    init(_ a: ParsedArguments, context: CommandContext) throws { reference = a.positionals[0] }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let r = try store.challengeReport(try store.challenge(reference, preferring: [.running, .finished]))
        if context.json { context.printJSON(challengeJSON(r)); return .success }
        let l = context.localizer
        context.out(context.paint(l.text(.challengeHeader, r.challenge.title, stateText(r, l)), .bold))
        let percent = r.possible == 0 ? 0 : Int((Double(r.checkIns) * 100 / Double(r.possible)).rounded())
        context.out(l.text(.challengeTotals, r.checkIns, r.possible, percent, r.bestStreak))
        let marks: [ChallengeCell: Character] = [.done: "■", .missed: "·", .open: "□", .future: " ", .off: " ", .partial: "◧", .overdue: "▣"]
        for h in r.habits {
            let possible = h.cells.filter { $0 != .off }.count
            context.out(l.text(.challengeHabitLine, String(h.cells.map { marks[$0] ?? " " }), h.checkIns, possible,
                               h.streak.current, h.streak.best, h.title))
        }
        return .success
    }
}

/// `tasktile challenge end TITLE`: ends a running challenge today.
struct ChallengeEndCommand: Command {
    static let spec = CommandSpec(path: ["challenge", "end"], abstract: "End a running challenge today (its habits stop after today).",
                                  arguments: [challengeArgument])
    let reference: String
    init(_ a: ParsedArguments, context: CommandContext) throws { reference = a.positionals[0] }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let c = try store.endChallenge(reference)
        if context.json { context.printJSON(challengeJSON(try store.challengeReport(c))) } else {
            context.out(context.localizer.text(.challengeEnded, c.title))
        }
        return .success
    }
}

/// `tasktile challenge archive TITLE`: keeps a finished challenge's totals and history, removes its list.
struct ChallengeArchiveCommand: Command {
    static let spec = CommandSpec(path: ["challenge", "archive"],
                                  abstract: "Archive a finished challenge: its list goes, its history and totals stay (and are exported).",
                                  arguments: [challengeArgument])
    let reference: String
    init(_ a: ParsedArguments, context: CommandContext) throws { reference = a.positionals[0] }

    func run(_ context: CommandContext) throws -> ExitCode {
        let r = try context.store().archiveChallenge(reference)
        if context.json { context.printJSON(challengeJSON(r)) } else {
            context.out(context.localizer.text(.challengeArchived, r.challenge.title, r.checkIns, r.possible))
        }
        return .success
    }
}

/// `tasktile challenge rm TITLE | --all-archived`: removes archived challenges for good.
struct ChallengeRemoveCommand: Command {
    static let spec = CommandSpec(path: ["challenge", "rm"], abstract: "Remove archived challenges and their history for good.",
                                  arguments: [ArgumentSpec(name: "challenge", help: "An archived challenge's title (or id prefix).", optional: true)],
                                  options: [allArchived.spec])
    static let allArchived = Option.flag("--all-archived", help: "Every archived challenge.")
    let reference: String?
    init(_ a: ParsedArguments, context: CommandContext) throws {
        reference = a.positionals.first
        if (reference == nil) == !a[Self.allArchived] {
            throw Self.usage(Phrase(key: .challengeErrorRemoveWhich))
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let removed = try context.store().removeChallenges(reference)
        if context.json {
            context.printJSON(.object([("removed", .array(removed.map { .object([("id", .string($0.id)), ("title", .string($0.title))]) }))]))
        } else { context.out(context.localizer.text(.challengeRemoved, removed.count)) }
        return .success
    }
}
