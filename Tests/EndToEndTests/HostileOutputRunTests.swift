import Foundation
import Testing

/// Outputs a program cannot write, as an unlucky user or an attacker hands
/// them over: standard error closed or a pipe nobody reads, standard output
/// closed (so the next file opened would take its number), an event log on
/// a full device or a FIFO. Every program shares `StandardStreams` and
/// `EventLog` for these; none traps, none writes where it should not.
@Suite(.serialized) struct HostileOutputRunTests {
    /// `command`, a shell line, with the built programs on its PATH.
    private func shell(_ command: String, in directory: TestDirectory) throws -> (status: Int32?, stdout: String, stderr: String) {
        let bin = (try builtProduct("sweep-pick") as NSString).deletingLastPathComponent
        let process = try ChildProcess(name: "sh", executable: "/bin/bash", arguments: ["-c", command],
                                       environment: ["PATH": "\(bin):/usr/bin:/bin"], directory: directory.path)
        let status = process.waitForExit(seconds: 30)
        if status == nil { process.stop() }
        return (status, process.stdout, process.stderr)
    }

    @Test func aUsageErrorWithStandardErrorClosedOrABrokenPipeStillEndsWithStatus2() throws {
        let directory = try TestDirectory("hostile-stderr")
        defer { directory.remove() }
        for program in ["sweep-pick", "sweep-demo", "hello-select", "files", "photos"] {
            let flag = program == "sweep-demo" ? "64" : "2"
            // Closed: the message has nowhere to go; the status is the program's own.
            let closed = try shell("echo x | \(program) --frobnicate 2>&-; echo \"status $?\"", in: directory)
            #expect(closed.stdout.contains("status \(program.hasPrefix("sweep") ? flag : "2")"),
                    "\(program) with stderr closed: \(closed.stdout) \(closed.stderr)")
            // A pipe whose reader is gone by the time the message is written (no SIGPIPE death: 141).
            let piped = try shell("{ sleep 0.3; echo x | \(program) --frobnicate; } 2>&1 | true; echo \"status ${PIPESTATUS[0]}\"",
                                  in: directory)
            #expect(!piped.stdout.contains("status 141") && !piped.stdout.contains("status 132"),
                    "\(program) into a broken pipe: \(piped.stdout) \(piped.stderr)")
        }
    }

    /// The picker's run under the scripted compositor, its command a shell line.
    private func pick(_ command: String, input: String, in directory: TestDirectory) throws -> (status: Int32?, process: ChildProcess) {
        let scriptPath = "\(directory.path)/script.jsonl", inputPath = "\(directory.path)/input.txt"
        try """
        {"op":"output","width":1024,"height":768,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":200}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Return"}
        """.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try input.write(toFile: inputPath, atomically: true, encoding: .utf8)
        let bin = (try builtProduct("sweep-pick") as NSString).deletingLastPathComponent
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--", "/bin/sh", "-c", command],
                                       environment: ["PATH": "\(bin):/usr/bin:/bin"], directory: directory.path,
                                       standardInput: inputPath)
        let status = process.waitForExit(seconds: 60)
        if status == nil { process.stop() }
        return (status, process)
    }

    @Test func withStandardOutputClosedTheChosenRecordsNeverGoIntoTheEventLog() throws {
        let directory = try TestDirectory("hostile-stdout")
        defer { directory.remove() }
        let log = "\(directory.path)/log.jsonl"
        let run = try pick("exec sweep-pick --single --event-log '\(log)' >&-", input: "apple\nbanana\n", in: directory)
        #expect(run.status == 0, "\(run.process.logTail)")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("{") }, "only events in the log: \(lines)")
        #expect(lines.contains { $0.contains("\"event\":\"accept\"") }, "\(lines)")
    }

    @Test func anEventLogOnAFullDeviceIsSaidOnceAndThePickerGoesOn() throws {
        let directory = try TestDirectory("hostile-full")
        defer { directory.remove() }
        let run = try pick("exec sweep-pick --single --event-log /dev/full", input: "apple\nbanana\n", in: directory)
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.process.stdout.split(separator: "\n") == ["apple"], "\(run.process.logTail)")
        #expect(run.process.stderr.components(separatedBy: "event log: cannot write").count == 2, "\(run.process.stderr)")
    }

    @Test func anEventLogOnAFIFOIsWrittenToItsReaderAndOneWithoutAReaderIsRefused() throws {
        let directory = try TestDirectory("hostile-fifo")
        defer { directory.remove() }
        let fifo = "\(directory.path)/log.fifo", copy = "\(directory.path)/copy.jsonl"
        try #require(mkfifo(fifo, 0o600) == 0)
        // A reader copies the FIFO to a file while the picker runs.
        let run = try pick("cat '\(fifo)' > '\(copy)' & exec sweep-pick --single --event-log '\(fifo)'", input: "apple\n", in: directory)
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(waitUntil(seconds: 5) { ((try? String(contentsOfFile: copy, encoding: .utf8)) ?? "").contains("\"accept\"") },
                "the reader got the events")
        // Nobody reading: refused at once with a message (it used to block, or trap on the seek).
        let alone = try shell("echo x | sweep-pick --event-log '\(fifo)'; echo \"status $?\"", in: directory)
        #expect(alone.stdout.contains("status 2") && alone.stderr.contains("event log"), "\(alone.stdout) \(alone.stderr)")
    }
}
