import Foundation
import SweepPNG
import Testing

/// The demo's pages under the scripted compositor, at 600 x 700 (one page at
/// a time): Trails, Packing list (with its file), Filters and Canvas.
@Suite struct DemoPagesRunTests {
    static let output = #"{"op":"output","width":600,"height":700,"scale":1}"#

    /// Touch tap at a window point.
    private func tap(_ x: Int, _ y: Int) -> String {
        """
        {"op":"touch.down","id":0,"x":\(x),"y":\(y)}
        {"op":"touch.up","id":0}
        {"op":"wait","ms":60}
        """
    }

    private func click(_ x: Int, _ y: Int) -> String {
        """
        {"op":"pointer.move","x":\(x),"y":\(y)}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":60}
        """
    }

    // Trails at 600 wide: a 32 px "Alps" header, then rows of 44 (row 0 centre y 98, row 1 y 142).

    @Test func trailsPushesADetailPageAndBackDeselectsWithAFade() throws {
        let run = try playDemo("""
        \(Self.output)
        {"op":"waitReady"}
        \(tap(200, 142))
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"detail.png"}
        \(tap(40, 22))
        {"op":"wait","ms":30}
        {"op":"screenshot","file":"fading.png"}
        {"op":"wait","ms":3500}
        {"op":"screenshot","file":"faded.png"}
        \(click(200, 98))
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"Escape"}
        {"op":"wait","ms":100}
        """, label: "trails", arguments: ["--page", "trails", "--slow-animations", "10"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let navigation = run.events("navigate").filter { $0["view"] as? String == "trails" }
            .map { ($0["push"] as? String).map { "push \($0)" } ?? "pop" }
        #expect(navigation == ["push trail", "pop", "push trail", "pop"], "\(run.diagnostics)")
        #expect(run.events("navigate").first { $0["push"] != nil }?["title"] as? String == "Haute Route")
        // Selected on the tap, deselected on the way back.
        let selections = run.events("selection").filter { $0["view"] as? String == "trails" }.map(ScriptedDemoRun.ranges)
        #expect(selections == ["[[0,1,1]]", "[]", "[[0,0,0]]", "[]"], "\(selections)")

        let detail = try run.shot("detail.png")
        #expect(detail.accentPixelCount(x: 0, y: 8, width: 100, height: 28) > 20, "the back button")
        #expect(detail.darkPixelCount(x: 20, y: 68, width: 250, height: 24) > 60, "the trail's name on its page")
        #expect(detail.rgb(x: 300, y: 163) == DemoColors.listBackground, "no list rows on the detail page")
        // Back: row 1 still shows some tint, then none (the fade is slowed to 3 s so a loaded machine still catches it).
        let fading = try run.shot("fading.png"), faded = try run.shot("faded.png")
        #expect(fading.rgb(x: 300, y: 125) != DemoColors.listBackground, "mid-fade: \(fading.hex(x: 300, y: 125))")
        #expect(faded.rgb(x: 300, y: 125) == DemoColors.listBackground, "after the fade: \(faded.hex(x: 300, y: 125))")
    }

    @Test func aSwipeInFromTheLeftEdgeGoesBack() throws {
        let run = try playDemo("""
        \(Self.output)
        {"op":"waitReady"}
        \(tap(200, 98))
        {"op":"wait","ms":100}
        {"op":"touch.drag","points":[[4,300]],"by":[200,0],"steps":10,"ms":150}
        {"op":"wait","ms":100}
        {"op":"touch.drag","points":[[200,300]],"by":[200,0],"steps":10,"ms":150}
        {"op":"wait","ms":100}
        """, label: "trails-edge", arguments: ["--page", "trails"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let navigation = run.events("navigate").filter { $0["view"] as? String == "trails" }
            .map { ($0["push"] as? String).map { "push \($0)" } ?? "pop" }
        // The edge swipe pops; a drag from the middle of the list page does not push or pop anything.
        #expect(navigation == ["push trail", "pop"], "\(run.diagnostics)")
    }

    @Test func theDetailButtonShowsInformationAndNeverSelects() throws {
        let run = try playDemo("""
        \(Self.output)
        {"op":"waitReady"}
        \(tap(578, 98))
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"info.png"}
        \(click(578, 142))
        {"op":"wait","ms":100}
        \(tap(300, 600))
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"dismissed.png"}
        """, label: "trails-accessory", arguments: ["--page", "trails"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.events("accessory").map { $0["item"] as? [Int] ?? [] } == [[0, 0], [0, 1]], "\(run.diagnostics)")
        #expect(run.events("select").isEmpty && run.events("navigate").filter { $0["view"] as? String == "trails" }.isEmpty,
                "\(run.diagnostics)")
        #expect(run.events("selection").filter { $0["view"] as? String == "trails" }.isEmpty)
        // The banner: a dark card above the tab bar with light text; a tap dismisses it.
        let info = try run.shot("info.png"), dismissed = try run.shot("dismissed.png")
        let cardY = 700 - 49 - 12 - 60
        #expect(info.rgb(x: 580, y: cardY) == 0x1c1c1e, "\(info.hex(x: 580, y: cardY))")
        #expect(dismissed.rgb(x: 580, y: cardY) != 0x1c1c1e)
    }

    @Test func packingCheckmarksAreSavedAndComeBack() throws {
        let directory = try TestDirectory("packing")
        defer { directory.remove() }
        let first = try playDemo("""
        \(Self.output)
        {"op":"waitReady"}
        \(tap(200, 66))
        \(click(200, 154))
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"checked.png"}
        """, label: "packing", arguments: ["--page", "packing"], directory: directory)
        #expect(first.status == 0, "\(first.diagnostics)")
        let checks = first.events("check").map { "\(($0["item"] as? [Int])?[1] ?? -1) \($0["checked"] as? Bool ?? false)" }
        #expect(checks == ["0 true", "2 true", "3 true"], "\(first.diagnostics)")
        // Each change was saved, and the rows deselected at once.
        #expect(first.events("saved").count == 3)
        #expect(first.events("selection").last.map(ScriptedDemoRun.ranges) == "[]")
        let file = "\(directory.path)/state/sweep/packing-list"
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "# sweep packing list 1\nBoots\nMap\nCompass\n")
        let checked = try first.shot("checked.png")
        #expect(checked.accentPixelCount(x: 556, y: 44, width: 44, height: 44) > 10, "checkmark on row 0")
        #expect(checked.accentPixelCount(x: 556, y: 88, width: 44, height: 44) == 0, "none on row 1")

        // A second run shows them and unchecks one.
        let second = try playDemo("""
        \(Self.output)
        {"op":"waitReady"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"restored.png"}
        \(tap(200, 66))
        {"op":"wait","ms":50}
        """, label: "packing", arguments: ["--page", "packing"], directory: directory)
        #expect(second.status == 0, "\(second.diagnostics)")
        let restored = try second.shot("restored.png")
        #expect(restored.accentPixelCount(x: 556, y: 132, width: 44, height: 44) > 10, "checkmark on row 2 after a restart")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "# sweep packing list 1\nMap\nCompass\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: "\(directory.path)/state/sweep")
        #expect(leftovers == ["packing-list"], "no temporary files left: \(leftovers)")
    }

    @Test func aCorruptPackingFileIsReportedAndMovedAside() throws {
        let directory = try TestDirectory("packing-corrupt")
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: "\(directory.path)/state/sweep", withIntermediateDirectories: true)
        let garbage = Data([0x7b, 0x22, 0xff, 0x00, 0x13])
        try garbage.write(to: URL(fileURLWithPath: "\(directory.path)/state/sweep/packing-list"))
        let run = try playDemo("""
        \(Self.output)
        {"op":"waitReady"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"error.png"}
        \(tap(200, 110))
        """, label: "packing-corrupt", arguments: ["--page", "packing"], directory: directory)
        #expect(run.status == 0, "\(run.diagnostics)")
        let error = run.events("error").first?["message"] as? String ?? ""
        #expect(error.contains("could not be read") && error.contains("packing-list.corrupt-1"), "\(run.diagnostics)")
        #expect(run.process.stderr.contains("packing-list.corrupt-1"))
        // The bad file is kept byte for byte; the new list is saved beside it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(directory.path)/state/sweep/packing-list.corrupt-1")) == garbage)
        #expect(try String(contentsOfFile: "\(directory.path)/state/sweep/packing-list", encoding: .utf8)
                == "# sweep packing list 1\nRain jacket\n")
        let shot = try run.shot("error.png")
        #expect(shot.rgb(x: 580, y: 700 - 49 - 12 - 60) == 0x1c1c1e, "the error banner")
        // Its detail (the long path of the test's folder and what happened) wraps onto a second line
        // instead of being cut at the card's edge: light text in the card's lower line (82 px card, lines at +34 and +52).
        let secondLine = 700 - 49 - 12 - 82 + 52
        var lit = 0
        for y in secondLine..<(secondLine + 14) { for x in 28..<560 where shot.rgb(x: x, y: y) >> 16 & 0xff > 0x80 { lit += 1 } }
        #expect(lit > 40, "no second line of detail in the banner (\(lit) light pixels)")
    }

    @Test func aPackingListThatCannotBeSavedKeepsItsCheckmarksAndSaysSo() throws {
        let directory = try TestDirectory("packing-unwritable")
        defer { directory.remove() }
        // The state directory's place is taken by a file: nothing can be saved there.
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: "\(directory.path)/state"))
        let run = try playDemo("""
        \(Self.output)
        {"op":"waitReady"}
        \(tap(200, 66))
        \(tap(200, 110))
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"unsaved.png"}
        """, label: "packing-unwritable", arguments: ["--page", "packing"], directory: directory)
        #expect(run.status == 0, "\(run.diagnostics)")
        // Reading fails first (the path is not a directory), then each save.
        let errors = run.events("error").map { $0["message"] as? String ?? "" }
        #expect(errors.count == 3 && errors[0].contains("could not be read") && errors[1].contains("Could not save")
                && errors[2].contains("Could not save"), "\(errors)")
        #expect(run.events("check").count == 2, "the checkmarks stay in the app")
        let shot = try run.shot("unsaved.png")
        #expect(shot.accentPixelCount(x: 556, y: 44, width: 44, height: 88) > 20)
    }

    // Filters: "Difficulty" header 44..76, Easy y 98, Moderate 142, Hard 186; "Length" header 208..240, then 262, 306, 350.

    @Test func filtersAreExclusivePerSection() throws {
        let run = try playDemo("""
        \(Self.output)
        {"op":"waitReady"}
        \(tap(200, 186))
        \(click(200, 306))
        \(tap(200, 142))
        {"op":"wait","ms":400}
        {"op":"screenshot","file":"filters.png"}
        """, label: "filters", arguments: ["--page", "filters"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.events("choice").map { $0["title"] as? String ?? "" } == ["Hard", "5 to 15 km", "Moderate"], "\(run.diagnostics)")
        let shot = try run.shot("filters.png")
        let checked = [76, 120, 164, 240, 284, 328].map { shot.accentPixelCount(x: 556, y: $0, width: 44, height: 44) > 10 }
        #expect(checked == [false, true, false, false, true, false], "one checkmark per section: \(checked)")
        #expect(shot.rgb(x: 300, y: 125) == DemoColors.listBackground, "the chosen row does not stay selected")
    }

    // Canvas: the drawing area starts under the 44 px toolbar; Tent is at (40, 40) 120 x 80 in it,
    // Stove at (200, 60) 90 x 70, Rope at (60, 170) 100 x 60.

    /// The band is drawn over the pieces: where its edge crosses a selected (accent) piece, a light
    /// line inside the accent border shows it on top instead of vanishing into the piece.
    @Test func theCanvasBandShowsOverThePiecesItSelects() throws {
        let run = try playDemo("""
        \(Self.output)
        {"op":"waitReady"}
        {"op":"pointer.move","x":20,"y":64}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":60,"y":100}
        {"op":"pointer.move","x":100,"y":144}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"band.png"}
        {"op":"pointer.up","button":"left"}
        """, label: "canvas-band-over", arguments: ["--page", "canvas"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let shot = try run.shot("band.png")
        // The band is (20, 20)-(100, 100) in the drawing area; Tent (40, 40, 120 x 80) is selected under it.
        #expect(shot.accentPixelCount(x: 120, y: 44 + 60, width: 20, height: 20) == 400, "Tent is selected")
        let innerEdge = shot.rgb(x: 98, y: 44 + 80)
        #expect(innerEdge >> 16 & 0xff > 0xc0 && innerEdge >> 8 & 0xff > 0xc0, "the band's edge over Tent: \(shot.hex(x: 98, y: 44 + 80))")
        #expect(shot.accentPixelCount(x: 99, y: 44 + 70, width: 1, height: 20) == 20, "the accent border outside it")
        // Inside the band, Tent is seen through the band's veil: lighter than the accent it has outside.
        let veiled = shot.rgb(x: 70, y: 44 + 70), plain = shot.rgb(x: 130, y: 44 + 70)
        #expect(plain >> 16 & 0xff < 0x20 && veiled >> 16 & 0xff > 0x40, "\(shot.hex(x: 70, y: 44 + 70)) \(shot.hex(x: 130, y: 44 + 70))")
    }

    @Test func canvasBandsExtendWithShiftAndPansMoveAndCancelledPansRestore() throws {
        let run = try playDemo("""
        \(Self.output)
        {"op":"waitReady"}
        {"op":"pointer.drag","from":[20,60],"to":[300,180],"steps":10,"ms":100}
        {"op":"key.down","key":"Shift_L"}
        {"op":"pointer.drag","from":[20,200],"to":[180,250],"steps":10,"ms":100}
        {"op":"key.up","key":"Shift_L"}
        {"op":"pointer.drag","from":[100,120],"to":[150,150],"steps":10,"ms":100}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"moved.png"}
        {"op":"touch.down","id":0,"x":300,"y":170}
        {"op":"touch.move","id":0,"x":320,"y":200}
        {"op":"touch.move","id":0,"x":350,"y":250}
        {"op":"touch.cancel"}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"restored.png"}
        """, label: "canvas", arguments: ["--page", "canvas"])
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let bands = run.events("band").filter { $0["phase"] as? String == "ended" }.map { $0["mode"] as? String ?? "" }
        #expect(bands == ["replace", "extend"], "\(run.diagnostics)")
        let committed = run.events("selection").filter { $0["provisional"] as? Bool == false }.map { $0["items"] as? [Int] ?? [] }
        #expect(committed.prefix(2) == [[0, 1], [0, 1, 3]], "\(committed)")
        let pans = run.events("pan").map { "\($0["state"] as? String ?? "") \(($0["translation"] as? [Double])?.map { Int($0) } ?? [])" }
        #expect(pans.first == "began [0, 0]" && pans.contains("ended [50, 30]") && pans.last?.hasPrefix("cancelled") == true, "\(pans)")
        // After the cancelled touch pan the pieces are where the pointer pan left them.
        let origins = (run.events("pieces").last?["origins"] as? [[Double]]) ?? []
        #expect(origins.count == 9 && origins[0] == [90, 70] && origins[1] == [250, 90] && origins[3] == [110, 200] && origins[2] == [330, 30],
                "\(origins)")
        let moved = try run.shot("moved.png"), restored = try run.shot("restored.png")
        // Tent moved to (90, 70): its old top-left corner is background, its new one is the accent (selected).
        #expect(moved.rgb(x: 45, y: 44 + 45) == DemoColors.listBackground)
        #expect(moved.accentPixelCount(x: 185, y: 44 + 130, width: 10, height: 10) == 100)
        #expect(restored.accentPixelCount(x: 185, y: 44 + 130, width: 10, height: 10) == 100)
    }
}
