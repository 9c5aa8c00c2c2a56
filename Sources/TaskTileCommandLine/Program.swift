import Foundation
import TaskTileCore

/// One program's command line (`tasktile`, `tasktile-render`): its commands, global options and
/// help, run by the one parser, help layout and error funnel both programs share.
///
/// Global options (`--data-dir`, `--lang`, `--json`, `--no-color`, `-h/--help`, `--version`) may
/// stand before the command words or among the command's own options; they are parsed as options
/// of the command, so the value of a command option is never mistaken for one
/// (`tasktile edit X --notes -h` stores the notes "-h").
public struct Program: Sendable {
    /// Whether to write ANSI colours: only when standard output is a terminal, never with
    /// `--no-color`, a non-empty `NO_COLOR` (https://no-color.org) or `TERM=dumb` (a terminal that
    /// cannot show escape sequences: Emacs' shell, some CI logs; also an empty or unset `TERM` is
    /// treated as dumb, as ncurses does).
    public static func usesColor(noColorFlag: Bool, stdoutIsTerminal: Bool, environment: [String: String]) -> Bool {
        guard !noColorFlag, stdoutIsTerminal, environment["NO_COLOR"].map(\.isEmpty) != false else { return false }
        let term = environment["TERM"] ?? ""
        return !term.isEmpty && term != "dumb"
    }

    /// The executable's name, e.g. `tasktile-render`.
    public var name: String
    /// Printed by `--version` as `<name> <version>`.
    public var version: String
    /// Every command, in help order.
    public var commands: [any Command.Type]
    /// The global options this program accepts (e.g. `Program.dataDirOption`, `Program.langOption`);
    /// `-h/--help` and `--version` are accepted by every program without being listed.
    public var globals: [OptionSpec]
    /// The one-line overview of the top-level help.
    public var overview: @Sendable (Localizer) -> String
    /// Command-help translations by language (`help.<path>.abstract` …; see `HelpFormatter`):
    /// `Program.catalogueHelp(_:globals:)` for a program's table in the catalogue; empty for English only.
    public var translations: HelpTranslations
    /// Commands an executable beside this one runs (`SiblingCommand`), listed in the help with the
    /// program's own.
    public var siblings: [SiblingCommand]

    public init(name: String, version: String, commands: [any Command.Type], globals: [OptionSpec],
                translations: @escaping HelpTranslations = { _ in [:] }, siblings: [SiblingCommand] = [],
                overview: @escaping @Sendable (Localizer) -> String) {
        self.name = name; self.version = version; self.commands = commands; self.globals = globals
        self.translations = translations; self.siblings = siblings; self.overview = overview
    }

    /// What the command list shows: every command's spec, each sibling after the last command
    /// that shares its first word (or at the end).
    public var listedSpecs: [CommandSpec] {
        var specs = commands.map { $0.spec }
        for sibling in siblings {
            let at = specs.lastIndex { $0.path.first == sibling.path.first }.map { $0 + 1 } ?? specs.count
            specs.insert(sibling.listingSpec, at: at)
        }
        return specs
    }

    /// The sibling whose path is the longest prefix of `words`, unless one of this program's own
    /// commands matches as long a prefix.
    public func findSibling(_ words: [String]) -> SiblingCommand? {
        let own = findCommand(words).map { commands[$0].spec.path.count } ?? 0
        return siblings.filter { words.count >= $0.path.count && Array(words.prefix($0.path.count)) == $0.path }
            .max { $0.path.count < $1.path.count }
            .flatMap { $0.path.count > own ? $0 : nil }
    }

    /// Whether `arguments` (a whole command line, without the program name) name one of this
    /// program's commands once the global options before the command words (and `-h`, `--help`,
    /// `--version`, `help`) are skipped — so an executable that also runs another program's
    /// command (`tasktile-render` running `tasktile theme preview`) can tell whose it is.
    public func runsCommand(in arguments: [String]) -> Bool {
        let leading = leadingGlobals(arguments)
        return leading.missingValue == nil && findCommand(leading.rest) != nil
    }

    /// What comes before the command words: this program's global options, `-h`/`--help`,
    /// `--version` and a `help` word, and the words left after them.
    struct LeadingGlobals {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var help = false, showVersion = false
        /// The command words and everything after them.
        var rest: [String] = []
        /// A value option at the end or with an empty value (`--data-dir` alone): a usage error.
        var missingValue: String?
    }

    /// Reads the global options before the command words (step 1 of `main`).
    func leadingGlobals(_ arguments: [String]) -> LeadingGlobals {
        let globalNames = Set(globals.flatMap(\.names))
        let valueGlobals = Set(globals.filter { $0.valueName != nil }.flatMap(\.names))
        var g = LeadingGlobals()
        var i = 0
        while i < arguments.count {
            let (option, inline) = Program.splitInline(arguments[i])
            if option == "-h" || option == "--help" { g.help = true; i += 1; continue }
            if option == "--version" { g.showVersion = true; i += 1; continue }
            guard globalNames.contains(option) else { break }
            i += 1
            if valueGlobals.contains(option) {
                guard let v = inline ?? (i < arguments.count ? arguments[i] : nil), !v.isEmpty else {
                    g.missingValue = option
                    return g
                }
                if inline == nil { i += 1 }
                g.values[option] = v
            } else {
                g.flags.insert(option)
            }
        }
        g.rest = Array(arguments[i...])
        if g.rest.first == "help" { g.help = true; g.rest.removeFirst() }
        return g
    }

    /// The help layout for this program at `width` terminal columns (default: no wrapping).
    public func helpFormatter(width: Int = Int.max / 2) -> HelpFormatter {
        HelpFormatter(program: name, translations: translations, width: width)
    }

    /// The English help a translation of this program translates: key → the declaration's text,
    /// for every key `helpTranslationGaps` requires (each command's own keys, not the shared
    /// `help.opt.<name>`; the global options as `help.global.opt.<name>`). What the pseudo-locale
    /// (`en-XA`) is generated from, and what a translator of a new language starts with.
    public func helpSource() -> [String: String] {
        var source: [String: String] = [:]
        for spec in commands.map({ $0.spec }) {
            let prefix = HelpFormatter.keyPrefix(spec)
            source[prefix + ".abstract"] = spec.abstract
            if let discussion = spec.discussion { source[prefix + ".discussion"] = discussion }
            for a in spec.arguments { source[prefix + ".arg." + a.name] = a.help }
            for o in spec.options { source[prefix + ".opt." + String(o.names[0].drop { $0 == "-" })] = o.help }
        }
        for o in globals { source["help.global.opt." + String(o.names[0].drop { $0 == "-" })] = o.help }
        for sibling in siblings { source[HelpFormatter.keyPrefix(sibling.listingSpec) + ".abstract"] = sibling.abstract }
        return source
    }

    /// How complete the command help of `language` is, by the keys `HelpFormatter` looks up: `missing`
    /// lists each abstract, discussion, argument and option (own key, or the shared `help.arg.*` /
    /// `help.opt.*` one) and global option with no entry; `unused` lists entries that name nothing
    /// the program has. Both empty: every help line is translated and nothing is stale.
    public func helpTranslationGaps(_ language: Language) -> (missing: [String], unused: [String]) {
        let table = translations(language)
        var missing: [String] = []
        var used = Set<String>()
        func need(_ keys: [String]) {
            used.formUnion(keys)
            if !keys.contains(where: { table[$0] != nil }) { missing.append(keys[0]) }
        }
        for spec in commands.map({ $0.spec }) {
            let prefix = HelpFormatter.keyPrefix(spec)
            need([prefix + ".abstract"])
            if spec.discussion != nil { need([prefix + ".discussion"]) }
            for a in spec.arguments { need([prefix + ".arg." + a.name, "help.arg." + a.name]) }
            for o in spec.options {
                let name = String(o.names[0].drop { $0 == "-" })
                need([prefix + ".opt." + name, "help.opt." + name])
            }
        }
        for o in globals { need(["help.global.opt." + String(o.names[0].drop { $0 == "-" })]) }
        for sibling in siblings { need([HelpFormatter.keyPrefix(sibling.listingSpec) + ".abstract"]) }
        return (missing, Set(table.keys).subtracting(used).sorted())
    }

    /// Runs one invocation and returns the exit code. `arguments` excludes the program name.
    /// Writes only to `stdout` and `stderr` (flushed before returning).
    public func main(arguments: [String], environment: [String: String], stdout: OutputSink, stderr: OutputSink,
                     readLine: @escaping () -> String? = { Swift.readLine() }, stdinIsTerminal: Bool = isatty(0) == 1,
                     stdoutIsTerminal: Bool = isatty(1) == 1, executablePath: String = Program.executablePath(),
                     runSibling: SiblingRunner = Program.execSibling) -> Int32 {
        defer { stdout.flush(); stderr.flush() }
        if let generated = generate(arguments, environment: environment) {
            stdout.write(generated)
            return 0
        }
        // Errors in the global options come before `--lang` is known: the environment decides.
        let early = Localizer(Language.fromEnvironment(environment))
        let funnel = ErrorFunnel(program: name)
        // A failure found before the command runs is, under --json, also the JSON error object on stdout,
        // as every later failure is (docs/lists-and-todos.md "JSON output").
        func reportEarly(_ error: Error, json: Bool, localizer: Localizer) -> Int32 {
            if json { stdout.write(funnel.jsonObject(for: error).serialized(pretty: false) + "\n") }
            return funnel.report(error, to: stderr, localizer: localizer)
        }
        // 1. Global options before the command words.
        let leading = leadingGlobals(arguments)
        if let option = leading.missingValue {
            return reportEarly(UsageError(message: Phrase(key: .usageMissingValue, option), spec: nil),
                               json: leading.flags.contains("--json"), localizer: early)
        }
        var globalValues = leading.values, globalFlags = leading.flags
        var help = leading.help, showVersion = leading.showVersion
        var rest = leading.rest
        // A command another executable runs: that program parses everything, help included.
        if let sibling = findSibling(rest) {
            stdout.flush(); stderr.flush()
            let path = (executablePath as NSString).deletingLastPathComponent + "/" + sibling.executable
            let error = runSibling(path, arguments, environment)
            // The sibling did not start, so nobody parsed its options: --json anywhere asks for JSON.
            return reportEarly(SiblingUnavailable(path: path, errorNumber: error),
                               json: leading.flags.contains("--json") || rest.contains("--json"), localizer: early)
        }
        let index = findCommand(rest)

        // 2. The command's own arguments, with the global options accepted among them.
        var parsed = ParsedArguments()
        var parseError: Error?
        if let index {
            let spec = commands[index].spec
            var combined = spec
            combined.options += globals + [.flag("--help", "-h", help: ""), .flag("--version", help: "")]
            do {
                parsed = try ArgumentParser.parse(Array(rest.dropFirst(spec.path.count)), spec: combined, checkRequired: false)
                if parsed.flag("--help") { help = true }
                if parsed.flag("--version") { showVersion = true }
                for g in globals {
                    let key = g.names[0]
                    if let v = parsed.value(key) { globalValues[key] = v }
                    if parsed.flag(key) { globalFlags.insert(key) }
                }
            } catch {
                parseError = error
                // `add x --json --bogus`: the parse stopped, but --json was given (not as an option's value).
                if Program.hasFlag("--json", in: Array(rest.dropFirst(spec.path.count)), spec: combined) {
                    globalFlags.insert("--json")
                }
            }
        }
        if showVersion && rest.isEmpty { stdout.write("\(name) \(version)\n"); return 0 }
        if let lang = globalValues["--lang"], Language(rawValue: lang) == nil {
            let accepted = Language.allCases.map(\.rawValue).joined(separator: ", ")
            return reportEarly(UsageError(message: Phrase(key: .usageInvalidValue, lang, "--lang", accepted), spec: nil),
                               json: globalFlags.contains("--json"), localizer: early)
        }
        let dataDir = globalValues["--data-dir"]
        // The stored `language` setting only when no flag or variable decides (docs/language.md).
        let languageFlag = globalValues["--lang"].flatMap(Language.init(rawValue:))
        let language = LanguagePreference.language(flag: languageFlag, environment: environment) {
            Store.peekLanguage(in: DataDirectory.resolve(explicit: dataDir, environment: environment))
        }
        let localizer = Localizer(language)
        // Silent fallbacks are announced once per process, on stderr (stdout stays the result).
        if let tz = Clock.unknownTimeZone(environment: environment) {
            stderr.write(localizer.text(.warningPrefix, localizer.text(.warningUnknownTimeZone, tz, Clock.timeZone(environment: environment).identifier)) + "\n")
        }
        if let lang = Language.unsupportedTasktileLang(environment) {
            stderr.write(localizer.text(.warningPrefix, localizer.text(.warningUnknownLanguage, lang,
                Language.allCases.map(\.rawValue).joined(separator: ", "))) + "\n")
        }
        // Wrapped to the terminal; piped help keeps one line per option, for grep.
        let formatter = helpFormatter(width: stdoutIsTerminal ? Program.terminalWidth(environment: environment) : Int.max / 2)
        guard let index else {
            // `tasktile list --help`: help for the group, as `tasktile help list`.
            if rest.count == 2, ["-h", "--help"].contains(rest[1]) { rest.removeLast(); help = true }
            let code = unknownCommand(rest, help: help, formatter: formatter, stdout: stdout, stderr: stderr, localizer: localizer)
            // Scripts that asked for --json get every failure as a JSON object on stdout.
            if code != 0, globalFlags.contains("--json") {
                let inGroup = commands.contains { $0.spec.path.first == rest.first }
                let phrase = !inGroup ? Phrase(key: .usageUnknownCommand, rest.first ?? "", "")
                    : rest.count > 1 ? Phrase(key: .usageUnknownSubcommand, rest[1], rest[0]) : Phrase(key: .usageNeedsSubcommand, rest[0])
                let error = UsageError(message: phrase, spec: nil)
                stdout.write(ErrorFunnel(program: name).jsonObject(for: error).serialized(pretty: false) + "\n")
            }
            return code
        }
        let type = commands[index]
        let spec = type.spec
        if help {
            stdout.write(formatter.help(for: spec, globals: globals, localizer: localizer))
            return 0
        }
        let json = globalFlags.contains("--json")
        let color = Self.usesColor(noColorFlag: globalFlags.contains("--no-color"), stdoutIsTerminal: stdoutIsTerminal,
                                   environment: environment)
        let context = CommandContext(environment: environment,
                                     dataDirectory: DataDirectory.resolve(explicit: dataDir, environment: environment),
                                     language: language, json: json, color: color, stdout: stdout, stderr: stderr,
                                     readLine: readLine, stdinIsTerminal: stdinIsTerminal, executablePath: executablePath)
        context.languageFlag = languageFlag
        do {
            if let parseError { throw parseError }
            // Required options and positional counts are checked against the command's own spec.
            try ArgumentParser.checkRequired(parsed, spec: spec)
            for g in globals { parsed.values[g.names[0]] = nil; parsed.flags.remove(g.names[0]) }
            parsed.flags.remove("--help"); parsed.flags.remove("--version")
            let command = try type.init(parsed, context: context)
            return try command.run(context).rawValue
        } catch {
            // Scripts that asked for --json also get the failure as JSON on stdout (English message,
            // stable field names), unless the command printed a richer result object itself.
            if json && !((error as? ReportableError)?.printsOwnJSON ?? false) {
                stdout.write(funnel.jsonObject(for: error).serialized(pretty: false) + "\n")
            }
            return funnel.report(error, to: stderr, spec: spec, localizer: localizer)
        }
    }

    /// No command matched `words`: the top-level help (no words), a group's subcommands, or an
    /// unknown command with a suggestion.
    func unknownCommand(_ rest: [String], help: Bool, formatter: HelpFormatter, stdout: OutputSink, stderr: OutputSink,
                        localizer: Localizer) -> Int32 {
        if rest.isEmpty {
            stdout.write(formatter.topLevel(commands: listedSpecs, globals: globals,
                                            overview: overview(localizer), localizer: localizer))
            return help ? 0 : ExitCode.usage.rawValue
        }
        let group = listedSpecs.filter { $0.path.first == rest[0] }
        let list = group.map { "  \($0.commandName) — \(formatter.abstract($0, localizer))\n" }.joined()
        if help && !group.isEmpty && rest.count == 1 {
            // `tasktile help list`: the group's subcommands, as help (stdout, exit 0).
            stdout.write(localizer.text(.usageSubcommands) + "\n" + list)
            return 0
        }
        if !group.isEmpty {
            let problem = rest.count > 1 ? localizer.text(.usageUnknownSubcommand, rest[1], rest[0]) : localizer.text(.usageNeedsSubcommand, rest[0])
            stderr.write(localizer.text(.errorPrefix, problem) + "\n" + localizer.text(.usageSubcommands) + "\n" + list)
            return ExitCode.usage.rawValue
        }
        let names = Set(listedSpecs.map { $0.path[0] })
        let hint = names.sorted().first { ArgumentParser.editDistance($0, rest[0]) <= 2 }.map { localizer.text(.usageDidYouMean, $0) } ?? ""
        stderr.write(localizer.text(.errorPrefix, localizer.text(.usageUnknownCommand, rest[0], hint)) + "\n"
                     + localizer.text(.usageSeeCommandList, name) + "\n")
        return ExitCode.usage.rawValue
    }

    /// `--name=value` → (`--name`, `value`); anything else → (itself, nil).
    /// Whether `flag` is among `words` (a command's arguments) as an option, not as the value of an option of
    /// `spec` that takes one, nor after `--`: for a failure the parser found before it read the flag.
    static func hasFlag(_ flag: String, in words: [String], spec: CommandSpec) -> Bool {
        let takesValue = Set(spec.options.filter { $0.valueName != nil }.flatMap(\.names))
        var i = 0
        while i < words.count {
            let (option, inline) = splitInline(words[i])
            if option == "--" { return false }
            if option == flag { return true }
            i += takesValue.contains(option) && inline == nil ? 2 : 1
        }
        return false
    }

    static func splitInline(_ a: String) -> (String, String?) {
        guard a.hasPrefix("--"), let eq = a.firstIndex(of: "=") else { return (a, nil) }
        return (String(a[..<eq]), String(a[a.index(after: eq)...]))
    }

    /// Index in `commands` of the command whose path matches the longest prefix of `words`.
    public func findCommand(_ words: [String]) -> Int? {
        var best: Int?
        var bestLength = 0
        for (i, c) in commands.enumerated() {
            let p = c.spec.path
            if words.count >= p.count, Array(words.prefix(p.count)) == p, p.count > bestLength { best = i; bestLength = p.count }
        }
        return best
    }

    /// The options every program shares, by name: the data directory and the language.
    public static let dataDirOption = OptionSpec.value("--data-dir", valueName: "dir",
        help: "The data directory (default: $TASKTILE_DATA_DIR, $XDG_DATA_HOME/tasktile or ~/.local/share/tasktile).")
    public static let langOption = OptionSpec.value("--lang", valueName: "lang", help: "Language of messages.",
                                                    values: Language.allCases.map(\.rawValue))
    /// `--json`: machine-readable output (`tasktile` and the programs that run its commands).
    public static let jsonOption = OptionSpec.flag("--json", help: "Print machine-readable JSON.")
    /// `--no-color`: never ANSI colours.
    public static let noColorOption = OptionSpec.flag("--no-color", help: "Never print colours.")
    /// The global options of `tasktile`, and of every executable that runs `tasktile` commands for
    /// it (`SiblingCommand`): they receive the same arguments, so they accept the same globals.
    public static let tasktileGlobals = [dataDirOption, langOption, jsonOption, noColorOption]
    /// Japanese help of the shared global options (`help.global.opt.<name>`), merged into each
    /// program's own table.
    /// The help translations of catalogue table `table` (docs/language.md "Command help"), with
    /// those of `globals` from the shared table `global` (`help.global.opt.<name>`).
    public static func catalogueHelp(_ table: String, globals: [OptionSpec]) -> HelpTranslations {
        let keys = Set(globals.map { "help.global.opt." + String($0.names[0].drop { $0 == "-" }) })
        return { language in
            let tables = StringCatalogue.help(language)
            let shared = (tables["global"] ?? [:]).filter { keys.contains($0.key) }
            return (tables[table] ?? [:]).merging(shared) { own, _ in own }
        }
    }

    /// Columns of the terminal on standard output (`TIOCGWINSZ`), else `$COLUMNS`, else 80; at least 40.
    public static func terminalWidth(environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return max(40, Int(size.ws_col)) }
        if let c = environment["COLUMNS"].flatMap(Int.init), c > 0 { return max(40, c) }
        return 80
    }

    /// Absolute path of this executable (from /proc/self/exe), for status-bar actions and siblings.
    public static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 { return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return CommandLine.arguments.first ?? "tasktile"
    }
}

extension Program {
    /// `[--data-dir DIR] --generate man|bash|zsh|fish|list-titles` (`Generators`): the man page or a
    /// completion script from the command table, or the list titles for completing `--list`; nil
    /// for every other command line. `SOURCE_DATE_EPOCH` dates the man page (reproducible builds).
    func generate(_ arguments: [String], environment: [String: String]) -> String? {
        var args = arguments[...]
        var dataDir: String?
        if args.first == "--data-dir", args.count >= 2 { dataDir = args.dropFirst().first; args = args.dropFirst(2) }
        guard args.count == 2, args.first == "--generate", let kind = args.last, Generators.kinds.contains(kind) else { return nil }
        switch kind {
        case "man":
            let epoch = environment["SOURCE_DATE_EPOCH"].flatMap(Double.init) ?? Date().timeIntervalSince1970
            let date = ZonedClock.wallClock(of: Date(timeIntervalSince1970: epoch), in: TimeZone(identifier: "UTC")!).date
            return Generators.manPage(self, date: date.description)
        case "bash": return Generators.bash(self)
        case "zsh": return Generators.zsh(self)
        case "fish": return Generators.fish(self)
        default: return Generators.listTitles(environment: environment, dataDir: dataDir)
        }
    }
}
