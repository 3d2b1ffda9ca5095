import Foundation
import Testing

/// `make demo`'s runner in an X11 session: it nests weston, runs the demo,
/// and leaves nothing behind in the runtime folder.
@Suite(.serialized) struct RunDemoScriptTests {
    @Test func underX11TheNestedWestonLeavesNoLogBehind() throws {
        // An X server to run in (the harness's Xvfb; its own weston is not used).
        let x = try NestedWeston(label: "run-demo")
        defer { x.stop() }
        let directory = try TestDirectory("run-demo-x11")
        defer { directory.remove() }
        let runtime = try directory.subdirectory("run", mode: 0o700)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/run-demo.sh").path
        let process = try ChildProcess(name: "run-demo", executable: "/bin/bash",
                                       arguments: [script, try builtProduct("sweep-demo"), "--tour", "--rows", "50"],
                                       environment: ["PATH": "/usr/bin:/bin", "DISPLAY": x.xDisplay, "XDG_RUNTIME_DIR": runtime,
                                                     "HOME": directory.path, "XDG_STATE_HOME": "\(directory.path)/state"],
                                       directory: directory.path)
        let status = process.waitForExit(seconds: 90)
        if status == nil { process.stop() }
        #expect(status == 0, "\(process.logTail)")
        #expect(process.stdout.contains("tour: canvas"), "\(process.logTail)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []
        #expect(!left.contains { $0.hasPrefix("sweep-demo-") }, "left behind: \(left)")
    }
}
