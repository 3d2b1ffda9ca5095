import Foundation
import Testing

/// Scrolling moves the pixels that stay visible (copied from the frame
/// before) and draws only the strip it uncovers. Through the real window
/// and compositor buffers, the picture after fingers, a fling and a wheel
/// glide must be the one the app draws afresh at the same place (after
/// switching tabs away and back, which repaints everything).
@Suite struct ScrollCopyRunTests {
    @Test(arguments: [1, 2])
    func aScrolledListShowsWhatItShowsWhenDrawnAfresh(scale: Int) throws {
        let run = try playDemo("""
        {"op":"output","width":600,"height":500,"scale":\(scale)}
        {"op":"waitReady"}
        {"op":"pointer.move","x":300,"y":250}
        {"op":"pointer.axis","dy":37.5,"source":"finger"}
        {"op":"wait","ms":20}
        {"op":"pointer.axis","dy":41.25,"source":"finger"}
        {"op":"wait","ms":20}
        {"op":"pointer.axis","dy":-13.5,"source":"finger"}
        {"op":"wait","ms":20}
        {"op":"pointer.axis","dy":15,"source":"wheel"}
        {"op":"wait","ms":400}
        {"op":"pointer.axis","dy":30,"source":"finger"}
        {"op":"wait","ms":10}
        {"op":"pointer.axis","dy":30,"source":"finger"}
        {"op":"pointer.axisStop"}
        {"op":"wait","ms":3000}
        {"op":"screenshot","file":"scrolled.png"}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"2"}
        {"op":"key.tap","key":"1"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"redrawn.png"}
        """, label: "scroll-copy-\(scale)")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let scrolls = run.events("scroll").filter { $0["view"] as? String == "list" }
        #expect(scrolls.count > 10, "a fling and a glide scroll over many frames: \(scrolls.count)")
        #expect((run.scrollOffsets.last ?? 0) > 150, "\(run.scrollOffsets)")
        let copied = scrolls.compactMap { $0["copied"] as? Int }.last ?? 0
        // The list is 600 × 407 points; most of it is copied in most scrolled frames.
        #expect(copied > 600 * 200 * scale * scale * 5, "pixels copied: \(copied)")
        let scrolled = try run.shot("scrolled.png"), redrawn = try run.shot("redrawn.png")
        #expect(scrolled.width == 600 * scale && scrolled.rgba == redrawn.rgba, "scrolling left pixels a fresh drawing does not")
    }
}
