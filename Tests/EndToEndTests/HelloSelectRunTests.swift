import Foundation
import Testing

/// The README's example app, `hello-select`, through the scripted
/// compositor: its standard input becomes the list, and it prints
/// "N selected" on standard output after every committed change.
@Suite(.serialized) struct HelloSelectRunTests {
    /// Row n's centre (rows of 44 px from the top; the example has no toolbar).
    private func row(_ n: Int) -> Int { 22 + 44 * n }

    private func play(_ script: String, input: String, label: String) throws -> (status: Int32?, output: [String], process: ChildProcess) {
        try playExample("hello-select", script: script, input: input, label: "hello-\(label)")
    }

    @Test func sweepsAndClicksWithModifiersPrintTheCount() throws {
        let lines = (1...30).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let run = try play("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"touch.drag","points":[[100,\(row(1))],[160,\(row(1))]],"by":[0,132],"steps":12,"ms":240}
        {"op":"wait","ms":50}
        {"op":"key.down","key":"Control_L"}
        {"op":"pointer.move","x":300,"y":\(row(8))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.up","key":"Control_L"}
        {"op":"pointer.move","x":300,"y":\(row(10))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.down","key":"Shift_L"}
        {"op":"pointer.move","x":300,"y":\(row(12))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.up","key":"Shift_L"}
        {"op":"wait","ms":50}
        """, input: lines, label: "sweep")
        #expect(run.status == 0, "\(run.process.logTail)")
        // The sweep over rows 1–4, Ctrl+click adds row 8, a click replaces with row 10, Shift+click extends to 12.
        #expect(run.output == ["4 selected", "5 selected", "1 selected", "3 selected"], "\(run.process.logTail)")
    }

    @Test func theExampleIsAtMostFortyLinesAndImportsOnlySweepUI() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/hello-select/main.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty || true }
        #expect(lines.count - (text.hasSuffix("\n") ? 1 : 0) <= 40)
        let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map(String.init)
        #expect(imports.sorted() == ["import Foundation", "import SweepUI"])
    }
}
