import Foundation
import SweepPNG
import Testing

/// sweep-demo and sweep-pick under KWin (Plasma's compositor, virtual
/// backend), driven through KWin's fake-input protocol by sweep-input and
/// checked on the apps' event logs and KWin's screenshots.
///
/// KWin's fake input has no discrete wheel (a scroll is smooth, 15 px a
/// step) and sends touch points in global coordinates; the window rule puts
/// the demo at the origin, so global coordinates are window coordinates.
@Suite(.serialized) struct KWinDemoTests {
    private func click(_ row: Int, holding modifier: String? = nil) -> String {
        var lines = ["{\"op\":\"pointer.move\",\"x\":300,\"y\":\(rowCentre(row))}",
                     "{\"op\":\"pointer.down\",\"button\":\"left\"}", "{\"op\":\"pointer.up\",\"button\":\"left\"}"]
        if let modifier {
            lines.insert("{\"op\":\"key.down\",\"key\":\"\(modifier)\"}", at: 0)
            lines.append("{\"op\":\"key.up\",\"key\":\"\(modifier)\"}")
        }
        return lines.joined(separator: "\n")
    }

    /// A band, then Shift+click and Shift+Down extend from where it began; a Ctrl band adds rows.
    @Test func aBandLeavesTheAnchorForShiftClickAndShiftArrowAndCtrlBandAdds() throws {
        let session = try KWinDemoSession("band")
        defer { session.stop() }
        try session.kwin.play("""
        {"op":"pointer.drag","from":[500,\(rowCentre(1))],"to":[520,\(rowCentre(3))],"steps":10,"ms":100}
        \(click(6, holding: "Shift_L"))
        {"op":"key.down","key":"Shift_L"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.up","key":"Shift_L"}
        {"op":"key.down","key":"Control_L"}
        {"op":"pointer.drag","from":[500,\(rowCentre(9))],"to":[520,\(rowCentre(10))],"steps":10,"ms":100}
        {"op":"key.up","key":"Control_L"}
        """)
        let expected = ["[[0,1,3]]", "[[0,1,6]]", "[[0,1,7]]", "[[0,1,7],[0,9,10]]"]
        session.wait { $0.committedSelections.count >= expected.count }
        #expect(session.committedSelections == expected, "\(session.diagnostics)")
        // Every band came from the pointer: its phases are in the log.
        #expect(session.events("band").contains { $0["phase"] as? String == "began" }, "\(session.diagnostics)")
    }

    /// The keyboard: Ctrl+A selects everything (entering editing mode), Delete removes it and
    /// Ctrl+Z brings it back.
    @Test func ctrlADeleteAndCtrlZ() throws {
        let session = try KWinDemoSession("keys")
        defer { session.stop() }
        try session.kwin.play("""
        \(click(2))
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"a"}
        {"op":"key.up","key":"Control_L"}
        {"op":"key.tap","key":"Delete"}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"z"}
        {"op":"key.up","key":"Control_L"}
        """)
        let counts = { (session: KWinDemoSession) in
            session.events("items").filter { $0["view"] as? String == "list" }.compactMap { $0["count"] as? Int }
        }
        session.wait { counts($0).count >= 2 }
        #expect(counts(session) == [0, 1_000_000], "\(session.diagnostics)")
        #expect(session.committedSelections.first == "[[0,2,2]]" && session.committedSelections.contains("[[0,0,999999]]"),
                "\(session.diagnostics)")
    }

    /// Smooth scrolling (what KWin's fake input sends) moves the list by its pixels.
    @Test func smoothScrollScrollsTheList() throws {
        let session = try KWinDemoSession("scroll")
        defer { session.stop() }
        try session.kwin.play("""
        {"op":"pointer.move","x":300,"y":300}
        {"op":"pointer.axis","dy":30,"source":"finger"}
        {"op":"pointer.axis","dy":30,"source":"finger"}
        """)
        let offsets = { (session: KWinDemoSession) in session.events("scroll").compactMap { $0["offset"] as? Double } }
        session.wait { offsets($0).last == 60 }
        #expect(offsets(session).last == 60, "\(session.diagnostics)")
    }

    /// Two fingers dragged down over rows 1–4 select them, entering editing mode.
    @Test func aTwoFingerTouchSweepSelects() throws {
        let session = try KWinDemoSession("touch")
        defer { session.stop() }
        try session.kwin.play("""
        {"op":"touch.drag","points":[[300,110],[340,110]],"by":[0,150],"steps":10,"ms":150}
        """)
        session.wait { !$0.committedSelections.isEmpty }
        #expect(session.committedSelections == ["[[0,1,4]]"], "\(session.diagnostics)")
        let phases = session.events("multiselect").map { "\($0["phase"] as? String ?? "?") \($0["input"] as? String ?? "?")" }
        #expect(phases == ["shouldBegin touch2", "began touch2", "ended touch2"], "\(phases)\n\(session.diagnostics)")
        #expect(session.events("editing").first?["editing"] as? Bool == true)
    }

    /// A long press opens the context menu in an xdg_popup KWin places at the finger; a tap on
    /// Copy copies the row, and another client (sweep-copy --paste) reads it from KWin's clipboard.
    @Test func aLongPressMenuCopiesTheRowForAnotherClient() throws {
        let session = try KWinDemoSession("menu")
        defer { session.stop() }
        // The menu's rows: 5 px padding, 30 px rows; "Copy titles" first.
        let x = 300, y = rowCentre(2), copy = rowCentre(2) + 5 + 15
        try session.kwin.play("""
        {"op":"touch.down","id":0,"x":\(x),"y":\(y)}
        {"op":"wait","ms":700}
        {"op":"touch.up","id":0}
        """)
        session.wait { !$0.events("menu").isEmpty }
        try session.kwin.play("""
        {"op":"wait","ms":200}
        {"op":"touch.down","id":1,"x":\(x + 30),"y":\(copy)}
        {"op":"touch.up","id":1}
        """)
        session.wait { $0.events("menu").contains { $0["phase"] as? String == "chosen" } }
        let phases = session.events("menu").map { "\($0["phase"] as? String ?? "?") \($0["id"] as? String ?? $0["trigger"] as? String ?? "")" }
        #expect(phases == ["shown touch", "chosen copy"], "\(session.diagnostics)")
        let paste = try ChildProcess(name: "paste", executable: try builtProduct("sweep-copy"), arguments: ["--paste"],
                                     environment: session.kwin.clientEnvironment, directory: session.kwin.directory.path)
        #expect(paste.waitForExit(seconds: 15) == 0, "\(paste.logTail)")
        #expect(paste.stdout == "Cedar Ridge 3\n", "\(paste.logTail)")
    }

    /// KWin's screenshot of the demo after a band: the rows it selected are tinted, the others
    /// not, and KWin drew no title bar (the rule) while the app drew none either.
    @Test func theBandsSelectionIsOnScreen() throws {
        let session = try KWinDemoSession("pixels")
        defer { session.stop() }
        try session.kwin.play("""
        {"op":"pointer.drag","from":[500,\(rowCentre(1))],"to":[520,\(rowCentre(3))],"steps":10,"ms":100}
        """)
        session.wait { !$0.committedSelections.isEmpty }
        let (shot, tinted) = try session.kwin.screenshot(within: 10) { shot in
            (1...3).allSatisfy { shot.rowIsTinted($0) } && !shot.rowIsTinted(0) && !shot.rowIsTinted(4)
        }
        #expect(tinted, "rows 1–3 are not the only tinted rows: \((0..<6).map { shot.rowIsTinted($0) })\n\(session.diagnostics)")
        #expect(shot.rgb(x: 10, y: 10) == DemoColors.toolbar, "\(shot.hex(x: 10, y: 10))")
    }
}
