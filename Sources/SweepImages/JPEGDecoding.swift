import CTurboJPEG

/// JPEG through TurboJPEG, decoded at the smallest of its DCT scaling
/// factors (1/8, 1/4, 1/2, 1) that still covers the thumbnail, so a 24
/// megapixel photo for a 128-pixel cell decodes as 750×500.
enum JPEGDecoding {
    /// Scaling factors as (numerator, denominator), smallest first.
    static let factors: [(Int32, Int32)] = [(1, 8), (1, 4), (1, 2), (1, 1)]

    /// The smallest factor whose scaled longer side is still at least `size`; 1/1 when none is.
    static func scale(width: Int, height: Int, fitting size: Int) -> (num: Int32, denom: Int32) {
        let longer = Int32(clamping: max(width, height))
        for (num, denom) in factors where Int(sweep_tj_scaled(longer, num, denom)) >= size {
            return (num, denom)
        }
        return (1, 1)
    }

    static func decode(_ bytes: [UInt8], fitting size: Int) throws(ImageError) -> DecodedImage {
        guard let handle = tjInitDecompress() else { throw .corrupt("TurboJPEG could not start") }
        defer { tjDestroy(handle) }
        var decoded = try bytes.withUnsafeBufferPointer { buffer in
            decode(buffer, fitting: size, handle: handle)
        }.get()
        decoded.orientation = ExifOrientation.read(jpeg: bytes)
        return decoded
    }

    private static func decode(_ jpeg: UnsafeBufferPointer<UInt8>, fitting size: Int,
                               handle: tjhandle) -> Result<DecodedImage, ImageError> {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, jpeg.baseAddress, UInt(jpeg.count), &width, &height,
                                  &subsampling, &colorspace) == 0 else {
            return .failure(.corrupt(errorMessage(handle)))
        }
        guard width > 0, height > 0 else { return .failure(.corrupt("size \(width)×\(height)")) }
        do throws(ImageError) {
            try ImageDecoder.checkSize(width: Int(width), height: Int(height))
        } catch { return .failure(error) }
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            return .failure(.unsupported("CMYK JPEG"))
        }
        let (num, denom) = scale(width: Int(width), height: Int(height), fitting: size)
        let scaledWidth = sweep_tj_scaled(width, num, denom), scaledHeight = sweep_tj_scaled(height, num, denom)
        let count = Int(scaledWidth) * Int(scaledHeight)
        var status: Int32 = -1
        // A warning (a truncated file, filled with grey) also returns -1: that is a corrupt file here.
        let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = buffer.withMemoryRebound(to: UInt8.self) { bytes in
                tjDecompress2(handle, jpeg.baseAddress, UInt(jpeg.count), bytes.baseAddress, scaledWidth,
                              scaledWidth * 4, scaledHeight, Int32(TJPF_BGRA.rawValue), TJFLAG_FASTDCT)
            }
            initialized = status == 0 ? count : 0
        }
        guard status == 0 else { return .failure(.corrupt(errorMessage(handle))) }
        let buffer = PixelBuffer(width: Int(scaledWidth), height: Int(scaledHeight), pixels: pixels)
        return .success(DecodedImage(pixels: buffer, imageWidth: Int(width), imageHeight: Int(height)))
    }

    private static func errorMessage(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "TurboJPEG failed" }
        return String(cString: text)
    }
}
