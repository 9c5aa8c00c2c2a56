import Foundation
import TaskTileCommandLine
import TaskTileCore
import TaskTileRuntime

/// `tasktile notify pending [--count N]`: the notification plan (docs/notifications.md "Planning"), soonest first.
struct NotifyPendingCommand: Command {
    static let spec = CommandSpec(
        path: ["notify", "pending"], abstract: "Show the planned notifications (time, title, list, id), soonest first.",
        discussion: """
        One-off todos notify at their due, repeating todos for their next 7 cycles, list reminders at \
        their next occurrences; date-only dues at the notify.defaultTime setting (default 09:00). At most \
        the 64 soonest. Ids: <todo id> (one-off), <todo id>_<cycle> (repeating), list:<list id>_<occurrence> \
        (list reminder).
        """,
        options: [countOption.spec])
    static let countOption = Option.value("--count", valueName: "n", help: "Show at most N (1…64).", default: "64")
    let count: Int

    init(_ a: ParsedArguments, context: CommandContext) throws {
        let text = a[Self.countOption]
        guard let n = Int(text), (1...NotificationPlanner.planLimit).contains(n) else {
            throw Self.usage(Phrase(key: .todoErrorCountRange, text, 1, NotificationPlanner.planLimit))
        }
        count = n
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.store()
        let clock = store.clock
        let plan = NotificationPlanner.plan(try store.notificationInput(), now: clock.now, userZone: clock.timeZone, limit: count)
        if context.json {
            context.printJSON(.array(plan.map { p in
                .object([("id", .string(p.identifier)), ("kind", .string(p.kind.rawValue)),
                         ("fireAt", .string(ZonedClock.iso8601(p.fireAt, in: clock.timeZone))),
                         ("title", .string(p.title)), ("list", .string(p.listTitle)), ("listId", .string(p.listId)),
                         ("todoId", p.todoId.map(JSONValue.string) ?? .null),
                         ("index", p.index.map { .number(Double($0)) } ?? .null),
                         ("due", .string(p.due.jsonText))])
            }))
            return .success
        }
        if plan.isEmpty {
            context.out(context.localizer.text(.notifyPendingNone))
            return .success
        }
        for p in plan {
            let wc = ZonedClock.wallClock(of: p.fireAt, in: clock.timeZone)
            let what = p.kind == .reminder ? context.localizer.text(.notifyPendingListReminder) : p.title
            context.out("\(wc.date) \(wc.hourMinute)  \(what)  \(context.paint("[\(p.listTitle)]", .dim))  \(context.paint(p.identifier, .dim))")
        }
        return .success
    }
}
