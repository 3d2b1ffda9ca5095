import Foundation
import SweepPNG
import Testing

/// sweep-demo under a real weston (headless, pixman renderer): no
/// xdg-decoration there, so the app draws its own title bar.
@Suite(.serialized) struct WestonDemoTests {
    private func withDemo(_ label: String, scale: Int, _ body: (HeadlessWeston, DemoClient) throws -> Void) throws {
        let weston = try HeadlessWeston(label: label, scale: scale)
        defer { weston.stop() }
        let demo = try DemoClient(under: weston, arguments: ["--size", "640x480"], directory: weston.directory.path)
        defer { demo.stop() }
        try body(weston, demo)
    }

    /// The toolbar's colour spans the window's width in device pixels.
    private func toolbarWidth(_ shot: PNGImage) -> Int? {
        shot.boundingBox(of: DemoColors.toolbar).map { $0.maxX - $0.minX + 1 }
    }

    @Test func drawsAtScaleOneWithAClientSideTitleBar() throws {
        try withDemo("scale1", scale: 1) { weston, demo in
            let (shot, ready) = try weston.screenshot(within: 15) { self.toolbarWidth($0) == 640 }
            #expect(ready, "toolbar width \(String(describing: toolbarWidth(shot)))\n\(demo.logTail)\n\(weston.logTail)")
            guard let box = shot.boundingBox(of: DemoColors.toolbar) else { return }
            // Our list is white under the toolbar, with the first title's text in it.
            #expect(shot.rgb(x: box.minX + 400, y: box.minY + 120) == DemoColors.listBackground)
            #expect(shot.darkPixelCount(x: box.minX + 16, y: box.minY + 48, width: 200, height: 20) > 60)
            // The app's own title bar sits above the content, in the light theme's bar colour, 40 px tall.
            #expect(shot.rgb(x: box.minX + 100, y: box.minY - 20) == GNOMELookTests.lightBar,
                    "no title bar above the content: \(shot.hex(x: box.minX + 100, y: box.minY - 20))")
            #expect(shot.rgb(x: box.minX + 100, y: box.minY - 39) == GNOMELookTests.lightBar
                    && shot.rgb(x: box.minX + 100, y: box.minY - 41) != GNOMELookTests.lightBar, "a 40 px bar")
        }
    }

    @Test func drawsAtScaleTwo() throws {
        try withDemo("scale2", scale: 2) { weston, demo in
            let (shot, ready) = try weston.screenshot(within: 15) { self.toolbarWidth($0) == 1280 }
            #expect(ready, "toolbar width \(String(describing: toolbarWidth(shot)))\n\(demo.logTail)\n\(weston.logTail)")
            guard let box = shot.boundingBox(of: DemoColors.toolbar) else { return }
            #expect(box.maxY - box.minY + 1 >= 86, "toolbar is \(box.maxY - box.minY + 1) device pixels tall")
            let ink = shot.darkPixelCount(x: box.minX + 32, y: box.minY + 96, width: 400, height: 40)
            #expect(ink > 250, "too little text ink at scale 2: \(ink)")
        }
    }
}
