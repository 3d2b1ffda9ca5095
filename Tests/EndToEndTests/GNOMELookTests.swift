import Foundation
import SweepPNG
import Testing

/// sweep-demo under GNOME's mutter, which draws no decorations: the app's
/// own title bar (`ClientDecoration`), seen in screenshots from mutter's
/// screen-cast stream and used through its remote-desktop input as a person
/// would: in the theme's colours, at scale 2, dragged, double-clicked,
/// resized from its shadow and closed.
@Suite(.serialized) struct GNOMELookTests {
    /// The active title bar's colours (`DecorationStyle.light` and `.dark`).
    static let lightBar: UInt32 = 0xebebed
    static let darkBar: UInt32 = 0x2e2e30

    /// The demo's dark toolbar (`Theme.dark.toolbarBackground`).
    static let darkToolbar: UInt32 = 0x242426

    /// The size in the demo's latest layout event.
    private func layoutSize(_ session: DesktopDemoSession) -> (width: Int, height: Int)? {
        guard let event = session.events("layout").last, let width = event["width"] as? NSNumber,
              let height = event["height"] as? NSNumber else { return nil }
        return (width.intValue, height.intValue)
    }

    /// Two clicks at an output position, then time for mutter to reconfigure.
    /// What the demo's title bar asked mutter for so far (its "titlebar" events).
    private func titleBarRequests(_ session: DesktopDemoSession) -> [String] {
        session.events("titlebar").compactMap { $0["request"] as? String }
    }

    /// A double click at `point` on the output, once the app has the pointer at `local` in the
    /// title bar's own surface, whose 12 px shadow margin is part of it outside maximized and
    /// tiled states (mutter can take a press before it has moved the pointer's focus).
    private func doubleClick(_ session: DesktopDemoSession, at point: (x: Int, y: Int), local: (x: Int, y: Int)) throws {
        let click = "{\"op\":\"pointer.down\",\"button\":\"left\"}\n{\"op\":\"pointer.up\",\"button\":\"left\"}"
        try session.compositor.play("""
        {"op":"pointer.move","x":\(point.x),"y":\(point.y)}
        \(session.pointerArrives(x: local.x, y: local.y))
        \(click)
        \(click)
        {"op":"wait","ms":500}
        """, offset: (0, 0))
    }

    @Test(arguments: ["light", "dark"])
    func theTitleBarIsTheAppsOwnInItsTheme(theme: String) throws {
        let session = try DesktopDemoSession(.mutter, "title-bar-\(theme)", arguments: ["--theme", theme])
        defer { session.stop() }
        let shot = try session.compositor.screenshot()
        let (x, y) = session.offset
        let bar = theme == "dark" ? Self.darkBar : Self.lightBar
        // The bar: 40 px above the content, a 1 px separator at its foot, in the theme's colour.
        #expect(shot.rgb(x: x + 100, y: y - 20) == bar, "bar \(shot.hex(x: x + 100, y: y - 20))\n\(session.diagnostics)")
        let barRows = (0..<y).reversed().prefix { shot.rgb(x: x + 100, y: $0) == bar || $0 == y - 1 }.count
        #expect(barRows == 40, "a title bar \(barRows) px tall")
        // The title, centred: ink in the bar's middle row around the window's centre.
        let ink = (x + 200..<x + 600).filter { shot.rgb(x: $0, y: y - 20) != bar }.count
        #expect(ink > 10, "title pixels \(ink)")
        // A shadow above the bar, fading into the desktop within 12 px.
        // (mutter's desktop is a gradient: compare with the desktop just beyond the shadow.)
        let luminance = { (value: UInt32) in Int(value >> 16 & 0xff) + Int(value >> 8 & 0xff) + Int(value & 0xff) }
        let nearBar = luminance(shot.rgb(x: x + 100, y: y - 41)), beyond = luminance(shot.rgb(x: x + 100, y: y - 56))
        #expect(nearBar + 15 < beyond, "shadow \(shot.hex(x: x + 100, y: y - 41)), beyond it \(shot.hex(x: x + 100, y: y - 56))")
        #expect(abs(luminance(shot.rgb(x: x + 100, y: y - 54)) - beyond) <= 3, "the shadow ends within 12 px")
        // The close button's cross, right of the title, in the title's colour.
        let closeCentre = (x: x + 800 - 8 - 12, y: y - 20)
        #expect(shot.rgb(x: closeCentre.x, y: closeCentre.y) != bar, "close button's cross")
        #expect(shot.rgb(x: x + 400, y: y + 10) == (theme == "dark" ? Self.darkToolbar : DemoColors.toolbar))
    }

    @Test func crispAtScaleTwoWithTheTitleBarScaledToo() throws {
        let session = try DesktopDemoSession(.mutter, "scale2", scale: 2)
        defer { session.stop() }
        #expect(session.events("ready").first?["scale"] as? Int == 2, "\(session.diagnostics)")
        let shot = try session.compositor.screenshot()
        #expect(shot.width == 2048 && shot.height == 1536, "\(shot.width)x\(shot.height)")
        // The window's content, found in the picture: the toolbar's first row down the middle, and
        // its left edge along that row (mutter places windows by device pixels at this scale).
        let y = (0..<shot.height).first { shot.rgb(x: shot.width / 2, y: $0) == DemoColors.toolbar } ?? 0
        let x = (0..<shot.width).first { shot.rgb(x: $0, y: y + 4) == DemoColors.toolbar } ?? 0
        let window = shot.cropped(x: x, y: y, width: 1600, height: 1200)
        // The toolbar is 88 device pixels; a row's separator is one device pixel.
        #expect(window.rgb(x: 20, y: 80) == DemoColors.toolbar && window.rgb(x: 20, y: 90) != DemoColors.toolbar,
                "\(window.hex(x: 20, y: 80)) \(window.hex(x: 20, y: 90))")
        let separatorY = (DemoColors.toolbarHeight + DemoColors.rowHeight) * 2 - 1
        #expect(window.rgb(x: 800, y: separatorY) == DemoColors.separator && window.rgb(x: 800, y: separatorY - 1) == DemoColors.listBackground,
                "separator at \(separatorY): \(window.hex(x: 800, y: separatorY))")
        #expect(window.darkPixelCount(x: 32, y: 96, width: 400, height: 40) > 250, "too little text ink at scale 2")
        // The title bar at scale 2: 80 device pixels, its separator 2.
        let bar = Self.lightBar
        let barRows = (0..<y).reversed().prefix { shot.rgb(x: x + 200, y: $0) == bar || $0 >= y - 2 }.count
        #expect(barRows == 80, "a title bar \(barRows) device pixels tall")
        #expect(shot.darkPixelCount(x: x + 600, y: y - 70, width: 800, height: 60) > 100, "the title drawn at scale 2")
    }

    /// Dragging the bar moves the window; a double click maximizes it (no shadow, the bar at
    /// the output's top) and another restores it; the shadow's corner resizes; the close button quits.
    @Test func theTitleBarMovesMaximizesResizesAndCloses() throws {
        let session = try DesktopDemoSession(.mutter, "title-bar-actions")
        defer { session.stop() }
        let start = session.offset
        // mutter's move grab starts when the app asks for it, after the press: the pointer moves
        // on once the app has logged that it asked (under load the whole drag had ended before).
        let moves = (1...10).map { "{\"op\":\"pointer.move\",\"x\":\(200 + 10 * $0),\"y\":\(-20 + 5 * $0)}" }
        try session.play("""
        {"op":"pointer.move","x":200,"y":-20}
        {"op":"pointer.down","button":"left"}
        {"op":"file.wait","file":"\(session.logPath)","contains":"\\"request\\":\\"move\\""}
        \(moves.joined(separator: "\n"))
        {"op":"pointer.up","button":"left"}
        """)
        #expect(titleBarRequests(session) == ["move"], "\(session.diagnostics)")
        let moved = try session.compositor.windowOffset(of: session.demo.process.stderrPath)
        #expect(moved.x == start.x + 100 && moved.y == start.y + 50, "moved from \(start) to \(moved)\n\(session.diagnostics)")

        try doubleClick(session, at: (moved.x + 200, moved.y - 20), local: (212, 32))
        #expect(session.wait { layoutSize($0)?.width == 1024 && layoutSize($0)?.height == 728 },
                "maximized size: \(String(describing: layoutSize(session)))")
        let maximized = try session.compositor.windowOffset(of: session.demo.process.stderrPath)
        #expect(maximized.x == 0 && maximized.y == 40, "maximized content at \(maximized)")

        try doubleClick(session, at: (500, 20), local: (500, 20))
        #expect(session.wait { layoutSize($0)?.width == 800 && layoutSize($0)?.height == 600 },
                "restored: \(String(describing: layoutSize(session)))")
        let restored = try session.compositor.windowOffset(of: session.demo.process.stderrPath)

        // The bottom-right corner of the shadow, 6 px out, dragged 60 px left and 40 up (the window
        // reaches nearly to the output's corner: outward, the pointer would stop at the edge), once
        // the app has asked for mutter's resize grab.
        let corner = (x: restored.x + 806, y: restored.y + 606)
        let steps = (1...10).map { "{\"op\":\"pointer.move\",\"x\":\(corner.x - 6 * $0),\"y\":\(corner.y - 4 * $0)}" }
        try session.compositor.play("""
        {"op":"pointer.move","x":\(corner.x),"y":\(corner.y)}
        {"op":"pointer.down","button":"left"}
        {"op":"file.wait","file":"\(session.logPath)","contains":"\\"request\\":\\"resize\\""}
        \(steps.joined(separator: "\n"))
        {"op":"pointer.up","button":"left"}
        """, offset: (0, 0))
        #expect(session.wait { layoutSize($0)?.width == 740 && layoutSize($0)?.height == 560 },
                "resized: \(String(describing: layoutSize(session)))\n\(session.diagnostics)")

        // The close button: the rightmost circle, 8 px in from the bar's right end.
        try session.compositor.play("""
        {"op":"pointer.move","x":\(restored.x + 740 - 20),"y":\(restored.y - 20)}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        """, offset: (0, 0))
        #expect(session.demo.process.waitForExit(seconds: 10) == 0, "the close button quits the demo\n\(session.diagnostics)")
    }
}
