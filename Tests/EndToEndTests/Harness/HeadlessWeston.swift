import Foundation
import SweepPNG

/// weston with the headless backend and the pixman renderer. It has no seat
/// and no xdg-decoration, so it checks rendering, configure, scale and the
/// client-side title bar. Screenshots need `--debug` and weston-screenshooter.
final class HeadlessWeston: Compositor {
    let name = "weston"
    let directory: TestDirectory
    let runtime: String
    let socketName: String
    private let weston: ChildProcess
    private let screenshooterPath: String
    private var shotCount = 0

    init(label: String, width: Int = 1024, height: Int = 768, scale: Int = 1) throws {
        let westonPath = try which("weston", package: "weston")
        screenshooterPath = try which("weston-screenshooter", package: "weston")
        directory = try TestDirectory("weston-\(label)")
        runtime = try directory.subdirectory("run", mode: 0o700)
        socketName = "weston-\(getpid())-\(label)"
        let config = try writeWestonConfig(in: directory)
        weston = try ChildProcess(
            name: "weston", executable: westonPath,
            arguments: ["--backend=headless-backend.so", "--use-pixman", "--debug", "--socket=\(socketName)",
                        "--width=\(width)", "--height=\(height)", "--scale=\(scale)", "--config=\(config)", "--idle-time=0"],
            environment: ["XDG_RUNTIME_DIR": runtime, "PATH": "/usr/bin:/bin", "HOME": directory.path],
            directory: directory.path)
        let socket = "\(runtime)/\(socketName)"
        let started = waitUntil(seconds: 15) { FileManager.default.fileExists(atPath: socket) || !weston.isRunning }
        guard started, weston.isRunning else {
            let log = weston.logTail
            stop()
            throw HarnessError("headless weston did not start (socket \(socket) never appeared)\n\(log)")
        }
    }

    var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": socketName, "PATH": "/usr/bin:/bin"]
    }

    var logTail: String { weston.logTail }

    func screenshot() throws -> PNGImage {
        shotCount += 1
        return try westonScreenshot(screenshooter: screenshooterPath, environment: clientEnvironment,
                                    directory: directory, number: shotCount, logTail: logTail)
    }

    func stop() {
        weston.stop()
        directory.remove()
    }
}
