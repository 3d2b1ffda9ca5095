/// How a picture is stored relative to how it is seen: the eight Exif
/// orientations (a phone held upright writes `.right`).
enum Orientation: Int {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Whether showing it swaps width and height.
    var swapsSides: Bool { rawValue >= 5 }
}

extension PixelBuffer {
    /// The pixels as they are meant to be seen.
    func oriented(_ orientation: Orientation) -> PixelBuffer {
        guard orientation != .up else { return self }
        let (outWidth, outHeight) = orientation.swapsSides ? (height, width) : (width, height)
        var output = [UInt32](repeating: 0, count: pixels.count)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                let (sourceX, sourceY): (Int, Int)
                switch orientation {
                case .up: (sourceX, sourceY) = (x, y)
                case .upMirrored: (sourceX, sourceY) = (width - 1 - x, y)
                case .down: (sourceX, sourceY) = (width - 1 - x, height - 1 - y)
                case .downMirrored: (sourceX, sourceY) = (x, height - 1 - y)
                case .leftMirrored: (sourceX, sourceY) = (y, x)
                case .right: (sourceX, sourceY) = (y, height - 1 - x)
                case .rightMirrored: (sourceX, sourceY) = (width - 1 - y, height - 1 - x)
                case .left: (sourceX, sourceY) = (width - 1 - y, x)
                }
                output[y * outWidth + x] = pixels[sourceY * width + sourceX]
            }
        }
        return PixelBuffer(width: outWidth, height: outHeight, pixels: output)
    }
}
