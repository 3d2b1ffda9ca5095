import Foundation
import SweepPNG
import Testing

/// sweep-pick's icons by name: rofi's `text\0icon\x1fNAME` metadata looked up in a fake XDG icon
/// theme (under a temporary XDG_DATA_DIRS), PNG and SVG, and a name no theme has.
@Suite(.serialized) struct PickIconRunTests {
    /// Rows are 44 px under the 56 px header; with the selection circles' 44 px column and the
    /// 16 px inset, a row's picture is the 36 px square at x 60–96, 4 px below the row's top.
    private func rowCentre(_ n: Int) -> Int { 78 + 44 * n }
    private let pictureCentreX = 78

    @Test func iconsByNameComeFromTheThemeAndAMissingOneLeavesItsSpaceBlank() throws {
        let data = try TestDirectory("pick-icons-data")
        defer { data.remove() }
        let icons = "\(data.path)/icons"
        // "Fake" has the SVG icon and inherits nothing: hicolor, searched last, has the PNG one.
        try write("\(icons)/Fake/index.theme", """
            [Icon Theme]
            Name=Fake
            Directories=scalable/apps

            [scalable/apps]
            Size=48
            Type=Scalable
            MinSize=8
            MaxSize=512
            """)
        try write("\(icons)/Fake/scalable/apps/green-app.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" fill="#00a000"/></svg>
            """)
        try write("\(icons)/hicolor/index.theme", """
            [Icon Theme]
            Name=Hicolor
            Directories=32x32/apps,48x48/apps

            [32x32/apps]
            Size=32
            Type=Threshold

            [48x48/apps]
            Size=48
            Type=Threshold
            """)
        var red: [UInt8] = []
        for _ in 0..<(32 * 32) { red += [255, 0, 0, 255] }
        try FileManager.default.createDirectory(atPath: "\(icons)/hicolor/32x32/apps", withIntermediateDirectories: true)
        try PNGCodec.write(PNGImage(width: 32, height: 32, rgba: red), to: "\(icons)/hicolor/32x32/apps/red-app.png")

        let shots = try TestDirectory("pick-icons-shots")
        defer { shots.remove() }
        let records = "Red\0icon\u{1f}red-app\nGreen\0icon\u{1f}green-app\nMissing\0icon\u{1f}no-such-icon\n"
        let directory = try TestDirectory("pick-icons")
        defer { directory.remove() }
        let scriptPath = "\(directory.path)/script.jsonl", inputPath = "\(directory.path)/input"
        try """
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":800}
        {"op":"screenshot","file":"\(shots.path)/icons.png"}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Escape"}
        """.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try Data(records.utf8).write(to: URL(fileURLWithPath: inputPath))
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--", try builtProduct("sweep-pick"), "--icon-theme", "Fake"],
                                       environment: ["PATH": "/usr/bin:/bin", "XDG_DATA_DIRS": data.path],
                                       directory: directory.path, standardInput: inputPath)
        let status = process.waitForExit(seconds: 120)
        if status == nil { process.stop() }
        #expect(status == 1, "\(process.logTail)")

        let shot = try PNGCodec.read(path: "\(shots.path)/icons.png")
        #expect(shot.rgb(x: pictureCentreX, y: rowCentre(0)) == 0xFF0000, "PNG by name: \(shot.hex(x: pictureCentreX, y: rowCentre(0)))")
        #expect(shot.rgb(x: pictureCentreX, y: rowCentre(1)) == 0x00A000, "SVG by name: \(shot.hex(x: pictureCentreX, y: rowCentre(1)))")
        // The missing icon's square is the row's background, edge to edge: no broken-picture
        // placeholder, and the title stays where the other rows' titles start (after the square).
        let background = shot.rgb(x: 101, y: rowCentre(2))
        var drawn: [String] = []
        for y in (rowCentre(2) - 18)..<(rowCentre(2) + 18) {
            for x in 60..<100 where shot.rgb(x: x, y: y) != background { drawn.append(shot.hex(x: x, y: y) + " at \(x),\(y)") }
        }
        #expect(drawn.isEmpty, "\(drawn.prefix(5))")
        // The titles start after the pictures' square in every row, the same x (a glyph's bearing apart).
        func firstTextColumn(_ row: Int) -> Int {
            (97..<300).first { x in shot.darkPixelCount(x: x, y: rowCentre(row) - 8, width: 1, height: 16) > 0 } ?? -1
        }
        #expect(firstTextColumn(0) > 100 && abs(firstTextColumn(2) - firstTextColumn(0)) <= 2, "\(firstTextColumn(0)) \(firstTextColumn(2))")
        // Nothing is said about a name that no theme has.
        #expect(!process.stderr.contains("no-such-icon"), "\(process.stderr)")
    }

    private func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
