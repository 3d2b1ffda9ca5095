import Foundation
import Testing

/// The desktop's conventions outside editing mode (interaction.md §5), in the list
/// and the grid: click selects one, Shift+click selects the range from the
/// anchor, Ctrl+click toggles, Shift+arrows extend, Ctrl+A selects all, a
/// right click selects an unselected item. The demo allows several items
/// only in editing mode, so these enter it, as a band does.
@Suite(.serialized) struct NormalModeRunTests {
    /// Clicks at `(x, y)` with the modifier key `modifier` held (nil: none).
    private func click(_ x: Int, _ y: Int, holding modifier: String? = nil, button: String = "left") -> String {
        var lines = ["{\"op\":\"pointer.move\",\"x\":\(x),\"y\":\(y)}",
                     "{\"op\":\"pointer.down\",\"button\":\"\(button)\"}", "{\"op\":\"pointer.up\",\"button\":\"\(button)\"}"]
        if let modifier {
            lines.insert("{\"op\":\"key.down\",\"key\":\"\(modifier)\"}", at: 0)
            lines.append("{\"op\":\"key.up\",\"key\":\"\(modifier)\"}")
        }
        return lines.joined(separator: "\n")
    }

    /// The same script for a view whose item n is at `point(n)`, moving down a line with `down`.
    private func script(point: (Int) -> (Int, Int), down: String) -> String {
        """
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(click(point(2).0, point(2).1))
        \(click(point(5).0, point(5).1, holding: "Shift_L"))
        {"op":"key.tap","key":"Escape"}
        \(click(point(1).0, point(1).1))
        \(click(point(3).0, point(3).1, holding: "Control_L"))
        {"op":"key.tap","key":"Escape"}
        \(click(point(0).0, point(0).1))
        {"op":"key.down","key":"Shift_L"}
        {"op":"key.tap","key":"\(down)"}
        {"op":"key.tap","key":"\(down)"}
        {"op":"key.up","key":"Shift_L"}
        {"op":"key.tap","key":"Escape"}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"a"}
        {"op":"key.up","key":"Control_L"}
        {"op":"key.tap","key":"Escape"}
        \(click(point(4).0, point(4).1, button: "right"))
        {"op":"wait","ms":50}
        """
    }

    private func check(_ run: ScriptedDemoRun) {
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.committedSelections == ["[[0,2,2]]", "[[0,2,5]]", "[]", "[[0,1,1]]", "[[0,1,1],[0,3,3]]", "[]",
                                            "[[0,0,0]]", "[[0,0,1]]", "[[0,0,2]]", "[]", "[[0,0,999999]]", "[]",
                                            "[[0,4,4]]"], "\(run.diagnostics)")
        // Shift+click, Ctrl+click, Shift+arrows and Ctrl+A each entered editing mode; Escape left it.
        let editing = run.events("editing").map { $0["editing"] as? Bool ?? false }
        #expect(editing == [true, false, true, false, true, false, true, false], "\(run.diagnostics)")
    }

    @Test func inTheList() throws {
        let run = try playDemo(script(point: { (300, rowCentre($0)) }, down: "Down"), label: "normal-list")
        defer { run.directory.remove() }
        check(run)
    }

    @Test func inTheGrid() throws {
        // Cells of 100 px, 8 px apart and 8 px in, under the 44 px toolbar; Right moves one cell.
        let run = try playDemo(script(point: { (58 + 108 * $0, 102) }, down: "Right"), label: "normal-grid",
                               arguments: ["--grid"])
        defer { run.directory.remove() }
        check(run)
    }

    /// After a band over rows 2–7, Shift+click on row 12 selects 2–12 and Shift+Up then
    /// takes the focus back to row 11: the band left its start as the anchor and its end as the focus.
    @Test func aBandLeavesTheAnchorForShiftClickAndShiftArrows() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":700,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.drag","from":[500,\(rowCentre(2))],"to":[520,\(rowCentre(7))],"steps":10,"ms":100}
        \(click(300, rowCentre(12), holding: "Shift_L"))
        {"op":"key.down","key":"Shift_L"}
        {"op":"key.tap","key":"Up"}
        {"op":"key.up","key":"Shift_L"}
        {"op":"wait","ms":50}
        """, label: "band-anchor")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.committedSelections == ["[[0,2,7]]", "[[0,2,12]]", "[[0,2,11]]"], "\(run.diagnostics)")
    }
}
