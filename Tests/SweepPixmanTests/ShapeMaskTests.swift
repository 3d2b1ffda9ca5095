import SweepGeometry
import SweepGraphics
import Testing
@testable import SweepPixman

/// Circles, rings and rounded rectangles drawn through cached masks look
/// like the polygons they replace (the same coverage, the same corners).
@Suite struct ShapeMaskTests {
    private func alphaSum(_ canvas: PixmanCanvas) -> Int {
        var sum = 0
        for y in 0..<canvas.image.height { for x in 0..<canvas.image.width { sum += Int(canvas.image.pixel(x: x, y: y) >> 24) } }
        return sum
    }

    private func maxDifference(_ a: PixmanCanvas, _ b: PixmanCanvas) -> Int {
        var worst = 0
        for y in 0..<a.image.height {
            for x in 0..<a.image.width {
                worst = max(worst, abs(Int(a.image.pixel(x: x, y: y) >> 24) - Int(b.image.pixel(x: x, y: y) >> 24)))
            }
        }
        return worst
    }

    @Test(arguments: [(20.0, 20.0, 10.0), (20.5, 20.25, 10.5), (31.75, 30.5, 15.0)])
    func aCircleFromTheCacheCoversWhatThePolygonCovers(x: Double, y: Double, radius: Double) throws {
        let masked = try CanvasTestSupport.canvas(width: 64, height: 64), polygon = try CanvasTestSupport.canvas(width: 64, height: 64)
        masked.fillCircle(center: Point(x: x, y: y), radius: radius, color: .black)
        polygon.polygonFillCircle(center: Point(x: x, y: y), radius: radius, color: .black)
        let a = alphaSum(masked), b = alphaSum(polygon)
        #expect(abs(a - b) * 100 < b * 2, "coverage \(a) against \(b)")
        #expect(maxDifference(masked, polygon) < 140, "edges within about half a pixel")
        #expect(masked.image.pixel(x: Int(x), y: Int(y)) >> 24 == 0xff, "the middle is covered")
    }

    @Test func aRingLeavesItsMiddleEmpty() throws {
        let canvas = try CanvasTestSupport.canvas(width: 40, height: 40)
        canvas.strokeCircle(center: Point(x: 20, y: 20), radius: 10, lineWidth: 2, color: .black)
        #expect(canvas.image.pixel(x: 20, y: 20) == 0)
        #expect(canvas.image.pixel(x: 30, y: 20) >> 24 > 0x80)
        #expect(canvas.image.pixel(x: 20, y: 10) >> 24 > 0x80)
    }

    @Test(arguments: [1.0, 2.0])
    func aRoundedRectangleMatchesThePolygon(scale: Double) throws {
        let masked = try CanvasTestSupport.canvas(width: 120, height: 120, scale: scale)
        let polygon = try CanvasTestSupport.canvas(width: 120, height: 120, scale: scale)
        let rect = Rect(x: 10, y: 10, width: 100, height: 100)
        masked.fillRoundedRect(rect, radius: 8, color: .black)
        polygon.polygonFillRoundedRect(rect, radius: 8, color: .black)
        #expect(maxDifference(masked, polygon) < 140)
        let a = alphaSum(masked), b = alphaSum(polygon)
        #expect(abs(a - b) * 1000 < b * 5, "coverage \(a) against \(b)")
        // The corner itself is outside the curve; the middle and the edges' centres are in.
        #expect(masked.image.pixel(x: Int(10 * scale), y: Int(10 * scale)) == 0)
        #expect(masked.image.pixel(x: Int(60 * scale), y: Int(10 * scale)) >> 24 == 0xff)
        #expect(masked.image.pixel(x: Int(60 * scale), y: Int(60 * scale)) >> 24 == 0xff)
    }

    /// Off the pixel grid (a grid's cells at scale 2) the rectangle is snapped to it and still
    /// drawn from the cached corners, not by the polygon rasterizer.
    @Test(arguments: [1.0, 2.0])
    func aRoundedRectangleOffThePixelGridIsSnappedToIt(scale: Double) throws {
        let off = try CanvasTestSupport.canvas(width: 60, height: 60, scale: scale)
        let on = try CanvasTestSupport.canvas(width: 60, height: 60, scale: scale)
        let polygon = try CanvasTestSupport.canvas(width: 60, height: 60, scale: scale)
        off.fillRoundedRect(Rect(x: 10.3, y: 10.6, width: 40.2, height: 30.1), radius: 6, color: .black)
        // The same edges rounded to device pixels.
        let snapped = Rect(x: (10.3 * scale).rounded() / scale, y: (10.6 * scale).rounded() / scale,
                           width: ((50.5 * scale).rounded() - (10.3 * scale).rounded()) / scale,
                           height: ((40.7 * scale).rounded() - (10.6 * scale).rounded()) / scale)
        on.fillRoundedRect(snapped, radius: 6, color: .black)
        polygon.polygonFillRoundedRect(snapped, radius: 6, color: .black)
        #expect(maxDifference(off, on) == 0)
        #expect(maxDifference(off, polygon) < 140)
    }

    /// Masks outlive the canvas of one frame: the next frame's canvas, made over the same fonts,
    /// finds them (each frame rasterized its shapes again before).
    @Test func masksAreKeptFromFrameToFrame() throws {
        let fonts = try FontSet(scale: 2)
        let image = try #require(PixmanImage(width: 200, height: 200))
        for frame in 0..<3 {
            let canvas = PixmanCanvas(image: image, scale: 2, fonts: fonts)
            for cell in 0..<8 {
                canvas.fillCircle(center: Point(x: 10 + Double(cell) * 11.3, y: 20.6), radius: 6, color: .black)
                canvas.strokeCircle(center: Point(x: 10 + Double(cell) * 11.3, y: 50.2), radius: 6, lineWidth: 1.5, color: .black)
            }
            // Eight centres at four quarter-pixel offsets, for a disc and a ring: the same masks each frame.
            #expect(fonts.shapeMasks.count <= 16, "frame \(frame): \(fonts.shapeMasks.count) masks")
            #expect(fonts.shapeMasks.count >= 2)
        }
    }

    /// Past the limit the least recently used mask goes, not one used a moment ago.
    @Test func theLeastRecentlyUsedMaskGoesFirst() {
        let masks = ShapeMasks()
        let kept = masks.mask(radius: 5, lineWidth: 0, fraction: (0, 0))
        for index in 0..<(ShapeMasks.limit + 10) {
            _ = masks.mask(radius: 5, lineWidth: 0, fraction: (0, 0))   // used again and again
            // Small masks, each new: radii 1 to 25.75 in quarters, rings up to 2.5 wide.
            _ = masks.mask(radius: 1 + Double(index % 100) / 4, lineWidth: Double(index / 100) / 4, fraction: (0, 0))
        }
        #expect(masks.count == ShapeMasks.limit)
        #expect(masks.mask(radius: 5, lineWidth: 0, fraction: (0, 0))?.image == kept?.image)
    }

    @Test func translucentCornersBlendOnce() throws {
        // The straight parts and the corners do not overlap: a translucent fill is even.
        let canvas = try CanvasTestSupport.canvas(width: 60, height: 60)
        canvas.fillRoundedRect(Rect(x: 10, y: 10, width: 40, height: 40), radius: 8, color: Color(rgb: 0x000000).withOpacity(0.5))
        let middle = canvas.image.pixel(x: 30, y: 30) >> 24, side = canvas.image.pixel(x: 12, y: 30) >> 24
        let corner = canvas.image.pixel(x: 16, y: 16) >> 24
        #expect(middle == side && middle == corner && middle > 0x70 && middle < 0x90, "\(middle) \(side) \(corner)")
    }
}
