import CPNG
import Glibc

/// Reads and writes PNG files through libpng's simplified API: any PNG libpng
/// reads (grey, palette, 16-bit, interlaced, tRNS) comes back as 8-bit RGBA;
/// writing makes an 8-bit RGBA PNG.
public enum PNGCodec {
    /// Larger images are refused before libpng allocates for them.
    public static let maximumSide = 1 << 15

    // MARK: Decoding

    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> PNGImage {
        let isPNG = bytes.count >= 8 && bytes.withUnsafeBufferPointer { png_sig_cmp($0.baseAddress, 0, 8) == 0 }
        guard isPNG else { throw .notPNG }
        // libpng reads from the bytes until png_image_finish_read, so both calls stay inside one borrow.
        return try bytes.withUnsafeBytes { raw in decode(raw) }.get()
    }

    private static func decode(_ raw: UnsafeRawBufferPointer) -> Result<PNGImage, PNGError> {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
            return .failure(error(image))
        }
        defer { png_image_free(&image) }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else {
            return .failure(.corrupt("size \(width)x\(height)"))
        }
        image.format = sweep_png_format_rgba()
        var succeeded = false
        let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            succeeded = png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil) != 0
            count = succeeded ? width * height * 4 : 0
        }
        guard succeeded else { return .failure(error(image)) }
        return .success(PNGImage(width: width, height: height, rgba: rgba))
    }

    public static func read(path: String) throws(PNGError) -> PNGImage {
        guard let file = fopen(path, "rb") else { throw .io("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        guard ferror(file) == 0 else { throw .io("cannot read \(path): \(String(cString: strerror(errno)))") }
        return try decode(bytes)
    }

    /// libpng's message as an error: running out of data is `truncated`.
    private static func error(_ image: png_image) -> PNGError {
        var image = image
        let text = String(cString: sweep_png_message(&image))
        if text.contains("end of data") || text.contains("Not enough") || text.contains("truncated") { return .truncated }
        return .corrupt(text.isEmpty ? "libpng failed" : text)
    }

    // MARK: Encoding

    /// An 8-bit RGBA PNG of `image`.
    public static func encode(_ image: PNGImage) throws(PNGError) -> [UInt8] {
        var header = png_image()
        header.version = UInt32(PNG_IMAGE_VERSION)
        header.width = UInt32(image.width)
        header.height = UInt32(image.height)
        header.format = sweep_png_format_rgba()
        let stride = Int32(image.width * 4)
        // The first call measures, the second writes into a buffer of that size.
        var size = 0
        let measured = image.rgba.withUnsafeBytes {
            png_image_write_to_memory(&header, nil, &size, 0, $0.baseAddress, stride, nil)
        }
        guard measured != 0, size > 0 else { throw error(header) }
        var succeeded = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            succeeded = image.rgba.withUnsafeBytes {
                png_image_write_to_memory(&header, buffer.baseAddress, &size, 0, $0.baseAddress, stride, nil)
            } != 0
            count = succeeded ? size : 0
        }
        guard succeeded else { throw error(header) }
        return bytes
    }

    /// Writes `image` to `path` through a temporary file and a rename, so a
    /// reader never sees half a file.
    public static func write(_ image: PNGImage, to path: String) throws(PNGError) {
        let bytes = try encode(image)
        let temporary = path + ".partial"
        guard let file = fopen(temporary, "wb") else { throw .io("cannot create \(temporary): \(String(cString: strerror(errno)))") }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        let flushed = fflush(file) == 0 && fsync(fileno(file)) == 0
        fclose(file)
        guard written == bytes.count, flushed, rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw .io("cannot write \(path): \(message)")
        }
    }
}
