import Foundation
import SweepPNG
import Testing

/// Bands, clicks, taps, long presses, keys and devices coming and going
/// (interaction.md §4 and §5), played by the scripted compositor against the demo.
/// Rows are 44 px under a 44 px toolbar: row n's centre is at y 66 + 44n.
@Suite(.serialized) struct PointerKeyRunTests {
    @Test func bandsReplaceToggleWithControlAndEscapeCancels() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.drag","from":[300,98],"to":[200,240],"steps":10,"ms":100}
        {"op":"key.down","key":"Control_L"}
        {"op":"pointer.drag","from":[300,200],"to":[300,330],"steps":5,"ms":50}
        {"op":"key.up","key":"Control_L"}
        {"op":"pointer.move","x":300,"y":420}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":300,"y":470}
        {"op":"wait","ms":30}
        {"op":"screenshot","file":"banding.png"}
        {"op":"key.tap","key":"Escape"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"after.png"}
        """, label: "band-modes")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let bands = run.events("band").filter { $0["phase"] as? String != "selecting" }
            .map { "\($0["phase"]!) \($0["mode"]!)" }
        #expect(bands == ["began replace", "ended replace", "began toggle", "ended toggle", "began replace", "cancelled replace"],
                "\(run.diagnostics)")
        // Control toggled rows 3 to 6: 3 and 4 went out, 5 and 6 came in; Escape restored that.
        #expect(run.committedSelections == ["[[0,1,4]]", "[[0,1,2],[0,5,6]]", "[[0,1,2],[0,5,6]]"], "\(run.diagnostics)")
        let banding = try run.shot("banding.png"), after = try run.shot("after.png")
        // The band is drawn with a 1 px accent border at the anchor (300, 420).
        #expect(banding.rgb(x: 300, y: 440) != after.rgb(x: 300, y: 440), "no band drawn: \(banding.hex(x: 300, y: 440))")
        for row in 0..<10 { #expect(after.rowIsTinted(row) == [1, 2, 5, 6].contains(row), "row \(row)") }
    }

    @Test func aBandHeldAtTheBottomEdgeAutoscrollsAndKeepsItsAnchor() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":300,"y":110}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":300,"y":300}
        {"op":"pointer.move","x":300,"y":595}
        {"op":"wait","ms":700}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":50}
        """, label: "band-autoscroll")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let offsets = run.scrollOffsets
        #expect(offsets.count >= 5 && offsets == offsets.sorted() && (offsets.last ?? 0) > 100, "\(offsets)")
        // Anchored in content coordinates: the band still starts at row 1.
        let ended = run.events("band").last
        #expect((ended?["rect"] as? [Double])?[1] == 66, "\(String(describing: ended))")
        let last = (run.events("selection").last?["ranges"] as? [[Int]])?.first
        #expect(last?[1] == 1 && (last?[2] ?? 0) > 12, "\(run.diagnostics)")
    }

    @Test func clicksWithModifiers() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":400,"y":154}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"pointer.drag","from":[300,98],"to":[200,240],"steps":10,"ms":100}
        {"op":"key.down","key":"Control_L"}
        {"op":"pointer.move","x":400,"y":418}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.up","key":"Control_L"}
        {"op":"key.down","key":"Shift_L"}
        {"op":"pointer.move","x":400,"y":506}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.up","key":"Shift_L"}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.down","key":"Shift_L"}
        {"op":"pointer.move","x":400,"y":110}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.up","key":"Shift_L"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"after.png"}
        """, label: "clicks")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // Normal mode: a click selects and activates row 2.
        #expect(run.events("activate").first?["item"] as? [Int] == [0, 2])
        #expect(run.events("select").first.map { "\($0["item"]!) \($0["source"]!)" }?.contains("click") == true)
        // Editing (from the band): Ctrl toggles row 8 in, Shift selects 8 to 10, Ctrl+Shift adds 1 to 8.
        #expect(run.committedSelections == ["[[0,2,2]]", "[[0,1,4]]", "[[0,1,4],[0,8,8]]", "[[0,8,10]]", "[[0,1,10]]"],
                "\(run.diagnostics)")
        let after = try run.shot("after.png")
        for row in 0..<12 { #expect(after.rowIsTinted(row) == (1...10).contains(row), "row \(row)") }
    }

    @Test func keysMoveTheFocusExtendToggleAndSelectAll() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.drag","from":[300,98],"to":[200,240],"steps":10,"ms":100}
        {"op":"key.tap","key":"Home"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.down","key":"Shift_L"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.up","key":"Shift_L"}
        {"op":"key.tap","key":"space"}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"keys.png"}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"a"}
        {"op":"key.up","key":"Control_L"}
        {"op":"key.tap","key":"Escape"}
        {"op":"wait","ms":50}
        """, label: "keys")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // Shift+Down twice from row 2 selects 2 to 4; Space toggles the focused row 4 out.
        #expect(run.committedSelections == ["[[0,1,4]]", "[[0,2,3]]", "[[0,2,4]]", "[[0,2,3]]", "[[0,0,999999]]", "[]"],
                "\(run.diagnostics)")
        #expect(run.events("deselect").first?["source"] as? String == "key")
        let keys = try run.shot("keys.png")
        for row in 0..<7 { #expect(keys.rowIsTinted(row) == (2...3).contains(row), "row \(row)") }
        // The focus ring (2 px of accent) is on row 4.
        let ring = keys.rgb(x: 400, y: 44 + 44 * 4 + 1)
        #expect(ring & 0xff > 0xc0 && ring >> 16 < 0x40, "focus ring on row 4: \(keys.hex(x: 400, y: 44 + 44 * 4 + 1))")
        #expect(run.events("editing").last?["editing"] as? Bool == false)
    }

    /// A click moves the keyboard focus, and the ring goes with it (it
    /// stayed on the row the arrows had left it on).
    @Test func theFocusRingFollowsAClick() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"keys.png"}
        {"op":"pointer.move","x":300,"y":\(rowCentre(6))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"pointer.move","x":790,"y":590}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"clicked.png"}
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"down.png"}
        """, label: "focus-click")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        func ring(_ shot: PNGImage, row: Int) -> Bool {
            let colour = shot.rgb(x: 400, y: 44 + 44 * row + 1)
            return colour & 0xff > 0xc0 && colour >> 16 < 0x40
        }
        let keys = try run.shot("keys.png"), clicked = try run.shot("clicked.png"), down = try run.shot("down.png")
        #expect(ring(keys, row: 2) && !ring(keys, row: 6), "the arrows left the ring on row 2")
        #expect(ring(clicked, row: 6) && !ring(clicked, row: 2), "the click took the ring to row 6")
        #expect(ring(down, row: 7) && !ring(down, row: 6), "Down goes on from the clicked row")
    }

    @Test func aTapActivatesAndALongPressEntersEditing() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"touch.down","id":0,"x":300,"y":198}
        {"op":"touch.up","id":0}
        {"op":"wait","ms":50}
        {"op":"touch.down","id":0,"x":300,"y":330}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"pressing.png"}
        {"op":"wait","ms":400}
        {"op":"touch.up","id":0}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"after.png"}
        {"op":"touch.down","id":0,"x":300,"y":198}
        {"op":"touch.up","id":0}
        {"op":"wait","ms":50}
        """, label: "tap-long-press", arguments: ["--no-context-menu"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.events("select").map { "\($0["item"]!) \($0["source"]!)" }.count == 2)
        #expect(run.events("activate").map { $0["item"] as? [Int] } == [[0, 3]], "only the normal-mode tap activates")
        #expect(run.events("editing").first?["editing"] as? Bool == true)
        // The long press selected row 6; in editing mode a tap toggles row 3 off.
        #expect(run.committedSelections == ["[[0,3,3]]", "[[0,3,3],[0,6,6]]", "[[0,6,6]]"], "\(run.diagnostics)")
        let pressing = try run.shot("pressing.png"), after = try run.shot("after.png")
        #expect(!pressing.rowIsTinted(6), "300 ms is not yet a long press")
        #expect(after.rowIsTinted(6))
    }

    @Test func aTouchDuringAFlingStopsItAndSelectsNothing() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"touch.drag","points":[[300,500]],"by":[0,-300],"steps":6,"ms":60}
        {"op":"wait","ms":60}
        {"op":"touch.down","id":0,"x":300,"y":300}
        {"op":"touch.up","id":0}
        {"op":"wait","ms":30}
        {"op":"screenshot","file":"stopped.png"}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"later.png"}
        """, label: "fling-stop")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let offsets = run.scrollOffsets
        #expect((offsets.last ?? 0) > 300, "the fling went past the drag: \(offsets)")
        #expect(run.events("select").isEmpty && run.events("selection").isEmpty, "\(run.diagnostics)")
        #expect(try run.shot("stopped.png").rgba == run.shot("later.png").rgba, "the content kept moving after the touch")
    }

    @Test func aSeatThatLosesAndRegainsItsDevicesKeepsWorking() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":400,"y":154}
        {"op":"seat","pointer":false,"keyboard":false}
        {"op":"wait","ms":50}
        {"op":"seat","pointer":true,"keyboard":true}
        {"op":"wait","ms":50}
        {"op":"pointer.move","x":400,"y":198}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"End"}
        {"op":"wait","ms":400}
        """, label: "seat-devices")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // The pointer plugged back clicks row 3; End, from the keyboard plugged back, selects the last row.
        #expect(run.committedSelections == ["[[0,3,3]]", "[[0,999999,999999]]"], "\(run.diagnostics)")
        #expect(run.scrollOffsets.last == Double(1_000_000 * 44 - 507), "the keyboard plugged back scrolls: \(run.scrollOffsets)")
    }

    @Test func aHeldKeyRepeatsAsRepeatInfoSays() throws {
        // The scripted compositor sends repeat_info 25 a second after 600 ms.
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"key.down","key":"Down"}
        {"op":"wait","ms":1500}
        {"op":"key.up","key":"Down"}
        {"op":"wait","ms":300}
        """, label: "key-repeat")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // About 22 repeats in the 900 ms after the delay: the focus reached row 20 or so and the list followed it.
        let offset = run.scrollOffsets.last ?? 0
        #expect((350...700).contains(offset), "\(run.scrollOffsets)")
    }

    @Test func aTouchpadHoldStopsAFingerScrollFling() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":300,"y":300}
        {"op":"pointer.axis","dy":40,"source":"finger"}
        {"op":"wait","ms":10}
        {"op":"pointer.axis","dy":40,"source":"finger"}
        {"op":"wait","ms":10}
        {"op":"pointer.axis","dy":40,"source":"finger"}
        {"op":"pointer.axisStop"}
        {"op":"wait","ms":80}
        {"op":"hold.begin","fingers":2}
        {"op":"wait","ms":30}
        {"op":"screenshot","file":"stopped.png"}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"later.png"}
        {"op":"hold.end"}
        """, label: "hold-stops-fling")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let offsets = run.scrollOffsets
        #expect((offsets.last ?? 0) > 120, "the fling went past the fingers' 120 px: \(offsets)")
        #expect(try run.shot("stopped.png").rgba == run.shot("later.png").rgba, "the content kept moving after the hold")
        #expect(run.multiselect.isEmpty, "a hold that ends without moving sweeps nothing")
    }

    @Test func aSecondSeatThatAppearsAtRunTimeDrivesTheAppToo() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"seat.add"}
        {"op":"wait","ms":50}
        {"op":"seat.use","index":1}
        {"op":"pointer.move","x":400,"y":198}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"End"}
        {"op":"wait","ms":300}
        {"op":"seat.use","index":0}
        {"op":"key.tap","key":"Home"}
        {"op":"wait","ms":300}
        """, label: "two-seats")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // The second seat's click and End, then the first seat's Home: the selection follows the focus.
        #expect(run.committedSelections == ["[[0,3,3]]", "[[0,999999,999999]]", "[[0,0,0]]"], "\(run.diagnostics)")
        let offsets = run.scrollOffsets
        #expect(offsets.contains(Double(1_000_000 * 44 - 507)), "the second seat's End")
        #expect(offsets.last == 0, "then the first seat's Home")
    }
}
