import Testing
@testable import SweepPNG

@Suite struct PNGCodecTests {
    /// A small image with every channel varying, so any filter or byte-order slip shows.
    private func gradient(width: Int, height: Int) -> PNGImage {
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                rgba += [UInt8(x * 7 & 0xff), UInt8(y * 13 & 0xff), UInt8((x ^ y) & 0xff), UInt8(255 - (x & 0x3f))]
            }
        }
        return PNGImage(width: width, height: height, rgba: rgba)
    }

    @Test func roundTripKeepsEveryPixel() throws {
        let image = gradient(width: 37, height: 23)
        let decoded = try PNGCodec.decode(PNGCodec.encode(image))
        #expect(decoded == image)
    }

    @Test func writesAndReadsAFile() throws {
        let image = gradient(width: 64, height: 8)
        let path = "/tmp/sweep-png-test-\(UInt32.random(in: 0...UInt32.max)).png"
        try PNGCodec.write(image, to: path)
        #expect(try PNGCodec.read(path: path) == image)
    }

    @Test func rgbReadsAsOpaqueHex() throws {
        let image = PNGImage(width: 1, height: 1, rgba: [0x12, 0x34, 0x56, 0xff])
        #expect(try PNGCodec.decode(PNGCodec.encode(image)).rgb(x: 0, y: 0) == 0x123456)
    }

    @Test func rejectsWhatIsNotAPNG() {
        #expect(throws: PNGError.notPNG) { try PNGCodec.decode(Array("hello, world".utf8)) }
    }

    @Test func rejectsATruncatedFile() throws {
        let bytes = try PNGCodec.encode(gradient(width: 10, height: 10))
        #expect(throws: PNGError.truncated) { try PNGCodec.decode(Array(bytes.prefix(bytes.count - 20))) }
    }

    @Test func reportsAMissingFile() {
        #expect(throws: PNGError.self) { try PNGCodec.read(path: "/nonexistent/sweep.png") }
    }
}
