import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRender
import TestSupport

/// Spec decoding (docs/widgets.md "Specs"): defaults, and errors that name the file, the key and the value.
@Suite struct WidgetSpecTests {
    let file = "/home/u/.local/share/tasktile/widgets/desk.json"

    @Test func defaults() throws {
        let spec = try WidgetSpec.decode(Array(#"{ "version": 1, "family": "small", "list": "買い物" }"#.utf8), file: file)
        #expect(spec.name == "desk")
        #expect(spec.family == .small && spec.list == "買い物" && spec.theme == nil)
        #expect(spec.mode == .interactive && spec.scale == 2 && spec.language == .en)
        #expect(spec.pixelSize == (340, 340))
        let dir = DataDirectory(path: "/d")
        #expect(spec.outputPath(dataDirectory: dir) == "/d/widgets/out/desk.png")
        #expect(WidgetSpec.hitMapPath(forPNG: "/d/widgets/out/desk.png") == "/d/widgets/out/desk.hits.json")
    }

    @Test func everyKey() throws {
        let spec = try WidgetSpec.decode(Array("""
            { "version": 1, "name": "desk-shopping", "family": "medium", "list": "Shopping", "theme": "Ocean",
              "mode": "readOnly", "scale": 3, "lang": "ja", "width": 400, "height": 200, "output": "../out/x.png" }
            """.utf8), file: file)
        #expect(spec.name == "desk-shopping" && spec.theme == "Ocean" && spec.mode == .readOnly && spec.language == .ja)
        #expect(spec.pointSize == (400, 200) && spec.pixelSize == (1200, 600))
        #expect(spec.outputPath(dataDirectory: DataDirectory(path: "/d")) == "/home/u/.local/share/tasktile/out/x.png")
    }

    @Test func placementDefaultsAndKeys() throws {
        let plain = try WidgetSpec.decode(Array(#"{ "version": 1, "family": "small" }"#.utf8), file: file)
        #expect(plain.placement == WidgetPlacement(anchor: .topRight, margin: (24, 24), monitor: nil, layer: .bottom))
        let spec = try WidgetSpec.decode(Array("""
            { "version": 1, "family": "small", "anchor": "bottom-left", "margin": [0, 12.5],
              "monitor": "HEADLESS-1", "layer": "background" }
            """.utf8), file: file)
        #expect(spec.placement == WidgetPlacement(anchor: .bottomLeft, margin: (0, 12.5), monitor: "HEADLESS-1", layer: .background))
        let null = try WidgetSpec.decode(Array(#"{ "version": 1, "family": "small", "monitor": null }"#.utf8), file: file)
        #expect(null.placement.monitor == nil)
    }

    /// The origin of a 170 × 170 pt widget on a 1280 × 800 pt output for every anchor, margin 24 × 10.
    @Test(arguments: [
        (WidgetAnchor.topLeft, 24.0, 10.0), (.top, 555, 10), (.topRight, 1086, 10),
        (.left, 24, 315), (.center, 555, 315), (.right, 1086, 315),
        (.bottomLeft, 24, 620), (.bottom, 555, 620), (.bottomRight, 1086, 620),
    ])
    func placementOrigin(anchor: WidgetAnchor, x: Double, y: Double) {
        let p = WidgetPlacement(anchor: anchor, margin: (24, 10))
        let o = p.origin(widget: (170, 170), output: (1280, 800))
        #expect(o.x == x && o.y == y)
    }

    @Test(arguments: [
        (#"{ "version": 1, "family": "huge" }"#, "family", "\"huge\" is not accepted (accepted: small, medium, large, grid)"),
        (#"{ "version": 1, "family": "small", "colour": "red" }"#, "colour", "unknown key (accepted keys: version, name, family, list, theme, mode, scale, lang, sort, width, height, output, add, anchor, margin, monitor, layer)"),
        (#"{ "version": 1, "family": "small", "anchor": "top_left" }"#, "anchor", "\"top_left\" is not accepted (accepted: top-left, top, top-right, left, center, right, bottom-left, bottom, bottom-right)"),
        (#"{ "version": 1, "family": "small", "margin": 24 }"#, "margin", "24 is not accepted (accepted: [x, y]: two numbers of points 0…10000 from the anchored edges, e.g. [24, 24])"),
        (#"{ "version": 1, "family": "small", "margin": [24] }"#, "margin", "[24] is not accepted (accepted: [x, y]: two numbers of points 0…10000 from the anchored edges, e.g. [24, 24])"),
        (#"{ "version": 1, "family": "small", "margin": [-1, 0] }"#, "margin", "[-1,0] is not accepted (accepted: [x, y]: two numbers of points 0…10000 from the anchored edges, e.g. [24, 24])"),
        (#"{ "version": 1, "family": "small", "margin": ["1", 0] }"#, "margin", "[\"1\",0] is not accepted (accepted: [x, y]: two numbers of points 0…10000 from the anchored edges, e.g. [24, 24])"),
        (#"{ "version": 1, "family": "small", "monitor": "" }"#, "monitor", "\"\" is not accepted (accepted: an output (connector) name such as \"eDP-1\", \"DP-2\" or \"HEADLESS-1\")"),
        (#"{ "version": 1, "family": "small", "layer": "top" }"#, "layer", "\"top\" is not accepted (accepted: background, bottom)"),
        (#"{ "version": 1, "family": "small", "scale": 5 }"#, "scale", "5 is not accepted (accepted: a number of pixels per point 1…4)"),
        (#"{ "version": 1, "family": "small", "mode": "readonly" }"#, "mode", "\"readonly\" is not accepted (accepted: interactive, readOnly)"),
        (#"{ "version": 1, "family": "small", "lang": "fr" }"#, "lang",
         "\"fr\" is not accepted (accepted: en, ja, en-XA)"),
        (#"{ "version": 1, "family": "small", "width": 10 }"#, "width", "10 is not accepted (accepted: a number of points 100…2000)"),
        (#"{ "version": 1, "family": "small", "output": "x.jpg" }"#, "output", "\"x.jpg\" is not accepted (accepted: a path ending in .png, absolute or relative to the spec file's directory)"),
        (#"{ "version": 1, "family": "small", "name": "../x" }"#, "name", "\"../x\" is not accepted (accepted: a non-empty name usable as a file name: no \"/\", not starting with \".\", at most 200 bytes)"),
        (#"{ "version": 1, "family": "small", "list": "" }"#, "list", "\"\" is not accepted (accepted: a list title or id)"),
        (#"{ "version": 2, "family": "small" }"#, "version", "2 is not supported (accepted: 1)"),
        (#"{ "family": "small" }"#, "version", "is required (accepted: 1)"),
        (#"{ "version": 1 }"#, "family", "is required (accepted: small, medium, large, grid)"),
    ])
    func errorsNameFileKeyAndValue(json: String, key: String, reason: String) {
        // The reason is a catalogue phrase; in English it reads as written here.
        let error = #expect(throws: DataFileError.self) {
            try WidgetSpec.decode(Array(json.utf8), file: file)
        }
        #expect(error?.file == file && error?.key == key)
        #expect(error?.reason.description == reason)
    }

    @Test func notJSONOrNotAnObject() throws {
        let e1 = #expect(throws: DataFileError.self) { try WidgetSpec.decode(Array("{ nope".utf8), file: file) }
        #expect(e1?.key == nil && e1?.description.hasPrefix(file + ": not valid JSON") == true)
        let e2 = #expect(throws: DataFileError.self) { try WidgetSpec.decode(Array("[1]".utf8), file: file) }
        #expect(e2?.description.contains("must be a JSON object") == true)
    }

    @Test func shippedExampleSpecsDecode() throws {
        let root = repositoryRoot
        let dir = root + "/WidgetSpecs"
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }.sorted()
        // The three specs scripts/demo.sh relies on.
        #expect(Set(["home-large.json", "shopping-small.json", "work-medium.json"]).isSubset(of: names))
        let presetNames = try FileManager.default.contentsOfDirectory(atPath: root + "/Themes").filter { $0.hasSuffix(".json") }
            .flatMap { try ThemeImport.decode(try Posix.readFile(root + "/Themes/" + $0), file: $0).map(\.name) }
        var covered = Set<String>()
        for name in names {
            let spec = try WidgetSpec.load(path: dir + "/" + name)
            #expect(spec.output == nil && spec.name + ".json" == name)
            // The demo's lists (and its challenge, for the grid), and a theme that `theme import Themes/…` provides (or the first theme).
            #expect(["買い物", "Work", "Home", "Fifty"].contains(spec.list ?? ""), "\(name)")
            #expect(spec.theme == nil || presetNames.contains(spec.theme!), "\(name) names a theme no preset has")
            covered.insert("\(spec.family) \(spec.mode)")
            covered.insert("\(spec.family) \(spec.language)")
        }
        // Every family in both modes and both languages.
        for family in WidgetFamily.allCases {
            for mode in WidgetMode.allCases { #expect(covered.contains("\(family) \(mode)")) }
            for language in Language.spoken { #expect(covered.contains("\(family) \(language)")) }
        }
    }

    @Test func errorsReadInJapaneseWithFileKeyAndValueAsTheyAre() throws {
        let error = #expect(throws: DataFileError.self) {
            try WidgetSpec.decode(Array(#"{ "version": 1, "family": "huge" }"#.utf8), file: file)
        }
        let ja = try #require(error).message(Localizer(.ja))
        #expect(ja == "\(file): キー \"family\": \"huge\" は使えません（使えるもの: small, medium, large, grid）", "\(ja)")
    }
}
