import Foundation
import SweepPNG
import Testing

/// sweep-demo under weston's X11 backend in Xvfb, with a real seat driven by
/// xdotool: hover, the mouse wheel, and the app's own title bar.
@Suite(.serialized) struct WestonX11DemoTests {
    private func withDemo(_ label: String, arguments: [String], _ body: (NestedWeston, DemoClient, PNGImage) throws -> Void) throws {
        let weston = try NestedWeston(label: label)
        defer { weston.stop() }
        let demo = try DemoClient(under: weston, arguments: arguments, directory: weston.directory.path)
        defer { demo.stop() }
        let (first, ready) = try weston.screenshot(within: 15) { shot in
            shot.boundingBox(of: DemoColors.toolbar).map { $0.maxX - $0.minX + 1 } == 640
        }
        #expect(ready, "no demo frame\n\(demo.logTail)\n\(weston.logTail)")
        guard ready else { return }
        try body(weston, demo, first)
    }

    /// The top of the scroll indicator in the list's right margin, or nil.
    private func indicatorTop(_ shot: PNGImage, listRight: Int, listTop: Int, listBottom: Int) -> Int? {
        (listTop..<listBottom).first { y in
            let value = Int(shot.rgb(x: listRight - 5, y: y) & 0xff)
            return value < 200 && value > 100
        }
    }

    @Test func highlightsTheHoveredRowAndScrollsWithTheWheel() throws {
        try withDemo("wheel", arguments: ["--size", "640x480", "--rows", "40"]) { weston, demo, first in
            let box = first.boundingBox(of: DemoColors.toolbar)!
            let listTop = box.minY + DemoColors.toolbarHeight, listBottom = box.minY + 480, right = box.maxX + 1
            // Hover the second row.
            try weston.movePointer(to: box.minX + 300, listTop + DemoColors.rowHeight + 20)
            let (hovered, highlighted) = try weston.screenshot(within: 5) { shot in
                shot.rgb(x: box.minX + 500, y: listTop + DemoColors.rowHeight + 5) == DemoColors.rowHover
            }
            #expect(highlighted, "row 2 not highlighted: \(hovered.hex(x: box.minX + 500, y: listTop + DemoColors.rowHeight + 5))\n\(demo.logTail)")
            #expect(hovered.rgb(x: box.minX + 500, y: listTop + 5) == DemoColors.listBackground, "row 1 must not be highlighted")
            let topBefore = indicatorTop(hovered, listRight: right, listTop: listTop, listBottom: listBottom)
            #expect(topBefore != nil && topBefore! < listTop + 10, "indicator not at the top: \(String(describing: topBefore))")
            // Two wheel notches: 6 rows of 44 px.
            try weston.xdotool(["click", "5", "click", "5"])
            let (scrolled, moved) = try weston.screenshot(within: 5) { shot in
                guard let top = indicatorTop(shot, listRight: right, listTop: listTop, listBottom: listBottom),
                      let before = topBefore else { return false }
                return top > before + 20
            }
            #expect(moved, "the wheel did not scroll\n\(demo.logTail)")
            // The row under the pointer is still highlighted after the content moved under it.
            #expect(scrolled.rgb(x: box.minX + 500, y: listTop + DemoColors.rowHeight + 5) == DemoColors.rowHover)
        }
    }

    @Test func closesFromTheClientSideTitleBar() throws {
        try withDemo("close", arguments: ["--size", "640x480"]) { weston, demo, first in
            let box = first.boundingBox(of: DemoColors.toolbar)!
            // The close button is the rightmost of the title bar: a 24 px circle 8 px from its end.
            try weston.movePointer(to: box.maxX - 19, box.minY - 20)
            try weston.xdotool(["click", "1"])
            let status = demo.process.waitForExit(seconds: 10)
            #expect(status == 0, "sweep-demo did not close from its title bar: \(String(describing: status))\n\(demo.logTail)")
        }
    }

    @Test func aPointerBandReplacesExtendsWithShiftAndTogglesWithControl() throws {
        let logPath = "\(FileManager.default.temporaryDirectory.path)/sweep-weston-band-\(getpid()).jsonl"
        try? FileManager.default.removeItem(atPath: logPath)
        defer { try? FileManager.default.removeItem(atPath: logPath) }
        try withDemo("band", arguments: ["--size", "640x480", "--rows", "40", "--event-log", logPath]) { weston, demo, first in
            let box = first.boundingBox(of: DemoColors.toolbar)!
            let left = box.minX, listTop = box.minY + DemoColors.toolbarHeight
            func y(_ row: Int, _ offset: Int = 22) -> String { "\(listTop + DemoColors.rowHeight * row + offset)" }
            // A plain band over rows 1 to 3, a Shift band over rows 6 and 7, a Control band over rows 3 to 6.
            try weston.movePointer(to: left + 300, listTop + DemoColors.rowHeight + 10)
            try weston.xdotool(["mousedown", "1", "mousemove", "\(left + 290)", y(2), "mousemove", "\(left + 250)", y(3),
                                "mouseup", "1"])
            try weston.xdotool(["mousemove", "\(left + 300)", y(6), "keydown", "shift", "mousedown", "1",
                                "mousemove", "\(left + 290)", y(6, 30), "mousemove", "\(left + 280)", y(7),
                                "mouseup", "1", "keyup", "shift"])
            try weston.xdotool(["mousemove", "\(left + 300)", y(3), "keydown", "ctrl", "mousedown", "1",
                                "mousemove", "\(left + 290)", y(4), "mousemove", "\(left + 280)", y(6),
                                "mouseup", "1", "keyup", "ctrl"])
            let (shot, settled) = try weston.screenshot(within: 5) { shot in
                let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                return text.components(separatedBy: "\"phase\":\"ended\"").count == 4
            }
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            #expect(settled, "three bands did not end\n\(log)\n\(demo.logTail)")
            #expect(log.contains("\"phase\":\"began\",\"mode\":\"replace\""))
            #expect(log.contains("\"phase\":\"began\",\"mode\":\"extend\""))
            #expect(log.contains("\"phase\":\"began\",\"mode\":\"toggle\""))
            // Replace: rows 1-3. Shift adds 6-7. Control toggles 3-6: 3 and 6 out, 4 and 5 in.
            #expect(log.contains("\"ranges\":[[0,1,3]],\"count\":3,\"provisional\":false"), "\(log)")
            #expect(log.contains("\"ranges\":[[0,1,3],[0,6,7]],\"count\":5,\"provisional\":false"), "\(log)")
            #expect(log.contains("\"ranges\":[[0,1,2],[0,4,5],[0,7,7]],\"count\":5,\"provisional\":false"), "\(log)")
            for row in 0..<9 {
                let colour = shot.rgb(x: left + 600, y: listTop + DemoColors.rowHeight * row + 5)
                let tinted = colour != DemoColors.listBackground && colour != DemoColors.rowHover
                #expect(tinted == [1, 2, 4, 5, 7].contains(row), "row \(row): \(shot.hex(x: left + 600, y: listTop + DemoColors.rowHeight * row + 5))")
            }
        }
    }
}
