import CPNG

/// PNG through libpng's simplified API, which expands palettes, grey,
/// 16-bit channels and tRNS to 8-bit BGRA and reports errors in the
/// `png_image` (libpng catches its own longjmp) instead of unwinding.
enum PNGDecoding {
    static func decode(_ bytes: [UInt8]) throws(ImageError) -> DecodedImage {
        // libpng reads from the bytes until png_image_finish_read, so both calls stay inside one borrow.
        try bytes.withUnsafeBytes { raw in decode(raw) }.get()
    }

    private static func decode(_ raw: UnsafeRawBufferPointer) -> Result<DecodedImage, ImageError> {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
            return .failure(.corrupt(message(image)))
        }
        defer { png_image_free(&image) }
        let width = Int(image.width), height = Int(image.height)
        do throws(ImageError) { try ImageDecoder.checkSize(width: width, height: height) } catch { return .failure(error) }
        image.format = sweep_png_format_bgra()
        // 16-bit data without gAMA or sRGB is sRGB-encoded in practice (what GIMP and ImageMagick write).
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        var succeeded = false
        // Uninitialized: libpng writes every pixel on success; on failure the array is left empty.
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            succeeded = png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil) != 0
            count = succeeded ? width * height : 0
        }
        guard succeeded else { return .failure(.corrupt(message(image))) }
        return .success(DecodedImage(pixels: PixelBuffer(width: width, height: height, pixels: pixels),
                                     imageWidth: width, imageHeight: height))
    }

    private static func message(_ image: png_image) -> String {
        var image = image
        let text = String(cString: sweep_png_message(&image))
        return text.isEmpty ? "libpng failed" : text
    }
}
