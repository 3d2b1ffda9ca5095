import Foundation
import SweepPNG

/// weston's X11 backend inside its own Xvfb: a real seat (pointer and
/// keyboard) that xdotool drives, and screenshots through weston-screenshooter.
/// Its output is an X window at (0, 0) of a larger X screen, so X coordinates
/// are weston's global coordinates.
final class NestedWeston: Compositor {
    let name = "weston-x11"
    let directory: TestDirectory
    let runtime: String
    let socketName: String
    let xDisplay: String
    private let xvfb: ChildProcess
    private var weston: ChildProcess?
    private let xdotoolPath: String
    private let screenshooterPath: String
    private var shotCount = 0

    init(label: String, width: Int = 1024, height: Int = 768) throws {
        let xvfbPath = try which("Xvfb", package: "xvfb")
        let westonPath = try which("weston", package: "weston")
        xdotoolPath = try which("xdotool", package: "xdotool")
        screenshooterPath = try which("weston-screenshooter", package: "weston")
        directory = try TestDirectory("weston-x11-\(label)")
        runtime = try directory.subdirectory("run", mode: 0o700)
        socketName = "weston-x11-\(getpid())-\(label)"
        // A display number nobody uses.
        var number = 100 + Int(getpid() % 400)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
            number += 1
        }
        xDisplay = ":\(number)"
        xvfb = try ChildProcess(name: "xvfb", executable: xvfbPath,
                                arguments: [xDisplay, "-screen", "0", "\(width + 256)x\(height + 64)x24", "-nolisten", "tcp"],
                                environment: ["PATH": "/usr/bin:/bin"], directory: directory.path)
        let xSocket = "/tmp/.X11-unix/X\(number)"
        guard waitUntil(seconds: 10, { FileManager.default.fileExists(atPath: xSocket) || !xvfb.isRunning }), xvfb.isRunning else {
            let log = xvfb.logTail
            stop()
            throw HarnessError("Xvfb did not start on \(xDisplay)\n\(log)")
        }
        let config = try writeWestonConfig(in: directory)
        let weston = try ChildProcess(
            name: "weston", executable: westonPath,
            arguments: ["--backend=x11-backend.so", "--debug", "--socket=\(socketName)", "--width=\(width)",
                        "--height=\(height)", "--config=\(config)", "--idle-time=0"],
            environment: ["XDG_RUNTIME_DIR": runtime, "DISPLAY": xDisplay, "PATH": "/usr/bin:/bin", "HOME": directory.path],
            directory: directory.path)
        self.weston = weston
        let socket = "\(runtime)/\(socketName)"
        guard waitUntil(seconds: 15, { FileManager.default.fileExists(atPath: socket) || !weston.isRunning }), weston.isRunning else {
            let log = weston.logTail
            stop()
            throw HarnessError("weston's X11 backend did not start in Xvfb \(xDisplay)\n\(log)")
        }
    }

    var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": socketName, "PATH": "/usr/bin:/bin"]
    }

    var logTail: String { (weston?.logTail ?? "") + "\n" + xvfb.logTail }

    /// Runs xdotool with these arguments on the nested X display.
    func xdotool(_ arguments: [String]) throws {
        try run(xdotoolPath, arguments, environment: ["DISPLAY": xDisplay, "PATH": "/usr/bin:/bin"])
    }

    /// Moves the pointer to (x, y). weston learns the absolute position only
    /// when the pointer enters its X window, so the first move goes outside and back.
    private var pointerPlaced = false
    func movePointer(to x: Int, _ y: Int) throws {
        if !pointerPlaced {
            try xdotool(["mousemove", "1100", "800"])
            usleep(150_000)
            pointerPlaced = true
        }
        try xdotool(["mousemove", "\(x)", "\(y)"])
        usleep(150_000)
    }

    func screenshot() throws -> PNGImage {
        shotCount += 1
        return try westonScreenshot(screenshooter: screenshooterPath, environment: clientEnvironment,
                                    directory: directory, number: shotCount, logTail: logTail)
    }

    func stop() {
        weston?.stop()
        xvfb.stop()
        directory.remove()
    }
}
