import Testing
@testable import TaskTileCommandLine

/// `Option`: an option declared once gives the spec that parses and documents it and reads its
/// value with its type.
@Suite struct OptionTests {
    static let list = Option<String?>.value("--list", "-l", valueName: "list", help: "A list.")
    static let format = Option.value("--format", valueName: "format", help: "A format.", values: ["json", "ics"],
                                     default: "json")
    static let quiet = Option.flag("--quiet", "-q", help: "Quiet.")
    static let tag = Option.repeating("--tag", valueName: "tag", help: "A tag.")
    static let spec = CommandSpec(path: ["try"], abstract: "Try.",
                                  options: [list.spec, format.spec, quiet.spec, tag.spec])

    @Test("values, defaults, flags and repeated values read through their declarations")
    func readsThroughDeclarations() throws {
        let a = try ArgumentParser.parse(["-l", "Shop", "-q", "--tag", "a", "--tag=b"], spec: Self.spec)
        #expect(a[Self.list] == "Shop")
        #expect(a[Self.format] == "json")
        #expect(a[Self.quiet])
        #expect(a[Self.tag] == ["a", "b"])
        let none = try ArgumentParser.parse([], spec: Self.spec)
        #expect(none[Self.list] == nil && !none[Self.quiet] && none[Self.tag].isEmpty)
    }

    @Test("the declaration is what help and the parser see")
    func specComesFromTheDeclaration() throws {
        #expect(Self.format.name == "--format" && Self.format.spec.defaultValue == "json")
        #expect(Self.format.spec.values == ["json", "ics"])
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--format", "csv"], spec: Self.spec) }
    }
}
