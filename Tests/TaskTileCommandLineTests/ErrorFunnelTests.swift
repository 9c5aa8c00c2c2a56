import Testing
import TaskTileCore
@testable import TaskTileCommandLine

/// The one error funnel: every error carries its code and message; an error that does not
/// describe itself is an internal error (70), never silently some other failure.
@Suite struct ErrorFunnelTests {
    struct Undescribed: Error {}

    struct Described: ReportableError {
        var exitCode: ExitCode { .dataError }
        func message(_ l: Localizer) -> String { l.language == .ja ? "壊れています" : "it is broken" }
    }

    @Test func anUnknownErrorIsAnInternalErrorWithExit70() {
        let err = StringSink()
        let code = ErrorFunnel(program: "tasktile").report(Undescribed(), to: err, localizer: Localizer(.en))
        #expect(code == 70)
        #expect(err.text.hasPrefix("Error: internal error (please report it): Undescribed"))
    }

    @Test func aReportableErrorCarriesItsCodeAndMessageInTheUsersLanguage() {
        let en = StringSink(), ja = StringSink()
        #expect(ErrorFunnel(program: "x").report(Described(), to: en, localizer: Localizer(.en)) == 65)
        #expect(ErrorFunnel(program: "x").report(Described(), to: ja, localizer: Localizer(.ja)) == 65)
        #expect(en.text == "Error: it is broken\n")
        #expect(ja.text == "エラー: 壊れています\n")
    }

    @Test func usageMistakesShowTheUsageLineOfTheirProgram() {
        let spec = CommandSpec(program: "tasktile-render", path: ["click"], abstract: "",
                               arguments: [ArgumentSpec(name: "spec", help: "")])
        let err = StringSink()
        let code = ErrorFunnel(program: "tasktile-render").report(UsageError(message: "bad", spec: spec), to: err, localizer: Localizer(.en))
        #expect(code == 64)
        #expect(err.text == "Error: bad\nUsage: tasktile-render click <spec>\n  See 'tasktile-render click --help'\n")
    }

    @Test func everyExitCodeIsDistinct() {
        #expect(Set(ExitCode.allCases.map(\.rawValue)).count == ExitCode.allCases.count)
    }
}

@Suite struct HelpFormatterTests {
    @Test func descriptionsWrapAtTheWidthWithAHangingIndent() {
        let f = HelpFormatter(program: "t", width: 50)
        let text = f.row("--due <when>", "When the todo is due: a date, a time or both, in your zone.")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 3)
        for line in lines { #expect(TerminalWidth.of(String(line)) <= 50, "\(line)") }
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 26)) })
    }

    @Test func japaneseCountsTwoColumnsACharacter() {
        let lines = HelpFormatter.wrap("期限 は 日付 と 時刻 です 期限 は 日付 と 時刻 です", width: 12)
        for line in lines { #expect(TerminalWidth.of(line) <= 12, "\(line)") }
        #expect(lines.count > 1)
    }

    @Test func japaneseWithoutSpacesBreaksBetweenCharacters() {
        let lines = HelpFormatter.wrap("データディレクトリ（既定: $TASKTILE_DATA_DIR）を使います。", width: 20)
        #expect(lines.count > 1)
        for line in lines { #expect(TerminalWidth.of(line) <= 20 || !line.contains { TerminalWidth.of(String($0)) > 1 }, "\(line)") }
        #expect(lines.joined().replacingOccurrences(of: " ", with: "") == "データディレクトリ（既定:$TASKTILE_DATA_DIR）を使います。")
    }

    @Test func aWordLongerThanTheWidthStandsAlone() {
        #expect(HelpFormatter.wrap("a verylongwordindeed b", width: 5) == ["a", "verylongwordindeed", "b"])
    }
}
