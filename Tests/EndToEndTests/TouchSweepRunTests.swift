import Foundation
import SweepPNG
import Testing

/// Sweeps from every input of interaction.md §3, played by the scripted compositor
/// against the real demo and checked on its event log and its pixels.
/// Rows are 44 px under a 44 px toolbar: row n's centre is at y 66 + 44n.
@Suite(.serialized) struct TouchSweepRunTests {
    @Test func aTwoFingerSweepSelectsThenASweepFromASelectedRowDeselects() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"touch.drag","points":[[300,110],[340,110]],"by":[0,150],"steps":10,"ms":150}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"selected.png"}
        {"op":"touch.drag","points":[[300,160],[340,160]],"by":[0,50],"steps":10,"ms":150}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"deselected.png"}
        """, label: "two-finger")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.multiselect == ["shouldBegin touch2", "began touch2", "ended touch2",
                                    "shouldBegin touch2", "began touch2", "ended touch2"], "\(run.diagnostics)")
        #expect(run.events("editing").first?["editing"] as? Bool == true)
        #expect(run.committedSelections == ["[[0,1,4]]", "[[0,1,1],[0,4,4]]"], "\(run.diagnostics)")
        let selected = try run.shot("selected.png"), deselected = try run.shot("deselected.png")
        for row in 0..<7 {
            #expect(selected.rowIsTinted(row) == (1...4).contains(row), "row \(row) after the sweep")
            #expect(deselected.rowIsTinted(row) == [1, 4].contains(row), "row \(row) after the deselecting sweep")
        }
    }

    @Test func aSweepThatComesBackRevertsTheRowsItLeft() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"touch.down","id":0,"x":300,"y":110,"frame":false}
        {"op":"touch.down","id":1,"x":340,"y":110}
        {"op":"touch.move","id":0,"x":300,"y":200,"frame":false}
        {"op":"touch.move","id":1,"x":340,"y":200}
        {"op":"touch.move","id":0,"x":300,"y":290,"frame":false}
        {"op":"touch.move","id":1,"x":340,"y":290}
        {"op":"touch.move","id":0,"x":300,"y":160,"frame":false}
        {"op":"touch.move","id":1,"x":340,"y":160}
        {"op":"touch.up","id":0,"frame":false}
        {"op":"touch.up","id":1}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"after.png"}
        """, label: "sweep-back")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let provisional = run.events("selection").filter { $0["provisional"] as? Bool == true }.map(ScriptedDemoRun.ranges)
        #expect(provisional.contains("[[0,1,5]]"), "the sweep reached row 5: \(provisional)")
        #expect(run.committedSelections == ["[[0,1,2]]"], "\(run.diagnostics)")
        let after = try run.shot("after.png")
        for row in 0..<7 { #expect(after.rowIsTinted(row) == (1...2).contains(row), "row \(row)") }
    }

    @Test func aSecondSweepAfterScrollingAddsToTheSelection() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"touch.drag","points":[[300,110],[340,110]],"by":[0,44],"steps":6,"ms":90}
        {"op":"pointer.move","x":300,"y":300}
        {"op":"pointer.axis","dy":15,"source":"wheel"}
        {"op":"wait","ms":300}
        {"op":"touch.drag","points":[[300,110],[340,110]],"by":[0,132],"steps":8,"ms":120}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"after.png"}
        """, label: "non-contiguous")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // One notch scrolls three rows (132 px): the second sweep covers rows 4 to 7.
        #expect(run.scrollOffsets.last == 132)
        #expect(run.committedSelections == ["[[0,1,2]]", "[[0,1,2],[0,4,7]]"], "\(run.diagnostics)")
        let after = try run.shot("after.png")
        for row in 3..<12 { #expect(after.rowIsTinted(row, offset: 132) == (4...7).contains(row), "row \(row)") }
    }

    @Test func aSweepHeldNearTheBottomEdgeAutoscrolls() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"touch.down","id":0,"x":300,"y":110,"frame":false}
        {"op":"touch.down","id":1,"x":340,"y":110}
        {"op":"touch.move","id":0,"x":300,"y":300,"frame":false}
        {"op":"touch.move","id":1,"x":340,"y":300}
        {"op":"touch.move","id":0,"x":300,"y":590,"frame":false}
        {"op":"touch.move","id":1,"x":340,"y":590}
        {"op":"wait","ms":700}
        {"op":"touch.up","id":0,"frame":false}
        {"op":"touch.up","id":1}
        {"op":"wait","ms":100}
        """, label: "autoscroll")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let offsets = run.scrollOffsets
        #expect(offsets.count >= 5 && offsets == offsets.sorted() && (offsets.last ?? 0) > 100, "\(offsets)")
        // The sweep kept extending over the rows that scrolled under the fingers.
        let last = (run.events("selection").last?["ranges"] as? [[Int]])?.first
        #expect(last?[1] == 1 && (last?[2] ?? 0) > 12, "\(run.diagnostics)")
    }

    @Test func oneFingerInTheCheckboxColumnSweepsWhileElsewhereItScrolls() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"touch.down","id":0,"x":300,"y":110}
        {"op":"wait","ms":700}
        {"op":"touch.up","id":0}
        {"op":"wait","ms":100}
        {"op":"touch.drag","points":[[20,198]],"by":[0,88],"steps":8,"ms":120}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"swept.png"}
        {"op":"touch.drag","points":[[300,500]],"by":[0,-200],"steps":5,"ms":50}
        {"op":"wait","ms":400}
        """, label: "checkbox-column", arguments: ["--no-context-menu"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // The long press entered editing mode and selected row 1.
        #expect(run.events("editing").first?["editing"] as? Bool == true)
        #expect(run.events("select").first.map { "\($0["item"]!) \($0["source"]!)" } != nil)
        #expect(run.multiselect == ["shouldBegin touch1", "began touch1", "ended touch1"], "\(run.diagnostics)")
        #expect(run.committedSelections.last == "[[0,1,1],[0,3,5]]", "\(run.diagnostics)")
        let swept = try run.shot("swept.png")
        for row in 0..<7 { #expect(swept.rowIsTinted(row) == [1, 3, 4, 5].contains(row), "row \(row)") }
        // The drag in the middle scrolled and flung on after the finger lifted.
        let offsets = run.scrollOffsets
        #expect((offsets.last ?? 0) > 200, "a 200 px drag and a fling: \(offsets)")
    }

    @Test func aThreeFingerTouchpadSwipeSweepsAndACancelledOneReverts() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":300,"y":110}
        {"op":"swipe.begin","fingers":3}
        {"op":"swipe.update","dx":0,"dy":50}
        {"op":"swipe.update","dx":0,"dy":50}
        {"op":"swipe.end"}
        {"op":"wait","ms":50}
        {"op":"pointer.move","x":300,"y":330}
        {"op":"swipe.begin","fingers":4}
        {"op":"swipe.update","dx":0,"dy":100}
        {"op":"swipe.end","cancelled":true}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"after.png"}
        """, label: "swipe")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.multiselect == ["shouldBegin swipe", "began swipe", "ended swipe",
                                    "shouldBegin swipe", "began swipe", "cancelled swipe"], "\(run.diagnostics)")
        #expect(run.committedSelections == ["[[0,1,3]]", "[[0,1,3]]"], "\(run.diagnostics)")
        let after = try run.shot("after.png")
        for row in 0..<10 { #expect(after.rowIsTinted(row) == (1...3).contains(row), "row \(row)") }
    }

    @Test func twoFingersHeldThenMovedSweepButMovedAtOnceScroll() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":300,"y":198}
        {"op":"hold.begin","fingers":2}
        {"op":"wait","ms":350}
        {"op":"hold.end","cancelled":true}
        {"op":"pointer.axis","dy":30,"source":"finger"}
        {"op":"pointer.axis","dy":30,"source":"finger"}
        {"op":"pointer.axisStop"}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"swept.png"}
        {"op":"hold.begin","fingers":2}
        {"op":"hold.end","cancelled":true}
        {"op":"pointer.axis","dy":30,"source":"finger"}
        {"op":"wait","ms":16}
        {"op":"pointer.axis","dy":30,"source":"finger"}
        {"op":"wait","ms":16}
        {"op":"pointer.axis","dy":30,"source":"finger"}
        {"op":"pointer.axisStop"}
        {"op":"wait","ms":600}
        """, label: "hold-scroll")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.multiselect == ["shouldBegin holdScroll", "began holdScroll", "ended holdScroll"], "\(run.diagnostics)")
        // Rows 3 (y 198) to 4 (60 px further): the scroll moved the sweep's point, not the list.
        #expect(run.committedSelections == ["[[0,3,4]]"], "\(run.diagnostics)")
        let swept = try run.shot("swept.png")
        for row in 0..<7 { #expect(swept.rowIsTinted(row) == (3...4).contains(row), "row \(row)") }
        // The second drag moved at once: it scrolled 90 px and flung on.
        let offsets = run.scrollOffsets
        #expect(offsets.first == 30 && (offsets.last ?? 0) > 90, "\(offsets)")
    }

    @Test func aCancelledTouchSequenceRevertsTheSweep() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"touch.down","id":0,"x":300,"y":110,"frame":false}
        {"op":"touch.down","id":1,"x":340,"y":110}
        {"op":"touch.move","id":0,"x":300,"y":260,"frame":false}
        {"op":"touch.move","id":1,"x":340,"y":260}
        {"op":"wait","ms":50}
        {"op":"touch.cancel"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"after.png"}
        """, label: "touch-cancel")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.multiselect == ["shouldBegin touch2", "began touch2", "cancelled touch2"], "\(run.diagnostics)")
        #expect(run.finalSelection == "[]", "\(run.diagnostics)")
        let after = try run.shot("after.png")
        for row in 0..<7 { #expect(!after.rowIsTinted(row), "row \(row)") }
    }
}
