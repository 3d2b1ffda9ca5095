import Foundation
import SweepPNG
import Testing

/// What the demo tells a compositor has changed. The scripted compositor
/// copies only the damaged part of each new buffer (as wlroots updates its
/// texture), so damage that misses a changed pixel leaves a stale one in
/// its screenshots, and its `status` lines count each commit's bands.
@Suite(.serialized) struct DamageRunTests {
    /// A band dragged over the grid at scale 2, as `make bench-e2e` drags it:
    /// every frame's damage stays within the 10 bands `Window` keeps it to,
    /// and within 20 with the frame before (wlroots repaints the bounding box
    /// past 20, counted over the frames its buffer missed), and what the compositor
    /// pieced together from that damage is what the demo draws from scratch.
    @Test func aBandOverTheGridAtScale2DamagesFewBandsAndEveryChangedPixel() throws {
        let run = try playDemo("""
        {"op":"output","width":1280,"height":800,"scale":2}
        {"op":"waitReady"}
        {"op":"wait","ms":300}
        {"op":"status","file":"damage.jsonl"}
        {"op":"pointer.drag","from":[100,150],"to":[850,650],"steps":80,"ms":1200}
        {"op":"pointer.leave"}
        \(redrawingWhole(width: 1280, height: 800, settle: 300))
        """, label: "damage-grid", arguments: ["--rows", "16777216", "--grid"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let damage = try damageReports(run)
        try #require(damage.count == 3, "\(damage)")
        let drag = damage[1]
        // The band took in 6 rows of 8 cells over many frames, each drawn into a buffer of the same size.
        #expect((run.events("selection").last?["ranges"] as? [[Int]])?.count == 6, "\(run.diagnostics)")
        #expect(drag["commits"] ?? 0 >= 10, "\(drag)")
        #expect(drag["whole"] == 0, "\(drag)")
        #expect((1...10).contains(drag["most_bands"] ?? 0), "\(drag)")
        // With the frame before, as a compositor repainting a buffer two frames old counts them: at most 20.
        #expect((1...20).contains(drag["most_bands_with_previous"] ?? 0), "\(drag)")
        // Less than one window's pixels a frame on average: the drag is not repainting everything.
        #expect(drag["pixels"] ?? .max < (drag["commits"] ?? 0) * 2560 * 1600 / 4, "\(drag)")
        // Resizing twice made whole new buffers; the last one is the window drawn from scratch.
        #expect(damage[2]["whole"] ?? 0 >= 2, "\(damage[2])")
        try expectDamagedWindowDrawnWhole(run, width: 2560, height: 1600)
    }

    /// The list at scale 2 through a band, a Shift-extended band, wheel
    /// scrolling (content moved by copying, then the rows it uncovers), keys
    /// moving the focus, and a tap on a row: the window pieced together from
    /// every commit's damage is the one drawn whole.
    @Test func aListScrolledSelectedAndFocusedAtScale2IsDamagedWhereverItChanged() throws {
        let run = try playDemo("""
        {"op":"output","width":1024,"height":768,"scale":2}
        {"op":"waitReady"}
        {"op":"wait","ms":300}
        {"op":"pointer.drag","from":[300,120],"to":[200,400],"steps":20,"ms":300}
        {"op":"key.down","key":"Shift_L"}
        {"op":"pointer.drag","from":[300,500],"to":[320,620],"steps":10,"ms":150}
        {"op":"key.up","key":"Shift_L"}
        {"op":"pointer.move","x":500,"y":300}
        {"op":"pointer.axis","dy":15,"source":"wheel"}
        {"op":"pointer.axis","dy":15,"source":"wheel"}
        {"op":"pointer.axis","dy":-15,"source":"wheel"}
        {"op":"pointer.axis","dy":30,"source":"finger"}
        {"op":"pointer.axis","dy":30,"source":"finger"}
        {"op":"pointer.axisStop"}
        {"op":"wait","ms":600}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Up"}
        {"op":"pointer.move","x":500,"y":250}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"pointer.leave"}
        \(redrawingWhole(width: 1024, height: 768, settle: 1500))
        """, label: "damage-list", arguments: ["--rows", "1000", "--page", "list"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // The script did what it says: selected, scrolled (both ways), and the damage was partial.
        #expect(run.committedSelections.count >= 2, "\(run.diagnostics)")
        #expect((run.scrollOffsets.max() ?? 0) > 0, "\(run.scrollOffsets)")
        let damage = try #require(try damageReports(run).first)
        // Scrolling damages what moved as well as what it uncovered, so most of the view a step: only the bands are bounded.
        #expect(damage["commits"] ?? 0 >= 10, "\(damage)")
        #expect((1...10).contains(damage["most_bands"] ?? 0) && damage["most_bands_with_previous"] ?? .max <= 20, "\(damage)")
        try expectDamagedWindowDrawnWhole(run, width: 2048, height: 1536)
    }

    /// Script steps: after `settle` ms, a status line and `damaged.png`; the
    /// window resized away and back to `width` × `height` (whole new
    /// buffers, drawn from scratch); after `settle` ms again, a status line
    /// and `redrawn.png`.
    private func redrawingWhole(width: Int, height: Int, settle: Int) -> String {
        """
        {"op":"wait","ms":\(settle)}
        {"op":"status","file":"damage.jsonl"}
        {"op":"screenshot","file":"damaged.png"}
        {"op":"configure","width":\(width - 200),"height":\(height - 100)}
        {"op":"window.size","width":\(width - 200),"height":\(height - 100),"ms":5000}
        {"op":"configure","width":\(width),"height":\(height)}
        {"op":"window.size","width":\(width),"height":\(height),"ms":5000}
        {"op":"wait","ms":\(settle)}
        {"op":"status","file":"damage.jsonl"}
        {"op":"screenshot","file":"redrawn.png"}
        """
    }

    /// The `damage` of each status line the run wrote.
    private func damageReports(_ run: ScriptedDemoRun) throws -> [[String: Int]] {
        let lines = try String(contentsOfFile: "\(run.directory.path)/damage.jsonl", encoding: .utf8).split(separator: "\n")
        return try lines.map { line in
            try #require((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["damage"] as? [String: Int])
        }
    }

    /// `damaged.png`, pieced together from the commits' damage, is `redrawn.png` pixel for pixel.
    private func expectDamagedWindowDrawnWhole(_ run: ScriptedDemoRun, width: Int, height: Int) throws {
        let damaged = try run.shot("damaged.png"), redrawn = try run.shot("redrawn.png")
        #expect(damaged.width == width && damaged.height == height)
        let stale = damaged.differingPixels(from: redrawn)
        #expect(stale == 0, "\(stale) pixels differ between the damaged-in window and the one drawn whole")
    }
}
