import SweepGraphics
import SweepImages
import SweepPNG
import Testing

/// A pixel's channels (0xAARRGGBB) within `tolerance` of the expected ones.
func near(_ pixel: UInt32, _ expected: UInt32, tolerance: Int = 2) -> Bool {
    stride(from: 0, to: 32, by: 8).allSatisfy { shift in
        abs(Int((pixel >> UInt32(shift)) & 0xFF) - Int((expected >> UInt32(shift)) & 0xFF)) <= tolerance
    }
}

func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> UInt32 { bitmap.pixels[y * bitmap.width + x] }

@Suite struct ImageDecoderTests {
    @Test func rgbaPNGFromTheProjectsWriterIsPremultiplied() throws {
        let directory = ScratchDirectory()
        let rgba: [UInt8] = [10, 20, 30, 255,   255, 0, 0, 128,   0, 255, 0, 0,   200, 100, 50, 51]
        let path = directory.path + "/rgba.png"
        try PNGCodec.write(PNGImage(width: 2, height: 2, rgba: rgba), to: path)
        let bitmap = try ImageDecoder.thumbnail(path: path, fitting: 16)
        #expect((bitmap.width, bitmap.height) == (2, 2))
        #expect(bitmap.pixels == [0xFF0A_141E, 0x8080_0000, 0x0000_0000, 0x3328_140A])
    }

    @Test func palettePNGWithTransparencyExpands() throws {
        // Two bits per index: red, green (transparent), blue (half), white (no tRNS entry: opaque).
        let palette: [UInt8] = [255, 0, 0,   0, 255, 0,   0, 0, 255,   255, 255, 255]
        let bytes = TestPNG.make(width: 4, height: 1, depth: 2, colorType: 3, rows: [[0b00_01_10_11]],
                                 palette: palette, transparency: [255, 0, 128])
        let bitmap = try ImageDecoder.decode(bytes, fitting: 16).bitmap
        #expect(bitmap.pixels == [0xFFFF_0000, 0x0000_0000, 0x8000_0080, 0xFFFF_FFFF])
    }

    @Test func greyPNGsExpandToRGB() throws {
        let grey = TestPNG.make(width: 2, height: 1, depth: 8, colorType: 0, rows: [[0x00, 0x80]])
        #expect(try ImageDecoder.decode(grey, fitting: 8).bitmap.pixels == [0xFF00_0000, 0xFF80_8080])
        let greyAlpha = TestPNG.make(width: 1, height: 1, depth: 8, colorType: 4, rows: [[0xFF, 0x80]])
        #expect(try ImageDecoder.decode(greyAlpha, fitting: 8).bitmap.pixels == [0x8080_8080])
    }

    @Test func sixteenBitPNGsComeDownToEightBits() throws {
        let rgb = TestPNG.make(width: 1, height: 1, depth: 16, colorType: 2, rows: [[0xFF, 0xFF, 0x80, 0x80, 0x00, 0x00]])
        let opaque = try ImageDecoder.decode(rgb, fitting: 8).bitmap
        #expect(near(opaque.pixels[0], 0xFFFF_8000), "got \(String(opaque.pixels[0], radix: 16))")
        // Grey 0x40 at alpha 0x80 (16-bit), premultiplied: 0x20.
        let greyAlpha = TestPNG.make(width: 1, height: 1, depth: 16, colorType: 4, rows: [[0x40, 0x40, 0x80, 0x80]])
        let translucent = try ImageDecoder.decode(greyAlpha, fitting: 8).bitmap
        #expect(near(translucent.pixels[0], 0x8020_2020), "got \(String(translucent.pixels[0], radix: 16))")
    }

    @Test func aspectRatioIsKeptAndNothingIsScaledUp() throws {
        func png(_ width: Int, _ height: Int) -> [UInt8] {
            TestPNG.make(width: width, height: height, depth: 8, colorType: 2,
                         rows: Array(repeating: Array(repeating: 90, count: width * 3), count: height))
        }
        func size(_ bytes: [UInt8], _ fitting: Int) throws -> [Int] {
            let bitmap = try ImageDecoder.decode(bytes, fitting: fitting).bitmap
            return [bitmap.width, bitmap.height]
        }
        #expect(try size(png(300, 100), 60) == [60, 20])
        #expect(try size(png(100, 300), 60) == [20, 60])
        #expect(try size(png(7, 3), 4) == [4, 2])
        #expect(try size(png(1000, 1), 10) == [10, 1])
        #expect(try size(png(30, 20), 64) == [30, 20])
    }

    @Test func theBoxFilterAveragesPremultipliedPixels() throws {
        // Opaque white beside transparent red: the average is half-transparent grey, no red bleeds in.
        let bytes = TestPNG.make(width: 2, height: 1, depth: 8, colorType: 6, rows: [[255, 255, 255, 255, 255, 0, 0, 0]])
        #expect(try ImageDecoder.decode(bytes, fitting: 1).bitmap.pixels == [0x8080_8080])
        // A 4×4 checkerboard of black and white boxes down to 2×2: each box is one colour.
        let rows = (0..<4).map { y in (0..<4).flatMap { x -> [UInt8] in Array(repeating: (x / 2 + y / 2) % 2 == 0 ? 0 : 255, count: 3) } }
        let board = try ImageDecoder.decode(TestPNG.make(width: 4, height: 4, depth: 8, colorType: 2, rows: rows), fitting: 2).bitmap
        #expect(board.pixels == [0xFF00_0000, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFF00_0000])
    }

    @Test func jpegDecodesAtTheSmallestScaleThatCoversTheThumbnail() throws {
        let jpeg = TestJPEG.make(width: 800, height: 600) { _, _ in (200, 100, 50) }
        let small = try ImageDecoder.decode(jpeg, fitting: 64)
        #expect(small.format == .jpeg)
        #expect([small.imageWidth, small.imageHeight] == [800, 600])
        #expect([small.decodedWidth, small.decodedHeight] == [100, 75])          // 1/8
        #expect([small.bitmap.width, small.bitmap.height] == [64, 48])
        #expect(small.bitmap.pixels.allSatisfy { near($0, 0xFFC8_6432, tolerance: 4) })
        let medium = try ImageDecoder.decode(jpeg, fitting: 150)
        #expect([medium.decodedWidth, medium.decodedHeight] == [200, 150])       // 1/4: 1/8 would be 100 < 150
        #expect([medium.bitmap.width, medium.bitmap.height] == [150, 113])
        let half = try ImageDecoder.decode(jpeg, fitting: 400)
        #expect([half.decodedWidth, half.decodedHeight] == [400, 300])           // 1/2, exactly the size
        let large = try ImageDecoder.decode(jpeg, fitting: 1000)
        #expect([large.decodedWidth, large.decodedHeight] == [800, 600])         // 1/1, never scaled up
        #expect([large.bitmap.width, large.bitmap.height] == [800, 600])
    }

    @Test func exifOrientationTurnsTheThumbnail() throws {
        // Stored 40×20: red on the left, blue on the right. Orientation 6 means turn clockwise to show:
        // the left column becomes the top row.
        let stored = TestJPEG.make(width: 40, height: 20) { x, _ in x < 20 ? (255, 0, 0) : (0, 0, 255) }
        for littleEndian in [false, true] {
            let bitmap = try ImageDecoder.decode(TestJPEG.withOrientation(stored, 6, littleEndian: littleEndian), fitting: 64).bitmap
            #expect([bitmap.width, bitmap.height] == [20, 40])
            #expect(near(pixel(bitmap, 10, 5), 0xFFFF_0000, tolerance: 8))
            #expect(near(pixel(bitmap, 10, 35), 0xFF00_00FF, tolerance: 8))
        }
        let turned = try ImageDecoder.decode(TestJPEG.withOrientation(stored, 8), fitting: 64).bitmap
        #expect(near(pixel(turned, 10, 5), 0xFF00_00FF, tolerance: 8))             // counter-clockwise: right column on top
        let upsideDown = try ImageDecoder.decode(TestJPEG.withOrientation(stored, 3), fitting: 64).bitmap
        #expect([upsideDown.width, upsideDown.height] == [40, 20])
        #expect(near(pixel(upsideDown, 5, 10), 0xFF00_00FF, tolerance: 8))
    }

    @Test func theSignatureDecidesNotTheName() throws {
        let directory = ScratchDirectory()
        let png = TestPNG.make(width: 1, height: 1, depth: 8, colorType: 2, rows: [[1, 2, 3]])
        let jpeg = TestJPEG.make(width: 8, height: 8) { _, _ in (0, 0, 0) }
        #expect(try ImageDecoder.thumbnail(path: directory.write("photo.jpg", png), fitting: 4).pixels == [0xFF01_0203])
        #expect(try ImageDecoder.thumbnail(path: directory.write("noname", jpeg), fitting: 4).width == 4)
        #expect(ImageDecoder.format(of: png) == .png)
        #expect(ImageDecoder.format(of: jpeg) == .jpeg)
        #expect(ImageDecoder.format(of: Array("GIF89a".utf8)) == nil)
    }
}
