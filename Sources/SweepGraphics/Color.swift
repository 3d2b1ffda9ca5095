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

    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xffffff)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
