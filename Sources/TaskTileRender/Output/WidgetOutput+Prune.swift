import Foundation
import TaskTileCore
#if canImport(Glibc)
import Glibc
#endif

extension WidgetOutput {
    /// Removes the PNG at `pngPath` and its hit map, when the hit map is one tasktile wrote
    /// (`HitMap(json:)` reads it) or is missing; files that are not regular files are left alone.
    /// Used by a watcher for a spec that is gone (or whose output moved) and by `once --prune`.
    /// - Returns: the paths removed (the PNG first).
    @discardableResult
    public static func remove(pngPath: String) -> [String] {
        let hitsPath = WidgetSpec.hitMapPath(forPNG: pngPath)
        var info = stat()
        if lstat(hitsPath, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFREG, isOurHitMap(hitsPath) else { return [] }
        }
        var removed: [String] = []
        for path in [pngPath, hitsPath] where lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }

    /// `once --prune`: removes from `directory` (the data directory's `widgets/out`) every PNG and
    /// hit map pair that tasktile wrote (the hit map reads as one) and that is not in `keeping`
    /// (the PNG paths of the current specs). Other files are never touched.
    /// - Returns: the paths removed, sorted.
    public static func prune(directory: String, keeping: Set<String>) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasSuffix(".hits.json") && !name.hasPrefix(".") {
            let png = directory + "/" + String(name.dropLast(".hits.json".count)) + ".png"
            guard !keeping.contains(png), isOurHitMap(directory + "/" + name) else { continue }
            removed += remove(pngPath: png)
        }
        return removed
    }

    /// Whether `path` is a regular file whose content is a hit map (`HitMap(json:)`).
    static func isOurHitMap(_ path: String) -> Bool {
        guard let bytes = try? Posix.readFile(path, limit: 16 << 20) else { return false }
        return (try? JSONValue.parse(bytes)).flatMap(HitMap.init(json:)) != nil
    }
}
