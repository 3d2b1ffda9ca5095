import Foundation
import SweepPNG
import Testing

/// `Examples/photos` under a real sway (headless, pixman renderer), driven
/// by a virtual keyboard: pictures of six shapes at their own aspect ratios
/// in rows that fill the window's width, Down to the picture in the next
/// row whose middle is nearest (Return prints it), and Ctrl+plus packing
/// the rows again at a greater height.
@Suite(.serialized) struct PhotosSwayTests {
    private typealias Box = (minX: Int, minY: Int, maxX: Int, maxY: Int)
    private let pictures: [(name: String, colour: UInt32, width: Int, height: Int)] = [
        ("p0", 0xFF0000, 600, 300), ("p1", 0x00FF00, 300, 400), ("p2", 0x0000FF, 400, 400),
        ("p3", 0xFFFF00, 800, 300), ("p4", 0xFF00FF, 300, 300), ("p5", 0x00FFFF, 500, 250),
    ]

    private func boxes(in shot: PNGImage) -> [String: Box] {
        var found: [String: Box] = [:]
        for picture in pictures { found[picture.name] = shot.boundingBox(of: picture.colour) }
        return found
    }

    @Test func picturesKeepTheirShapeDownFollowsTheGeometryAndZoomPacksAgain() throws {
        let sway = try HeadlessSway(label: "photos")
        defer { sway.stop() }
        let folder = "\(sway.directory.path)/pictures"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for picture in pictures {
            let rgb = [UInt8(picture.colour >> 16), UInt8(picture.colour >> 8 & 0xFF), UInt8(picture.colour & 0xFF), 255]
            let pixels = [UInt8]((0..<(picture.width * picture.height)).flatMap { _ in rgb })
            try PNGCodec.write(PNGImage(width: picture.width, height: picture.height, rgba: pixels), to: "\(folder)/\(picture.name).png")
        }
        let app = try ChildProcess(name: "photos", executable: builtProduct("photos"), arguments: [folder],
                                   environment: sway.clientEnvironment, directory: sway.directory.path)
        defer { app.stop() }
        let (shot, ready) = try sway.screenshot(within: 20) { shot in
            let found = boxes(in: shot)
            // Every picture shown, at its own shape (its thumbnail loaded).
            return pictures.allSatisfy { picture in
                guard let box = found[picture.name] else { return false }
                let shape = Double(box.maxX - box.minX + 1) / Double(box.maxY - box.minY + 1)
                return abs(shape - Double(picture.width) / Double(picture.height)) < 0.1
            }
        }
        #expect(ready, "pictures not shown at their shapes: \(boxes(in: shot))\n\(app.logTail)\n\(sway.logTail)")
        let found = boxes(in: shot)
        let tops = Set(found.values.map(\.minY)).sorted()
        #expect(tops.count >= 2, "rows: \(found)")
        // Each full row spans the same width: its first picture's left to its last's right.
        let first = tops[0], full = found.values.filter { $0.minY == first }
        let left = full.map(\.minX).min() ?? 0, right = full.map(\.maxX).max() ?? 0
        // Home focuses and selects p0; Down goes to the picture below whose middle is nearest p0's.
        try sway.type(["-k", "Home"])
        try sway.type(["-k", "Down"])
        try sway.type(["-k", "Return"])
        let p0 = try #require(found["p0"])
        let middle = Double(p0.minX + p0.maxX) / 2
        let below = found.filter { $0.value.minY > p0.maxY }
        let nearest = below.min { abs(Double($0.value.minX + $0.value.maxX) / 2 - middle) < abs(Double($1.value.minX + $1.value.maxX) / 2 - middle) }?.key
        #expect(waitUntil(seconds: 10) { !app.stdout.isEmpty }, "\(app.logTail)")
        #expect(app.stdout.split(separator: "\n").map(String.init) == ["\(folder)/\(nearest ?? "none").png"], "\(found)\n\(app.logTail)")
        // Ctrl+plus: taller rows (the last row, p5's, keeps the row height), packed again to the same width.
        let p5 = try #require(found["p5"])
        try sway.type(["-M", "ctrl", "-k", "plus", "-m", "ctrl"])
        let (zoomed, grew) = try sway.screenshot(within: 10) { shot in
            guard let cyan = boxes(in: shot)["p5"] else { return false }
            return cyan.maxY - cyan.minY > p5.maxY - p5.minY + 10
        }
        #expect(grew, "\(boxes(in: zoomed))\n\(app.logTail)")
        let again = boxes(in: zoomed).values.filter { $0.minY == boxes(in: zoomed)["p0"]?.minY }
        #expect(abs((again.map(\.minX).min() ?? 0) - left) <= 2 && abs((again.map(\.maxX).max() ?? 0) - right) <= 12,
                "the first row still spans \(left)…\(right): \(again)")
        #expect(app.isRunning, "\(app.logTail)")
    }
}
