import SweepGeometry

/// An image to draw in a cell: premultiplied ARGB pixels (0xAARRGGBB),
/// row by row, `width × height` of them. Decoding (PNG, JPEG) happens
/// elsewhere; views only draw bitmaps.
public struct Bitmap: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    /// nil when `pixels` does not hold `width × height` pixels or a side is not positive.
    public init?(width: Int, height: Int, pixels: [UInt32]) {
        guard width > 0, height > 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The largest rectangle of the bitmap's aspect ratio centred in `rect`.
    public func aspectFit(in rect: Rect) -> Rect {
        let scale = min(rect.width / Double(width), rect.height / Double(height))
        let size = Size(width: Double(width) * scale, height: Double(height) * scale)
        return Rect(x: rect.midX - size.width / 2, y: rect.midY - size.height / 2, width: size.width, height: size.height)
    }
}
