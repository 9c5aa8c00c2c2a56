import Foundation
import TaskTileRender

/// Goldens of the desktop popups (docs/desktop.md): the popup's box cut out of a headless-sway screenshot
/// (`grim`, pixman renderer, the system's fonts and GTK theme from `make deps`) and compared with a committed
/// PNG in `Desktop/Goldens/`. `TASKTILE_RECORD_SNAPSHOTS=1` writes the cut instead (`convert -crop`); look at
/// it before committing. The widget goldens are exact (Cairo with the test fonts); these allow a little
/// anti-aliasing drift, but not a moved field, a lost chip or a wider popup: the box must have the golden's
/// size, and at most `allowedShare` of its pixels may differ by more than `channelTolerance` on a channel.
enum PopupGolden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Goldens").path
    /// Difference on one channel (0…255) below which two pixels are the same.
    static let channelTolerance = 40
    /// Share of the box's pixels that may differ (glyph edges; a re-recorded golden has been pixel-exact here).
    static let allowedShare = 0.0002

    /// The popup's box in `shot`: the rows and columns with at least 40 pixels of the popups' background
    /// (#fbfbfd), so a few pixels of that colour elsewhere (a widget's anti-aliased edge) do not widen it.
    static func box(of shot: Screenshot) -> (x: Int, y: Int, width: Int, height: Int)? {
        var columns = [Int](repeating: 0, count: shot.width), rows = [Int](repeating: 0, count: shot.height)
        for y in 0..<shot.height {
            for x in 0..<shot.width where shot.pixel(x, y).near(0xFB, 0xFB, 0xFD, tolerance: 1) {
                columns[x] += 1
                rows[y] += 1
            }
        }
        guard let x0 = columns.firstIndex(where: { $0 >= 40 }), let x1 = columns.lastIndex(where: { $0 >= 40 }),
            let y0 = rows.firstIndex(where: { $0 >= 40 }), let y1 = rows.lastIndex(where: { $0 >= 40 })
        else { return nil }
        return (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }

    /// Compares `box` of `shot` with the golden `name`.png; nil when it matches (or was recorded), else what
    /// differs. A failed cut is kept beside the screenshots (`TASKTILE_DESKTOP_SHOTS`) as `NAME-actual`.
    static func verify(_ shot: Screenshot, box: (x: Int, y: Int, width: Int, height: Int), name: String) throws
        -> String?
    {
        let golden = "\(directory)/\(name).png"
        if ProcessInfo.processInfo.environment["TASKTILE_RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try crop(shot, box, to: golden)
            return nil
        }
        guard FileManager.default.fileExists(atPath: golden) else {
            return "no golden \(golden): record it with TASKTILE_RECORD_SNAPSHOTS=1 and look at it"
        }
        let expected = try Surface.decodePNG(path: golden)
        guard expected.width == box.width, expected.height == box.height else {
            try keepActual(shot, box, name)
            return "\(name): the popup is \(box.width)×\(box.height), the golden \(expected.width)×\(expected.height)"
        }
        var differing = 0
        for y in 0..<box.height {
            for x in 0..<box.width {
                let a = shot.pixel(box.x + x, box.y + y), b = expected.pixel(x: x, y: y)
                let channels = [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)]
                if channels.contains(where: { abs(Int($0.0) - Int($0.1)) > channelTolerance }) { differing += 1 }
            }
        }
        let allowed = Int(Double(box.width * box.height) * allowedShare)
        guard differing > allowed else { return nil }
        try keepActual(shot, box, name)
        return "\(name): \(differing) pixels differ from the golden (allowed \(allowed))"
    }

    private static func keepActual(_ shot: Screenshot, _ box: (x: Int, y: Int, width: Int, height: Int),
                                   _ name: String) throws {
        let path = shot.path + "-\(name)-actual.png"
        try crop(shot, box, to: path)
        DesktopShots.keep(path, as: "\(name)-actual")
    }

    private static func crop(_ shot: Screenshot, _ box: (x: Int, y: Int, width: Int, height: Int), to path: String)
        throws
    {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        p.arguments = [shot.path, "-crop", "\(box.width)x\(box.height)+\(box.x)+\(box.y)", "+repage", path]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
