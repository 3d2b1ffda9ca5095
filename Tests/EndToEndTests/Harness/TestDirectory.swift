import Foundation

/// A private folder for one test's sockets, runtime files and logs. Kept when
/// SWEEP_KEEP_LOGS is set, removed otherwise.
final class TestDirectory {
    let path: String

    init(_ label: String) throws {
        var template = Array("/tmp/sweep-e2e-\(label)-XXXXXX".utf8CString)
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

    func remove() {
        if ProcessInfo.processInfo.environment["SWEEP_KEEP_LOGS"] == nil {
            try? FileManager.default.removeItem(atPath: path)
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
