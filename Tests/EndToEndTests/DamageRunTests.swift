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
        {"op":"wait","ms":300}
        {"op":"status","file":"damage.jsonl"}
        {"op":"screenshot","file":"damaged.png"}
        {"op":"configure","width":1000,"height":700}
        {"op":"window.size","width":1000,"height":700,"ms":5000}
        {"op":"configure","width":1280,"height":800}
        {"op":"window.size","width":1280,"height":800,"ms":5000}
        {"op":"wait","ms":300}
        {"op":"status","file":"damage.jsonl"}
        {"op":"screenshot","file":"redrawn.png"}
        """, label: "damage-grid", arguments: ["--rows", "16777216", "--grid"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let lines = try String(contentsOfFile: "\(run.directory.path)/damage.jsonl", encoding: .utf8).split(separator: "\n")
        let damage = try lines.map { line in
            try #require((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["damage"] as? [String: Int])
        }
        try #require(damage.count == 3, "\(lines)")
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
        let damaged = try run.shot("damaged.png"), redrawn = try run.shot("redrawn.png")
        #expect(damaged.width == 2560 && damaged.height == 1600)
        let stale = damaged.differingPixels(from: redrawn)
        #expect(stale == 0, "\(stale) pixels differ between the damaged-in window and the one drawn whole")
    }
}
