import TaskTileCore

/// Help text with the sections OVERVIEW / USAGE / ARGUMENTS / OPTIONS / SUBCOMMANDS, in the
/// user's language: headers and framing from the catalogue (`help.*`), each command's own text
/// from its spec (English, the source language) or from the program's translations in the
/// catalogue (`StringCatalogue.help`, table `tasktile` for `tasktile`), falling back to English.
/// Descriptions wrap at `width` terminal columns (counted
/// with `TerminalWidth.of`, so Japanese takes two columns a character).
/// Command-help translations: for a language, help key (`help.list.add.abstract`) → text.
public typealias HelpTranslations = @Sendable (Language) -> [String: String]

public struct HelpFormatter: Sendable {
    /// The program name shown in usage lines.
    public var program: String
    /// Command help by language and key; empty: English only.
    public var translations: HelpTranslations
    /// Terminal columns to wrap at (80 when not a terminal).
    public var width: Int

    public init(program: String = "tasktile", translations: @escaping HelpTranslations = { _ in [:] },
                width: Int = 80) {
        self.program = program; self.translations = translations; self.width = width
    }

    public func help(for spec: CommandSpec, globals: [OptionSpec], localizer: Localizer = Localizer(.en)) -> String {
        let l = localizer
        var out = "\(l.text(.helpOverview)) \(abstract(spec, l))\n"
        if let d = discussion(spec, l) { out += "\n\(d)\n" }
        let usageHeader = l.text(.helpUsage)
        let indent = String(repeating: " ", count: TerminalWidth.of(usageHeader) + 1)
        out += "\n\(usageHeader) " + (spec.usageOverride ?? [spec.usage]).joined(separator: "\n" + indent) + "\n"
        if !spec.arguments.isEmpty {
            out += "\n\(l.text(.helpArguments))\n"
            for a in spec.arguments { out += row("<\(a.name)>", argumentHelp(a, in: spec, l)) }
        }
        out += "\n\(l.text(.helpOptions))\n"
        for o in spec.options { out += row(HelpFormatter.optionLabel(o), optionHelp(o, in: spec, l)) }
        for o in globals { out += row(HelpFormatter.optionLabel(o), optionHelp(o, in: nil, l)) }
        out += row("-h, --help", l.text(.helpHelpOption))
        return out
    }

    /// The key prefix of a command's help text: `help.list.add`; `help.global` for global options.
    public static func keyPrefix(_ spec: CommandSpec?) -> String {
        "help." + (spec.map { $0.path.joined(separator: ".") } ?? "global")
    }

    /// The help for `key` in `l`'s language, or nil (then the spec's English is shown).
    public func translated(_ key: String, _ l: Localizer) -> String? {
        translations(l.language)[key]
    }

    public func abstract(_ spec: CommandSpec, _ l: Localizer) -> String {
        translated(HelpFormatter.keyPrefix(spec) + ".abstract", l) ?? spec.abstract
    }

    func discussion(_ spec: CommandSpec, _ l: Localizer) -> String? {
        if let build = spec.localizedDiscussion { return build(l) }
        guard let english = spec.discussion else { return nil }
        return translated(HelpFormatter.keyPrefix(spec) + ".discussion", l) ?? english
    }

    /// `help.<path>.arg.<name>`, then the shared `help.arg.<name>`.
    func argumentHelp(_ a: ArgumentSpec, in spec: CommandSpec, _ l: Localizer) -> String {
        translated(HelpFormatter.keyPrefix(spec) + ".arg." + a.name, l) ?? translated("help.arg." + a.name, l) ?? a.help
    }

    static func optionLabel(_ o: OptionSpec) -> String {
        let names = o.names.sorted { $0.count < $1.count }.joined(separator: ", ")
        return o.valueName.map { "\(names) <\($0)>" } ?? names
    }

    /// `help.<path>.opt.<name>`, then the shared `help.opt.<name>`; with `(values: …; default: …)`.
    func optionHelp(_ o: OptionSpec, in spec: CommandSpec?, _ l: Localizer = Localizer(.en)) -> String {
        let name = String(o.names[0].drop { $0 == "-" })
        var h = translated(HelpFormatter.keyPrefix(spec) + ".opt." + name, l) ?? (spec == nil ? nil : translated("help.opt." + name, l)) ?? o.help
        var notes: [String] = []
        if let v = o.values { notes.append(l.text(.helpValues, v.joined(separator: ", "))) }
        if let d = o.defaultValue { notes.append(l.text(.helpDefault, d)) }
        if !notes.isEmpty { h += " (" + notes.joined(separator: "; ") + ")" }
        return h
    }

    /// `  label   help…`, the help starting at column 26 and wrapped at `width` (continuation
    /// lines indented to column 26); a label too long for its column gets a line of its own.
    func row(_ label: String, _ help: String) -> String {
        let pad = 26
        let indent = String(repeating: " ", count: pad)
        let lines = HelpFormatter.wrap(help, width: max(20, width - pad))
        var out: String
        if label.count + 2 >= pad { out = "  \(label)\n" + indent + lines[0] + "\n" } else {
            out = "  " + label + String(repeating: " ", count: pad - 2 - label.count) + lines[0] + "\n"
        }
        for line in lines.dropFirst() { out += indent + line + "\n" }
        return out
    }

    /// `text` broken into lines of at most `width` terminal columns: at spaces, and inside a run
    /// with wide characters (Japanese has no spaces between words, and may break between any two)
    /// at grapheme-cluster boundaries. A Latin word longer than a line stands alone on its line.
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if TerminalWidth.of(candidate) <= width {
                current = candidate
                continue
            }
            let breakable = word.contains { TerminalWidth.of(String($0)) > 1 }
            if !current.isEmpty && (TerminalWidth.of(String(word)) <= width || !breakable) {
                lines.append(current)
                current = String(word)
                continue
            }
            if !breakable { current = String(word); continue }
            // A wide run longer than what is left: fill the line, then go on character by character.
            var line = current.isEmpty ? "" : current + " "
            for character in word {
                if TerminalWidth.of(line + String(character)) > width && !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    lines.append(line.trimmingCharacters(in: .whitespaces))
                    line = ""
                }
                line.append(character)
            }
            current = line
        }
        lines.append(current)
        return lines
    }

    /// The top-level help: overview, usage and the command list.
    public func topLevel(commands: [CommandSpec], globals: [OptionSpec], overview: String, localizer: Localizer = Localizer(.en)) -> String {
        let l = localizer
        let globalUsage = globals.map { o in o.valueName.map { "[\(o.names[0]) <\($0)>]" } ?? "[\(o.names[0])]" }
        var out = """
        \(l.text(.helpOverview)) \(overview)

        \(l.text(.helpUsage)) \(([program] + globalUsage + ["<command> ..."]).joined(separator: " "))

        \(l.text(.helpOptions))

        """
        for o in globals { out += row(HelpFormatter.optionLabel(o), optionHelp(o, in: nil, l)) }
        out += row("-h, --help", l.text(.helpHelpOption))
        out += row("--version", l.text(.helpVersionOption))
        out += "\n\(l.text(.helpSubcommands))\n"
        for s in commands { out += row(s.path.joined(separator: " "), abstract(s, l)) }
        out += "\n\(l.text(.helpSeeCommandHelp, program))\n"
        return out
    }
}
