import Foundation
import TaskTileCore
import TaskTileNotify

/// The `tasktile` entry point: global options, dispatch to a command, and the one error funnel
/// that turns every error into a message on stderr and an exit code (SPEC §10).
enum CLI {
    static let version = "0.1.0"

    /// Every command, in help order.
    static let commands: [any Command.Type] = [
        ListLsCommand.self, ListAddCommand.self, ListRenameCommand.self, ListMoveCommand.self, ListRemoveCommand.self,
        AddCommand.self, EditCommand.self, DoneCommand.self, UndoCommand.self, RemoveCommand.self, MoveCommand.self,
        ShowCommand.self, OccurrencesCommand.self, StatusCommand.self, IntentCompleteCommand.self, ThemeLsCommand.self, ThemeShowCommand.self,
        ThemeNewCommand.self, ThemeSetCommand.self, ThemeRemoveCommand.self, ThemeImportCommand.self, ThemeExportCommand.self, ThemePreviewCommand.self,
        SearchCommand.self, SettingsLsCommand.self, SettingsGetCommand.self, SettingsSetCommand.self,
        SoundLsCommand.self, SoundPlayCommand.self, SoundExportCommand.self,
        ExportCommand.self, ImportCommand.self, RoutineLsCommand.self, RoutineApplyCommand.self, RoutineRemoveCommand.self,
        NotifyRunCommand.self, NotifyPendingCommand.self, ReminderSetCommand.self, ReminderOffCommand.self,
        ReminderShowCommand.self,
    ]

    static let globalOptions: [OptionSpec] = [
        .value("--data-dir", valueName: "dir", help: "The data directory (default: $TASKTILE_DATA_DIR, $XDG_DATA_HOME/tasktile or ~/.local/share/tasktile)."),
        .value("--lang", valueName: "lang", help: "Language of messages.", values: ["en", "ja"]),
        .flag("--json", help: "Print machine-readable JSON."),
        .flag("--no-color", help: "Never print colours."),
    ]

    /// Runs one invocation. `arguments` excludes the program name.
    static func main(arguments: [String], environment: [String: String], stdout: OutputSink, stderr: OutputSink,
                     readLine: @escaping () -> String? = { Swift.readLine() }, stdinIsTerminal: Bool = isatty(0) == 1,
                     stdoutIsTerminal: Bool = isatty(1) == 1, executablePath: String = CLI.executablePath()) -> Int32 {
        defer { stdout.flush(); stderr.flush() }
        var rest: [String] = []
        var dataDir: String?
        var lang: String?
        var json = false, noColor = false, help = false, showVersion = false
        var i = 0
        var ended = false
        // Errors in the global options come before `--lang` is known: the environment decides.
        let early = Localizer(Language.fromEnvironment(environment))
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            if ended { rest.append(a); continue }
            if a == "--" { ended = true; rest.append(a); continue }
            let (name, inline) = splitInline(a)
            switch name {
            case "--data-dir", "--lang":
                guard let v = inline ?? (i < arguments.count ? arguments[i] : nil), !v.isEmpty else {
                    return fail(UsageError(message: Phrase(key: "usage.missingValue", name), spec: nil), stderr: stderr, localizer: early)
                }
                if inline == nil { i += 1 }
                if name == "--data-dir" { dataDir = v } else {
                    guard ["en", "ja"].contains(v) else {
                        return fail(UsageError(message: Phrase(key: "usage.invalidValue", v, "--lang", "en, ja"), spec: nil), stderr: stderr, localizer: early)
                    }
                    lang = v
                }
            case "--json": json = true
            case "--no-color": noColor = true
            case "-h", "--help": help = true
            case "--version": showVersion = true
            default: rest.append(a)
            }
        }
        if showVersion && rest.isEmpty { stdout.write("tasktile \(version)\n"); return 0 }
        if rest.first == "help" { help = true; rest.removeFirst() }
        // SPEC §8 order; the stored `language` setting only when no flag or variable decides.
        let language = LanguagePreference.resolve(flag: lang, environment: environment) {
            Store.peekSetting(.language, in: DataDirectory.resolve(explicit: dataDir, environment: environment))
        }
        let localizer = Localizer(Language(rawValue: language) ?? .en)
        let color = !noColor && stdoutIsTerminal && environment["NO_COLOR"].map(\.isEmpty) != false
        guard let index = findCommand(rest) else {
            if rest.isEmpty {
                stdout.write(HelpFormatter.topLevel(groups: [("", commands.map { $0.spec })], globals: globalOptions, localizer: localizer))
                return help ? 0 : ExitCode.usage.rawValue
            }
            let group = commands.map { $0.spec }.filter { $0.path.first == rest[0] }
            if help && !group.isEmpty && rest.count == 1 {
                // `tasktile help list`: the group's subcommands, as help (stdout, exit 0).
                stdout.write(localizer.text("usage.subcommands") + "\n"
                             + group.map { "  tasktile \($0.path.joined(separator: " ")) — \(HelpFormatter.abstract($0, localizer))\n" }.joined())
                return 0
            }
            if !group.isEmpty {
                let problem = rest.count > 1 ? localizer.text("usage.unknownSubcommand", rest[1], rest[0]) : localizer.text("usage.needsSubcommand", rest[0])
                var text = localizer.text("error.prefix", problem) + "\n"
                text += localizer.text("usage.subcommands") + "\n"
                    + group.map { "  tasktile \($0.path.joined(separator: " ")) — \(HelpFormatter.abstract($0, localizer))\n" }.joined()
                stderr.write(text)
                return ExitCode.usage.rawValue
            }
            let names = Set(commands.map { $0.spec.path[0] })
            let hint = names.first { ArgumentParser.editDistance($0, rest[0]) <= 2 }.map { localizer.text("usage.didYouMean", $0) } ?? ""
            stderr.write(localizer.text("error.prefix", localizer.text("usage.unknownCommand", rest[0], hint)) + "\n"
                         + localizer.text("usage.seeCommandList") + "\n")
            return ExitCode.usage.rawValue
        }
        let type = commands[index]
        let spec = type.spec
        let consumed = spec.path.count
        if help {
            stdout.write(HelpFormatter.help(for: spec, globals: globalOptions, localizer: localizer))
            return 0
        }
        let context = CommandContext(environment: environment,
                                     dataDirectory: DataDirectory.resolve(explicit: dataDir, environment: environment),
                                     language: language, json: json, color: color, stdout: stdout, stderr: stderr,
                                     readLine: readLine, stdinIsTerminal: stdinIsTerminal, executablePath: executablePath)
        do {
            let parsed = try ArgumentParser.parse(Array(rest.dropFirst(consumed)), spec: spec)
            let command = try type.make(parsed, context: context)
            return try command.execute(context).rawValue
        } catch {
            // Scripts that asked for --json also get the failure as JSON on stdout (English message,
            // stable field names); intent complete prints its own richer result object.
            if json && !(error is IntentFailure) {
                let (code, message, _) = classify(error)
                stdout.write(JSONValue.object([("error", .object([("exitCode", .number(Double(code.rawValue))),
                                                                 ("message", .string(message))]))]).serialized(pretty: false) + "\n")
            }
            return fail(error, stderr: stderr, spec: spec, localizer: localizer)
        }
    }

    static func splitInline(_ a: String) -> (String, String?) {
        guard a.hasPrefix("--"), let eq = a.firstIndex(of: "=") else { return (a, nil) }
        return (String(a[..<eq]), String(a[a.index(after: eq)...]))
    }

    /// Index in `commands` of the command whose path matches the longest prefix of `words`.
    static func findCommand(_ words: [String]) -> Int? {
        var best: Int?
        var bestLength = 0
        for (i, c) in commands.enumerated() {
            let p = c.spec.path
            if words.count >= p.count, Array(words.prefix(p.count)) == p, p.count > bestLength { best = i; bestLength = p.count }
        }
        return best
    }

    /// The one error funnel: message to stderr in the user's language, exit code per SPEC §10.
    static func fail(_ error: Error, stderr: OutputSink, spec: CommandSpec? = nil, localizer: Localizer) -> Int32 {
        let (code, message, showUsage) = classify(error, localizer)
        var text = localizer.text("error.prefix", message) + "\n"
        if showUsage, let spec = (error as? UsageError)?.spec ?? spec {
            text += localizer.text("error.usageLine", spec.usage) + "\n" + localizer.text("error.seeHelp", spec.commandName) + "\n"
        }
        stderr.write(text)
        return code.rawValue
    }

    /// The exit code, the message in `localizer`'s language and whether to show the usage line.
    /// Paths, titles and system details (strerror, SQLite) stay as they are.
    static func classify(_ error: Error, _ localizer: Localizer = Localizer(.en)) -> (ExitCode, String, Bool) {
        let l = localizer
        switch error {
        case let e as UsageError: return (.usage, e.message.text(l), true)
        case let e as DueParser.ParseError: return (.usage, e.message(l), true)
        case let e as RepeatRuleError: return (.usage, TodoOptions.message(for: e, l), true)
        case let e as Clock.ClockError: return (.usage, e.message(l), false)
        case let e as IntentFailure:
            switch e {
            case .ambiguous, .ambiguousID: return (.ambiguous, e.message(l), false)
            default: return (.nothingMatched, e.message(l), false)
            }
        case let e as StoreError:
            switch e {
            case .listNotFound, .todoNotFound, .alreadyCompleted, .notCompleted: return (.nothingMatched, e.message(l), false)
            case .ambiguousList, .ambiguousTodo: return (.ambiguous, e.message(l), false)
            case .invalidTitle, .invalidNotes, .badPosition, .invalidSetting: return (.usage, e.message(l), true)
            case .notAStore, .newerStore, .inaccessible: return (.ioError, e.message(l), false)
            case .busy: return (.busy, e.message(l), false)
            }
        case let e as NotifyDaemonError:
            switch e {
            case .alreadyRunning: return (.busy, e.description, false)
            case .badSink: return (.usage, e.description, true)
            case .lockFailed, .spawnFailed, .bus: return (.ioError, e.description, false)
            }
        case let e as ThemeFileError: return (.dataError, e.message(l), false)
        case let e as ThemeNotFound: return (.nothingMatched, e.message(l), false)
        case let e as CannotCreateOutput: return (.cannotCreate, e.message(l), false)
        case let e as InterchangeError: return (.dataError, e.description, false)
        case let e as RoutineError: return (.nothingMatched, e.message(l), false)
        case let e as FileError: return (.ioError, e.description, false)
        case let e as DatabaseError:
            if e.isBusy { return (.busy, e.description, false) }
            // A damaged store: say so plainly; the failing SQL helps nobody reading the message.
            if e.isNotADatabase { return (.ioError, l.text("error.store.damaged", e.message), false) }
            return (.ioError, e.description, false)
        default: return (.ioError, "\(error)", false)
        }
    }

    /// Absolute path of this executable (from /proc/self/exe), for status-bar actions.
    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 { return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return CommandLine.arguments.first ?? "tasktile"
    }
}
