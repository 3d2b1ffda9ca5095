import Foundation
import SweepPNG
import Testing

/// `Examples/photos`, a photo browser on SweepUI's public API alone, through
/// the scripted compositor: pictures at their own aspect ratio in rows
/// packed to the width by the example's own layout, under a header for
/// their day; thumbnails rounded off the main actor, shown by the app's
/// own renderer, zoomed with Ctrl and the wheel, deleted and brought back;
/// the band and the arrow keys following the geometry.
@Suite(.serialized) struct PhotosRunTests {
    /// Writes a `width` × `height` PNG of one colour.
    private func writePicture(_ path: String, rgb: [UInt8], width: Int, height: Int) throws {
        var pixels: [UInt8] = []
        for _ in 0..<(width * height) { pixels += rgb + [255] }
        try PNGCodec.write(PNGImage(width: width, height: height, rgba: pixels), to: path)
    }

    /// Plays the script against photos on `folder`, screenshots into `directory`, and expects a clean exit.
    private func play(_ scriptPath: String, folder: String, in directory: TestDirectory) throws -> ChildProcess {
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--shots", directory.path, "--", try builtProduct("photos"), folder],
                                       environment: ["PATH": "/usr/bin:/bin"], directory: directory.path)
        let status = process.waitForExit(seconds: 90)
        if status == nil { process.stop() }
        #expect(status == 0, "\(process.logTail)")
        return process
    }

    @Test func thumbnailsShowZoomAndGoAndComeBack() throws {
        let directory = try TestDirectory("photos")
        defer { directory.remove() }
        let folder = "\(directory.path)/pictures"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Wide pictures: shown 2:1, as they are.
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
        let process = try play(scriptPath, folder: folder, in: directory)
        func shot(_ name: String) throws -> PNGImage { try PNGCodec.read(path: "\(directory.path)/\(name)") }
        let grid = try shot("grid.png"), zoomed = try shot("zoomed.png")
        let red = try #require(grid.boundingBox(of: 0xFF0000), "no red thumbnail\n\(process.logTail)")
        let blue = try #require(grid.boundingBox(of: 0x0000FF), "no blue thumbnail")
        // At their own aspect ratio (2:1, never cropped), side by side in one row, the text file left out.
        let side = red.maxX - red.minX
        #expect(side > 60 && abs(Double(side) / Double(red.maxY - red.minY) - 2) < 0.1, "\(red)")
        #expect(red.maxX < blue.minX && abs(red.minY - blue.minY) <= 2, "\(red) \(blue)")
        // Under their day's header, which is not a picture.
        #expect(red.minY >= 36, "\(red)")
        // Rounded: the corner of the square's box is not red.
        #expect(grid.rgb(x: red.minX, y: red.minY) != 0xFF0000)
        // Two steps in: the rows grow by 1.25 twice, the pictures drawn larger.
        let bigger = try #require(zoomed.boundingBox(of: 0xFF0000), "no red thumbnail when zoomed")
        #expect(bigger.maxX - bigger.minX > side + 30, "\(red) → \(bigger)")
        // Right then Left: the selection followed the focus to the red picture; Delete took it out.
        #expect(try shot("deleted.png").boundingBox(of: 0xFF0000) == nil)
        #expect(try shot("deleted.png").boundingBox(of: 0x0000FF) != nil)
        #expect(try shot("back.png").boundingBox(of: 0xFF0000) != nil, "Ctrl+Z brought it back")
        // Return opens the focused picture: the red one, back and selected.
        #expect(process.stdout.split(separator: "\n").map(String.init) == ["\(folder)/a-red.png"], "\(process.logTail)")
    }

    /// Eight pictures of eight shapes and colours in two packed rows: a
    /// band selects exactly the pictures its rectangle crosses, and Down
    /// goes to the picture in the next row whose middle is nearest, both
    /// read back through Ctrl+C (the selected paths) and set against where
    /// the pictures are on screen; a right click's menu opens the picture
    /// under it, which then drags out as a file.
    @Test func theBandAndTheArrowsFollowTheGeometry() throws {
        let directory = try TestDirectory("photos-geometry")
        defer { directory.remove() }
        let folder = "\(directory.path)/pictures"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let pictures: [(name: String, rgb: [UInt8], width: Int, height: Int)] = [
            ("p0", [255, 0, 0], 600, 300), ("p1", [0, 255, 0], 300, 400), ("p2", [0, 0, 255], 400, 400),
            ("p3", [255, 255, 0], 800, 300), ("p4", [255, 0, 255], 300, 300), ("p5", [0, 255, 255], 500, 250),
            ("p6", [128, 0, 0], 200, 400), ("p7", [0, 128, 0], 450, 300),
        ]
        for picture in pictures {
            try writePicture("\(folder)/\(picture.name).png", rgb: picture.rgb, width: picture.width, height: picture.height)
        }
        // The band from over the header (no picture) down across both rows.
        let band = (minX: 300, minY: 20, maxX: 520, maxY: 250)
        let scriptPath = "\(directory.path)/script.jsonl"
        try """
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":1000}
        {"op":"screenshot","file":"rows.png"}
        {"op":"pointer.drag","from":[\(band.minX),\(band.minY)],"to":[\(band.maxX),\(band.maxY)],"steps":20,"ms":300}
        {"op":"wait","ms":200}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"c"}
        {"op":"key.up","key":"Control_L"}
        {"op":"clipboard.save","file":"band.txt"}
        {"op":"pointer.move","x":60,"y":90}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":200}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"c"}
        {"op":"key.up","key":"Control_L"}
        {"op":"clipboard.save","file":"down.txt"}
        {"op":"drag.target","x":600,"y":400,"width":200,"height":150,"accepts":["text/uri-list"],"file":"zone.json","data":"zone.bin"}
        {"op":"pointer.move","x":520,"y":240}
        {"op":"pointer.down","button":"right"}
        {"op":"pointer.up","button":"right"}
        {"op":"popup.wait","count":1}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Return"}
        {"op":"popup.wait","count":0}
        {"op":"pointer.move","x":520,"y":240}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":530,"y":250}
        {"op":"drag.wait","ms":3000}
        {"op":"pointer.move","x":700,"y":470}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":300}
        """.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = try play(scriptPath, folder: folder, in: directory)
        let rows = try PNGCodec.read(path: "\(directory.path)/rows.png")
        var boxes: [String: (minX: Int, minY: Int, maxX: Int, maxY: Int)] = [:]
        for picture in pictures {
            let colour = UInt32(picture.rgb[0]) << 16 | UInt32(picture.rgb[1]) << 8 | UInt32(picture.rgb[2])
            boxes[picture.name] = try #require(rows.boundingBox(of: colour), "\(picture.name) not on screen\n\(process.logTail)")
            let box = try #require(boxes[picture.name])
            let shown = Double(box.maxX - box.minX + 1) / Double(box.maxY - box.minY + 1)
            #expect(abs(shown - Double(picture.width) / Double(picture.height)) < 0.1, "\(picture.name) at \(box)")
        }
        // Two rows, each filling the 800 px width (a picture's frame is its box and 2 px around).
        let tops = Set(boxes.values.map(\.minY))
        #expect(tops.count == 2, "\(boxes)")
        for top in tops {
            let row = boxes.values.filter { $0.minY == top }
            #expect(row.map(\.minX).min()! <= 3 && row.map(\.maxX).max()! >= 795, "a full row: \(row)")
        }
        func lines(_ file: String) throws -> [String] {
            try String(contentsOfFile: "\(directory.path)/\(file)", encoding: .utf8).split(separator: "\n").map { ($0 as Substring).split(separator: "/").last.map(String.init) ?? "" }
        }
        // Frames are the boxes 2 px out; the band's rectangle crosses those.
        let crossed = pictures.map(\.name).filter { name in
            let box = boxes[name]!
            return box.minX - 2 < band.maxX && box.maxX + 3 > band.minX && box.minY - 2 < band.maxY && box.maxY + 3 > band.minY
        }
        #expect(crossed.count >= 3 && crossed.count < 8, "\(crossed)")
        #expect(try lines("band.txt").map { $0.replacingOccurrences(of: ".png", with: "") } == crossed)
        // Down from p0 (clicked at 60, 90): the picture below whose middle is nearest p0's.
        let clicked = boxes["p0"]!, middle = Double(clicked.minX + clicked.maxX) / 2
        let below = pictures.map(\.name).filter { boxes[$0]!.minY > clicked.maxY }
        let nearest = below.min { abs(Double(boxes[$0]!.minX + boxes[$0]!.maxX) / 2 - middle) < abs(Double(boxes[$1]!.minX + boxes[$1]!.maxX) / 2 - middle) }
        #expect(try lines("down.txt") == [nearest.map { "\($0).png" } ?? "none"], "\(boxes)")
        // A right click on p6 (in the second row, its middle at 520, 240) selects it, and the menu's Open prints it;
        // then it drags out as a file.
        #expect(process.stdout.split(separator: "\n").map(String.init) == ["\(folder)/p6.png"], "\(process.logTail)")
        let dropped = try String(contentsOfFile: "\(directory.path)/zone.bin", encoding: .utf8)
        #expect(dropped == "file://\(folder)/p6.png\r\n", "\(dropped)")
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
