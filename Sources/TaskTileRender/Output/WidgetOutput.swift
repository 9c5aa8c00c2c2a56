import Foundation
import TaskTileCore
#if canImport(Glibc)
import Glibc
#endif

/// Writes a rendered widget: the PNG and `<name>.hits.json` beside it, each atomically
/// (temp file in the same directory, fsync, rename; docs/data-directory.md "Atomic writes"), so a wallpaper tool or `click`
/// never reads half a file.
public enum WidgetOutput {
    /// The mode of PNGs and hit maps: 0600, like every file of the data directory (README); the
    /// wallpaper tools and bars that read them run as the same user.
    public static let fileMode: mode_t = 0o600

    /// Writes `widget` to `pngPath` and its hit map to `WidgetSpec.hitMapPath(forPNG:)`, creating
    /// the directory (mode 0700) when missing. Both files get mode 0600 (`fileMode`); the hit map
    /// records the PNG's digest (`HitMap.pngDigest`). The PNG is renamed into place first.
    ///
    /// Before writing, temp files a crashed writer left in the directory are removed
    /// (`AtomicFile.removeStaleTemporaries(in:)`), and the targets are checked: an existing PNG or
    /// hit map that is not a regular file (a symbolic link, a FIFO, a directory) is never replaced,
    /// and an existing hit map path whose content is not a hit map (`HitMap(json:)`) is a file
    /// tasktile did not write and is never overwritten (docs/widgets.md "Output files").
    /// - Returns: the hit map written (with its digest).
    /// - Throws: `CairoError.pngEncoding`; `OutputError` when the directory or a file cannot be
    ///   created or a target may not be replaced (exit 73); nothing is written then.
    @discardableResult
    public static func write(_ widget: RenderedWidget, to pngPath: String) throws -> HitMap {
        let directory = PathText.directory(of: pngPath)
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw OutputError(path: directory, detail: (error as NSError).localizedDescription)
            }
        }
        let hitsPath = WidgetSpec.hitMapPath(forPNG: pngPath)
        try checkReplaceable(pngPath, hitMap: false)
        try checkReplaceable(hitsPath, hitMap: true)
        AtomicFile.removeStaleTemporaries(in: directory)
        let png = try PNGEncoder.encode(widget.surface)
        var map = widget.hitMap
        map.pngDigest = HitMap.digest(of: png)
        do {
            try AtomicFile.write(png, to: pngPath, mode: fileMode)
            try AtomicFile.write(map.jsonValue.serialized() + "\n", to: hitsPath, mode: fileMode)
        } catch let e as FileError {
            throw OutputError(path: pngPath, detail: e.description)
        }
        return map
    }

    /// Throws unless `path` is absent or a regular file we may replace (for a hit map: one whose
    /// content is a hit map). Uses `lstat`, so a symbolic link counts as not a regular file.
    static func checkReplaceable(_ path: String, hitMap: Bool) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw OutputError(path: path, detail: Localizer(.en).text(.outputErrorNotRegular, path), reason: Phrase(key: .outputErrorNotRegular, path))
        }
        guard hitMap else { return }
        let bytes = (try? Posix.readFile(path, limit: 16 << 20)) ?? []
        if (try? JSONValue.parse(bytes)).flatMap(HitMap.init(json:)) == nil {
            throw OutputError(path: path, detail: Localizer(.en).text(.outputErrorForeignHitMap, path), reason: Phrase(key: .outputErrorForeignHitMap, path))
        }
    }
}
