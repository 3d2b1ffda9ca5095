import SweepGraphics
import Testing
@testable import SweepPixman

/// Helpers shared by the pixman suites: canvases over fresh, cleared images,
/// and pixel counts over device-pixel ranges.
enum CanvasTestSupport {
    /// A canvas of `width` x `height` logical pixels at `scale`, cleared to transparent.
    static func canvas(width: Int = 200, height: Int = 60, scale: Double = 1) throws -> PixmanCanvas {
        let image = try #require(PixmanImage(width: Int((Double(width) * scale).rounded()),
                                             height: Int((Double(height) * scale).rounded())))
        return PixmanCanvas(image: image, scale: scale, fonts: try FontSet(scale: scale))
    }

    /// Pixels in a device rectangle that differ from `background`.
    static func inked(_ image: PixmanImage, x: Range<Int>, y: Range<Int>, background: UInt32 = 0) -> Int {
        var count = 0
        for row in y.clamped(to: 0..<image.height) {
            for column in x.clamped(to: 0..<image.width) where image.pixel(x: column, y: row) != background {
                count += 1
            }
        }
        return count
    }

    /// The summed alpha of every pixel, in pixels' worth of full coverage.
    static func coverage(_ image: PixmanImage) -> Double {
        var total = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width { total += Double(image.pixel(x: x, y: y) >> 24) / 255 }
        }
        return total
    }

    /// The columns that hold any pixel other than `background`, or nil when none does.
    static func inkColumns(_ image: PixmanImage, background: UInt32 = 0) -> ClosedRange<Int>? {
        var first: Int?, last: Int?
        for column in 0..<image.width {
            for row in 0..<image.height where image.pixel(x: column, y: row) != background {
                if first == nil { first = column }
                last = column
                break
            }
        }
        guard let first, let last else { return nil }
        return first...last
    }

    /// The rows that hold any pixel other than `background`, or nil when none does.
    static func inkRows(_ image: PixmanImage, background: UInt32 = 0) -> ClosedRange<Int>? {
        var first: Int?, last: Int?
        for row in 0..<image.height {
            for column in 0..<image.width where image.pixel(x: column, y: row) != background {
                if first == nil { first = row }
                last = row
                break
            }
        }
        guard let first, let last else { return nil }
        return first...last
    }

    /// Whether two premultiplied pixels agree within `tolerance` on every channel.
    static func close(_ a: UInt32, _ b: UInt32, tolerance: Int = 1) -> Bool {
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            let x = Int((a >> shift) & 0xff), y = Int((b >> shift) & 0xff)
            if abs(x - y) > tolerance { return false }
        }
        return true
    }

    /// Every pixel of two images of one size is equal.
    static func identical(_ a: PixmanImage, _ b: PixmanImage) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { return false } }
        return true
    }
}
