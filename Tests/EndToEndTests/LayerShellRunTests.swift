import Foundation
import SweepPNG
import Testing

/// wlr-layer-shell under the scripted compositor: sweep-pick opens a centred
/// overlay (a layer surface) where `zwlr_layer_shell_v1` is offered and a
/// toplevel where it is not (`--without`); the demo and hello-select stay
/// toplevels either way. Each client runs with `WAYLAND_DEBUG=client`, so
/// libwayland writes its requests and events to the client's stderr (which
/// is the compositor's): the tests read the role off the wire.
@Suite(.serialized) struct LayerShellRunTests {
    struct Run {
        let status: Int32?
        let output: String
        let wire: String
        let process: ChildProcess
        let shot: PNGImage?
    }

    /// Rows are 44 px under sweep-pick's 56 px header.
    private func row(_ n: Int) -> Int { 78 + 44 * n }
    private let fruit = "apple\nbanana\ncherry\navocado\nblueberry\ncranberry\ndate\nelderberry\n"

    private func play(_ client: [String], steps: String, input: String? = nil, options: [String] = [], label: String) throws -> Run {
        let directory = try TestDirectory("layer-\(label)")
        defer { directory.remove() }
        let scriptPath = "\(directory.path)/script.jsonl", inputPath = "\(directory.path)/input"
        try ("{\"op\":\"output\",\"width\":800,\"height\":600,\"scale\":1}\n{\"op\":\"waitReady\"}\n{\"op\":\"wait\",\"ms\":100}\n"
             + "{\"op\":\"screenshot\",\"file\":\"mapped.png\"}\n" + steps).write(toFile: scriptPath, atomically: true, encoding: .utf8)
        if let input { try input.write(toFile: inputPath, atomically: true, encoding: .utf8) }
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--shots", directory.path] + options + ["--"] + client,
                                       environment: ["PATH": "/usr/bin:/bin", "WAYLAND_DEBUG": "client"], directory: directory.path,
                                       standardInput: input == nil ? nil : inputPath)
        let status = process.waitForExit(seconds: 120)
        if status == nil { process.stop() }
        return Run(status: status, output: process.stdout, wire: process.stderr, process: process,
                   shot: try? PNGCodec.read(path: "\(directory.path)/mapped.png"))
    }

    private func sweepThenEnter() -> String {
        """
        {"op":"touch.drag","points":[[100,\(row(1))],[160,\(row(1))]],"by":[0,132],"steps":12,"ms":240}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Return"}

        """
    }

    /// The position of the first line of `wire` containing all of `texts`.
    private func firstLine(_ wire: String, containing texts: String...) -> Int? {
        wire.split(separator: "\n").firstIndex { line in texts.allSatisfy { line.contains($0) } }
    }

    @Test func sweepPickIsACentredOverlayWhereLayerShellIsOffered() throws {
        let run = try play([try builtProduct("sweep-pick")], steps: sweepThenEnter(), input: fruit, label: "pick")
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.output == "banana\ncherry\navocado\nblueberry\n", "\(run.process.logTail)")
        // The overlay layer (3), on the output the compositor picks (nil), named for the compositor's rules.
        #expect(run.wire.contains(#".get_layer_surface(new id zwlr_layer_surface_v1@"#), "\(run.process.logTail)")
        #expect(run.wire.contains(#", nil, 3, "sweep-pick")"#))
        #expect(run.wire.contains(".set_size(640, 480)"))
        #expect(run.wire.contains(".set_anchor(0)"), "anchored nowhere: centred")
        #expect(run.wire.contains(".set_keyboard_interactivity(1)"), "exclusive keyboard focus")
        #expect(!run.wire.contains(".get_toplevel("), "no xdg_toplevel besides the layer surface")
        // The first configure is acknowledged before the first buffer is committed.
        let ack = firstLine(run.wire, containing: "-> zwlr_layer_surface_v1@", ".ack_configure(")
        let attach = firstLine(run.wire, containing: ".attach(wl_buffer@")
        #expect(ack != nil && attach != nil && ack! < attach!, "ack_configure at line \(String(describing: ack)), first attach at \(String(describing: attach))")
        // Configured with its own size, not the output's 800 x 600.
        #expect(run.shot?.width == 640 && run.shot?.height == 480, "\(String(describing: run.shot?.width))x\(String(describing: run.shot?.height))")
    }

    @Test func sweepPickIsAToplevelWithoutLayerShell() throws {
        let run = try play([try builtProduct("sweep-pick")], steps: sweepThenEnter(), input: fruit,
                           options: ["--without", "zwlr_layer_shell_v1"], label: "pick-toplevel")
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.output == "banana\ncherry\navocado\nblueberry\n", "\(run.process.logTail)")
        #expect(!run.wire.contains("zwlr_layer_shell_v1"), "the global is not offered, so never bound")
        #expect(run.wire.contains(".get_toplevel(new id xdg_toplevel@"), "\(run.process.logTail)")
        #expect(run.shot?.width == 800 && run.shot?.height == 600, "a toplevel fills the scripted output")
    }

    @Test func closingTheOverlayCancelsThePicker() throws {
        let run = try play([try builtProduct("sweep-pick")], steps: "{\"op\":\"close\"}\n", input: fruit, label: "pick-close")
        #expect(run.wire.contains("zwlr_layer_surface_v1@") && run.wire.contains(".closed()"), "\(run.process.logTail)")
        #expect(run.status == 1, "\(run.process.logTail)")
        #expect(run.output.isEmpty)
    }

    /// Under a real wlroots compositor (headless sway): the wire format of
    /// our own protocol XML matches, sway centres the overlay on its
    /// 1024 x 768 output and gives it the keyboard (the test's virtual keyboard's keys arrive).
    @Test func swayShowsSweepPickCentredWithTheKeyboard() throws {
        let sway = try HeadlessSway(label: "layer-pick")
        defer { sway.stop() }
        let inputPath = "\(sway.directory.path)/input"
        try fruit.write(toFile: inputPath, atomically: true, encoding: .utf8)
        let pick = try ChildProcess(name: "sweep-pick", executable: builtProduct("sweep-pick"), arguments: [],
                                    environment: sway.clientEnvironment.merging(["WAYLAND_DEBUG": "client"]) { $1 },
                                    directory: sway.directory.path, standardInput: inputPath)
        defer { pick.stop() }
        // 640 x 480 centred: (192, 144) to (832, 624); the desktop shows around it.
        let (shot, centred) = try sway.screenshot(within: 15) { shot in
            shot.rgb(x: 190, y: 300) == DemoColors.desktop && shot.rgb(x: 834, y: 300) == DemoColors.desktop
                && shot.rgb(x: 500, y: 142) == DemoColors.desktop && shot.rgb(x: 500, y: 626) == DemoColors.desktop
                && shot.rgb(x: 500, y: 400) != DemoColors.desktop && shot.rgb(x: 194, y: 146) != DemoColors.desktop
        }
        #expect(centred, "no centred 640x480 overlay: (500,400)=\(shot.hex(x: 500, y: 400))\n\(pick.logTail)\n\(sway.logTail)")
        #expect(pick.stderr.contains(#"zwlr_layer_surface_v1@"#) && pick.stderr.contains(".configure("), "\(pick.logTail)")
        try sway.type(["-M", "ctrl", "a", "-m", "ctrl", "-k", "Return"])
        #expect(pick.waitForExit(seconds: 10) == 0, "\(pick.logTail)")
        #expect(pick.stdout == fruit, "\(pick.logTail)")
    }

    @Test func theDemoAndHelloSelectStayToplevels() throws {
        let demo = try play([try builtProduct("sweep-demo"), "--layout", "tabs"], steps: "{\"op\":\"close\"}\n", label: "demo")
        let hello = try play([try builtProduct("hello-select")], steps: "{\"op\":\"close\"}\n", input: fruit, label: "hello")
        for run in [demo, hello] {
            #expect(run.status == 0, "\(run.process.logTail)")
            #expect(run.wire.contains(#"wl_registry@2.global("#) && run.wire.contains(#""zwlr_layer_shell_v1", 4)"#),
                    "the compositor offered layer shell")
            #expect(run.wire.contains(".get_toplevel(new id xdg_toplevel@"), "\(run.process.logTail)")
            #expect(!run.wire.contains(".get_layer_surface("), "\(run.process.logTail)")
            #expect(run.shot?.width == 800 && run.shot?.height == 600)
        }
    }
}
