import CPixman
import SweepGraphics

extension Color {
    /// pixman's 16-bit premultiplied colour.
    var pixman: pixman_color_t {
        let a = UInt32(alpha)
        func channel(_ value: UInt8) -> UInt16 { UInt16((UInt32(value) * a / 255) * 257) }
        return pixman_color_t(red: channel(red), green: channel(green), blue: channel(blue), alpha: UInt16(a * 257))
    }
}
