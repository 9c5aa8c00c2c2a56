internal import CPNG

/// Encodes Cairo ARGB32 pixels to PNG with libpng at a low zlib level: about 3× faster than
/// `cairo_surface_write_to_png` for the same pixels (measured in `Benchmarks/`), at a somewhat larger file.
public enum PNGEncoder {
    /// zlib level used for widgets: 1 favours speed; widgets are small and rewritten often.
    public static let defaultLevel: Int32 = 1

    public enum EncodeError: Error, CustomStringConvertible, Sendable {
        case failed(width: Int, height: Int)
        public var description: String {
            switch self { case .failed(let w, let h): "libpng could not encode a \(w)×\(h) image" }
        }
    }

    /// Encodes `height` rows of `width` premultiplied ARGB32 pixels (`stride` bytes per row, as
    /// Cairo lays them out) into an 8-bit RGBA PNG (straight alpha).
    /// - Throws: `EncodeError.failed` when libpng reports an error or memory runs out.
    public static func encodeARGB32(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                                    level: Int32 = defaultLevel) throws -> [UInt8] {
        var buffer = tt_png_buffer()
        let status = tt_png_encode_argb32(pixels.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height),
                                          Int32(stride), level, &buffer)
        defer { free(buffer.data) }
        guard status == 0, let data = buffer.data else { throw EncodeError.failed(width: width, height: height) }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}
