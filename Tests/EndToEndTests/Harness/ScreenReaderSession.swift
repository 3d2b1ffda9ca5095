import Foundation

/// at-spi-bus-launcher on `bus`, until `org.a11y.Bus` is owned; the processes it and its
/// accessibility bus start are found by the session bus they were given and killed at the end.
final class AccessibilityBus: @unchecked Sendable {
    let launcher: ChildProcess
    let environment: [String: String]
    private let marker: String

    init(bus: SessionBus, directory: TestDirectory) throws {
        let runtime = try directory.subdirectory("runtime", mode: 0o700)
        marker = bus.environment["DBUS_SESSION_BUS_ADDRESS"]!
        environment = bus.environment.merging(["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime, "HOME": directory.path,
                                               "GSETTINGS_BACKEND": "memory", "NO_AT_BRIDGE": "0"]) { $1 }
        let launcherPath = "/usr/libexec/at-spi-bus-launcher"
        guard FileManager.default.isExecutableFile(atPath: launcherPath) else {
            throw HarnessError("\(launcherPath) is missing (apt install at-spi2-core)")
        }
        launcher = try ChildProcess(name: "at-spi-bus-launcher", executable: launcherPath,
                                    arguments: ["--launch-immediately", "--a11y=1", "--screen-reader=1"],
                                    environment: environment, directory: directory.path)
        let check = try ChildProcess(name: "wait-a11y-bus", executable: "/usr/bin/python3", arguments: ["-c", """
        import dbus, time
        bus = dbus.SessionBus()
        for _ in range(200):
            if bus.name_has_owner('org.a11y.Bus'):
                print('up'); break
            time.sleep(0.05)
        """], environment: environment, directory: directory.path)
        _ = check.waitForExit(seconds: 15)
        guard check.stdout.contains("up") else {
            stop()
            throw HarnessError("the accessibility bus never came up: \(launcher.logTail)\n\(check.logTail)")
        }
    }

    /// The processes started with this session bus, by pid, with their command names.
    private func processes() -> [(pid: Int32, name: String)] {
        let wanted = Array("DBUS_SESSION_BUS_ADDRESS=\(marker)".utf8)
        var found: [(Int32, String)] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), pid != getpid(),
                  let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                  [UInt8](environ).split(separator: 0).contains(where: { Array($0) == wanted }) else { continue }
            let name = (try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8)) ?? ""
            found.append((pid, name.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return found
    }

    /// Kills the accessibility bus's own dbus-daemon (the launcher's), as a crash would.
    func killAccessibilityBus() -> Bool {
        let daemons = processes().filter { $0.name == "dbus-daemon" }
        for daemon in daemons { kill(daemon.pid, SIGKILL) }
        return !daemons.isEmpty
    }

    /// Kills the registry (as a crash would); true when there was one.
    func killRegistry() -> Bool {
        let registries = processes().filter { $0.name.hasPrefix("at-spi2-registr") }
        for registry in registries { kill(registry.pid, SIGKILL) }
        return !registries.isEmpty
    }

    /// Kills the launcher and everything started with this session bus (the accessibility
    /// bus's dbus-daemon, at-spi2-registryd), which may outlive the launcher.
    func stop() {
        for process in processes() { kill(process.pid, SIGKILL) }
        launcher.stop()
    }
}

/// A test's private session bus with the accessibility bus on it, and the pyatspi probe
/// (`atspi-probe.py`) that reads the app as a screen reader would; `stop()` ends them all.
final class ScreenReaderSession: @unchecked Sendable {
    let directory: TestDirectory
    let bus: SessionBus
    let a11y: AccessibilityBus
    let output: String
    private var probes: [ChildProcess] = []
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("atspi-probe.py").path

    init(_ label: String) throws {
        directory = try TestDirectory(label)
        bus = try SessionBus(directory: directory)
        do { a11y = try AccessibilityBus(bus: bus, directory: directory) } catch { bus.stop(); throw error }
        output = "\(directory.path)/probe.json"
    }

    var environment: [String: String] { a11y.environment }

    /// Starts the probe on the app named `app` in `mode` (demo, picker, band, menu, or steps with
    /// `steps`, a JSON list of what to do: see atspi-probe.py's `run_steps`).
    @discardableResult
    func probe(_ app: String, mode: String = "demo", steps: String? = nil) throws -> ChildProcess {
        let arguments = [Self.script, app, output, mode] + (steps.map { [$0] } ?? [])
        let probe = try ChildProcess(name: "atspi-probe", executable: "/usr/bin/python3", arguments: arguments,
                                     environment: environment, directory: directory.path)
        probes.append(probe)
        return probe
    }

    /// What the probe wrote, once it ended (or `seconds` passed).
    func seen(_ probe: ChildProcess?, within seconds: Double = 10) throws -> [String: Any] {
        _ = probe?.waitForExit(seconds: seconds)
        return try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any] ?? [:]
    }

    func stop() {
        for probe in probes { probe.stop() }
        a11y.stop()
        bus.stop()
        directory.remove()
    }
}

/// A value shared with a background queue.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
