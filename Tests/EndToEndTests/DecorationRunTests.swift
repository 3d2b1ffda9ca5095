import Foundation
import Testing

/// Where the compositor draws decorations (xdg-decoration), a toplevel asks
/// for them itself and libdecor is left out: one wl_pointer per seat, and no
/// need for wl_subcompositor. Without xdg-decoration, libdecor draws them.
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

    @Test func serverSideDecorationsNeedNoLibdecor() throws {
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

    @Test func withoutXdgDecorationLibdecorDrawsThem() throws {
        let result = try run(without: ["zxdg_decoration_manager_v1"], label: "libdecor")
        #expect(result.status == 0, "\(result.process.logTail)")
        #expect(!result.trace.contains("set_mode(2)"))
        #expect(result.trace.contains("get_subsurface("), "libdecor's title bar is a subsurface")
    }
}
