import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRender
import TestSupport
internal import CCairo

/// Golden-image comparison (docs/CONTRIBUTING.md "Golden images").
///
/// Goldens live in `Tests/TaskTileRenderTests/__Snapshots__/<TestFile>/<test>.<variant>.png`.
/// The comparison is on DECODED pixels (premultiplied ARGB words), never on PNG bytes, with this
/// tolerance: a pixel counts as different when any channel differs by more than
/// `channelTolerance` (antialiasing and FreeType/Cairo versions move edge pixels by a few levels),
/// and the images match when at most `differingShare` of the pixels differ (a glyph edge or two
/// may shift; a changed count digit, title, colour, checkbox or layout changes more than that).
///
/// On a mismatch `<test>.<variant>.actual.png` and `<test>.<variant>.diff.png` (differences in red
/// over a faded golden) are written beside the golden (both gitignored) and their paths printed.
/// A missing golden is a failure (the rendering is written as `.actual.png`, never recorded).
/// Goldens are (re)written only with `TASKTILE_RECORD_SNAPSHOTS=1`, and a recording run fails too.
enum Snapshot {
    /// Largest per-channel difference (0…255) that still counts as the same pixel.
    static let channelTolerance = 24
    /// Largest share of pixels that may differ (0.005 %). A count that is off by one is the smallest
    /// wrong rendering a golden must catch: one digit of the header count changes 20–42 pixels
    /// beyond `channelTolerance` at scale 1 (2 → 3 is the fewest; `SnapshotTests.countDigitFails`).
    /// The largest scale-1 golden, a large widget, has 364 × 382 = 139 048 pixels, so the share must
    /// stay below 20 / 139 048 ≈ 0.014 %; 0.005 % (6 pixels there, 3 in a medium widget) still lets
    /// a stray glyph edge move between FreeType/Cairo builds. (0.4 % let 556 pixels, whole words, change.)
    static let differingShare = 0.00005

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../__Snapshots__").standardized.path

    static var recording: Bool { ProcessInfo.processInfo.environment["TASKTILE_RECORD_SNAPSHOTS"] == "1" }

    /// Whether Pango's font map was created from the test fontconfig file: it must not know the
    /// machine's other fonts (DejaVu is on every Debian desktop but outside our font directories).
    static let fontsAreTestFonts: Bool = {
        TestFonts.install()
        let map = pango_cairo_font_map_get_default()
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(map, &families, &count)
        defer { g_free(families) }
        var names: [String] = []
        for i in 0..<Int(count) {
            if let f = families?[i], let name = pango_font_family_get_name(f) { names.append(String(cString: name)) }
        }
        return names.contains("Noto Sans CJK JP") && !names.contains { $0.hasPrefix("DejaVu") }
    }()

    /// Compares `surface` with the golden `<directory>/<testFile>/<test>.<variant>.png` and records
    /// a failure as an issue of the calling test (`verify` says what the failure is).
    static func check(_ surface: Surface, testFile: String = #fileID, test: String = #function, variant: String,
                      directory: String = Snapshot.directory, recording: Bool = Snapshot.recording,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let failure = try verify(surface, testFile: testFile, test: test, variant: variant, directory: directory,
                                    recording: recording, sourceLocation: sourceLocation) {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }

    /// Compares `surface` with the golden `<directory>/<testFile>/<test>.<variant>.png`: nil when
    /// it matches, else the failure `check` records (a recording run, a missing golden, another
    /// size, too many differing pixels). `directory` and `recording` are parameters so
    /// `SnapshotTests` can check this function itself in a temporary directory, expecting its
    /// failures instead of recording them; every golden test uses `check` with the defaults.
    static func verify(_ surface: Surface, testFile: String = #fileID, test: String = #function, variant: String,
                       directory: String = Snapshot.directory, recording: Bool = Snapshot.recording,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        #expect(fontsAreTestFonts, "Pango was initialised before TestFonts.install(): goldens would use the machine's fonts",
                sourceLocation: sourceLocation)
        let fileName = ((testFile as NSString).lastPathComponent as NSString).deletingPathExtension
        let testName = test.split(separator: "(").first.map(String.init) ?? test
        let dir = directory + "/" + fileName
        let base = dir + "/" + testName + "." + variant
        let golden = base + ".png"
        let png = try PNGEncoder.encode(surface, level: 9)
        if recording {
            // Recording fails the run (as swift-argument-parser's test helpers do), so a run that
            // wrote goldens can never pass as a check: look at the images, then run again.
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try AtomicFile.write(png, to: golden, mode: 0o644)
            return "recorded \(golden); re-run without TASKTILE_RECORD_SNAPSHOTS"
        }
        guard FileManager.default.fileExists(atPath: golden) else {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try AtomicFile.write(png, to: base + ".actual.png", mode: 0o644)
            return "no golden image \(golden); the rendering is in \(base).actual.png. "
                + "Look at it, then record with TASKTILE_RECORD_SNAPSHOTS=1"
        }
        let expected = try Surface.decodePNG(path: golden)
        guard expected.width == surface.width, expected.height == surface.height else {
            try AtomicFile.write(png, to: base + ".actual.png", mode: 0o644)
            return "\(golden): size \(surface.width)×\(surface.height) px, golden \(expected.width)×\(expected.height) px; "
                + "actual: \(base).actual.png"
        }
        let (differing, diff) = try compare(surface, expected)
        let share = Double(differing) / Double(surface.width * surface.height)
        if !matches(differing: differing, of: surface.width * surface.height) {
            try AtomicFile.write(png, to: base + ".actual.png", mode: 0o644)
            try AtomicFile.write(try PNGEncoder.encode(diff, level: 9), to: base + ".diff.png", mode: 0o644)
            return """
                \(golden): \(differing) pixels (\(String(format: "%.2f", share * 100)) %) differ by more than \(channelTolerance) \
                (allowed \(differingShare * 100) %).
                  actual: \(base).actual.png
                  diff:   \(base).diff.png
                Re-record with TASKTILE_RECORD_SNAPSHOTS=1 only if the change is intended.
                """
        }
        try? FileManager.default.removeItem(atPath: base + ".actual.png")
        try? FileManager.default.removeItem(atPath: base + ".diff.png")
        return nil
    }

    /// Whether an image with `differing` of `total` pixels beyond `channelTolerance` matches its golden.
    static func matches(differing: Int, of total: Int) -> Bool {
        Double(differing) / Double(total) <= differingShare
    }

    /// Counts differing pixels and draws the diff image: the golden at 25 % over white, differing
    /// pixels opaque red.
    static func compare(_ a: Surface, _ b: Surface) throws -> (Int, Surface) {
        let diff = try Surface(width: a.width, height: a.height)
        let g = try Context(surface: diff)
        g.setColor(.white)
        g.paint()
        var differing = 0
        var marks: [(Int, Int)] = []
        a.withPixels { pa, sa in
            b.withPixels { pb, sb in
                for y in 0..<a.height {
                    for x in 0..<a.width {
                        let wa = pa.load(fromByteOffset: y * sa + x * 4, as: UInt32.self)
                        let wb = pb.load(fromByteOffset: y * sb + x * 4, as: UInt32.self)
                        if wa == wb { continue }
                        var worst = 0
                        for shift in stride(from: 0, through: 24, by: 8) {
                            worst = max(worst, abs(Int(wa >> UInt32(shift) & 0xFF) - Int(wb >> UInt32(shift) & 0xFF)))
                        }
                        if worst > channelTolerance { differing += 1; marks.append((x, y)) }
                    }
                }
            }
        }
        cairo_set_source_surface(g.pointer, b.pointer, 0, 0)
        cairo_paint_with_alpha(g.pointer, 0.25)
        g.setColor(ThemeColor(red: 1, green: 0, blue: 0))
        g.newPath()
        for (x, y) in marks { g.rectangle(Double(x), Double(y), 1, 1) }
        g.fill()
        try g.checkStatus()
        return (differing, diff)
    }
}
