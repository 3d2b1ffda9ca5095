import Foundation
import Testing

/// A pen (tablet-v2) on sweep-demo's list under the scripted compositor: it
/// hovers as the pointer does, a press and drag draws a band (its barrel
/// button held extends, as Shift), a tap selects, and a pen unplugged
/// mid-stroke ends its band with what it covered, leaving nothing held.
/// Rows are 44 px under a 44 px toolbar: row n's centre is at 66 + 44n.
@Suite(.serialized) struct PenRunTests {
    @Test func aPenBandsExtendsWithItsButtonAndHovers() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pen.in","x":600,"y":\(rowCentre(3))}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"hover.png"}
        {"op":"pen.out"}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"away.png"}
        {"op":"pen.drag","from":[300,98],"to":[200,240],"steps":10,"ms":100}
        {"op":"pen.in","x":300,"y":\(rowCentre(8))}
        {"op":"pen.button","button":"stylus","pressed":true}
        {"op":"pen.down"}
        {"op":"pen.move","x":300,"y":\(rowCentre(8) + 20)}
        {"op":"pen.move","x":300,"y":\(rowCentre(9))}
        {"op":"pen.up"}
        {"op":"pen.button","button":"stylus","pressed":false}
        {"op":"pen.out"}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"after.png"}
        """, label: "pen-band")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let hover = try run.shot("hover.png"), away = try run.shot("away.png")
        #expect(hover.rgb(x: 600, y: 44 + 44 * 3 + 5) == DemoColors.rowHover, "the row under the pen shows its hover")
        #expect(away.rgb(x: 600, y: 44 + 44 * 3 + 5) == DemoColors.listBackground, "and loses it when the pen leaves")
        let bands = run.events("band").filter { $0["phase"] as? String != "selecting" }.map { "\($0["phase"]!) \($0["mode"]!)" }
        #expect(bands == ["began replace", "ended replace", "began extend", "ended extend"], "\(run.diagnostics)")
        #expect(run.committedSelections == ["[[0,1,4]]", "[[0,1,4],[0,8,9]]"], "\(run.diagnostics)")
        let after = try run.shot("after.png")
        for row in 0..<11 { #expect(after.rowIsTinted(row) == [1, 2, 3, 4, 8, 9].contains(row), "row \(row)") }
    }

    @Test func aPenUnpluggedMidStrokeEndsItsBandAndANewPenTaps() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pen.in","x":300,"y":98}
        {"op":"pen.down"}
        {"op":"pen.move","x":300,"y":150}
        {"op":"pen.move","x":300,"y":\(rowCentre(5))}
        {"op":"pen.remove"}
        {"op":"wait","ms":50}
        {"op":"pen.drag","from":[300,\(rowCentre(7))],"to":[300,\(rowCentre(7))],"steps":1,"ms":10}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"after.png"}
        """, label: "pen-removed")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let bands = run.events("band").filter { $0["phase"] as? String != "selecting" }.map { "\($0["phase"]!)" }
        #expect(bands == ["began", "ended"], "the unplugged pen's band ends with what it covered: \(run.diagnostics)")
        // Then a tap of the new pen on row 7 (no movement: not a band) selects it alone, as a click does.
        #expect(run.committedSelections.first == "[[0,1,5]]" && run.committedSelections.last == "[[0,7,7]]", "\(run.diagnostics)")
        #expect(try run.shot("after.png").rowIsTinted(7))
    }
}
