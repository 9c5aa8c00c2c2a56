import Foundation
import Testing
@testable import tasktile
import TaskTileCore
import TestSupport

/// The repo's `Themes/` directory.
private let themesDirectory = repositoryRoot + "/Themes"

/// `theme new/set/rm/import/export/preview` (docs/themes.md): atomic edits of themes.json, and
/// every refused edit exits 65 (or 1) naming file, theme, key and value with the file untouched.
@Suite("theme commands")
struct ThemeCLITests {
    init() { TestFonts.install() }  // before Pango first runs: the test fonts (fonts.conf)

    func themesPath(_ cli: CLIHarness) -> String { cli.tmp.dataDirectory.path + "/themes.json" }

    /// themes.json after `theme ls` has created it.
    func prepared() -> CLIHarness {
        let cli = CLIHarness()
        #expect(cli.run("theme", "ls").status == 0)
        return cli
    }

    @Test func newSetExportRemove() throws {
        let cli = prepared()
        #expect(cli.run("theme", "new", "Ocean").status == 0)
        #expect(cli.run("theme", "set", "Ocean", "accent", "#0A7EA4").status == 0)
        #expect(cli.run("theme", "set", "Ocean", "fontSize", "18").status == 0)  // JSON number
        #expect(cli.run("theme", "set", "Ocean", "showCompleted", "true").status == 0)  // JSON bool
        #expect(cli.run("theme", "set", "Ocean", "background", "#FFEEDD").status == 0)
        #expect(cli.run("theme", "set", "Ocean", "background", "null").status == 0)  // back to absent
        #expect(cli.run("theme", "set", "Ocean", "fontFamily", "Noto Sans Mono").status == 0)
        let shown = try JSONValue.parse(cli.run("theme", "show", "Ocean").stdout)
        #expect(shown["accent"] == .string("#0A7EA4") && shown["fontSize"] == .number(18))
        #expect(shown["showCompleted"] == .bool(true) && shown["background"] == nil)
        #expect(shown["fontFamily"] == .string("Noto Sans Mono"))

        // --from copies every setting under a new id.
        #expect(cli.run("theme", "new", "Ocean 2", "--from", "Ocean").status == 0)
        let copy = try JSONValue.parse(cli.run("theme", "show", "Ocean 2").stdout)
        #expect(copy["accent"] == .string("#0A7EA4") && copy["id"] != shown["id"])

        // export to stdout is a theme file that imports again.
        let exported = cli.run("theme", "export", "Ocean")
        #expect(exported.status == 0)
        let file = try JSONValue.parse(exported.stdout)
        #expect(file["version"] == .number(1))
        let out = cli.tmp.file("ocean.json")
        #expect(cli.run("theme", "export", "Ocean", out).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == exported.stdout)

        #expect(cli.run("theme", "rm", "Ocean").status == 0)
        #expect(cli.run("theme", "show", "Ocean").status == 1)
        let back = cli.run("theme", "import", out)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(try JSONValue.parse(cli.run("theme", "show", "Ocean").stdout) == shown)
    }

    @Test func removingTheLastThemeIsRefused() throws {
        let cli = prepared()
        let before = fileBytes(themesPath(cli))
        let r = cli.run("theme", "rm", "Default")
        #expect(r.status == 1 && r.stderr.contains("only theme"))
        #expect(fileBytes(themesPath(cli)) == before)
        #expect(cli.run("theme", "rm", "Nope").status == 1)
    }

    @Test(
        "a bad value exits 65 naming file, theme, key and value; themes.json stays byte-identical",
        arguments: [
            ("accent", "#GG0000", "\"#GG0000\" is not a colour"),
            ("accent", "red", "\"red\" is not a colour"),
            ("background", "#12345", "\"#12345\""),
            ("priorityColor", "red", "\"red\" is not a colour"),
            ("tagBackground", "#12345", "\"#12345\" is not a colour"),
            ("tagText", "true", "true is not a colour"),
            ("fontSize", "40", "40 is not accepted"),
            ("fontSize", "7.5", "7.5 is not accepted"),
            ("fontSize", "huge", "\"huge\" is not accepted"),
            ("rowHeight", "tall", "\"tall\" is not accepted (accepted: compact, normal, comfortable)"),
            ("checkboxStyle", "triangle", "\"triangle\" is not accepted"),
            ("checkboxPosition", "left", "\"left\" is not accepted (accepted: leading, trailing)"),
            ("showCompleted", "yes", "\"yes\" is not accepted (accepted: true, false)"),
            ("cornerRadius", "-1", "-1 is not accepted"),
            ("appearance", "sepia", "\"sepia\" is not accepted (accepted: light, dark)"),
            ("name", "\"\"", "must be a non-empty string"),
            ("id", "not-a-uuid", "\"not-a-uuid\" is not a UUID"),
            ("colour", "#FF0000", "unknown key"),
        ])
    func badValue(key: String, value: String, reason: String) throws {
        let cli = prepared()
        let before = fileBytes(themesPath(cli))
        let r = cli.run("theme", "set", "Default", key, value)
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("Error: \(themesPath(cli)): theme \"Default\": key \"\(key)\": "), "\(r.stderr)")
        #expect(r.stderr.contains(reason), "\(r.stderr)")
        #expect(fileBytes(themesPath(cli)) == before)
    }

    @Test func duplicateNamesAreRefused() throws {
        let cli = prepared()
        #expect(cli.run("theme", "new", "A").status == 0)
        let before = fileBytes(themesPath(cli))
        let r = cli.run("theme", "new", "A")
        #expect(r.status == 65 && r.stderr.contains("key \"name\""))
        let renamed = cli.run("theme", "set", "A", "name", "Default")
        #expect(renamed.status == 65 && renamed.stderr.contains("key \"name\""))
        #expect(cli.run("theme", "new", "B", "--from", "Nope").status == 1)
        #expect(fileBytes(themesPath(cli)) == before)
    }

    @Test func everyPresetImports() throws {
        let cli = prepared()
        let names = try FileManager.default.contentsOfDirectory(atPath: themesDirectory).filter {
            $0.hasSuffix(".json")
        }.sorted()
        #expect(names.count >= 6)
        for name in names {
            let r = cli.run("theme", "import", themesDirectory + "/" + name)
            #expect(r.status == 0, "\(name): \(r.stderr)")
        }
        let ls = try JSONValue.parse(cli.run("--json", "theme", "ls").stdout)
        guard case .array(let all) = ls else { Issue.record("not an array"); return }
        #expect(all.count == names.count + 1)
        // Importing a preset twice is refused unless --replace.
        let again = cli.run("theme", "import", themesDirectory + "/" + names[0])
        #expect(again.status == 65 && again.stderr.contains("--replace"))
        #expect(cli.run("theme", "import", "--replace", themesDirectory + "/" + names[0]).status == 0)
    }

    @Test func taskTuneExportImports() throws {
        let cli = prepared()
        let file = cli.tmp.file("tasktune.json")
        try AtomicFile.write(
            """
            { "themes": [
              { "id": "6F1C2A3B-4D5E-4F60-8172-8394A5B6C7D8", "name": "Tune Blue",
                "accentColor": { "red": 0, "green": 0.478, "blue": 1, "opacity": 1 },
                "backgroundColor": { "red": 1, "green": 1, "blue": 1, "opacity": 0.8 },
                "textColor": null, "colorScheme": "light", "fontSize": "custom", "customFontSizePoints": 19,
                "rowHeight": "comfortable", "checkboxStyle": "dottedCircle", "checkboxPosition": "trailing",
                "showRemainingCount": true, "showCompletedCount": true, "showCompletedTodos": true, "cornerRadius": 20 },
              { "name": "Tune Star", "accentColor": { "red": 1, "green": 0.8, "blue": 0 }, "checkboxStyle": "star", "fontSize": "large" }
            ] }
            """, to: file)
        let r = cli.run("theme", "import", file)
        #expect(r.status == 0, "\(r.stderr)")
        let blue = try JSONValue.parse(cli.run("theme", "show", "Tune Blue").stdout)
        #expect(blue["id"] == .string("6f1c2a3b-4d5e-4f60-8172-8394a5b6c7d8"))
        #expect(
            blue["accent"] == .string("#007AFF") && blue["background"] == .string("#FFFFFFCC") && blue["text"] == nil)
        #expect(blue["fontSize"] == .number(19) && blue["checkboxStyle"] == .string("circleDotted"))
        #expect(blue["checkboxPosition"] == .string("trailing") && blue["showCompleted"] == .bool(true))
        let star = try JSONValue.parse(cli.run("theme", "show", "Tune Star").stdout)
        #expect(
            star["accent"] == .string("#FFCC00") && star["fontSize"] == .string("large")
                && star["checkboxStyle"] == .string("star"))
    }

    @Test(
        "a bad import file exits 65 naming file, theme and key; nothing is imported",
        arguments: [
            (
                ##"{ "name": "T", "accentColor": { "red": 2, "green": 0, "blue": 0 } }"##,
                "theme \"T\": key \"accentColor\"", "\"red\" must be a number 0…1"
            ),
            (
                ##"{ "name": "T", "accentColor": { "red": 1, "green": 0 } }"##, "key \"accentColor\"",
                "red, green and blue are required"
            ),
            (
                ##"{ "name": "T", "accentColor": { "red": 1, "green": 0, "blue": 0 }, "checkboxStyle": "triangle" }"##,
                "key \"checkboxStyle\"", "\"triangle\" is not a checkbox style we know"
            ),
            (##"{ "name": "T", "customFontSizePoints": 64 }"##, "key \"customFontSizePoints\"", "64 is not accepted"),
            (
                ##"{ "name": "T", "fontSize": "custom", "accentColor": { "red": 1, "green": 0, "blue": 0 } }"##,
                "key \"customFontSizePoints\"", "is required"
            ),
            (
                ##"{ "name": "T", "accentColor": { "red": 1, "green": 0, "blue": 0 }, "sparkle": true }"##,
                "key \"sparkle\"", "unknown key in a TaskTune theme"
            ),
            (##"{ "name": "T", "accent": "#12" }"##, "theme \"T\": key \"accent\"", "\"#12\" is not a colour"),
            (
                ##"{ "version": 1, "themes": [ { "name": "Ok" }, { "name": "T", "rowHeight": 3 } ] }"##,
                "theme \"T\": key \"rowHeight\"", "3 is not accepted"
            ),
            (##"{ "version": 1, "themes": [] }"##, "key \"themes\"", "holds no theme"),
            (##"[ { "name": "T" }, { "name": "T" } ]"##, "key \"name\"", "used by two themes"),
            (##"{ "accent": "#FF0000" }"##, "key \"name\"", "is required"),
            (##"{ "name": "T""##, "", "not valid JSON"),
            (##""just text""##, "", "found string"),
        ])
    func badImport(json: String, location: String, reason: String) throws {
        let cli = prepared()
        let file = cli.tmp.file("bad.json")
        try AtomicFile.write(json, to: file)
        let before = fileBytes(themesPath(cli))
        let r = cli.run("theme", "import", file)
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("Error: \(file)"), "\(r.stderr)")
        #expect(location.isEmpty || r.stderr.contains(location), "\(r.stderr)")
        #expect(r.stderr.contains(reason), "\(r.stderr)")
        #expect(fileBytes(themesPath(cli)) == before)
    }

    @Test func aCorruptThemesFileExits65AndIsLeftAlone() throws {
        let cli = prepared()
        try AtomicFile.write(
            ##"{ "version": 1, "themes": [ { "name": "X", "acent": "#FF0000" } ] }"##, to: themesPath(cli))
        let before = fileBytes(themesPath(cli))
        for args in [
            ["theme", "ls"], ["theme", "new", "Y"], ["theme", "set", "X", "accent", "#000000"], ["theme", "rm", "X"],
        ] {
            let r = cli.run(args)
            #expect(r.status == 65, "\(args)")
            #expect(r.stderr.contains("\(themesPath(cli)): theme \"X\": key \"acent\": unknown key"), "\(r.stderr)")
        }
        #expect(fileBytes(themesPath(cli)) == before)
    }

    @Test func previewIsHandedToTasktileRenderWithTheArgumentsUnchanged() throws {
        let cli = prepared()
        // tasktile draws nothing itself: tasktile-render beside it runs the command.
        let r = cli.run("--lang", "ja", "theme", "preview", "Sakura", "--out", "o")
        let sibling = try #require(r.sibling, "not handed over: \(r.status) \(r.stderr)")
        #expect(sibling.first?.hasSuffix("/tasktile-render") == true, "\(sibling)")
        #expect(Array(sibling.dropFirst()) == ["--lang", "ja", "theme", "preview", "Sakura", "--out", "o"])
        // Where it is missing (a broken install): 69 naming the path.
        #expect(r.status == 69 && r.stderr.contains("tasktile-render"), "\(r.stderr)")
    }
}
