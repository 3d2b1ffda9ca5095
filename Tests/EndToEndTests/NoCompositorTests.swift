import Foundation
import Testing

/// sweep-demo with no compositor to talk to.
@Suite struct NoCompositorTests {
    @Test func saysWhyAndExitsTwo() throws {
        let directory = try TestDirectory("no-compositor")
        defer { directory.remove() }
        let runtime = try directory.subdirectory("run", mode: 0o700)
        let demo = try ChildProcess(name: "sweep-demo", executable: try builtProduct("sweep-demo"), arguments: [],
                                    environment: ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "nothing-here"],
                                    directory: directory.path)
        let status = demo.waitForExit(seconds: 10)
        #expect(status == 2)
        let lines = demo.stderr.split(separator: "\n")
        #expect(lines.count == 1, "expected one line, got: \(demo.stderr)")
        #expect(demo.stderr.contains("WAYLAND_DISPLAY=nothing-here"))
    }
}
