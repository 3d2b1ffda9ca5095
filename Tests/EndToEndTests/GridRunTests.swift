import Foundation
import SweepPNG
import Testing

/// The demo's grid (`--grid`) under the scripted compositor: the one-finger
/// sweep across cells in editing mode and pinch zoom (interaction.md §3 and §6).
/// At 800 px the grid has 7 columns of 100 px cells, 8 px apart and 8 px in:
/// cell c of the first row spans x 8 + 108c ..< 108 + 108c, y 52 ..< 152.
@Suite(.serialized) struct GridRunTests {
    private func cellIsTinted(_ shot: PNGImage, column: Int, row: Int) -> Bool {
        shot.rgb(x: 8 + 108 * column + 50, y: 52 + 108 * row + 50) != DemoColors.rowHover
    }

    @Test func oneFingerAcrossTheCellsSweepsInEditingModeAndUpAndDownScrolls() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"touch.drag","points":[[166,102]],"by":[300,20],"steps":8,"ms":120}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"normal.png"}
        {"op":"touch.down","id":0,"x":58,"y":102}
        {"op":"wait","ms":700}
        {"op":"touch.up","id":0}
        {"op":"touch.drag","points":[[166,102]],"by":[300,20],"steps":8,"ms":120}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"swept.png"}
        {"op":"touch.drag","points":[[166,400]],"by":[10,-200],"steps":8,"ms":120}
        {"op":"wait","ms":300}
        """, label: "grid-sweep", arguments: ["--grid", "--no-context-menu"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.events("ready").count == 1 && run.events("selection").allSatisfy { $0["view"] as? String == "grid" })
        // Outside editing mode the horizontal drag neither sweeps nor selects.
        let normal = try run.shot("normal.png")
        #expect((0..<7).allSatisfy { !cellIsTinted(normal, column: $0, row: 0) })
        // The long press on cell 0 entered editing; the drag from cell 1 to cell 4 swept them in.
        #expect(run.multiselect == ["shouldBegin touch1", "began touch1", "ended touch1"], "\(run.diagnostics)")
        #expect(run.committedSelections == ["[[0,0,0]]", "[[0,0,4]]"], "\(run.diagnostics)")
        #expect(run.events("select").first?["source"] as? String == "longPress", "the long press is not a tap: \(run.events("select"))")
        let swept = try run.shot("swept.png")
        for column in 0..<7 { #expect(cellIsTinted(swept, column: column, row: 0) == (column <= 4), "cell \(column)") }
        // Along the scrolling axis the finger scrolls (and flings).
        #expect((run.scrollOffsets.last ?? 0) > 200, "\(run.scrollOffsets)")
    }

    @Test func aPinchZoomsTheCellsAndACancelledPinchPutsThemBack() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"screenshot","file":"before.png"}
        {"op":"touch.down","id":0,"x":300,"y":300,"frame":false}
        {"op":"touch.down","id":1,"x":400,"y":300}
        {"op":"touch.move","id":0,"x":250,"y":300,"frame":false}
        {"op":"touch.move","id":1,"x":450,"y":300}
        {"op":"touch.move","id":0,"x":200,"y":300,"frame":false}
        {"op":"touch.move","id":1,"x":500,"y":300}
        {"op":"touch.up","id":0,"frame":false}
        {"op":"touch.up","id":1}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"zoomed.png"}
        {"op":"pointer.move","x":400,"y":300}
        {"op":"pinch.begin","fingers":2}
        {"op":"pinch.update","dx":0,"dy":0,"scale":0.5,"rotation":0}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"pinching.png"}
        {"op":"pinch.end","cancelled":true}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"cancelled.png"}
        """, label: "grid-pinch", arguments: ["--grid"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let zooms = run.events("zoom").map { "\($0["state"]!) \($0["cellSize"]!)" }
        // Fingers 100 px apart spread to 300: past the 10 px start the scale is 300 / 110, then the
        // size settles to 150, which fills 800 px with 5 columns; the touchpad pinch halves it, then is cancelled.
        #expect(zooms.first?.hasPrefix("began") == true && zooms.contains("ended 150") && zooms.last == "cancelled 150",
                "\(zooms)\n\(run.diagnostics)")
        #expect(zooms.contains("began 75"), "\(zooms)")
        #expect(run.events("selection").isEmpty, "a pinch selects nothing")
        let before = try run.shot("before.png"), zoomed = try run.shot("zoomed.png")
        let pinching = try run.shot("pinching.png"), cancelled = try run.shot("cancelled.png")
        #expect(zoomed.rgba != before.rgba && pinching.rgba != zoomed.rgba)
        #expect(cancelled.rgba == zoomed.rgba, "the cancelled pinch restores the size and the offset")
        // At 150 px, 5 columns: the gap after the first column is at x 158 ..< 166.
        let gapRow = (44..<600).first { y in zoomed.rgb(x: 100, y: y) == DemoColors.rowHover } ?? 100
        #expect(zoomed.rgb(x: 162, y: gapRow + 60) == DemoColors.listBackground, "\(zoomed.hex(x: 162, y: gapRow + 60))")
        #expect(zoomed.rgb(x: 150, y: gapRow + 60) == DemoColors.rowHover)
    }
}

/// Ctrl with the wheel, Ctrl+plus (or equal), Ctrl+minus and Ctrl+0 zoom
/// the grid a column at a time, as image viewers and file managers do.
@Suite struct GridWheelZoomRunTests {
    @Test func ctrlWheelAndCtrlPlusMinusZeroZoomTheGrid() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":400,"y":300}
        {"op":"key.down","key":"Control_L"}
        {"op":"pointer.axis","dy":-15,"source":"wheel"}
        {"op":"pointer.axis","dy":-15,"source":"wheel"}
        {"op":"key.tap","key":"minus"}
        {"op":"key.tap","key":"equal"}
        {"op":"key.tap","key":"KP_Subtract"}
        {"op":"key.tap","key":"0"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"reset.png"}
        {"op":"pointer.axis","dy":15,"source":"wheel"}
        {"op":"wait","ms":300}
        """, label: "grid-wheel-zoom", arguments: ["--grid"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let zooms = run.events("zoom").compactMap { $0["cellSize"] as? Double }
        // 800 px hold 7 columns of 100; each step in is a column fewer (6 of 124, 5 of 150), out one more; Ctrl+0 is 100.
        #expect(zooms == [124, 150, 124, 150, 124, 100], "\(zooms)\n\(run.diagnostics)")
        #expect(run.events("selection").isEmpty, "zooming selects nothing")
        // Without Ctrl the wheel scrolls again.
        #expect((run.scrollOffsets.last ?? 0) > 0, "\(run.scrollOffsets)")
    }
}
