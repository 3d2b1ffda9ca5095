import Foundation
import Testing

/// `make soak`'s runner, shortened to seconds: both apps start under their FIFO
/// scripts, take random input, reach their checkpoints, are idle at the end and
/// close cleanly, so the hour-long run is not the first to find it broken.
@Suite struct SoakRunTests {
    @Test func aShortSoakOfTheDemoAndThePickerPasses() throws {
        let directory = try TestDirectory("soak")
        defer { directory.remove() }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/soak/soak.py").path
        let bin = URL(fileURLWithPath: try builtProduct("sweep-demo")).deletingLastPathComponent().path
        let process = try ChildProcess(name: "soak", executable: "/usr/bin/python3", arguments: [script],
                                       environment: ["PATH": "/usr/bin:/bin", "SOAK_BIN_DIR": bin, "SOAK_OUT": "\(directory.path)/out",
                                                     "SOAK_SECONDS": "8", "SOAK_SETTLE_MS": "1500", "SOAK_IDLE_SECONDS": "2",
                                                     "SOAK_SAMPLE": "1", "SOAK_SEED": "7"],
                                       directory: directory.path)
        let status = process.waitForExit(seconds: 120)
        if status == nil { process.stop() }
        #expect(status == 0, "\(process.logTail)")
        let report = process.stdout
        #expect(report.contains("sweep-demo (pid") && report.contains("sweep-pick (pid") && report.contains("soak: PASS"), "\(report)")
        #expect(report.components(separatedBy: "idle after input: 0 CPU ticks").count == 3, "\(report)")
    }
}
