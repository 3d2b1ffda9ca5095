import SweepGeometry
import SweepGraphics
import Testing
@testable import SweepPixman

/// The painter on real pixman images with real fonts (fontconfig's default sans).
@Suite struct PixmanCanvasTests {
    private func canvas(width: Int = 200, height: Int = 60, scale: Double = 1) throws -> PixmanCanvas {
        let image = try #require(PixmanImage(width: Int(Double(width) * scale), height: Int(Double(height) * scale)))
        return PixmanCanvas(image: image, scale: scale, fonts: try FontSet(scale: scale))
    }

    /// Pixels in a device rectangle whose alpha or colour is not `background`.
    private func inked(_ canvas: PixmanCanvas, x: Range<Int>, y: Range<Int>, background: UInt32 = 0) -> Int {
        var count = 0
        for row in y { for column in x where canvas.image.pixel(x: column, y: row) != background { count += 1 } }
        return count
    }

    @Test func fillWritesTheExactColourAndNothingElse() throws {
        let canvas = try canvas()
        canvas.fill(Rect(x: 10, y: 10, width: 5, height: 5), color: Color(rgb: 0x336699))
        #expect(canvas.image.pixel(x: 10, y: 10) == 0xff336699)
        #expect(canvas.image.pixel(x: 14, y: 14) == 0xff336699)
        #expect(canvas.image.pixel(x: 15, y: 14) == 0)
        #expect(canvas.image.pixel(x: 9, y: 10) == 0)
    }

    @Test func translucentFillsBlend() throws {
        let canvas = try canvas()
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .white)
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: Color.black.withOpacity(0.5))
        let pixel = canvas.image.pixel(x: 5, y: 5)
        #expect(pixel >> 24 == 0xff)
        let red = Int(pixel >> 16 & 0xff)
        #expect(abs(red - 128) <= 2, "half black over white is mid grey, got \(red)")
    }

    @Test func clipsRestrictDrawing() throws {
        let canvas = try canvas()
        canvas.withClip(Rect(x: 0, y: 0, width: 20, height: 20)) {
            canvas.fill(Rect(x: 0, y: 0, width: 100, height: 50), color: .black)
        }
        #expect(canvas.image.pixel(x: 19, y: 19) == 0xff000000)
        #expect(canvas.image.pixel(x: 20, y: 5) == 0)
        // The clip ends with the block.
        canvas.fill(Rect(x: 30, y: 30, width: 1, height: 1), color: .black)
        #expect(canvas.image.pixel(x: 30, y: 30) == 0xff000000)
    }

    @Test func circlesCoverTheirCentreNotTheirCorners() throws {
        let canvas = try canvas()
        canvas.fillCircle(center: Point(x: 30, y: 30), radius: 10, color: .black)
        #expect(canvas.image.pixel(x: 30, y: 30) == 0xff000000)
        #expect(canvas.image.pixel(x: 21, y: 21) == 0, "the bounding box corner is outside the circle")
        // Anti-aliased: some edge pixel is partly covered.
        let edge = (0..<60).map { canvas.image.pixel(x: $0, y: 30) >> 24 }
        #expect(edge.contains { $0 > 0 && $0 < 255 })
    }

    @Test func checkmarksDrawInsideTheirBox() throws {
        let canvas = try canvas()
        canvas.drawCheckmark(in: Rect(x: 100, y: 10, width: 20, height: 20), lineWidth: 2, color: .black)
        #expect(inked(canvas, x: 100..<120, y: 10..<30) > 20)
        #expect(inked(canvas, x: 0..<98, y: 0..<60) == 0)
    }

    @Test func textLeavesInkWithinItsMeasuredWidth() throws {
        let canvas = try canvas(width: 300)
        let width = canvas.measureText("Amber Ridge", role: .body)
        #expect(width > 40 && width < 150)
        let drawn = canvas.drawText("Amber Ridge", at: Point(x: 5, y: 5), role: .body, color: .black, maxWidth: nil)
        #expect(drawn == width)
        #expect(inked(canvas, x: 5..<Int(5 + width), y: 5..<25) > 50)
        #expect(inked(canvas, x: Int(5 + width) + 2..<300, y: 0..<60) == 0)
    }

    @Test func longTextEndsWithAnEllipsisInsideItsLimit() throws {
        let canvas = try canvas(width: 300)
        let text = "A title much too long to fit in a narrow column"
        let full = canvas.measureText(text, role: .body)
        let drawn = canvas.drawText(text, at: Point(x: 0, y: 5), role: .body, color: .black, maxWidth: 100)
        #expect(full > 100)
        #expect(drawn <= 100 && drawn > 60)
        #expect(inked(canvas, x: 101..<300, y: 0..<60) == 0, "nothing past the limit")
        // The last glyph drawn is the ellipsis: three dots, low on the line, ink at its right end.
        let ellipsis = canvas.measureText("…", role: .body)
        #expect(inked(canvas, x: Int(drawn - ellipsis)..<Int(drawn), y: 5..<25) > 0)
    }

    @Test func textAtScaleTwoIsSetAtTwiceTheSize() throws {
        let one = try canvas(scale: 1), two = try canvas(scale: 2)
        let a = one.measureText("Sweep selection", role: .body)
        let b = two.measureText("Sweep selection", role: .body)
        // Logical widths agree within hinting differences; the device glyphs are twice as big.
        #expect(abs(a - b) / a < 0.08, "logical widths \(a) and \(b)")
        #expect(abs(two.metrics(for: .body).lineHeight - one.metrics(for: .body).lineHeight) < 2)
        _ = two.drawText("Sweep", at: .zero, role: .body, color: .black, maxWidth: nil)
        _ = one.drawText("Sweep", at: .zero, role: .body, color: .black, maxWidth: nil)
        let inkOne = inked(one, x: 0..<200, y: 0..<60), inkTwo = inked(two, x: 0..<400, y: 0..<120)
        #expect(Double(inkTwo) > Double(inkOne) * 3, "ink \(inkOne) at scale 1, \(inkTwo) at scale 2")
    }

    @Test func invalidUTF8IsDrawnWithReplacementCharacters() throws {
        let canvas = try canvas()
        let text = String(decoding: [0x41, 0xff, 0x42] as [UInt8], as: UTF8.self)
        #expect(text.unicodeScalars.contains("\u{fffd}"))
        #expect(canvas.drawText(text, at: .zero, role: .body, color: .black, maxWidth: nil) > canvas.measureText("AB", role: .body))
    }
}
