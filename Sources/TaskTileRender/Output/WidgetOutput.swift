import Foundation
import TaskTileCore

/// An output file that could not be created (exit 73).
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or directory that could not be created.
    public var path: String
    /// Why (the failing call and the system's message).
    public var detail: String
    /// An error for `path` with the system's `detail`.
    public init(path: String, detail: String) { self.path = path; self.detail = detail }
    /// `cannot create PATH: DETAIL`.
    public var description: String { "cannot create \(path): \(detail)" }
}

/// Writes a rendered widget: the PNG and `<name>.hits.json` beside it, each atomically
/// (temp file in the same directory, fsync, rename; docs/data-directory.md "Atomic writes"), so a wallpaper tool or `click`
/// never reads half a file.
public enum WidgetOutput {
    /// Writes `widget` to `pngPath` and its hit map to `WidgetSpec.hitMapPath(forPNG:)`, creating
    /// the directory (mode 0700 for the data directory's `widgets/out`) when missing. Files get mode 0644
    /// so wallpaper tools running as the user can read them.
    /// - Returns: the hit map path.
    /// - Throws: `CairoError.pngEncoding`; `OutputError` when the directory or a file cannot be created.
    @discardableResult
    public static func write(_ widget: RenderedWidget, to pngPath: String) throws -> String {
        let directory = PathText.directory(of: pngPath)
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw OutputError(path: directory, detail: (error as NSError).localizedDescription)
            }
        }
        let png = try PNGEncoder.encode(widget.surface)
        let hitsPath = WidgetSpec.hitMapPath(forPNG: pngPath)
        do {
            try AtomicFile.write(png, to: pngPath, mode: 0o644)
            try AtomicFile.write(widget.hitMap.jsonValue.serialized() + "\n", to: hitsPath, mode: 0o644)
        } catch let e as FileError {
            throw OutputError(path: pngPath, detail: e.description)
        }
        return hitsPath
    }
}
