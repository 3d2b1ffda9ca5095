import SweepPNG

/// Questions tests ask of screenshots.
extension PNGImage {
    /// The number of pixels whose colour differs from `other`'s (of the same size).
    func differingPixels(from other: PNGImage) -> Int {
        guard width == other.width && height == other.height else { return width * height }
        return stride(from: 0, to: rgba.count, by: 4).filter { rgba[$0..<$0 + 4] != other.rgba[$0..<$0 + 4] }.count
    }

    /// Pixels in a rectangle (clipped to the image) whose luminance is below `threshold` (0–255).
    func darkPixelCount(x: Int, y: Int, width: Int, height: Int, threshold: Int = 110) -> Int {
        var count = 0
        for row in max(0, y)..<min(self.height, y + height) {
            for column in max(0, x)..<min(self.width, x + width) {
                let rgb = self.rgb(x: column, y: row)
                let luminance = (Int(rgb >> 16 & 0xff) * 299 + Int(rgb >> 8 & 0xff) * 587 + Int(rgb & 0xff) * 114) / 1000
                if luminance < threshold { count += 1 }
            }
        }
        return count
    }

    /// The bounding box of pixels of exactly `color` (0xRRGGBB), or nil.
    func boundingBox(of color: UInt32) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for row in 0..<height {
            for column in 0..<width where rgb(x: column, y: row) == color {
                minX = min(minX, column); maxX = max(maxX, column)
                minY = min(minY, row); maxY = max(maxY, row)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX, maxY)
    }

    func hex(x: Int, y: Int) -> String {
        "#" + String(rgb(x: x, y: y), radix: 16).leftPadded(to: 6)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension PNGImage {
    /// Pixels in a rectangle whose blue clearly outweighs red: the accent colour (buttons, checkmarks, the selected tab).
    func accentPixelCount(x: Int, y: Int, width: Int, height: Int) -> Int {
        var count = 0
        for row in max(0, y)..<min(self.height, y + height) {
            for column in max(0, x)..<min(self.width, x + width) {
                let rgb = self.rgb(x: column, y: row)
                if Int(rgb & 0xff) > Int(rgb >> 16 & 0xff) + 80 { count += 1 }
            }
        }
        return count
    }

    /// The part of the image from (x, y), `width` by `height` (clipped to the image): a window
    /// out of a screenshot of the whole output.
    func cropped(x: Int, y: Int, width: Int, height: Int) -> PNGImage {
        let left = max(0, x), top = max(0, y)
        let right = min(self.width, x + width), bottom = min(self.height, y + height)
        guard right > left, bottom > top else { return PNGImage(width: 1, height: 1, rgba: [0, 0, 0, 255]) }
        var rgba: [UInt8] = []
        rgba.reserveCapacity((right - left) * (bottom - top) * 4)
        for row in top..<bottom { rgba += self.rgba[(row * self.width + left) * 4 ..< (row * self.width + right) * 4] }
        return PNGImage(width: right - left, height: bottom - top, rgba: rgba)
    }
}
