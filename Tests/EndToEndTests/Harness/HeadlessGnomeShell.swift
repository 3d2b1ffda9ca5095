import Foundation

/// GNOME Shell headless (mutter inside it, one virtual monitor) with IBus,
/// as a GNOME desktop runs input methods: the shell starts ibus-daemon and
/// relays between it and a client's text-input-v3. Bare mutter cannot: it
/// offers text-input-v3 but has no IBus bridge (that is the shell's
/// JavaScript), and Debian's IBus has no Wayland input-method frontend that
/// mutter speaks.
///
/// On private session and system buses (the shell stops without a system
/// bus), in its own runtime folder and home, in `--unsafe-mode` so that the
/// test can ask it through `org.gnome.Shell.Eval` whether it has started and
/// leave the overview it starts in (there typing goes to the overview's
/// search, not to a window).
final class HeadlessGnomeShell {
    let directory: TestDirectory
    let runtime: String
    private let session: SessionBus
    private let system: SessionBus
    private let systemDirectory: TestDirectory
    private let shell: ChildProcess
    private let gdbusPath: String
    private static let socketName = "wayland-gnome"

    init(label: String, width: Int = 800, height: Int = 600) throws {
        let shellPath = try which("gnome-shell", package: "gnome-shell")
        _ = try which("ibus-daemon", package: "ibus")
        gdbusPath = try which("gdbus", package: "libglib2.0-bin")
        directory = try TestDirectory("gnome-shell-\(label)")
        systemDirectory = try TestDirectory("gnome-shell-\(label)-system")
        runtime = try directory.subdirectory("run", mode: 0o700)
        let home = try directory.subdirectory("home", mode: 0o700)
        var buses: [SessionBus] = []
        do {
            buses.append(try SessionBus(directory: directory))
            buses.append(try SessionBus(directory: systemDirectory))
        } catch {
            for bus in buses { bus.stop() }
            directory.remove()
            systemDirectory.remove()
            throw error
        }
        (session, system) = (buses[0], buses[1])
        let environment = session.environment.merging([
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(system.socket)", "PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime,
            "HOME": home, "XDG_CONFIG_HOME": "\(home)/.config", "GSETTINGS_BACKEND": "memory",
        ]) { $1 }
        do {
            shell = try ChildProcess(name: "gnome-shell", executable: shellPath,
                                     arguments: ["--unsafe-mode", "--headless", "--wayland", "--no-x11",
                                                 "--virtual-monitor", "\(width)x\(height)", "--wayland-display", Self.socketName],
                                     environment: environment, directory: directory.path)
        } catch {
            for bus in buses { bus.stop() }
            directory.remove()
            systemDirectory.remove()
            throw error
        }
        clientEnvironment = environment.merging(["WAYLAND_DISPLAY": Self.socketName]) { $1 }
        // Started once it has left the overview it opens with, and stays out of it a moment.
        var settled = 0
        let started = waitUntil(seconds: 40) {
            guard shell.isRunning else { return true }
            let state = (try? evaluate("""
                Main.layoutManager._startingUp ? "starting" : Main.overview.animationInProgress ? "moving"
                    : Main.overview.visible ? (Main.overview.hide(), "hiding") : "ready"
                """)) ?? ""
            settled = state.contains("\"ready\"") ? settled + 1 : 0
            if settled < 3 { usleep(100_000) }
            return settled >= 3
        }
        guard started, shell.isRunning else {
            let log = shell.logTail
            stop()
            throw HarnessError("headless GNOME Shell did not start\n\(log)")
        }
    }

    /// What clients need: the display, the runtime folder, the buses, the home IBus keeps its address in.
    let clientEnvironment: [String: String]

    var logTail: String { shell.logTail }

    /// Runs `script` in the shell (org.gnome.Shell.Eval) and returns its answer, as gdbus prints it.
    @discardableResult
    func evaluate(_ script: String) throws -> String {
        try run(gdbusPath, ["call", "--session", "--timeout", "5", "-d", "org.gnome.Shell", "-o", "/org/gnome/Shell",
                            "-m", "org.gnome.Shell.Eval", script], environment: clientEnvironment)
    }

    /// Gives the keyboard focus to the window of the process `pid`, as a click on it would.
    func activateWindow(ofProcess pid: Int32) throws {
        try evaluate("""
            global.get_window_actors().map(a => a.meta_window).filter(w => w.get_pid() == \(pid))
                .forEach(w => w.activate(global.get_current_time()))
            """)
    }

    /// Ends the shell and everything started in its runtime folder (ibus-daemon and its helpers).
    func stop() {
        stopProcesses(withEnvironment: "XDG_RUNTIME_DIR=\(runtime)")
        shell.stop()
        session.stop()
        system.stop()
        directory.remove()
        systemDirectory.remove()
    }
}
