import Foundation
import SweepPNG
import Testing

/// The scripted compositor running real clients: sweep-demo, and clients that misbehave.
@Suite struct ScriptedCompositorRunTests {
    struct Run {
        let status: Int32?
        let process: ChildProcess
        let shots: String
    }

    private func play(_ script: String, label: String, client: [String]? = nil, options: [String] = [],
                      environment: [String: String] = [:]) throws -> (Run, TestDirectory) {
        let directory = try TestDirectory("scripted-\(label)")
        let scriptPath = "\(directory.path)/script.jsonl"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let command = try client ?? [builtProduct("sweep-demo"), "--layout", "tabs"]
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--shots", directory.path] + options + ["--"] + command,
                                       environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 },
                                       directory: directory.path)
        let status = process.waitForExit(seconds: 60)
        if status == nil { process.stop() }
        return (Run(status: status, process: process, shots: directory.path), directory)
    }

    /// Pixel rows of the scroll indicator's top in the list's right margin.
    private func indicatorTop(_ shot: PNGImage) -> Int? {
        (48..<shot.height).first { y in
            let value = Int(shot.rgb(x: shot.width - 5, y: y) & 0xff)
            return value < 200 && value > 100
        }
    }

    @Test func sweepDemoMapsScrollsAndClosesWhenAsked() throws {
        let (run, directory) = try play("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"screenshot","file":"first.png"}
        {"op":"pointer.move","x":100,"y":120}
        {"op":"pointer.axis","dy":15,"source":"wheel"}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"wheel.png"}
        {"op":"key.tap","key":"End"}
        {"op":"wait","ms":400}
        {"op":"screenshot","file":"end.png"}
        {"op":"close"}
        """, label: "demo")
        defer { directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let first = try PNGCodec.read(path: "\(run.shots)/first.png")
        #expect(first.width == 800 && first.height == 600)
        #expect(first.rgb(x: 10, y: 10) == DemoColors.toolbar)
        #expect(first.darkPixelCount(x: 16, y: 48, width: 200, height: 20) > 60, "row 1's title")
        // One wheel notch scrolls three rows: the hovered row and the text move.
        let wheel = try PNGCodec.read(path: "\(run.shots)/wheel.png")
        #expect(wheel.rgb(x: 500, y: 44 + 44 + 5) == DemoColors.rowHover, "the row under the pointer is highlighted")
        #expect(wheel.rgba != first.rgba)
        let end = try PNGCodec.read(path: "\(run.shots)/end.png")
        #expect((indicatorTop(end) ?? 0) > 500, "End scrolled to the bottom: indicator at \(String(describing: indicatorTop(end)))")
    }

    /// The compositor hides the pointer while a finger is down (sway sends
    /// the leave first): the row it was over loses its hover highlight,
    /// which used to stay, and it stays off when the pointer re-enters
    /// where it was.
    @Test func aTouchTakesTheHoverHighlightAway() throws {
        let (run, directory) = try play("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":500,"y":110}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"hover.png"}
        {"op":"pointer.leave"}
        {"op":"touch.down","id":0,"x":300,"y":330}
        {"op":"touch.up","id":0}
        {"op":"wait","ms":400}
        {"op":"screenshot","file":"touched.png"}
        {"op":"pointer.move","x":500,"y":110}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"reentered.png"}
        {"op":"pointer.move","x":500,"y":160}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"moved.png"}
        """, label: "hover-touch")
        defer { directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let hover = try PNGCodec.read(path: "\(run.shots)/hover.png")
        let touched = try PNGCodec.read(path: "\(run.shots)/touched.png")
        #expect(hover.rgb(x: 500, y: 44 + 44 + 5) == DemoColors.rowHover, "the row under the pointer is highlighted")
        #expect(touched.rgb(x: 500, y: 44 + 44 + 5) == DemoColors.listBackground,
                "after a touch the row under the hidden pointer is not: \(touched.hex(x: 500, y: 93))")
        // A compositor re-entering the hidden pointer where it was brings no hover back; a real move does.
        let reentered = try PNGCodec.read(path: "\(run.shots)/reentered.png")
        let moved = try PNGCodec.read(path: "\(run.shots)/moved.png")
        #expect(reentered.rgb(x: 500, y: 44 + 44 + 5) == DemoColors.listBackground)
        #expect(moved.rgb(x: 500, y: 44 + 88 + 5) == DemoColors.rowHover)
    }

    @Test func aResizeAndScaleTwoReachTheClient() throws {
        let (run, directory) = try play("""
        {"op":"output","width":600,"height":400,"scale":1}
        {"op":"waitReady"}
        {"op":"output","width":500,"height":300,"scale":2}
        {"op":"wait","ms":500}
        {"op":"screenshot","file":"scaled.png"}
        """, label: "scale")
        defer { directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let shot = try PNGCodec.read(path: "\(run.shots)/scaled.png")
        #expect(shot.width == 1000 && shot.height == 600, "a 500x300 window at scale 2 is 1000x600 pixels, got \(shot.width)x\(shot.height)")
        #expect(shot.rgb(x: 10, y: 80) == DemoColors.toolbar, "the toolbar is 88 device pixels tall")
    }

    @Test func theEventLogRecordsReadyAndScrolling() throws {
        let logDirectory = try TestDirectory("event-log")
        defer { logDirectory.remove() }
        let logPath = "\(logDirectory.path)/events.jsonl"
        let (run, directory) = try play("""
        {"op":"output","width":640,"height":480,"scale":2}
        {"op":"waitReady"}
        {"op":"pointer.move","x":100,"y":100}
        {"op":"pointer.axis","dy":30,"source":"wheel"}
        {"op":"wait","ms":1500}
        """, label: "event-log", client: [try builtProduct("sweep-demo"), "--layout", "tabs", "--event-log", logPath])
        defer { directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let lines = try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n")
        let ready = lines.first { $0.contains("\"event\":\"ready\"") }
        #expect(ready?.contains("\"event\":\"ready\",\"width\":640,\"height\":480,\"scale\":2") == true, "\(ready ?? "")")
        // Two notches glide 6 rows of 44 px: scroll events end at 264, with the pixels copied so far.
        #expect(lines.contains { $0.contains("\"event\":\"scroll\"") })
        #expect(lines.last?.contains("\"offset\":264,\"copied\":") == true, "\(lines.joined(separator: "\n"))")
        let sequence = lines.compactMap { $0.split(separator: ",").first?.split(separator: ":").last.flatMap { Int($0) } }
        #expect(sequence == Array(1...lines.count), "seq counts up from 1")
    }

    @Test func theDemoExitsTwoWhenTheCompositorGoesAway() throws {
        let (run, directory) = try play("""
        {"op":"waitReady"}
        {"op":"disconnect"}
        """, label: "disconnect")
        defer { directory.remove() }
        #expect(run.status == 2, "\(run.process.logTail)")
        #expect(run.process.stderr.contains("sweep-demo: the Wayland compositor at WAYLAND_SOCKET=3 closed the connection"),
                "\(run.process.stderr)")
    }

    @Test(arguments: ["xdg_wm_base", "wl_compositor"])
    func aCompositorWithoutAGlobalTheDemoNeedsGetsAMessageNotACrash(global: String) throws {
        let (run, directory) = try play("""
        {"op":"waitReady"}
        """, label: "without-\(global)", options: ["--without", global, "--ready-timeout", "5000"])
        defer { directory.remove() }
        #expect(run.status == 70)
        #expect(run.process.stderr.contains("sweep-demo: the Wayland compositor does not offer \(global)"), "\(run.process.stderr)")
        #expect(run.process.stderr.contains("exited with status 2"), "\(run.process.stderr)")
    }

    @Test(arguments: ["wl_seat", "wl_output", "zxdg_decoration_manager_v1", "zwp_pointer_gestures_v1", "wl_subcompositor"])
    func theDemoRunsWithoutOptionalGlobals(global: String) throws {
        let (run, directory) = try play("""
        {"op":"waitReady"}
        {"op":"screenshot","file":"shot.png"}
        """, label: "optional-\(global)", options: ["--without", global])
        defer { directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let shot = try PNGCodec.read(path: "\(run.shots)/shot.png")
        #expect(shot.rgb(x: 10, y: 10) == DemoColors.toolbar)
    }

    @Test func theClipboardCarriesWhatAClientCopied() throws {
        // sweep-copy takes the clipboard when it gets keyboard focus; the compositor reads it through the data source.
        let text = "Amber Ridge 1\nBrisk Ridge 2 ✓ — ünïcödé"
        let (run, directory) = try play("""
        {"op":"waitReady"}
        {"op":"wait","ms":100}
        {"op":"clipboard.save","file":"clip.txt"}
        """, label: "clipboard", client: [try builtProduct("sweep-copy"), text])
        defer { directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let copied = try String(contentsOfFile: "\(run.shots)/clip.txt", encoding: .utf8)
        #expect(copied == text)
    }

    @Test func aSaveWaitsForTheClientsSelectionNotTheScriptsOwn() throws {
        // The script's own bytes are what a client is expected to replace: reading them
        // back would race the client, so a save with nothing a client copied fails, naming it.
        let (run, directory) = try play("""
        {"op":"waitReady"}
        {"op":"clipboard.set","text":"the script's own"}
        {"op":"primary.set","text":"the script's own"}
        {"op":"clipboard.save","file":"clip.txt","timeout":300}
        """, label: "clipboard-own")
        defer { directory.remove() }
        #expect(run.status != 0)
        #expect(run.process.logTail.contains("the client put nothing on the clipboard within 300 ms"), "\(run.process.logTail)")
        #expect(!FileManager.default.fileExists(atPath: "\(run.shots)/clip.txt"))
        let (primaryRun, primaryDirectory) = try play("""
        {"op":"waitReady"}
        {"op":"primary.set","text":"the script's own"}
        {"op":"primary.save","file":"primary.txt","timeout":300}
        """, label: "primary-own")
        defer { primaryDirectory.remove() }
        #expect(primaryRun.status != 0)
        #expect(primaryRun.process.logTail.contains("the client selected nothing (primary selection) within 300 ms"),
                "\(primaryRun.process.logTail)")
    }

    @Test func aWindowThatNeverReachesTheSizeWaitedForFailsNamingBoth() throws {
        let (run, directory) = try play("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"window.size","width":800,"height":600,"ms":10000}
        {"op":"window.size","width":123,"height":45,"ms":300}
        """, label: "window-size")
        defer { directory.remove() }
        #expect(run.status != 0)
        #expect(run.process.logTail.contains("script line 4: the window is 800 × 600, not 123 × 45, after 300 ms"), "\(run.process.logTail)")
    }

    @Test func aLargeClipboardArrivesWhole() throws {
        // 2 MB through the pipe: more than a pipe buffer, so the writer must wait for the reader.
        let (run, directory) = try play("""
        {"op":"waitReady"}
        {"op":"clipboard.save","file":"clip.txt"}
        """, label: "clipboard-large",
        client: ["/bin/sh", "-c", "head -c 2000000 /dev/zero | tr '\\0' x | \"$0\"", try builtProduct("sweep-copy")])
        defer { directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let size = (try? FileManager.default.attributesOfItem(atPath: "\(run.shots)/clip.txt")[.size] as? Int) ?? 0
        #expect(size == 2_000_000)
    }

    @Test func aClientThatNeverMapsAfterAScriptWithoutWaitReadyIsNamedAsSuch() throws {
        // A script that never waited for the window: the compositor waits for it once the
        // script ends, and says the script had no waitReady rather than calling the client hung.
        let (run, directory) = try play("""
        {"op":"wait","ms":10}
        """, label: "hung", client: ["/bin/sleep", "30"], options: ["--exit-timeout", "1000", "--ready-timeout", "1000"])
        defer { directory.remove() }
        #expect(run.status == 70)
        #expect(run.process.stderr.contains("start the script with waitReady"), "\(run.process.stderr)")
    }

    @Test func touchAndTouchpadGesturesReachTheClient() throws {
        // libwayland's own trace (WAYLAND_DEBUG=client) is the oracle for what the client received.
        let (run, directory) = try play("""
        {"op":"waitReady"}
        {"op":"touch.down","id":0,"x":100,"y":120}
        {"op":"touch.move","id":0,"x":110,"y":200}
        {"op":"touch.up","id":0}
        {"op":"touch.down","id":1,"x":50,"y":60}
        {"op":"touch.cancel"}
        {"op":"swipe.begin","fingers":3}
        {"op":"swipe.update","dx":5,"dy":-7}
        {"op":"swipe.end","cancelled":true}
        {"op":"pinch.begin","fingers":2}
        {"op":"pinch.update","dx":0,"dy":0,"scale":1.5,"rotation":10}
        {"op":"pinch.end"}
        {"op":"hold.begin","fingers":2}
        {"op":"hold.end"}
        """, label: "touch-gestures", environment: ["WAYLAND_DEBUG": "client"])
        defer { directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let trace = run.process.stderr
        for expected in [
            #/wl_touch@\d+\.down\(\d+, \d+, wl_surface@\d+, 0, 100\.0+, 120\.0+\)/#,
            #/wl_touch@\d+\.motion\(\d+, 0, 110\.0+, 200\.0+\)/#,
            #/wl_touch@\d+\.up\(\d+, \d+, 0\)/#,
            #/wl_touch@\d+\.cancel\(\)/#,
            #/zwp_pointer_gesture_swipe_v1@\d+\.begin\(\d+, \d+, wl_surface@\d+, 3\)/#,
            #/zwp_pointer_gesture_swipe_v1@\d+\.update\(\d+, 5\.0+, -7\.0+\)/#,
            #/zwp_pointer_gesture_swipe_v1@\d+\.end\(\d+, \d+, 1\)/#,
            #/zwp_pointer_gesture_pinch_v1@\d+\.update\(\d+, 0\.0+, 0\.0+, 1\.5\d*, 10\.0+\)/#,
            #/zwp_pointer_gesture_hold_v1@\d+\.begin\(\d+, \d+, wl_surface@\d+, 2\)/#,
            #/zwp_pointer_gesture_hold_v1@\d+\.end\(\d+, \d+, 0\)/#,
        ] {
            #expect(trace.contains(expected), "missing from the client's trace: \(expected)")
        }
    }

    @Test func bandsClicksAndKeysSelectThroughTheCore() throws {
        let logDirectory = try TestDirectory("selection-log")
        defer { logDirectory.remove() }
        let logPath = "\(logDirectory.path)/events.jsonl"
        // Rows are 44 px under a 44 px toolbar: row n spans y 44 + 44n ..< 88 + 44n.
        let (run, directory) = try play("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.drag","from":[300,98],"to":[200,240],"steps":10,"ms":100}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"band.png"}
        {"op":"key.down","key":"Shift_L"}
        {"op":"pointer.drag","from":[300,450],"to":[300,500],"steps":5,"ms":50}
        {"op":"key.up","key":"Shift_L"}
        {"op":"pointer.move","x":400,"y":330}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"click.png"}
        {"op":"key.tap","key":"Escape"}
        {"op":"wait","ms":100}
        """, label: "selection", client: [try builtProduct("sweep-demo"), "--layout", "tabs", "--event-log", logPath])
        defer { directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let lines = try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n").map(String.init)
        func has(_ text: String) -> Bool { lines.contains { $0.contains(text) } }
        // The band enters editing mode, replaces with rows 1-4, then Shift extends with rows 9-10.
        #expect(has("\"event\":\"editing\",\"editing\":true"))
        #expect(has("\"event\":\"band\",\"phase\":\"began\",\"mode\":\"replace\""))
        #expect(has("\"ranges\":[[0,1,4]],\"count\":4,\"provisional\":false"), "\(lines.joined(separator: "\n"))")
        #expect(has("\"event\":\"band\",\"phase\":\"began\",\"mode\":\"extend\""))
        #expect(has("\"ranges\":[[0,1,4],[0,9,10]],\"count\":6,\"provisional\":false"))
        // A plain click in editing mode selects only the row clicked (select on release).
        #expect(has("\"ranges\":[[0,6,6]],\"count\":1,\"provisional\":false"))
        // Escape leaves editing mode, which clears the selection.
        #expect(lines.suffix(2).first?.contains("\"editing\":false") == true)
        #expect(lines.last?.contains("\"ranges\":[],\"count\":0") == true)
        let band = try PNGCodec.read(path: "\(run.shots)/band.png")
        for row in 0..<6 {
            let y = 44 + 44 * row + 5
            let tinted = band.rgb(x: 600, y: y) != DemoColors.listBackground
            #expect(tinted == (1...4).contains(row), "row \(row) tint \(band.hex(x: 600, y: y))")
        }
        let click = try PNGCodec.read(path: "\(run.shots)/click.png")
        let checkbox = click.rgb(x: 17, y: 44 + 44 * 6 + 22)
        #expect(checkbox & 0xff > 0xc0 && checkbox >> 16 < 0x40, "row 6's selection circle is filled with the accent: \(click.hex(x: 17, y: 44 + 44 * 6 + 22))")
    }

    @Test func aMalformedScriptNamesItsLine() throws {
        let (run, directory) = try play("""
        {"op":"waitReady"}
        # fine so far
        {"op":"pointer.move","x":1}
        """, label: "malformed")
        defer { directory.remove() }
        #expect(run.status == 65)
        #expect(run.process.stderr.contains("line 3") && run.process.stderr.contains("missing \"y\""), "\(run.process.stderr)")
    }

    @Test func aClientThatNeverMapsFails() throws {
        let (run, directory) = try play("""
        {"op":"waitReady"}
        """, label: "never-maps", client: ["/bin/sleep", "30"], options: ["--ready-timeout", "1500"])
        defer { directory.remove() }
        #expect(run.status == 70)
        #expect(run.process.stderr.contains("never mapped"), "\(run.process.stderr)")
    }

    @Test func aClientThatCrashesFails() throws {
        let (run, directory) = try play("""
        {"op":"waitReady"}
        """, label: "crash", client: ["/bin/sh", "-c", "kill -SEGV $$"])
        defer { directory.remove() }
        #expect(run.status == 70)
        #expect(run.process.stderr.contains("signal 11"), "\(run.process.stderr)")
    }

    @Test func aClientThatQuitsMidScriptFailsWithItsStatus() throws {
        let (run, directory) = try play("""
        {"op":"wait","ms":500}
        """, label: "quits", client: ["/bin/sh", "-c", "exit 7"])
        defer { directory.remove() }
        #expect(run.status == 70)
        #expect(run.process.stderr.contains("exited with status 7 while line 1 was playing"), "\(run.process.stderr)")
    }
}
