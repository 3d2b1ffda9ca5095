import Foundation
import SweepPNG
import Testing

/// How sweep-demo looks under KWin, in KWin's screenshots: crisp at scale 2
/// (a buffer of twice the size) and at 1.5 (fractional-scale-v1, which KWin
/// offers), and with KWin's own title bar (server-side decorations) above the
/// app's toolbar.
@Suite(.serialized) struct KWinLookTests {
    /// The first title's dark pixels in a screenshot at `scale`.
    private func titleInk(_ shot: PNGImage, scale: Double) -> Int {
        shot.darkPixelCount(x: Int(16 * scale), y: Int(48 * scale), width: Int(200 * scale), height: Int(20 * scale))
    }

    @Test func crispAtScaleTwo() throws {
        let session = try DesktopDemoSession(.kwin, "scale2", scale: 2)
        defer { session.stop() }
        // The toolbar is 88 device pixels tall; a row's separator is one device pixel.
        let (shot, ready) = try session.compositor.screenshot(within: 15) { shot in
            shot.rgb(x: 10, y: 80) == DemoColors.toolbar && shot.rgb(x: 600, y: 120) == DemoColors.listBackground
        }
        #expect(ready, "no scale-2 frame: (10,80)=\(shot.hex(x: 10, y: 80)) \(shot.width)x\(shot.height)\n\(session.diagnostics)")
        let separatorY = (DemoColors.toolbarHeight + DemoColors.rowHeight) * 2 - 1
        #expect(shot.rgb(x: 400, y: separatorY) == DemoColors.separator, "separator at y=\(separatorY): \(shot.hex(x: 400, y: separatorY))")
        #expect(shot.rgb(x: 400, y: separatorY - 1) == DemoColors.listBackground && shot.rgb(x: 400, y: separatorY + 1) == DemoColors.listBackground)
        #expect(titleInk(shot, scale: 2) > 250, "too little text ink at scale 2: \(titleInk(shot, scale: 2))")
        #expect(session.events("ready").first?["scale"] as? Double == 2, "\(session.diagnostics)")
    }

    @Test func crispAtScaleOneAndAHalf() throws {
        let session = try DesktopDemoSession(.kwin, "scale15", scale: 1.5)
        defer { session.stop() }
        // 44 px of toolbar are 66 device pixels; the first separator ends at 1.5 × 88 = 132.
        let (shot, ready) = try session.compositor.screenshot(within: 15) { shot in
            shot.rgb(x: 10, y: 60) == DemoColors.toolbar && shot.rgb(x: 600, y: 90) == DemoColors.listBackground
        }
        #expect(ready, "no scale-1.5 frame: (10,60)=\(shot.hex(x: 10, y: 60)) \(shot.width)x\(shot.height)\n\(session.diagnostics)")
        let column = (120...140).map { shot.rgb(x: 400, y: $0) }
        let separatorRows = column.filter { $0 == DemoColors.separator }.count
        // Drawn at 1.5, not drawn at 2 and scaled down (which would blur the line into greys) or at 1 and scaled up.
        #expect(separatorRows == 1, "separator rows near y 131: \(column.map { String($0, radix: 16) })")
        #expect(titleInk(shot, scale: 1.5) > 140, "too little text ink at scale 1.5: \(titleInk(shot, scale: 1.5))")
        #expect(session.events("ready").first?["scale"] as? Double == 1.5, "\(session.diagnostics)")
    }

    /// A popup at a fractional scale: a long press at 1.5 opens the context menu where the finger
    /// is (KWin places it through the positioner; its text shows right of the finger, where the
    /// list has none), and a tap on its first row chooses Copy: the menu's rows are where the app
    /// thinks they are.
    @Test func aMenuAtScaleOneAndAHalf() throws {
        let session = try DesktopDemoSession(.kwin, "menu15", scale: 1.5)
        defer { session.stop() }
        let x = 300, y = rowCentre(2)
        try session.longPressMenu(x: x, y: y)
        // The menu's first row (5 px padding, 30 px rows) at 1.5: its text's ink is in device pixels
        // below and right of the finger.
        let (shot, drawn) = try session.compositor.screenshot(within: 10) { shot in
            shot.darkPixelCount(x: Int(Double(x) * 1.5) + 8, y: Int(Double(y + 5) * 1.5), width: 180, height: 45) > 40
        }
        #expect(drawn, "no menu text below the finger: \(shot.darkPixelCount(x: Int(Double(x) * 1.5) + 8, y: Int(Double(y + 5) * 1.5), width: 180, height: 45))\n\(session.diagnostics)")
        let phases = try session.chooseFirstMenuRow(x: x, y: y)
        #expect(phases == ["shown touch", "chosen copy"], "\(session.diagnostics)")
    }

    /// Without the test's window rule KWin decorates the window itself (the app asks for
    /// server-side decorations through xdg-decoration and draws none): Breeze's title bar, with
    /// the window's title, right above the app's toolbar.
    @Test func kwinDrawsTheTitleBarAndTheAppNone() throws {
        let session = try DesktopDemoSession(.kwin, "decorated", decorated: true)
        defer { session.stop() }
        let desktop = try session.compositor.screenshot().rgb(x: 2, y: 2)
        // Down the middle column: the window's top edge (the first pixel not the desktop's), then
        // the app's toolbar (the first pixel of its colour).
        var edges: (window: Int, toolbar: Int)?
        let (shot, found) = try session.compositor.screenshot(within: 15) { shot in
            let x = shot.width / 2
            guard let top = (0..<shot.height).first(where: { shot.rgb(x: x, y: $0) != desktop }),
                  let toolbar = (top..<shot.height).first(where: { shot.rgb(x: x, y: $0) == DemoColors.toolbar }) else { return false }
            edges = (top, toolbar)
            return toolbar - top >= 20
        }
        let title = edges.map { shot.darkPixelCount(x: shot.width / 2 - 40, y: $0.window, width: 80, height: $0.toolbar - $0.window) } ?? 0
        #expect(found, "no title bar above the toolbar: \(String(describing: edges))\n\(session.diagnostics)")
        // A title bar of KWin's height with the title "Sweep" in it: KWin drew it; the app drew none of its own
        // (the app's own bar would be there too, had it not asked for server-side decorations).
        #expect(edges.map { (20...60).contains($0.toolbar - $0.window) } == true, "\(String(describing: edges))")
        #expect(title > 20, "no title in the bar: \(title) dark pixels")
    }
}
