import Foundation
import SweepPNG
import Testing

/// The demo app's frame under the scripted compositor: the split view and
/// the tab bar switching live on resize, both views side by side, the
/// toolbars, themes, `--items` and the clipboard.
@Suite struct DemoLayoutRunTests {
    /// The `layout` events as "split list,grid".
    private func layouts(_ run: ScriptedDemoRun) -> [String] {
        run.events("layout").map { "\($0["mode"] as? String ?? "?") \(($0["visible"] as? [String] ?? []).joined(separator: ","))" }
    }

    @Test func theSplitViewAndTheTabBarSwitchLiveOnResize() throws {
        let run = try playDemo("""
        {"op":"output","width":1024,"height":768,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"split.png"}
        {"op":"output","width":600,"height":700}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"tabs.png"}
        {"op":"touch.down","id":0,"x":150,"y":676}
        {"op":"touch.up","id":0}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"grid-tab.png"}
        {"op":"output","width":760,"height":600}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"split-again.png"}
        """, label: "split-tabs", arguments: ["--layout", "auto", "--rows", "500"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let modes = layouts(run)
        #expect(modes.last == "split list,grid", "\(modes)")
        #expect(modes.contains("split list,grid") && modes.contains("tabs list") && modes.contains("tabs grid"), "\(modes)")
        #expect(run.events("navigate").compactMap { $0["tab"] as? String } == ["grid"])

        // Split: list rows on the left (white with separators), grid cells on the right, a divider between.
        let split = try run.shot("split.png")
        #expect(split.rgb(x: 300, y: 300) == DemoColors.listBackground || split.rgb(x: 300, y: 300) == DemoColors.separator)
        #expect(split.rgb(x: 512, y: 300) == DemoColors.separator, "divider: \(split.hex(x: 512, y: 300))")
        #expect(split.rgb(x: 513 + 8 + 50, y: 44 + 8 + 80) == DemoColors.rowHover, "a grid cell: \(split.hex(x: 571, y: 132))")
        #expect(split.darkPixelCount(x: 16, y: 48, width: 200, height: 20) > 60, "list text")
        // Both toolbars have their own title and button (accent text at each right end).
        #expect(split.accentPixelCount(x: 430, y: 8, width: 80, height: 28) > 20, "the list's Edit")
        #expect(split.accentPixelCount(x: 940, y: 8, width: 84, height: 28) > 20, "the grid's Select")

        // Narrow: the list alone, full width, over a tab bar of six tabs with "List" selected.
        let tabs = try run.shot("tabs.png")
        #expect(tabs.width == 600 && tabs.height == 700)
        #expect(tabs.rgb(x: 300, y: 120) != DemoColors.rowHover, "no grid cells: \(tabs.hex(x: 300, y: 120))")
        #expect(tabs.rgb(x: 50, y: 660) != DemoColors.toolbar, "the selected tab is highlighted")
        #expect(tabs.accentPixelCount(x: 0, y: 651, width: 100, height: 49) > 20, "List tab in the accent colour")
        let gridTab = try run.shot("grid-tab.png")
        #expect(gridTab.rgb(x: 8 + 50, y: 44 + 8 + 80) == DemoColors.rowHover, "the grid fills the window")
        #expect(gridTab.accentPixelCount(x: 100, y: 651, width: 100, height: 49) > 20, "Grid tab selected")
    }

    @Test func bothViewsSideBySideKeepTheirOwnSelectionAndToolbars() throws {
        // At 1000 px: the list is 500 wide, the grid starts at x 501 (4 columns of 100 + 8).
        let run = try playDemo("""
        {"op":"output","width":1000,"height":700,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":470,"y":22}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":50}
        {"op":"touch.down","id":0,"x":200,"y":110,"frame":false}
        {"op":"touch.down","id":1,"x":240,"y":110}
        {"op":"touch.move","id":0,"x":200,"y":160,"frame":false}
        {"op":"touch.move","id":1,"x":240,"y":160}
        {"op":"touch.move","id":0,"x":200,"y":198,"frame":false}
        {"op":"touch.move","id":1,"x":240,"y":198}
        {"op":"touch.up","id":0,"frame":false}
        {"op":"touch.up","id":1}
        {"op":"wait","ms":50}
        {"op":"pointer.drag","from":[505,48],"to":[720,120],"steps":10,"ms":100}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"both.png"}
        {"op":"pointer.move","x":540,"y":22}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":50}
        {"op":"pointer.move","x":960,"y":22}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":50}
        """, label: "side-by-side", arguments: ["--layout", "auto", "--rows", "40"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        func selections(_ view: String) -> [String] {
            run.events("selection").filter { $0["view"] as? String == view && $0["provisional"] as? Bool == false }.map(ScriptedDemoRun.ranges)
        }
        // The list: Edit, then a two-finger sweep over rows 1 to 3.
        #expect(run.events("button").map { "\($0["view"]!) \($0["id"]!)" } == ["list edit", "grid selectAll", "grid done"],
                "\(run.diagnostics)")
        #expect(selections("list") == ["[[0,1,3]]"], "\(run.diagnostics)")
        // The grid: a band over the first row's first two cells (which enters its editing mode), Select All, then Done.
        #expect(selections("grid") == ["[[0,0,1]]", "[[0,0,39]]", "[]"], "\(run.diagnostics)")
        let editing = run.events("editing").map { "\($0["view"] as? String ?? "?") \($0["editing"] as? Bool ?? false)" }
        #expect(editing == ["list true", "grid true", "grid false"], "\(editing)")
        let both = try run.shot("both.png")
        #expect(both.rgb(x: 300, y: 44 + 44 * 2 + 5) != DemoColors.listBackground, "list row 2 selected")
        #expect(both.rgb(x: 300, y: 44 + 44 * 6 + 5) == DemoColors.listBackground, "list row 6 not selected")
        #expect(both.rgb(x: 501 + 8 + 30, y: 44 + 8 + 30) != DemoColors.rowHover, "grid cell 0 tinted")
        #expect(both.rgb(x: 501 + 8 + 108 * 3 + 30, y: 44 + 8 + 30) == DemoColors.rowHover, "grid cell 3 not")
        // The list's title counts its selection in editing mode.
        #expect(both.darkPixelCount(x: 150, y: 10, width: 200, height: 24) > 60)
    }

    @Test func themesPaintLightAndDark() throws {
        let script = """
        {"op":"output","width":600,"height":500,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"theme.png"}
        """
        let light = try playDemo(script, label: "theme-light", arguments: ["--rows", "3"])
        defer { light.directory.remove() }
        let dark = try playDemo(script, label: "theme-dark", arguments: ["--rows", "3", "--theme", "dark"])
        defer { dark.directory.remove() }
        #expect(light.status == 0 && dark.status == 0, "\(dark.diagnostics)")
        let l = try light.shot("theme.png"), d = try dark.shot("theme.png")
        #expect(l.rgb(x: 300, y: 300) == 0xffffff && d.rgb(x: 300, y: 300) == 0x1c1c1e, "\(l.hex(x: 300, y: 300)) \(d.hex(x: 300, y: 300))")
        #expect(l.rgb(x: 300, y: 5) == 0xf4f4f6 && d.rgb(x: 300, y: 5) == 0x242426)
        // Text is dark on light and light on dark.
        #expect(l.darkPixelCount(x: 16, y: 48, width: 200, height: 20) > 60)
        #expect(d.darkPixelCount(x: 16, y: 48, width: 200, height: 20, threshold: 255) - d.darkPixelCount(x: 16, y: 48, width: 200, height: 20, threshold: 120) > 60)
        let bad = try runDemoAlone(["--theme", "sepia"])
        #expect(bad.status == 64 && bad.stderr.contains("'sepia' is invalid for '--theme"), "\(bad.stderr)")
    }

    @Test func ctrlCCopiesTheSelectedTitles() throws {
        let run = try playDemo("""
        {"op":"output","width":600,"height":500,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":560,"y":22}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"pointer.move","x":300,"y":110}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"pointer.move","x":300,"y":198}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":50}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"c"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":100}
        {"op":"clipboard.save","file":"clip.txt"}
        """, label: "copy", arguments: ["--rows", "20"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let clip = try String(contentsOfFile: "\(run.directory.path)/clip.txt", encoding: .utf8)
        // Editing mode: clicks on rows 1 and 3 replace, so the last click wins; Ctrl+click would add.
        #expect(clip == "Dusky Ridge 4\n", "\(clip)")
        #expect(run.events("copy").first?["lines"] as? Int == 1)
    }

    @Test func ctrlCCopiesEverySelectedTitleInOrder() throws {
        let run = try playDemo("""
        {"op":"output","width":600,"height":500,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":560,"y":22}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"pointer.move","x":60,"y":22}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":50}
        {"op":"pointer.move","x":300,"y":200}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"c"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":100}
        {"op":"clipboard.save","file":"clip.txt"}
        """, label: "copy-all", arguments: ["--items", try itemsFile("copy-items", Array("α one\nβ two\n".utf8) + [0x67, 0xff, 0x0a])])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let clip = try Data(contentsOf: URL(fileURLWithPath: "\(run.directory.path)/clip.txt"))
        // The third line's byte 0xff shows (and copies) as U+FFFD.
        #expect(Array(clip) == Array("α one\nβ two\ng\u{FFFD}\n".utf8), "\(String(decoding: clip, as: UTF8.self))")
    }

    /// Writes an items file in a fresh test directory and returns its path.
    private func itemsFile(_ label: String, _ bytes: [UInt8]) throws -> String {
        let directory = try TestDirectory(label)
        let path = "\(directory.path)/items.txt"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aLargeItemsFileScrollsToItsLastLine() throws {
        let directory = try TestDirectory("items-large")
        defer { directory.remove() }
        let path = "\(directory.path)/items.txt"
        var text = ""
        text.reserveCapacity(40_000_000)
        for index in 1...2_000_000 { text += "Line number \(index)\n" }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        // The lines stream in after the window is up (under a second here); End waits for them all.
        let run = try playDemo("""
        {"op":"output","width":600,"height":500,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":4000}
        {"op":"pointer.move","x":300,"y":200}
        {"op":"key.tap","key":"End"}
        {"op":"wait","ms":800}
        {"op":"screenshot","file":"end.png"}
        """, label: "items-large", arguments: ["--items", path])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let counts = run.events("items").filter { $0["view"] as? String == "list" }.compactMap { $0["count"] as? Int }
        #expect(counts.last == 2_000_000 && counts.count > 2, "\(counts.suffix(3))")
        let ready = run.events.firstIndex { $0["event"] as? String == "ready" } ?? .max
        let allIn = run.events.firstIndex { $0["event"] as? String == "items" && $0["count"] as? Int == 2_000_000 } ?? -1
        #expect(ready < allIn, "the window came up only after the whole file was read")
        // 2,000,000 rows of 44 px under a 44 px toolbar, over a 49 px tab bar.
        #expect(run.scrollOffsets.last == Double(2_000_000 * 44 - (500 - 44 - 49)), "\(run.scrollOffsets.suffix(3))")
        let end = try run.shot("end.png")
        #expect(end.darkPixelCount(x: 16, y: 451 - 44 + 10, width: 250, height: 24) > 60, "the last line's text")
        #expect(end.darkPixelCount(x: 200, y: 10, width: 200, height: 24) > 60, "title with the count")
    }

    @Test func anItemsFileWithInvalidUTF8ShowsReplacementCharacters() throws {
        let path = try itemsFile("items-invalid", [0x41, 0xff, 0xfe, 0x42, 0x0a, 0xc3, 0x28, 0x0a, 0x4f, 0x4b, 0x0a])
        let run = try playDemo("""
        {"op":"output","width":600,"height":500,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"invalid.png"}
        """, label: "items-invalid", arguments: ["--items", path])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let shot = try run.shot("invalid.png")
        // Three rows with text; the fourth row is empty.
        for row in 0..<3 { #expect(shot.darkPixelCount(x: 16, y: 44 + 44 * row + 12, width: 200, height: 20) > 20, "row \(row)") }
        #expect(shot.darkPixelCount(x: 16, y: 44 + 44 * 3 + 12, width: 200, height: 20) == 0)
        // "A\u{FFFD}\u{FFFD}B" is wider than "OK".
        let first = shot.darkPixelCount(x: 16, y: 56, width: 200, height: 20)
        let third = shot.darkPixelCount(x: 16, y: 144, width: 200, height: 20)
        #expect(first > third)
    }

    /// sweep-demo with no compositor: what it says about its command line and files comes first.
    private func runDemoAlone(_ arguments: [String]) throws -> (status: Int32?, stderr: String) {
        let directory = try TestDirectory("demo-alone")
        defer { directory.remove() }
        let demo = try ChildProcess(name: "sweep-demo", executable: try builtProduct("sweep-demo"), arguments: arguments,
                                    environment: ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": directory.path], directory: directory.path)
        let status = demo.waitForExit(seconds: 20)
        return (status, demo.stderr)
    }

    @Test func helpListsEveryOptionAndPage() throws {
        let directory = try TestDirectory("demo-help")
        defer { directory.remove() }
        let demo = try ChildProcess(name: "sweep-demo", executable: try builtProduct("sweep-demo"), arguments: ["--help"],
                                    environment: ["PATH": "/usr/bin:/bin"], directory: directory.path)
        #expect(demo.waitForExit(seconds: 20) == 0)
        let help = demo.stdout
        for word in ["--items", "--rows", "--page", "--grid", "--layout", "--theme", "--size", "--tour", "--event-log", "--slow-animations", "--help",
                     "Trails", "Packing", "Filters", "Canvas", "Ctrl+C", "XDG_STATE_HOME", "accessory", "navigate", "pan", "error"] {
            #expect(help.contains(word), "--help does not mention \(word)")
        }
    }

    @Test func anUnreadableItemsFileIsAClearError() throws {
        let missing = try runDemoAlone(["--items", "/nonexistent/items.txt"])
        #expect(missing.status == 1, "\(missing.stderr)")
        #expect(missing.stderr.contains("cannot open /nonexistent/items.txt: No such file or directory"), "\(missing.stderr)")
        let directory = try runDemoAlone(["--items", "/tmp"])
        #expect(directory.status == 1 && directory.stderr.contains("/tmp is a directory"), "\(directory.stderr)")
    }
}
