import Glibc
import SweepGraphics
import SweepImages
import Testing

/// SVG drawn by librsvg at the size asked for, premultiplied as the other decoders' pixels.
@Suite struct SVGDecodingTests {
    /// A 16×16 document: a red disc of radius 6 in the middle, transparent corners.
    let disc = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">
          <circle cx="8" cy="8" r="6" fill="#ff0000"/>
        </svg>
        """.utf8)

    func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> UInt32 { bitmap.pixels[y * bitmap.width + x] }

    @Test(arguments: [32, 64]) func aDiscIsDrawnAtTheSizeAskedFor(size: Int) throws {
        let thumbnail = try ImageDecoder.decode(disc, fitting: size)
        #expect(thumbnail.format == .svg)
        #expect(thumbnail.bitmap.width == size && thumbnail.bitmap.height == size, "drawn, not scaled: larger than its 16 px")
        #expect((thumbnail.imageWidth, thumbnail.imageHeight) == (16, 16))
        #expect(pixel(thumbnail.bitmap, size / 2, size / 2) == 0xFFFF_0000)
        #expect(pixel(thumbnail.bitmap, 0, 0) == 0 && pixel(thumbnail.bitmap, size - 1, size - 1) == 0)
        // An edge pixel of the disc is partly covered: premultiplied, no colour exceeds its alpha.
        let edge = thumbnail.bitmap.pixels.first { $0 >> 24 != 0 && $0 >> 24 != 0xFF }
        let alpha = edge.map { $0 >> 24 } ?? 0
        #expect(edge != nil && (edge! >> 16) & 0xFF <= alpha && edge! & 0xFFFF == 0)
    }

    @Test func theAspectRatioIsKept() throws {
        let wide = Array("<svg xmlns='http://www.w3.org/2000/svg' width='40' height='20'><rect width='40' height='20' fill='#00f'/></svg>".utf8)
        let thumbnail = try ImageDecoder.decode(wide, fitting: 64)
        #expect((thumbnail.bitmap.width, thumbnail.bitmap.height) == (64, 32))
        #expect(pixel(thumbnail.bitmap, 63, 31) == 0xFF00_00FF)
        // A viewBox alone gives the ratio too.
        let viewBoxOnly = Array("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 20'><rect width='10' height='20' fill='#0f0'/></svg>".utf8)
        let tall = try ImageDecoder.decode(viewBoxOnly, fitting: 40)
        #expect((tall.bitmap.width, tall.bitmap.height) == (20, 40))
        #expect(pixel(tall.bitmap, 10, 20) == 0xFF00_FF00)
    }

    @Test func svgIsToldByItsMarkup() {
        #expect(ImageDecoder.format(of: disc) == .svg)
        #expect(ImageDecoder.format(of: [0xEF, 0xBB, 0xBF] + Array("\n  <!-- a comment --><svg/>".utf8)) == .svg)
        #expect(ImageDecoder.format(of: Array("<?xml version='1.0'?><html></html>".utf8)) == nil)
        #expect(ImageDecoder.format(of: Array("some text mentioning <svg".utf8)) == nil)
    }

    @Test func garbageIsAnErrorNeverACrash() {
        func error(_ bytes: [UInt8], _ format: ImageFormat? = .svg, size: Int = 32) -> ImageError? {
            do { _ = try ImageDecoder.decode(bytes, fitting: size, format: format); return nil } catch { return error }
        }
        func isCorrupt(_ error: ImageError?) -> Bool { if case .corrupt = error { true } else { false } }
        #expect(isCorrupt(error(Array("<svg xmlns='http://www.w3.org/2000/svg'><rect".utf8), nil)), "truncated markup")
        #expect(isCorrupt(error(Array("not svg at all".utf8))))
        #expect(isCorrupt(error([])))
        #expect(isCorrupt(error([0x00, 0xFF, 0x13, 0x37])))
        #expect(isCorrupt(error(Array("<?xml version='1.0'?><svg><unclosed></svg>".utf8))))
        var generator = SeededGenerator(state: 7)
        for _ in 0..<100 {
            var damaged = disc
            for _ in 0..<4 { damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            _ = error(damaged)   // any outcome but a crash
        }
        #expect(error(disc, size: 5000) == .tooLarge(width: 5000, height: 5000))
        let huge = Array("<svg xmlns='http://www.w3.org/2000/svg'>".utf8) + [UInt8](repeating: 0x20, count: 5 << 20) + Array("</svg>".utf8)
        #expect(error(huge) == .fileTooLarge(bytes: huge.count))
    }

    @Test func aFileNamedSVGIsReadAsOne() throws {
        let directory = ScratchDirectory()
        // A long comment pushes the <svg> element past what sniffing reads: the name says SVG.
        let late = Array("""
            <!--\(String(repeating: "x", count: 5000))-->
            <svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><circle cx="8" cy="8" r="6" fill="red"/></svg>
            """.utf8)
        let path = directory.write("late.svg", late)
        #expect(ImageDecoder.format(of: late) == nil)
        let bitmap = try ImageDecoder.thumbnail(path: path, fitting: 32)
        #expect(pixel(bitmap, 16, 16) == 0xFFFF_0000)
        // A PNG named .svg is still a PNG.
        let png = TestPNG.make(width: 1, height: 1, depth: 8, colorType: 2, rows: [[1, 2, 3]])
        #expect(try ImageDecoder.thumbnail(path: directory.write("png.svg", png), fitting: 4).pixels == [0xFF01_0203])
        let big = directory.write("big.svg", [UInt8](repeating: 0x20, count: (4 << 20) + 1))
        #expect(throws: ImageError.fileTooLarge(bytes: (4 << 20) + 1)) { try ImageDecoder.thumbnail(path: big, fitting: 8) }
    }
}
