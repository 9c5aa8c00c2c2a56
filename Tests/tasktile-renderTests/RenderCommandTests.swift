import Foundation
import Synchronization
import Testing
import TaskTileCore
import TaskTileRender
@testable import tasktile_render
import TestSupport

/// `tasktile-render once` end to end, in-process: spec files → PNG + hits.json on disk.
@Suite struct RenderCommandTests {
    init() { TestFonts.install() } // before Pango first runs: the test fonts (fonts.conf)

    struct Run { var code: Int32; var out: String; var err: String }

    func run(_ args: [String], _ fx: RenderFixture) -> Run {
        final class Buffer: Sendable { let text = Mutex((out: "", err: "")) }
        let b = Buffer()
        let env = ["TASKTILE_DATA_DIR": fx.dataDirectory.path, "TASKTILE_NOW": "2027-01-05T09:00:00+09:00", "TZ": "Asia/Tokyo"]
        let code = RenderCommand(arguments: args, environment: env, output: { s in b.text.withLock { $0.out += s } },
                                 errorOutput: { s in b.text.withLock { $0.err += s } }).run()
        let (out, err) = b.text.withLock { ($0.out, $0.err) }
        return Run(code: code, out: out, err: err)
    }

    @Test(arguments: [("small", 340, 340), ("medium", 728, 340), ("large", 728, 764)])
    func familyPNGHasExactPixelSize(family: String, width: Int, height: Int) throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        try fx.list("買い物", ["クレンジングオイル", "牛乳", "卵 🥚", "食パン", "洗濯洗剤"], completed: ["トマト"])
        let spec = try fx.writeSpec("w-\(family)", #"{ "version": 1, "family": "\#(family)", "list": "買い物", "lang": "ja" }"#)
        let r = run(["once", spec], fx)
        #expect(r.code == 0, "\(r.err)")
        let png = fx.dataDirectory.widgetsPath + "/out/w-\(family).png"
        #expect(r.out == png + "\n")
        let surface = try Surface.decodePNG(path: png)
        #expect(surface.width == width && surface.height == height)
        let hitsText = try String(contentsOfFile: fx.dataDirectory.widgetsPath + "/out/w-\(family).hits.json", encoding: .utf8)
        let hits = try #require(HitMap(json: try JSONValue.parse(hitsText)))
        #expect(hits.width == width && hits.height == height && hits.spec == "w-\(family)")
        fx.keep(png, as: "family-\(family).png")
    }

    @Test func rendersEverySpecInWidgetsWhenNoneGiven() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        try fx.list("Work", ["Ship the renderer 🚀", "Review PR #42"])
        _ = try fx.writeSpec("a", #"{ "version": 1, "family": "small", "list": "Work" }"#)
        _ = try fx.writeSpec("b", #"{ "version": 1, "family": "medium", "list": "Work", "name": "desk" }"#)
        let r = run(["--data-dir", fx.dataDirectory.path, "once"], fx)
        #expect(r.code == 0, "\(r.err)")
        let out = fx.dataDirectory.widgetsPath + "/out/"
        #expect(r.out == out + "a.png\n" + out + "desk.png\n")
        #expect(FileManager.default.fileExists(atPath: out + "desk.hits.json"))
    }

    /// A newcomer's first run (#31): no spec yet renders the built-in @today widget and says how to add one.
    @Test func noSpecsRendersTheBuiltInTodayWidget() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let r = run(["once"], fx)
        #expect(r.code == 0, "\(r.err)")
        let png = fx.dataDirectory.widgetsPath + "/out/today.png"
        #expect(r.out == png + "\n")
        #expect(r.err.contains(fx.dataDirectory.widgetsPath) && r.err.contains("@today"), "\(r.err)")
        let surface = try Surface.decodePNG(path: png)
        #expect(surface.width == 728 && surface.height == 764, "a large widget at scale 2")
        // Once a spec exists, it alone is rendered.
        try fx.list("Work", ["Ship it"])
        _ = try fx.writeSpec("a", #"{ "version": 1, "family": "small", "list": "Work" }"#)
        let again = run(["once"], fx)
        #expect(again.out == fx.dataDirectory.widgetsPath + "/out/a.png\n", "\(again.err)")
    }

    @Test func badSpecExits65NamingFileAndKey() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let spec = try fx.writeSpec("bad", #"{ "version": 1, "family": "huge", "list": "Work" }"#)
        let r = run(["once", spec], fx)
        #expect(r.code == 65)
        #expect(r.err.hasPrefix("Error: \(spec): key \"family\": \"huge\" is not accepted (accepted: small, medium, large, grid)"))
    }

    @Test func unknownThemeExits65() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let spec = try fx.writeSpec("t", #"{ "version": 1, "family": "small", "list": "Work", "theme": "Ocean" }"#)
        let r = run(["once", spec], fx)
        #expect(r.code == 65)
        #expect(r.err.contains("\(spec): key \"theme\""))
    }

    @Test func usageErrorsExit64() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        #expect(run([], fx).code == 64)
        #expect(run(["--bogus", "once"], fx).code == 64)
        #expect(run(["frobnicate"], fx).code == 64)
        let v = run(["--version"], fx)
        #expect(v.code == 0 && v.out == "tasktile-render 0.1.0\n")
        #expect(run(["--help"], fx).out.contains("USAGE: tasktile-render"))
    }

    @Test func unwritableOutputExits73() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        try fx.list("Work", ["a"])
        // A regular file where the output directory should be (inside the spec's room).
        try FileManager.default.createDirectory(atPath: fx.dataDirectory.widgetsPath + "/out", withIntermediateDirectories: true)
        try AtomicFile.write("x", to: fx.dataDirectory.widgetsPath + "/out/blocker")
        let spec = try fx.writeSpec("o", #"{ "version": 1, "family": "small", "list": "Work", "output": "out/blocker/o.png" }"#)
        let r = run(["once", spec], fx)
        #expect(r.code == 73, "\(r.err)")
    }

    @Test func missingSpecFileExits74() throws {
        let fx = try RenderFixture()
        defer { fx.remove() }
        let r = run(["once", fx.dataDirectory.path + "/nope.json"], fx)
        #expect(r.code == 74)
        #expect(r.err.contains("cannot read spec"))
    }
}
