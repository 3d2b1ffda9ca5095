import Glibc

/// Why a file gave no thumbnail. The descriptions leave the path out: the
/// caller knows it and puts it in front.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read; `errno` says why (`EISDIR` for a directory).
    case unreadable(path: String, errno: Int32)
    /// Neither a PNG nor a JPEG signature nor SVG markup: an empty file, other bytes, or not a regular file (a pipe, a device).
    case notAnImage
    /// The image declares a size over `ImageDecoder.maxSide` or `maxPixels`; refused before any pixel is allocated.
    case tooLarge(width: Int, height: Int)
    /// The file is longer than `ImageDecoder.maxFileBytes`; refused before reading it.
    case fileTooLarge(bytes: Int)
    /// libpng, TurboJPEG or librsvg rejected the data (truncated, bad checksums, bad markers): their message.
    /// A JPEG that decodes only with a warning (a truncated one, filled with grey) counts as corrupt.
    case corrupt(String)
    /// A well-formed image this decoder does not draw (a CMYK JPEG).
    case unsupported(String)
    /// A library loaded at run time is not installed (librsvg or cairo, for SVG): what is needed and why.
    case missingLibrary(String)

    public var description: String {
        switch self {
        case .unreadable(_, let code): "cannot read: \(String(cString: strerror(code)))"
        case .notAnImage: "not a PNG, JPEG or SVG image"
        case .tooLarge(let width, let height): "image too large (\(width)×\(height))"
        case .fileTooLarge(let bytes): "file too large (\(bytes) bytes)"
        case .corrupt(let message): "corrupt image: \(message)"
        case .unsupported(let what): "unsupported image: \(what)"
        case .missingLibrary(let message): message
        }
    }
}
