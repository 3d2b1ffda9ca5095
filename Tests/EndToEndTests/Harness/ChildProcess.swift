import Foundation

/// The sanitizers' settings of `make test-asan` / `test-tsan` (suppressions, the status a finding
/// ends a process with), passed on to every process a test starts: tests give their children a
/// minimal environment of their own, which would drop them.
let sanitizerEnvironment: [String: String] = ProcessInfo.processInfo.environment.filter {
    ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"].contains($0.key)
}

/// A child process with its output in files, stopped by its own process id.
final class ChildProcess {
    let name: String
    let process = Process()
    let stdoutPath: String
    let stderrPath: String

    init(name: String, executable: String, arguments: [String], environment: [String: String],
         directory: String, currentDirectory: String? = nil, standardInput: String? = nil, inputPipe: Pipe? = nil) throws {
        self.name = name
        stdoutPath = "\(directory)/\(name).out"
        stderrPath = "\(directory)/\(name).err"
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment.merging(sanitizerEnvironment) { mine, _ in mine }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        process.standardOutput = output
        process.standardError = errors
        var input: FileHandle?
        if let inputPipe {
            process.standardInput = inputPipe
        } else {
            input = try standardInput.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) }
            process.standardInput = input ?? FileHandle.nullDevice
        }
        // The child has its own copies of these files. The test's would stay open as long as
        // Foundation keeps the Process, which is the whole run: a run of the suite reached fd 1,024,
        // past which Foundation's Process.run overflows an fd_set and crashes in a memcpy.
        defer {
            try? output.close()
            try? errors.close()
            try? input?.close()
        }
        do {
            // One launch at a time, as Foundation's Process.run is no place for races.
            try Self.launching.withLock { try process.run() }
        } catch {
            throw HarnessError("cannot start \(executable): \(error)")
        }
    }

    private static let launching = NSLock()

    var isRunning: Bool { process.isRunning }
    var pid: Int32 { process.processIdentifier }

    /// Waits up to `seconds` for the process to exit; its status, or nil if still running.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// SIGTERM, then SIGKILL after a grace period.
    func stop() {
        guard process.isRunning else { return }
        kill(pid, SIGTERM)
        if waitForExit(seconds: 3) == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(seconds: 3)
        }
    }

    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    /// Standard output as written (`stdout` is empty when it is not UTF-8).
    var stdoutBytes: [UInt8] { [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: stdoutPath))) ?? Data()) }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// The end of both outputs, for failure messages.
    var logTail: String {
        let tail = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).suffix(25).joined(separator: "\n") }
        return "--- \(name) stdout (\(stdoutPath)) ---\n\(tail(stdout))\n--- \(name) stderr (\(stderrPath)) ---\n\(tail(stderr))"
    }
}

/// Runs a command to completion; throws with its output when it fails.
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
         currentDirectory: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment.merging(sanitizerEnvironment) { mine, _ in mine } }
    if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
        throw HarnessError("\(executable) \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus): \(text)")
    }
    return text
}

/// The full path of a command on PATH, or a clear error naming the package that provides it.
func which(_ command: String, package: String) throws -> String {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(directory)/\(command)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    throw HarnessError("\(command) is not installed (Debian package \(package)); run `make test`, which installs it")
}

/// Ends every process (but this one) whose environment holds `entry` ("XDG_RUNTIME_DIR=…": a
/// compositor's session and what it started, which a process-group kill would miss when a
/// launcher such as dbus-run-session does not pass its signal on): SIGTERM, up to 3 s, then SIGKILL.
func stopProcesses(withEnvironment entry: String) {
    let marker = Array(entry.utf8)
    func members() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
            guard let pid = Int32(name), pid != getpid(), let environ = FileManager.default.contents(atPath: "/proc/\(name)/environ"),
                  [UInt8](environ).split(separator: 0).contains(where: { Array($0) == marker }) else { return nil }
            return pid
        }
    }
    for pid in members() { kill(pid, SIGTERM) }
    _ = waitUntil(seconds: 3) { members().isEmpty }
    for pid in members() { kill(pid, SIGKILL) }
}
