/// An 8-bit RGBA image in memory, row-major, straight alpha; what screenshots
/// are read into and written from.
public struct PNGImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// width * height * 4 bytes: R, G, B, A.
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "RGBA data must be width * height * 4 bytes")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixel at (x, y) as 0xRRGGBB (alpha dropped).
    public func rgb(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let offset = (y * width + x) * 4
        return UInt32(rgba[offset]) << 16 | UInt32(rgba[offset + 1]) << 8 | UInt32(rgba[offset + 2])
    }
}
