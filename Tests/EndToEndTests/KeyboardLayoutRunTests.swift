import Foundation
import Testing

/// Shortcuts on a non-Latin layout: with Russian active (the keymap "ru,us"),
/// the keys marked A and C type Cyrillic letters, and Ctrl+A and Ctrl+C still
/// select all and copy, through the Latin layout's letters for those keys.
@Suite struct KeyboardLayoutRunTests {
    @Test func ctrlAAndCtrlCWorkOnACyrillicLayout() throws {
        let directory = try TestDirectory("keyboard-layout")
        defer { directory.remove() }
        let items = "\(directory.path)/items.txt"
        try "one\ntwo\nthree\n".write(toFile: items, atomically: true, encoding: .utf8)
        let run = try playDemo("""
        {"op":"output","width":600,"height":400,"scale":1}
        {"op":"waitReady"}
        {"op":"keymap","layout":"ru,us"}
        {"op":"pointer.move","x":300,"y":200}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"a"}
        {"op":"key.tap","key":"c"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":200}
        {"op":"clipboard.save","file":"clip.txt"}
        """, label: "keyboard-layout", arguments: ["--items", items], directory: directory)
        #expect(run.status == 0, "\(run.diagnostics)")
        let committed = run.events("selection").filter { $0["view"] as? String == "list" && $0["provisional"] as? Bool == false }
        #expect(committed.last.map(ScriptedDemoRun.ranges) == "[[0,0,2]]", "\(run.diagnostics)")
        let clip = try String(contentsOfFile: "\(directory.path)/clip.txt", encoding: .utf8)
        #expect(clip == "one\ntwo\nthree\n")
    }
}
