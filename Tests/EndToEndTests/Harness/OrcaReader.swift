import Foundation

/// Orca 43, the GNOME screen reader, reading the apps of a screen-reader
/// session: on its own Xvfb display (Orca needs X for itself, not for the
/// apps), with settings that send speech to a transcript file
/// (`orca/nullspeechfactory.py`) instead of a synthesizer. Started through
/// `orca/orca-headless.py`; ready once its debug log says it started the registry.
final class OrcaReader: @unchecked Sendable {
    private let xvfb: ChildProcess
    private let orca: ChildProcess
    let transcriptPath: String
    /// Orca's debug log file (a script can `file.wait` on what Orca received).
    let debugLog: String
    private static let files = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("orca").path

    init(session: ScreenReaderSession) throws {
        let directory = session.directory.path
        let xvfbPath = try which("Xvfb", package: "xvfb")
        guard FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/orca/orca.py") else {
            throw HarnessError("Orca is not installed (Debian package orca); run `make test`, which installs it")
        }
        // -displayfd 1: Xvfb picks a free display and writes its number to its standard output.
        let server = try ChildProcess(name: "xvfb", executable: xvfbPath, arguments: ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "640x480x24"],
                                      environment: ["PATH": "/usr/bin:/bin"], directory: directory)
        guard waitUntil(seconds: 10, { !server.stdout.isEmpty }),
              let display = server.stdout.split(separator: "\n").first.map(String.init) else {
            server.stop()
            throw HarnessError("Xvfb gave no display\n\(server.logTail)")
        }
        xvfb = server
        let prefs = try session.directory.subdirectory("orca-prefs", mode: 0o755)
        for file in ["user-settings.conf", "nullspeechfactory.py"] {
            try FileManager.default.copyItem(atPath: "\(Self.files)/\(file)", toPath: "\(prefs)/\(file)")
        }
        transcriptPath = "\(directory)/transcript.txt"
        debugLog = "\(directory)/orca-debug.log"
        let reader = try ChildProcess(name: "orca", executable: "/usr/bin/python3", arguments: ["\(Self.files)/orca-headless.py", prefs, debugLog],
                                environment: session.environment.merging(["DISPLAY": ":\(display)", "ORCA_TRANSCRIPT": transcriptPath,
                                                                          "LANG": "C.UTF-8"]) { $1 },
                                directory: directory)
        orca = reader
        let log = debugLog
        let ready = waitUntil(seconds: 20) {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("ORCA: Starting registry") || !reader.isRunning
        }
        guard ready, reader.isRunning else {
            stop()
            throw HarnessError("Orca did not start\n\(reader.logTail)")
        }
    }

    /// What Orca said so far, one utterance a line.
    var transcript: [String] {
        ((try? String(contentsOfFile: transcriptPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    var logTail: String { orca.logTail }

    /// Orca's debug log: every event it received, spoken or not (a deluge it drops is still listed).
    var debugLogText: String { (try? String(contentsOfFile: debugLog, encoding: .utf8)) ?? "" }

    /// Kills Orca at once, as a crash would: its bus connection drops mid-whatever.
    func crash() {
        kill(orca.pid, SIGKILL)
        _ = orca.waitForExit(seconds: 5)
    }

    func stop() {
        orca.stop()
        xvfb.stop()
    }
}
