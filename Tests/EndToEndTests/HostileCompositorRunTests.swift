import Foundation
import Testing

/// What a compositor (or a broken one) can send that no person would: the
/// demo survives each and its selection is left consistent.
@Suite(.serialized) struct HostileCompositorRunTests {
    @discardableResult
    private func survives(_ steps: String, label: String, keep: Bool = false, compositorArguments: [String] = [],
                          environment: [String: String] = [:]) throws -> ScriptedDemoRun {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(steps)
        {"op":"wait","ms":100}
        """, label: "hostile-\(label)", environment: environment, compositorArguments: compositorArguments)
        if !keep { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(FuzzInvariants.check(run.events, rows: 1_000_000).isEmpty, "\(FuzzInvariants.check(run.events, rows: 1_000_000))")
        return run
    }

    /// 0 × 0 lets the client pick its size; 16384 × 16384 is the largest a
    /// compositor may ask for (a gigabyte of pixels at scale 1: the kernel
    /// takes seconds to back it, more under load, so the window's 640 × 480 is waited for).
    @Test func configuresOfZeroAndOfTheLargestSize() throws {
        let run = try survives("""
        {"op":"configure","width":0,"height":0}
        {"op":"wait","ms":200}
        {"op":"screenshot","file":"zero.png"}
        {"op":"configure","width":16384,"height":16384}
        {"op":"wait","ms":500}
        {"op":"configure","width":640,"height":480}
        {"op":"window.size","width":640,"height":480,"ms":60000}
        {"op":"screenshot","file":"after.png"}
        {"op":"touch.drag","points":[[100,110],[160,110]],"by":[0,150],"steps":4,"ms":40}
        """, label: "configure", keep: true)
        defer { run.directory.remove() }
        let zero = try run.shot("zero.png"), after = try run.shot("after.png")
        #expect(zero.width >= 320 && zero.height >= 200, "0 × 0: the client picks a usable size, got \(zero.width)x\(zero.height)")
        #expect(after.width == 640 && after.height == 480, "and it follows the next configure: \(after.width)x\(after.height) \(run.process.logTail)")
        #expect(run.events("selection").contains { $0["provisional"] as? Bool == false }, "input still works: \(run.diagnostics)")
    }

    /// What mutter, KWin and sway send besides plain sizes: maximized, fullscreen and tiled states
    /// with their sizes, a 0 × 0 floating configure (back to the floating size), a size smaller
    /// than a title bar. With the app drawing its own title bar (no xdg-decoration, as under
    /// GNOME), a configured size is the window geometry's, so the content is 40 px shorter, except
    /// fullscreen, which has no bar; the window geometry told to the compositor follows.
    @Test func statesAndSizesWithTheAppsOwnTitleBar() throws {
        let run = try survives("""
        {"op":"configure","width":1024,"height":768,"states":["maximized","activated"]}
        {"op":"wait","ms":200}
        {"op":"screenshot","file":"maximized.png"}
        {"op":"configure","width":1024,"height":768,"states":["fullscreen","activated"]}
        {"op":"wait","ms":200}
        {"op":"screenshot","file":"fullscreen.png"}
        {"op":"configure","width":512,"height":768,"states":["tiled"]}
        {"op":"wait","ms":200}
        {"op":"screenshot","file":"tiled.png"}
        {"op":"configure","width":0,"height":0,"states":[]}
        {"op":"wait","ms":200}
        {"op":"screenshot","file":"floating.png"}
        {"op":"configure","width":300,"height":20}
        {"op":"wait","ms":200}
        {"op":"configure","width":640,"height":480}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"after.png"}
        {"op":"touch.drag","points":[[100,110],[160,110]],"by":[0,150],"steps":4,"ms":40}
        """, label: "states", keep: true, compositorArguments: ["--without", "zxdg_decoration_manager_v1"],
           environment: ["WAYLAND_DEBUG": "client"])
        defer { run.directory.remove() }
        for (file, width, height) in [("maximized", 1024, 728), ("fullscreen", 1024, 768), ("tiled", 512, 728),
                                      ("floating", 800, 560), ("after", 640, 440)] {
            let shot = try run.shot("\(file).png")
            #expect(shot.width == width && shot.height == height, "\(file): \(shot.width)x\(shot.height)")
        }
        let trace = run.process.stderr
        #expect(trace.contains("set_window_geometry(0, 0, 1024, 768)"), "fullscreen: no bar in the geometry")
        #expect(trace.contains("set_window_geometry(0, -40, 512, 768)") && trace.contains("set_window_geometry(0, -40, 640, 480)"))
        #expect(trace.contains("set_window_geometry(0, -40, 300, 41)"), "a size under the bar's keeps one row of content")
        #expect(run.events("selection").contains { $0["provisional"] as? Bool == false }, "input still works: \(run.diagnostics)")
    }

    /// The output unplugged while the client is drawing a band (frames in
    /// flight), then plugged back at scale 2.
    @Test func theOutputRemovedDuringFramesAndPluggedBack() throws {
        let run = try survives("""
        {"op":"pointer.move","x":300,"y":110}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":300,"y":200}
        {"op":"output.remove"}
        {"op":"pointer.move","x":300,"y":300}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":100}
        {"op":"output","width":800,"height":600,"scale":2}
        {"op":"output.add"}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"back.png"}
        """, label: "output-removed", keep: true)
        defer { run.directory.remove() }
        #expect(run.finalSelection != nil && run.finalSelection != "[]", "the band still selected: \(run.diagnostics)")
        let back = try run.shot("back.png")
        #expect(back.width == 1600, "back on a scale-2 output the window draws at scale 2: \(back.width)")
    }

    /// The scale changes while a fling is drawing frames, and back.
    @Test func scaleChangesMidFling() throws {
        let run = try survives("""
        {"op":"touch.drag","points":[[300,450]],"by":[0,-300],"steps":5,"ms":50}
        {"op":"output","width":800,"height":600,"scale":2}
        {"op":"wait","ms":30}
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"wait","ms":800}
        {"op":"screenshot","file":"settled.png"}
        """, label: "scale-fling", keep: true)
        defer { run.directory.remove() }
        #expect(try run.shot("settled.png").width == 800)
        #expect((run.scrollOffsets.last ?? 0) > 300, "the fling went on: \(run.scrollOffsets)")
    }

    /// Keymaps that cannot be used: a file shorter than announced (mapping
    /// it whole would fault), a pipe, and text that is no keymap. Each is
    /// reported, and the keyboard keeps working with the previous keymap.
    @Test(arguments: ["short", "pipe", "garbage"])
    func aBrokenKeymapIsReportedAndThePreviousOneKept(fault: String) throws {
        let run = try survives("""
        {"op":"keymap.bad","fault":"\(fault)"}
        {"op":"wait","ms":100}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"a"}
        {"op":"key.up","key":"Control_L"}
        """, label: "keymap-\(fault)", keep: true)
        defer { run.directory.remove() }
        #expect(run.process.stderr.contains("keeping the previous keymap"), "\(run.process.logTail)")
        #expect(run.events("selection").last?["count"] as? Int == 1_000_000, "Ctrl+A still selects all: \(run.diagnostics)")
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
