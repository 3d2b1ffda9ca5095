import Foundation
import Testing

/// Where the compositor draws decorations (xdg-decoration), a toplevel asks
/// for them: one wl_pointer per seat, and no subsurface. Without
/// xdg-decoration, the app draws its own title bar and frame on four
/// subsurfaces, and tells the compositor its window geometry (the bar and
/// the content, not the shadow); with no subcompositor either, it runs undecorated.
/// The client's own protocol trace (WAYLAND_DEBUG=client) is the oracle.
@Suite(.serialized) struct DecorationRunTests {
    private func run(without: [String], label: String) throws -> (status: Int32?, trace: String, process: ChildProcess) {
        let directory = try TestDirectory("decoration-\(label)")
        defer { directory.remove() }
        let script = "{\"op\":\"output\",\"width\":800,\"height\":600,\"scale\":1}\n{\"op\":\"waitReady\"}\n{\"op\":\"pointer.move\",\"x\":100,\"y\":100}\n{\"op\":\"wait\",\"ms\":50}"
        try script.write(toFile: "\(directory.path)/script.jsonl", atomically: true, encoding: .utf8)
        let arguments = ["--script", "\(directory.path)/script.jsonl"] + without.flatMap { ["--without", $0] } + ["--", try builtProduct("sweep-demo")]
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"), arguments: arguments,
                                       environment: ["PATH": "/usr/bin:/bin", "WAYLAND_DEBUG": "client", "XDG_STATE_HOME": "\(directory.path)/state"],
                                       directory: directory.path)
        let status = process.waitForExit(seconds: 60)
        if status == nil { process.stop() }
        return (status, process.stderr, process)
    }

    private func count(_ needle: String, in trace: String) -> Int {
        trace.components(separatedBy: needle).count - 1
    }

    @Test func serverSideDecorationsAreAskedFor() throws {
        let result = try run(without: [], label: "server")
        #expect(result.status == 0, "\(result.process.logTail)")
        #expect(result.trace.contains("set_mode(2)"), "asks for server-side decorations")
        // wl_seat.get_pointer, not the cursor-shape manager's get_pointer for that pointer.
        let seatPointers = result.trace.split(separator: "\n").filter {
            $0.range(of: "wl_seat@[0-9]+\\.get_pointer\\(", options: .regularExpression) != nil
        }
        #expect(seatPointers.count == 1, "one wl_pointer for the seat")
        #expect(count("get_subsurface(", in: result.trace) == 0)
    }

    @Test func noSubcompositorIsFineWhenTheCompositorDecorates() throws {
        let result = try run(without: ["wl_subcompositor"], label: "no-subcompositor")
        #expect(result.status == 0, "\(result.process.logTail)")
    }

    @Test func withoutXdgDecorationTheAppDrawsItsOwn() throws {
        let result = try run(without: ["zxdg_decoration_manager_v1"], label: "own")
        #expect(result.status == 0, "\(result.process.logTail)")
        #expect(!result.trace.contains("set_mode(2)"))
        #expect(count("get_subsurface(", in: result.trace) == 4, "the bar and three shadows")
        // The scripted compositor configures 800 × 600 for the window geometry: 560 of content under a 40 px bar.
        #expect(result.trace.contains("set_window_geometry(0, -40, 800, 600)"), "\(result.trace.suffix(3000))")
        #expect(result.trace.contains("set_min_size(320, 280)"))
        // Only one wl_pointer: the frame's input comes through the seat's own.
        let seatPointers = result.trace.split(separator: "\n").filter {
            $0.range(of: "wl_seat@[0-9]+\\.get_pointer\\(", options: .regularExpression) != nil
        }
        #expect(seatPointers.count == 1)
    }

    @Test func withoutXdgDecorationOrSubcompositorTheWindowGoesUndecorated() throws {
        let result = try run(without: ["zxdg_decoration_manager_v1", "wl_subcompositor"], label: "bare")
        #expect(result.status == 0, "\(result.process.logTail)")
        #expect(count("get_subsurface(", in: result.trace) == 0)
        #expect(!result.trace.contains("set_window_geometry("))
    }
}
