import SweepGeometry

/// Cheap edits for pictures on their way to the screen, pure Swift so an
/// `ImageSource.mapped` transform runs them on its background thread.
extension Bitmap {
    /// The largest centred square of the picture (a photo grid's cells).
    public func croppedToSquare() -> Bitmap {
        let side = min(width, height)
        return cropped(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side) ?? self
    }

    /// The pixels of the rectangle at (`x`, `y`), `width` × `height`, cut
    /// to the picture; nil when nothing of it is inside.
    public func cropped(x: Int, y: Int, width cropWidth: Int, height cropHeight: Int) -> Bitmap? {
        let left = max(0, x), top = max(0, y)
        let right = min(width, x &+ max(0, cropWidth)), bottom = min(height, y &+ max(0, cropHeight))
        guard right > left, bottom > top else { return nil }
        var cut: [UInt32] = []
        cut.reserveCapacity((right - left) * (bottom - top))
        for row in top..<bottom { cut.append(contentsOf: pixels[(row * width + left)..<(row * width + right)]) }
        return Bitmap(width: right - left, height: bottom - top, pixels: cut)
    }

    /// The picture with its corners rounded to `radius` pixels: outside the
    /// arcs transparent, on them blended by coverage (premultiplied, so
    /// every channel scales).
    public func withRoundedCorners(radius: Double) -> Bitmap {
        let r = min(max(0, radius), Double(min(width, height)) / 2)
        guard r > 0 else { return self }
        var out = pixels
        let reach = Int(saturating: r.rounded(.up))
        for row in 0..<min(reach, height) {
            for column in 0..<min(reach, width) {
                // The distance of the pixel's centre from the arc's centre, against the radius.
                let dx = r - (Double(column) + 0.5), dy = r - (Double(row) + 0.5)
                let coverage = min(1, max(0, r - (dx * dx + dy * dy).squareRoot() + 0.5))
                guard coverage < 1 else { continue }
                for (x, y) in [(column, row), (width - 1 - column, row), (column, height - 1 - row), (width - 1 - column, height - 1 - row)] {
                    out[y * width + x] = Self.scaled(pixels[y * width + x], by: coverage)
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: out) ?? self
    }

    /// A premultiplied pixel with every channel times `factor`.
    private static func scaled(_ pixel: UInt32, by factor: Double) -> UInt32 {
        var result: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let channel = Double((pixel >> UInt32(shift)) & 0xff) * factor
            result |= UInt32(saturating: channel.rounded()) << UInt32(shift)
        }
        return result
    }
}
