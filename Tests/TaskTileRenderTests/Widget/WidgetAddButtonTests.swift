import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRender
import TestSupport

/// The "+" in an interactive widget's header (docs/widgets.md "Adding from a widget"): drawn on the desktop,
/// left out of PNGs unless the spec asks, its `add` hit-map region over the header, the list it adds to.
@Suite struct WidgetAddButtonTests {
    init() { TestFonts.install() }

    /// The PNG path's drawing (`render`).
    func png(_ fx: RenderFixture, _ spec: WidgetSpec, theme: Theme = .standard) throws -> RenderedWidget {
        let content = try WidgetContent.read(for: spec, from: fx.store)
        return try WidgetRenderer(spec: spec, theme: theme, clock: fx.store.clock).render(content)
    }

    /// The desktop host's drawing (`draw(onto:deviceScale:)`) at scale 1, onto a surface of the widget's size.
    func desktop(_ fx: RenderFixture, _ spec: WidgetSpec, theme: Theme = .standard) throws -> (Surface, DrawnWidget) {
        let content = try WidgetContent.read(for: spec, from: fx.store)
        let size = spec.pointSize
        let surface = try Surface(width: Int(size.width), height: Int(size.height))
        let g = try Context(surface: surface)
        let drawn = try WidgetRenderer(spec: spec, theme: theme, clock: fx.store.clock)
            .draw(content, onto: g.pointer, deviceScale: 1)
        return (surface, drawn)
    }

    func addRegions(_ map: HitMap) -> [HitRegion] {
        map.regions.filter { if case .add = $0.action { true } else { false } }
    }

    @Test func onTheDesktopNotInPNGsUnlessTheSpecSays() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let (list, _) = try fx.list("Work", ["Ship it", "Write docs"])
        var spec = WidgetSpec(name: "work", family: .medium, list: "Work")
        #expect(addRegions(try png(fx, spec).hitMap).isEmpty, "a wallpaper PNG has no +")
        let (_, drawn) = try desktop(fx, spec)
        #expect(addRegions(drawn.hitMap).map(\.action) == [.add(listID: list.id)])
        // Drawing order: the header, the "+", then the rows.
        #expect(drawn.hitMap.regions.prefix(2).map(\.action) == [.openList(list.id), .add(listID: list.id)])

        spec.add = true
        let asked = try png(fx, spec)
        #expect(addRegions(asked.hitMap).map(\.action) == [.add(listID: list.id)], "\"add\": true draws it in PNGs")
        spec.add = false
        #expect(addRegions(try desktop(fx, spec).1.hitMap).isEmpty, "\"add\": false: nowhere")
        #expect(addRegions(try png(fx, spec).hitMap).isEmpty)
        // Read-only widgets never have one, whatever the spec says.
        var readOnly = WidgetSpec(name: "ro", family: .medium, list: "Work", mode: .readOnly)
        readOnly.add = true
        let readOnlyDesktop = try desktop(fx, readOnly).1.hitMap, readOnlyPNG = try png(fx, readOnly).hitMap
        #expect(addRegions(readOnlyDesktop).isEmpty && addRegions(readOnlyPNG).isEmpty)
    }

    @Test(arguments: [WidgetFamily.small, .medium, .large])
    func theRegionWinsOverTheHeaderAndTheGlyphIsInTheAddColour(family: WidgetFamily) throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let (list, _) = try fx.list("Work", ["Ship it", "Write docs"])
        var theme = Theme.standard
        theme.addColor = ThemeColor(hex: "#FF0000")
        var spec = WidgetSpec(name: "work", family: family, list: "Work")
        spec.add = true
        let w = try png(fx, spec, theme: theme)
        let map = w.hitMap
        let add = try #require(addRegions(map).first)
        let header = try #require(map.regions.first { $0.action == .openList(list.id) })
        // At the right end of the header, at least 24 points (48 pixels at scale 2) wide, inside the image and
        // inside the header's band.
        #expect(add.width >= 48 && add.x + add.width == map.width && add.y == 0, "\(add)")
        #expect(add.height == header.height && add.x > map.width / 2, "\(add) vs \(header)")
        #expect(map.region(atX: add.x + add.width / 2, y: add.height / 2)?.action == .add(listID: list.id))
        #expect(map.region(atX: 40, y: add.height / 2)?.action == .openList(list.id), "the title still opens the list")
        // The glyph: red ink in the region, none outside it in the header's band.
        var redInside = 0, redOutside = 0
        for y in 0..<header.height {
            for x in 0..<map.width {
                let p = w.surface.pixel(x: x, y: y)
                guard p.red > 200 && p.green < 60 && p.blue < 60 else { continue }
                if add.contains(x: x, y: y) { redInside += 1 } else { redOutside += 1 }
            }
        }
        #expect(redInside > 40 && redOutside == 0, "\(family): \(redInside) inside, \(redOutside) outside")
        // The counts moved left of it: "2 left" ends before the region.
        #expect(HitMap(json: try JSONValue.parse(map.jsonValue.serialized())) == map)
    }

    @Test func aSmartListAddsToTheFirstListItNamesElseTheDefaultList() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let (home, _) = try fx.list("Home", ["Water the plants"])
        let (work, _) = try fx.list("Work", ["Ship it"])
        _ = try fx.store.saveView(name: "Focus", filter: "-^Home ^Work")
        _ = home
        var today = WidgetSpec.builtInDefault(language: .en)
        today.add = true
        #expect(addRegions(try png(fx, today).hitMap).map(\.action) == [.add(listID: nil)], "@today: the default list")
        var focus = WidgetSpec(name: "focus", family: .medium, list: "@Focus")
        focus.add = true
        #expect(
            addRegions(try png(fx, focus).hitMap).map(\.action) == [.add(listID: work.id)], "the first list not negated"
        )
        // A view naming a list that does not exist: the default list.
        _ = try fx.store.saveView(name: "Later", filter: "^Someday")
        var later = WidgetSpec(name: "later", family: .medium, list: "@Later")
        later.add = true
        #expect(addRegions(try png(fx, later).hitMap).map(\.action) == [.add(listID: nil)])
    }

    @Test func theAddRegionInJSON() throws {
        let region = HitRegion(action: .add(listID: "abc"), x: 600, y: 0, width: 128, height: 70)
        let none = HitRegion(action: .add(listID: nil), x: 600, y: 0, width: 128, height: 70)
        let map = HitMap(spec: "w", width: 728, height: 340, regions: [region, none])
        let json = map.jsonValue
        guard case .array(let items)? = json["regions"], items.count == 2 else {
            Issue.record("no regions in \(json)")
            return
        }
        #expect(items[0]["action"] == .string("add") && items[0]["listId"] == .string("abc"))
        #expect(items[1]["action"] == .string("add") && items[1]["listId"] == nil)
        #expect(HitMap(json: try JSONValue.parse(json.serialized())) == map)
        // A listId that is not text is not a hit map.
        let bad = try JSONValue.parse(
            Array(
                #"{"version":1,"spec":"w","width":1,"height":1,"regions":[{"action":"add","listId":3,"x":0,"y":0,"width":1,"height":1}]}"#
                    .utf8))
        #expect(HitMap(json: bad) == nil)
    }

    @Test func specKeyAndThemeKey() throws {
        func spec(_ add: String) throws -> WidgetSpec {
            try WidgetSpec.decode(Array(#"{ "version": 1, "family": "small", "add": \#(add) }"#.utf8), file: "s.json")
        }
        #expect(try spec("true").add == true && spec("false").add == false)
        #expect(try WidgetSpec.decode(Array(#"{ "version": 1, "family": "small" }"#.utf8), file: "s.json").add == nil)
        #expect(throws: DataFileError.self) { try spec("\"yes\"") }
        var theme = Theme.standard
        #expect(theme.addButtonColor == theme.accent)
        try theme.set("addColor", to: .string("#112233"), file: "themes.json")
        #expect(theme.addButtonColor == ThemeColor(hex: "#112233") && theme.jsonValue["addColor"] == .string("#112233"))
        #expect(throws: DataFileError.self) { try theme.set("addColor", to: .string("blue"), file: "themes.json") }
        #expect(Theme.standard.jsonValue["addColor"] == nil, "written only when set")
    }

    @Test func everyPresetSetsTheAddColour() throws {
        let presets = try Sample.presets()
        #expect(presets.count == 8)
        for (file, theme) in presets { #expect(theme.addColor != nil, "\(file)") }
    }
}
