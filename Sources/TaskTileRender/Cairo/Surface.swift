internal import CCairo

/// An owned Cairo ARGB32 image surface (premultiplied alpha, native-endian 32-bit pixels).
///
/// Sizes are in **pixels**. The surface is freed when the object goes away. Not thread-safe:
/// keep a surface on the thread that draws it.
public final class Surface {
    let pointer: OpaquePointer

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// Creates a transparent ARGB32 surface of `width` × `height` pixels.
    /// - Throws: `CairoError.invalidSize` for sizes outside 1…32767, `CairoError.surfaceCreation`
    ///   when Cairo reports an error status right after creation (out of memory, …).
    public init(width: Int, height: Int) throws {
        guard (1...32767).contains(width), (1...32767).contains(height) else {
            throw CairoError.invalidSize(width: width, height: height)
        }
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw CairoError.surfaceCreation(width: width, height: height, status: "no surface returned")
        }
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            throw CairoError.surfaceCreation(width: width, height: height, status: Surface.text(status))
        }
        pointer = s
        self.width = width
        self.height = height
    }

    /// Takes ownership of a surface created by Cairo (already status-checked by the caller).
    private init(owning s: OpaquePointer) {
        pointer = s
        width = Int(cairo_image_surface_get_width(s))
        height = Int(cairo_image_surface_get_height(s))
    }

    deinit { cairo_surface_destroy(pointer) }

    /// Decodes a PNG file with Cairo (`cairo_image_surface_create_from_png`).
    /// - Throws: `CairoError.pngDecoding` naming the path and Cairo's status.
    public static func decodePNG(path: String) throws -> Surface {
        guard let s = cairo_image_surface_create_from_png(path) else {
            throw CairoError.pngDecoding(path: path, status: "no surface returned")
        }
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            throw CairoError.pngDecoding(path: path, status: text(status))
        }
        return Surface(owning: s)
    }

    /// The un-premultiplied colour of one pixel, components 0…255; (0, 0) is the top-left pixel.
    public func pixel(x: Int, y: Int) -> Pixel {
        precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) outside \(width)×\(height)")
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let data = cairo_image_surface_get_data(pointer)!
        let word = (data + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        let a = Int(word >> 24 & 0xFF)
        func un(_ c: Int) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
        return Pixel(red: un(Int(word >> 16 & 0xFF)), green: un(Int(word >> 8 & 0xFF)), blue: un(Int(word & 0xFF)), alpha: UInt8(a))
    }

    /// Calls `body` with the pixel data (premultiplied ARGB32, native-endian words) and the row
    /// stride in bytes, after flushing pending drawing. The pointer is valid only inside `body`.
    public func withPixels<T>(_ body: (UnsafeRawPointer, _ stride: Int) throws -> T) rethrows -> T {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        return try body(UnsafeRawPointer(cairo_image_surface_get_data(pointer)!), stride)
    }

    static func text(_ status: cairo_status_t) -> String {
        String(cString: cairo_status_to_string(status))
    }
}

/// One pixel's colour, straight (not premultiplied) alpha, components 0…255.
public struct Pixel: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) … 255 (opaque).
    public var alpha: UInt8
    /// A pixel from straight-alpha components 0…255.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// `rgba(r, g, b, a)`.
    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
