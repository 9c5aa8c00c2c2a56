import Testing
import TaskTileCommandLine
import TaskTileCore
@testable import TaskTileRenderer

/// `tasktile-render --help` in Japanese: every command, argument and option has an entry, and no
/// entry names something that does not exist (the same rule as `tasktile`'s help).
@Suite struct RenderHelpTests {
    @Test func everyCommandHasJapaneseHelpAndNoEntryIsForNothing() {
        let ja = Localizer(.ja)
        let help = Renderer.program.helpFormatter()
        var used = Set<String>()
        for spec in Renderer.commands.map({ $0.spec }) {
            let prefix = HelpFormatter.keyPrefix(spec)
            #expect(help.translated(prefix + ".abstract", ja) != nil, "\(prefix).abstract")
            used.insert(prefix + ".abstract")
            if spec.discussion != nil {
                #expect(help.translated(prefix + ".discussion", ja) != nil, "\(prefix).discussion")
                used.insert(prefix + ".discussion")
            }
            for a in spec.arguments {
                #expect(RenderHelp.ja[prefix + ".arg." + a.name] != nil, "\(prefix).arg.\(a.name)")
                used.insert(prefix + ".arg." + a.name)
            }
            for o in spec.options {
                let key = prefix + ".opt." + String(o.names[0].drop { $0 == "-" })
                #expect(RenderHelp.ja[key] != nil, "\(key)")
                used.insert(key)
            }
        }
        for o in Renderer.program.globals {
            let key = "help.global.opt." + String(o.names[0].drop { $0 == "-" })
            #expect(RenderHelp.ja[key] != nil, "\(key)")
            used.insert(key)
        }
        #expect(Set(RenderHelp.ja.keys).subtracting(used).sorted() == [], "entries for nothing")
    }

    @Test func japaneseHelpIsPrinted() {
        var out = ""
        let code = RenderCommand(arguments: ["--lang", "ja", "once", "--help"], environment: ["LANG": "C"],
                                 output: { out += $0 }, errorOutput: { _ in }).run()
        #expect(code == 0)
        #expect(out.hasPrefix("概要: ウィジェット定義ファイルをクリックマップ付きの PNG 画像に描きます。"), "\(out)")
    }
}
