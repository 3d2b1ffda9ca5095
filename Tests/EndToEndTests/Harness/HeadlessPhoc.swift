import Foundation
import SweepPNG

/// A phone's session without the phone: Phosh's compositor phoc with the
/// headless backend and the pixman renderer (an output of `width` × `height`
/// logical pixels at `scale`), on its own session bus (activating dconf's
/// service and nothing else the machine has), runtime folder and
/// home, with squeekboard, the on-screen keyboard, started inside it as
/// Phosh starts it (the GNOME accessibility switch
/// `screen-keyboard-enabled` on, read through dconf). squeekboard shows
/// itself when a client's text input is enabled and hides when it is
/// disabled; phoc then gives windows the room above it.
///
/// Input is a wlroots virtual pointer (sweep-input --via virtual-pointer):
/// phoc takes no injected touch, and squeekboard takes a button press as a
/// press of the key under it.
final class HeadlessPhoc {
    let directory: TestDirectory
    let runtime: String
    let width: Int, height: Int, scale: Int
    /// What clients (and gdbus) need: the display, the runtime folder, the session bus.
    private(set) var clientEnvironment: [String: String] = [:]
    private let session: ChildProcess
    /// The session's own bus: it starts dconf's service for GSettings and nothing the machine has.
    private let bus: SessionBus
    private let grimPath: String, gdbusPath: String
    private var pointer: StreamedInput!
    private var shotCount = 0

    init(label: String, width: Int = 360, height: Int = 720, scale: Int = 2) throws {
        (self.width, self.height, self.scale) = (width, height, scale)
        let phocPath = try which("phoc", package: "phoc")
        let squeekboardPath = try which("squeekboard", package: "squeekboard")
        let gsettingsPath = try which("gsettings", package: "libglib2.0-bin")
        gdbusPath = try which("gdbus", package: "libglib2.0-bin")
        grimPath = try which("grim", package: "grim")
        let dconfService = "/usr/libexec/dconf-service"
        guard FileManager.default.isExecutableFile(atPath: dconfService) else {
            throw HarnessError("\(dconfService) is missing (apt install dconf-service)")
        }
        let libraries = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []
        guard libraries.contains(where: { FileManager.default.fileExists(atPath: "/usr/lib/\($0)/gio/modules/libdconfsettings.so") }) else {
            throw HarnessError("dconf's GSettings backend is missing (apt install dconf-gsettings-backend dconf-service)")
        }
        directory = try TestDirectory("phoc-\(label)")
        runtime = try directory.subdirectory("run", mode: 0o700)
        let home = try directory.subdirectory("home", mode: 0o700)
        let config = "\(directory.path)/phoc.ini", script = "\(directory.path)/session.sh"
        let environmentFile = "\(directory.path)/session.env", ready = "\(directory.path)/ready"
        // phoc's mode is in device pixels.
        try "[output:HEADLESS-1]\nmode = \(width * scale)x\(height * scale)\nscale = \(scale)\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        // Inside phoc: switch the on-screen keyboard on, start squeekboard, wait until it owns
        // sm.puri.OSK0 and says it is hidden, and still is half a second later (it shows for a
        // moment at start), then stay.
        try """
        #!/bin/sh
        \(gsettingsPath) set org.gnome.desktop.a11y.applications screen-keyboard-enabled true
        printf 'WAYLAND_DISPLAY=%s\\nDBUS_SESSION_BUS_ADDRESS=%s\\n' "$WAYLAND_DISPLAY" "$DBUS_SESSION_BUS_ADDRESS" > \(environmentFile)
        \(squeekboardPath) > \(directory.path)/squeekboard.log 2>&1 &
        hidden() {
          for i in $(seq 1 80); do
            \(gdbusPath) call --session -d sm.puri.OSK0 -o /sm/puri/OSK0 -m org.freedesktop.DBus.Properties.Get sm.puri.OSK0 Visible 2>/dev/null | grep -q false && return
            sleep 0.05
          done
        }
        hidden; sleep 0.5; hidden
        touch \(ready)
        wait
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        do {
            // Started by the bus with the bus's environment: given the test's home, so it writes there.
            bus = try SessionBus(directory: directory, activatable: [
                "ca.desrt.dconf": "/usr/bin/env HOME=\(home) XDG_CONFIG_HOME=\(home)/.config XDG_RUNTIME_DIR=\(runtime) \(dconfService)",
            ])
        } catch {
            directory.remove()
            throw error
        }
        do {
            session = try ChildProcess(name: "phoc", executable: "/usr/bin/env",
                                       arguments: ["WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1",
                                                   phocPath, "-C", config, "-E", script],
                                       environment: bus.environment.merging([
                                           "PATH": "/usr/bin:/bin", "HOME": home, "XDG_CONFIG_HOME": "\(home)/.config",
                                           "XDG_RUNTIME_DIR": runtime, "GSETTINGS_BACKEND": "dconf",
                                       ]) { $1 },
                                       directory: directory.path)
        } catch {
            bus.stop()
            directory.remove()
            throw error
        }
        guard waitUntil(seconds: 20, { FileManager.default.fileExists(atPath: ready) || !session.isRunning }), session.isRunning else {
            let log = session.logTail + ((try? String(contentsOfFile: "\(directory.path)/squeekboard.log", encoding: .utf8)) ?? "")
            stopProcesses(withEnvironment: "XDG_RUNTIME_DIR=\(runtime)")
            session.stop()
            bus.stop()
            directory.remove()
            throw HarnessError("headless phoc with squeekboard did not start\n\(log)")
        }
        var environment = ["XDG_RUNTIME_DIR": runtime, "PATH": "/usr/bin:/bin", "HOME": home]
        for line in ((try? String(contentsOfFile: environmentFile, encoding: .utf8)) ?? "").split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { environment[parts[0]] = parts[1] }
        }
        clientEnvironment = environment
        do {
            guard environment["WAYLAND_DISPLAY"] != nil else { throw HarnessError("phoc's session said no WAYLAND_DISPLAY") }
            pointer = try StreamedInput(via: "virtual-pointer", environment: clientEnvironment, directory: directory.path)
        } catch {
            let log = session.logTail
            stop()
            throw HarnessError("\(error)\n\(log)")
        }
    }

    var logTail: String {
        session.logTail + "\nsqueekboard: " + ((try? String(contentsOfFile: "\(directory.path)/squeekboard.log", encoding: .utf8))?.suffix(2000) ?? "")
    }

    /// Whether squeekboard says it shows (its `sm.puri.OSK0` `Visible` property); nil when it
    /// does not answer.
    var keyboardIsVisible: Bool? {
        guard let answer = try? run(gdbusPath, ["call", "--session", "-d", "sm.puri.OSK0", "-o", "/sm/puri/OSK0",
                                                "-m", "org.freedesktop.DBus.Properties.Get", "sm.puri.OSK0", "Visible"],
                                    environment: clientEnvironment) else { return nil }
        return answer.contains("true") ? true : answer.contains("false") ? false : nil
    }

    /// A press and release at (`x`, `y`), logical output coordinates: a finger's tap, as a pointer.
    func tap(x: Double, y: Double) throws {
        try pointer.play([#"{"op":"pointer.move","x":\#(x),"y":\#(y)}"#, #"{"op":"pointer.down","button":"left"}"#,
                          #"{"op":"wait","ms":80}"#, #"{"op":"pointer.up","button":"left"}"#, #"{"op":"wait","ms":150}"#])
    }

    /// The output as it shows, in device pixels.
    func screenshot() throws -> PNGImage {
        shotCount += 1
        let path = "\(directory.path)/shot-\(shotCount).png"
        try run(grimPath, [path], environment: clientEnvironment)
        return try PNGCodec.read(path: path)
    }

    /// Ends the session: phoc, squeekboard, dconf's service and the clients (found by the
    /// runtime folder they were given), then the bus.
    func stop() {
        pointer?.stop()
        stopProcesses(withEnvironment: "XDG_RUNTIME_DIR=\(runtime)")
        session.stop()
        bus.stop()
        directory.remove()
    }
}
