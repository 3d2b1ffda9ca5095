import Foundation
import Testing

/// Context menus in xdg_popups, through the scripted compositor: opened by
/// the right button, the Menu key, Shift+F10 and a long press; driven by
/// the pointer, the keyboard and touch; placed on the output near an edge;
/// dismissed by Escape, a click elsewhere and the compositor.
@Suite(.serialized) struct ContextMenuRunTests {
    /// The demo's menu at a right click at (x, y): its rows' centres, from the
    /// menu layout (5 px padding, 30 px rows, a 9 px separator before "Mark").
    private struct DemoMenu {
        let x: Int, y: Int
        func row(_ index: Int) -> Int { y + 5 + 30 * index + 15 + (index >= 4 ? 9 - 30 : 0) }
        var copy: Int { row(0) }
        var selectAll: Int { row(1) }
        var delete: Int { row(2) }
        var mark: Int { row(4) }
    }

    private func move(_ x: Int, _ y: Int) -> String { "{\"op\":\"pointer.move\",\"x\":\(x),\"y\":\(y)}" }

    private func click(_ x: Int, _ y: Int, button: String = "left") -> String {
        [move(x, y), "{\"op\":\"pointer.down\",\"button\":\"\(button)\"}", "{\"op\":\"pointer.up\",\"button\":\"\(button)\"}"]
            .joined(separator: "\n")
    }

    private func menuEvents(_ run: ScriptedDemoRun) -> [String] {
        run.events("menu").map { event in
            let phase = event["phase"] as? String ?? "?"
            switch phase {
            case "shown": return "shown \(event["trigger"] as? String ?? "?") \(event["items"] as? Int ?? -1)"
            case "chosen": return "chosen \(event["id"] as? String ?? "?")"
            default: return phase
            }
        }
    }

    private func frame(_ event: [String: Any]?) -> [Double] { event?["frame"] as? [Double] ?? [] }

    @Test func aRightClickMenuChoosesFromItsSubmenuWithThePointer() throws {
        let menu = DemoMenu(x: 300, y: rowCentre(2))
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(click(menu.x, menu.y, button: "right"))
        {"op":"popup.wait","count":1}
        \(move(menu.x + 20, menu.mark))
        {"op":"popup.wait","count":2}
        \(move(menu.x + 240, menu.mark))
        \(move(menu.x + 240, menu.mark + 60))
        {"op":"screenshot","file":"submenu.png"}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"popup.wait","count":0}
        """, label: "menu-pointer")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(menuEvents(run) == ["shown pointer 1", "chosen mark.blue"], "\(run.diagnostics)")
        // The right click selected the row under it first; the menu did not change the selection.
        #expect(run.committedSelections == ["[[0,2,2]]"], "\(run.diagnostics)")
        let shown = frame(run.events("menu").first)
        #expect(shown.count == 4 && shown[0] == 300 && shown[1] == Double(menu.y), "\(shown)")
        // The submenu is on screen beside the menu, its hovered entry (Blue) in the accent colour.
        let shot = try run.shot("submenu.png")
        let right = Int(shown[0] + shown[2])
        #expect(shot.accentPixelCount(x: right + 4, y: menu.mark + 45, width: 100, height: 30) > 1000)
        #expect(shot.accentPixelCount(x: right + 4, y: menu.mark - 15, width: 100, height: 30) < 50, "Red is not highlighted")
    }

    @Test func theMenuKeyAndShiftF10OpenAtTheFocusedItemAndTheKeyboardDrivesThem() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(click(300, rowCentre(1)))
        {"op":"key.tap","key":"Menu"}
        {"op":"popup.wait","count":1}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Return"}
        {"op":"popup.wait","count":0}
        {"op":"key.down","key":"Shift_L"}
        {"op":"key.tap","key":"F10"}
        {"op":"key.up","key":"Shift_L"}
        {"op":"popup.wait","count":1}
        {"op":"key.tap","key":"m"}
        {"op":"key.tap","key":"Right"}
        {"op":"popup.wait","count":2}
        {"op":"key.tap","key":"Left"}
        {"op":"popup.wait","count":1}
        {"op":"key.tap","key":"Escape"}
        {"op":"popup.wait","count":0}
        \(click(300, rowCentre(4)))
        """, label: "menu-keys")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // Down twice from Copy (highlighted first) is Delete: row 1 goes.
        #expect(menuEvents(run) == ["shown keyboard 1", "chosen delete", "shown keyboard 1", "dismissed"], "\(run.diagnostics)")
        #expect(run.events("delete").compactMap { $0["count"] as? Int } == [1], "\(run.diagnostics)")
        // The menu opened over the focused row, at its left.
        let first = frame(run.events("menu").first)
        #expect(first.count == 4 && first[0] == 24 && first[1] == Double(rowCentre(1)), "\(first)")
        // After Escape the window has the keys and clicks again.
        #expect(run.committedSelections.last == "[[0,4,4]]", "\(run.diagnostics)")
    }

    /// Return chose an entry and closed the menu, whose surface had the
    /// keyboard: its repeat must not go on into the list (it activated the
    /// focused row 25 times a second), neither while Return is held after
    /// the menu closed nor after its release, which came with no focus.
    @Test func returnThatChoosesAMenuEntryNeverRepeatsIntoTheList() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(click(300, rowCentre(1)))
        {"op":"key.tap","key":"Menu"}
        {"op":"popup.wait","count":1}
        {"op":"key.down","key":"Return"}
        {"op":"popup.wait","count":0}
        {"op":"wait","ms":1200}
        {"op":"key.up","key":"Return"}
        {"op":"key.tap","key":"Menu"}
        {"op":"popup.wait","count":1}
        {"op":"key.tap","key":"Escape"}
        {"op":"popup.wait","count":0}
        {"op":"key.tap","key":"Menu"}
        {"op":"popup.wait","count":1}
        {"op":"key.tap","key":"Return"}
        {"op":"popup.wait","count":0}
        {"op":"wait","ms":1200}
        \(click(300, rowCentre(4)))
        """, label: "menu-return-repeat")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(menuEvents(run) == ["shown keyboard 1", "chosen copy", "shown keyboard 1", "dismissed",
                                    "shown keyboard 1", "chosen copy"], "\(run.diagnostics)")
        #expect(run.committedSelections.last == "[[0,4,4]]", "\(run.diagnostics)")
        // Only the two clicks activated rows: no repeated Return reached the list.
        #expect(run.events("activate").count == 2, "\(run.diagnostics)")
    }

    @Test func aLongPressOpensTheMenuAndATapChoosesCopy() throws {
        let menu = DemoMenu(x: 300, y: rowCentre(2))
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"touch.down","id":0,"x":\(menu.x),"y":\(menu.y)}
        {"op":"wait","ms":700}
        {"op":"touch.up","id":0}
        {"op":"popup.wait","count":1}
        {"op":"touch.down","id":1,"x":\(menu.x + 30),"y":\(menu.copy)}
        {"op":"touch.up","id":1}
        {"op":"popup.wait","count":0}
        {"op":"clipboard.save","file":"clip.txt"}
        """, label: "menu-touch")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(menuEvents(run) == ["shown touch 1", "chosen copy"], "\(run.diagnostics)")
        #expect(run.events("editing").isEmpty, "with a menu, a long press does not enter editing mode")
        let copied = try String(contentsOfFile: "\(run.directory.path)/clip.txt", encoding: .utf8)
        #expect(copied == "Cedar Ridge 3\n")
    }

    @Test func nearTheBottomRightCornerTheMenuFlipsToStayOnTheOutput() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(click(780, rowCentre(10), button: "right"))
        {"op":"popup.wait","count":1}
        {"op":"screenshot","file":"flipped.png"}
        {"op":"key.tap","key":"Escape"}
        {"op":"popup.wait","count":0}
        """, label: "menu-edge")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let shown = frame(run.events("menu").first)
        try #require(shown.count == 4, "\(run.diagnostics)")
        #expect(shown[0] + shown[2] <= 800 && shown[1] + shown[3] <= 600, "inside the output: \(shown)")
        #expect(shown[0] < 780 && shown[1] < Double(rowCentre(10)), "flipped up and to the left of the point: \(shown)")
        // Its pixels are there: the menu's border, in the separator colour, where the compositor put it.
        let shot = try run.shot("flipped.png")
        #expect(shot.hex(x: Int(shown[0]), y: Int(shown[1] + shown[3] / 2)) == "#d8d8dc", "\(shown)")
        #expect(menuEvents(run) == ["shown pointer 1", "dismissed"], "\(run.diagnostics)")
    }

    @Test func aClickElsewhereOrTheCompositorDismissesAndNothingElseHappens() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(click(300, rowCentre(2), button: "right"))
        {"op":"popup.wait","count":1}
        \(click(100, rowCentre(5)))
        {"op":"popup.wait","count":0}
        \(click(300, rowCentre(3), button: "right"))
        {"op":"popup.dismiss"}
        {"op":"popup.wait","count":0}
        \(click(300, rowCentre(6), button: "right"))
        {"op":"popup.wait","count":1}
        {"op":"popup.dismiss"}
        {"op":"popup.wait","count":0}
        \(click(100, rowCentre(7)))
        """, label: "menu-dismiss")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // The click that dismissed the first menu selected nothing; the popup the compositor dismissed
        // before it was drawn, and the one after, both end dismissed; the last click works again.
        let menus = menuEvents(run)
        #expect(menus.filter { $0 == "dismissed" }.count == 3, "\(run.diagnostics)")
        #expect(!menus.contains { $0.hasPrefix("chosen") })
        #expect(run.committedSelections == ["[[0,2,2]]", "[[0,3,3]]", "[[0,6,6]]", "[[0,7,7]]"], "\(run.diagnostics)")
    }

    /// Found by the soak: a frame callback's `done` already on its way when a
    /// press closed the menu reached the menu's freed window (SIGSEGV). The
    /// compositor holds the menu's callback while it redraws for the hover,
    /// then sends the press and the `done` in one flush, the press first.
    @Test func aFrameDoneArrivingJustAfterThePressThatClosesTheMenuIsDropped() throws {
        let menu = DemoMenu(x: 300, y: rowCentre(2))
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(click(menu.x, menu.y, button: "right"))
        {"op":"file.wait","file":"events.jsonl","contains":"\\"phase\\":\\"shown\\""}
        {"op":"popup.wait","count":1}
        {"op":"frames.hold"}
        \(move(menu.x + 20, menu.selectAll))
        \(move(100, rowCentre(5)))
        {"op":"frames.release","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"popup.wait","count":0}
        \(click(100, rowCentre(7)))
        """, label: "menu-late-frame")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(menuEvents(run) == ["shown pointer 1", "dismissed"], "\(run.diagnostics)")
        #expect(run.committedSelections == ["[[0,2,2]]", "[[0,7,7]]"], "\(run.diagnostics)")
    }

    @Test func aFileWaitThatNeverHoldsItsTextFailsTheRunNamingIt() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"file.wait","file":"events.jsonl","contains":"no such event","ms":300}
        """, label: "file-wait-fails")
        defer { run.directory.remove() }
        #expect(run.status != 0)
        #expect(run.diagnostics.contains("did not come to hold \"no such event\" within 300 ms"), "\(run.diagnostics)")
    }

    @Test func aDarkGridMenuAtScale2IsDrawnDarkAndSharp() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":2}
        {"op":"waitReady"}
        \(click(58, 102, button: "right"))
        {"op":"popup.wait","count":1}
        {"op":"key.tap","key":"Down"}
        {"op":"screenshot","file":"dark.png"}
        {"op":"key.tap","key":"Escape"}
        """, label: "menu-dark", arguments: ["--grid", "--theme", "dark"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let shown = frame(run.events("menu").first)
        try #require(shown.count == 4, "\(run.diagnostics)")
        let shot = try run.shot("dark.png")
        #expect(shot.width == 1600, "the screenshot is in device pixels")
        // Inside the menu, just above its separator: the dark theme's background.
        let x = Int(shown[0] + shown[2] / 2) * 2, y = Int(shown[1] + 5 + 90 + 2) * 2
        #expect(shot.hex(x: x, y: y) == "#1c1c1e", "\(shown)")
        #expect(shot.accentPixelCount(x: Int(shown[0]) * 2, y: Int(shown[1] + 5) * 2, width: Int(shown[2]) * 2, height: 60) > 4000)
    }
}

/// sweep-pick's menu: right click a record, choose with the keyboard.
@Suite(.serialized) struct PickMenuRunTests {
    @Test func invertSelectionFromTheMenuThenAccept() throws {
        let directory = try TestDirectory("pick-menu")
        defer { directory.remove() }
        let log = "\(directory.path)/events.jsonl"
        let (status, output, process) = try playExample("sweep-pick", script: """
        {"op":"output","width":1024,"height":768,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":100}
        {"op":"pointer.move","x":200,"y":120}
        {"op":"pointer.down","button":"right"}
        {"op":"pointer.up","button":"right"}
        {"op":"popup.wait","count":1}
        {"op":"key.tap","key":"i"}
        {"op":"key.tap","key":"Return"}
        {"op":"popup.wait","count":0}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Return"}
        """, input: "apple\nbanana\ncherry\ndate\n", label: "pick-menu", arguments: ["--event-log", log])
        #expect(status == 0, "\(process.logTail)")
        // The right click selected banana; Invert selection (its first letter) picked the others.
        #expect(output == ["apple", "cherry", "date"], "\(process.logTail)")
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(text.contains("\"id\":\"invert\""), "\(text)")
    }
}
