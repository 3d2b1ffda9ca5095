import Foundation
import SweepPNG
import Testing

/// sweep-pick under KWin: a layer surface in the middle of the output (KWin
/// offers wlr-layer-shell), fed on standard input, filtered by typing,
/// swept with two fingers and accepted with Enter, through KWin's fake input.
@Suite(.serialized) struct KWinPickTests {
    private let fruit = "apple\nbanana\ncherry\navocado\nblueberry\ncranberry\n"

    /// sweep-pick under a fresh KWin with `fruit` on its standard input, once it drew.
    private func withPicker(_ label: String, _ body: (HeadlessKWin, ChildProcess, String) throws -> Void) throws {
        let kwin = try HeadlessKWin(label: label)
        defer { kwin.stop() }
        let input = "\(kwin.directory.path)/records", log = "\(kwin.directory.path)/pick.jsonl"
        try fruit.write(toFile: input, atomically: true, encoding: .utf8)
        let picker = try ChildProcess(name: "sweep-pick", executable: try builtProduct("sweep-pick"), arguments: ["--event-log", log],
                                      environment: kwin.clientEnvironment, directory: kwin.directory.path, standardInput: input)
        defer { picker.stop() }
        let ready = waitUntil(seconds: 20) { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("\"event\":\"ready\"") }
        guard ready else { throw HarnessError("sweep-pick never drew under KWin\n\(picker.logTail)\n\(kwin.logTail)") }
        try body(kwin, picker, log)
    }

    /// Typing filters, Enter prints the one record left; the picker is a centred layer surface.
    @Test func typingFiltersAndEnterPrintsTheRecord() throws {
        try withPicker("filter") { kwin, picker, _ in
            // 640 x 480 in the middle of the 1024 x 768 output: a layer surface (a toplevel would
            // be at the origin, where the window rule puts Sweep's windows).
            let (shot, centred) = try kwin.screenshot(within: 10) { shot in
                shot.rgb(x: 512, y: 384) != shot.rgb(x: 100, y: 100) && shot.rgb(x: 100, y: 100) == shot.rgb(x: 1000, y: 740)
            }
            #expect(centred, "the picker is not centred: (100,100) \(shot.hex(x: 100, y: 100)), (512,384) \(shot.hex(x: 512, y: 384))")
            try kwin.play("""
            {"op":"key.tap","key":"a"}
            {"op":"key.tap","key":"n"}
            {"op":"wait","ms":100}
            {"op":"key.tap","key":"Return"}
            """)
            #expect(picker.waitForExit(seconds: 10) == 0, "\(picker.logTail)")
            #expect(picker.stdout == "banana\n", "\(picker.stdout)\n\(picker.logTail)")
        }
    }

    /// Two fingers dragged down over rows 1–3 of the centred picker select them; Enter prints them.
    @Test func aTwoFingerSweepThenEnterPrintsTheSweptRecords() throws {
        try withPicker("sweep") { kwin, picker, _ in
            // The picker's rows start 78 px into it (row n's centre at 78 + 44n), and it sits at (192, 144).
            let top = 144 + 78 + 44
            try kwin.play("""
            {"op":"touch.drag","points":[[292,\(top)],[352,\(top)]],"by":[0,88],"steps":12,"ms":240}
            {"op":"wait","ms":100}
            {"op":"key.tap","key":"Return"}
            """)
            #expect(picker.waitForExit(seconds: 10) == 0, "\(picker.logTail)")
            #expect(picker.stdout == "banana\ncherry\navocado\n", "\(picker.stdout)\n\(picker.logTail)")
        }
    }
}
