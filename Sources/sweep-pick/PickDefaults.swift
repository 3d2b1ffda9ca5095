import Foundation
import PickCore
import SweepUI

/// Default options, put before the command line's (which wins, coming last):
/// the words of `$XDG_CONFIG_HOME/sweep-pick/config` (else
/// `~/.config/sweep-pick/config`, an `OptionsFile`), then those of
/// `SWEEP_PICK_DEFAULT_OPTS`. Defaults are options only: a file name or a
/// `--` there would turn the command line's options into file names.
enum PickDefaults {
    /// A file or variable that cannot be read as options: where, and why.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The default options, sorted by `syntax` (each once, the last one kept).
    static func options(syntax: CommandLineSyntax,
                        environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [String] {
        var words: [String] = []
        if let path = configPath(environment), FileManager.default.fileExists(atPath: path) {
            let file = try configWords(path)
            try requireOptionsOnly(syntax.sort(file), source: path)
            words += file
        }
        if let variable = environment["SWEEP_PICK_DEFAULT_OPTS"] {
            let variableWords: [String]
            do { variableWords = try ShellWords.split(variable) } catch {
                throw Problem(description: "SWEEP_PICK_DEFAULT_OPTS: \(error)")
            }
            try requireOptionsOnly(syntax.sort(variableWords), source: "SWEEP_PICK_DEFAULT_OPTS")
            words += variableWords
        }
        return syntax.sort(words).options
    }

    /// The configuration file's words; it is read only when it is a regular file of at most 1 MiB.
    private static func configWords(_ path: String) throws -> [String] {
        let bytes: [UInt8]?
        do { bytes = try OutputFile(path).read(limit: OptionsFile.maximumBytes) } catch {
            throw Problem(description: "\(error)")
        }
        do { return try OptionsFile.words(in: bytes ?? []) } catch {
            if case .line = error { throw Problem(description: "\(path), \(error)") }
            throw Problem(description: "\(path): \(error)")
        }
    }

    private static func requireOptionsOnly(_ sorted: SortedCommandLine, source: String) throws {
        if sorted.endsOptions {
            throw Problem(description: "\(source): -- is not an option (it would make the command line's options file names)")
        }
        if let option = sorted.lacksValue {
            throw Problem(description: "\(source): \(option) is missing its value")
        }
        if let operand = sorted.operands.first {
            throw Problem(description: "\(source): \"\(operand)\" is not an option (files are named on the command line)")
        }
    }

    /// Where the configuration file is (it need not exist); nil without XDG_CONFIG_HOME or HOME.
    static func configPath(_ environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/sweep-pick/config" }
        return environment["HOME"].map { $0 + "/.config/sweep-pick/config" }
    }
}
