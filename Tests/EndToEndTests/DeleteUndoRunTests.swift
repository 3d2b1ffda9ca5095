import Foundation
import Testing

/// Data changes in the demo: in editing mode Delete removes the selected
/// items and Ctrl+Z puts them back at their places, selected again, while
/// the items selected in between keep their selection at their new places.
/// (The screenshots wait for the change's animation, 250 ms, to end.)
@Suite(.serialized) struct DeleteUndoRunTests {
    private func click(_ row: Int, holding modifier: String? = nil) -> String {
        var lines = ["{\"op\":\"pointer.move\",\"x\":300,\"y\":\(rowCentre(row))}",
                     "{\"op\":\"pointer.down\",\"button\":\"left\"}", "{\"op\":\"pointer.up\",\"button\":\"left\"}"]
        if let modifier {
            lines.insert("{\"op\":\"key.down\",\"key\":\"\(modifier)\"}", at: 0)
            lines.append("{\"op\":\"key.up\",\"key\":\"\(modifier)\"}")
        }
        return lines.joined(separator: "\n")
    }

    @Test func deleteThenUndoRestoresTheItemsAndTheirSelection() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(click(1))
        \(click(3, holding: "Shift_L"))
        \(click(6, holding: "Control_L"))
        {"op":"key.tap","key":"Delete"}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"deleted.png"}
        \(click(0, holding: "Control_L"))
        \(click(4, holding: "Control_L"))
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"z"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"restored.png"}
        """, label: "delete-undo")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let counts = run.events("items").filter { $0["view"] as? String == "list" }.compactMap { $0["count"] as? Int }
        #expect(counts == [999_996, 1_000_000], "\(run.diagnostics)")
        // Rows 1–3 and 6 went; rows 0 and 4 (then the item of row 8) were selected in between;
        // Ctrl+Z brought 1–3 and 6 back selected, and item 8 kept its selection at its own place again.
        let list = run.events("selection").filter { $0["view"] as? String == "list" && $0["provisional"] as? Bool == false }
        #expect(list.last.map(ScriptedDemoRun.ranges) == "[[0,0,3],[0,6,6],[0,8,8]]", "\(run.diagnostics)")
        #expect(run.events("editing").compactMap { $0["editing"] as? Bool } == [true], "the view stays in editing mode")
        let deleted = try run.shot("deleted.png"), restored = try run.shot("restored.png")
        // After the delete the first rows are items 1, 5, 6, 8 …: nothing selected; after undo rows 0–3 are.
        #expect((0..<4).allSatisfy { !deleted.rowIsTinted($0) })
        #expect((0..<4).allSatisfy { restored.rowIsTinted($0) } && !restored.rowIsTinted(4) && restored.rowIsTinted(6))
    }
}
