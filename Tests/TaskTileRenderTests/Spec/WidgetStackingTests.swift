import Foundation
import Testing
import TaskTileCore
import TestSupport
@testable import TaskTileRender

/// Widgets that would overlap on one output stack (docs/widgets.md "Stacking").
@Suite("Stacking widgets on one output")
struct WidgetStackingTests {
    typealias Rect = (x: Double, y: Double, width: Double, height: Double)

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    @Test("three specs with one anchor form a column in spec order, a gap apart; a bottom anchor stacks upward")
    func column() {
        let small = (width: 170.0, height: 170.0)
        let top = WidgetPlacement(anchor: .topRight, margin: (24, 24))
        let origins = WidgetPlacement.stacked([(top, small), (top, small), (top, small)], output: (1920, 1080))
        let xs: [Double] = [1726, 1726, 1726]
        #expect(origins.map(\.x) == xs)
        let expected: [Double] = [24, 206, 388]  // 24, then 170 + 12 further each
        #expect(origins.map(\.y) == expected)
        let bottom = WidgetPlacement(anchor: .bottomLeft, margin: (24, 24))
        let up = WidgetPlacement.stacked([(bottom, small), (bottom, small)], output: (1920, 1080))
        let upward: [Double] = [886, 704]  // 1080 − 24 − 170, then 170 + 12 higher
        #expect(up.map(\.y) == upward)
        // A widget that does not meet another stays exactly where its own placement puts it.
        let left = WidgetPlacement(anchor: .topLeft, margin: (24, 24))
        let apart: [Double] = [24, 24]
        #expect(WidgetPlacement.stacked([(top, small), (left, small)], output: (1920, 1080)).map(\.y) == apart)
    }

    @Test(
        "the demo's specs (WidgetSpecs/) never overlap, and fit a 1920×1080 screen",
        arguments: [(1920.0, 1080.0), (1280.0, 800.0)])
    func demoLayout(_ width: Double, _ height: Double) throws {
        let dir = repositoryRoot + "/WidgetSpecs"
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }.sorted()
        let specs = try files.map { try WidgetSpec.load(path: dir + "/" + $0) }
        #expect(specs.count >= 9)
        let origins = WidgetPlacement.stacked(specs.map { ($0.placement, $0.pointSize) }, output: (width, height))
        let rects: [Rect] = zip(specs, origins).map { ($1.x, $1.y, $0.pointSize.width, $0.pointSize.height) }
        for i in rects.indices {
            for j in rects.indices where j > i {
                #expect(
                    !Self.overlaps(rects[i], rects[j]),
                    "\(specs[i].name) and \(specs[j].name) overlap at \(width)×\(height)")
            }
        }
        if width == 1920 {
            for (spec, r) in zip(specs, rects) {
                #expect(
                    r.x >= 0 && r.y >= 0 && r.x + r.width <= width && r.y + r.height <= height, "\(spec.name) at \(r)")
            }
        }
    }
}
