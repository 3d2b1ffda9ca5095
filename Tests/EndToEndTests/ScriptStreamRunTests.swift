import Foundation
import Testing

/// scripted-compositor reading its script from a FIFO as it is written: one
/// client for as long as the writer goes on (what `make soak` relies on).
@Suite struct ScriptStreamRunTests {
    /// Starts the compositor on a FIFO in a fresh directory and opens the FIFO's writing end.
    private func start(_ label: String) throws -> (ChildProcess, FileHandle, TestDirectory) {
        let directory = try TestDirectory("stream-\(label)")
        let fifo = "\(directory.path)/script.fifo"
        guard mkfifo(fifo, 0o600) == 0 else { throw HarnessError("mkfifo \(fifo): \(String(cString: strerror(errno)))") }
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", fifo, "--shots", directory.path, "--",
                                                   try builtProduct("sweep-demo"), "--layout", "tabs"],
                                       environment: ["PATH": "/usr/bin:/bin", "XDG_STATE_HOME": "\(directory.path)/state"],
                                       directory: directory.path)
        // A compositor that ended early makes writes fail (EPIPE) rather than end the test run.
        signal(SIGPIPE, SIG_IGN)
        // Opening blocks until the compositor opens its end.
        guard let writer = FileHandle(forWritingAtPath: fifo) else { throw HarnessError("cannot open \(fifo)") }
        return (process, writer, directory)
    }

    private func statusLines(_ directory: TestDirectory) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: "\(directory.path)/status.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    @Test func stepsWrittenLaterReachTheSameClientAndStatusCountsItsBuffers() throws {
        let (process, writer, directory) = try start("later")
        defer { process.stop(); directory.remove() }
        try writer.write(contentsOf: Data("""
        {"op":"output","width":640,"height":480,"scale":1}
        {"op":"waitReady"}
        {"op":"status","file":"status.jsonl"}

        """.utf8))
        #expect(waitUntil(seconds: 20) { statusLines(directory).count == 1 }, "\(process.logTail)")
        // A pause with nothing written: the compositor keeps serving the client meanwhile.
        usleep(1_500_000)
        try writer.write(contentsOf: Data("""
        {"op":"pointer.drag","from":[100,100],"to":[300,300],"steps":5,"ms":50}
        {"op":"output","width":800,"height":600,"scale":2}
        {"op":"wait","ms":300}
        {"op":"status","file":"status.jsonl"}
        """.utf8))
        try writer.close()   // the end of the script: the window is asked to close
        #expect(process.waitForExit(seconds: 30) == 0, "\(process.logTail)")
        let lines = statusLines(directory)
        #expect(lines.map { $0["line"] as? Int } == [3, 7])
        let pids = Set(lines.compactMap { $0["pid"] as? Int })
        #expect(pids.count == 1 && lines.allSatisfy { $0["windows"] as? Int == 1 })
        #expect(lines.allSatisfy { ($0["buffers"] as? Int ?? 0) >= 1 && ($0["resources"] as? [String: Int])?["wl_surface"] != nil },
                "\(lines)")
    }

    @Test func aMalformedLineArrivingLateEndsTheRunWithItsNumber() throws {
        let (process, writer, directory) = try start("malformed")
        defer { process.stop(); directory.remove() }
        try writer.write(contentsOf: Data("{\"op\":\"waitReady\"}\n{\"op\":\"status\",\"file\":\"status.jsonl\"}\n".utf8))
        #expect(waitUntil(seconds: 20) { statusLines(directory).count == 1 }, "\(process.logTail)")
        try writer.write(contentsOf: Data("{\"op\":\"pointer.move\",\"x\":1}\n".utf8))
        #expect(process.waitForExit(seconds: 20) == 65, "\(process.logTail)")
        #expect(process.stderr.contains("script.fifo: script line 3: pointer.move: missing \"y\""), "\(process.stderr)")
        try? writer.close()
    }
}
