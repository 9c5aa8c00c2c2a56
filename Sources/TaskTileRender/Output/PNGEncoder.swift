internal import CPNG
#if canImport(Glibc)
import Glibc
#endif

/// The one PNG encoder of the renderer: libpng at a low zlib level behind a C shim (libpng reports
/// errors by `longjmp`, which must never cross Swift frames). About 3× faster than Cairo's
/// `cairo_surface_write_to_png` for the same pixels, at a somewhat larger file (measured in
/// `Benchmarks/`).
public enum PNGEncoder {
    /// zlib level for widgets: 1 favours speed; widgets are small and rewritten often.
    public static let defaultLevel: Int32 = 1

    /// The PNG bytes of `surface`: 8-bit RGBA, straight (un-premultiplied) alpha, as Cairo writes.
    /// - Throws: `CairoError.pngEncoding` when libpng fails or memory runs out.
    public static func encode(_ surface: Surface, level: Int32 = defaultLevel) throws -> [UInt8] {
        try surface.withPixels { pixels, stride in
            try encodeARGB32(pixels, width: surface.width, height: surface.height, stride: stride, level: level)
        }
    }

    /// Encodes `height` rows of `width` premultiplied ARGB32 pixels laid out with `stride` bytes per row.
    /// - Throws: `CairoError.pngEncoding`.
    public static func encodeARGB32(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                                    level: Int32 = defaultLevel) throws -> [UInt8] {
        var buffer = tt_png_buffer()
        let status = tt_png_encode_argb32(pixels.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height),
                                          Int32(stride), level, &buffer)
        defer { free(buffer.data) }
        guard status == 0, let data = buffer.data else {
            throw CairoError.pngEncoding(status: "libpng could not encode a \(width)×\(height) image (status \(status))")
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}
