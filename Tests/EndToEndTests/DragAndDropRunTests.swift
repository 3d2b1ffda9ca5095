import Foundation
import SweepPNG
import Testing

/// Drag and drop through the scripted compositor: the selection dragged out
/// to another app's window (a drop zone the script places) with the mouse
/// and by touch, as copy and as move; Escape and the compositor cancelling;
/// receivers that never read, read slowly or close early; drops from
/// another app into the demo (a URI list, text that is not UTF-8, more
/// than the 64 MiB a drop may be); reordering in editing mode.
@Suite(.serialized) struct DragAndDropRunTests {
    private func move(_ x: Int, _ y: Int) -> String { "{\"op\":\"pointer.move\",\"x\":\(x),\"y\":\(y)}" }

    private func click(_ x: Int, _ y: Int) -> String {
        [move(x, y), "{\"op\":\"pointer.down\",\"button\":\"left\"}", "{\"op\":\"pointer.up\",\"button\":\"left\"}"].joined(separator: "\n")
    }

    /// Presses on (x, y), moves 20 px to start the drag, waits for it, then goes to (toX, toY) and lets go.
    private func drag(from x: Int, _ y: Int, to toX: Int, _ toY: Int, release: Bool = true) -> String {
        var steps = [move(x, y), "{\"op\":\"pointer.down\",\"button\":\"left\"}", move(x + 10, y + 5), move(x + 20, y + 10),
                     "{\"op\":\"drag.wait\",\"ms\":3000}", move((x + toX) / 2, (y + toY) / 2), move(toX, toY)]
        if release { steps.append("{\"op\":\"pointer.up\",\"button\":\"left\"}") }
        return steps.joined(separator: "\n")
    }

    /// A click on the first row, then Ctrl+A: every item selected, in editing mode.
    private var selectAll: String {
        [click(300, rowCentre(0)), #"{"op":"key.down","key":"Control_L"}"#, #"{"op":"key.tap","key":"a"}"#,
         #"{"op":"key.up","key":"Control_L"}"#].joined(separator: "\n")
    }

    /// A drop zone at the right of the 800 × 600 window.
    private func zone(accepts: [String], actions: [String] = ["copy", "move"], preferred: String = "copy", mode: String = "read",
                      data: Bool = true) -> String {
        let quoted = { (list: [String]) in list.map { "\"\($0)\"" }.joined(separator: ",") }
        return "{\"op\":\"drag.target\",\"x\":600,\"y\":100,\"width\":200,\"height\":300,\"accepts\":[\(quoted(accepts))],"
            + "\"actions\":[\(quoted(actions))],\"preferred\":\"\(preferred)\",\"mode\":\"\(mode)\",\"file\":\"zone.json\""
            + (data ? ",\"data\":\"zone.bin\"" : "") + "}"
    }

    private func zoneOutcome(_ run: ScriptedDemoRun) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(run.directory.path)/zone.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    private func dragPhases(_ run: ScriptedDemoRun) -> [String] {
        run.events("drag").compactMap { event in
            guard let phase = event["phase"] as? String, phase != "target", phase != "action" else { return nil }
            return phase + ((event["action"] as? String).map { " " + $0 } ?? "")
        }
    }

    /// 500 files whose paths need escaping in a URI (spaces, a "#", UTF-8).
    private func fileItems(in directory: TestDirectory) throws -> (path: String, paths: [String]) {
        let paths = (0..<500).map { "/srv/photos/trip #\($0 % 7)/Café \($0).jpg" }
        let path = "\(directory.path)/items.txt"
        try paths.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (path, paths)
    }

    private func uriList(_ paths: [String]) -> String {
        paths.map { "file://" + $0.utf8.map { byte -> String in
            let c = Character(Unicode.Scalar(byte))
            return byte < 128 && (c.isLetter || c.isNumber || "-._~/".contains(c)) ? String(c) : String(format: "%%%02X", byte)
        }.joined() + "\r\n" }.joined()
    }

    @Test func fiveHundredSelectedFilesDragOutAsAURIListAndAMoveDeletesThem() throws {
        let directory = try TestDirectory("dnd-move")
        let (items, paths) = try fileItems(in: directory)
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(zone(accepts: ["text/uri-list"], preferred: "move"))
        \(selectAll)
        \(drag(from: 300, rowCentre(2), to: 700, 250))
        {"op":"wait","ms":200}
        {"op":"screenshot","file":"after.png"}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"z"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":50}
        """, label: "dnd-move", arguments: ["--items", items], directory: directory)
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let outcome = try zoneOutcome(run)
        #expect(outcome["types"] as? [String] == ["text/uri-list", "text/plain;charset=utf-8"], "\(outcome)")
        #expect(outcome["action"] as? String == "move" && outcome["complete"] as? Bool == true, "\(outcome)")
        let received = try String(contentsOfFile: "\(run.directory.path)/zone.bin", encoding: .utf8)
        #expect(received == uriList(paths), "the URIs received: \(received.prefix(300))")
        #expect(dragPhases(run) == ["dropped", "finished move"], "\(run.diagnostics)")
        // The receiver took them: they went from the list (and Ctrl+Z put them back, selected).
        #expect(run.events("delete").compactMap { $0["count"] as? Int } == [500], "\(run.diagnostics)")
        let counts = run.events("items").filter { $0["view"] as? String == "list" }.compactMap { $0["count"] as? Int }
        #expect(counts.suffix(2) == [0, 500], "\(counts)")
    }

    @Test func aCopyKeepsTheItemsAndTheIconShowsTheCount() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(zone(accepts: ["text/plain;charset=utf-8"], actions: ["copy"]))
        \(click(300, rowCentre(1)))
        {"op":"key.down","key":"Shift_L"}
        \(click(300, rowCentre(4)))
        {"op":"key.up","key":"Shift_L"}
        \(drag(from: 300, rowCentre(2), to: 400, 300, release: false))
        {"op":"screenshot","file":"icon.png"}
        \(move(700, 250))
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":200}
        """, label: "dnd-copy")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let outcome = try zoneOutcome(run)
        #expect(outcome["action"] as? String == "copy", "\(outcome)")
        let received = try String(contentsOfFile: "\(run.directory.path)/zone.bin", encoding: .utf8)
        #expect(received == "Brisk Ridge 2\nCedar Ridge 3\nDusky Ridge 4\nEarly Ridge 5\n")
        #expect(dragPhases(run) == ["dropped", "finished copy"], "\(run.diagnostics)")
        #expect(run.events("delete").isEmpty && run.committedSelections.last == "[[0,1,4]]", "a copy leaves the items and the selection")
        // Under the pointer the icon: a 220 × 40 card framed in the accent, the first title, the count in a badge.
        let icon = try run.shot("icon.png")
        #expect(icon.hex(x: 400, y: 320) == "#0a6cdf" && icon.hex(x: 619, y: 320) == "#0a6cdf", "the card's frame: \(icon.hex(x: 400, y: 320))")
        #expect(icon.darkPixelCount(x: 410, y: 305, width: 120, height: 30) > 40, "the title \"Brisk Ridge 2\"")
        #expect(icon.accentPixelCount(x: 560, y: 305, width: 55, height: 30) > 150, "the badge with 4")
    }

    @Test func escapeAndTheCompositorCancelADragAndNothingIsLost() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(zone(accepts: ["text/plain;charset=utf-8"]))
        \(click(300, rowCentre(3)))
        \(drag(from: 300, rowCentre(3), to: 700, 250, release: false))
        {"op":"key.tap","key":"Escape"}
        {"op":"pointer.up","button":"left"}
        \(drag(from: 300, rowCentre(3), to: 400, 300, release: false))
        {"op":"drag.cancel"}
        {"op":"pointer.up","button":"left"}
        \(drag(from: 300, rowCentre(3), to: 300, 5))
        {"op":"wait","ms":100}
        \(click(300, rowCentre(6)))
        """, label: "dnd-cancel")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // Escape, the compositor, and a drop on the toolbar (which takes nothing) each cancel.
        #expect(dragPhases(run) == ["cancelled", "cancelled", "cancelled"], "\(run.diagnostics)")
        #expect(!FileManager.default.fileExists(atPath: "\(run.directory.path)/zone.json"), "the zone got nothing")
        #expect(run.events("delete").isEmpty)
        #expect(run.committedSelections == ["[[0,3,3]]", "[[0,6,6]]"], "the click after works: \(run.diagnostics)")
    }

    /// Found by hostile input: the client quitting while a drag it started
    /// was over its own window crashed the scripted compositor (19 runs of
    /// 20), which sent `leave` on the client's data device already gone;
    /// and `status` after a `close` crashed it too.
    @Test func theClientQuittingMidDragAndAStatusAfterItLeaveTheCompositorStanding() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(click(300, rowCentre(3)))
        \(drag(from: 300, rowCentre(3), to: 300, rowCentre(7), release: false))
        {"op":"close"}
        {"op":"wait","ms":800}
        {"op":"status","file":"status.jsonl"}
        """, label: "dnd-quit")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let status = (try? String(contentsOfFile: "\(run.directory.path)/status.jsonl", encoding: .utf8)) ?? ""
        #expect(!status.isEmpty, "the status after the client left was written: \(run.diagnostics)")
    }

    /// A receiver that never reads (a stalled app) or closes at once: a million titles (15 MB, far more
    /// than a pipe holds) are being written; the app goes on taking clicks.
    @Test(arguments: ["stall", "close"])
    func aReceiverThatNeverReadsOrClosesEarlyLeavesTheAppResponsive(mode: String) throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(zone(accepts: ["text/plain;charset=utf-8"], mode: mode, data: false))
        \(selectAll)
        \(drag(from: 300, rowCentre(1), to: 700, 250))
        \(click(100, rowCentre(5)))
        {"op":"wait","ms":100}
        """, label: "dnd-\(mode)")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let outcome = try zoneOutcome(run)
        #expect(outcome["dropped"] as? Bool == true, "\(outcome)")
        // The click after the drop selects row 5: the app never waited for the receiver.
        #expect(run.committedSelections.last == "[[0,5,5]]", "\(run.diagnostics)")
    }

    @Test func aReceiverThatReadsSlowlyGetsEveryByte() throws {
        let directory = try TestDirectory("dnd-slow")
        let (items, paths) = try fileItems(in: directory)
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(zone(accepts: ["text/uri-list"], mode: "slow"))
        \(selectAll)
        \(drag(from: 300, rowCentre(1), to: 700, 250))
        \(click(100, rowCentre(5)))
        {"op":"wait","ms":100}
        """, label: "dnd-slow", arguments: ["--items", items], directory: directory)
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(try zoneOutcome(run)["complete"] as? Bool == true)
        let received = try String(contentsOfFile: "\(run.directory.path)/zone.bin", encoding: .utf8)
        #expect(received == uriList(paths), "a slow reader still gets every byte")
        #expect(run.committedSelections.last == "[[0,5,5]]", "\(run.diagnostics)")
    }

    @Test func aLongPressThenMovingDragsByTouchAndClosesTheMenu() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(zone(accepts: ["text/plain;charset=utf-8"]))
        {"op":"touch.down","id":0,"x":300,"y":\(rowCentre(2))}
        {"op":"wait","ms":700}
        {"op":"popup.wait","count":1}
        {"op":"touch.move","id":0,"x":320,"y":\(rowCentre(2) + 6)}
        {"op":"drag.wait","ms":3000}
        {"op":"popup.wait","count":0}
        {"op":"touch.move","id":0,"x":500,"y":200}
        {"op":"touch.move","id":0,"x":700,"y":220}
        {"op":"touch.up","id":0}
        {"op":"wait","ms":200}
        {"op":"touch.down","id":0,"x":300,"y":\(rowCentre(5))}
        {"op":"touch.up","id":0}
        {"op":"wait","ms":100}
        """, label: "dnd-touch")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.events("menu").compactMap { $0["phase"] as? String } == ["shown", "dismissed"], "\(run.diagnostics)")
        #expect(dragPhases(run) == ["dropped", "finished copy"], "\(run.diagnostics)")
        let received = try String(contentsOfFile: "\(run.directory.path)/zone.bin", encoding: .utf8)
        #expect(received == "Cedar Ridge 3\n")
        // The touch the drag took is let go: the next tap selects.
        #expect(run.committedSelections.last == "[[0,5,5]]", "\(run.diagnostics)")
    }

    @Test func aURIListDroppedFromAnotherAppAddsItemsWhereItLands() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"drag.offer","text":"# two files\\r\\nfile:///tmp/a%20b.txt\\r\\nfile://localhost/tmp/caf%C3%A9.png\\r\\nhttps://example.org/x\\r\\n","mimes":["text/uri-list"],"x":300,"y":\(rowCentre(1) + 10)}
        {"op":"pointer.move","x":300,"y":\(rowCentre(2) + 12)}
        {"op":"screenshot","file":"over.png"}
        {"op":"drag.accepted"}
        {"op":"drag.drop"}
        {"op":"wait","ms":100}
        \(click(300, rowCentre(3)))
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"c"}
        {"op":"key.up","key":"Control_L"}
        {"op":"clipboard.save","file":"clip.txt"}
        """, label: "dnd-drop-in")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // Over the lower half of row 2 the drop goes before row 3: a line is drawn there.
        let over = try run.shot("over.png")
        let lineY = 44 + 44 * 3
        #expect(over.accentPixelCount(x: 0, y: lineY - 2, width: 800, height: 4) > 1500, "no insertion line at y \(lineY)")
        let drops = run.events("drop")
        #expect(drops.count == 1 && drops[0]["count"] as? Int == 3 && drops[0]["at"] as? Int == 3, "\(run.diagnostics)")
        // The items are the paths and the URI that is not a file; row 3 is the first.
        let copied = try String(contentsOfFile: "\(run.directory.path)/clip.txt", encoding: .utf8)
        #expect(copied == "/tmp/a b.txt\n")
        #expect(run.events("items").filter { $0["view"] as? String == "list" }.last?["count"] as? Int == 1_000_003)
    }

    /// A type the app takes nothing of: it never accepts, and a script waiting for that fails, naming it.
    @Test func aDragOfATypeTheAppCannotTakeIsNeverAccepted() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"drag.offer","text":"not an image","mimes":["image/png"],"x":300,"y":\(rowCentre(1))}
        {"op":"drag.accepted","ms":500}
        """, label: "dnd-never-accepted")
        defer { run.directory.remove() }
        #expect(run.status != 0)
        #expect(run.process.stderr.contains("script line 4: the client did not accept the drag within 500 ms"), "\(run.diagnostics)")
    }

    @Test func dropsThatAreNotUTF8OrTooLargeLoseNothingAndCrashNothing() throws {
        let directory = try TestDirectory("dnd-bad-drops")
        var bytes = [UInt8]("good line\n".utf8) + [0xFF, 0xFE, 0x41, 0xC3, 0x0A] + [UInt8]("tail\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: "\(directory.path)/bad.txt"))
        // 100 MB of lines: more than a drop may be (64 MiB).
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 1023) + [0x0A]
        bytes = []
        bytes.reserveCapacity(100 << 20)
        for _ in 0..<(100 << 10) { bytes += line }
        try Data(bytes).write(to: URL(fileURLWithPath: "\(directory.path)/huge.txt"))
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"drag.offer","file":"bad.txt","mimes":["text/plain;charset=utf-8"],"x":300,"y":\(rowCentre(0) - 10)}
        {"op":"drag.accepted"}
        {"op":"drag.drop"}
        {"op":"drag.offer","file":"huge.txt","mimes":["text/plain;charset=utf-8"],"x":300,"y":\(rowCentre(0) - 10)}
        {"op":"drag.accepted"}
        {"op":"drag.drop","timeout":30000}
        {"op":"wait","ms":200}
        \(click(300, rowCentre(4)))
        """, label: "dnd-bad-drops", directory: directory)
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.events("drop").compactMap { $0["count"] as? Int } == [3], "\(run.diagnostics)")
        let errors = run.events("error").compactMap { $0["message"] as? String }
        #expect(errors.contains { $0.contains("64 MiB") }, "\(errors)")
        // The app still takes clicks; the three items went in above the top row, which stayed put, so row 4 shows item 7.
        #expect(run.committedSelections.last == "[[0,7,7]]", "\(run.diagnostics)")
    }

    @Test func draggingSelectedRowsInEditingModeReordersThemAndTheSelectionFollows() throws {
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(click(300, rowCentre(1)))
        {"op":"key.down","key":"Shift_L"}
        \(click(300, rowCentre(3)))
        {"op":"key.up","key":"Shift_L"}
        \(drag(from: 300, rowCentre(2), to: 330, rowCentre(7) + 14, release: false))
        {"op":"screenshot","file":"hover.png"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":100}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"c"}
        {"op":"key.up","key":"Control_L"}
        {"op":"clipboard.save","file":"clip.txt"}
        {"op":"screenshot","file":"after.png"}
        """, label: "dnd-reorder")
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // Before row 8 is position 5 once the three moved out: they are rows 5–7, still selected.
        #expect(run.events("move").first?["to"] as? Int == 5, "\(run.diagnostics)")
        #expect(run.committedSelections.last == "[[0,5,7]]", "\(run.diagnostics)")
        let copied = try String(contentsOfFile: "\(run.directory.path)/clip.txt", encoding: .utf8)
        #expect(copied == "Brisk Ridge 2\nCedar Ridge 3\nDusky Ridge 4\n")
        // A reorder is no drag out: nothing was deleted, no drag ended.
        #expect(run.events("delete").isEmpty && dragPhases(run).filter { $0 != "dropped" }.isEmpty, "\(run.diagnostics)")
        let hover = try run.shot("hover.png"), after = try run.shot("after.png")
        #expect(hover.accentPixelCount(x: 100, y: 44 + 44 * 8 - 2, width: 600, height: 4) > 1000, "the line before row 8")
        for row in 0..<10 { #expect(after.rowIsTinted(row) == (5...7).contains(row), "row \(row)") }
    }

    /// A drag whose source offered a type it has no data for (sweep-copy --drag-type): the receiver
    /// reads nothing, the drag finishes, and the source goes on to serve the next drag.
    @Test func aTypeOfferedWithNoDataReadsAsNothingAndTheNextDragWorks() throws {
        let directory = try TestDirectory("dnd-no-data")
        defer { directory.remove() }
        let path = directory.path
        func dragOut(to accepts: String, action: String, file: String) -> String {
            """
            {"op":"drag.target","x":600,"y":0,"width":200,"height":600,"accepts":["\(accepts)"],"actions":["\(action)"],"preferred":"\(action)","file":"\(path)/\(file).json","data":"\(path)/\(file).bin"}
            \(drag(from: 100, 20, to: 700, 25))
            """
        }
        let (status, output, process) = try playExample("sweep-copy", script: """
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        \(dragOut(to: "application/x-nothing", action: "copy", file: "empty"))
        \(dragOut(to: "text/plain;charset=utf-8", action: "move", file: "text"))
        {"op":"wait","ms":100}
        """, input: "", label: "dnd-no-data", arguments: ["--drag", "--drag-type", "application/x-nothing", "hello there"])
        #expect(status == 0, "\(process.logTail)")
        #expect(output == ["finished copy", "finished move"], "\(process.logTail)")
        let empty = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(path)/empty.json"))) as? [String: Any]
        #expect(empty?["bytes"] as? Int == 0 && empty?["complete"] as? Bool == true, "\(String(describing: empty))")
        #expect(try String(contentsOfFile: "\(path)/text.bin", encoding: .utf8) == "hello there")
    }

    /// sweep-pick --images: the picked files drag out as a URI list (relative paths made absolute).
    @Test func thePickerDragsPickedFilesOutAsURIs() throws {
        let directory = try TestDirectory("dnd-pick")
        defer { directory.remove() }
        let path = directory.path
        let (status, _, process) = try playExample("sweep-pick", script: """
        {"op":"output","width":1024,"height":768,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":100}
        {"op":"drag.target","x":500,"y":56,"width":140,"height":300,"accepts":["text/uri-list"],"file":"\(path)/zone.json","data":"\(path)/zone.bin"}
        \(click(200, 78))
        {"op":"key.down","key":"Control_L"}
        \(click(200, 122))
        {"op":"key.up","key":"Control_L"}
        \(drag(from: 200, 78, to: 560, 150))
        {"op":"wait","ms":100}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Escape"}
        """, input: "/srv/a photo.png\nrelative/b.jpg\n/srv/c.png\n", label: "dnd-pick", arguments: ["--images"])
        #expect(status == 1, "Escape ends the picker with 1: \(process.logTail)")
        let received = try String(contentsOfFile: "\(path)/zone.bin", encoding: .utf8)
        #expect(received == "file:///srv/a%20photo.png\r\nfile://\(FileManager.default.currentDirectoryPath)/relative/b.jpg\r\n", "\(received)")
    }
}
