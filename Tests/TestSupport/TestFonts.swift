import Foundation

/// Selects the test fontconfig file (`Tests/TaskTileRenderTests/fonts.conf`) for this test process,
/// so text renders with the same fonts on every machine built from the README.
///
/// fontconfig reads `FONTCONFIG_FILE` once, when Pango creates its default font map, so this must
/// run before any test draws text. Swift Testing runs tests in parallel in one process (all test
/// targets share it), so every suite that draws text calls `TestFonts.install()` from its `init`;
/// the work happens exactly once (a global `let` is initialised once, thread-safely) and every
/// caller waits for it. `Snapshot.fontsAreTestFonts` lets golden tests check nobody drew text before.
public enum TestFonts {
    /// Path of the committed fontconfig template.
    public static let templatePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../TaskTileRenderTests/fonts.conf").standardized.path

    private static let installed: String = {
        let dir = NSTemporaryDirectory() + "/tasktile-fonts-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir + "/cache", withIntermediateDirectories: true)
        guard let template = try? String(contentsOfFile: templatePath, encoding: .utf8) else {
            fatalError("cannot read the test fontconfig file \(templatePath)")
        }
        let config = dir + "/fonts.conf"
        try? template.replacingOccurrences(of: "@CACHEDIR@", with: dir + "/cache")
            .write(toFile: config, atomically: true, encoding: .utf8)
        setenv("FONTCONFIG_FILE", config, 1)
        unsetenv("FONTCONFIG_PATH")
        return config
    }()

    /// Points `FONTCONFIG_FILE` at the test configuration (once per process).
    /// - Returns: the configuration file in use.
    @discardableResult
    public static func install() -> String { installed }
}
