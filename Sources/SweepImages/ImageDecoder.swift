import SweepGraphics

/// The kinds of file `ImageDecoder` reads, told apart by their first bytes.
public enum ImageFormat: Sendable, Hashable {
    /// Starts with the PNG signature (137 P N G CR LF SUB LF).
    case png
    /// Starts with a JPEG start-of-image marker (FF D8 FF).
    case jpeg
    /// Markup with an `<svg` element in its first 4 KiB (or a file named .svg), drawn by librsvg.
    case svg
}

/// A decoded thumbnail and what it was made from.
public struct Thumbnail: Sendable, Hashable {
    /// Premultiplied ARGB, its longer side at most the size asked for (never scaled up; an SVG is
    /// drawn at the size asked for).
    public let bitmap: Bitmap
    public let format: ImageFormat
    /// The image's size as the file declares it.
    public let imageWidth: Int
    public let imageHeight: Int
    /// The size the library decoded at, before the box filter: a JPEG's
    /// scaled size (1/8, 1/4, 1/2 or 1 of the image), a PNG's full size, an SVG's drawn size.
    public let decodedWidth: Int
    public let decodedHeight: Int
}

/// Decodes PNG (libpng), JPEG (TurboJPEG) and SVG (librsvg) files into small bitmaps for
/// item views. Safe on hostile files: every failure is an `ImageError`,
/// sizes are checked before pixels are allocated, and neither library
/// unwinds through Swift. Stateless, so any thread may call it.
public enum ImageDecoder {
    /// The longest side accepted, in pixels.
    public static let maxSide = 16384
    /// The most pixels accepted (128 Mi: 512 MiB while a PNG is decoded whole).
    public static let maxPixels = 1 << 27
    /// The longest file read.
    public static let maxFileBytes = 256 << 20

    /// Reads the file at `path` and returns a thumbnail whose longer side
    /// is at most `size` (the image's aspect ratio kept), premultiplied.
    /// A file named .svg whose first bytes say nothing is read as SVG.
    public static func thumbnail(path: String, fitting size: Int) throws(ImageError) -> Bitmap {
        let bytes = try ImageFile.contents(of: path, maxBytes: maxFileBytes)
        let named = path.hasSuffix(".svg") || path.hasSuffix(".SVG")
        return try decode(bytes, fitting: size, format: format(of: bytes) ?? (named ? .svg : nil)).bitmap
    }

    /// The same for bytes in memory, with the sizes involved.
    /// `format` overrides the signature (an SVG told by its file's name).
    public static func decode(_ bytes: [UInt8], fitting size: Int, format given: ImageFormat? = nil) throws(ImageError) -> Thumbnail {
        let size = max(1, size)
        guard let format = given ?? format(of: bytes) else { throw .notAnImage }
        let decoded: DecodedImage
        switch format {
        case .png: decoded = try PNGDecoding.decode(bytes)
        case .jpeg: decoded = try JPEGDecoding.decode(bytes, fitting: size)
        case .svg: return try SVGDecoding.thumbnail(bytes, fitting: size)
        }
        var pixels = BoxFilter.premultipliedThumbnail(decoded.pixels, fitting: size)
        pixels = pixels.oriented(decoded.orientation)
        guard let bitmap = Bitmap(width: pixels.width, height: pixels.height, pixels: pixels.pixels) else {
            throw .corrupt("empty image")
        }
        return Thumbnail(bitmap: bitmap, format: format, imageWidth: decoded.imageWidth, imageHeight: decoded.imageHeight,
                         decodedWidth: decoded.pixels.width, decodedHeight: decoded.pixels.height)
    }

    /// PNG, JPEG or SVG by the file's first bytes (never its name); nil for anything else.
    public static func format(of bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if SVGDecoding.sniff(bytes) { return .svg }
        return nil
    }

    /// Refuses a declared size over the limits (zero sides are the libraries' to reject).
    static func checkSize(width: Int, height: Int) throws(ImageError) {
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw .tooLarge(width: width, height: height)
        }
    }
}

/// What a format decoder hands on: straight (not premultiplied) pixels.
struct DecodedImage {
    var pixels: PixelBuffer
    var imageWidth: Int
    var imageHeight: Int
    var orientation: Orientation = .up
}

/// Pixels as B, G, R, A bytes in memory (0xAARRGGBB read as a little-endian UInt32).
struct PixelBuffer {
    var width: Int
    var height: Int
    var pixels: [UInt32]
}
