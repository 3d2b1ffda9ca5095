import Foundation

/// A `sweep-input --script -` that lives as long as a test's compositor: its
/// input devices are made once, and each `play` sends script lines through
/// them and returns when the compositor has handled them.
final class StreamedInput {
    private let process: ChildProcess
    private let pipe = Pipe()
    /// Lines written so far; sweep-input answers "played N" after line N.
    private var lines = 0

    /// Starts sweep-input `via` a compositor's input API and waits until its devices exist.
    init(via: String, environment: [String: String], directory: String) throws {
        // A sweep-input that died must fail the test through its status, not kill the runner.
        signal(SIGPIPE, SIG_IGN)
        process = try ChildProcess(name: "sweep-input-\(via)", executable: try builtProduct("sweep-input"),
                                   arguments: ["--via", via, "--script", "-"],
                                   environment: environment, directory: directory, inputPipe: pipe)
        do {
            try play(["# the devices exist once this line is played"])
        } catch {
            stop()
            throw error
        }
    }

    /// Sends `steps` (script lines) and waits up to 30 s until every one was played.
    func play(_ steps: [String]) throws {
        guard !steps.isEmpty else { return }
        do {
            try pipe.fileHandleForWriting.write(contentsOf: Data((steps.joined(separator: "\n") + "\n").utf8))
        } catch {
            throw HarnessError("sweep-input took no more input (\(error))\n\(process.logTail)")
        }
        lines += steps.count
        let answer = "played \(lines)\n"
        guard waitUntil(seconds: 30, { self.process.stdout.hasSuffix(answer) || !self.process.isRunning }),
              process.stdout.hasSuffix(answer) else {
            throw HarnessError("sweep-input did not play its input (status \(process.isRunning ? "running" : "\(process.process.terminationStatus)"))\n\(process.logTail)")
        }
    }

    /// Ends the input: sweep-input reads the end of its input and exits, taking its devices away.
    func stop() {
        try? pipe.fileHandleForWriting.close()
        if process.waitForExit(seconds: 5) == nil { process.stop() }
    }
}
