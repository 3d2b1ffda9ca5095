import Foundation
import Testing

/// The README's example app, `hello-select`, through the scripted
/// compositor: its standard input becomes the list, and it prints
/// "N selected" on standard output after every committed change.
@Suite(.serialized) struct HelloSelectRunTests {
    private func play(_ script: String, input: String, label: String) throws -> (status: Int32?, output: [String], process: ChildProcess) {
        try playExample("hello-select", script: script, input: input, label: "hello-\(label)")
    }

    @Test func sweepsAndClicksWithModifiersPrintTheCount() throws {
        let lines = (1...30).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let run = try play("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(HelloSelectScript.sweepAndClicks)
        {"op":"wait","ms":50}
        """, input: lines, label: "sweep")
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.output == HelloSelectScript.expectedCounts, "\(run.process.logTail)")
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
