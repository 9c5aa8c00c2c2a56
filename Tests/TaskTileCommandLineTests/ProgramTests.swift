import Testing
import TaskTileCore
@testable import TaskTileCommandLine

/// Global options are options: parsed with the command's own, so an option's value is never
/// taken for one (`--notes -h` is a note), and they may stand before or after the command words.
@Suite struct ProgramTests {
    struct Echo: Command {
        static let spec = CommandSpec(program: "demo", path: ["echo"], abstract: "Echo the note.",
                                      arguments: [ArgumentSpec(name: "word", help: "")],
                                      options: [.value("--notes", valueName: "text", help: "A note.")])
        let word: String, notes: String?
        init(_ a: ParsedArguments, context: CommandContext) throws { word = a.positionals[0]; notes = a.value("--notes") }
        func run(_ context: CommandContext) throws -> ExitCode {
            context.out("\(word)|\(notes ?? "-")|\(context.language)|\(context.json)|\(context.dataDirectory.path)")
            return .success
        }
    }

    let program = Program(name: "demo", version: "9", commands: [Echo.self],
                          globals: [Program.dataDirOption, Program.langOption, .flag("--json", help: "")],
                          overview: { _ in "A demo." })

    func run(_ args: String...) -> (Int32, String, String) {
        let out = StringSink(), err = StringSink()
        let code = program.main(arguments: args, environment: ["LANG": "C"], stdout: out, stderr: err,
                                readLine: { nil }, stdinIsTerminal: false, stdoutIsTerminal: false, executablePath: "/x")
        return (code, out.text, err.text)
    }

    @Test func anOptionValueThatLooksLikeHelpIsAValue() {
        #expect(run("echo", "X", "--notes", "-h", "--data-dir", "/tmp/a").1 == "X|-h|en|false|/tmp/a\n")
        #expect(run("echo", "--notes", "--help", "X", "--data-dir", "/tmp/a").1 == "X|--help|en|false|/tmp/a\n")
    }

    @Test func globalsStandBeforeOrAmongTheCommandsOptions() {
        let before = run("--data-dir", "/tmp/a", "--lang", "ja", "echo", "X")
        let among = run("echo", "--json", "X", "--data-dir=/tmp/a", "--lang", "ja")
        #expect(before.1 == "X|-|ja|false|/tmp/a\n")
        #expect(among.1 == "X|-|ja|true|/tmp/a\n")
    }

    @Test func helpAnywhereButInAValuePrintsHelp() {
        let (code, out, _) = run("echo", "--help")
        #expect(code == 0 && out.hasPrefix("OVERVIEW: Echo the note.\n"))
        #expect(run("echo", "-h").1 == out)
        #expect(run("help", "echo").1 == out)
        #expect(run("echo", "X", "--notes=-h").1.hasPrefix("X|-h|"))
    }

    @Test("colour only on a terminal whose TERM can show it, and never with NO_COLOR or --no-color")
    func colourFollowsTermAndNoColor() {
        let cases: [(Bool, Bool, [String: String], Bool)] = [
            (false, true, ["TERM": "xterm-256color"], true),
            (false, true, ["TERM": "dumb"], false),
            (false, true, [:], false),
            (false, true, ["TERM": ""], false),
            (false, false, ["TERM": "xterm"], false),
            (false, true, ["TERM": "xterm", "NO_COLOR": "1"], false),
            (false, true, ["TERM": "xterm", "NO_COLOR": ""], true),
            (true, true, ["TERM": "xterm"], false),
        ]
        for (flag, tty, env, expected) in cases {
            #expect(Program.usesColor(noColorFlag: flag, stdoutIsTerminal: tty, environment: env) == expected, "\(flag) \(tty) \(env)")
        }
    }

    @Test func usageMistakesNameTheProgram() {
        let (code, _, err) = run("echo")
        #expect(code == 64)
        #expect(err == "Error: missing <word>\nUsage: demo echo [--notes <text>] <word>\n  See 'demo echo --help'\n")
        let unknown = run("ehco")
        #expect(unknown.0 == 64 && unknown.2.contains("See 'demo --help'"))
    }
}

/// The help-coverage rule both programs' tests rely on: it finds a missing line and a stale entry.
@Suite struct HelpTranslationGapsTests {
    @Test func missingAndStaleEntriesAreFound() {
        struct Echo: Command {
            static let spec = CommandSpec(program: "demo", path: ["echo"], abstract: "Echo.",
                                          arguments: [ArgumentSpec(name: "word", help: "")],
                                          options: [.value("--notes", valueName: "text", help: "")])
            init(_ a: ParsedArguments, context: CommandContext) throws {}
            func run(_ context: CommandContext) throws -> ExitCode { .success }
        }
        let program = Program(name: "demo", version: "1", commands: [Echo.self], globals: [Program.langOption],
                              translations: { $0 == .ja ? ["help.echo.abstract": "エコー", "help.arg.word": "単語",
                                                           "help.echo.opt.gone": "古い"] : [:] }, overview: { _ in "" })
        let gaps = program.helpTranslationGaps(.ja)
        #expect(gaps.missing == ["help.echo.opt.notes", "help.global.opt.lang"])
        #expect(gaps.unused == ["help.echo.opt.gone"])
    }
}
