import Foundation
import SweepPNG
import Testing

/// sweep-demo under the desktops' own compositors, KWin (Plasma) and mutter
/// (GNOME), each scenario under both: driven by sweep-input through KWin's
/// fake input and mutter's remote desktop, checked on the demo's event log.
/// Scripts are in window coordinates (`DesktopDemoSession` finds where the
/// window is).
@Suite(.serialized) struct DesktopDemoTests {
    private func click(_ row: Int, in session: DesktopDemoSession, holding modifier: String? = nil) -> String {
        var lines = ["{\"op\":\"pointer.move\",\"x\":300,\"y\":\(rowCentre(row))}", session.pointerArrives(x: 300, y: rowCentre(row)),
                     "{\"op\":\"pointer.down\",\"button\":\"left\"}", "{\"op\":\"pointer.up\",\"button\":\"left\"}"]
        if let modifier {
            lines.insert("{\"op\":\"key.down\",\"key\":\"\(modifier)\"}", at: 0)
            lines.append("{\"op\":\"key.up\",\"key\":\"\(modifier)\"}")
        }
        return lines.joined(separator: "\n")
    }

    /// A band, then Shift+click and Shift+Down extend from where it began; a Shift band adds
    /// rows, a Ctrl band toggles them.
    @Test(arguments: Desktop.allCases) func bandsWithShiftAndCtrlAndTheAnchorABandLeaves(_ desktop: Desktop) throws {
        let session = try DesktopDemoSession(desktop, "band")
        defer { session.stop() }
        try session.play("""
        {"op":"pointer.drag","from":[500,\(rowCentre(1))],"to":[520,\(rowCentre(3))],"steps":10,"ms":100}
        \(click(6, in: session, holding: "Shift_L"))
        {"op":"key.down","key":"Shift_L"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.up","key":"Shift_L"}
        {"op":"key.down","key":"Shift_L"}
        {"op":"pointer.drag","from":[500,\(rowCentre(9))],"to":[520,\(rowCentre(10))],"steps":10,"ms":100}
        {"op":"key.up","key":"Shift_L"}
        {"op":"key.down","key":"Control_L"}
        {"op":"pointer.drag","from":[500,\(rowCentre(10))],"to":[520,\(rowCentre(10) + 10)],"steps":10,"ms":100}
        {"op":"key.up","key":"Control_L"}
        """)
        let expected = ["[[0,1,3]]", "[[0,1,6]]", "[[0,1,7]]", "[[0,1,7],[0,9,10]]", "[[0,1,7],[0,9,9]]"]
        session.wait { $0.committedSelections.count >= expected.count }
        #expect(session.committedSelections == expected, "\(session.diagnostics)")
        // Every band came from the pointer: its phases are in the log.
        #expect(session.events("band").contains { $0["phase"] as? String == "began" }, "\(session.diagnostics)")
    }

    /// A band drawn with relative motion, as a mouse moves (KWin's fake input `pointer_motion`,
    /// mutter's `NotifyPointerMotionRelative`), selects the rows it covers: rows 2 to 5.
    @Test(arguments: Desktop.allCases) func aBandDrawnWithRelativeMotion(_ desktop: Desktop) throws {
        let session = try DesktopDemoSession(desktop, "relative")
        defer { session.stop() }
        let steps = (1...6).map { _ in "{\"op\":\"pointer.moveBy\",\"dx\":3,\"dy\":22}\n{\"op\":\"wait\",\"ms\":20}" }
        try session.play("""
        {"op":"pointer.move","x":500,"y":\(rowCentre(2))}
        {"op":"pointer.down","button":"left"}
        \(steps.joined(separator: "\n"))
        {"op":"pointer.up","button":"left"}
        """)
        session.wait { !$0.committedSelections.isEmpty }
        #expect(session.committedSelections == ["[[0,2,5]]"], "\(session.diagnostics)")
    }

    /// The keyboard: Ctrl+A selects everything (entering editing mode), Delete removes it and
    /// Ctrl+Z brings it back.
    @Test(arguments: Desktop.allCases) func ctrlADeleteAndCtrlZ(_ desktop: Desktop) throws {
        let session = try DesktopDemoSession(desktop, "keys")
        defer { session.stop() }
        try session.play("""
        \(click(2, in: session))
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"a"}
        {"op":"key.up","key":"Control_L"}
        {"op":"key.tap","key":"Delete"}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"z"}
        {"op":"key.up","key":"Control_L"}
        """)
        let counts = { (session: DesktopDemoSession) in
            session.events("items").filter { $0["view"] as? String == "list" }.compactMap { $0["count"] as? Int }
        }
        session.wait { counts($0).count >= 2 }
        #expect(counts(session) == [0, 1_000_000], "\(session.diagnostics)")
        #expect(session.committedSelections.first == "[[0,2,2]]" && session.committedSelections.contains("[[0,0,999999]]"),
                "\(session.diagnostics)")
    }

    /// A wheel notch scrolls three rows (132 px), where the desktop's input has notches (mutter's
    /// remote desktop; KWin's fake input scrolls only smoothly).
    @Test func aWheelNotchScrollsThreeRowsUnderGNOME() throws {
        let session = try DesktopDemoSession(.mutter, "wheel")
        defer { session.stop() }
        try session.play("""
        {"op":"pointer.move","x":300,"y":300}
        {"op":"pointer.axis","dy":15,"source":"wheel"}
        """)
        let offsets = { (session: DesktopDemoSession) in session.events("scroll").compactMap { $0["offset"] as? Double } }
        session.wait { offsets($0).last == 132 }
        #expect(offsets(session).last == 132, "\(session.diagnostics)")
    }

    /// Smooth scrolling (a touchpad's) moves the list by its pixels.
    @Test(arguments: Desktop.allCases) func smoothScrollScrollsTheList(_ desktop: Desktop) throws {
        let session = try DesktopDemoSession(desktop, "scroll")
        defer { session.stop() }
        try session.play("""
        {"op":"pointer.move","x":300,"y":300}
        {"op":"pointer.axis","dy":30,"source":"finger"}
        {"op":"pointer.axis","dy":30,"source":"finger"}
        """)
        let offsets = { (session: DesktopDemoSession) in session.events("scroll").compactMap { $0["offset"] as? Double } }
        session.wait { offsets($0).last == 60 }
        #expect(offsets(session).last == 60, "\(session.diagnostics)")
    }

    /// Two fingers dragged down over rows 1–4 select them, entering editing mode.
    @Test(arguments: Desktop.allCases) func aTwoFingerTouchSweepSelects(_ desktop: Desktop) throws {
        let session = try DesktopDemoSession(desktop, "touch")
        defer { session.stop() }
        try session.play("""
        {"op":"touch.drag","points":[[300,110],[340,110]],"by":[0,150],"steps":10,"ms":150}
        """)
        session.wait { !$0.committedSelections.isEmpty }
        #expect(session.committedSelections == ["[[0,1,4]]"], "\(session.diagnostics)")
        let phases = session.events("multiselect").map { "\($0["phase"] as? String ?? "?") \($0["input"] as? String ?? "?")" }
        #expect(phases == ["shouldBegin touch2", "began touch2", "ended touch2"], "\(phases)\n\(session.diagnostics)")
        #expect(session.events("editing").first?["editing"] as? Bool == true)
        // On screen: the swept rows' selection circles filled with the accent, the others empty.
        let (x, y) = session.offset
        let (shot, filled) = try session.compositor.screenshot(within: 10) { shot in
            let window = shot.cropped(x: x, y: y, width: 800, height: 600)
            return (0...5).allSatisfy { row in
                (window.accentPixelCount(x: 4, y: 44 + 44 * row + 8, width: 28, height: 28) > 150) == (1...4).contains(row)
            }
        }
        let window = shot.cropped(x: x, y: y, width: 800, height: 600)
        #expect(filled, "circles: \((0...5).map { window.accentPixelCount(x: 4, y: 44 + 44 * $0 + 8, width: 28, height: 28) })")
    }

    /// A long press opens the context menu in an xdg_popup the compositor places at the finger; a
    /// tap on Copy copies the row, and another client (sweep-copy --paste) reads it from the
    /// compositor's clipboard.
    @Test(arguments: Desktop.allCases) func aLongPressMenuCopiesTheRowForAnotherClient(_ desktop: Desktop) throws {
        let session = try DesktopDemoSession(desktop, "menu")
        defer { session.stop() }
        let x = 300, y = rowCentre(2)
        try session.longPressMenu(x: x, y: y)
        let phases = try session.chooseFirstMenuRow(x: x, y: y)
        #expect(phases == ["shown touch", "chosen copy"], "\(session.diagnostics)")
        let paste = try ChildProcess(name: "paste", executable: try builtProduct("sweep-copy"), arguments: ["--paste"],
                                     environment: session.compositor.clientEnvironment, directory: session.compositor.directory.path)
        #expect(paste.waitForExit(seconds: 15) == 0, "\(paste.logTail)")
        #expect(paste.stdout == "Cedar Ridge 3\n", "\(paste.logTail)")
    }

    /// The compositor's screenshot after a band (KWin's D-Bus interface; mutter's screen-cast
    /// stream through PipeWire): the rows it selected are tinted, the others not.
    @Test(arguments: Desktop.allCases) func theBandsSelectionIsOnScreen(_ desktop: Desktop) throws {
        let session = try DesktopDemoSession(desktop, "pixels")
        defer { session.stop() }
        try session.play("""
        {"op":"pointer.drag","from":[500,\(rowCentre(1))],"to":[520,\(rowCentre(3))],"steps":10,"ms":100}
        """)
        session.wait { !$0.committedSelections.isEmpty }
        let (x, y) = session.offset
        let (shot, tinted) = try session.compositor.screenshot(within: 10) { shot in
            let window = shot.cropped(x: x, y: y, width: 800, height: 600)
            return (1...3).allSatisfy { window.rowIsTinted($0) } && !window.rowIsTinted(0) && !window.rowIsTinted(4)
        }
        let window = shot.cropped(x: x, y: y, width: 800, height: 600)
        #expect(tinted, "rows 1–3 are not the only tinted rows: \((0..<6).map { window.rowIsTinted($0) })\n\(session.diagnostics)")
        #expect(window.rgb(x: 10, y: 10) == DemoColors.toolbar, "\(window.hex(x: 10, y: 10))")
    }
}
