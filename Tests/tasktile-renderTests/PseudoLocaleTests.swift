import Foundation
import TaskTileCommandLine
import TaskTileCore
import TestSupport
import Testing

@testable import tasktile
@testable import tasktile_desktop
@testable import tasktile_notify
@testable import tasktile_render
@testable import tasktile_sync

/// The pseudo-locale `en-XA` (docs/language.md "The pseudo-locale"): a third language that is one
/// catalogue file plus one `Language` case. Its file is generated from `en.json` and every
/// program's English help (`PseudoLocale`); here it is checked to be current, and every help page
/// is printed in it with no English left. (Every widget is drawn in it by the golden tests, which
/// draw each family in every `Language`.)
@Suite("Localisation: the pseudo-locale en-XA, one file plus one enum case")
struct PseudoLocaleTests {
    /// Every program with its catalogue help table.
    static let programs: [(table: String, program: Program)] = [
        ("tasktile", CLI.program), ("tasktile sync", SyncCLI.program), ("tasktile notify", Notifier.program),
        ("tasktile-render", Renderer.program), ("tasktile theme", Renderer.tasktileProgram),
        ("tasktile-render desktop", DesktopProgram.program), ("tasktile capture", CaptureProgram.program),
    ]

    /// Catalogue table → help key → English, the global options in the shared table `global`.
    static var helpSource: [String: [String: String]] {
        var tables: [String: [String: String]] = ["global": [:]]
        for (table, program) in programs {
            for (key, english) in program.helpSource() {
                if key.hasPrefix("help.global.") {
                    tables["global"]![key] = english
                } else {
                    tables[table, default: [:]][key] = english
                }
            }
        }
        return tables
    }

    @Test(
        "Catalogue/en-XA.json is en.json and the programs' help transformed (TASKTILE_RECORD_SNAPSHOTS=1 rewrites it)")
    func fileIsCurrent() throws {
        let expected = PseudoLocale.catalogueFile(help: Self.helpSource)
        if ProcessInfo.processInfo.environment["TASKTILE_RECORD_SNAPSHOTS"] == "1" {
            try Data(expected.utf8).write(to: URL(fileURLWithPath: PseudoLocale.path), options: .atomic)
        }
        let current = try String(contentsOfFile: PseudoLocale.path, encoding: .utf8)
        #expect(
            current == expected,
            "en-XA.json is stale: run `TASKTILE_RECORD_SNAPSHOTS=1 swift test --filter PseudoLocaleTests` and rebuild")
        #expect(Localizer(.enXA).text(.countLeft, 3) == "[{0} ļéƒţ ~~]".replacingOccurrences(of: "{0}", with: "3"))
    }

    @Test("the transform keeps placeholders, markup, option names and variables; pads ~30 %")
    func transform() {
        #expect(PseudoLocale.transform("Added list \"{0}\" ({1})") == "[Àððéð ļîšţ \"{0}\" ({1}) ~~~]")
        #expect(PseudoLocale.transform("Added list \"{title}\" ({id})") == "[Àððéð ļîšţ \"{title}\" ({id}) ~~~]")
        #expect(PseudoLocale.transform("{listTitle2} of { a }") == "[{listTitle2} öƒ { á } ~]")
        #expect(
            PseudoLocale.transform("<b>{0}</b> &amp; --list or -l, $HOME") == "[<b>{0}</b> &amp; --list öŕ -l, $HOME ~]"
        )
        #expect(PseudoLocale.transform("line one\nline two").contains("\n"))
    }

    /// Words of four or more plain ASCII letters in `text` that are not literal: option names,
    /// `<names>`, `$VARIABLES`, paths, the command words of `program` and the values its options
    /// take are typed as they are in every language. What is left is English that was not translated.
    static func englishWords(_ text: String, program: Program) -> [String] {
        var literal: Set<String> = [
            "tasktile", "render", "desktop", "sync", "notify", "capture", "theme", "json", "help",
        ]
        for command in program.commands {
            literal.formUnion(command.spec.path)
            for option in command.spec.options {
                literal.formUnion((option.values ?? []) + [option.defaultValue ?? ""])
            }
        }
        for sibling in program.siblings { literal.formUnion(sibling.path) }
        // The settings' names, choices and defaults (`settings ls`).
        for key in SettingKey.allCases {
            literal.formUnion([key.rawValue, key.defaultValue, "true", "false"])
            if case .choice(let values) = key.kind { literal.formUnion(values) }
        }
        var found: [String] = []
        let unbracketed = text.replacingOccurrences(of: "<[^<> ]*>", with: " ", options: .regularExpression)
        for token in unbracketed.split(whereSeparator: { $0.isWhitespace }) {
            let t = String(token.drop { "[(|".contains($0) })
            if t.hasPrefix("-") || t.hasPrefix("<") || t.hasPrefix("$") || t.contains("/") || t.contains("=") {
                continue
            }
            if literal.contains(t.trimmingCharacters(in: .punctuationCharacters)) { continue }
            for word in t.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) where word.count >= 4 {
                let w = String(word)
                if w.allSatisfy(\.isUppercase) || literal.contains(w.lowercased()) || literal.contains(w) { continue }
                found.append(w)
            }
        }
        return found
    }

    @Test("every help page of every program in en-XA: the pseudo text, no English left", arguments: 0..<programs.count)
    func helpPages(index: Int) {
        let (table, program) = Self.programs[index]
        var pages: [[String]] = [["--help"]]
        for command in program.commands { pages.append(command.spec.path + ["--help"]) }
        for page in pages {
            let out = StringSink(), err = StringSink()
            let code = program.main(
                arguments: ["--lang", "en-XA"] + page, environment: ["LANG": "C"],
                stdout: out, stderr: err, stdinIsTerminal: false, stdoutIsTerminal: false)
            #expect(code == 0, "\(table) \(page): \(err.text)")
            #expect(!out.text.isEmpty && out.text.contains("~]"), "\(table) \(page): \(out.text)")
            let english = Self.englishWords(out.text, program: program)
            #expect(
                english.isEmpty,
                "\(table) \(page.joined(separator: " ")): English in en-XA help: \(english)\n\(out.text)")
        }
    }

    @Test("en-XA is chosen from the environment and --lang; TASKTILE_LANG=en_XA.UTF-8 is not warned about")
    func resolution() {
        #expect(Language.fromEnvironment(["LANG": "en_XA.UTF-8"]) == .enXA)
        #expect(Language.fromEnvironment(["TASKTILE_LANG": "ja_JP.UTF-8"]) == .ja)
        #expect(Language.fromEnvironment(["LANG": "fr_FR.UTF-8"]) == .en)
        #expect(Language.unsupportedTasktileLang(["TASKTILE_LANG": "en_XA"]) == nil)
        #expect(Language.unsupportedTasktileLang(["TASKTILE_LANG": "fr"]) == "fr")
        #expect(!Language.spoken.contains(.enXA) && Language.allCases.contains(.enXA))
    }
}
