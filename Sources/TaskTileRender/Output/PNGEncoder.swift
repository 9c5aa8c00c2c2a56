/// The one PNG encoder of the renderer. Today Cairo's `cairo_surface_write_to_png_stream` into a
/// byte buffer; a faster libpng encoder (lower zlib level, no per-chunk copies) can replace the body
/// without touching callers.
public enum PNGEncoder {
    /// The PNG bytes of `surface` (ARGB32, un-premultiplied by Cairo on the way out).
    /// - Throws: `CairoError.pngEncoding`.
    public static func encode(_ surface: Surface) throws -> [UInt8] {
        try surface.pngData()
    }
}
