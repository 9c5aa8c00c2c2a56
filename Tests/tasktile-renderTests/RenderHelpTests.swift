import Testing
import TaskTileCommandLine
import TaskTileCore
@testable import tasktile_render
@testable import tasktile_desktop

/// `tasktile-render --help` in Japanese: every command, argument and option has an entry, and no
/// entry names something that does not exist (the same rule as `tasktile`'s help).
@Suite struct RenderHelpTests {
    @Test(arguments: Language.translations)
    func everyCommandHasTranslatedHelpAndNoEntryIsForNothing(language: Language) {
        let gaps = Renderer.program.helpTranslationGaps(language)
        #expect(gaps.missing == [], "help keys without \(language)")
        #expect(gaps.unused == [], "entries for nothing")
        #expect(StringCatalogue.help(language)["tasktile-render"]?.isEmpty == false)
    }

    /// `desktop` runs in `tasktile-desktop`; the command list here shows its abstract from a copy.
    @Test(arguments: Language.translations)
    func desktopSiblingAgreesWithItsCommand(language: Language) {
        #expect(Renderer.desktopSibling.path == DesktopCommand.spec.path)
        #expect(Renderer.desktopSibling.abstract == DesktopCommand.spec.abstract)
        #expect(Renderer.desktopSibling.executable == "tasktile-desktop")
        let help = StringCatalogue.help(language)
        #expect(help["tasktile-render"]?["help.desktop.abstract"]
            == help["tasktile-render desktop"]?["help.desktop.abstract"])
        #expect(DesktopProgram.program.name == Renderer.program.name && DesktopProgram.version == Renderer.version)
        let gaps = DesktopProgram.program.helpTranslationGaps(language)
        #expect(gaps.missing == [] && gaps.unused == [], "\(gaps)")
    }

    /// `tasktile capture` runs in `tasktile-desktop` as a program named `tasktile`;
    /// `desktop` stays `tasktile-render`'s.
    @Test(arguments: Language.translations)
    func captureRunsAsTasktileWithTranslatedHelp(language: Language) {
        #expect(CaptureProgram.program(for: ["capture", "--list", "Home"]).name == "tasktile")
        #expect(CaptureProgram.program(for: ["--lang", "ja", "capture"]).name == "tasktile")
        #expect(CaptureProgram.program(for: ["desktop"]).name == "tasktile-render")
        #expect(CaptureProgram.program(for: ["--help"]).name == "tasktile-render")
        let gaps = CaptureProgram.program.helpTranslationGaps(language)
        #expect(gaps.missing == [] && gaps.unused == [], "\(gaps)")
        #expect(CaptureCommand.spec.program == "tasktile" && CaptureCommand.spec.path == ["capture"])
    }

    @Test func japaneseHelpIsPrinted() {
        var out = ""
        let code = RenderCommand(arguments: ["--lang", "ja", "once", "--help"], environment: ["LANG": "C"],
                                 output: { out += $0 }, errorOutput: { _ in }).run()
        #expect(code == 0)
        #expect(out.hasPrefix("概要: ウィジェット定義ファイルをクリックマップ付きの PNG 画像に描きます。"), "\(out)")
    }
}
