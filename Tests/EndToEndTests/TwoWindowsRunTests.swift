import Foundation
import Testing

/// One application with two windows (`Examples/two-windows`: a list and a
/// grid of the same lines) through the scripted compositor: input goes to
/// the window that has the focus, keys follow the keyboard focus, closing
/// one window leaves the other working, and the app exits after the last.
@Suite(.serialized) struct TwoWindowsRunTests {
    private func play(_ script: String, input: String) throws -> (status: Int32?, output: [String], process: ChildProcess) {
        try playExample("two-windows", script: script, input: input, label: "two-windows")
    }

    @Test func eachWindowGetsItsOwnInputAndOneClosesWithoutTheOther() throws {
        let lines = (1...30).map { "line \($0)" }.joined(separator: "\n") + "\n"
        // List rows are 44 px from the top; grid cells 100 px, 8 px in.
        let run = try play("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"window.wait","count":2}
        {"op":"window.use","index":0}
        {"op":"touch.drag","points":[[100,66],[160,66]],"by":[0,132],"steps":12,"ms":240}
        {"op":"wait","ms":50}
        {"op":"window.use","index":1}
        {"op":"pointer.move","x":58,"y":58}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"a"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":50}
        {"op":"close"}
        {"op":"window.wait","count":1}
        {"op":"window.use","index":0}
        {"op":"pointer.move","x":300,"y":242}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":50}
        """, input: lines)
        #expect(run.status == 0, "\(run.process.logTail)")
        // The list's sweep over rows 1–4; the grid's click and Ctrl+A; the grid
        // closes alone; the list still takes a click (row 5) and closes last.
        #expect(run.output == ["list: 4 selected", "grid: 1 selected", "grid: 30 selected", "grid: closed",
                               "list: 1 selected", "list: closed"], "\(run.process.logTail)")
    }

    /// No lines at all: two empty views; a sweep over nothing selects nothing, and the
    /// end of the script closes both windows, newest first.
    @Test func anEmptyInputShowsTwoEmptyWindowsThatCloseCleanly() throws {
        let run = try play("""
        {"op":"window.wait","count":2}
        {"op":"touch.drag","points":[[100,66],[160,66]],"by":[0,132],"steps":6,"ms":120}
        {"op":"wait","ms":50}
        """, input: "")
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.output == ["grid: closed", "list: closed"], "\(run.process.logTail)")
    }

    @Test func aScriptNamingAWindowThatDoesNotExistFailsWithTheCount() throws {
        let run = try play("""
        {"op":"window.wait","count":2}
        {"op":"window.use","index":2}
        """, input: "a\nb\n")
        #expect(run.status == 70, "\(run.process.logTail)")
        #expect(run.process.stderr.contains("there is no window 2 (the client has 2 mapped)"), "\(run.process.logTail)")
    }
}
