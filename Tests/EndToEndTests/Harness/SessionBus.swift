import Foundation

/// A private D-Bus session bus (dbus-daemon) in a test's directory, and
/// optionally the test settings portal on it (`test-portal.py`: the
/// appearance colour scheme, changed on cue). Apps reach it through
/// `environment`.
///
/// The bus has a configuration of its own with no service directories:
/// nothing is activated on it but what the test starts, so a machine with
/// the real xdg-desktop-portal installed (any GNOME or KDE desktop) gives
/// the same answers as one without.
final class SessionBus {
    let socket: String
    private let daemon: ChildProcess
    private var portal: ChildProcess?

    /// A session bus that listens on `socket`, lets every local client talk
    /// and own names, and activates nothing but the services in `services`
    /// (a directory of the test's own `.service` files), if given.
    static func configuration(socket: String, services: String? = nil) -> String {
        let serviceDirectory = services.map { "  <servicedir>\($0)</servicedir>\n" } ?? ""
        return """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(socket)</listen>
          <keep_umask/>
          <auth>EXTERNAL</auth>
        \(serviceDirectory)          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }

    /// `activatablePortal`: the test portal (`test-portal.py` and its arguments) is not started,
    /// but the bus starts it when someone first asks for it, as a desktop's bus starts
    /// xdg-desktop-portal.
    /// `activatable`: other services the bus starts when first asked for, by name, with their
    /// command lines (dconf's, for GSettings writes), and nothing else the machine has.
    init(directory: TestDirectory, activatablePortal: [String]? = nil, activatable: [String: String] = [:]) throws {
        socket = "\(directory.path)/bus"
        let config = "\(directory.path)/session-bus.conf"
        var services: String?
        var commands = activatable
        if let activatablePortal {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("test-portal.py").path
            commands["org.freedesktop.portal.Desktop"] = "/usr/bin/python3 " + ([script] + activatablePortal).joined(separator: " ")
        }
        if !commands.isEmpty {
            let folder = try directory.subdirectory("services", mode: 0o755)
            for (name, command) in commands {
                try "[D-BUS Service]\nName=\(name)\nExec=\(command)\n".write(toFile: "\(folder)/\(name).service", atomically: true, encoding: .utf8)
            }
            services = folder
        }
        try SessionBus.configuration(socket: socket, services: services).write(toFile: config, atomically: true, encoding: .utf8)
        let dbusDaemon = try which("dbus-daemon", package: "dbus-daemon")
        daemon = try ChildProcess(name: "dbus-daemon", executable: dbusDaemon,
                                  arguments: ["--config-file=\(config)", "--nofork", "--nopidfile"],
                                  environment: ["PATH": "/usr/bin:/bin"], directory: directory.path)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket) && daemon.isRunning && Date() < deadline { usleep(20_000) }
        guard FileManager.default.fileExists(atPath: socket) else {
            daemon.stop()
            throw HarnessError("dbus-daemon made no socket at \(socket): \(daemon.logTail)")
        }
    }

    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(socket)"] }

    /// Starts the portal with colour scheme `scheme` (0 none, 1 dark, 2 light); `version` 1 has no
    /// ReadOne; `nonsense` answers a string for the number; `mute` never answers; `accent` is the
    /// accent colour (three numbers 0-1, "r,g,b"; none: the setting is unknown). With `switchTo`
    /// or `switchAccent`, the setting changes (and SettingChanged is sent) once `whenFile` exists.
    /// `extra`: more of the portal's arguments (its animation settings).
    func startPortal(scheme: Int, version: Int = 2, accent: String? = nil, switchTo: Int? = nil, switchAccent: String? = nil,
                     whenFile: String? = nil, nonsense: Bool = false, mute: Bool = false, extra: [String] = [],
                     directory: TestDirectory) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("test-portal.py").path
        var arguments = [script, String(scheme), "--version", String(version)]
        if let accent { arguments += ["--accent", accent] }
        if let switchTo { arguments += ["--switch-to", String(switchTo)] }
        if let switchAccent { arguments += ["--switch-accent", switchAccent] }
        if let whenFile { arguments += ["--when-file", whenFile] }
        if nonsense { arguments.append("--nonsense") }
        if mute { arguments.append("--mute") }
        arguments += extra
        let portal = try ChildProcess(name: "test-portal", executable: "/usr/bin/python3", arguments: arguments,
                                      environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 },
                                      directory: directory.path)
        self.portal = portal
        let deadline = Date().addingTimeInterval(15)
        while !portal.stdout.contains("ready") && portal.isRunning && Date() < deadline { usleep(20_000) }
        guard portal.stdout.contains("ready") else {
            throw HarnessError("the test portal did not start (needs python3-dbus and python3-gi): \(portal.logTail)")
        }
    }

    /// What the portal printed ("ready", then "switched" after a change).
    var portalOutput: String { portal?.stdout ?? "" }

    /// Kills both at once: they keep nothing, and dbus-daemon may outlast SIGTERM's grace period.
    func stop() {
        for process in [portal, daemon].compactMap({ $0 }) where process.isRunning {
            kill(process.pid, SIGKILL)
            _ = process.waitForExit(seconds: 3)
        }
    }
}
