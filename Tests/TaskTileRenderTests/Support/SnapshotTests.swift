import Foundation
import Testing
import TaskTileCore
@testable import TaskTileRender
import TestSupport

/// The golden comparison itself (`Snapshot`): recording and a missing golden fail the run, and the
/// tolerance is tight enough that a count that is off by one fails. Goldens go to a temporary
/// directory here, never to `__Snapshots__`. These tests expect the failures `Snapshot.verify`
/// returns (what `Snapshot.check` would record), so a passing run has no known issues.
@Suite struct SnapshotTests {
    init() { TestFonts.install() } // before Pango first runs: the test fonts (fonts.conf)

    /// Whether `failure` is one and contains every one of `parts`.
    static func says(_ failure: String?, _ parts: String...) -> Bool {
        guard let failure else { return false }
        return parts.allSatisfy { failure.contains($0) }
    }

    /// `Sample`'s list `Errands` with the given pending titles, drawn read-only (no checkboxes).
    static func errands(_ titles: [String], family: WidgetFamily) throws -> RenderedWidget {
        try Sample.render(Sample.content("Errands", titles), family: family, mode: .readOnly)
    }

    /// Pixels in rows `y` that differ at all (no tolerance).
    static func differingPixels(_ a: Surface, _ b: Surface, rows y: Range<Int>) -> Int {
        var n = 0
        a.withPixels { pa, sa in
            b.withPixels { pb, sb in
                for yy in y.clamped(to: 0..<a.height) {
                    for x in 0..<a.width where pa.load(fromByteOffset: yy * sa + x * 4, as: UInt32.self)
                        != pb.load(fromByteOffset: yy * sb + x * 4, as: UInt32.self) {
                        n += 1
                    }
                }
            }
        }
        return n
    }

    @Test("recording writes the golden and fails the run; the next run without recording passes")
    func recordingFails() throws {
        let tmp = TemporaryDirectory("snapshot-record")
        let surface = try Self.errands(["Milk"], family: .small).surface
        let golden = tmp.path + "/SnapshotTests/recordingFails.small.png"
        let recorded = try Snapshot.verify(surface, variant: "small", directory: tmp.path, recording: true)
        #expect(Self.says(recorded, "recorded \(golden)", "re-run without TASKTILE_RECORD_SNAPSHOTS"),
                "recording is reported as a failure")
        #expect(FileManager.default.fileExists(atPath: golden))
        try Snapshot.check(surface, variant: "small", directory: tmp.path, recording: false) // no issue: it matches
    }

    @Test("a missing golden fails with its path and records nothing")
    func missingGoldenFails() throws {
        let tmp = TemporaryDirectory("snapshot-missing")
        let surface = try Self.errands(["Milk"], family: .small).surface
        let base = tmp.path + "/SnapshotTests/missingGoldenFails.small"
        let missing = try Snapshot.verify(surface, variant: "small", directory: tmp.path, recording: false)
        #expect(Self.says(missing, "no golden image \(base).png", "\(base).actual.png"),
                "a missing golden is a failure")
        #expect(!FileManager.default.fileExists(atPath: base + ".png"), "a missing golden was recorded")
        #expect(FileManager.default.fileExists(atPath: base + ".actual.png"))
    }

    /// "N left" against the golden of "N+1 left": the extra title is a single space in a read-only
    /// widget, so it draws no ink and the two images differ only in the header's count digit
    /// (checked first, so the test cannot pass for another reason). The large widget compares
    /// "3 left" with "4 left"; small and medium hold three rows, where a fourth todo would add a
    /// "+ 2 more" line, so they compare 2 with 3.
    @Test("a count digit off by one fails against the other's golden",
          arguments: [(WidgetFamily.small, 2), (.medium, 2), (.large, 3)])
    func countDigitFails(family: WidgetFamily, pending: Int) throws {
        let titles = Array(["Milk", "Eggs", "Bread"].prefix(pending))
        let fewer = try Self.errands(titles, family: family)
        let more = try Self.errands(titles + [" "], family: family)
        #expect(fewer.pendingSlots > pending, "\(family) cannot show \(pending + 1) rows")
        let rowsTop = Int(try #require(fewer.rows.first).frame.y) // points = pixels at scale 1
        let a = fewer.surface, b = more.surface
        #expect(Self.differingPixels(a, b, rows: rowsTop..<a.height) == 0, "the rows differ, not only the count")
        #expect(Self.differingPixels(a, b, rows: 0..<rowsTop) > 0, "the count was not drawn differently")

        let (differing, _) = try Snapshot.compare(b, a)
        #expect(!Snapshot.matches(differing: differing, of: a.width * a.height),
                "\(family): a changed count digit (\(differing) of \(a.width * a.height) pixels) passes the tolerance")
        let tmp = TemporaryDirectory("snapshot-digit")
        let recorded = try Snapshot.verify(a, variant: "\(family)", directory: tmp.path, recording: true)
        #expect(Self.says(recorded, "recorded"))
        let against = try Snapshot.verify(b, variant: "\(family)", directory: tmp.path, recording: false)
        #expect(Self.says(against, "differ by more than \(Snapshot.channelTolerance)"),
                "\(pending + 1) left against the golden of \(pending) left")
        try Snapshot.check(a, variant: "\(family)", directory: tmp.path, recording: false) // itself: no issue
    }
}
