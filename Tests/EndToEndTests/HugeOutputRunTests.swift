import Foundation
import Testing

/// An output no single buffer can cover at its scale: the demo draws at a
/// lower scale and says so once, instead of trapping on a 2.3 GB pool.
@Suite(.serialized) struct HugeOutputRunTests {
    @Test func a12000By12000OutputAtScale2IsDrawnAtScale1() throws {
        let run = try playDemo("""
        {"op":"output","width":12000,"height":12000,"scale":2}
        {"op":"waitReady"}
        {"op":"wait","ms":100}
        """, label: "huge-output")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let ready = run.events("ready").first
        #expect(ready?["width"] as? Double == 12000 && ready?["scale"] as? Double == 1, "\(String(describing: ready))")
        let warnings = run.process.stderr.components(separatedBy: "drawing it at a lower scale").count - 1
        #expect(warnings == 1, "\(run.process.stderr)")
    }
}
