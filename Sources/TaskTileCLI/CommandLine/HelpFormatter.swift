/// Help text with the sections OVERVIEW / USAGE / ARGUMENTS / OPTIONS / SUBCOMMANDS.
enum HelpFormatter {
    static func help(for spec: CommandSpec, globals: [OptionSpec]) -> String {
        var out = "OVERVIEW: \(spec.abstract)\n"
        if let d = spec.discussion { out += "\n\(d)\n" }
        out += "\nUSAGE: " + (spec.usageOverride ?? [spec.usage]).joined(separator: "\n       ") + "\n"
        if !spec.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for a in spec.arguments { out += row("<\(a.name)>", a.help) }
        }
        out += "\nOPTIONS:\n"
        for o in spec.options + globals { out += row(optionLabel(o), optionHelp(o)) }
        out += row("-h, --help", "Show help information.")
        return out
    }

    static func optionLabel(_ o: OptionSpec) -> String {
        let names = o.names.sorted { $0.count < $1.count }.joined(separator: ", ")
        return o.valueName.map { "\(names) <\($0)>" } ?? names
    }

    static func optionHelp(_ o: OptionSpec) -> String {
        var h = o.help
        var notes: [String] = []
        if let v = o.values { notes.append("values: " + v.joined(separator: ", ")) }
        if let d = o.defaultValue { notes.append("default: " + d) }
        if !notes.isEmpty { h += " (" + notes.joined(separator: "; ") + ")" }
        return h
    }

    static func row(_ label: String, _ help: String) -> String {
        let pad = 26
        if label.count + 2 >= pad { return "  \(label)\n" + String(repeating: " ", count: pad) + help + "\n" }
        return "  " + label + String(repeating: " ", count: pad - 2 - label.count) + help + "\n"
    }

    /// The top-level help: overview, usage and the command list.
    static func topLevel(groups: [(String, [CommandSpec])], globals: [OptionSpec]) -> String {
        var out = """
        OVERVIEW: tasktile — todo lists for the Linux desktop: lists, todos, repeats, widgets, status bars.

        USAGE: tasktile [--data-dir <dir>] [--lang <lang>] [--json] [--no-color] <command> ...

        OPTIONS:

        """
        for o in globals { out += row(optionLabel(o), optionHelp(o)) }
        out += row("-h, --help", "Show help information.")
        out += row("--version", "Show the version.")
        out += "\nSUBCOMMANDS:\n"
        for (_, specs) in groups {
            for s in specs { out += row(s.path.joined(separator: " "), s.abstract) }
        }
        out += "\n  See 'tasktile help <command>' for detailed help.\n"
        return out
    }
}
