import CSweepSVG
import Glibc
import SweepGraphics

/// SVG through librsvg, drawn by cairo straight at the size asked for (a
/// vector picture is rendered, not scaled, so it is sharp at any size and
/// may come out larger than its declared size). Data only: the document
/// has no base file, so librsvg loads no external reference. Both libraries
/// are loaded the first time an SVG is drawn (`SVGLibrary`); without them an
/// SVG is an `ImageError.missingLibrary` and PNG and JPEG are unaffected.
enum SVGDecoding {
    /// The longest SVG file read: icons are kilobytes; a larger file is more likely hostile than a picture.
    static let maxFileBytes = 4 << 20
    /// The longest side drawn.
    static let maxSide = 4096

    /// Whether `bytes` look like an SVG document: after an optional BOM and
    /// blanks, markup ("<?xml", "<!--", "<svg") with an `<svg` element in its first 4 KiB.
    static func sniff(_ bytes: [UInt8]) -> Bool {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else { return false }
        let head = bytes[start..<min(bytes.count, start + 4096)]
        let needle = Array("<svg".utf8)
        return head.indices.contains { index in head[index...].starts(with: needle) }
    }

    /// The document fitted into a square of `size` pixels (its aspect ratio kept; a document without
    /// a size or viewBox fills the square), premultiplied. `library` is the loaded librsvg and cairo.
    static func thumbnail(_ bytes: [UInt8], fitting size: Int,
                          library: Result<SVGLibrary, ImageError> = SVGLibrary.shared) throws(ImageError) -> Thumbnail {
        guard bytes.count <= maxFileBytes else { throw .fileTooLarge(bytes: bytes.count) }
        guard size <= maxSide else { throw .tooLarge(width: size, height: size) }
        var functions = try library.get().functions
        var message: UnsafeMutablePointer<CChar>?
        guard let handle = bytes.withUnsafeBufferPointer({ sweep_svg_open(&functions, $0.baseAddress, $0.count, &message) }) else {
            throw .corrupt(take(message) ?? "not an SVG document")
        }
        defer { sweep_svg_close(&functions, handle) }
        var declaredWidth = 0.0, declaredHeight = 0.0
        let hasSize = sweep_svg_size(&functions, handle, &declaredWidth, &declaredHeight) != 0
        let (width, height) = hasSize ? fitted(declaredWidth, declaredHeight, size) : (size, size)
        var pixels = [UInt32](repeating: 0, count: width * height)
        let failure = pixels.withUnsafeMutableBufferPointer { sweep_svg_render(&functions, handle, $0.baseAddress, Int32(width), Int32(height)) }
        if let failure = take(failure) { throw .corrupt(failure) }
        guard let bitmap = Bitmap(width: width, height: height, pixels: pixels) else { throw .corrupt("empty image") }
        func declared(_ side: Double) -> Int { hasSize ? Int(min(side.rounded(), 1e9)) : size }
        return Thumbnail(bitmap: bitmap, format: .svg, imageWidth: declared(declaredWidth), imageHeight: declared(declaredHeight),
                         decodedWidth: width, decodedHeight: height)
    }

    /// The size whose longer side is `size`, with the document's aspect ratio (each side at least 1).
    static func fitted(_ width: Double, _ height: Double, _ size: Int) -> (Int, Int) {
        let longer = max(width, height)
        func scaled(_ side: Double) -> Int { max(1, min(size, Int((side * Double(size) / longer).rounded()))) }
        return (scaled(width), scaled(height))
    }

    /// A message from the shim, freed.
    private static func take(_ message: UnsafeMutablePointer<CChar>?) -> String? {
        guard let message else { return nil }
        defer { free(message) }
        return String(cString: message)
    }
}
