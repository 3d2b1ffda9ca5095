import Foundation

/// A private folder for one test's sockets, runtime files and logs, under
/// one folder for the whole run: /tmp/sweep-e2e-logs/run-PID (or
/// $SWEEP_E2E_LOGS). The compositors' and clients' logs stay after the run,
/// so a failed test can be read afterwards; screenshots are removed when the
/// test is done unless SWEEP_KEEP_LOGS is set. Only the last few runs are kept.
final class TestDirectory {
    let path: String

    /// The folder of this test run, made once; older runs beyond the last 4 are removed.
    private static let runRoot: String = {
        let base = ProcessInfo.processInfo.environment["SWEEP_E2E_LOGS"] ?? "/tmp/sweep-e2e-logs"
        let files = FileManager.default
        try? files.createDirectory(atPath: base, withIntermediateDirectories: true)
        chmod(base, 0o755)
        let runs = ((try? files.contentsOfDirectory(atPath: base)) ?? []).filter { $0.hasPrefix("run-") }
            .map { "\(base)/\($0)" }
            .sorted { (modified($0) ?? .distantPast) < (modified($1) ?? .distantPast) }
        for old in runs.dropLast(3) { try? files.removeItem(atPath: old) }
        let root = "\(base)/run-\(getpid())"
        try? files.createDirectory(atPath: root, withIntermediateDirectories: true)
        chmod(root, 0o755)
        return root
    }()

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    init(_ label: String) throws {
        var template = Array("\(TestDirectory.runRoot)/\(label)-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw HarnessError("mkdtemp failed: \(String(cString: strerror(errno)))") }
        path = String(cString: created)
        chmod(path, 0o755)
    }

    /// A subfolder with the given mode, owned by `owner` when set (root handing it to nobody).
    func subdirectory(_ name: String, mode: mode_t, owner: uid_t? = nil) throws -> String {
        let sub = "\(path)/\(name)"
        guard mkdir(sub, mode) == 0 || errno == EEXIST else { throw HarnessError("mkdir \(sub): \(String(cString: strerror(errno)))") }
        chmod(sub, mode)
        if let owner { chown(sub, owner, gid_t(owner)) }
        return sub
    }

    /// Ends the test: screenshots go (they are large), logs stay.
    func remove() {
        guard ProcessInfo.processInfo.environment["SWEEP_KEEP_LOGS"] == nil else { return }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return }
        for case let file as String in walker where file.hasSuffix(".png") {
            try? FileManager.default.removeItem(atPath: "\(path)/\(file)")
        }
    }
}

/// Where the built products are: SWEEP_BIN_DIR (set by `make test`), else next to the test bundle.
func builtProduct(_ name: String) throws -> String {
    var candidates: [String] = []
    if let directory = ProcessInfo.processInfo.environment["SWEEP_BIN_DIR"] { candidates.append("\(directory)/\(name)") }
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    candidates.append("\(bundle)/\(name)")
    for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    throw HarnessError("cannot find the built \(name) (looked in \(candidates)); build it with `swift build` first")
}

/// Polls `condition` every 100 ms until it holds or `seconds` pass.
func waitUntil(seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    repeat {
        if try condition() { return true }
        usleep(100_000)
    } while Date() < deadline
    return try condition()
}
