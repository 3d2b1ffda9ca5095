import SweepGeometry
import SweepGraphics
import Testing
@testable import SweepPixman

/// Right-to-left and complex text through fribidi and HarfBuzz (fcft's text
/// runs), drawn with the real fonts (DejaVu Sans, Noto Color Emoji). Each test
/// fails on text drawn glyph by glyph left to right.
@Suite struct ShapedTextTests {
    typealias Support = CanvasTestSupport
    let shalom = "שלום"          // shin, lamed, vav, final mem
    let salam = "سلام"           // seen, lam, alef, meem: lam-alef joins

    /// The device columns of `text` drawn alone at `x`, as an image to compare with.
    private func drawn(_ text: String, x: Double, width: Int = 200) throws -> PixmanCanvas {
        let canvas = try Support.canvas(width: width)
        canvas.drawText(text, at: Point(x: x, y: 10), role: .body, color: .black, maxWidth: nil)
        return canvas
    }

    /// Whether the columns `range` of two images hold the same pixels.
    private func sameColumns(_ a: PixmanImage, _ b: PixmanImage, _ range: Range<Int>) -> Bool {
        for y in 0..<a.height {
            for x in range where !Support.close(a.pixel(x: x, y: y), b.pixel(x: x, y: y), tolerance: 8) { return false }
        }
        return true
    }

    @Test func arabicLettersJoinSoTheWordIsNarrowerThanItsLetters() throws {
        let canvas = try Support.canvas()
        let word = canvas.measureText(salam, role: .body)
        let letters = salam.map { canvas.measureText(String($0), role: .body) }.reduce(0, +)
        #expect(word > 0 && word < letters * 0.85, "joined \(word) px, isolated letters \(letters) px")
    }

    @Test func theFirstLetterOfAHebrewWordIsDrawnAtItsRightEnd() throws {
        let canvas = try drawn(shalom, x: 20)
        let width = Int(canvas.measureText(shalom, role: .body))
        let shin = "ש", finalMem = "ם"
        let shinWidth = Int(canvas.measureText(shin, role: .body)), memWidth = Int(canvas.measureText(finalMem, role: .body))
        let right = try drawn(shin, x: Double(20 + width - shinWidth))
        let left = try drawn(finalMem, x: 20)
        #expect(sameColumns(canvas.image, right.image, (20 + width - shinWidth)..<(20 + width)), "shin is the rightmost letter")
        #expect(sameColumns(canvas.image, left.image, 20..<(20 + memWidth)), "final mem is the leftmost letter")
    }

    @Test func aRightToLeftTitleIsAlignedToTheRightOfItsBox() throws {
        let canvas = try Support.canvas(width: 300)
        let width = canvas.drawText(shalom, at: Point(x: 10, y: 10), role: .body, color: .black, maxWidth: 250)
        let ink = try #require(Support.inkColumns(canvas.image))
        #expect(ink.upperBound > 250 && ink.upperBound <= 260, "ink \(ink), box 10…260")
        #expect(Double(ink.count) <= width + 2)
        let latin = try Support.canvas(width: 300)
        latin.drawText("Shalom", at: Point(x: 10, y: 10), role: .body, color: .black, maxWidth: 250)
        #expect(try #require(Support.inkColumns(latin.image)).lowerBound < 14, "left-to-right stays at the left")
    }

    @Test func mixedDirectionsKeepTheirOrder() throws {
        // A left-to-right paragraph: "Hello" first, then the Hebrew word reversed in place.
        let text = "Hello " + shalom
        let canvas = try drawn(text, x: 20)
        let width = Int(canvas.measureText(text, role: .body))
        let shinWidth = Int(canvas.measureText("ש", role: .body))
        let shin = try drawn("ש", x: Double(20 + width - shinWidth))
        #expect(sameColumns(canvas.image, shin.image, (20 + width - shinWidth)..<(20 + width)))
        let hello = try drawn("Hello", x: 20)
        #expect(sameColumns(canvas.image, hello.image, 20..<(20 + Int(canvas.measureText("He", role: .body)))))
    }

    @Test func numbersInsideRightToLeftTextReadLeftToRight() throws {
        // The font set owns the font: it must outlive the line (a temporary one freed the font mid-shaping).
        let fonts = try FontSet(scale: 1)
        defer { withExtendedLifetime(fonts) {} }
        let line = ShapedLine(Array("מספר 123".unicodeScalars.map(\.value)), font: try fonts.font(for: .body))
        let codepoints = line.glyphs.map { $0.pointee.cp }
        #expect(line.isRightToLeft)
        // Visual order, left to right: the digits (in their own order), a space, then the word reversed.
        #expect(Array(codepoints.prefix(3)) == [0x31, 0x32, 0x33], "\(codepoints.map { String($0, radix: 16) })")
        #expect(codepoints.last == 0x05DE, "mem, the word's first letter, is at the right end")
    }

    @Test func aTruncatedRightToLeftTitleEndsWithTheEllipsisOnItsLeft() throws {
        let fonts = try FontSet(scale: 1)
        defer { withExtendedLifetime(fonts) {} }
        let font = try fonts.font(for: .body)
        let text = "שלום עולם גדול ויפה מאוד"
        let full = fonts.shapedLine(text, role: .body, font: font, limit: .max)
        let cut = fonts.shapedLine(text, role: .body, font: font, limit: full.width / 2)
        #expect(cut.width <= full.width / 2 && cut.width > full.width / 4)
        #expect(cut.glyphs.first?.pointee.cp == 0x2026, "the ellipsis ends the line, on its left")
        #expect(cut.glyphs.dropFirst().first?.pointee.cp != 0x20, "no space before the ellipsis")
        #expect(fonts.shapedLine(text, role: .body, font: font, limit: full.width / 2) === cut, "cached")
    }

    @Test func combiningMarksStayWithTheirLetterWhenCut() throws {
        let fonts = try FontSet(scale: 1)
        defer { withExtendedLifetime(fonts) {} }
        let font = try fonts.font(for: .body)
        // Hebrew letters with points (combining marks): a cut never separates a mark from its letter.
        let text = "שָׁלוֹם עֲלֵיכֶם שָׁלוֹם עֲלֵיכֶם"
        let full = fonts.shapedLine(text, role: .body, font: font, limit: .max)
        for limit in stride(from: 20, to: full.width, by: 7) {
            let cut = fonts.shapedLine(text, role: .body, font: font, limit: limit)
            #expect(cut.width <= limit)
            let marks = cut.glyphs.filter { (0x0591...0x05C7).contains($0.pointee.cp) && $0.pointee.advance.x == 0 }.count
            let letters = cut.glyphs.filter { (0x05D0...0x05EA).contains($0.pointee.cp) }.count
            #expect(marks <= letters * 2, "limit \(limit): \(marks) marks over \(letters) letters")
        }
    }

    @Test func emojiAreDrawnInColour() throws {
        let canvas = try drawn("Pack 😀 🎒", x: 10)
        var coloured = 0
        for y in 0..<canvas.image.height {
            for x in 0..<canvas.image.width {
                let p = canvas.image.pixel(x: x, y: y)
                let r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff
                if max(r, g, b) - min(r, g, b) > 60 { coloured += 1 }
            }
        }
        #expect(coloured > 40, "\(coloured) coloured pixels: black text would have none")
        #expect(canvas.measureText("😀", role: .body) > 10)
    }

    @Test func bidiRunsFollowTheAlgorithm() {
        let scalars = { (text: String) in Array(text.unicodeScalars.map(\.value)) }
        #expect(!BidiRuns(scalars("abc")).isRightToLeft)
        #expect(BidiRuns(scalars("abc")).visualRuns.count == 1)
        let hebrewFirst = BidiRuns(scalars("שלום abc"))
        #expect(hebrewFirst.isRightToLeft)
        // Visual: "abc" on the left, the Hebrew word (with the space) on the right.
        #expect(hebrewFirst.visualRuns.map(\.range) == [5..<8, 0..<5])
        // Brackets in a right-to-left run are mirrored.
        let bracket = BidiRuns(scalars("א(ב)"))
        #expect(bracket.codepoints[1] == 0x29 && bracket.codepoints[3] == 0x28)
        #expect(BidiRuns([]).visualRuns.isEmpty)
    }
}
