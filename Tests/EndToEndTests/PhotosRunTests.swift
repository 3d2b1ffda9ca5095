import Foundation
import SweepPNG
import Testing

/// `Examples/photos`, a photo grid on SweepUI's public API alone, through
/// the scripted compositor: thumbnails cropped square and rounded off the
/// main actor, shown by the app's own renderer, zoomed with Ctrl and the
/// wheel (loaded again at the new size), deleted and brought back.
@Suite(.serialized) struct PhotosRunTests {
    /// Writes a `width` × `height` PNG of one colour.
    private func writePicture(_ path: String, rgb: [UInt8], width: Int, height: Int) throws {
        var pixels: [UInt8] = []
        for _ in 0..<(width * height) { pixels += rgb + [255] }
        try PNGCodec.write(PNGImage(width: width, height: height, rgba: pixels), to: path)
    }

    @Test func thumbnailsShowZoomAndGoAndComeBack() throws {
        let directory = try TestDirectory("photos")
        defer { directory.remove() }
        let folder = "\(directory.path)/pictures"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Wide pictures: their thumbnails are cropped to squares.
        try writePicture("\(folder)/a-red.png", rgb: [255, 0, 0], width: 600, height: 300)
        try writePicture("\(folder)/b-blue.png", rgb: [0, 0, 255], width: 600, height: 300)
        try "not a picture".write(toFile: "\(folder)/notes.txt", atomically: true, encoding: .utf8)
        let scriptPath = "\(directory.path)/script.jsonl"
        try """
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":800}
        {"op":"screenshot","file":"grid.png"}
        {"op":"pointer.move","x":60,"y":60}
        {"op":"key.down","key":"Control_L"}
        {"op":"pointer.axis","dy":-15,"source":"wheel"}
        {"op":"pointer.axis","dy":-15,"source":"wheel"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":800}
        {"op":"screenshot","file":"zoomed.png"}
        {"op":"key.tap","key":"Right"}
        {"op":"key.tap","key":"Left"}
        {"op":"key.tap","key":"Delete"}
        {"op":"wait","ms":200}
        {"op":"screenshot","file":"deleted.png"}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"z"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":400}
        {"op":"screenshot","file":"back.png"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":200}
        """.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--shots", directory.path, "--", try builtProduct("photos"), folder],
                                       environment: ["PATH": "/usr/bin:/bin"], directory: directory.path)
        let status = process.waitForExit(seconds: 90)
        if status == nil { process.stop() }
        #expect(status == 0, "\(process.logTail)")
        func shot(_ name: String) throws -> PNGImage { try PNGCodec.read(path: "\(directory.path)/\(name)") }
        let grid = try shot("grid.png"), zoomed = try shot("zoomed.png")
        let red = try #require(grid.boundingBox(of: 0xFF0000), "no red thumbnail\n\(process.logTail)")
        let blue = try #require(grid.boundingBox(of: 0x0000FF), "no blue thumbnail")
        // Square (cropped from 2:1), side by side, the text file left out.
        let side = red.maxX - red.minX
        #expect(side > 60 && abs((red.maxY - red.minY) - side) <= 2, "\(red)")
        #expect(red.maxX < blue.minX && abs(red.minY - blue.minY) <= 2, "\(red) \(blue)")
        // Rounded: the corner of the square's box is not red.
        #expect(grid.rgb(x: red.minX, y: red.minY) != 0xFF0000)
        // Two steps in: 5 columns of 150 px, the pictures drawn larger (and loaded at that size).
        let bigger = try #require(zoomed.boundingBox(of: 0xFF0000), "no red thumbnail when zoomed")
        #expect(bigger.maxX - bigger.minX > side + 30, "\(red) → \(bigger)")
        // Right then Left: the selection followed the focus to the red picture; Delete took it out.
        #expect(try shot("deleted.png").boundingBox(of: 0xFF0000) == nil)
        #expect(try shot("deleted.png").boundingBox(of: 0x0000FF) != nil)
        #expect(try shot("back.png").boundingBox(of: 0xFF0000) != nil, "Ctrl+Z brought it back")
        // Return opens the focused picture: the red one, back and selected.
        #expect(process.stdout.split(separator: "\n").map(String.init) == ["\(folder)/a-red.png"], "\(process.logTail)")
    }

    @Test func theExampleIsAtMost200LinesAndImportsOnlySweepUI() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/photos/main.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count - 1 <= 200)
        let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map(String.init)
        #expect(imports.sorted() == ["import Foundation", "import SweepUI"])
    }
}
