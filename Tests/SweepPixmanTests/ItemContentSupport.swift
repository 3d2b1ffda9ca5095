import SweepGeometry
import SweepGraphics
import SweepViews
@testable import SweepPixman

/// A data source whose items' whole content comes from a closure, with
/// optional section headers.
final class ContentSource: ListDataSource {
    let sectionCounts: [Int]
    let headers: [String?]
    let make: (ItemPath) -> ItemContent

    init(_ counts: [Int], headers: [String?] = [], make: @escaping (ItemPath) -> ItemContent) {
        sectionCounts = counts
        self.headers = headers
        self.make = make
    }

    func title(for item: ItemPath) -> String { make(item).title }
    func headerTitle(forSection section: Int) -> String? { headers.indices.contains(section) ? headers[section] : nil }
    func content(for item: ItemPath) -> ItemContent { make(item) }
}

/// Pixel helpers for the item suites.
enum ItemPixels {
    static func opaque(_ color: Color) -> UInt32 {
        0xff00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }

    /// `color` at `opacity` over the opaque `background`, as an opaque pixel.
    static func blend(_ color: Color, opacity: Double, over background: Color) -> UInt32 {
        func channel(_ top: UInt8, _ bottom: UInt8) -> UInt32 {
            UInt32((Double(top) * opacity + Double(bottom) * (1 - opacity)).rounded())
        }
        return 0xff00_0000 | channel(color.red, background.red) << 16 | channel(color.green, background.green) << 8
            | channel(color.blue, background.blue)
    }

    /// Pixels in a device rectangle within `tolerance` of `pixel`.
    static func count(_ image: PixmanImage, x: Range<Int>, y: Range<Int>, near pixel: UInt32, tolerance: Int = 2) -> Int {
        var count = 0
        for row in y.clamped(to: 0..<image.height) {
            for column in x.clamped(to: 0..<image.width)
            where CanvasTestSupport.close(image.pixel(x: column, y: row), pixel, tolerance: tolerance) {
                count += 1
            }
        }
        return count
    }

    /// The smallest red channel in a device rectangle: how dark its darkest ink is (on a light background).
    static func darkest(_ image: PixmanImage, x: Range<Int>, y: Range<Int>) -> Int {
        var darkest = 255
        for row in y { for column in x { darkest = min(darkest, Int(image.pixel(x: column, y: row) >> 16 & 0xff)) } }
        return darkest
    }
}
