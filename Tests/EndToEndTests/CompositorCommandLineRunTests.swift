import Foundation
import Testing

/// scripted-compositor with the scripts and command lines people get wrong:
/// each is one clear line and the right status, never a hang blamed on the client.
@Suite(.serialized) struct CompositorCommandLineRunTests {
    private func compositor(_ arguments: [String], script: String?, label: String) throws -> (status: Int32?, stderr: String, directory: TestDirectory) {
        let directory = try TestDirectory("compositor-\(label)")
        var all = arguments
        if let script {
            try script.write(toFile: "\(directory.path)/script.jsonl", atomically: true, encoding: .utf8)
            all = ["--script", "\(directory.path)/script.jsonl"] + arguments
        }
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"), arguments: all,
                                       environment: ["PATH": "/usr/bin:/bin", "XDG_STATE_HOME": "\(directory.path)/state"],
                                       directory: directory.path)
        let status = process.waitForExit(seconds: 60)
        if status == nil { process.stop() }
        return (status, process.stderr, directory)
    }

    @Test func aMissingScriptIsOneLineWithItsPath() throws {
        let run = try compositor(["--script", "/nonexistent/s.jsonl", "--", try builtProduct("sweep-demo")], script: nil, label: "missing")
        defer { run.directory.remove() }
        #expect(run.status == 65 && run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("/nonexistent/s.jsonl"),
                "\(run.stderr)")
    }

    @Test func anUnknownGlobalToLeaveOutIsAnError() throws {
        let run = try compositor(["--without", "wl_nothing", "--", try builtProduct("sweep-demo")], script: "{\"op\":\"waitReady\"}", label: "without")
        defer { run.directory.remove() }
        #expect(run.status == 64 && run.stderr.contains("wl_nothing") && run.stderr.contains("wl_subcompositor"), "\(run.stderr)")
    }

    /// Reporting keys as GNOME Shell does needs the session's accessibility bus: without one it is
    /// one line and status 64, before any client runs.
    @Test func reportingKeysWithoutAnAccessibilityBusIsAnError() throws {
        let run = try compositor(["--report-keys", "--", try builtProduct("sweep-demo")], script: "{\"op\":\"waitReady\"}", label: "report-keys")
        defer { run.directory.remove() }
        #expect(run.status == 64 && run.stderr.contains("--report-keys: no accessibility bus"), "\(run.stderr)")
    }

    @Test func aKeyTheKeymapLacksIsABadScript() throws {
        let run = try compositor(["--", try builtProduct("sweep-demo")], script: "{\"op\":\"waitReady\"}\n{\"op\":\"key.tap\",\"key\":\"NoSuchKey\"}",
                                 label: "key")
        defer { run.directory.remove() }
        #expect(run.status == 65 && run.stderr.contains("NoSuchKey"), "\(run.stderr)")
    }

    @Test func theShotsFolderIsMade() throws {
        let directory = try TestDirectory("compositor-shots")
        defer { directory.remove() }
        let shots = "\(directory.path)/new/deeper"
        let run = try compositor(["--shots", shots, "--", try builtProduct("sweep-demo")],
                                 script: "{\"op\":\"output\",\"width\":400,\"height\":300,\"scale\":1}\n{\"op\":\"waitReady\"}\n{\"op\":\"screenshot\",\"file\":\"a.png\"}",
                                 label: "shots")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(shots)/a.png"))
    }

    @Test func aScriptThatEndsAtOnceStillClosesTheWindowOnceItExists() throws {
        // No waitReady: the close waits for the window instead of going unheard.
        let run = try compositor(["--", try builtProduct("sweep-demo")], script: "{\"op\":\"output\",\"width\":400,\"height\":300,\"scale\":1}",
                                 label: "at-once")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// Found by hostile input: a client that quit before mapping anything,
    /// with no waitReady, ended the run with status 0.
    @Test func aClientThatQuitsWithoutAWindowFailsTheRun() throws {
        let run = try compositor(["--", "/bin/true"], script: "{\"op\":\"output\",\"width\":400,\"height\":300,\"scale\":1}",
                                 label: "quits")
        defer { run.directory.remove() }
        #expect(run.status == 70 && run.stderr.contains("without mapping a window"), "\(run.stderr)")
        // Quitting while a step plays was caught already.
        let during = try compositor(["--", "/bin/true"], script: "{\"op\":\"wait\",\"ms\":300}", label: "quits-during")
        defer { during.directory.remove() }
        #expect(during.status == 70 && during.stderr.contains("exited"), "\(during.stderr)")
    }

    /// Found by hostile input: a step's file that was a FIFO blocked the
    /// compositor for ever; steps read and write regular files only.
    @Test func aStepFileThatIsAFIFOIsAnErrorNotAHang() throws {
        let directory = try TestDirectory("compositor-fifo-dir")
        defer { directory.remove() }
        let fifo = "\(directory.path)/paste.fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        for step in [#"{"op":"clipboard.set","file":"FIFO"}"#, #"{"op":"screenshot","file":"FIFO"}"#,
                     #"{"op":"status","file":"FIFO"}"#, #"{"op":"file.wait","file":"FIFO","contains":"x","ms":300}"#] {
            let script = """
            {"op":"output","width":400,"height":300,"scale":1}
            {"op":"waitReady"}
            \(step.replacingOccurrences(of: "FIFO", with: fifo))
            """
            let started = Date()
            let run = try compositor(["--", try builtProduct("sweep-demo")], script: script, label: "fifo")
            run.directory.remove()
            #expect(run.status != 0 && run.status != nil, "\(step): \(run.stderr)")
            #expect(Date().timeIntervalSince(started) < 20, "\(step) did not block")
            // Read: not a regular file; written: nobody reads it (ENXIO) or not a regular file.
            #expect(step.contains("file.wait") || run.stderr.contains("paste.fifo"), "\(step): \(run.stderr)")
        }
    }

    @Test func aClientThatNeverMapsIsBlamedOnTheMissingWaitNotAsAHang() throws {
        let run = try compositor(["--ready-timeout", "500", "--", "/bin/sleep", "30"], script: "{\"op\":\"wait\",\"ms\":10}", label: "never")
        defer { run.directory.remove() }
        #expect(run.status == 70 && run.stderr.contains("waitReady") && !run.stderr.contains("hung"), "\(run.stderr)")
    }
}
