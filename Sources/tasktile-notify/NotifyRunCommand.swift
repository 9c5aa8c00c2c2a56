import Foundation
import TaskTileCommandLine
import TaskTileCore
import TaskTileNotify
import TaskTileRuntime

/// `tasktile notify run [--sink dbus|stdout|exec:CMD]`: the notification daemon (docs/notifications.md "Delivery").
struct NotifyRunCommand: Command {
    static let spec = CommandSpec(
        path: ["notify", "run"], abstract: "Run the notification daemon (one per data directory) until SIGTERM/SIGINT.",
        discussion: """
        Delivers each planned notification once, ever, at its time: through org.freedesktop.Notifications \
        on the session bus (with a Complete action), as one JSON line per notification on standard output \
        (--sink stdout: id, kind, title, body, list, due, todoId), or by running a command with the fields \
        in TASKTILE_NOTIFY_TITLE/BODY/ID/TODO_ID/LIST/KIND/DUE (--sink exec:CMD; split on spaces, no shell). \
        After downtime, items missed within the last 24 hours come as one catch-up notification; more than \
        5 todos due in the same minute come as one summary. A notification counts only once the server \
        took it: while no notification server answers, the daemon keeps running and retries (1 s up to 10 s \
        apart, and at once when a server appears). Notifications stay until acted on (notify.timeout), with \
        the notify.urgency hint; a click on the body does what notify.defaultAction says (open runs the \
        notify.openCommand setting, complete, none). Log lines go to standard error. \
        Exit codes: 0 stopped by SIGTERM/SIGINT, 75 another daemon already runs for this data directory \
        (it holds <data dir>/notify.lock), 69 no session bus or the bus went away (a service manager \
        restarts it), 64 a bad --sink.
        """,
        options: [sinkOption.spec])
    static let sinkOption = Option.value("--sink", valueName: "sink", help: "Where notifications go: dbus, stdout or exec:COMMAND.", default: "dbus")
    let sink: String

    init(_ a: ParsedArguments, context: CommandContext) throws {
        sink = a[Self.sinkOption]
        guard ["dbus", "stdout"].contains(sink) || sink.hasPrefix("exec:") else {
            throw Self.usage(Phrase(key: .notifyErrorNotASink, sink))
        }
        guard sink != "exec:" && !(sink.hasPrefix("exec:") && sink.dropFirst(5).allSatisfy { $0 == " " }) else {
            throw Self.usage(Phrase(key: .notifyErrorExecNeedsCommand))
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let clock = try context.clock()
        let lock = try NotifyDaemon.lock(context.dataDirectory)
        // With TASKTILE_NOW the daemon starts "at" that instant and runs on with the real clock.
        let fixed = context.environment["TASKTILE_NOW"].map { !$0.isEmpty } ?? false
        let offset = fixed ? clock.now.timeIntervalSinceNow : 0
        let stdout = context.stdout, stderr = context.stderr
        let sinkObject = try NotifyDaemon.makeSink(sink, language: context.language) { line in
            stdout.write(line)
            stdout.flush()
        }
        var configuration = NotifyDaemon.Configuration(directory: context.dataDirectory, zone: clock.timeZone,
                                                       clockOffset: offset, language: context.language)
        configuration.tick = 0.25
        let log = DaemonLog(program: "tasktile-notify", zone: clock.timeZone, clock: { Date().addingTimeInterval(offset) }) { line in
            stderr.write(line)
            stderr.flush()
        }
        try withExtendedLifetime(lock) {
            try NotifyDaemon(configuration: configuration, sink: sinkObject, log: log, environment: context.environment).run()
        }
        return .success
    }
}
