import Glibc
import Testing
@testable import ScriptedCompositor

/// A script read from a pipe as it is written (`ScriptStream`).
@Suite struct ScriptStreamTests {
    /// Reads every step of `pieces` written one at a time, each only when the
    /// stream has run dry and waits, as a generator's output arrives.
    private func read(_ pieces: [String]) throws(CompositorFailure) -> [(line: Int, step: ScriptStep)] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw CompositorFailure("pipe failed") }
        defer { close(ends[0]) }
        var remaining = pieces[...]
        var waits = 0
        let stream = ScriptStream(fd: ends[0], name: "test.fifo")
        var steps: [(line: Int, step: ScriptStep)] = []
        func wait(_ fd: Int32) -> Bool {
            waits += 1
            if let piece = remaining.popFirst() {
                _ = piece.withCString { write(ends[1], $0, strlen($0)) }
            } else if ends[1] >= 0 {
                close(ends[1])
                ends[1] = -1
            }
            return true
        }
        do throws(CompositorFailure) {
            while let step = try stream.next(wait: wait) { steps.append(step) }
        } catch {
            if ends[1] >= 0 { close(ends[1]) }
            throw error
        }
        #expect(waits >= pieces.count)
        return steps
    }

    @Test func linesSplitAcrossWritesAreStepsWithTheirNumbers() throws {
        let steps = try read(["# a comment\n{\"op\":\"output\",\"width\":80", "0,\"height\":600}\n\n{\"op\":\"waitR",
                              "eady\"}\r\n{\"op\":\"status\",\"file\":\"s.jsonl\"}\n", "{\"op\":\"wait\",\"ms\":5}"])
        #expect(steps.map(\.line) == [2, 4, 5, 6])
        #expect(steps.map(\.step) == [.output(width: 800, height: 600, scale: 1), .waitReady, .status(file: "s.jsonl"), .wait(ms: 5)])
    }

    @Test func aMalformedLineEndsTheRunWithItsNumber() {
        do {
            _ = try read(["{\"op\":\"waitReady\"}\n", "\n{\"op\":\"pointer.move\",\"x\":1}\n"])
            Issue.record("no error")
        } catch {
            #expect(error.exitStatus == 65)
            #expect(error.description == "test.fifo: script line 3: pointer.move: missing \"y\"", "\(error)")
        }
    }

    @Test func aLineWithoutEndIsRefusedPastTheLimit() {
        // In pieces a pipe holds, since the test writes and reads on one thread.
        let pieces = Array(repeating: String(repeating: " ", count: 60_000), count: ScriptStream.maximumLineSize / 60_000 + 2)
        do {
            _ = try read(["{\"op\":\"waitReady\"}\n"] + pieces)
            Issue.record("no error")
        } catch {
            #expect(error.exitStatus == 65 && error.description.contains("line 2 is over"), "\(error)")
        }
    }

    @Test func aWaitThatGivesUpEndsTheScript() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = "{\"op\":\"waitReady\"}\n".withCString { write(ends[1], $0, strlen($0)) }
        let stream = ScriptStream(fd: ends[0], name: "p")
        #expect(try stream.next { _ in false }?.step == .waitReady)
        #expect(try stream.next { _ in false } == nil)
    }

    @Test func aStatusStepNeedsAFile() {
        #expect(throws: ScriptError(line: 1, message: "status: missing \"file\"")) { _ = try ScriptParser.parse("{\"op\":\"status\"}") }
        #expect(throws: ScriptError(line: 1, message: "status: \"file\" is empty")) {
            _ = try ScriptParser.parse("{\"op\":\"status\",\"file\":\"\"}")
        }
    }
}
