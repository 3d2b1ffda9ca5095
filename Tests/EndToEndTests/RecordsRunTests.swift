import Foundation
import Testing

/// `Examples/records`, a table of 20 columns over generated orders, through
/// the scripted compositor: a band over rows selects them (and
/// `--print-selection` says which), a click on a title sorts by its values,
/// the filter keeps the orders of the customers it matches, and arguments it
/// cannot take are refused before any window opens. The expected orders come
/// from the generator's formula, written out again here.
@Suite(.serialized) struct RecordsRunTests {
    /// Row n's centre: under the 44 px filter bar and the 30 px header, rows of 32 px.
    private func row(_ n: Int) -> Int { 44 + 30 + 16 + 32 * n }

    /// The generator (Examples/records' `Orders`): a cell's hash, a customer's name, an amount in cents.
    private func hash(_ row: Int, _ column: Int) -> UInt32 {
        let h = UInt32(truncatingIfNeeded: row) &* 2_654_435_761 &+ UInt32(column) &* 40_503
        return h ^ (h >> 15)
    }
    private let adjectives = ["Amber", "Brisk", "Cedar", "Dusky", "Early", "Fern", "Granite", "Hazel",
                              "Ivory", "Juniper", "Kestrel", "Linden", "Misty", "Northern", "Olive", "Pine"]

    private func play(_ script: String, label: String, rows: Int = 300) throws -> (status: Int32?, output: [String], directory: TestDirectory, process: ChildProcess) {
        let directory = try TestDirectory("records-\(label)")
        let scriptPath = "\(directory.path)/script.jsonl"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--shots", directory.path, "--",
                                                   try builtProduct("records"), "--rows", "\(rows)", "--print-selection"],
                                       environment: ["PATH": "/usr/bin:/bin"], directory: directory.path)
        let status = process.waitForExit(seconds: 90)
        if status == nil { process.stop() }
        return (status, process.stdout.split(separator: "\n").map(String.init), directory, process)
    }

    private let ready = """
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":300}
        """

    private func keys(_ text: String) -> String {
        text.map { #"{"op":"key.tap","key":"\#($0)"}"# }.joined(separator: "\n")
    }

    @Test func aBandOverRowsSelectsThemAndEnterPrintsTheirOrders() throws {
        let run = try play("""
        \(ready)
        {"op":"pointer.drag","from":[120,\(row(2))],"to":[600,\(row(5))],"steps":12,"ms":200}
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """, label: "band")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let selections = run.output.filter { $0.hasPrefix("{\"event\":\"selection\"") }
        #expect(selections.last == #"{"event":"selection","count":4,"ranges":[[2,5]]}"#, "\(run.output)")
        #expect(run.output.filter { !$0.hasPrefix("{") } == ["3", "4", "5", "6"], "\(run.output)")
    }

    @Test func aClickOnATitleSortsByItsValues() throws {
        // The Amount column: 90 + 150 px in, 90 px wide; its title in the middle. The sort keeps
        // order 1 at the top (the top row stays), so Home goes to the first row.
        let run = try play("""
        \(ready)
        {"op":"pointer.move","x":285,"y":59}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":200}
        {"op":"key.tap","key":"Home"}
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """, label: "sort")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        // The cheapest order first (ties keep the orders' own order).
        let cheapest = (0..<300).min { (hash($0, 2) % 100_000, $0) < (hash($1, 2) % 100_000, $1) }!
        #expect(run.output.filter { !$0.hasPrefix("{") } == ["\(cheapest + 1)"], "\(run.output)")
    }

    @Test func theFilterKeepsTheOrdersOfTheCustomersItMatches() throws {
        let run = try play("""
        \(ready)
        {"op":"pointer.move","x":400,"y":22}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        \(keys("amber"))
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"Down"}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"a"}
        {"op":"key.up","key":"Control_L"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """, label: "filter")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        // Only the adjective can hold "amber": the customers named Amber something.
        let expected = (0..<300).filter { adjectives[Int(hash($0, 1) & 15)] == "Amber" }.map { "\($0 + 1)" }
        #expect(!expected.isEmpty)
        #expect(run.output.filter { !$0.hasPrefix("{") } == expected, "\(run.output)")
    }

    @Test(arguments: [["--rows", "-5"], ["--rows", "16777217"], ["--rows"], ["--rows", "many"], ["--columns", "3"]])
    func argumentsItCannotTakeAreRefused(_ arguments: [String]) throws {
        let directory = try TestDirectory("records-arguments")
        defer { directory.remove() }
        // No compositor at all: the arguments are refused before a window is asked for.
        let process = try ChildProcess(name: "records", executable: builtProduct("records"), arguments: arguments,
                                       environment: ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": directory.path],
                                       directory: directory.path)
        let status = process.waitForExit(seconds: 30)
        if status == nil { process.stop() }
        #expect(status == 64, "\(arguments): \(process.logTail)")
        #expect(process.stderr.contains("records:"), "\(process.stderr)")
    }
}
