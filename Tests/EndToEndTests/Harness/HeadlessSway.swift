import Foundation
import SweepPNG

/// sway with the headless backend and the pixman renderer, on its own socket
/// and runtime folder. sway refuses to run as root, so as root it runs as
/// nobody; root clients can still reach its socket.
final class HeadlessSway: Compositor {
    let name = "sway"
    let directory: TestDirectory
    let runtime: String
    private let sway: ChildProcess
    private let swaymsgPath: String
    private let grimPath: String
    private var shotCount = 0

    init(label: String, width: Int = 1024, height: Int = 768) throws {
        let swayPath = try which("sway", package: "sway")
        swaymsgPath = try which("swaymsg", package: "sway")
        grimPath = try which("grim", package: "grim")
        directory = try TestDirectory("sway-\(label)")
        let isRoot = getuid() == 0
        runtime = try directory.subdirectory("run", mode: 0o700, owner: isRoot ? 65534 : nil)
        let home = try directory.subdirectory("home", mode: 0o755, owner: isRoot ? 65534 : nil)
        let config = "\(directory.path)/sway.conf"
        try """
        output HEADLESS-1 resolution \(width)x\(height) position 0 0 bg #202020 solid_color
        default_border none
        default_floating_border none
        focus_follows_mouse no
        xwayland disable
        """.write(toFile: config, atomically: true, encoding: .utf8)
        chmod(config, 0o644)
        var arguments = ["-i", "PATH=/usr/bin:/bin", "XDG_RUNTIME_DIR=\(runtime)", "HOME=\(home)",
                         "WLR_BACKENDS=headless", "WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman",
                         swayPath, "-c", config]
        var executable = "/usr/bin/env"
        if isRoot {
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env"] + arguments
            executable = try which("setpriv", package: "util-linux")
        }
        sway = try ChildProcess(name: "sway", executable: executable, arguments: arguments, environment: [:],
                                directory: directory.path)
        let socket = "\(runtime)/wayland-1"
        let started = waitUntil(seconds: 15) { FileManager.default.fileExists(atPath: socket) || !sway.isRunning }
        guard started, sway.isRunning, ipcSocket != nil else {
            let log = sway.logTail
            stop()
            throw HarnessError("headless sway did not start (socket \(socket) never appeared)\n\(log)")
        }
    }

    var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "wayland-1", "PATH": "/usr/bin:/bin"]
    }

    var logTail: String { sway.logTail }

    private var ipcSocket: String? {
        (try? FileManager.default.contentsOfDirectory(atPath: runtime))?
            .first { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }
            .map { "\(runtime)/\($0)" }
    }

    /// Runs a sway command through its IPC socket.
    @discardableResult
    func command(_ text: String) throws -> String {
        guard let socket = ipcSocket else { throw HarnessError("sway's IPC socket is gone\n\(logTail)") }
        return try run(swaymsgPath, ["-s", socket, text], environment: clientEnvironment)
    }

    /// Types keys through a virtual keyboard (wtype), e.g. ["-k", "End"].
    /// wtype makes a new keyboard each run; it waits 300 ms first so the client
    /// has bound that keyboard before the first press (else the press arrives
    /// only inside `wl_keyboard.enter`, as a key already held).
    ///
    /// It returns once sway has removed that keyboard: sway 1.7 tears an exited
    /// wtype's keyboard down after wtype is gone, and a keyboard the next wtype
    /// made meanwhile could go with it, keys and all (under load the client saw
    /// the new keyboard appear and vanish in one batch, and a Return was lost).
    func type(_ arguments: [String]) throws {
        let wtype = try which("wtype", package: "wtype")
        try run(wtype, ["-s", "300"] + arguments, environment: clientEnvironment)
        var listed = -1
        guard waitUntil(seconds: 10, { listed = (try? self.keyboardCount()) ?? -1; return listed == 0 }) else {
            throw HarnessError("wtype's keyboard was still listed by sway 10 s after it exited (\(listed))\n\(logTail)")
        }
    }

    /// The keyboards sway lists (headless, it has only wtype's).
    private func keyboardCount() throws -> Int {
        guard let socket = ipcSocket else { throw HarnessError("sway's IPC socket is gone\n\(logTail)") }
        let json = try run(swaymsgPath, ["-s", socket, "-r", "-t", "get_inputs"], environment: clientEnvironment)
        guard let inputs = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] else {
            throw HarnessError("swaymsg -t get_inputs gave no list: \(json)")
        }
        return inputs.filter { $0["type"] as? String == "keyboard" }.count
    }

    func screenshot() throws -> PNGImage {
        shotCount += 1
        let path = "\(directory.path)/shot-\(shotCount).png"
        try run(grimPath, [path], environment: clientEnvironment)
        return try PNGCodec.read(path: path)
    }

    /// Kills sway at once, as a crash would.
    func crash() {
        kill(sway.pid, SIGKILL)
        _ = sway.waitForExit(seconds: 3)
    }

    func stop() {
        sway.stop()
        directory.remove()
    }
}
