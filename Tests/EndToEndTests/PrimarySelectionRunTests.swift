import Foundation
import Testing

/// The primary selection (zwp_primary_selection_device_manager_v1): what is
/// selected in sweep-demo is offered to other programs without Ctrl+C, and
/// follows the selection as it changes.
@Suite struct PrimarySelectionRunTests {
    @Test func selectedTitlesBecomeThePrimarySelection() throws {
        let directory = try TestDirectory("primary-selection")
        defer { directory.remove() }
        let items = "\(directory.path)/items.txt"
        try "one\ntwo\nthree\nfour\n".write(toFile: items, atomically: true, encoding: .utf8)
        // Ctrl+click selects "two", a second Ctrl+click adds "four".
        let run = try playDemo("""
        {"op":"output","width":600,"height":400,"scale":1}
        {"op":"waitReady"}
        {"op":"key.down","key":"Control_L"}
        {"op":"pointer.move","x":300,"y":\(rowCentre(1))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":100}
        {"op":"primary.save","file":"first.txt"}
        {"op":"key.down","key":"Control_L"}
        {"op":"pointer.move","x":300,"y":\(rowCentre(3))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":100}
        {"op":"primary.save","file":"second.txt"}
        """, label: "primary-selection", arguments: ["--items", items], directory: directory)
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(try String(contentsOfFile: "\(directory.path)/first.txt", encoding: .utf8) == "two\n")
        let second = try String(contentsOfFile: "\(directory.path)/second.txt", encoding: .utf8)
        #expect(second == "two\nfour\n", "\(second.debugDescription)\n\(run.diagnostics)")
    }
}
