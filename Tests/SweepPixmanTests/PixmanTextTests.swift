import SweepGeometry
import SweepGraphics
import Testing
@testable import SweepPixman

/// Text through fcft with fontconfig's default sans (DejaVu Sans here): ink
/// where the metrics say, truncation with an ellipsis inside the limit, and
/// the same logical size at every scale.
@Suite struct PixmanTextTests {
    typealias Support = CanvasTestSupport
    let sample = "Amber Ridge"

    // MARK: metrics and measuring

    @Test func metricsAreSensibleAndOrderedByRole() throws {
        let canvas = try Support.canvas()
        let caption = canvas.metrics(for: .caption), body = canvas.metrics(for: .body), title = canvas.metrics(for: .title)
        #expect(body.ascent > body.descent && body.descent > 0)
        #expect(body.lineHeight >= 15 && body.lineHeight <= 24, "body line height \(body.lineHeight)")
        #expect(caption.lineHeight < body.lineHeight && body.lineHeight < title.lineHeight)
    }

    @Test func measuringAddsAdvances() throws {
        let canvas = try Support.canvas()
        #expect(canvas.measureText("", role: .body) == 0)
        let a = canvas.measureText("Amber", role: .body), b = canvas.measureText(" Ridge", role: .body)
        #expect(a > 0 && b > 0)
        #expect(canvas.measureText(sample, role: .body) == a + b)
        #expect(canvas.measureText("iiii", role: .body) < canvas.measureText("WWWW", role: .body))
        #expect(canvas.measureText(sample, role: .title) > canvas.measureText(sample, role: .body))
        #expect(canvas.measureText(sample, role: .caption) < canvas.measureText(sample, role: .body))
    }

    @Test func atScaleTwoTextIsTwiceAsManyDevicePixelsWide() throws {
        let one = try Support.canvas(scale: 1), two = try Support.canvas(scale: 2)
        for text in ["Sweep selection", sample, "The quick brown fox"] {
            let deviceOne = one.measureText(text, role: .body)       // scale 1: logical = device
            let deviceTwo = two.measureText(text, role: .body) * 2   // logical back to device
            #expect(abs(deviceTwo / deviceOne - 2) < 0.16, "\(text): \(deviceOne) vs \(deviceTwo) device pixels")
        }
        #expect(abs(two.metrics(for: .body).lineHeight - one.metrics(for: .body).lineHeight) < 2,
                "line heights agree in logical pixels")
    }

    @Test func atScaleTwoTheInkIsTwiceAsWideAndTall() throws {
        let one = try Support.canvas(scale: 1), two = try Support.canvas(scale: 2)
        one.drawText("Sweep", at: Point(x: 10, y: 10), role: .body, color: .black, maxWidth: nil)
        two.drawText("Sweep", at: Point(x: 10, y: 10), role: .body, color: .black, maxWidth: nil)
        let columnsOne = try #require(Support.inkColumns(one.image)), columnsTwo = try #require(Support.inkColumns(two.image))
        let rowsOne = try #require(Support.inkRows(one.image)), rowsTwo = try #require(Support.inkRows(two.image))
        #expect(abs(Double(columnsTwo.count) / Double(columnsOne.count) - 2) < 0.25, "\(columnsOne) vs \(columnsTwo)")
        #expect(abs(Double(rowsTwo.count) / Double(rowsOne.count) - 2) < 0.3, "\(rowsOne) vs \(rowsTwo)")
    }

    // MARK: drawing

    @Test func textInksItsBoxAndNothingElse() throws {
        let canvas = try Support.canvas(width: 300)
        let origin = Point(x: 20, y: 10)
        let width = canvas.measureText(sample, role: .body)
        #expect(width > 40 && width < 150)
        let drawn = canvas.drawText(sample, at: origin, role: .body, color: .black, maxWidth: nil)
        #expect(drawn == width, "the width drawn is the width measured")
        let lineHeight = canvas.metrics(for: .body).lineHeight
        let box = 20..<Int((20 + width).rounded(.up)), lines = 10..<Int((10 + lineHeight).rounded(.up))
        #expect(Support.inked(canvas.image, x: box, y: lines) > 50)
        let columns = try #require(Support.inkColumns(canvas.image))
        let rows = try #require(Support.inkRows(canvas.image))
        // Glyphs may overhang their advance by a pixel; nothing further.
        #expect(columns.lowerBound >= 19 && Double(columns.upperBound) <= 20 + width + 1, "ink in columns \(columns)")
        #expect(rows.lowerBound >= 10 && Double(rows.upperBound) < 10 + lineHeight, "ink in rows \(rows)")
        #expect(Support.inked(canvas.image, x: Int(20 + width) + 2..<300, y: 0..<60) == 0, "nothing right of the text")
    }

    @Test func textIsDrawnInItsColour() throws {
        let canvas = try Support.canvas()
        canvas.drawText("HHH", at: Point(x: 5, y: 5), role: .title, color: Color(rgb: 0x0a6cdf), maxWidth: nil)
        // Fully covered stem pixels carry exactly the colour; the rest are lighter versions of it.
        var opaque = 0
        for y in 0..<60 {
            for x in 0..<200 {
                let pixel = canvas.image.pixel(x: x, y: y)
                if pixel == 0xff0a6cdf { opaque += 1 }
                let alpha = pixel >> 24, blue = pixel & 0xff
                #expect(blue <= alpha, "premultiplied: no channel exceeds alpha")
            }
        }
        #expect(opaque > 10)
    }

    @Test func emptyTextDrawsNothing() throws {
        let canvas = try Support.canvas()
        #expect(canvas.drawText("", at: .zero, role: .body, color: .black, maxWidth: 100) == 0)
        #expect(canvas.drawText("   ", at: .zero, role: .body, color: .black, maxWidth: nil) > 0, "spaces advance")
        #expect(Support.inked(canvas.image, x: 0..<200, y: 0..<60) == 0)
    }

    @Test func textThatFitsExactlyIsNotCut() throws {
        let canvas = try Support.canvas(width: 300)
        let width = canvas.measureText(sample, role: .body)
        #expect(canvas.drawText(sample, at: .zero, role: .body, color: .black, maxWidth: width) == width)
        let reference = try Support.canvas(width: 300)
        reference.drawText(sample, at: .zero, role: .body, color: .black, maxWidth: nil)
        #expect(Support.identical(canvas.image, reference.image))
    }

    // MARK: truncation

    /// The longest prefix of `text` that fits in `maxWidth` with an ellipsis after it.
    private func expectedPrefix(of text: String, maxWidth: Double, on canvas: PixmanCanvas) -> String {
        let ellipsis = canvas.measureText("…", role: .body)
        var prefix = text
        while !prefix.isEmpty && canvas.measureText(prefix, role: .body) + ellipsis > maxWidth { prefix.removeLast() }
        while prefix.last?.isWhitespace == true { prefix.removeLast() }
        return prefix
    }

    /// A cut that falls just after a space ends the words before it: "two…", not "two …".
    @Test func noSpaceBeforeTheEllipsis() throws {
        let canvas = try Support.canvas(width: 300)
        let maxWidth = canvas.measureText("one two ", role: .body) + canvas.measureText("…", role: .body) + 0.5
        let drawn = canvas.drawText("one two three", at: .zero, role: .body, color: .black, maxWidth: maxWidth)
        #expect(drawn == canvas.measureText("one two…", role: .body))
    }

    @Test(arguments: [1.0, 2.0])
    func longTextEndsWithAnEllipsisInsideItsLimit(scale: Double) throws {
        let text = "A title much too long to fit in a narrow column"
        let maxWidth = 100.0
        let canvas = try Support.canvas(width: 300, scale: scale)
        let full = canvas.measureText(text, role: .body)
        #expect(full > maxWidth)
        let drawn = canvas.drawText(text, at: Point(x: 10, y: 5), role: .body, color: .black, maxWidth: maxWidth)
        #expect(drawn <= maxWidth && drawn > maxWidth * 0.6, "drawn \(drawn)")

        // It is exactly the longest prefix that fits, then "…": same width, same pixels.
        let prefix = expectedPrefix(of: text, maxWidth: maxWidth, on: canvas)
        #expect(!prefix.isEmpty && prefix.count < text.count)
        #expect(drawn == canvas.measureText(prefix + "…", role: .body), "prefix '\(prefix)'")
        let reference = try Support.canvas(width: 300, scale: scale)
        reference.drawText(prefix + "…", at: Point(x: 10, y: 5), role: .body, color: .black, maxWidth: nil)
        #expect(Support.identical(canvas.image, reference.image), "the cut text is the prefix and an ellipsis")

        // The ink stops before the limit.
        let columns = try #require(Support.inkColumns(canvas.image))
        #expect(Double(columns.upperBound) < (10 + maxWidth) * scale, "ink reaches column \(columns.upperBound)")
    }

    @Test func theEllipsisInkIsThreeDotsAtTheEnd() throws {
        let canvas = try Support.canvas(width: 300)
        let drawn = canvas.drawText("Wide words that overflow the column", at: .zero, role: .body,
                                    color: .black, maxWidth: 120)
        let ellipsis = canvas.measureText("…", role: .body)
        // In the ellipsis' advance: ink only near the baseline (dots), none at cap height.
        let metrics = canvas.metrics(for: .body)
        let ellipsisColumns = Int(drawn - ellipsis) + 1..<Int(drawn.rounded(.up))   // + 1: the previous glyph may overhang
        let capBand = Int(metrics.ascent * 0.3)..<Int(metrics.ascent * 0.6)
        let baseBand = Int(metrics.ascent * 0.7)..<Int(metrics.ascent) + 1
        #expect(Support.inked(canvas.image, x: ellipsisColumns, y: capBand) == 0)
        #expect(Support.inked(canvas.image, x: ellipsisColumns, y: baseBand) >= 3)
        // Three separate dots: ink in the baseline band comes in three runs of columns.
        var runs = 0, inRun = false
        for x in ellipsisColumns {
            let inked = Support.inked(canvas.image, x: x..<x + 1, y: baseBand) > 0
            if inked && !inRun { runs += 1 }
            inRun = inked
        }
        #expect(runs == 3, "\(runs) dots")
    }

    @Test func aLimitNarrowerThanTheEllipsisDrawsNothing() throws {
        let canvas = try Support.canvas()
        let ellipsis = canvas.measureText("…", role: .body)
        #expect(canvas.drawText(sample, at: .zero, role: .body, color: .black, maxWidth: ellipsis - 1) == 0)
        #expect(Support.inked(canvas.image, x: 0..<200, y: 0..<60) == 0)
        // Exactly the ellipsis' width: just the ellipsis.
        #expect(canvas.drawText(sample, at: .zero, role: .body, color: .black, maxWidth: ellipsis) == ellipsis)
        #expect(canvas.drawText(sample, at: .zero, role: .body, color: .black, maxWidth: 0) == 0)
    }

    @Test func invalidUTF8IsDrawnWithReplacementCharacters() throws {
        let canvas = try Support.canvas()
        let text = String(decoding: [0x41, 0xff, 0x42] as [UInt8], as: UTF8.self)
        #expect(text.unicodeScalars.contains("\u{fffd}"))
        #expect(canvas.drawText(text, at: .zero, role: .body, color: .black, maxWidth: nil) > canvas.measureText("AB", role: .body))
    }
}
