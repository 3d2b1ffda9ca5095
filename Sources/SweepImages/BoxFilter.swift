/// Premultiplies straight pixels and scales them down with a box filter:
/// each source pixel counts once, in the one target pixel it falls in.
/// Averaging premultiplied values keeps transparent pixels' colours out.
enum BoxFilter {
    /// The size whose longer side is `size` with the aspect ratio kept; the same size when already within it.
    static func fittedSize(width: Int, height: Int, fitting size: Int) -> (width: Int, height: Int) {
        let longer = max(width, height)
        guard longer > size else { return (width, height) }
        func scaled(_ side: Int) -> Int { max(1, (side * size + longer / 2) / longer) }
        return (scaled(width), scaled(height))
    }

    /// `source` (B, G, R, A bytes, straight alpha) fitted into `size`, as premultiplied 0xAARRGGBB.
    static func premultipliedThumbnail(_ source: PixelBuffer, fitting size: Int) -> PixelBuffer {
        let (width, height) = fittedSize(width: source.width, height: source.height, fitting: size)
        // Where each target column and row starts in the source; every box holds at least one pixel.
        let columns = (0...width).map { $0 * source.width / width }
        let rows = (0...height).map { $0 * source.height / height }
        // The target column of each source column: one pass over each source row.
        var target = [Int](repeating: 0, count: source.width)
        for x in 0..<width { for column in columns[x]..<columns[x + 1] { target[column] = x } }
        var output = [UInt32](repeating: 0, count: width * height)
        var sums = [UInt64](repeating: 0, count: width * 4)
        source.pixels.withUnsafeBufferPointer { pixels in
            target.withUnsafeBufferPointer { target in
                sums.withUnsafeMutableBufferPointer { sums in
                    output.withUnsafeMutableBufferPointer { output in
                        for y in 0..<height {
                            sums.update(repeating: 0)
                            for sourceRow in rows[y]..<rows[y + 1] {
                                let rowStart = sourceRow * source.width
                                for column in 0..<source.width {
                                    let pixel = premultiply(UInt32(littleEndian: pixels[rowStart + column]))
                                    let sum = target[column] * 4
                                    sums[sum] += UInt64(pixel >> 24)
                                    sums[sum + 1] += UInt64((pixel >> 16) & 0xFF)
                                    sums[sum + 2] += UInt64((pixel >> 8) & 0xFF)
                                    sums[sum + 3] += UInt64(pixel & 0xFF)
                                }
                            }
                            let boxHeight = UInt64(rows[y + 1] - rows[y])
                            for x in 0..<width {
                                let count = boxHeight * UInt64(columns[x + 1] - columns[x])
                                func average(_ channel: Int) -> UInt32 { UInt32((sums[x * 4 + channel] + count / 2) / count) }
                                output[y * width + x] = average(0) << 24 | average(1) << 16 | average(2) << 8 | average(3)
                            }
                        }
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: height, pixels: output)
    }

    /// 0xAARRGGBB with straight alpha, premultiplied (each colour × alpha / 255, rounded).
    @inline(__always)
    static func premultiply(_ pixel: UInt32) -> UInt32 {
        let alpha = pixel >> 24
        if alpha == 0xFF { return pixel }
        if alpha == 0 { return 0 }
        func scaled(_ shift: UInt32) -> UInt32 {
            let product = ((pixel >> shift) & 0xFF) * alpha + 128
            return ((product + (product >> 8)) >> 8) << shift
        }
        return alpha << 24 | scaled(16) | scaled(8) | scaled(0)
    }
}
