import Foundation
import TaskTileCore

/// Files generated from the command table, for packaging (`make install`, `make deb`): a man page
/// from the help text and shell completions from the commands, options and values. Reached with
/// `PROGRAM --generate man|bash|zsh|fish` (a build interface: not in the help, which it is made of).
///
/// Completion of `--list` values asks the program itself for the list titles
/// (`PROGRAM --generate list-titles`, one per line, read-only, empty when there is no store), so
/// the scripts never parse `--json`.
public enum Generators {
    /// What `--generate` accepts.
    public static let kinds = ["man", "bash", "zsh", "fish", "list-titles"]

    /// The man page (roff, man(7) macros) of `program`: NAME, SYNOPSIS, DESCRIPTION (the
    /// overview), COMMANDS (each command's usage, abstract, discussion, arguments and options as
    /// `--help` prints them, in English), GLOBAL OPTIONS, EXIT STATUS, ENVIRONMENT, FILES.
    public static func manPage(_ program: Program, date: String) -> String {
        let l = Localizer(.en)
        var out = ".TH \(program.name.uppercased()) 1 \"\(date)\" \"\(program.name) \(program.version)\" \"User Commands\"\n"
        var summary = firstLine(program.overview(l))
        for prefix in ["\(program.name) — ", "\(program.name): "] where summary.hasPrefix(prefix) { summary = String(summary.dropFirst(prefix.count)) }
        out += ".SH NAME\n\(esc(program.name)) \\- \(esc(summary))\n"
        out += ".SH SYNOPSIS\n.B \(esc(program.name))\n[\\fIglobal options\\fR] \\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]\n"
        out += ".SH DESCRIPTION\n" + paragraphs(program.overview(l))
        out += ".SH COMMANDS\n"
        for spec in specs(program) {
            out += ".SS \(esc(([program.name] + spec.path).joined(separator: " ")))\n"
            out += ".nf\n\(esc(spec.usage))\n.fi\n"
            out += paragraphs(spec.abstract)
            if let discussion = spec.localizedDiscussion?(l) ?? spec.discussion { out += paragraphs(discussion) }
            for a in spec.arguments { out += ".TP\n.I \(esc(a.name))\n\(esc(a.help))\n" }
            for o in spec.options { out += option(o) }
            if let sibling = program.siblings.first(where: { $0.path == spec.path }) {
                out += ".PP\nRun by \\fB\(esc(sibling.executable))\\fR beside it: \\fB\(esc(([program.name] + spec.path).joined(separator: " "))) \\-\\-help\\fR prints the options.\n"
            }
        }
        out += ".SH GLOBAL OPTIONS\n"
        for o in program.globals { out += option(o) }
        out += ".TP\n.B \\-h, \\-\\-help\nPrint help (also \\fBhelp\\fR \\fIcommand\\fR).\n.TP\n.B \\-\\-version\nPrint the version.\n"
        out += """
        .SH EXIT STATUS
        0 success; 1 nothing matched; 3 ambiguous; 33 urgent (i3blocks); 64 usage; 65 bad data in a file;
        69 a service is unavailable (no display, no session bus); 70 internal error; 73 cannot create an output;
        74 store or file I/O error; 75 busy or another instance runs.
        .SH ENVIRONMENT
        .TP
        .B TASKTILE_DATA_DIR
        The data directory (else \\fB$XDG_DATA_HOME/tasktile\\fR, else \\fB~/.local/share/tasktile\\fR).
        .TP
        .B TASKTILE_LANG\\fR, \\fBLC_ALL\\fR, \\fBLC_MESSAGES\\fR, \\fBLANG
        The language (en or ja), in that order.
        .TP
        .B TASKTILE_NOW
        An ISO 8601 instant that replaces the clock (scripts and tests).
        .TP
        .B TZ
        The time zone.
        .TP
        .B NO_COLOR\\fR, \\fBTERM
        No colour with a non-empty NO_COLOR or TERM=dumb.
        .SH FILES
        .TP
        .I ~/.local/share/tasktile/tasktile.sqlite
        The store (SQLite, WAL).
        .TP
        .I ~/.local/share/tasktile/themes.json
        The widget themes.
        .TP
        .I ~/.local/share/tasktile/widgets/*.json
        Widget specs.
        .SH SEE ALSO
        \(program.name == "tasktile" ? "tasktile-render(1)" : "tasktile(1)"), the documentation in /usr/share/doc/tasktile.

        """
        return out
    }

    static func option(_ o: OptionSpec) -> String {
        let names = o.names.map(esc).joined(separator: ", ")
        let value = o.valueName.map { " \\fI\(esc($0))\\fR" } ?? ""
        var help = o.help
        if let values = o.values { help += " (values: \(values.joined(separator: ", "))" + (o.defaultValue.map { "; default: \($0)" } ?? "") + ")" } else if let d = o.defaultValue {
            help += " (default: \(d))"
        }
        return ".TP\n.B \(names)\\fR\(value)\n\(esc(help))\n"
    }

    static func firstLine(_ s: String) -> String {
        let line = s.split(separator: "\n").first.map(String.init) ?? s
        return line.hasSuffix(".") ? String(line.dropLast()) : line
    }

    static func paragraphs(_ text: String) -> String {
        text.components(separatedBy: "\n\n").map { ".PP\n" + esc($0.trimmingCharacters(in: .whitespacesAndNewlines)) + "\n" }.joined()
    }

    /// Escapes text for roff: backslashes, a leading `.` or `'` (a request), and hyphens.
    static func esc(_ s: String) -> String {
        s.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var t = line.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            if t.hasPrefix(".") || t.hasPrefix("'") { t = "\\&" + t }
            return t
        }.joined(separator: "\n")
    }

    // MARK: - Completions

    /// One entry per command path: its options and their values.
    struct Entry {
        var path: [String]
        var options: [OptionSpec]
    }

    static func entries(_ program: Program) -> [Entry] {
        specs(program).map { Entry(path: $0.path, options: $0.options + program.globals) }
    }

    /// The program's commands and the sibling executables' commands it lists (`notify run`).
    static func specs(_ program: Program) -> [CommandSpec] {
        program.commands.map { $0.spec } + program.siblings.map(\.listingSpec)
    }

    /// Every command word that may come after `prefix` (`["theme"]` → `ls`, `show`, …).
    static func next(after prefix: [String], in program: Program) -> [String] {
        var words: [String] = []
        for spec in specs(program) where spec.path.count > prefix.count && Array(spec.path.prefix(prefix.count)) == prefix {
            let w = spec.path[prefix.count]
            if !words.contains(w) { words.append(w) }
        }
        return words
    }

    /// All command-word prefixes, shortest first (`[]`, `["list"]`, `["theme"]`, …).
    static func prefixes(_ program: Program) -> [[String]] {
        var result: [[String]] = [[]]
        for spec in specs(program) {
            for n in 1..<max(1, spec.path.count) where !result.contains(Array(spec.path.prefix(n))) { result.append(Array(spec.path.prefix(n))) }
        }
        return result
    }

    /// A bash completion script (`complete -F`), from the command table.
    public static func bash(_ program: Program) -> String {
        let fn = "_" + program.name.replacingOccurrences(of: "-", with: "_")
        var out = """
        # bash completion for \(program.name), generated from its command table (\(program.name) --generate bash).
        \(fn)() {
            local cur prev words cword
            cur="${COMP_WORDS[COMP_CWORD]}"; prev="${COMP_WORDS[COMP_CWORD-1]}"
            local path="" w i
            for ((i = 1; i < COMP_CWORD; i++)); do
                w="${COMP_WORDS[i]}"
                case "$w" in -*) continue ;; esac
                case "$path $w" in

        """
        // Which words extend the path.
        var known: [String] = []
        for p in prefixes(program) {
            for w in next(after: p, in: program) { known.append((p + [w]).joined(separator: " ")) }
        }
        out += "            " + known.map { "\" \($0)\"" }.joined(separator: "|") + ") path=\"$path $w\" ;;\n"
        out += "                esac\n            done\n            path=\"${path# }\"\n"
        out += "            case \"$prev\" in\n"
        out += "                --list) local IFS=$'\\n'; COMPREPLY=($(compgen -W \"$(\(program.name) --generate list-titles 2>/dev/null)\" -- \"$cur\")); return ;;\n"
        var valueCases: [String: [String]] = [:]
        for e in entries(program) {
            for o in e.options {
                if let values = o.values { for n in o.names { valueCases["\(e.path.joined(separator: " "))|\(n)"] = values } }
            }
        }
        out += "            esac\n            case \"$path|$prev\" in\n"
        for (key, values) in valueCases.sorted(by: { $0.key < $1.key }) {
            out += "                \"\(key)\") COMPREPLY=($(compgen -W \"\(values.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
        }
        out += "            esac\n            case \"$path\" in\n"
        for p in prefixes(program) {
            let words = next(after: p, in: program)
            let options = specs(program).first { $0.path == p }.map { ($0.options + program.globals).flatMap(\.names) } ?? []
            let all = words + options + (p.isEmpty ? program.globals.flatMap(\.names) + ["--help", "--version", "help"] : ["--help"])
            out += "                \"\(p.joined(separator: " "))\") COMPREPLY=($(compgen -W \"\(all.joined(separator: " "))\" -- \"$cur\")) ;;\n"
        }
        for spec in specs(program) where !prefixes(program).contains(spec.path) {
            let options = (spec.options + program.globals).flatMap(\.names) + ["--help"]
            out += "                \"\(spec.path.joined(separator: " "))\") COMPREPLY=($(compgen -W \"\(options.joined(separator: " "))\" -- \"$cur\")) ;;\n"
        }
        out += "            esac\n}\ncomplete -F \(fn) \(program.name)\n"
        return out
    }

    /// A zsh completion script (`#compdef`), from the command table.
    public static func zsh(_ program: Program) -> String {
        var out = "#compdef \(program.name)\n# zsh completion for \(program.name), generated from its command table (\(program.name) --generate zsh).\n"
        let fn = "_" + program.name.replacingOccurrences(of: "-", with: "_")
        out += "\(fn)() {\n  local -a words_so_far; local cmdpath w\n  words_so_far=(${words[2,CURRENT-1]})\n  cmdpath=\"\"\n"
        out += "  for w in $words_so_far; do\n    case \"$w\" in -*) continue ;; esac\n    case \"$cmdpath $w\" in\n"
        var known: [String] = []
        for p in prefixes(program) { for w in next(after: p, in: program) { known.append((p + [w]).joined(separator: " ")) } }
        out += "      " + known.map { "\" \($0)\"" }.joined(separator: "|") + ") cmdpath=\"$cmdpath $w\" ;;\n    esac\n  done\n  cmdpath=\"${cmdpath# }\"\n"
        out += "  local prev=${words[CURRENT-1]}\n"
        out += "  if [[ $prev == --list ]]; then local -a titles; titles=(${(f)\"$(\(program.name) --generate list-titles 2>/dev/null)\"}); compadd -a titles; return; fi\n"
        out += "  case \"$cmdpath|$prev\" in\n"
        for e in entries(program) {
            for o in e.options { if let values = o.values { for n in o.names {
                out += "    \"\(e.path.joined(separator: " "))|\(n)\") compadd -- \(values.joined(separator: " ")); return ;;\n"
            } } }
        }
        out += "  esac\n  case \"$cmdpath\" in\n"
        for p in prefixes(program) {
            let words = next(after: p, in: program)
            let options = specs(program).first { $0.path == p }.map { ($0.options + program.globals).flatMap(\.names) } ?? []
            out += "    \"\(p.joined(separator: " "))\") compadd -- \((words + options + ["--help"]).joined(separator: " ")) ;;\n"
        }
        for spec in specs(program) where !prefixes(program).contains(spec.path) {
            out += "    \"\(spec.path.joined(separator: " "))\") compadd -- \(((spec.options + program.globals).flatMap(\.names) + ["--help"]).joined(separator: " ")) ;;\n"
        }
        out += "  esac\n}\ncompdef \(fn) \(program.name)\n"
        return out
    }

    /// A fish completion script (`complete -c`), from the command table.
    public static func fish(_ program: Program) -> String {
        var out = "# fish completion for \(program.name), generated from its command table (\(program.name) --generate fish).\n"
        let name = program.name
        out += "complete -c \(name) -f\n"
        for p in prefixes(program) {
            let condition = p.isEmpty ? "__fish_use_subcommand" : "__fish_seen_subcommand_from \(p.last!); and not __fish_seen_subcommand_from \(next(after: p, in: program).joined(separator: " "))"
            for w in next(after: p, in: program) {
                let abstract = specs(program).first { $0.path == p + [w] }?.abstract ?? ""
                out += "complete -c \(name) -n '\(condition)' -a \(w) -d '\(fishQuote(abstract))'\n"
            }
        }
        for spec in specs(program) {
            let condition = "__fish_seen_subcommand_from \(spec.path.last!)"
            for o in spec.options {
                let long = o.names.filter { $0.hasPrefix("--") }.map { "-l \($0.dropFirst(2))" }.joined(separator: " ")
                let short = o.names.filter { !$0.hasPrefix("--") && $0.count == 2 }.map { "-s \($0.dropFirst())" }.joined(separator: " ")
                var line = "complete -c \(name) -n '\(condition)' \(long) \(short)"
                if o.valueName != nil { line += " -r" }
                if let values = o.values { line += " -a '\(values.joined(separator: " "))'" }
                if o.names.contains("--list") { line += " -a '(\(name) --generate list-titles 2>/dev/null)'" }
                out += line + " -d '\(fishQuote(o.help))'\n"
            }
        }
        for o in program.globals {
            let long = o.names.filter { $0.hasPrefix("--") }.map { "-l \($0.dropFirst(2))" }.joined(separator: " ")
            var line = "complete -c \(name) \(long)"
            if o.valueName != nil { line += " -r" }
            if let values = o.values { line += " -a '\(values.joined(separator: " "))'" }
            out += line + " -d '\(fishQuote(o.help))'\n"
        }
        return out
    }

    static func fishQuote(_ s: String) -> String {
        String(s.prefix(80)).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }

    /// List titles for completing `--list`, one per line, in list order; nothing when there is no store.
    /// Opens the store read-only: completion never creates or migrates one.
    public static func listTitles(environment: [String: String], dataDir: String?) -> String {
        let directory = DataDirectory.resolve(explicit: dataDir, environment: environment)
        return Store.peekListTitles(in: directory).map { $0 + "\n" }.joined()
    }
}
