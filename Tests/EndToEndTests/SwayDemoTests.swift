import Foundation
import SweepPNG
import Testing

/// sweep-demo under a real sway (headless, pixman renderer).
@Suite(.serialized) struct SwayDemoTests {
    /// Runs `body` with a fresh sway and the demo in it; stops both after.
    private func withDemo(_ label: String, arguments: [String] = [], environment: [String: String] = [:],
                          before: ((HeadlessSway) throws -> Void)? = nil,
                          _ body: (HeadlessSway, DemoClient) throws -> Void) throws {
        let sway = try HeadlessSway(label: label)
        defer { sway.stop() }
        try before?(sway)
        let demo = try DemoClient(under: sway, arguments: ["--layout", "tabs"] + arguments, directory: sway.directory.path,
                                  environment: environment)
        defer { demo.stop() }
        try body(sway, demo)
    }

    /// The demo's first frame: toolbar, white list, and text in the first row.
    private func showsFirstFrame(_ shot: PNGImage) -> Bool {
        shot.rgb(x: 10, y: 10) == DemoColors.toolbar && shot.rgb(x: 600, y: 300) == DemoColors.listBackground
    }

    @Test func drawsItsFirstFrameWithText() throws {
        try withDemo("first-frame") { sway, demo in
            let (shot, ready) = try sway.screenshot(within: 15, until: showsFirstFrame)
            #expect(ready, "no demo frame: pixel (10,10) is \(shot.hex(x: 10, y: 10))\n\(demo.logTail)\n\(sway.logTail)")
            // The tiled window fills the 1024x768 output.
            #expect(shot.width == 1024 && shot.height == 768)
            // The title of row 1 ("Amber Ridge 1") is drawn in dark text left of centre.
            let titleInk = shot.darkPixelCount(x: 16, y: 48, width: 200, height: 20)
            #expect(titleInk > 60, "too little text in the first row: \(titleInk) dark pixels")
            // Nothing is drawn in the empty right half of the same row.
            #expect(shot.darkPixelCount(x: 500, y: 48, width: 400, height: 36) == 0)
            // The toolbar's title is centred.
            #expect(shot.darkPixelCount(x: 412, y: 10, width: 200, height: 24) > 80)
        }
    }

    @Test func takesTheSizeSwayConfigures() throws {
        try withDemo("resize") { sway, demo in
            _ = try sway.screenshot(within: 15, until: showsFirstFrame)
            try sway.command("[app_id=org.sweep.Demo] floating enable, resize set 600 400, move position 0 0")
            let (shot, resized) = try sway.screenshot(within: 10) { shot in
                shot.rgb(x: 598, y: 10) == DemoColors.toolbar && shot.rgb(x: 602, y: 10) == DemoColors.desktop
                    && shot.rgb(x: 300, y: 398) != DemoColors.desktop && shot.rgb(x: 300, y: 402) == DemoColors.desktop
            }
            #expect(resized, "window is not 600x400 at (0,0): (598,10)=\(shot.hex(x: 598, y: 10)) (602,10)=\(shot.hex(x: 602, y: 10)) (300,398)=\(shot.hex(x: 300, y: 398))\n\(demo.logTail)")
            // The title re-centres in the new width.
            #expect(shot.darkPixelCount(x: 200, y: 10, width: 200, height: 24) > 80)
        }
    }

    @Test func rendersCrispAtScaleTwo() throws {
        try withDemo("scale2", before: { sway in try sway.command("output HEADLESS-1 scale 2") }) { sway, demo in
            // At scale 2 the 1024x768 output is 512x384 logical; the toolbar is 88 device pixels tall.
            let (shot, ready) = try sway.screenshot(within: 15) { shot in
                shot.rgb(x: 10, y: 80) == DemoColors.toolbar && shot.rgb(x: 600, y: 120) == DemoColors.listBackground
            }
            #expect(ready, "no scale-2 frame: (10,80)=\(shot.hex(x: 10, y: 80))\n\(demo.logTail)")
            // A row's separator is one device pixel (a scale-1 buffer stretched by the compositor would make it two).
            let separatorY = (DemoColors.toolbarHeight + DemoColors.rowHeight) * 2 - 1
            #expect(shot.rgb(x: 400, y: separatorY) == DemoColors.separator, "separator at y=\(separatorY): \(shot.hex(x: 400, y: separatorY))")
            #expect(shot.rgb(x: 400, y: separatorY - 1) == DemoColors.listBackground)
            #expect(shot.rgb(x: 400, y: separatorY + 1) == DemoColors.listBackground)
            // Text is drawn at the device size: the first title holds about four times the ink of scale 1.
            let ink = shot.darkPixelCount(x: 32, y: 96, width: 400, height: 40)
            #expect(ink > 250, "too little text ink at scale 2: \(ink)")
        }
    }

    @Test func scrollsWithTheKeyboard() throws {
        try withDemo("keys") { sway, demo in
            let (first, ready) = try sway.screenshot(within: 15, until: showsFirstFrame)
            #expect(ready, "\(demo.logTail)")
            // The scroll indicator (black at 35% over white; separators are lighter) starts at the top right.
            let indicatorX = 1024 - 5
            #expect(first.darkPixelCount(x: indicatorX - 2, y: 48, width: 4, height: 30, threshold: 190) > 0)
            try sway.type(["-k", "End"])
            let (end, movedToEnd) = try sway.screenshot(within: 10) { shot in
                // The list ends at the tab bar (768 - 49).
                shot.darkPixelCount(x: indicatorX - 2, y: 685, width: 4, height: 30, threshold: 190) > 0
            }
            #expect(movedToEnd, "End did not scroll to the bottom\n\(demo.logTail)")
            #expect(end.darkPixelCount(x: indicatorX - 2, y: 48, width: 4, height: 30, threshold: 190) == 0)
            try sway.type(["-k", "Home"])
            let (_, backHome) = try sway.screenshot(within: 10) { shot in
                shot.darkPixelCount(x: 16, y: 48, width: 200, height: 20) > 60
                    && shot.darkPixelCount(x: indicatorX - 2, y: 48, width: 4, height: 30, threshold: 190) > 0
            }
            #expect(backHome, "Home did not scroll back to the top")
            try sway.type(["-k", "Page_Down"])
            let (paged, changed) = try sway.screenshot(within: 10) { shot in
                shot.rgba != first.rgba
            }
            #expect(changed, "Page Down changed nothing")
            _ = paged
        }
    }

    /// Scrolling copies the rows that stay visible from the frame before
    /// (sway keeps buffers for a while, so frames are drawn into buffers of
    /// age 2 and more): after glides down and up, the picture must be the one
    /// the app draws afresh at the same place, after a tab switch away and back.
    @Test func aListScrolledByCopyingShowsWhatItShowsWhenDrawnAfresh() throws {
        try withDemo("scroll-copy") { sway, demo in
            let (first, ready) = try sway.screenshot(within: 15, until: showsFirstFrame)
            #expect(ready, "\(demo.logTail)")
            try sway.type(["-k", "Page_Down", "-k", "Page_Down", "-k", "Down", "-k", "Page_Down", "-k", "Up", "-k", "Up"])
            var previous = first
            let (scrolled, settled) = try sway.screenshot(within: 10) { shot in
                defer { previous = shot }
                return shot.rgba != first.rgba && shot.rgba == previous.rgba
            }
            #expect(settled, "the list did not scroll and come to rest\n\(demo.logTail)")
            try sway.type(["-M", "ctrl", "-k", "2", "-m", "ctrl"])
            let (_, away) = try sway.screenshot(within: 5) { $0.rgba != scrolled.rgba }
            #expect(away, "Ctrl+2 showed no other tab")
            try sway.type(["-M", "ctrl", "-k", "1", "-m", "ctrl"])
            let (redrawn, same) = try sway.screenshot(within: 5) { $0.rgba == scrolled.rgba }
            #expect(same, "scrolling left pixels that a fresh drawing does not: \(redrawn.differingPixels(from: scrolled)) differ")
        }
    }

    /// user + system clock ticks a process has used, from /proc/PID/stat.
    private func cpuTicks(_ pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name (which may hold spaces) start after the last ')'.
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        return Int(fields[11])! + Int(fields[12])!
    }

    @Test func usesNoCPUWhileIdle() throws {
        try withDemo("idle") { sway, demo in
            _ = try sway.screenshot(within: 15, until: showsFirstFrame)
            usleep(500_000)
            let before = try cpuTicks(demo.process.pid)
            sleep(3)
            let after = try cpuTicks(demo.process.pid)
            // A tick is 10 ms; an idle client sleeps in poll and wakes for nothing.
            #expect(after - before <= 1, "sweep-demo used \(after - before) ticks in 3 idle seconds")
        }
    }

    /// Each frame asks `wp_presentation` when it was shown (headless sway 1.7
    /// answers only `discarded`: its headless output reports no presentation),
    /// and with late latching asked for (`SWEEP_LATE_LATCH_MS`) but no frame
    /// ever shown to predict from, frames are drawn at once as before.
    @Test func framesAskWhenTheyWereShown() throws {
        try withDemo("presentation", environment: ["WAYLAND_DEBUG": "1", "SWEEP_LATE_LATCH_MS": "5"]) { sway, demo in
            let (_, ready) = try sway.screenshot(within: 15, until: showsFirstFrame)
            #expect(ready, "\(demo.logTail)")
            usleep(300_000)
            try sway.type(["-k", "End"])
            // End glides to the last row over several frames.
            usleep(1_500_000)
            #expect(try sway.screenshot().rgb(x: 10, y: 10) == DemoColors.toolbar)
            let log = demo.process.stderr
            let requests = log.components(separatedBy: "-> wp_presentation@").count - 1
            let commits = log.components(separatedBy: ".commit()").count - 1
            #expect(requests >= 3 && requests <= commits, "\(requests) feedback requests for \(commits) commits")
            #expect(demo.process.isRunning, "\(demo.logTail)")
        }
    }

    /// The tour announces each step once it is on screen; a screenshot of each
    /// step differs from every other (no step repeats an earlier picture).
    @Test func playsTheTourAndExits() throws {
        try withDemo("tour", arguments: ["--tour"]) { sway, demo in
            var shots: [(step: String, image: PNGImage)] = []
            var announced = 0
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                let steps = demo.process.stdout.split(separator: "\n").filter { $0.hasPrefix("tour: ") }
                if steps.count > announced {
                    // A step stays on screen for at least 300 ms after it is announced.
                    announced = steps.count
                    shots.append((String(steps[announced - 1].dropFirst(6)), try sway.screenshot()))
                }
                if demo.process.waitForExit(seconds: 0.02) != nil { break }
            }
            let status = demo.process.waitForExit(seconds: 5)
            #expect(status == 0, "\(demo.logTail)")
            #expect(demo.process.stdout == ["top", "scrolled", "middle", "end", "selection", "sweep", "band", "trails", "trail", "back", "packing", "filters", "canvas"].map { "tour: \($0)\n" }.joined())
            #expect(shots.count == 13, "screenshots of \(shots.map(\.step))")
            for (index, shot) in shots.enumerated() {
                for earlier in shots[..<index] where earlier.image == shot.image {
                    Issue.record("the tour's step \(shot.step) looks the same as its step \(earlier.step)")
                }
            }
        }
    }

    /// At 1024 x 768 the list and the grid share the window; Ctrl+2 opens
    /// Trails, Down and Return push a trail's page, Escape comes back.
    @Test func showsTheSplitViewAndTheTrailsPageFlow() throws {
        let headerGrey: UInt32 = 0xf2f2f7
        try withDemo("split", arguments: ["--layout", "auto", "--rows", "200"]) { sway, demo in
            let (split, ready) = try sway.screenshot(within: 15) { shot in
                shot.rgb(x: 512, y: 300) == DemoColors.separator && shot.rgb(x: 513 + 8 + 50, y: 44 + 8 + 80) == DemoColors.rowHover
            }
            #expect(ready, "no split view: \(split.hex(x: 512, y: 300)) \(split.hex(x: 571, y: 132))\n\(demo.logTail)")
            #expect(split.darkPixelCount(x: 16, y: 48, width: 200, height: 20) > 60, "list text on the left")
            #expect(split.darkPixelCount(x: 513 + 8, y: 52, width: 100, height: 20) > 20, "cell text on the right")
            #expect(split.accentPixelCount(x: 0, y: 719, width: 204, height: 49) > 20, "the Items tab is selected")
            try sway.type(["-M", "ctrl", "2", "-m", "ctrl"])
            let (trails, shown) = try sway.screenshot(within: 10) { $0.rgb(x: 300, y: 50) == headerGrey }
            #expect(shown, "Ctrl+2 did not show Trails: \(trails.hex(x: 300, y: 50))\n\(demo.logTail)")
            #expect(trails.rgb(x: 512, y: 300) != DemoColors.separator, "one page, no divider")
            #expect(trails.accentPixelCount(x: 1024 - 44, y: 76, width: 44, height: 44) > 10, "the detail button")
            try sway.type(["-k", "Down", "-k", "Return"])
            let (detail, pushed) = try sway.screenshot(within: 10) { shot in
                shot.accentPixelCount(x: 0, y: 8, width: 100, height: 28) > 20 && shot.rgb(x: 300, y: 50) != headerGrey
            }
            #expect(pushed, "Return did not push the trail's page\n\(demo.logTail)")
            #expect(detail.darkPixelCount(x: 20, y: 68, width: 300, height: 24) > 60, "the trail's name")
            try sway.type(["-k", "Escape"])
            let (back, popped) = try sway.screenshot(within: 10) { shot in
                shot.rgb(x: 300, y: 50) == headerGrey && shot.accentPixelCount(x: 0, y: 8, width: 100, height: 28) == 0
            }
            #expect(popped, "Escape did not come back: \(back.hex(x: 300, y: 50))\n\(demo.logTail)")
        }
    }

    /// The Menu key opens the context menu in an xdg_popup sway places and
    /// draws; Enter chooses its first enabled entry, Select All.
    @Test func theMenuKeyOpensAPopupMenuAndEnterChoosesFromIt() throws {
        try withDemo("menu") { sway, demo in
            let (_, ready) = try sway.screenshot(within: 15, until: showsFirstFrame)
            #expect(ready, "\(demo.logTail)")
            try sway.type(["-k", "Menu"])
            // With nothing focused the menu opens at the list's top-left corner (24, 44 + 24); Select All,
            // the first enabled entry (nothing is selected to copy or delete), is highlighted in the accent.
            let (menu, shown) = try sway.screenshot(within: 10) { shot in
                shot.accentPixelCount(x: 24, y: 68, width: 160, height: 80) > 2000
            }
            #expect(shown, "no menu popup: \(menu.accentPixelCount(x: 24, y: 68, width: 160, height: 80)) accent pixels\n\(demo.logTail)\n\(sway.logTail)")
            // The popup's border and its light background, over the list.
            #expect(menu.rgb(x: 24, y: 100) == DemoColors.separator || menu.rgb(x: 24, y: 130) == DemoColors.separator,
                    "(24,100)=\(menu.hex(x: 24, y: 100)) (24,130)=\(menu.hex(x: 24, y: 130))")
            // The first entry's title is there, dimmed: nothing is selected to copy.
            #expect(menu.darkPixelCount(x: 36, y: 78, width: 120, height: 20, threshold: 200) > 30, "no dimmed \"Copy titles\"")
            #expect(menu.darkPixelCount(x: 36, y: 78, width: 120, height: 20, threshold: 110) == 0, "\"Copy titles\" is not dimmed")
            try sway.type(["-k", "Return"])
            let (after, chosen) = try sway.screenshot(within: 10) { shot in
                shot.rowIsTinted(0) && shot.rowIsTinted(5) && shot.accentPixelCount(x: 24, y: 68, width: 160, height: 80) < 2000
            }
            #expect(chosen, "Select All did not select the rows, or the menu stayed: \(after.hex(x: 600, y: 49))\n\(demo.logTail)")
        }
    }

    @Test func closesWhenAsked() throws {
        try withDemo("close") { sway, demo in
            _ = try sway.screenshot(within: 15, until: showsFirstFrame)
            try sway.command("[app_id=org.sweep.Demo] kill")
            let status = demo.process.waitForExit(seconds: 10)
            #expect(status == 0, "sweep-demo did not exit 0 after close: \(String(describing: status))\n\(demo.logTail)")
        }
    }

    @Test func exitsTwoWithAMessageWhenTheCompositorDies() throws {
        try withDemo("crash") { sway, demo in
            _ = try sway.screenshot(within: 15, until: showsFirstFrame)
            sway.crash()
            let status = demo.process.waitForExit(seconds: 10)
            #expect(status == 2, "exit status \(String(describing: status))\n\(demo.logTail)")
            // The message names the display, as the README promises.
            #expect(demo.process.stderr.contains("at WAYLAND_DISPLAY=") && demo.process.stderr.contains("closed the connection"),
                    "\(demo.logTail)")
        }
    }
}
