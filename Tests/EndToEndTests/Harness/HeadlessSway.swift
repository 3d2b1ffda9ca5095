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
    /// The one virtual keyboard every key of the test goes through, made before any client
    /// so a client's seat has a keyboard from the start. One keyboard per call (as wtype makes)
    /// lost keys: sway tears an old virtual keyboard down after its client has gone, and a new
    /// one made meanwhile could go with it.
    private var keyboard: StreamedInput!

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
            sway.stop()
            directory.remove()
            throw HarnessError("headless sway did not start (socket \(socket) never appeared)\n\(log)")
        }
        do {
            keyboard = try StreamedInput(via: "virtual-keyboard", environment: clientEnvironment, directory: directory.path)
        } catch {
            let log = sway.logTail
            sway.stop()
            directory.remove()
            throw HarnessError("\(error)\n\(log)")
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

    /// Types keys through the test's one virtual keyboard, with wtype's arguments: text (each
    /// character a key), `-k NAME` (a keysym), `-M MOD` and `-m MOD` (press and release shift,
    /// ctrl, alt or logo); e.g. ["-M", "ctrl", "a", "-m", "ctrl", "-k", "Return"]. Returns once
    /// sway has handled every key.
    func type(_ arguments: [String]) throws {
        try keyboard.play(try Self.keySteps(arguments))
    }

    /// Script steps for wtype's arguments. Text may hold any printable ASCII (typed by its
    /// keysym, 0x20–0x7e); a modifier pressed with `-M` and not released is released at the end,
    /// so it is not left held on the test's one keyboard.
    static func keySteps(_ arguments: [String]) throws -> [String] {
        let modifiers = ["shift": "Shift_L", "ctrl": "Control_L", "alt": "Alt_L", "logo": "Super_L"]
        func step(_ op: String, _ key: String) throws -> String {
            let data = try JSONSerialization.data(withJSONObject: ["op": op, "key": key], options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
        var steps: [String] = []
        var held: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-k", "-M", "-m":
                guard let value = rest.popFirst() else { throw HarnessError("type: \(argument) needs a value") }
                if argument == "-k" {
                    steps.append(try step("key.tap", value))
                    continue
                }
                guard let keysym = modifiers[value] else { throw HarnessError("type: no modifier \"\(value)\"") }
                if argument == "-M" { held.append(keysym) } else { held.removeAll { $0 == keysym } }
                steps.append(try step(argument == "-M" ? "key.down" : "key.up", keysym))
            default:
                guard !argument.hasPrefix("-") else { throw HarnessError("type: unknown option \(argument)") }
                for scalar in argument.unicodeScalars {
                    // Latin-1 keysyms are their code points; the US keymap has every printable ASCII one.
                    guard (0x20...0x7e).contains(scalar.value) else {
                        throw HarnessError("type: \"\(scalar)\" is not printable ASCII, which the US keymap types")
                    }
                    steps.append(try step("key.tap", "0x\(String(scalar.value, radix: 16))"))
                }
            }
        }
        for keysym in held.reversed() { steps.append(try step("key.up", keysym)) }
        return steps
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
        keyboard?.stop()
        sway.stop()
        directory.remove()
    }
}
