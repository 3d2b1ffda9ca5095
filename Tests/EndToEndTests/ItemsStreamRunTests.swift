import Foundation
import Testing

/// `sweep-demo --items` reads any readable file to its end as the lines
/// arrive: a FIFO whose writer comes late and pauses, a /proc file whose
/// size says 0. The window is up first; the views grow by batches.
@Suite struct ItemsStreamRunTests {
    /// Plays `script` against `command` (a `/bin/sh -c` line that ends by
    /// exec'ing sweep-demo, see `demo`) in `directory`.
    private func play(_ script: String, command: String, in directory: TestDirectory) throws -> ScriptedDemoRun {
        let scriptPath = "\(directory.path)/script.jsonl", logPath = "\(directory.path)/log.jsonl"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--shots", directory.path, "--", "/bin/sh", "-c", command],
                                       environment: ["PATH": "/usr/bin:/bin", "XDG_STATE_HOME": "\(directory.path)/state"],
                                       directory: directory.path)
        let status = process.waitForExit(seconds: 90)
        if status == nil { process.stop() }
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        let events = text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        return ScriptedDemoRun(status: status, process: process, directory: directory, events: events)
    }

    /// The shell line that runs sweep-demo on `items`, logging to the directory's `log.jsonl`.
    private func demo(_ items: String, in directory: TestDirectory) throws -> String {
        "exec '\(try builtProduct("sweep-demo"))' --event-log '\(directory.path)/log.jsonl' --layout tabs --items '\(items)'"
    }

    /// A FIFO in `directory` for the items.
    private func makeFIFO(in directory: TestDirectory) throws -> String {
        let fifo = "\(directory.path)/items.fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        return fifo
    }

    /// A writer left blocked by a failed run gets a reader (and EOF or SIGPIPE), then the FIFO goes.
    private func removeFIFO(_ fifo: String) {
        close(open(fifo, O_RDONLY | O_NONBLOCK))
        unlink(fifo)
    }

    private func listCounts(_ run: ScriptedDemoRun) -> [Int] {
        run.events("items").filter { $0["view"] as? String == "list" }.compactMap { $0["count"] as? Int }
    }

    @Test func aFIFOStreamsItsLinesWhileTheWindowIsUsable() throws {
        let directory = try TestDirectory("items-fifo")
        defer { directory.remove() }
        let fifo = try makeFIFO(in: directory)
        defer { removeFIFO(fifo) }
        // The writer opens the FIFO only after the demo did (so open must not block there), writes three
        // lines, pauses, then two more, the last without a newline (it shows only once the end is seen).
        let writer = "(sleep 0.5; exec 3>'\(fifo)'; printf 'one\\ntwo\\nthree\\n' >&3; sleep 4; printf 'four\\nfive' >&3) &"
        // Between the batches: select the first line (Ctrl+click enters editing mode) and delete it; after them, Ctrl+Z brings it back.
        let run = try play("""
        {"op":"output","width":600,"height":500,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":1500}
        {"op":"key.down","key":"Control_L"}
        {"op":"pointer.move","x":300,"y":\(rowCentre(0))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.up","key":"Control_L"}
        {"op":"key.tap","key":"Delete"}
        {"op":"wait","ms":5000}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"z"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"all.png"}
        """, command: writer + " " + demo(fifo, in: directory), in: directory)
        #expect(run.status == 0, "\(run.diagnostics)")
        let counts = listCounts(run)
        // Three lines written at once are one batch (one `items` event), then the delete, then the rest
        // (one or two batches: "five" comes with the end), then the undo.
        #expect(Array(counts.prefix(2)) == [3, 2], "\(counts)")
        #expect(counts.suffix(2) == [4, 5], "\(counts)")
        #expect(run.events("delete").count == 1 && run.events("undo").count == 1, "\(run.diagnostics)")
        let ready = run.events.firstIndex { $0["event"] as? String == "ready" } ?? .max
        let secondBatch = run.events.firstIndex { $0["event"] as? String == "items" && ($0["count"] as? Int ?? 0) > 3 } ?? -1
        #expect(ready < secondBatch, "the window was not up before the second batch\n\(run.diagnostics)")
        // The undone line is back first, selected, and five rows show text.
        let list = run.events("selection").filter { $0["view"] as? String == "list" && $0["provisional"] as? Bool == false }
        #expect(list.last.map(ScriptedDemoRun.ranges) == "[[0,0,0]]", "\(run.diagnostics)")
        let shot = try run.shot("all.png")
        for row in 0..<5 { #expect(shot.darkPixelCount(x: 40, y: 44 + 44 * row + 12, width: 200, height: 20) > 20, "row \(row)") }
        #expect(shot.darkPixelCount(x: 40, y: 44 + 44 * 5 + 12, width: 200, height: 20) == 0)
    }

    /// Lines keep arriving while a band is dragged slowly over the first
    /// rows: every batch leaves the band running and selecting (it died at
    /// the first one, its selection dropped to nothing).
    @Test func aBandDraggedWhileLinesArriveKeepsSelecting() throws {
        let directory = try TestDirectory("items-band")
        defer { directory.remove() }
        let fifo = try makeFIFO(in: directory)
        defer { removeFIFO(fifo) }
        // Twenty lines at once, then one every 150 ms for six seconds.
        let writer = "(exec 3>'\(fifo)'; for i in $(seq 1 20); do echo line$i; done >&3; "
            + "for i in $(seq 21 60); do sleep 0.15; echo line$i >&3; done) &"
        let run = try play("""
        {"op":"output","width":600,"height":500,"scale":1}
        {"op":"waitReady"}
        {"op":"file.wait","file":"log.jsonl","contains":"\\"count\\":20"}
        {"op":"pointer.drag","from":[300,\(rowCentre(1))],"to":[320,\(rowCentre(5))],"steps":40,"ms":2400}
        {"op":"wait","ms":300}
        """, command: writer + " " + demo(fifo, in: directory), in: directory)
        #expect(run.status == 0, "\(run.diagnostics)")
        let list = run.events.filter { $0["view"] as? String == "list" }
        let began = list.firstIndex { $0["event"] as? String == "band" && $0["phase"] as? String == "began" } ?? -1
        let ended = list.firstIndex { $0["event"] as? String == "band" && $0["phase"] as? String == "ended" } ?? -1
        #expect(began >= 0 && ended > began, "\(run.diagnostics)")
        #expect(!list.contains { $0["event"] as? String == "band" && $0["phase"] as? String == "cancelled" }, "\(run.diagnostics)")
        let batches = list[max(began, 0)..<max(ended, 0)].filter { $0["event"] as? String == "items" }.count
        #expect(batches >= 5, "lines arrived while the band ran: \(batches) batches")
        // The band selected rows 1 to 5 and kept them through every batch.
        let committed = list.filter { $0["event"] as? String == "selection" && $0["provisional"] as? Bool == false }
        #expect(committed.last.map(ScriptedDemoRun.ranges) == "[[0,1,5]]", "\(run.diagnostics)")
        let provisional = list[max(began, 0)..<max(ended, 0)].filter { $0["event"] as? String == "selection" }
            .compactMap { $0["count"] as? Int }
        #expect(!provisional.isEmpty && provisional.allSatisfy { $0 > 0 }, "the selection never dropped: \(provisional)")
    }

    @Test func aProcFileShowsItsRealLineCount() throws {
        let directory = try TestDirectory("items-proc")
        defer { directory.remove() }
        // /proc files say their size is 0; their lines are there all the same.
        let path = "/proc/cpuinfo"
        let expected = try #require(Self.lineCount(path))
        #expect(expected > 0)
        let run = try play("""
        {"op":"output","width":600,"height":500,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":500}
        """, command: try demo(path, in: directory), in: directory)
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(listCounts(run).last == expected, "\(listCounts(run)) lines, \(expected) expected")
    }

    /// The lines of a file read to its end (a /proc file's size is 0).
    private static func lineCount(_ path: String) -> Int? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var lines = 0, last: UInt8 = 0x0A
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { break }
            lines += chunk[0..<count].filter { $0 == 0x0A }.count
            last = chunk[count - 1]
        }
        return lines + (last == 0x0A ? 0 : 1)
    }
}
