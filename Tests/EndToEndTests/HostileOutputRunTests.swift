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

    /// `--history` on what is not a history file: a directory, a FIFO
    /// (which blocked before any window), a device, another user's file.
    /// Each is said in a line and left alone; the picker works without
    /// history. A history kept as a symbolic link is saved through it.
    @Test func aHistoryThatIsNoFileIsLeftAloneAndALinkedOneIsSavedThroughItsLink() throws {
        let directory = try TestDirectory("hostile-history")
        defer { directory.remove() }
        let folder = "\(directory.path)/Documents", fifo = "\(directory.path)/history.fifo"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "keep me".write(toFile: "\(folder)/note.txt", atomically: true, encoding: .utf8)
        try #require(mkfifo(fifo, 0o600) == 0)
        for path in [folder, fifo, "/dev/zero"] {
            let run = try pick("exec sweep-pick --history '\(path)'", input: "apple\nbanana\n", in: directory)
            #expect(run.status == 0 && run.process.stdout.split(separator: "\n") == ["apple"], "\(path): \(run.process.logTail)")
            #expect(run.process.stderr.contains("cannot be used"), "\(path): \(run.process.stderr)")
        }
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue)
        #expect(FileManager.default.fileExists(atPath: "\(folder)/note.txt") && !FileManager.default.fileExists(atPath: folder + ".corrupt"))
        #expect(!FileManager.default.fileExists(atPath: fifo + ".corrupt"))
        // A history that is a link into a dotfiles folder, read-only: saved in the file it names, still a link, still read-only.
        let dots = "\(directory.path)/dots", link = "\(directory.path)/history"
        try FileManager.default.createDirectory(atPath: dots, withIntermediateDirectories: true)
        try "# sweep-pick history 1\n".write(toFile: "\(dots)/history", atomically: true, encoding: .utf8)
        chmod("\(dots)/history", 0o444)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "dots/history")
        let saved = try pick("exec sweep-pick --history '\(link)'", input: "apple\nbanana\n", in: directory)
        #expect(saved.status == 0, "\(saved.process.logTail)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "dots/history", "still a link")
        #expect(((try? String(contentsOfFile: "\(dots)/history", encoding: .utf8)) ?? "").contains("\tapple"), "saved through it")
        var info = stat()
        #expect(stat("\(dots)/history", &info) == 0 && info.st_mode & 0o777 == 0o444, "still read-only")
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
