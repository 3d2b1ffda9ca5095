import Foundation
import Testing

/// sweep-demo read and driven through AT-SPI2 as a screen reader would:
/// a private session bus, the accessibility bus launcher on it, the demo
/// under the scripted compositor, and a pyatspi probe (atspi-probe.py).
@Suite(.serialized) struct AccessibilityRunTests {
    @Test func aScreenReaderReadsTheListSelectsAnItemAndActivatesAnother() throws {
        let session = try ScreenReaderSession("a11y-demo")
        defer { session.stop() }
        let probe = try session.probe("sweep-demo")
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":4500}
        {"op":"pointer.move","x":300,"y":300}
        {"op":"pointer.axis","dy":15,"source":"wheel"}
        {"op":"wait","ms":4000}
        """, label: "a11y-demo", directory: session.directory, environment: session.environment)
        #expect(run.status == 0, "\(run.diagnostics)")
        let seen = try session.seen(probe, within: 15)
        #expect(seen["error"] == nil, "\(seen)\n\(probe.logTail)")
        let app = seen["app"] as? [String: Any]
        #expect(app?["role"] as? String == "application" && app?["toolkit"] as? String == "Sweep" && app?["children"] as? Int == 1,
                "\(String(describing: app))")
        let frame = seen["frame"] as? [String: Any]
        #expect(frame?["role"] as? String == "frame" && frame?["name"] as? String == "Sweep", "\(String(describing: frame))")
        // Multi-selectable in normal mode too: a person selects several there with Shift and Ctrl.
        #expect((seen["listStatesBefore"] as? [String] ?? []).contains("multiselectable"), "\(String(describing: seen["listStatesBefore"]))")
        let list = seen["list"] as? [String: Any]
        // The list is a table of a million rows, one column, each made when a reader asks for it.
        let children = list?["children"] as? Int ?? 0
        #expect(list?["role"] as? String == "table" && children == 1_000_000, "\(String(describing: list))")
        #expect(seen["table"] as? [Int] == [1_000_000, 1], "\(String(describing: seen["table"]))")
        let items = seen["items"] as? [[String: Any]] ?? []
        #expect(items.map { $0["name"] as? String } == ["Amber Ridge 1", "Brisk Ridge 2", "Cedar Ridge 3", "Dusky Ridge 4"], "\(items)")
        #expect(items.first?["description"] as? String == "Item 1 of 1,000,000")
        #expect(items.first?["role"] as? String == "table cell")
        let attributes = items[safe: 1]?["attributes"] as? [String: String]
        #expect(attributes == ["posinset": "2", "setsize": "1000000"], "\(String(describing: attributes))")
        let states = items.first?["states"] as? [String] ?? []
        #expect(states.contains("selectable") && states.contains("focusable") && !states.contains("selected"), "\(states)")
        // Row 1 is 44 px under the toolbar's 44: window coordinates.
        #expect(seen["extents"] as? [Int] == [0, 88, 800, 44], "\(String(describing: seen["extents"]))")
        // SelectChild(2) selected Cedar Ridge 3 through the path input takes, and told the reader so.
        #expect(seen["selectChild"] as? Bool == true && seen["nSelected"] as? Int == 1 && seen["selectedName"] as? String == "Cedar Ridge 3",
                "\(seen)")
        #expect((seen["itemAfter"] as? [String: Any])?["states"].map { ($0 as? [String] ?? []).contains("selected") } == true)
        let events = seen["events"] as? [String] ?? []
        #expect(events.contains("object:selection-changed") && events.contains("object:state-changed:selected"), "\(events)")
        // The toolbar's title said the count in editing mode: its name changed, with an event.
        #expect(events.contains("object:property-change:accessible-name"), "\(events)")
        #expect(run.events("select").last.map { "\($0["item"] ?? "") \($0["source"] ?? "")" } == "[0, 2] accessibility", "\(run.diagnostics)")
        // DoAction(0), "activate", on Dusky Ridge 4: the demo activates row 3.
        #expect(seen["actionName"] as? String == "activate" && seen["activate"] as? Bool == true)
        #expect(run.events("activate").last?["item"] as? [Int] == [0, 3], "\(run.diagnostics)")
        // The toolbar: its Edit button, clicked through Action, put the list in editing mode.
        #expect((seen["toolbar"] as? [String: Any])?["role"] as? String == "tool bar" && seen["buttons"] as? [String] == ["Edit"],
                "\(String(describing: seen["toolbar"])) \(String(describing: seen["buttons"]))")
        #expect(seen["editClicked"] as? Bool == true && run.events("editing").first?["editing"] as? Bool == true, "\(run.diagnostics)")
        #expect(run.events("button").first?["id"] as? String == "edit")
        // The tab bar: a page tab list, the list's tab selected.
        #expect(seen["tabs"] as? [String] == ["List", "Grid", "Trails", "Packing", "Filters", "Canvas"] && seen["selectedTabs"] as? [String] == ["List"],
                "\(String(describing: seen["tabs"])) \(String(describing: seen["selectedTabs"]))")
        // Indices out of range, negative or huge select nothing and break nothing.
        #expect(seen["outOfRange"] as? [Bool] == [true, true, false, false, false], "\(String(describing: seen["outOfRange"]))")
        // SelectAll and ClearSelection go through to the app; every call answers within 50 ms at a million items.
        // The rows selected are counted by the table; the Selection interface lists those on screen.
        #expect(seen["selectAll"] as? Bool == true && seen["selectedRowsAfterAll"] as? Int == 1_000_000, "\(seen)")
        #expect((10...16).contains(seen["selectedAfterAll"] as? Int ?? 0), "\(seen)")
        #expect(seen["clearSelection"] as? Bool == true && seen["selectedAfterClear"] as? Int == 0, "\(seen)")
        #expect(run.committedSelections.suffix(2) == ["[[0,0,999999]]", "[]"], "\(run.diagnostics)")
        let calls = seen["calls"] as? [[Any]] ?? []
        #expect(calls.count == 9 && calls.allSatisfy { ($0.last as? Double ?? 99) < 50 }, "\(calls)")
        // A wheel notch scrolled 3 rows: row 4 is the first showing; the last row is there as ever; a row
        // whose object was let go (2,000 others read since) answers as defunct, not as an unknown object.
        let scrolled = seen["afterScroll"] as? [String: Any]
        #expect(scrolled?["first"] as? String == "Dusky Ridge 4" && scrolled?["children"] as? Int == 1_000_000, "\(String(describing: scrolled))")
        #expect(scrolled?["last"] as? String == "Pine Summit 1,000,000", "\(String(describing: scrolled))")
        #expect(scrolled?["heldStates"] as? [String] == ["defunct"], "\(String(describing: scrolled))")
    }

    /// sweep-pick's filter is an entry: a screen reader reads it and sets it, and the list follows.
    @Test func aScreenReaderSetsThePickersFilter() throws {
        let session = try ScreenReaderSession("a11y-pick")
        defer { session.stop() }
        let probe = try session.probe("sweep-pick", mode: "picker")
        let scriptPath = "\(session.directory.path)/script.jsonl", inputPath = "\(session.directory.path)/input"
        try """
        {"op":"output","width":1024,"height":768,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":4000}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Escape"}
        """.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try "apple\nbanana\ncherry\nmango\n".write(toFile: inputPath, atomically: true, encoding: .utf8)
        let picker = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                      arguments: ["--script", scriptPath, "--", try builtProduct("sweep-pick")],
                                      environment: session.environment, directory: session.directory.path, standardInput: inputPath)
        #expect(picker.waitForExit(seconds: 30) == 1, "Escape cancels: \(picker.logTail)")
        let seen = try session.seen(probe)
        #expect(seen["error"] == nil, "\(seen)\n\(probe.logTail)")
        #expect((seen["entry"] as? [String: Any])?["role"] as? String == "entry", "\(seen)")
        #expect(seen["textBefore"] as? String == "" && seen["set"] as? Bool == true, "\(seen)")
        #expect(seen["itemsBefore"] as? [String] == ["apple", "banana", "cherry", "mango"], "\(seen)")
        // "an" keeps banana and mango, ranked (equal scores: the shorter first); the entry reads it back.
        #expect(seen["itemsAfter"] as? [String] == ["mango", "banana"], "\(seen)")
        #expect(seen["textAfter"] as? String == "an" && seen["characterCount"] as? Int == 2, "\(seen)")
        #expect((seen["status"] as? String)?.contains("of 4 selected") == true, "\(seen)")
        // The new text was announced, so a reader speaks it and drops what it cached.
        #expect((seen["events"] as? [String] ?? []).contains("object:text-changed:insert"), "\(String(describing: seen["events"]))")
    }

    /// The list's scroll bar tells a reader its value at most ten times a second while the list
    /// scrolls, and where it stopped last. It told every frame: under a compositor that does not pace
    /// frames, 150 Down presses were 3,245 events in 2.5 s, which took Orca a minute to get through.
    @Test func aScrollingListTellsItsScrollBarsValueTenTimesASecondAndWhereItStopped() throws {
        let session = try ScreenReaderSession("a11y-scroll-value")
        defer { session.stop() }
        let ready = "\(session.directory.path)/bar-read"
        let probe = try session.probe("sweep-demo", mode: "steps", steps: #"[{"readvalue": ["scroll bar", ""]}, {"touch": "\#(ready)"}, "#
                                      + #"{"wait": 9000}, {"readvalue": ["scroll bar", ""]}]"#)
        let taps = Array(repeating: #"{"op":"key.tap","key":"Down"}"#, count: 150).joined(separator: "\n")
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"pointer.move","x":300,"y":\(rowCentre(0))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"file.wait","file":"\(ready)","contains":"ready","ms":30000}
        {"op":"wait","ms":300}
        \(taps)
        {"op":"file.wait","file":"\(session.output)","contains":"valueChanges","ms":40000}
        """, label: "a11y-scroll-value", directory: session.directory, environment: session.environment)
        #expect(run.status == 0, "\(run.diagnostics)")
        let seen = try session.seen(probe, within: 20)
        #expect(seen["error"] == nil, "\(seen)\n\(probe.logTail)")
        let changes = (seen["valueChanges"] as? [[Any]] ?? []).map { ($0[0] as? Double ?? 0, ($0[safe: 1] as? NSNumber)?.doubleValue) }
        let scrolls = run.events("scroll").filter { $0["view"] as? String == "list" }.compactMap { ($0["offset"] as? NSNumber)?.doubleValue }
        #expect(scrolls.count > 20 && (scrolls.last ?? 0) > 5_000, "the list scrolled far, in many frames: \(scrolls.count)")
        guard let first = changes.first?.0, let last = changes.last else {
            Issue.record("no value change heard: \(seen)")
            return
        }
        // At most one per 100 ms over the time they came in (and the one that started it).
        #expect(Double(changes.count) <= (last.0 - first) * 10 + 2, "\(changes.count) in \(last.0 - first) s")
        // The last one told where the list stopped, which the scroll bar still says (read first at the
        // top, before the list scrolled: a reader that has not seen the scroll bar hears nothing of it).
        let reads = (seen["done"] as? [Any] ?? []).compactMap { $0 as? [Any] }
        #expect(reads.count == 2 && (reads.first?[safe: 2] as? NSNumber)?.doubleValue == 0, "read at the top first: \(reads)")
        let current = reads.last.flatMap { ($0[safe: 2] as? NSNumber)?.doubleValue }
        func near(_ value: Double?) -> Bool { value.map { abs($0 - (scrolls.last ?? -1)) < 0.01 } ?? false }
        #expect(near(last.1) && near(current),
                "told \(String(describing: last.1)), reads \(String(describing: current)), scrolled to \(String(describing: scrolls.last))")
    }

    /// A band played through the scripted compositor: the screen reader hears the change and reads
    /// the items' selected states as the band left them.
    @Test func theItemsSelectedStatesFollowABand() throws {
        let session = try ScreenReaderSession("a11y-band")
        defer { session.stop() }
        let probe = try session.probe("sweep-demo", mode: "band")
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":1500}
        {"op":"pointer.drag","from":[500,\(rowCentre(1))],"to":[520,\(rowCentre(3))],"steps":10,"ms":100}
        {"op":"wait","ms":4000}
        """, label: "a11y-band", directory: session.directory, environment: session.environment)
        #expect(run.status == 0, "\(run.diagnostics)")
        let seen = try session.seen(probe)
        #expect(seen["error"] == nil, "\(seen)\n\(probe.logTail)")
        #expect(seen["selected"] as? [String] == ["Brisk Ridge 2", "Cedar Ridge 3", "Dusky Ridge 4"] && seen["nSelected"] as? Int == 3, "\(seen)")
        let events = seen["events"] as? [String] ?? []
        // One selection-changed for the committed band, none for its provisional steps.
        #expect(events.filter { $0 == "object:selection-changed" }.count == 1, "\(events)")
    }

    /// A context menu is a popup menu of menu items a screen reader reads and clicks. The script
    /// waits for the app's log of the choice, not for the popup: the probe can open and close it
    /// between two looks of a compositor slowed by load.
    @Test func aContextMenuIsAPopupMenuAScreenReaderCanUse() throws {
        let session = try ScreenReaderSession("a11y-menu")
        defer { session.stop() }
        let probe = try session.probe("sweep-demo", mode: "menu")
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":1000}
        {"op":"pointer.move","x":300,"y":\(rowCentre(2))}
        {"op":"pointer.down","button":"right"}
        {"op":"pointer.up","button":"right"}
        {"op":"file.wait","file":"\(session.directory.path)/events.jsonl","contains":"chosen","ms":30000}
        {"op":"popup.wait","count":0,"ms":8000}
        """, label: "a11y-menu", directory: session.directory, environment: session.environment)
        #expect(run.status == 0, "\(run.diagnostics)")
        let seen = try session.seen(probe)
        #expect(seen["error"] == nil, "\(seen)\n\(probe.logTail)")
        let items = (seen["menuItems"] as? [[Any]] ?? []).map { "\($0[0]) \($0[1]) \($0[2])" }
        #expect(items == ["Copy titles menu item 1", "Select All menu item 1", "Delete menu item 1", "Mark menu 1"], "\(items)")
        // Clicked through Action, Select All chose the entry: the menu closed and everything was selected.
        #expect(seen["clicked"] as? Bool == true, "\(seen)")
        #expect(run.events("menu").compactMap { $0["id"] as? String } == ["selectAll"], "\(run.diagnostics)")
        #expect(run.committedSelections.last == "[[0,0,999999]]", "\(run.diagnostics)")
    }

    /// The registry restarting (killed here) forgets every app: Sweep embeds again, and a screen
    /// reader that comes after finds it.
    @Test func afterTheRegistryRestartsTheAppIsFoundAgain() throws {
        let session = try ScreenReaderSession("a11y-registry")
        defer { session.stop() }
        let ready = "\(session.directory.path)/ready.jsonl"
        let killed = Locked(false)
        let probe = Locked<ChildProcess?>(nil)
        // A second after the demo is up (the registry has started and taken the app in by then),
        // the registry is killed, once it is there; a screen reader starts a second later. The
        // demo runs until the probe has written what it saw.
        DispatchQueue.global().async {
            guard waitUntil(seconds: 60, { FileManager.default.fileExists(atPath: ready) }) else { return }
            Thread.sleep(forTimeInterval: 1)
            killed.set(waitUntil(seconds: 60) { session.a11y.killRegistry() })
            Thread.sleep(forTimeInterval: 1)
            probe.set(try? session.probe("sweep-demo", mode: "band"))
        }
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"status","file":"\(ready)"}
        {"op":"file.wait","file":"\(session.output)","contains":"}","ms":60000}
        """, label: "a11y-registry", directory: session.directory, environment: session.environment)
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(killed.get(), "no registry to kill")
        let seen = try session.seen(probe.get())
        #expect(seen["error"] == nil && seen["nSelected"] as? Int == 0, "\(seen)\n\(probe.get()?.logTail ?? "")")
    }

    /// A careless or hostile reader: 100,000 AT-SPI calls, 64 in flight, on random rows of the
    /// million, their states, names, places and cells, and on rows it held from earlier, while the
    /// person deletes rows and puts them back 20 times. Every call is answered, a row let go or
    /// deleted answers as defunct (never "unknown object"), and the app keeps up with the person.
    @Test func aHundredThousandCallsWhileRowsComeAndGoLeaveTheAppResponsive() throws {
        let session = try ScreenReaderSession("a11y-hammer")
        defer { session.stop() }
        let output = "\(session.directory.path)/hammer.json"
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Harness/atspi-hammer.py").path
        let hammer = try ChildProcess(name: "atspi-hammer", executable: "/usr/bin/python3", arguments: [script, "sweep-demo", output, "100000"],
                                      environment: session.environment, directory: session.directory.path)
        defer { hammer.stop() }
        let cycle = """
        {"op":"key.tap","key":"Delete"}
        {"op":"wait","ms":300}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"z"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":300}
        """
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":1500}
        {"op":"pointer.move","x":300,"y":\(rowCentre(1))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.down","key":"Shift_L"}
        {"op":"pointer.move","x":300,"y":\(rowCentre(3))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.up","key":"Shift_L"}
        \(Array(repeating: cycle, count: 20).joined(separator: "\n"))
        {"op":"file.wait","file":"\(output)","contains":"answered","ms":150000}
        """, label: "a11y-hammer", directory: session.directory, environment: session.environment)
        #expect(run.status == 0, "\(run.diagnostics)")
        let seen = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))) as? [String: Any] ?? [:]
        #expect(seen["error"] == nil && seen["answered"] as? Int == 100_000, "\(seen)\n\(hammer.logTail)")
        // Errors only for what a row let go has not (a cell's place: it is no longer in the table); never an
        // unknown object or no answer.
        let errors = seen["errors"] as? [String: Int] ?? [:], failed = seen["failedCalls"] as? [String: Int] ?? [:]
        #expect(Set(errors.keys).isSubset(of: ["org.freedesktop.DBus.Error.UnknownMethod"]) && Set(failed.keys).isSubset(of: ["span"]),
                "\(errors) \(failed)")
        // The person's 20 deletes and undos all happened, each within a second of the one before (600 ms apart).
        let deletes = run.events("delete").compactMap { $0["t"] as? Double }, undos = run.events("undo").compactMap { $0["t"] as? Double }
        #expect(deletes.count == 20 && undos.count == 20, "\(run.diagnostics)")
        let gaps = zip(deletes.dropFirst(), deletes).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 < 1600 }, "the app fell behind the person: \(gaps)")
    }

    /// The accessibility bus going away under a running app: it stops serving and goes on.
    @Test func theAccessibilityBusDroppingTheConnectionLeavesTheAppWorking() throws {
        let session = try ScreenReaderSession("a11y-drop")
        defer { session.stop() }
        let ready = "\(session.directory.path)/ready.jsonl", killedFile = "\(session.directory.path)/killed"
        let killed = Locked(false)
        // Once the demo is up (and a second later, so it has connected), the bus is killed as
        // soon as it exists; the input comes after.
        DispatchQueue.global().async {
            guard waitUntil(seconds: 60, { FileManager.default.fileExists(atPath: ready) }) else { return }
            Thread.sleep(forTimeInterval: 1)
            killed.set(waitUntil(seconds: 60) { session.a11y.killAccessibilityBus() })
            try? "killed\n".write(toFile: killedFile, atomically: true, encoding: .utf8)
        }
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"status","file":"\(ready)"}
        {"op":"file.wait","file":"\(killedFile)","contains":"killed","ms":60000}
        {"op":"wait","ms":300}
        {"op":"pointer.move","x":300,"y":110}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"Down"}
        """, label: "a11y-drop", directory: session.directory, environment: session.environment)
        #expect(killed.get(), "no accessibility bus to kill")
        #expect(run.status == 0, "\(run.diagnostics)")
        // The click selected row 1; Down moved the focus and the selection with it.
        #expect(run.committedSelections == ["[[0,1,1]]", "[[0,2,2]]"], "\(run.diagnostics)")
    }

    /// An accessibility bus that owns its name and never answers (a hung launcher): the app's
    /// calls wait in the background; its first frame and its input do not.
    @Test func aBusThatNeverAnswersCostsNoFrameAndNoInput() throws {
        let directory = try TestDirectory("a11y-hung")
        defer { directory.remove() }
        let bus = try SessionBus(directory: directory)
        defer { bus.stop() }
        let hung = try ChildProcess(name: "hung-a11y-bus", executable: "/usr/bin/python3", arguments: ["-c", """
        import dbus, dbus.lowlevel, time
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib
        DBusGMainLoop(set_as_default=True)
        bus = dbus.SessionBus()
        bus.request_name('org.a11y.Bus')
        # Every call swallowed: none is ever answered.
        bus.add_message_filter(lambda connection, message: dbus.lowlevel.HANDLER_RESULT_HANDLED)
        print('owned', flush=True)
        GLib.MainLoop().run()
        """], environment: bus.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }, directory: directory.path)
        defer { hung.stop() }
        #expect(waitUntil(seconds: 10) { hung.stdout.contains("owned") }, "\(hung.logTail)")
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":300,"y":110}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        """, label: "a11y-hung", directory: directory, environment: bus.environment.merging(["SWEEP_ACCESSIBILITY": "1"]) { $1 })
        #expect(run.status == 0, "\(run.diagnostics)")
        let ready = run.events("ready").first?["t"] as? Double ?? 9999
        #expect(ready < 1000, "the first frame waited for the bus: \(ready) ms")
        #expect(run.committedSelections == ["[[0,1,1]]"], "\(run.diagnostics)")
    }

    @Test func withoutAnAccessibilityBusTheAppSendsNothingAndStartsAsBefore() throws {
        let directory = try TestDirectory("a11y-none")
        defer { directory.remove() }
        let bus = try SessionBus(directory: directory)
        defer { bus.stop() }
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":300,"y":110}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        """, label: "a11y-none", directory: directory, environment: bus.environment)
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.committedSelections == ["[[0,1,1]]"], "\(run.diagnostics)")
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
