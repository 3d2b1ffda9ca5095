import Foundation
import SweepPNG
import Testing

/// How sweep-demo looks under GNOME's mutter, in screenshots from its
/// screen-cast stream: the window decorated by the app itself (libdecor's
/// title bar), and crisp at scale 2 with the title bar scaled too.
@Suite(.serialized) struct GNOMELookTests {
    /// Under GNOME the app decorates its window itself (libdecor): a title bar with its title
    /// right above the toolbar, in mutter's own screenshot.
    @Test func theWindowHasATitleBarUnderGNOME() throws {
        let session = try DesktopDemoSession(.mutter, "title-bar")
        defer { session.stop() }
        let shot = try session.compositor.screenshot()
        let (x, y) = session.offset
        let desktop = shot.rgb(x: 2, y: 2)
        // Up from the toolbar's top: the title bar's rows, until the desktop shows.
        let barTop = (0..<y).reversed().first { shot.rgb(x: x + 400, y: $0) == desktop }.map { $0 + 1 } ?? 0
        #expect((20...60).contains(y - barTop), "a title bar \(y - barTop) px tall above the toolbar at y \(y)\n\(session.diagnostics)")
        // Its text (the window's title) differs from the bar around it.
        let bar = shot.cropped(x: x + 300, y: barTop, width: 200, height: y - barTop)
        let background = bar.rgb(x: 0, y: bar.height / 2)
        let text = (0..<bar.width).filter { bar.rgb(x: $0, y: bar.height / 2) != background }.count
        #expect(text > 5 && shot.rgb(x: x + 400, y: y + 10) == DemoColors.toolbar, "title pixels \(text)")
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
        // libdecor's title bar, drawn at scale 2: twice the height it has at scale 1 (40–120 device pixels).
        let desktop = shot.rgb(x: 4, y: 4)
        let barTop = (0..<y).reversed().first { shot.rgb(x: x + 800, y: $0) == desktop }.map { $0 + 1 } ?? 0
        #expect((40...120).contains(y - barTop), "a title bar \(y - barTop) device pixels tall")
    }
}
