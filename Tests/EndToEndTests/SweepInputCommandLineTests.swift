import Foundation
import Testing

/// sweep-input's refusals: each a clear message and its documented status, before anything is sent.
@Suite struct SweepInputCommandLineTests {
    private func runInput(_ script: String, environment: [String: String], label: String) throws -> (status: Int32?, stderr: String) {
        let directory = try TestDirectory("input-\(label)")
        defer { directory.remove() }
        let path = "\(directory.path)/script.jsonl"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let process = try ChildProcess(name: "sweep-input", executable: try builtProduct("sweep-input"), arguments: ["--script", path],
                                       environment: environment, directory: directory.path)
        let status = process.waitForExit(seconds: 20)
        return (status, process.stderr)
    }

    @Test func aStepThatIsNotInputIsRefusedWithItsLine() throws {
        let run = try runInput("{\"op\":\"wait\",\"ms\":1}\n{\"op\":\"screenshot\",\"file\":\"x.png\"}\n", environment: [:], label: "not-input")
        #expect(run.status == 65 && run.stderr.contains("script line 2"), "\(run)")
    }

    @Test func aMalformedScriptIsRefused() throws {
        let run = try runInput("{\"op\":\"pointer.move\",\"x\":\"left\"}\n", environment: [:], label: "malformed")
        #expect(run.status == 65 && run.stderr.contains("line 1"), "\(run)")
    }

    @Test func noCompositorIsStatus69() throws {
        let directory = try TestDirectory("input-nothing")
        defer { directory.remove() }
        let run = try runInput("{\"op\":\"pointer.move\",\"x\":1,\"y\":1}\n",
                               environment: ["XDG_RUNTIME_DIR": directory.path, "WAYLAND_DISPLAY": "wayland-none"], label: "none")
        #expect(run.status == 69 && run.stderr.contains("cannot connect"), "\(run)")
    }

    /// The project's own compositor offers no fake input: refused, named.
    @Test func aCompositorWithoutFakeInputIsStatus69() throws {
        let directory = try TestDirectory("input-no-fake")
        defer { directory.remove() }
        let script = "\(directory.path)/compositor.jsonl", input = "\(directory.path)/input.jsonl"
        try "{\"op\":\"waitExit\",\"ms\":10000}\n".write(toFile: script, atomically: true, encoding: .utf8)
        try "{\"op\":\"pointer.move\",\"x\":1,\"y\":1}\n".write(toFile: input, atomically: true, encoding: .utf8)
        let process = try ChildProcess(name: "scripted-compositor", executable: try builtProduct("scripted-compositor"),
                                       arguments: ["--script", script, "--", try builtProduct("sweep-input"), "--script", input],
                                       environment: ["PATH": "/usr/bin:/bin"], directory: directory.path)
        #expect(process.waitForExit(seconds: 20) == 69, "\(process.logTail)")
        #expect(process.stderr.contains("does not offer org_kde_kwin_fake_input"), "\(process.logTail)")
    }

    /// Nor a virtual keyboard manager (wlroots'): refused, named.
    @Test func aCompositorWithoutVirtualKeyboardsIsStatus69() throws {
        let directory = try TestDirectory("input-no-virtual-keyboard")
        defer { directory.remove() }
        let script = "\(directory.path)/compositor.jsonl"
        try "{\"op\":\"waitExit\",\"ms\":10000}\n".write(toFile: script, atomically: true, encoding: .utf8)
        let process = try ChildProcess(name: "scripted-compositor", executable: try builtProduct("scripted-compositor"),
                                       arguments: ["--script", script, "--", try builtProduct("sweep-input"), "--via", "virtual-keyboard",
                                                   "--script", "-"],
                                       environment: ["PATH": "/usr/bin:/bin"], directory: directory.path)
        #expect(process.waitForExit(seconds: 20) == 69, "\(process.logTail)")
        #expect(process.stderr.contains("does not offer zwp_virtual_keyboard_manager_v1"), "\(process.logTail)")
    }

    /// Standard input is played line by line, each line answered once sway has handled it; a bad
    /// line ends it with 65, naming the line.
    @Test func standardInputIsPlayedLineByLineUntilABadLine() throws {
        let sway = try HeadlessSway(label: "input-stream")
        defer { sway.stop() }
        let input = Pipe()
        signal(SIGPIPE, SIG_IGN)
        let process = try ChildProcess(name: "sweep-input", executable: try builtProduct("sweep-input"),
                                       arguments: ["--via", "virtual-keyboard", "--script", "-"],
                                       environment: sway.clientEnvironment, directory: sway.directory.path, inputPipe: input)
        defer { process.stop() }
        let send = { (line: String) in try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8)) }
        try send("# a comment is a line too")
        #expect(waitUntil(seconds: 10) { process.stdout == "played 1\n" }, "\(process.logTail)")
        try send("{\"op\":\"key.tap\",\"key\":\"a\"}")
        #expect(waitUntil(seconds: 10) { process.stdout == "played 1\nplayed 2\n" }, "\(process.logTail)")
        try send("{\"op\":\"pointer.move\",\"x\":1,\"y\":1}")
        #expect(process.waitForExit(seconds: 10) == 65, "\(process.logTail)")
        #expect(process.stderr.contains("script line 3") && process.stderr.contains("only key steps"), "\(process.logTail)")
        #expect(process.stdout == "played 1\nplayed 2\n", "\(process.logTail)")
    }
}
