import Foundation
import SweepPNG

/// KWin (Plasma's compositor) with its virtual backend, on its own socket,
/// runtime, home and configuration folders and a private session bus (no
/// portals or KDE services activated: the bus has no service directories).
/// Input goes in through its fake-input protocol (`sweep-input`), and
/// screenshots come from its ScreenShot2 D-Bus interface.
///
/// Windows whose app id starts with "org.sweep" are placed at the origin
/// without a title bar (a window rule), so scripts use window coordinates;
/// `decorated` leaves KWin's title bar and placement alone.
final class HeadlessKWin: DesktopCompositor {
    let name = "kwin"
    let directory: TestDirectory
    let runtime: String
    let bus: SessionBus
    let width: Int, height: Int
    private let kwin: ChildProcess
    private var keeper: ChildProcess?
    private var shotCount = 0
    private var inputCount = 0
    private static let socketName = "wayland-kwin"
    private static let screenshotScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("kwin-screenshot.py").path

    init(label: String, width: Int = 1024, height: Int = 768, scale: Double = 1, decorated: Bool = false) throws {
        let installed = try which("kwin_wayland", package: "kwin-wayland")
        self.width = width
        self.height = height
        directory = try TestDirectory("kwin-\(label)")
        runtime = try directory.subdirectory("run", mode: 0o700)
        let home = try directory.subdirectory("home", mode: 0o755)
        let config = try directory.subdirectory("config", mode: 0o755)
        if !decorated {
            try """
            [General]
            count=1
            rules=1

            [1]
            Description=Sweep windows at the origin without a title bar
            noborder=true
            noborderrule=2
            position=0,0
            positionrule=2
            wmclass=org.sweep
            wmclassmatch=3
            """.write(toFile: "\(config)/kwinrulesrc", atomically: true, encoding: .utf8)
        }
        // The installed binary carries file capabilities, which a container may refuse to grant
        // ("Operation not permitted"); a copy has none.
        let binary = "\(directory.path)/kwin_wayland"
        try FileManager.default.copyItem(atPath: installed, toPath: binary)
        do { bus = try SessionBus(directory: directory) } catch { directory.remove(); throw error }
        let environment = bus.environment.merging([
            "PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime, "HOME": home, "XDG_CONFIG_HOME": config,
            "QT_QPA_PLATFORM": "offscreen", "KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1", "KWIN_SCREENSHOT_NO_PERMISSION_CHECKS": "1",
        ]) { $1 }
        var arguments = ["--virtual", "--width", "\(width)", "--height", "\(height)", "--socket", Self.socketName,
                         "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities"]
        if scale != 1 { arguments += ["--scale", "\(scale)"] }
        kwin = try ChildProcess(name: "kwin", executable: binary, arguments: arguments, environment: environment, directory: directory.path)
        let socket = "\(runtime)/\(Self.socketName)"
        let started = waitUntil(seconds: 20) { FileManager.default.fileExists(atPath: socket) || !kwin.isRunning }
        guard started, kwin.isRunning else {
            let log = kwin.logTail
            stop()
            throw HarnessError("KWin did not start (no socket \(socket))\n\(log)")
        }
        do { keeper = try startInputKeeper(via: "fake-input", spot: (width - 2, height - 2)) } catch { stop(); throw error }
    }

    /// What a client of this KWin needs, the private session bus included (so apps find no portal).
    var clientEnvironment: [String: String] {
        bus.environment.merging(["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": Self.socketName, "PATH": "/usr/bin:/bin"]) { $1 }
    }

    var logTail: String { kwin.logTail }

    func play(_ script: String, offset: (x: Int, y: Int) = (0, 0)) throws {
        inputCount += 1
        try playInput(script, via: "fake-input", offset: offset, count: inputCount)
    }

    /// The whole workspace at native resolution, through KWin's ScreenShot2 interface.
    func screenshot() throws -> PNGImage {
        shotCount += 1
        let raw = "\(directory.path)/shot-\(shotCount).raw"
        let reply = try run("/usr/bin/python3", [Self.screenshotScript, raw], environment: clientEnvironment)
        guard let json = reply.split(separator: "\n").last.flatMap({ try? JSONSerialization.jsonObject(with: Data($0.utf8)) }) as? [String: String],
              let width = json["width"].flatMap(Int.init), let height = json["height"].flatMap(Int.init),
              let stride = json["stride"].flatMap(Int.init), json["format"] == "6" || json["format"] == "5" || json["format"] == "4" else {
            throw HarnessError("KWin's screenshot reply is not a raw 32-bit image: \(reply)")
        }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        try? FileManager.default.removeItem(atPath: raw)
        guard bytes.count >= stride * height, stride >= width * 4 else {
            throw HarnessError("KWin's screenshot has \(bytes.count) bytes for \(width)x\(height) (stride \(stride))")
        }
        // QImage's 32-bit formats are 0xAARRGGBB words: B, G, R, A in memory here.
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let from = y * stride + x * 4, to = (y * width + x) * 4
                rgba[to] = bytes[from + 2]
                rgba[to + 1] = bytes[from + 1]
                rgba[to + 2] = bytes[from]
            }
        }
        let image = PNGImage(width: width, height: height, rgba: rgba)
        try? PNGCodec.write(image, to: "\(directory.path)/shot-\(shotCount).png")
        return image
    }

    func stop() {
        keeper?.stop()
        kwin.stop()
        bus.stop()
        directory.remove()
    }
}
