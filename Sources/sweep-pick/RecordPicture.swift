import SweepIcons
import SweepImages
import SweepUI

/// Where a row's picture comes from: an image file (a record with
/// `--images`, or an icon given as an absolute path in rofi's and fuzzel's
/// metadata), or an icon given by name, found in the XDG icon theme.
enum RecordPicture: Hashable, Sendable, CustomStringConvertible {
    case file(String)
    case icon(String)

    /// The picture a record's metadata names: a path when it starts with "/", else an icon's name.
    init?(icon: String) {
        guard !icon.isEmpty else { return nil }
        self = icon.hasPrefix("/") ? .file(icon) : .icon(icon)
    }

    var description: String {
        switch self {
        case .file(let path): path
        case .icon(let name): name
        }
    }

    /// Files decoded by `ImageDecoder` (PNG, JPEG, SVG); icons looked up in
    /// `iconTheme` (nil: the desktop's, else hicolor) for the picture's size
    /// in logical pixels (`iconSize(grid:)`) at scale 1, and decoded or drawn
    /// (SVG) at the loader's size in pixels, as thumbnails are. The window's
    /// scale is not known when the loader is made, and the loader's size does
    /// not follow it: on a scale-2 output, icons are drawn as thumbnails are,
    /// enlarged. An icon no theme has gives a blank picture (its row's
    /// picture space stays empty, and nothing is said); an icon file that
    /// exists but cannot be decoded fails with its path, as a file does.
    static func source(iconTheme: String?, grid: Bool) -> ImageSource<RecordPicture> {
        // The theme's directories are listed on a decoding thread, at the first icon asked for.
        let icons = IconLookup(theme: iconTheme)
        let iconSize = iconSize(grid: grid)
        return .blocking { picture, size in
            switch picture {
            case .file(let path):
                return try ImageDecoder.thumbnail(path: path, fitting: size)
            case .icon(let name):
                guard let path = icons.path(forIcon: name, size: iconSize) else { return blank }
                do throws(ImageError) {
                    return try ImageDecoder.thumbnail(path: path, fitting: size)
                } catch {
                    throw IconFileError(path: path, error: error)
                }
            }
        }
    }

    /// The size icons are looked up at, in logical pixels: a list row's
    /// picture is its 44 px height less 8; a grid cell's picture area, in
    /// the default 100 px cell, is 88 wide and about 70 high. Looked up by
    /// the loader's size instead (40 px), a theme's 22@2 (44 px) directory
    /// would be nearer than its 32 px one, and its 22 px icons are drawn for
    /// 22 px (Breeze's are outlines, where its 32 px ones are in colour).
    static func iconSize(grid: Bool) -> Int { grid ? 64 : 36 }

    /// One transparent pixel: drawn in the picture's square, it leaves it empty.
    static let blank = Bitmap(width: 1, height: 1, pixels: [0])!
}

/// An icon's file that could not be decoded: which file, and why.
struct IconFileError: Error, CustomStringConvertible {
    let path: String
    let error: ImageError
    var description: String { "\(path): \(error)" }
}
