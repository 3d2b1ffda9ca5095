import Foundation

/// A desktop's compositor a test drives through `sweep-input` (KWin through
/// its fake input, mutter through its remote desktop).
protocol DesktopCompositor: Compositor {
    var directory: TestDirectory { get }
    /// Plays `script`'s input steps, its positions moved by `offset` (where the window's origin
    /// is); throws with sweep-input's message when it fails.
    func play(_ script: String, offset: (x: Int, y: Int)) throws
}

extension DesktopCompositor {
    /// Runs sweep-input `via` the compositor's input API on `script`.
    func playInput(_ script: String, via: String, offset: (x: Int, y: Int), count: Int) throws {
        let path = "\(directory.path)/input-\(count).jsonl"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let input = try ChildProcess(name: "sweep-input-\(count)", executable: try builtProduct("sweep-input"),
                                     arguments: ["--via", via, "--offset", "\(offset.x),\(offset.y)", "--script", path],
                                     environment: clientEnvironment, directory: directory.path)
        guard let status = input.waitForExit(seconds: 60) else {
            input.stop()
            throw HarnessError("sweep-input did not finish within 60 s\n\(input.logTail)")
        }
        guard status == 0 else { throw HarnessError("sweep-input failed with status \(status): \(input.logTail)\n\(logTail)") }
    }

    /// A sweep-input that holds its input devices for the compositor's whole life, started before
    /// any window: each later sweep-input run makes devices of its own and takes them away at its
    /// end, and a seat that lost its last touch screen (or keyboard) takes the capability from its
    /// clients, which bind it again only after the next run's first touch went by. mutter makes a
    /// session's devices on first use: the keeper touches and taps Shift at `spot` (output
    /// coordinates, under no window) first.
    func startInputKeeper(via: String, spot: (x: Int, y: Int)) throws -> ChildProcess {
        let path = "\(directory.path)/keeper.jsonl"
        try "{\"op\":\"wait\",\"ms\":600000}\n{\"op\":\"wait\",\"ms\":600000}\n{\"op\":\"wait\",\"ms\":600000}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let keeper = try ChildProcess(name: "sweep-input-keeper", executable: try builtProduct("sweep-input"),
                                      arguments: ["--via", via, "--prime", "\(spot.x),\(spot.y)", "--script", path],
                                      environment: clientEnvironment, directory: directory.path)
        guard waitUntil(seconds: 15, { keeper.stdout.contains("primed") || !keeper.isRunning }), keeper.isRunning else {
            keeper.stop()
            throw HarnessError("sweep-input could not hold \(name)'s input devices: \(keeper.logTail)")
        }
        return keeper
    }
}
