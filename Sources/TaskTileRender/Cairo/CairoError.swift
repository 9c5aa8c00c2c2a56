import TaskTileCore

/// A failure reported by Cairo or Pango.
public enum CairoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An image surface of this pixel size could not be created; `status` is Cairo's status text.
    case surfaceCreation(width: Int, height: Int, status: String)
    /// A drawing context could not be created on a surface.
    case contextCreation(status: String)
    /// Encoding the surface as PNG failed.
    case pngEncoding(status: String)
    /// A PNG file could not be read or decoded.
    case pngDecoding(path: String, status: String)
    /// The pixel size is outside what Cairo image surfaces accept (1…32767 pixels per side).
    case invalidSize(width: Int, height: Int)

    /// One sentence naming what failed and Cairo's status text, in `l`'s language.
    public func message(_ l: Localizer) -> String {
        switch self {
        case .surfaceCreation(let w, let h, let s): l.text(.cairoErrorSurface, w, h, s)
        case .contextCreation(let s): l.text(.cairoErrorContext, s)
        case .pngEncoding(let s): l.text(.cairoErrorPngEncoding, s)
        case .pngDecoding(let path, let s): l.text(.cairoErrorPngDecoding, path, s)
        case .invalidSize(let w, let h): l.text(.cairoErrorInvalidSize, w, h)
        }
    }

    /// The sentence in English.
    public var description: String { message(Localizer(.en)) }
}
