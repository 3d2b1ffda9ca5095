import Foundation
import Testing

/// The command lines through swift-argument-parser: `--opt=value`, one-line
/// errors with a hint and status 64 (sweep-demo) or 2 (sweep-pick, as fzf),
/// `--version`.
@Suite struct CommandLineRunTests {
    private func run(_ product: String, _ arguments: [String]) throws -> (status: Int32?, stdout: String, stderr: String) {
        let directory = try TestDirectory("cli-\(product)")
        defer { directory.remove() }
        // No compositor: a command line that parses ends with status 2 and the display's name.
        let process = try ChildProcess(name: product, executable: builtProduct(product), arguments: arguments,
                                       environment: ["PATH": "/usr/bin:/bin"], directory: directory.path)
        let status = process.waitForExit(seconds: 20)
        if status == nil { process.stop() }
        return (status, process.stdout, process.stderr)
    }

    @Test func optionsTakeTheirValueAfterAnEqualsSign() throws {
        let parsed = try run("sweep-demo", ["--rows=5", "--theme=dark", "--size=640x480"])
        #expect(parsed.status == 2 && parsed.stderr.contains("WAYLAND_DISPLAY"), "\(parsed.stderr)")
    }

    @Test func aBadCommandLineIsOneLineWithAHintAndStatus64() throws {
        for arguments in [["--bogus"], ["--rows", "many"], ["--theme", "pink"], ["--size", "10x10"]] {
            let bad = try run("sweep-demo", arguments)
            #expect(bad.status == 64, "\(arguments): \(bad.stderr)")
            #expect(bad.stderr.split(separator: "\n").count == 1 && bad.stderr.contains("sweep-demo --help"), "\(bad.stderr)")
        }
    }

    @Test func versionAndHelp() throws {
        let version = try run("sweep-demo", ["--version"])
        #expect(version.status == 0 && version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
        let help = try run("sweep-pick", ["--help"])
        #expect(help.status == 0 && help.stdout.contains("--read0") && help.stdout.contains("Exit status"))
    }

    @Test func sweepCopyRefusesUnknownOptionsInsteadOfCopyingThem() throws {
        for arguments in [["--bogus"], ["--paste", "text"]] {
            let bad = try run("sweep-copy", arguments)
            #expect(bad.status == 64 && bad.stderr.split(separator: "\n").count == 1, "\(arguments): \(bad.stderr)")
        }
        // After --, text that starts with a dash is text: the command line parses (and then needs a display).
        let dashed = try run("sweep-copy", ["--", "--bogus"])
        #expect(dashed.status == 2, "\(dashed.stderr)")
    }
}
