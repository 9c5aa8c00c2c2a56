/// An sRGB colour with alpha, components 0…1, written in files as `#RRGGBB` or `#RRGGBBAA`.
public struct ThemeColor: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    /// Opacity 0…1 (1 = opaque).
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (hex digits in either case); nil for anything else.
    public init?(hex text: String) {
        let chars = Array(text.utf8)
        guard chars.first == UInt8(ascii: "#"), chars.count == 7 || chars.count == 9 else { return nil }
        var values: [Double] = []
        var i = 1
        while i < chars.count {
            guard let hi = ThemeColor.hexValue(chars[i]), let lo = ThemeColor.hexValue(chars[i + 1]) else { return nil }
            values.append(Double(hi * 16 + lo) / 255)
            i += 2
        }
        self.init(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
    }

    private static func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque; upper-case hex.
    public var description: String {
        func h(_ v: Double) -> String {
            let n = Int((min(max(v, 0), 1) * 255).rounded())
            let digits = Array("0123456789ABCDEF")
            return String([digits[n / 16], digits[n % 16]])
        }
        return "#" + h(red) + h(green) + h(blue) + (alpha < 1 ? h(alpha) : "")
    }

    /// The same colour with its alpha multiplied by `factor` (secondary text = 0.6, tertiary = 0.4).
    public func withAlphaScaled(_ factor: Double) -> ThemeColor {
        ThemeColor(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    public static let white = ThemeColor(red: 1, green: 1, blue: 1)
    public static let black = ThemeColor(red: 0, green: 0, blue: 0)
}
