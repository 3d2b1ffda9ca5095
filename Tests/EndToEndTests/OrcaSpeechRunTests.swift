import Foundation
import Testing

/// A real screen reader, Orca 43, reading sweep-demo, sweep-pick and
/// Examples/files under the scripted compositor (its speech captured as
/// text, see `OrcaReader`). The tests that turn on keys run twice: with only
/// the app reporting keys to the registry (as on sway) and with the
/// compositor reporting them too (`--report-keys`, as GNOME Shell does).
@Suite(.serialized) struct OrcaSpeechRunTests {
    /// The window and the list are announced when the app comes up, the list with its true
    /// size (it said "12 items", those on screen, for a million); a click speaks the selected row
    /// and Down the newly focused one; after End, the last row is read and Where Am I says its
    /// row of all (it said "13 of 13"); Up reads the row before it (Orca fell silent, its last
    /// row's object freed).
    @Test func orcaSpeaksTheWindowTheListAndTheRowsAsTheyAreSelectedAndFocused() throws {
        let session = try ScreenReaderSession("orca")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"pointer.move","x":300,"y":\(rowCentre(1))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":1000}
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":1000}
        {"op":"key.tap","key":"End"}
        {"op":"wait","ms":1000}
        {"op":"key.tap","key":"KP_Enter"}
        {"op":"wait","ms":1500}
        {"op":"key.tap","key":"Up"}
        {"op":"wait","ms":1000}
        """, label: "orca", directory: session.directory, environment: session.environment)
        #expect(run.status == 0, "\(run.diagnostics)")
        let said = orca.transcript
        let context = "Orca said: \(said)\n\(orca.logTail)"
        // The window and the list are read when the app registers, the window already active; the list
        // as a table of every row.
        let frame = said.firstIndex(of: "Sweep frame.")
        let list = said.firstIndex { $0.hasPrefix("table with 1000000 rows 1 column") }
        #expect(frame != nil && list != nil && frame! < list!, "\(context)")
        // The click selected row 1, Down focused row 2: each spoken, in order.
        let selected = said.firstIndex(of: "Brisk Ridge 2."), focused = said.firstIndex(of: "Cedar Ridge 3.")
        #expect(selected != nil && focused != nil && list.map { $0 < selected! } == true && selected! < focused!, "\(context)")
        #expect(said.contains("Item 2 of 1,000,000."), "the row's secondary text: \(context)")
        // A single selection moving with the focus says nothing more than the row.
        #expect(!said.contains { $0.contains("1 selected") }, "\(context)")
        // End: the last row; Where Am I: its place among all; Up: the row before it.
        guard let last = said.firstIndex(where: { $0.contains("Pine Summit 1,000,000") }) else {
            Issue.record("End read no last row: \(context)")
            return
        }
        #expect(said[last...].contains { $0.contains("row 1000000 of 1000000") }, "Where Am I: \(context)")
        #expect(said[last...].contains { $0.contains("Item 999,999 of 1,000,000") }, "Up: \(context)")
    }

    /// The grid is a table of rows and columns: Down from the second cell reads the cell below
    /// it, and Where Am I says its column and row (it read as a flat list: item 2, then item 9,
    /// with nothing to say why).
    @Test func theGridsCellsAreReadWithTheirRowAndColumn() throws {
        let session = try ScreenReaderSession("orca-grid")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        // At 800 px the grid has 7 columns; cell 1 of the first row is centred at (166, 102).
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"pointer.move","x":166,"y":102}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":1000}
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":1000}
        {"op":"key.tap","key":"KP_Enter"}
        {"op":"wait","ms":1500}
        """, label: "orca-grid", arguments: ["--page", "grid"], directory: session.directory, environment: session.environment)
        #expect(run.status == 0, "\(run.diagnostics)")
        let said = orca.transcript
        let context = "Orca said: \(said)\n\(orca.logTail)"
        #expect(said.contains { $0.hasPrefix("table with 142858 rows 7 columns") }, "\(context)")
        guard let below = said.lastIndex(where: { $0.contains("Ivory Ridge 9") }),
              let clicked = said.firstIndex(where: { $0.contains("Brisk Ridge 2") }), clicked < below else {
            Issue.record("the cell below was not read after the clicked one: \(context)")
            return
        }
        #expect(said[below...].contains { $0.contains("column 2 of 7 row 2 of 142858") }, "Where Am I: \(context)")
    }

    /// A page that holds its list inside it (the demo's Trails) passes the keyboard focus on to the
    /// list: arrows are read row by row. The list never heard it had the focus, so nothing was
    /// said (no focus event, no focused state, no focus ring).
    @Test func aListInsideAPageTakesTheFocusAndIsRead() throws {
        let session = try ScreenReaderSession("orca-trails")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":800}
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":1000}
        """, label: "orca-trails", arguments: ["--page", "trails"], directory: session.directory, environment: session.environment)
        #expect(run.status == 0, "\(run.diagnostics)")
        let said = orca.transcript
        let context = "Orca said: \(said)\n\(orca.logTail)"
        guard let first = said.firstIndex(where: { $0.hasPrefix("Tour du Mont Blanc") }) else {
            Issue.record("the first trail was not read: \(context)")
            return
        }
        #expect(said[first...].contains { $0.hasPrefix("Haute Route") }, "\(context)")
    }

    /// Tab reaches every control, and each says its shortcut: from the list to the tab bar (Right
    /// switches to the grid, the focus staying on the tabs), then round to the grid's toolbar
    /// button (Space presses it: editing mode, the focus on Done), then the grid. Tab only moved
    /// between the collections, and no control said a shortcut.
    @Test(arguments: [false, true])
    func tabReachesThePageTabsAndTheToolbarButtons(compositorReportsKeys: Bool) throws {
        let session = try ScreenReaderSession(compositorReportsKeys ? "orca-tab-gnome" : "orca-tab")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"key.tap","key":"Tab"}
        {"op":"wait","ms":800}
        {"op":"key.tap","key":"Right"}
        {"op":"wait","ms":800}
        {"op":"key.tap","key":"Tab"}
        {"op":"wait","ms":800}
        {"op":"key.tap","key":"space"}
        {"op":"wait","ms":800}
        {"op":"key.tap","key":"Tab"}
        {"op":"wait","ms":1000}
        """, label: "orca-tab", directory: session.directory, environment: session.environment,
                                 compositorArguments: compositorReportsKeys ? ["--report-keys"] : [])
        #expect(run.status == 0, "\(run.diagnostics)")
        let said = orca.transcript
        let context = "Orca said: \(said)\n\(orca.logTail)"
        var from = said.startIndex
        for expected in ["List page tab", "Ctrl+1", "Grid page tab", "Ctrl+2", "Select push button", "Done push button escape",
                         "table with"] {
            guard let index = said[from...].firstIndex(where: { $0.localizedCaseInsensitiveContains(expected) }) else {
                Issue.record("\(expected) was not said after \(said[..<from].last ?? "the start"): \(context)")
                return
            }
            from = said.index(after: index)
        }
        #expect(run.events("navigate").last?["tab"] as? String == "grid", "Right switched the page: \(run.diagnostics)")
        #expect(run.events("editing").first?["editing"] as? Bool == true, "Space pressed Select: \(run.diagnostics)")
    }

    /// Every entry the highlight moves to in a context menu is spoken (Down, Up, Tab, a letter; it
    /// was only the first, and Home and End), and so is a submenu as it opens; when the menu closes,
    /// the row the focus is back on is read (Orca stayed on the dead entry).
    @Test(arguments: [false, true])
    func orcaSpeaksEachMenuEntryTheHighlightMovesTo(compositorReportsKeys: Bool) throws {
        let session = try ScreenReaderSession(compositorReportsKeys ? "orca-menu-gnome" : "orca-menu")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"pointer.move","x":300,"y":\(rowCentre(1))}
        {"op":"pointer.down","button":"right"}
        {"op":"pointer.up","button":"right"}
        {"op":"popup.wait","count":1}
        {"op":"wait","ms":800}
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":600}
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":600}
        {"op":"key.tap","key":"Tab"}
        {"op":"wait","ms":600}
        {"op":"key.tap","key":"m"}
        {"op":"wait","ms":600}
        {"op":"key.tap","key":"Right"}
        {"op":"wait","ms":800}
        {"op":"key.tap","key":"Escape"}
        {"op":"key.tap","key":"Up"}
        {"op":"wait","ms":600}
        {"op":"key.tap","key":"Escape"}
        {"op":"wait","ms":600}
        """, label: "orca-menu", directory: session.directory, environment: session.environment,
                                 compositorArguments: compositorReportsKeys ? ["--report-keys"] : [])
        #expect(run.status == 0, "\(run.diagnostics)")
        let said = orca.transcript
        let context = "Orca said: \(said)\n\(orca.logTail)"
        // Down: the first entry, Down: the second, Tab: the third, m: Mark, Right: the submenu's Red,
        // Escape back to Mark, Up: Delete; Escape closes the menu, and the row it was on is read again.
        var from = said.startIndex
        for entry in ["Copy titles", "Select All", "Delete", "Mark", "Red", "Delete", "Brisk Ridge 2"] {
            guard let index = said[from...].firstIndex(where: { $0.contains(entry) }) else {
                Issue.record("\(entry) was not spoken after \(said[..<from].last ?? "the start"): \(context)")
                return
            }
            from = said.index(after: index)
        }
    }

    /// A change of many rows at once says the count, and so do editing mode coming and going;
    /// the rows' own events could not (Orca said nothing of Ctrl+A or Escape).
    @Test(arguments: [false, true])
    func selectionCountsAndEditingModeAreSpoken(compositorReportsKeys: Bool) throws {
        let session = try ScreenReaderSession(compositorReportsKeys ? "orca-count-gnome" : "orca-count")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"pointer.move","x":300,"y":\(rowCentre(1))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":800}
        {"op":"key.down","key":"Shift_L"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.up","key":"Shift_L"}
        {"op":"wait","ms":800}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"a"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":800}
        {"op":"key.tap","key":"Escape"}
        {"op":"wait","ms":800}
        """, label: "orca-count", directory: session.directory, environment: session.environment,
                                 compositorArguments: compositorReportsKeys ? ["--report-keys"] : [])
        #expect(run.status == 0, "\(run.diagnostics)")
        let said = orca.transcript
        let context = "Orca said: \(said)\n\(orca.logTail)"
        var from = said.startIndex
        for count in ["3 selected", "1,000,000 selected"] {
            guard let index = said[from...].firstIndex(where: { $0.contains(count) }) else {
                Issue.record("\(count) was not spoken: \(context)")
                return
            }
            from = said.index(after: index)
        }
        #expect(said[from...].contains { $0.contains("Selection cleared") || $0.contains("Done selecting") }, "\(context)")
    }

    /// Shift+Down reads the row it extends to and nothing before it: Orca went back to the first
    /// selected row on each selection change ("Brisk Ridge 2" again after "Cedar Ridge 3"), as it
    /// does for GTK 4; the table manages its descendants, so Orca follows the focused row.
    @Test(arguments: [false, true])
    func anExtendReadsTheNewRowOnly(compositorReportsKeys: Bool) throws {
        let session = try ScreenReaderSession(compositorReportsKeys ? "orca-extend-gnome" : "orca-extend")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"pointer.move","x":300,"y":\(rowCentre(1))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":1000}
        {"op":"key.down","key":"Shift_L"}
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":1000}
        {"op":"key.tap","key":"Down"}
        {"op":"key.up","key":"Shift_L"}
        {"op":"wait","ms":1500}
        """, label: "orca-extend", directory: session.directory, environment: session.environment,
                                 compositorArguments: compositorReportsKeys ? ["--report-keys"] : [])
        #expect(run.status == 0, "\(run.diagnostics)")
        let said = orca.transcript
        let context = "Orca said: \(said)\n\(orca.logTail)"
        guard let clicked = said.firstIndex(where: { $0.hasPrefix("Brisk Ridge 2") }),
              let extended = said.firstIndex(where: { $0.hasPrefix("Cedar Ridge 3") }),
              let further = said.firstIndex(where: { $0.hasPrefix("Dusky Ridge 4") }), clicked < extended, extended < further else {
            Issue.record("the rows were not read in order: \(context)")
            return
        }
        #expect(!said[extended...].contains { $0.hasPrefix("Brisk Ridge 2") }, "the first row was read again: \(context)")
        #expect(!said[further...].contains { $0.hasPrefix("Cedar Ridge 3") }, "\(context)")
    }

    /// A burst of changes is announced when it pauses (and at most once a second while it lasts),
    /// the last count winning: each of 150 Shift+Down extends was a notification, a deluge Orca
    /// stopped listening to before the last one.
    @Test func aBurstOfSelectionChangesIsAnnouncedWhereItEnds() throws {
        let session = try ScreenReaderSession("orca-burst")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let taps = Array(repeating: #"{"op":"key.tap","key":"Down"}"#, count: 150).joined(separator: "\n")
        let started = Date()
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"pointer.move","x":300,"y":\(rowCentre(0))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":500}
        {"op":"key.down","key":"Shift_L"}
        \(taps)
        {"op":"key.up","key":"Shift_L"}
        {"op":"file.wait","file":"\(orca.debugLog)","contains":"[notification | 151 selected]","ms":60000}
        {"op":"wait","ms":1000}
        """, label: "orca-burst", directory: session.directory, environment: session.environment)
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.diagnostics)")
        // What reached Orca (its own deluge guard may drop what the list's row events crowd out): the
        // run's whole length bounds the announcements at one a second, and the last says where it ended.
        let received = orca.debugLogText.split(separator: "\n")
            .filter { $0.contains("EVENT MANAGER: object:state-changed:showing for [notification | ") }
            .compactMap { line in line.range(of: "[notification | ").map { String(line[$0.upperBound...].prefix { $0 != "]" }) } }
            .filter { $0.hasSuffix(" selected") }
        #expect(!received.isEmpty && Double(received.count) <= seconds + 3, "\(received.count) in \(seconds) s: \(received)")
        #expect(received.last == "151 selected", "the last count: \(received)")
    }

    /// Orca killed in the middle of a burst of announcements, with keys waiting for its answers:
    /// the app goes on, every key acted on, the selection where the keys took it.
    @Test func aReaderThatDiesMidBurstLeavesTheAppWorking() throws {
        let session = try ScreenReaderSession("orca-crash")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let marker = "\(session.directory.path)/burst.jsonl", killedFile = "\(session.directory.path)/killed"
        let killed = Locked(false)
        DispatchQueue.global().async {
            guard waitUntil(seconds: 60, { FileManager.default.fileExists(atPath: marker) }) else { return }
            orca.crash()
            killed.set(true)
            try? "killed\n".write(toFile: killedFile, atomically: true, encoding: .utf8)
        }
        let taps = { (count: Int) in Array(repeating: #"{"op":"key.tap","key":"Down"}"#, count: count).joined(separator: "\n") }
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"pointer.move","x":300,"y":\(rowCentre(0))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.down","key":"Shift_L"}
        \(taps(40))
        {"op":"status","file":"\(marker)"}
        \(taps(40))
        {"op":"file.wait","file":"\(killedFile)","contains":"killed","ms":30000}
        \(taps(20))
        {"op":"key.up","key":"Shift_L"}
        {"op":"wait","ms":500}
        """, label: "orca-crash", directory: session.directory, environment: session.environment)
        #expect(killed.get(), "Orca was not killed")
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.committedSelections.last == "[[0,0,100]]", "every Shift+Down was acted on: \(run.diagnostics)")
    }

    /// Runs Examples/files on `folder` under the scripted compositor in `session`, the window
    /// mapped and 2 s given to Orca before `script`; its exit status (nil: stopped) and process.
    private func playFiles(in session: ScreenReaderSession, folder: String, arguments: [String] = [], reportKeys: Bool = false,
                           script: String) throws -> (status: Int32?, process: ChildProcess) {
        let scriptPath = "\(session.directory.path)/script.jsonl"
        try """
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        \(script)
        """.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath] + (reportKeys ? ["--report-keys"] : [])
                                           + ["--", try builtProduct("files")] + arguments + [folder],
                                       environment: ["PATH": "/usr/bin:/bin"].merging(session.environment) { $1 },
                                       directory: session.directory.path)
        let status = process.waitForExit(seconds: 90)
        if status == nil { process.stop() }
        return (status, process)
    }

    /// Examples/files --tree read by Orca: a row is read whole, cell by cell; a folder as collapsed
    /// at tree level 1, then "expanded" when Right opens it; the file in it at tree level 2; and
    /// Where Am I says the cell's column header (Name), its column and row, and its level.
    @Test func theTreeTablesRowsAreReadWithTheirHeadersLevelsAndStates() throws {
        let session = try ScreenReaderSession("orca-tree")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let folder = "\(session.directory.path)/home"
        for name in ["alpha", "beta"] { try FileManager.default.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true) }
        FileManager.default.createFile(atPath: "\(folder)/beta/inner.txt", contents: Data("x".utf8))
        FileManager.default.createFile(atPath: "\(folder)/zeta.txt", contents: Data("zz".utf8))
        let (status, process) = try playFiles(in: session, folder: folder, arguments: ["--tree"], script: """
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":800}
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":800}
        {"op":"key.tap","key":"Right"}
        {"op":"wait","ms":1200}
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":1200}
        {"op":"key.tap","key":"KP_Enter"}
        {"op":"wait","ms":1500}
        """)
        let said = orca.transcript
        let context = "Orca said: \(said)\n\(orca.logTail)\n\(process.logTail)"
        #expect(status == 0, "\(context)")
        // The tree table by its name; each row read whole, cell by cell; a folder as collapsed, at its level.
        #expect(said.contains("files tree table."), "\(context)")
        guard let alpha = said.firstIndex(of: "alpha collapsed."), let beta = said.firstIndex(of: "beta collapsed."),
              let expanded = said.firstIndex(of: "expanded."), let inner = said.firstIndex(of: "inner.txt.") else {
            Issue.record("rows or their states were not read: \(context)")
            return
        }
        #expect(alpha < beta && beta < expanded && expanded < inner, "\(context)")
        #expect(said[alpha...].prefix(4).contains("Folder.") && said[alpha..<beta].contains("tree level 1."), "\(context)")
        #expect(said[inner...].prefix(5) == ["inner.txt.", "1 B.", said[inner + 2], "Document.", "tree level 2."], "\(context)")
        // Where Am I: the cell's column header, the cell, its column and row, its level.
        guard let whereAmI = said.lastIndex(of: "Name.") else {
            Issue.record("Where Am I said no column header: \(context)")
            return
        }
        #expect(whereAmI > inner && said[whereAmI...].contains("column 1 of 4 row 3 of 4."), "\(context)")
        #expect(said[whereAmI...].contains("tree level 2."), "\(context)")
    }

    /// Opening a folder in Examples/files and going back up say where the reader is now: the
    /// window's name changes with an event, which Orca speaks, and then what has the focus: the
    /// empty list, then the folder left (it said nothing, and stayed on the row that went).
    @Test(arguments: [false, true])
    func openingAFolderAndGoingUpAreSpoken(compositorReportsKeys: Bool) throws {
        let session = try ScreenReaderSession(compositorReportsKeys ? "orca-folders-gnome" : "orca-folders")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let folder = "\(session.directory.path)/home"
        for name in ["alpha", "beta"] { try FileManager.default.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true) }
        FileManager.default.createFile(atPath: "\(folder)/beta/inner.txt", contents: Data("x".utf8))
        let (status, process) = try playFiles(in: session, folder: folder, reportKeys: compositorReportsKeys, script: """
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":600}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":1200}
        {"op":"key.tap","key":"BackSpace"}
        {"op":"wait","ms":1200}
        """)
        let said = orca.transcript
        let context = "Orca said: \(said)\n\(orca.logTail)\n\(process.logTail)"
        #expect(status == 0, "\(context)")
        // Down focuses the first entry, alpha (a folder, and said so); Return opens it.
        #expect(said.contains { $0.hasPrefix("folder, ") }, "\(context)")
        guard let opened = said.firstIndex(where: { $0.contains("Files — \(folder)/alpha") }) else {
            Issue.record("the opened folder was not spoken: \(context)")
            return
        }
        // The empty folder: the list is read again, empty (Orca was left on the row that went).
        #expect(said[opened...].contains { $0.hasPrefix("table with 0 rows") }, "\(context)")
        guard let up = said[opened...].firstIndex(where: { $0.contains("Files — \(folder)") && !$0.contains("alpha") }) else {
            Issue.record("going up was not spoken: \(context)")
            return
        }
        // Going up focuses the folder left, which is read.
        #expect(said[up...].contains { $0.hasPrefix("alpha") }, "\(context)")
    }

    /// Keys are reported to the registry, as GTK 3 reports them, so on a compositor that reports
    /// none (sway, and the scripted one) Orca hears typing, and a key Orca consumes never reaches
    /// the app: Insert+H (Orca's learn mode) and the Escape that leaves it type nothing into
    /// sweep-pick's filter, while p filters and Return prints. Without the reports Orca said
    /// nothing of the keys, and the H went into the filter. The frame and the list are named, and
    /// Tab's toggle says the count. The same with the compositor reporting keys too, as GNOME
    /// Shell does (`--report-keys`): each key is heard once, and what Orca consumed never arrives.
    @Test(arguments: [false, true])
    func keysReachOrcaAndWhatItConsumesNeverReachesTheApp(compositorReportsKeys: Bool) throws {
        let session = try ScreenReaderSession(compositorReportsKeys ? "orca-keys-gnome" : "orca-keys")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let (status, stdout, logTail) = try pick(records: "apple\nhay\n", in: session, script: """
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"key.down","key":"Insert"}
        {"op":"key.tap","key":"h"}
        {"op":"key.up","key":"Insert"}
        {"op":"wait","ms":800}
        {"op":"key.tap","key":"Escape"}
        {"op":"wait","ms":800}
        {"op":"key.tap","key":"p"}
        {"op":"wait","ms":800}
        {"op":"key.tap","key":"Tab"}
        {"op":"wait","ms":800}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Return"}
        """, compositorArguments: compositorReportsKeys ? ["--report-keys"] : [])
        let said = orca.transcript
        let context = "Orca said: \(said)\n\(orca.logTail)\n\(logTail)"
        #expect(status == 0 && stdout == "apple\n", "only p reached the filter: \(context)")
        // The window and the list have names; Tab's toggle says the count (the focus moved on).
        // The window is named (spoken as "sweep-pick frame." or, when Orca reads the focused row first,
        // "sweep-pick" once typing reaches the window); every event of it that Orca logs names it.
        #expect(orca.debugLogText.contains("[frame | sweep-pick]") && said.contains { $0.hasPrefix("sweep-pick") }, "\(context)")
        // The list's name is in every event Orca logs of it (whether it read the list at the start depends on
        // when it came up).
        #expect(orca.debugLogText.contains("[table | Matches]") && said.contains { $0.contains("1 selected") }, "\(context)")
        #expect(said.contains { $0.lowercased().contains("learn mode") }, "\(context)")
        #expect(said.filter { $0 == "p" }.count == 1, "the typed p was echoed once: \(context)")
    }

    /// The filter's caret is heard: Left reads the character it moves onto, and Backspace after
    /// it says the one character deleted ("w" from "kiw|i", which was spoken as "wi"), as GTK's
    /// entries do. The caret was always reported at the end, and no caret move was sent.
    @Test(arguments: [false, true])
    func theFiltersCaretAndExactEditsAreSpoken(compositorReportsKeys: Bool) throws {
        let session = try ScreenReaderSession(compositorReportsKeys ? "orca-caret-gnome" : "orca-caret")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let (status, _, logTail) = try pick(records: "kiwi\nkii\n", in: session, script: """
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"key.tap","key":"k"}
        {"op":"key.tap","key":"i"}
        {"op":"key.tap","key":"w"}
        {"op":"key.tap","key":"i"}
        {"op":"wait","ms":1000}
        {"op":"key.tap","key":"Left"}
        {"op":"wait","ms":1000}
        {"op":"key.tap","key":"BackSpace"}
        {"op":"wait","ms":1000}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Escape"}
        """, compositorArguments: compositorReportsKeys ? ["--report-keys"] : [])
        let said = orca.transcript
        let context = "Orca said: \(said)\n\(orca.logTail)\n\(logTail)"
        #expect(status == 1, "\(context)")
        guard let backspace = said.lastIndex(of: "BackSpace") else {
            Issue.record("Backspace was not heard: \(context)")
            return
        }
        // Typing echoed k, i, w, i; Left then read the i under the caret (a third i before Backspace);
        // Backspace said the w it deleted, and never "wi".
        #expect(said[..<backspace].filter { $0 == "i" }.count == 3, "\(context)")
        #expect(said[backspace...].contains("w") && !said.contains { $0.hasPrefix("wi") }, "\(context)")
    }

    /// sweep-pick's match count is on its status line, which Orca reads on demand (Orca+KP_Enter
    /// twice, "read the status bar"): after p filters three records to two, "2 matches".
    @Test func thePickersMatchCountIsReadFromItsStatusLine() throws {
        let session = try ScreenReaderSession("orca-status")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let (status, _, logTail) = try pick(records: "apple\nhay\npear\n", in: session, script: """
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"key.tap","key":"p"}
        {"op":"wait","ms":800}
        {"op":"key.down","key":"Insert"}
        {"op":"key.tap","key":"KP_Enter"}
        {"op":"key.tap","key":"KP_Enter"}
        {"op":"key.up","key":"Insert"}
        {"op":"wait","ms":1200}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Escape"}
        """)
        let said = orca.transcript
        let context = "Orca said: \(said)\n\(orca.logTail)\n\(logTail)"
        #expect(status == 1, "\(context)")
        #expect(said.contains { $0.contains("0 of 3 selected · 2 matches") }, "\(context)")
    }

    /// Runs sweep-pick on `records` under the scripted compositor in the screen reader's session.
    private func pick(records: String, in session: ScreenReaderSession, script: String,
                      compositorArguments: [String] = []) throws -> (status: Int32?, stdout: String, logTail: String) {
        let directory = session.directory
        let scriptPath = "\(directory.path)/script.jsonl", inputPath = "\(directory.path)/input"
        try records.write(toFile: inputPath, atomically: true, encoding: .utf8)
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath] + compositorArguments + ["--", try builtProduct("sweep-pick")],
                                       environment: ["PATH": "/usr/bin:/bin"].merging(session.environment) { $1 },
                                       directory: directory.path, standardInput: inputPath)
        let status = process.waitForExit(seconds: 90)
        if status == nil { process.stop() }
        return (status, process.stdout, process.logTail)
    }
}
