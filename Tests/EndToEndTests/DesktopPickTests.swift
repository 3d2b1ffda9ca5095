import Foundation
import SweepPNG
import Testing

/// sweep-pick under KWin and mutter, fed on standard input, filtered by
/// typing, swept with two fingers and accepted with Enter: a centred layer
/// surface under KWin (it offers wlr-layer-shell), a toplevel under mutter
/// (it does not), as the client's wire log shows.
@Suite(.serialized) struct DesktopPickTests {
    private let fruit = "apple\nbanana\ncherry\navocado\nblueberry\ncranberry\n"

    /// sweep-pick under a fresh compositor with `fruit` on its standard input, once it drew,
    /// with where its window is on the output.
    private func withPicker(_ desktop: Desktop, _ label: String, arguments: [String] = [],
                            _ body: (any DesktopCompositor, ChildProcess, (x: Int, y: Int)) throws -> Void) throws {
        let compositor = try desktop.compositor(label: label)
        defer { compositor.stop() }
        let input = "\(compositor.directory.path)/records", log = "\(compositor.directory.path)/pick.jsonl"
        try fruit.write(toFile: input, atomically: true, encoding: .utf8)
        let picker = try ChildProcess(name: "sweep-pick", executable: try builtProduct("sweep-pick"), arguments: ["--event-log", log] + arguments,
                                      environment: compositor.clientEnvironment.merging(["WAYLAND_DEBUG": "client"]) { $1 },
                                      directory: compositor.directory.path, standardInput: input)
        defer { picker.stop() }
        let ready = waitUntil(seconds: 20) { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("\"event\":\"ready\"") }
        guard ready else { throw HarnessError("sweep-pick never drew under \(desktop)\n\(picker.logTail)\n\(compositor.logTail)") }
        try body(compositor, picker, try compositor.windowOffset(of: picker.stderrPath))
    }

    /// Typing filters, Enter prints the one record left.
    @Test(arguments: Desktop.allCases) func typingFiltersAndEnterPrintsTheRecord(_ desktop: Desktop) throws {
        try withPicker(desktop, "filter") { compositor, picker, offset in
            // KWin's layer surface: 640 x 480 in the middle of the 1024 x 768 output, at (192, 144) (as
            // KWin's fake pointer lands: a pixel either way). mutter centres the toplevel with its title bar.
            #expect(desktop == .mutter || (abs(offset.x - 192) <= 1 && abs(offset.y - 144) <= 1), "the picker is at \(offset)")
            let wire = picker.stderr
            #expect(wire.contains("zwlr_layer_shell_v1") ? desktop == .kwin : desktop == .mutter, "layer shell under \(desktop)?")
            #expect(wire.contains("get_layer_surface") == (desktop == .kwin) && wire.contains("get_toplevel") == (desktop == .mutter))
            try compositor.play("""
            {"op":"key.tap","key":"a"}
            {"op":"key.tap","key":"n"}
            {"op":"wait","ms":100}
            {"op":"key.tap","key":"Return"}
            """, offset: offset)
            #expect(picker.waitForExit(seconds: 10) == 0, "\(picker.logTail)")
            #expect(picker.stdout == "banana\n", "\(picker.stdout)\n\(picker.logTail)")
        }
    }

    /// Two fingers dragged down over rows 1–3 select them; Enter prints them.
    @Test(arguments: Desktop.allCases) func aTwoFingerSweepThenEnterPrintsTheSweptRecords(_ desktop: Desktop) throws {
        try withPicker(desktop, "sweep") { compositor, picker, offset in
            // The picker's rows start 78 px into it: row n's centre is at 78 + 44n.
            let top = 78 + 44
            try compositor.play("""
            {"op":"touch.drag","points":[[100,\(top)],[160,\(top)]],"by":[0,88],"steps":12,"ms":240}
            {"op":"wait","ms":100}
            {"op":"key.tap","key":"Return"}
            """, offset: offset)
            #expect(picker.waitForExit(seconds: 10) == 0, "\(picker.logTail)")
            #expect(picker.stdout == "banana\ncherry\navocado\n", "\(picker.stdout)\n\(picker.logTail)")
        }
    }

    /// --anchor and --margin place the overlay: in the bottom-right corner, 10 and 30 px in.
    @Test func anOverlayAnchoredToACornerUnderKWin() throws {
        try withPicker(.kwin, "anchor", arguments: ["--anchor", "bottom-right", "--margin", "0,10,30,0"]) { _, _, offset in
            // 640 x 480 with its right edge 10 px and its bottom 30 px from the 1024 x 768 output's.
            #expect(abs(offset.x - (1024 - 10 - 640)) <= 1 && abs(offset.y - (768 - 30 - 480)) <= 1, "the picker is at \(offset)")
        }
    }
}
