import Foundation
import Testing

/// sweep-pick's command line and defaults as fzf users write them, run without a window
/// (--select-1 prints the one match for --query and exits).
@Suite struct PickCommandLineRunTests {
    private struct Result {
        let status: Int32?
        let stdout: String
        let stderr: String
    }

    private func run(_ arguments: [String], input: String = "a\n-> b\n-x y\nz\n", environment: [String: String] = [:],
                     configuration: [UInt8]? = nil, in directory: TestDirectory) throws -> Result {
        let inputPath = "\(directory.path)/input"
        try input.write(toFile: inputPath, atomically: true, encoding: .utf8)
        var environment = ["PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": "\(directory.path)/config", "XDG_CACHE_HOME": "\(directory.path)/cache"]
            .merging(environment) { $1 }
        if let configuration {
            let folder = "\(directory.path)/config/sweep-pick"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(configuration).write(to: URL(fileURLWithPath: "\(folder)/config"))
        } else {
            environment["XDG_CONFIG_HOME"] = "\(directory.path)/no-config"
        }
        let process = try ChildProcess(name: "sweep-pick-command-line", executable: try builtProduct("sweep-pick"), arguments: arguments,
                                       environment: environment, directory: directory.path, standardInput: inputPath)
        let status = process.waitForExit(seconds: 60)
        return Result(status: status, stdout: process.stdout, stderr: process.stderr)
    }

    /// fzf takes an option's value whatever it starts with: `--prompt '-> '`, `--nth -1` (the help's
    /// own example), `-q -x`, `--header '--- x ---'`.
    @Test func valuesMayStartWithADash() throws {
        let directory = try TestDirectory("pick-dash-values")
        defer { directory.remove() }
        let prompt = try run(["--select-1", "--prompt", "-> ", "--query", "'-> "], in: directory)
        #expect(prompt.status == 0 && prompt.stdout == "-> b\n", "\(prompt)")
        let short = try run(["--select-1", "-q", "-x", "--header", "--- x ---"], in: directory)
        #expect(short.status == 0 && short.stdout == "-x y\n", "\(short)")
        let nth = try run(["--select-1", "--nth", "-1", "-q", "y"], in: directory)
        #expect(nth.status == 0 && nth.stdout == "-x y\n", "\(nth)")
        let missing = try run(["--select-1", "--prompt"], in: directory)
        #expect(missing.status == 2 && missing.stderr.contains("Missing value for '--prompt"), "\(missing)")
    }

    /// A bare --history (last, or before another option) is the cache's history file.
    @Test func aBareHistoryIsTheCachesFile() throws {
        let directory = try TestDirectory("pick-bare-history")
        defer { directory.remove() }
        for arguments in [["--select-1", "-q", "z", "--history"], ["--select-1", "--history", "-q", "z"]] {
            let result = try run(arguments, in: directory)
            #expect(result.status == 0 && result.stdout == "z\n", "\(arguments): \(result)")
        }
        let saved = (try? String(contentsOfFile: "\(directory.path)/cache/sweep-pick/history", encoding: .utf8)) ?? ""
        #expect(saved.hasPrefix("# sweep-pick history 1\n2\t") && saved.hasSuffix("\tz\n"), "\(saved)")
    }

    /// A configuration saved with CRLF line ends reads as its lines, a leading comment included.
    @Test func aConfigurationWithCRLFLineEnds() throws {
        let directory = try TestDirectory("pick-crlf-config")
        defer { directory.remove() }
        let result = try run(["--select-1"], configuration: Array("# defaults\r\n--query z\r\n--prompt 'x '\r\n".utf8), in: directory)
        #expect(result.status == 0 && result.stdout == "z\n", "\(result)")
        let broken = try run(["--select-1"], configuration: Array("--exact\r\n\r\n--prompt 'oops\r\n".utf8), in: directory)
        #expect(broken.status == 2 && broken.stderr.contains("sweep-pick/config, line 3: a ' quote is not closed"), "\(broken)")
    }

    /// Defaults are options: a `--` or a file name in them is refused, never turning the command
    /// line's options into file names.
    @Test func defaultsHoldOnlyOptions() throws {
        let directory = try TestDirectory("pick-defaults-options-only")
        defer { directory.remove() }
        let dashes = try run(["--select-1", "-q", "z"], environment: ["SWEEP_PICK_DEFAULT_OPTS": "--"], in: directory)
        #expect(dashes.status == 2 && dashes.stderr.contains("SWEEP_PICK_DEFAULT_OPTS: -- is not an option"), "\(dashes)")
        let file = try run(["--select-1", "-q", "z"], configuration: Array("--exact notes.txt\n".utf8), in: directory)
        #expect(file.status == 2 && file.stderr.contains("\"notes.txt\" is not an option"), "\(file)")
        let lacking = try run(["--select-1", "-q", "z"], environment: ["SWEEP_PICK_DEFAULT_OPTS": "--prompt"], in: directory)
        #expect(lacking.status == 2 && lacking.stderr.contains("SWEEP_PICK_DEFAULT_OPTS: --prompt is missing its value"), "\(lacking)")
        let dashValue = try run(["--select-1", "-q", "z"], environment: ["SWEEP_PICK_DEFAULT_OPTS": "--prompt --"], in: directory)
        #expect(dashValue.status == 0 && dashValue.stdout == "z\n", "a -- that is a value is not an end of options: \(dashValue)")
        // The command line's options win over the defaults' (the last of an option wins).
        let override = try run(["--select-1", "-q", "z"], environment: ["SWEEP_PICK_DEFAULT_OPTS": "--query a"], in: directory)
        #expect(override.status == 0 && override.stdout == "z\n", "\(override)")
    }

    /// A configuration of 16,000 words (8,000 repeated options) and 4,000 named files are read well
    /// within the run's minute: the parser never sees a repeat (16,000 words took 105 s, 4,000 files 4 s).
    @Test func manyOptionsAndFilesParseInLinearTime() throws {
        let directory = try TestDirectory("pick-many-options")
        defer { directory.remove() }
        let configuration = (0..<8000).map { "--prompt 'p\($0)'\n" }.joined()
        let options = try run(["--select-1", "-q", "z"], configuration: Array(configuration.utf8), in: directory)
        #expect(options.status == 0 && options.stdout == "z\n", "\(options)")
        let files = try (0..<4000).map { index in
            let path = "\(directory.path)/f\(index)"
            try "x\(index)\n".write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }
        let named = try run(["--select-1", "-q", "'x3999"] + files, in: directory)
        #expect(named.status == 0 && named.stdout == "x3999\n", "\(named.stderr)")
    }
}
