import Glibc
import SweepImages
import SweepPNG
import Testing

/// Files that must give an `ImageError`, never a crash or a huge allocation.
@Suite struct HostileFileTests {
    let png = TestPNG.make(width: 64, height: 64, depth: 8, colorType: 6,
                           rows: (0..<64).map { y in (0..<256).map { UInt8(truncatingIfNeeded: $0 * 7 + y * 3) } })
    let jpeg = TestJPEG.make(width: 64, height: 64) { x, y in (UInt8(x * 4), UInt8(y * 4), 128) }

    func error(_ bytes: [UInt8], fitting size: Int = 32) -> ImageError? {
        do {
            _ = try ImageDecoder.decode(bytes, fitting: size)
            return nil
        } catch {
            return error
        }
    }

    func isCorrupt(_ error: ImageError?) -> Bool {
        if case .corrupt = error { return true }
        return false
    }

    @Test func theSamplesDecode() throws {
        #expect(try ImageDecoder.decode(png, fitting: 32).bitmap.width == 32)
        #expect(try ImageDecoder.decode(jpeg, fitting: 32).bitmap.width == 32)
    }

    @Test func truncatedFilesAreCorrupt() {
        for cut in [9, 40, png.count / 2, png.count - 13] {
            #expect(isCorrupt(error(Array(png[0..<cut]))), "PNG cut at \(cut): \(String(describing: error(Array(png[0..<cut]))))")
        }
        for cut in [3, 20, jpeg.count / 2, jpeg.count - 2] {
            #expect(isCorrupt(error(Array(jpeg[0..<cut]))), "JPEG cut at \(cut): \(String(describing: error(Array(jpeg[0..<cut]))))")
        }
    }

    @Test func otherBytesAreNotImages() {
        var generator = SeededGenerator(state: 0x5EED)
        let random = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(error(random) == .notAnImage)
        #expect(error([]) == .notAnImage)
        #expect(error(Array("GIF89a".utf8) + random) == .notAnImage)
        // A signature followed by noise is an image that is corrupt.
        #expect(isCorrupt(error(Array(png[0..<8]) + random)))
        #expect(isCorrupt(error([0xFF, 0xD8, 0xFF] + random)))
    }

    @Test func aBadChecksumIsCorrupt() {
        var damaged = png
        damaged[damaged.count - 20] ^= 0x55   // inside IDAT: its CRC no longer matches
        #expect(isCorrupt(error(damaged)))
    }

    @Test func filesWithBytesFlippedNeverCrash() {
        var generator = SeededGenerator(state: 42)
        for sample in [png, jpeg] {
            for _ in 0..<150 {
                var bytes = sample
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                if let bitmap = try? ImageDecoder.decode(bytes, fitting: 24).bitmap {
                    #expect(max(bitmap.width, bitmap.height) <= 24)
                }
            }
        }
    }

    @Test func hugeDeclaredSizesAreRefusedBeforeDecoding() {
        let row = [UInt8](repeating: 0, count: 3)
        let wide = TestPNG.make(width: 20000, height: 1, depth: 8, colorType: 2, rows: [row])
        #expect(error(wide) == .tooLarge(width: 20000, height: 1))
        // Within the side limit, over the pixel limit: 16384 × 16384 would be 1 GiB of pixels.
        let square = TestPNG.make(width: 16384, height: 16384, depth: 8, colorType: 2, rows: [row])
        #expect(error(square) == .tooLarge(width: 16384, height: 16384))
        #expect(error(TestJPEG.declaringSize(jpeg, width: 60000, height: 60000)) == .tooLarge(width: 60000, height: 60000))
        #expect(error(TestJPEG.declaringSize(jpeg, width: 16000, height: 16000)) == .tooLarge(width: 16000, height: 16000))
    }

    @Test func unreadablePathsSayWhy() throws {
        let directory = ScratchDirectory()
        #expect(throws: ImageError.unreadable(path: directory.path + "/missing.png", errno: ENOENT)) {
            try ImageDecoder.thumbnail(path: directory.path + "/missing.png", fitting: 8)
        }
        #expect(throws: ImageError.unreadable(path: directory.path, errno: EISDIR)) {
            try ImageDecoder.thumbnail(path: directory.path, fitting: 8)
        }
        #expect(throws: ImageError.notAnImage) {
            try ImageDecoder.thumbnail(path: directory.write("empty.png", []), fitting: 8)
        }
        // A FIFO with no writer: opening it must not wait.
        let fifo = directory.path + "/fifo.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: ImageError.notAnImage) { try ImageDecoder.thumbnail(path: fifo, fitting: 8) }
        let truncated = directory.write("cut.png", Array(png[0..<100]))
        #expect(throws: (any Error).self) { try ImageDecoder.thumbnail(path: truncated, fitting: 8) }
        #expect(ImageError.unreadable(path: "x", errno: ENOENT).description == "cannot read: No such file or directory")
    }
}
