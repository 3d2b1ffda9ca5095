import Foundation
import Testing

/// What a compositor (or a broken one) can send that no person would: the
/// demo survives each and its selection is left consistent.
@Suite(.serialized) struct HostileCompositorRunTests {
    private func survives(_ steps: String, label: String) throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(steps)
        {"op":"wait","ms":100}
        """, label: "hostile-\(label)")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(FuzzInvariants.check(run.events, rows: 1_000_000).isEmpty, "\(FuzzInvariants.check(run.events, rows: 1_000_000))")
    }

    @Test func touchIdsReusedWithoutUpAndUpsOfUnknownIds() throws {
        try survives("""
        {"op":"touch.down","id":0,"x":100,"y":100}
        {"op":"touch.down","id":0,"x":200,"y":200}
        {"op":"touch.move","id":0,"x":220,"y":300}
        {"op":"touch.up","id":5}
        {"op":"touch.up","id":0}
        {"op":"touch.up","id":0}
        """, label: "touch-ids")
    }

    @Test func devicesRemovedInTheMiddleOfABandASweepAndASwipe() throws {
        try survives("""
        {"op":"pointer.move","x":300,"y":110}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":300,"y":300}
        {"op":"seat","pointer":false}
        {"op":"wait","ms":50}
        {"op":"seat","pointer":true}
        {"op":"touch.down","id":0,"x":100,"y":110}
        {"op":"touch.down","id":1,"x":160,"y":110}
        {"op":"touch.move","id":0,"x":100,"y":300}
        {"op":"touch.move","id":1,"x":160,"y":300}
        {"op":"seat","touch":false}
        {"op":"wait","ms":50}
        {"op":"seat","touch":true}
        {"op":"pointer.move","x":300,"y":200}
        {"op":"swipe.begin","fingers":3}
        {"op":"swipe.update","dx":0,"dy":80}
        {"op":"seat","pointer":false}
        {"op":"swipe.end"}
        {"op":"seat","pointer":true}
        """, label: "devices")
    }

    @Test func outputSizeAndScaleChangesInQuickSuccession() throws {
        try survives("""
        {"op":"output","width":300,"height":200,"scale":3}
        {"op":"output","width":1600,"height":1200,"scale":2}
        {"op":"output","width":640,"height":480,"scale":1}
        {"op":"touch.drag","points":[[100,110],[160,110]],"by":[0,200],"steps":4,"ms":40}
        {"op":"output","width":200,"height":200,"scale":1}
        """, label: "outputs")
    }
}
