import SweepGraphics

extension Bitmap {
    /// A square picture for an image that could not be loaded (an
    /// `ImageLoader`'s `placeholder`): grey, framed and crossed by a
    /// diagonal, readable on light and dark themes alike. `size` is its
    /// side in pixels, at least 1.
    public static func brokenImage(size: Int) -> Bitmap {
        let side = max(1, min(size, 4096))
        let fill: UInt32 = 0xFFD4_D4D4, line: UInt32 = 0xFF8C_8C8C
        let thickness = max(1, side / 32)
        var pixels = [UInt32](repeating: fill, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let onFrame = x < thickness || y < thickness || x >= side - thickness || y >= side - thickness
                // From the bottom-left corner to the top-right one.
                let onDiagonal = abs(x + y - (side - 1)) < thickness
                if onFrame || onDiagonal { pixels[y * side + x] = line }
            }
        }
        return Bitmap(width: side, height: side, pixels: pixels)!
    }
}
