/// An sRGB colour with straight (not premultiplied) alpha, 8 bits a channel.
public struct Color: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from `0xRRGGBB`, opaque.
    public init(rgb: UInt32) {
        self.init(red: UInt8((rgb >> 16) & 0xff), green: UInt8((rgb >> 8) & 0xff), blue: UInt8(rgb & 0xff))
    }

    /// The same colour with its alpha multiplied by `opacity` (0...1).
    public func withOpacity(_ opacity: Double) -> Color {
        let clamped = min(max(opacity, 0), 1)
        return Color(red: red, green: green, blue: blue, alpha: UInt8((Double(alpha) * clamped).rounded()))
    }

    public var isOpaque: Bool { alpha == 255 }

    /// This colour painted over `base`, as compositing it would (an opaque
    /// `base` gives an opaque colour): a fill of the result replaces pixels
    /// instead of blending with them, which costs a fraction at scale 2.
    public func composited(over base: Color) -> Color {
        let a = Double(alpha) / 255, b = Double(base.alpha) / 255
        let out = a + b * (1 - a)
        guard out > 0 else { return .clear }
        func mix(_ s: UInt8, _ d: UInt8) -> UInt8 {
            UInt8(max(0, min(255, ((Double(s) * a + Double(d) * b * (1 - a)) / out).rounded())))
        }
        return Color(red: mix(red, base.red), green: mix(green, base.green), blue: mix(blue, base.blue),
                     alpha: UInt8(max(0, min(255, (out * 255).rounded()))))
    }

    /// This colour `fraction` (0...1) of the way to `other`.
    public func mixed(with other: Color, by fraction: Double) -> Color {
        let f = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded()) }
        return Color(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
                     alpha: mix(alpha, other.alpha))
    }

    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xffffff)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
