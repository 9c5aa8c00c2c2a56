import TaskTileCore

/// Help text with the sections OVERVIEW / USAGE / ARGUMENTS / OPTIONS / SUBCOMMANDS, in the
/// user's language: headers and framing from the catalogue (`help.*`), each command's own text
/// from its spec (English) or, in Japanese, from `CommandHelp.ja` (falling back to English).
enum HelpFormatter {
    static func help(for spec: CommandSpec, globals: [OptionSpec], localizer: Localizer = Localizer(.en)) -> String {
        let l = localizer
        var out = "\(l.text(.helpOverview)) \(abstract(spec, l))\n"
        if let d = discussion(spec, l) { out += "\n\(d)\n" }
        let usageHeader = l.text(.helpUsage)
        let indent = String(repeating: " ", count: displayWidth(usageHeader) + 1)
        out += "\n\(usageHeader) " + (spec.usageOverride ?? [spec.usage]).joined(separator: "\n" + indent) + "\n"
        if !spec.arguments.isEmpty {
            out += "\n\(l.text(.helpArguments))\n"
            for a in spec.arguments { out += row("<\(a.name)>", argumentHelp(a, in: spec, l)) }
        }
        out += "\n\(l.text(.helpOptions))\n"
        for o in spec.options { out += row(optionLabel(o), optionHelp(o, in: spec, l)) }
        for o in globals { out += row(optionLabel(o), optionHelp(o, in: nil, l)) }
        out += row("-h, --help", l.text(.helpHelpOption))
        return out
    }

    /// The key prefix of a command's help text: `help.list.add`; `help.global` for global options.
    static func keyPrefix(_ spec: CommandSpec?) -> String {
        "help." + (spec.map { $0.path.joined(separator: ".") } ?? "global")
    }

    /// Japanese help for `key`, or nil (then the spec's English is shown).
    static func translated(_ key: String, _ l: Localizer) -> String? {
        switch l.language {
        case .en: nil
        case .ja: CommandHelp.ja[key]
        }
    }

    static func abstract(_ spec: CommandSpec, _ l: Localizer) -> String {
        translated(keyPrefix(spec) + ".abstract", l) ?? spec.abstract
    }

    static func discussion(_ spec: CommandSpec, _ l: Localizer) -> String? {
        if let build = spec.localizedDiscussion { return build(l) }
        guard let english = spec.discussion else { return nil }
        return translated(keyPrefix(spec) + ".discussion", l) ?? english
    }

    /// `help.<path>.arg.<name>`, then the shared `help.arg.<name>`.
    static func argumentHelp(_ a: ArgumentSpec, in spec: CommandSpec, _ l: Localizer) -> String {
        translated(keyPrefix(spec) + ".arg." + a.name, l) ?? translated("help.arg." + a.name, l) ?? a.help
    }

    static func optionLabel(_ o: OptionSpec) -> String {
        let names = o.names.sorted { $0.count < $1.count }.joined(separator: ", ")
        return o.valueName.map { "\(names) <\($0)>" } ?? names
    }

    /// `help.<path>.opt.<name>`, then the shared `help.opt.<name>`; with `(values: …; default: …)`.
    static func optionHelp(_ o: OptionSpec, in spec: CommandSpec?, _ l: Localizer = Localizer(.en)) -> String {
        let name = String(o.names[0].drop { $0 == "-" })
        var h = translated(keyPrefix(spec) + ".opt." + name, l) ?? (spec == nil ? nil : translated("help.opt." + name, l)) ?? o.help
        var notes: [String] = []
        if let v = o.values { notes.append(l.text(.helpValues, v.joined(separator: ", "))) }
        if let d = o.defaultValue { notes.append(l.text(.helpDefault, d)) }
        if !notes.isEmpty { h += " (" + notes.joined(separator: "; ") + ")" }
        return h
    }

    static func row(_ label: String, _ help: String) -> String {
        let pad = 26
        if label.count + 2 >= pad { return "  \(label)\n" + String(repeating: " ", count: pad) + help + "\n" }
        return "  " + label + String(repeating: " ", count: pad - 2 - label.count) + help + "\n"
    }

    /// Terminal columns of `s`: East Asian wide characters (kana, kanji, full-width forms) take two.
    static func displayWidth(_ s: String) -> Int {
        s.unicodeScalars.reduce(0) { width, u in
            let v = u.value
            let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
                || (0xFFE0...0xFFE6).contains(v)
            return width + (wide ? 2 : 1)
        }
    }

    /// The top-level help: overview, usage and the command list.
    static func topLevel(groups: [(String, [CommandSpec])], globals: [OptionSpec], localizer: Localizer = Localizer(.en)) -> String {
        let l = localizer
        var out = """
        \(l.text(.helpOverview)) \(l.text(.helpTopOverview))

        \(l.text(.helpUsage)) tasktile [--data-dir <dir>] [--lang <lang>] [--json] [--no-color] <command> ...

        \(l.text(.helpOptions))

        """
        for o in globals { out += row(optionLabel(o), optionHelp(o, in: nil, l)) }
        out += row("-h, --help", l.text(.helpHelpOption))
        out += row("--version", l.text(.helpVersionOption))
        out += "\n\(l.text(.helpSubcommands))\n"
        for (_, specs) in groups {
            for s in specs { out += row(s.path.joined(separator: " "), abstract(s, l)) }
        }
        out += "\n\(l.text(.helpSeeCommandHelp))\n"
        return out
    }
}
