import FuzzSupport
import SweepGraphics
import SweepImages

/// `ImageDecoder` on any bytes, as an item view's thumbnail loader calls
/// it: PNG (libpng), JPEG (TurboJPEG) and SVG (librsvg) told by their first
/// bytes. Every failure must be an `ImageError`; a thumbnail must fit the
/// size asked for, hold its pixels and be premultiplied.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImages(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The size asked for comes from the length, so a seed file stays a valid file.
    let fitting = 8 + bytes.count % 57
    do {
        let thumbnail = try ImageDecoder.decode(bytes, fitting: fitting)
        let bitmap = thumbnail.bitmap
        fuzzCheck(thumbnail.format == ImageDecoder.format(of: bytes), "decoded as \(thumbnail.format)")
        fuzzCheck(bitmap.width >= 1 && bitmap.height >= 1 && max(bitmap.width, bitmap.height) <= fitting,
                  "a \(bitmap.width)×\(bitmap.height) thumbnail for \(fitting)")
        fuzzCheck(bitmap.pixels.count == bitmap.width * bitmap.height, "\(bitmap.pixels.count) pixels")
        // Rasters past the limits are refused; an SVG's declared size is only what it says (it is drawn
        // at the size asked for), up to 10⁹.
        let limit = thumbnail.format == .svg ? 1_000_000_000 : ImageDecoder.maxSide
        fuzzCheck(thumbnail.imageWidth <= limit && thumbnail.imageHeight <= limit,
                  "a \(thumbnail.imageWidth)×\(thumbnail.imageHeight) image past the limits")
        for pixel in bitmap.pixels {
            let alpha = pixel >> 24
            fuzzCheck(pixel >> 16 & 0xFF <= alpha && pixel >> 8 & 0xFF <= alpha && pixel & 0xFF <= alpha,
                      "pixel \(String(pixel, radix: 16)) is not premultiplied")
        }
    } catch {
        _ = error.description
    }
    return 0
}

@main enum FuzzImagesMain {
    static func main() { runFuzzer(fuzzImages) }
}
