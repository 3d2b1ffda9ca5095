import Foundation
import SweepPNG

/// mutter (GNOME's compositor) headless with one virtual monitor, on its own
/// socket, runtime and home folders and a private session bus (nothing
/// activated: no portals, no GNOME services), with PipeWire and WirePlumber
/// beside it for screen-cast streams: the one mutter's remote desktop takes
/// absolute positions and touch in (input by `sweep-input --via
/// remote-desktop`), and the one screenshots are read from
/// (`mutter-screenshot.py`).
///
/// mutter places windows itself (centred) and clients decorate themselves
/// (the app's own title bar), so scripts in window coordinates need the window's offset
/// (`windowOffset(of:)`).
final class HeadlessMutter: DesktopCompositor {
    let name = "mutter"
    let directory: TestDirectory
    let runtime: String
    let bus: SessionBus
    let width: Int, height: Int
    private let pipewire: ChildProcess
    private var wireplumber: ChildProcess?
    private var shotCount = 0
    private static let screenshotScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("mutter-screenshot.py").path
    private let mutter: ChildProcess
    private var keeper: ChildProcess?
    private var inputCount = 0
    private static let socketName = "wayland-mutter"

    /// `width` by `height` logical pixels at `scale` (1 or 2: what mutter offers its virtual monitor).
    /// At scale 2 mutter lays out in device pixels, so scripts' positions and `windowOffset` (which
    /// speak logical pixels) hold at scale 1 only; tests at 2 look at pixels.
    init(label: String, width: Int = 1024, height: Int = 768, scale: Int = 1) throws {
        let mutterPath = try which("mutter", package: "mutter")
        let pipewirePath = try which("pipewire", package: "pipewire")
        let wireplumberPath = try which("wireplumber", package: "wireplumber")
        _ = try which("gst-launch-1.0", package: "gstreamer1.0-tools")
        self.width = width
        self.height = height
        directory = try TestDirectory("mutter-\(label)")
        runtime = try directory.subdirectory("run", mode: 0o700)
        let home = try directory.subdirectory("home", mode: 0o755)
        do { bus = try SessionBus(directory: directory) } catch { directory.remove(); throw error }
        let environment = bus.environment.merging(["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime, "HOME": home,
                                                   "XDG_CONFIG_HOME": "\(home)/.config", "GSETTINGS_BACKEND": "memory"]) { $1 }
        let media: ChildProcess
        do {
            media = try ChildProcess(name: "pipewire", executable: pipewirePath, arguments: [], environment: environment,
                                     directory: directory.path)
        } catch {
            bus.stop()
            directory.remove()
            throw error
        }
        pipewire = media
        let pipewireSocket = "\(runtime)/pipewire-0"
        _ = waitUntil(seconds: 10) { FileManager.default.fileExists(atPath: pipewireSocket) || !media.isRunning }
        // WirePlumber links a screenshot's reader to mutter's stream.
        wireplumber = try? ChildProcess(name: "wireplumber", executable: wireplumberPath, arguments: [], environment: environment,
                                        directory: directory.path)
        do {
            mutter = try ChildProcess(name: "mutter", executable: mutterPath,
                                      arguments: ["--headless", "--wayland", "--no-x11", "--virtual-monitor", "\(width * scale)x\(height * scale)",
                                                  "--wayland-display", Self.socketName],
                                      environment: environment, directory: directory.path)
        } catch {
            media.stop()
            bus.stop()
            directory.remove()
            throw error
        }
        let socket = "\(runtime)/\(Self.socketName)"
        let started = waitUntil(seconds: 20) { FileManager.default.fileExists(atPath: socket) || !mutter.isRunning }
        guard started, mutter.isRunning, pipewire.isRunning else {
            let log = "\(mutter.logTail)\n\(pipewire.logTail)"
            stop()
            throw HarnessError("mutter (or PipeWire beside it) did not start (no socket \(socket))\n\(log)")
        }
        if scale != 1 {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("mutter-scale.py").path
            do { _ = try run("/usr/bin/python3", [script, "\(scale)"], environment: clientEnvironment) } catch { stop(); throw error }
        }
        // mutter lays monitors out in device pixels (without its experimental fractional scaling):
        // input positions at scale 2 are in a space twice the size.
        do { keeper = try startInputKeeper(via: "remote-desktop", spot: (width * scale - 2, height * scale - 2)) } catch { stop(); throw error }
    }

    var clientEnvironment: [String: String] {
        bus.environment.merging(["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": Self.socketName, "PATH": "/usr/bin:/bin"]) { $1 }
    }

    var logTail: String { mutter.logTail }

    func play(_ script: String, offset: (x: Int, y: Int)) throws {
        inputCount += 1
        try playInput(script, via: "remote-desktop", offset: offset, count: inputCount)
    }

    /// The primary monitor, from a screen-cast stream through PipeWire (mutter without
    /// gnome-shell has no screenshot interface).
    func screenshot() throws -> PNGImage {
        shotCount += 1
        let path = "\(directory.path)/shot-\(shotCount).png"
        _ = try run("/usr/bin/python3", [Self.screenshotScript, path], environment: clientEnvironment)
        return try PNGCodec.read(path: path)
    }

    func stop() {
        keeper?.stop()
        mutter.stop()
        wireplumber?.stop()
        pipewire.stop()
        bus.stop()
        directory.remove()
    }
}
