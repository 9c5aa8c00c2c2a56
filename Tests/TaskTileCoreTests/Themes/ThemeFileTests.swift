import Foundation
import Testing
@testable import TaskTileCore
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// `themes.json` as a person edits it (docs/themes.md): validated on load, the new `showDue` key,
/// and a FIFO where the file should be refused without waiting.
@Suite struct ThemeFileTests {
    static func file(_ themes: String) -> [UInt8] { Array(#"{ "version": 1, "themes": [ \#(themes) ] }"#.utf8) }

    func error(_ bytes: [UInt8]) -> DataFileError? {
        do { _ = try ThemeStore.decodeFile(bytes, file: "themes.json"); return nil } catch {
            return error as? DataFileError
        }
    }

    @Test func duplicatesAndAnEmptyListAreRefusedNamingBothPositions() throws {
        let name = try #require(error(Self.file(#"{ "name": "A" }, { "name": "B" }, { "name": "A" }"#)))
        #expect(name.key == "name")
        #expect(name.description.contains("the name \"A\" is used by both themes[0] and themes[2]"), "\(name)")
        let id = #""id": "6f1c2a4e-3b5d-4c7e-9f80-1a2b3c4d5e6f""#
        let dup = try #require(error(Self.file("{ \(id), \"name\": \"A\" }, { \(id), \"name\": \"B\" }")))
        #expect(dup.key == "id")
        #expect(dup.description.contains("used by both themes[0] and themes[1]"), "\(dup)")
        let empty = try #require(error(Self.file("")))
        #expect(empty.key == "themes")
        #expect(empty.message(Localizer(.ja)).contains("リストが空です"))
        // Names differing only in case are two themes (names match exactly, docs/themes.md).
        #expect(error(Self.file(#"{ "name": "Ocean" }, { "name": "ocean" }"#)) == nil)
    }

    @Test func showDueReadsWritesAndRefusesBadValues() throws {
        let themes = try ThemeStore.decodeFile(
            Self.file(#"{ "name": "A", "showDue": "below" }, { "name": "B" }"#), file: "t")
        #expect(themes.map(\.showDue) == [.below, .auto])
        #expect(themes[0].jsonValue["showDue"]?.stringValue == "below")
        #expect(themes[1].jsonValue["showDue"] == nil, "the default is not written")
        // The due label colours: the theme's, or the appearance's system orange and red.
        let coloured = try ThemeStore.decodeFile(
            Self.file(
                ##"{ "name": "A", "warning": "#AA8800", "overdue": "#CC0000" }, { "name": "B", "appearance": "dark" }"##
            ), file: "t")
        #expect(
            coloured[0].warningColor == ThemeColor(hex: "#AA8800")
                && coloured[0].overdueColor == ThemeColor(hex: "#CC0000"))
        #expect(coloured[0].jsonValue["warning"]?.stringValue == "#AA8800")
        #expect(
            coloured[1].warningColor == ThemeColor(hex: "#FF9F0A")
                && coloured[1].overdueColor == ThemeColor(hex: "#FF453A"))
        #expect(coloured[1].jsonValue["overdue"] == nil)
        #expect(error(Self.file(#"{ "name": "A", "overdue": "red" }"#))?.key == "overdue")
        let bad = try #require(error(Self.file(#"{ "name": "A", "showDue": "sometimes" }"#)))
        #expect(bad.key == "showDue")
        #expect(bad.description.contains("accepted: auto, inline, below, off"), "\(bad)")
    }

    @Test func organizeColoursDefaultWhenAbsentAndAreCheckedLikeEveryColour() throws {
        // A themes.json written before the keys existed: loads, draws with the defaults, writes back unchanged.
        let old = try ThemeStore.decodeFile(Self.file(##"{ "name": "Old", "accent": "#336699" }"##), file: "t")
        #expect(old[0].priorityColor == nil && old[0].tagBackground == nil && old[0].tagText == nil)
        #expect(old[0].priorityMarkColor == ThemeColor(hex: "#336699"))
        #expect(old[0].tagChipText == ThemeColor(hex: "#336699"))
        #expect(old[0].tagChipBackground == ThemeColor(hex: "#336699")!.withAlphaScaled(0.14))
        for key in ["priorityColor", "tagBackground", "tagText"] { #expect(old[0].jsonValue[key] == nil, "\(key)") }
        // Set: read, used, written back in `Theme.keys` order.
        let set = try ThemeStore.decodeFile(
            Self.file(
                ##"{ "name": "New", "priorityColor": "#CC0000", "tagBackground": "#00000022", "tagText": "#112233" }"##),
            file: "t")
        #expect(set[0].priorityMarkColor == ThemeColor(hex: "#CC0000"))
        #expect(set[0].tagChipBackground == ThemeColor(hex: "#00000022"))
        #expect(set[0].tagChipText == ThemeColor(hex: "#112233"))
        #expect(set[0].jsonValue["tagBackground"]?.stringValue == "#00000022")
        guard case .object(let members) = set[0].jsonValue else { Issue.record("not an object"); return }
        let written = members.map(\.0)
        #expect(written == Theme.keys.filter(written.contains))
        #expect(written.contains("priorityColor") && written.contains("tagText"))
        let again = try Theme.decode(set[0].jsonValue, file: "t", label: "themes[0]")
        #expect(again == set[0])
        #expect(
            Theme.keys.contains("priorityColor") && Theme.keys.contains("tagBackground")
                && Theme.keys.contains("tagText"))
        // null returns a key to its default, as for `warning`.
        let reset = try ThemeStore.decodeFile(Self.file(##"{ "name": "R", "tagText": null }"##), file: "t")
        #expect(reset[0].tagText == nil)
        // A bad value: the same error as every colour key, naming the key and the value.
        for key in ["priorityColor", "tagBackground", "tagText"] {
            let bad = try #require(error(Self.file(#"{ "name": "A", "\#(key)": "blue" }"#)), "\(key)")
            #expect(bad.key == key)
            let accent = try #require(error(Self.file(#"{ "name": "A", "accent": "blue" }"#)))
            #expect(bad.description == accent.description.replacingOccurrences(of: "accent", with: key), "\(bad)")
            #expect(error(Self.file(#"{ "name": "A", "\#(key)": 3 }"#))?.key == key)
        }
    }

    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let tmp = TemporaryDirectory("fifo")
        let path = tmp.file("themes.json")
        #expect(mkfifo(path, 0o600) == 0)
        // Opening a FIFO for reading blocks until a writer comes; this returns at once.
        #expect(throws: FileError.notRegularFile(path: path)) { try ThemeStore(path: path).load() }
        #expect(FileError.notRegularFile(path: path).message(Localizer(.en)).contains("is not a regular file"))
    }
}
