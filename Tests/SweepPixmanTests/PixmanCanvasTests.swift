import SweepGeometry
import SweepGraphics
import Testing
@testable import SweepPixman

/// Fills, clips and shapes on real pixman images: exact premultiplied pixels
/// where the canvas promises them, and nothing outside what was drawn.
@Suite struct PixmanCanvasTests {
    typealias Support = CanvasTestSupport

    // MARK: fill

    @Test func aNewCanvasIsTransparent() throws {
        let canvas = try Support.canvas()
        #expect(Support.inked(canvas.image, x: 0..<200, y: 0..<60) == 0)
        #expect(canvas.size == Size(width: 200, height: 60))
    }

    @Test(arguments: [0x336699, 0xffffff, 0x000000, 0x0a6cdf] as [UInt32])
    func anOpaqueFillWritesTheExactPixelInsideAndNothingOutside(rgb: UInt32) throws {
        let canvas = try Support.canvas()
        canvas.fill(Rect(x: 10, y: 20, width: 5, height: 3), color: Color(rgb: rgb))
        let expected = 0xff00_0000 | rgb
        for y in 0..<60 {
            for x in 0..<200 {
                let inside = (10..<15).contains(x) && (20..<23).contains(y)
                let pixel = canvas.image.pixel(x: x, y: y)
                if pixel != (inside ? expected : 0) {
                    Issue.record("pixel (\(x), \(y)) is \(String(pixel, radix: 16))")
                    return
                }
            }
        }
    }

    @Test func anOpaqueFillReplacesWhatWasThere() throws {
        let canvas = try Support.canvas()
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: Color(rgb: 0xff0000))
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: Color(rgb: 0x00ff00))
        #expect(canvas.image.pixel(x: 5, y: 5) == 0xff00ff00)
    }

    @Test func fillsAreScaledToDevicePixels() throws {
        let canvas = try Support.canvas(scale: 2)
        canvas.fill(Rect(x: 10, y: 10, width: 5, height: 5), color: .black)
        #expect(Support.inked(canvas.image, x: 0..<400, y: 0..<120) == 100)
        #expect(canvas.image.pixel(x: 20, y: 20) == 0xff000000)
        #expect(canvas.image.pixel(x: 29, y: 29) == 0xff000000)
        #expect(canvas.image.pixel(x: 30, y: 29) == 0 && canvas.image.pixel(x: 19, y: 20) == 0)
    }

    @Test func fractionalEdgesSnapToTheNearestDevicePixel() throws {
        // At 1.5: 1 → 1.5 → 2 and 4 → 6, so device columns 2..<6.
        let canvas = try Support.canvas(scale: 1.5)
        canvas.fill(Rect(x: 1, y: 1, width: 3, height: 3), color: .black)
        #expect(Support.inked(canvas.image, x: 0..<300, y: 0..<90) == 16)
        #expect(canvas.image.pixel(x: 2, y: 2) == 0xff000000 && canvas.image.pixel(x: 5, y: 5) == 0xff000000)
    }

    @Test func aHairlineStillCoversOneDevicePixel() throws {
        let canvas = try Support.canvas()
        canvas.fill(Rect(x: 0, y: 10, width: 20, height: 0.3), color: .black)
        #expect(Support.inked(canvas.image, x: 0..<200, y: 0..<60) == 20)
        #expect(canvas.image.pixel(x: 0, y: 10) == 0xff000000)
    }

    @Test func fillsOutsideTheImageAreCut() throws {
        let canvas = try Support.canvas()
        canvas.fill(Rect(x: -10, y: -10, width: 15, height: 15), color: .black)
        canvas.fill(Rect(x: 195, y: 55, width: 100, height: 100), color: .black)
        #expect(Support.inked(canvas.image, x: 0..<200, y: 0..<60) == 25 + 25)
    }

    @Test func aTransparentFillDrawsNothing() throws {
        let canvas = try Support.canvas()
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .white)
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .clear)
        #expect(canvas.image.pixel(x: 5, y: 5) == 0xffffffff)
    }

    // MARK: blending

    @Test func aTranslucentFillOverNothingIsThePremultipliedColour() throws {
        let canvas = try Support.canvas()
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: Color(rgb: 0x336699).withOpacity(0.5))
        // Alpha 128: each channel times 128/255.
        let expected: UInt32 = 0x80 << 24 | (0x33 * 128 / 255) << 16 | (0x66 * 128 / 255) << 8 | (0x99 * 128 / 255)
        let pixel = canvas.image.pixel(x: 5, y: 5)
        #expect(Support.close(pixel, expected), "got \(String(pixel, radix: 16)), expected \(String(expected, radix: 16))")
    }

    @Test func translucentFillsBlendOver() throws {
        let canvas = try Support.canvas()
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .white)
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: Color.black.withOpacity(0.5))
        // Half black over white: 255 × (1 − 128/255) = 127.
        #expect(Support.close(canvas.image.pixel(x: 5, y: 5), 0xff7f7f7f))
        canvas.fill(Rect(x: 20, y: 0, width: 10, height: 10), color: Color(rgb: 0x0000ff))
        canvas.fill(Rect(x: 20, y: 0, width: 10, height: 10), color: Color(red: 255, green: 0, blue: 0, alpha: 128))
        // Red at 128 over blue: red 128, blue 255 × 127/255.
        #expect(Support.close(canvas.image.pixel(x: 25, y: 5), 0xff80007f))
        #expect(canvas.image.pixel(x: 15, y: 5) == 0, "between the two fills")
    }

    @Test func repeatedTranslucentFillsDarkenStepByStep() throws {
        let canvas = try Support.canvas()
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: .white)
        var previous = canvas.image.pixel(x: 0, y: 0) & 0xff
        for _ in 0..<4 {
            canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: Color.black.withOpacity(0.25))
            let blue = canvas.image.pixel(x: 0, y: 0) & 0xff
            #expect(blue < previous)
            previous = blue
        }
        #expect(canvas.image.pixel(x: 0, y: 0) >> 24 == 0xff, "stays opaque")
    }

    // MARK: clipping

    @Test func withClipRestrictsFills() throws {
        let canvas = try Support.canvas()
        canvas.withClip(Rect(x: 5, y: 5, width: 20, height: 20)) {
            canvas.fill(Rect(x: 0, y: 0, width: 200, height: 60), color: .black)
        }
        #expect(Support.inked(canvas.image, x: 0..<200, y: 0..<60) == 400)
        #expect(canvas.image.pixel(x: 5, y: 5) == 0xff000000 && canvas.image.pixel(x: 24, y: 24) == 0xff000000)
        #expect(canvas.image.pixel(x: 25, y: 10) == 0 && canvas.image.pixel(x: 4, y: 10) == 0)
    }

    @Test func theClipEndsWithItsBlock() throws {
        let canvas = try Support.canvas()
        canvas.withClip(Rect(x: 0, y: 0, width: 20, height: 20)) {}
        canvas.fill(Rect(x: 100, y: 30, width: 1, height: 1), color: .black)
        canvas.fillCircle(center: Point(x: 150, y: 30), radius: 5, color: .black)
        #expect(canvas.image.pixel(x: 100, y: 30) == 0xff000000)
        #expect(canvas.image.pixel(x: 150, y: 30) == 0xff000000)
    }

    @Test func nestedClipsIntersectAndRestoreTheOuterOne() throws {
        let canvas = try Support.canvas()
        canvas.withClip(Rect(x: 0, y: 0, width: 50, height: 50)) {
            canvas.withClip(Rect(x: 40, y: 40, width: 50, height: 50)) {
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 60), color: .black)
            }
            #expect(Support.inked(canvas.image, x: 0..<200, y: 0..<60) == 100, "only the 10 x 10 overlap")
            canvas.fill(Rect(x: 0, y: 0, width: 200, height: 60), color: Color(rgb: 0x00ff00))
        }
        #expect(canvas.image.pixel(x: 49, y: 49) == 0xff00ff00)
        #expect(canvas.image.pixel(x: 50, y: 10) == 0, "the outer clip still held after the inner block")
        #expect(Support.inked(canvas.image, x: 0..<200, y: 0..<60) == 2500)
    }

    @Test func aClipOutsideTheCanvasDrawsNothing() throws {
        let canvas = try Support.canvas()
        canvas.withClip(Rect(x: 500, y: 500, width: 10, height: 10)) {
            canvas.fill(Rect(x: 0, y: 0, width: 200, height: 60), color: .black)
            canvas.fillCircle(center: Point(x: 30, y: 30), radius: 20, color: .black)
            canvas.drawText("Hidden", at: Point(x: 5, y: 5), role: .body, color: .black, maxWidth: nil)
        }
        #expect(Support.inked(canvas.image, x: 0..<200, y: 0..<60) == 0)
    }

    @Test func withClipRestrictsPolygonsAndText() throws {
        let canvas = try Support.canvas()
        canvas.withClip(Rect(x: 0, y: 0, width: 30, height: 60)) {
            canvas.fillCircle(center: Point(x: 30, y: 30), radius: 20, color: .black)
            canvas.drawText("Clipped text here", at: Point(x: 0, y: 0), role: .body, color: .black, maxWidth: nil)
        }
        #expect(canvas.image.pixel(x: 25, y: 30) == 0xff000000, "the circle's left half is drawn")
        #expect(Support.inked(canvas.image, x: 0..<30, y: 0..<20) > 20, "so is the start of the text")
        #expect(Support.inked(canvas.image, x: 30..<200, y: 0..<60) == 0, "nothing right of the clip")
    }

    @Test func clipsAtScaleTwoCoverTheScaledRectangle() throws {
        let canvas = try Support.canvas(scale: 2)
        canvas.withClip(Rect(x: 10, y: 10, width: 10, height: 10)) {
            canvas.fill(Rect(x: 0, y: 0, width: 200, height: 60), color: .black)
        }
        #expect(Support.inked(canvas.image, x: 0..<400, y: 0..<120) == 400)
        #expect(canvas.image.pixel(x: 20, y: 20) == 0xff000000 && canvas.image.pixel(x: 39, y: 39) == 0xff000000)
    }

    // MARK: shapes

    @Test func circlesCoverTheirCentreNotTheirCorners() throws {
        let canvas = try Support.canvas()
        let center = Point(x: 30, y: 30), radius = 10.0
        canvas.fillCircle(center: center, radius: radius, color: .black)
        for (x, y) in [(30, 30), (29, 29), (22, 30), (37, 30), (30, 22), (30, 37)] {
            #expect(canvas.image.pixel(x: x, y: y) == 0xff000000, "(\(x), \(y)) well inside")
        }
        for (x, y) in [(20, 20), (39, 20), (20, 39), (39, 39), (21, 21), (38, 38)] {
            #expect(canvas.image.pixel(x: x, y: y) == 0, "bounding-box corner (\(x), \(y))")
        }
        #expect(Support.inked(canvas.image, x: 0..<200, y: 0..<60) == Support.inked(canvas.image, x: 19..<41, y: 19..<41),
                "nothing outside the bounding box")
        // Anti-aliased: some edge pixel is partly covered.
        let row = (0..<60).map { canvas.image.pixel(x: $0, y: 30) >> 24 }
        #expect(row.contains { $0 > 0 && $0 < 255 })
    }

    @Test(arguments: [1.0, 2.0])
    func aCirclesCoverageIsItsArea(scale: Double) throws {
        let canvas = try Support.canvas(width: 60, height: 60, scale: scale)
        canvas.fillCircle(center: Point(x: 30, y: 30), radius: 12, color: .black)
        let coverage = Support.coverage(canvas.image)
        let area = Double.pi * 12 * 12 * scale * scale
        #expect(abs(coverage - area) / area < 0.04, "coverage \(coverage), area \(area)")
    }

    @Test func degenerateShapesDrawNothing() throws {
        let canvas = try Support.canvas()
        canvas.fillCircle(center: Point(x: 30, y: 30), radius: 0, color: .black)
        canvas.fillConvexPolygon([Point(x: 0, y: 0), Point(x: 50, y: 50)], color: .black)
        canvas.drawLine(from: Point(x: 5, y: 5), to: Point(x: 5, y: 5), lineWidth: 3, color: .black)
        canvas.fillCircle(center: Point(x: 30, y: 30), radius: 10, color: .clear)
        #expect(Support.inked(canvas.image, x: 0..<200, y: 0..<60) == 0)
    }

    @Test func aTriangleFillsItsInsideOnly() throws {
        let canvas = try Support.canvas()
        canvas.fillConvexPolygon([Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 0, y: 40)], color: .black)
        #expect(canvas.image.pixel(x: 5, y: 5) == 0xff000000)
        #expect(canvas.image.pixel(x: 30, y: 30) == 0, "beyond the hypotenuse")
        #expect(Support.inked(canvas.image, x: 40..<200, y: 0..<60) == 0)
    }

    @Test func roundedRectanglesCutTheirCorners() throws {
        let canvas = try Support.canvas()
        canvas.fillRoundedRect(Rect(x: 10, y: 10, width: 40, height: 30), radius: 8, color: .black)
        #expect(canvas.image.pixel(x: 30, y: 25) == 0xff000000)
        #expect(canvas.image.pixel(x: 30, y: 10) == 0xff000000, "straight top edge")
        #expect(canvas.image.pixel(x: 10, y: 10) == 0, "corner cut")
        #expect(canvas.image.pixel(x: 49, y: 39) == 0, "corner cut")
        #expect(Support.inked(canvas.image, x: 0..<200, y: 0..<60) == Support.inked(canvas.image, x: 10..<50, y: 10..<40))
    }

    @Test func checkmarksPaintInsideTheirRectangleOnly() throws {
        let canvas = try Support.canvas()
        let box = Rect(x: 100, y: 10, width: 20, height: 20)
        canvas.drawCheckmark(in: box, lineWidth: 2, color: .black)
        #expect(Support.inked(canvas.image, x: 100..<120, y: 10..<30) > 20)
        #expect(Support.inked(canvas.image, x: 0..<200, y: 0..<60) == Support.inked(canvas.image, x: 100..<120, y: 10..<30),
                "nothing outside the rectangle")
        // Both strokes and the joint at (42 %, 76 %) are inked; the top-left and bottom-right corners are not.
        #expect(canvas.image.pixel(x: 108, y: 25) >> 24 > 0x80, "the joint")
        #expect(canvas.image.pixel(x: 106, y: 22) >> 24 > 0x80, "the short stroke's middle")
        #expect(canvas.image.pixel(x: 112, y: 20) >> 24 > 0x80, "the long stroke's middle")
        #expect(Support.inked(canvas.image, x: 100..<103, y: 10..<13) == 0)
        #expect(Support.inked(canvas.image, x: 117..<120, y: 27..<30) == 0)
    }

    @Test func checkmarksScaleWithTheCanvas() throws {
        let one = try Support.canvas(), two = try Support.canvas(scale: 2)
        for canvas in [one, two] {
            canvas.drawCheckmark(in: Rect(x: 10, y: 10, width: 20, height: 20), lineWidth: 2, color: .black)
        }
        // Twice the size each way: four times the ink.
        let inkOne = Support.coverage(one.image), inkTwo = Support.coverage(two.image)
        #expect(inkOne > 20)
        #expect(abs(inkTwo / inkOne - 4) < 0.4, "\(inkOne) vs \(inkTwo)")
    }
}
