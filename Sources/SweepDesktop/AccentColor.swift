/// The desktop's accent colour, as xdg-desktop-portal's
/// `org.freedesktop.appearance` `accent-color` setting gives it: red, green
/// and blue from 0 to 1 (GNOME 47 and KDE Plasma 6 send it).
public struct AccentColor: Sendable, Hashable, CustomStringConvertible {
    public let red: Double
    public let green: Double
    public let blue: Double

    /// The portal's three components; nil when one is outside 0…1 (or not a
    /// number), which the portal's documentation says means "no accent colour".
    public init?(red: Double, green: Double, blue: Double) {
        guard [red, green, blue].allSatisfy({ $0.isFinite && (0...1).contains($0) }) else { return nil }
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour as 8-bit channels, rounded.
    public var rgb: (red: UInt8, green: UInt8, blue: UInt8) {
        func channel(_ value: Double) -> UInt8 { UInt8((value * 255).rounded()) }
        return (channel(red), channel(green), channel(blue))
    }

    public var description: String {
        let (r, g, b) = rgb
        return "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
