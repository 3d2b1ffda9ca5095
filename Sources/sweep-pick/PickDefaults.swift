import Foundation
import PickCore

/// Default options, put before the command line's (which wins, coming last):
/// the lines of `$XDG_CONFIG_HOME/sweep-pick/config` (else
/// `~/.config/sweep-pick/config`), one or more options a line in the command
/// line's syntax, `#` starting a comment line; then the words of
/// `SWEEP_PICK_DEFAULT_OPTS`.
enum PickDefaults {
    /// A file or variable that cannot be read as options: where, and why.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func arguments(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [String] {
        var arguments: [String] = []
        if let path = configPath(environment), FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Problem(description: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            guard data.count <= 1 << 20 else { throw Problem(description: "\(path) is over 1 MiB: not a configuration") }
            guard let text = String(data: data, encoding: .utf8) else { throw Problem(description: "\(path) is not UTF-8 text") }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
                do { arguments += try ShellWords.split(String(trimmed)) } catch {
                    throw Problem(description: "\(path), line \(index + 1): \(error)")
                }
            }
        }
        if let words = environment["SWEEP_PICK_DEFAULT_OPTS"] {
            do { arguments += try ShellWords.split(words) } catch { throw Problem(description: "SWEEP_PICK_DEFAULT_OPTS: \(error)") }
        }
        return arguments
    }

    /// Where the configuration file is (it need not exist); nil without XDG_CONFIG_HOME or HOME.
    static func configPath(_ environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/sweep-pick/config" }
        return environment["HOME"].map { $0 + "/.config/sweep-pick/config" }
    }
}
