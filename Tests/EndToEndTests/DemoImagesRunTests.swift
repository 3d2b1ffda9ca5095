import Foundation
import SweepPNG
import Testing

/// `sweep-demo --images`: pictures from the demo's `ImageLoader`s, under
/// the scripted compositor. The grid's cells are found by colour, not by
/// position, so the test does not depend on the grid's spacing.
@Suite struct DemoImagesRunTests {
    /// Writes a `width` × `height` PNG of one colour.
    private func writePicture(_ path: String, rgb: [UInt8], width: Int = 64, height: Int = 48) throws {
        var pixels: [UInt8] = []
        for _ in 0..<(width * height) { pixels += rgb + [255] }
        try PNGCodec.write(PNGImage(width: width, height: height, rgba: pixels), to: path)
    }

    @Test func linesThatArePicturesShowThemAndABadOneShowsThePlaceholder() throws {
        let directory = try TestDirectory("demo-images-files")
        defer { directory.remove() }
        let red = "\(directory.path)/red.png", blue = "\(directory.path)/blue.png", bad = "\(directory.path)/bad.png"
        try writePicture(red, rgb: [255, 0, 0])
        try writePicture(blue, rgb: [0, 0, 255])
        try "text".write(toFile: bad, atomically: true, encoding: .utf8)
        try [red, bad, blue].joined(separator: "\n").write(toFile: "\(directory.path)/items", atomically: true, encoding: .utf8)
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":800}
        {"op":"screenshot","file":"grid.png"}
        {"op":"close"}
        """, label: "images-files", arguments: ["--grid", "--images", "--items", "\(directory.path)/items"], directory: directory)
        #expect(run.status == 0, "\(run.diagnostics)")
        let shot = try run.shot("grid.png")
        let redBox = try #require(shot.boundingBox(of: 0xFF0000), "no red picture")
        let blueBox = try #require(shot.boundingBox(of: 0x0000FF), "no blue picture")
        // The placeholder's grey fill, in the cell between them.
        let placeholder = try #require(shot.boundingBox(of: 0xD4D4D4), "no placeholder")
        #expect(redBox.maxX - redBox.minX > 40 && redBox.maxY - redBox.minY > 30, "\(redBox)")
        #expect(redBox.maxX < placeholder.minX && placeholder.maxX < blueBox.minX, "\(redBox) \(placeholder) \(blueBox)")
        #expect(abs(placeholder.minY - redBox.minY) < 20, "\(redBox) \(placeholder)")
        // Said once on stderr, however often the cell is drawn.
        #expect(run.process.stderr.components(separatedBy: "bad.png").count == 2, "\(run.process.stderr)")
    }

    @Test func generatedPicturesShowWhereverTheGridIsScrolled() throws {
        let notches = (0..<12).map { _ in #"{"op":"pointer.axis","dy":15,"source":"wheel"}"# }.joined(separator: "\n")
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":800}
        {"op":"screenshot","file":"top.png"}
        {"op":"pointer.move","x":400,"y":300}
        \(notches)
        {"op":"wait","ms":1000}
        {"op":"screenshot","file":"scrolled.png"}
        {"op":"close"}
        """, label: "images-generated", arguments: ["--grid", "--images"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // The four skies of the generated landscapes (rows 0-3 of each four).
        let skies: [UInt32] = [0x8EC5E8, 0xF2B880, 0x2E3A66, 0xC9D6DF]
        let top = try run.shot("top.png"), scrolled = try run.shot("scrolled.png")
        #expect(skies.allSatisfy { top.boundingBox(of: $0) != nil }, "pictures missing at the top")
        #expect((run.scrollOffsets.last ?? 0) > 1000, "\(run.scrollOffsets)")
        #expect(skies.allSatisfy { scrolled.boundingBox(of: $0) != nil }, "pictures missing after scrolling")
    }
}
