import Foundation
import SweepPNG
import Testing

/// `Examples/files`, the folder browser built on SweepUI alone, through the
/// scripted compositor on folders the tests make: the listing arrives by
/// `async`/`await` while the window is up, the filter keeps the selection of
/// what it hides, Tab moves between the filter and the entries, type-ahead
/// finds an entry, Enter opens folders and prints files, Backspace goes up,
/// and Ctrl+C copies every selected path.
@Suite(.serialized) struct FilesRunTests {
    /// Entry n's centre: under the 40 px filter field, rows of 44 px.
    private func row(_ n: Int) -> Int { 40 + 22 + 44 * n }

    /// Runs files on `folder` (made in the test's directory by `make`) with `script`.
    /// `environment` adds to the run's (a session bus); `directory` is the test's own when it made one first.
    private func play(_ script: String, label: String, arguments: [String] = [], home: ((String) throws -> Void)? = nil,
                      environment extra: [String: String] = [:], directory given: TestDirectory? = nil,
                      make: (String) throws -> Void) throws -> (status: Int32?, output: [String], directory: TestDirectory, folder: String, process: ChildProcess) {
        let directory = try given ?? TestDirectory("files-\(label)")
        let folder = "\(directory.path)/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try make(folder)
        // A home of the test's own when it wants places in the sidebar; none otherwise (no sidebar).
        var environment = extra.merging(["PATH": "/usr/bin:/bin"]) { $1 }
        if let home {
            environment["HOME"] = "\(directory.path)/home"
            try FileManager.default.createDirectory(atPath: "\(directory.path)/home/.config/gtk-3.0", withIntermediateDirectories: true)
            try home("\(directory.path)/home")
        }
        let scriptPath = "\(directory.path)/script.jsonl"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--shots", directory.path, "--", try builtProduct("files")] + arguments + [folder],
                                       environment: environment, directory: directory.path)
        let status = process.waitForExit(seconds: 90)
        if status == nil { process.stop() }
        return (status, process.stdout.split(separator: "\n").map(String.init), directory, folder, process)
    }

    private func makeFruit(_ folder: String) throws {
        let files = FileManager.default
        for name in ["alpha", "beta"] { try files.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: false) }
        files.createFile(atPath: "\(folder)/beta/inner.txt", contents: Data("x".utf8))
        for name in ["apple.txt", "banana.txt", "cherry.txt", "date.txt"] { files.createFile(atPath: "\(folder)/\(name)", contents: Data(name.utf8)) }
        // An entry that cannot be read: shown dimmed as unreadable, never a crash.
        try files.createSymbolicLink(atPath: "\(folder)/broken", withDestinationPath: "\(folder)/nowhere")
    }

    /// The window at 800 × 600, mapped, and a small folder listed.
    private let ready = """
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":400}
        """

    /// A left click on entry `n`, with `modifier` held if given.
    private func click(row n: Int, holding modifier: String? = nil) -> String {
        let click = """
            {"op":"pointer.move","x":300,"y":\(row(n))}
            {"op":"pointer.down","button":"left"}
            {"op":"pointer.up","button":"left"}
            """
        guard let modifier else { return click }
        return #"{"op":"key.down","key":"\#(modifier)"}"# + "\n" + click + "\n" + #"{"op":"key.up","key":"\#(modifier)"}"#
    }

    private func keys(_ text: String) -> String {
        text.map { character -> String in
            let name = character == " " ? "space" : String(character)
            return #"{"op":"key.tap","key":"\#(name)"}"#
        }.joined(separator: "\n")
    }

    private func control(_ key: String) -> String {
        """
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"\(key)"}
        {"op":"key.up","key":"Control_L"}
        """
    }

    @Test func theFilterKeepsHiddenSelectionsAndCtrlCCopiesThem() throws {
        // Sorted folders first: alpha, beta, apple.txt, banana.txt, broken, cherry.txt, date.txt.
        let run = try play("""
        \(ready)
        \(click(row: 2))
        \(click(row: 5, holding: "Control_L"))
        {"op":"key.tap","key":"Tab"}
        \(keys("ana"))
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"Tab"}
        \(control("a"))
        \(control("c"))
        {"op":"clipboard.save","file":"clip.txt","timeout":5000}
        """, label: "filter", make: makeFruit)
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let copied = (try? String(contentsOfFile: "\(run.directory.path)/clip.txt", encoding: .utf8)) ?? ""
        // apple and cherry were selected, then hidden by "ana"; Ctrl+A selected banana, the one shown.
        #expect(copied == ["apple.txt", "banana.txt", "cherry.txt"].map { "\(run.folder)/\($0)\n" }.joined(),
                "\(copied)\n\(run.process.logTail)")
    }

    /// The filter is a real text field: Shift+Home selects what was typed (and offers it as the
    /// primary selection), Ctrl+X cuts it to the clipboard and shows every entry, Ctrl+Z brings
    /// it back, so Ctrl+A in the list selects only what it shows again.
    @Test func theFilterCutsToTheClipboardAndUndoBringsItBack() throws {
        let run = try play("""
        \(ready)
        {"op":"key.tap","key":"Tab"}
        \(keys("banana"))
        {"op":"key.down","key":"Shift_L"}
        {"op":"key.tap","key":"Home"}
        {"op":"key.up","key":"Shift_L"}
        {"op":"primary.save","file":"primary.txt","timeout":5000}
        \(control("x"))
        {"op":"clipboard.save","file":"cut.txt","timeout":5000}
        {"op":"wait","ms":100}
        \(control("z"))
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"Tab"}
        \(control("a"))
        \(control("c"))
        {"op":"clipboard.save","file":"clip.txt","timeout":5000}
        """, label: "filter-cut", make: makeFruit)
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        func saved(_ name: String) -> String { (try? String(contentsOfFile: "\(run.directory.path)/\(name)", encoding: .utf8)) ?? "" }
        #expect(saved("primary.txt") == "banana", "the selected text is the primary selection: \(run.process.logTail)")
        #expect(saved("cut.txt") == "banana", "Ctrl+X cut the selection: \(run.process.logTail)")
        #expect(saved("clip.txt") == "\(run.folder)/banana.txt\n", "Ctrl+Z brought the filter back: \(saved("clip.txt"))")
    }

    /// Rows 1 to 4 selected at the top, the filter narrowed to two entries
    /// far down and cleared: the view is back at the top with the focus on
    /// row 4 (it landed 700 rows down, on the entry the hidden focus was
    /// handed to).
    @Test func clearingTheFilterGoesBackToWhereTheReaderWas() throws {
        let run = try play("""
        \(ready)
        {"op":"wait","ms":600}
        \(click(row: 1))
        \(click(row: 4, holding: "Shift_L"))
        {"op":"key.tap","key":"Tab"}
        \(keys("grace"))
        {"op":"wait","ms":100}
        \(control("u"))
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"Tab"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"cleared.png"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":200}
        """, label: "filter-clear") { folder in
            for n in 0..<1000 {
                let name = n == 700 || n == 900 ? String(format: "a%04d-grace.txt", n) : String(format: "a%04d.txt", n)
                FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: nil)
            }
        }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        // Return opens the focused entry: row 4's, not the grace one.
        #expect(run.output == ["\(run.folder)/a0004.txt"], "\(run.process.logTail)")
        let shot = try PNGCodec.read(path: "\(run.directory.path)/cleared.png")
        // Rows 1 to 4 show selected at the top of the list again (under the 40 px field), row 0 and 5 do not.
        func tinted(_ n: Int) -> Bool { shot.rowIsTinted(n, offset: 4) }
        #expect(!tinted(0) && (1...4).allSatisfy(tinted) && !tinted(5), "\((0...5).map(tinted))")
    }

    @Test func typeAheadEnterBackspaceAndTabMoveThroughFolders() throws {
        let run = try play("""
        \(ready)
        \(keys("be"))
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":400}
        \(keys("in"))
        {"op":"key.tap","key":"Return"}
        {"op":"key.tap","key":"BackSpace"}
        {"op":"wait","ms":400}
        \(keys("d"))
        {"op":"key.tap","key":"Return"}
        {"op":"key.tap","key":"Tab"}
        \(keys("rr"))
        {"op":"key.tap","key":"Tab"}
        {"op":"wait","ms":1200}
        \(keys("c"))
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """, label: "navigate", make: makeFruit)
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        // "be" finds beta, Enter opens it; "in" finds inner.txt; Backspace goes up; "d" finds
        // date.txt; Tab to the filter, "rr" leaves cherry.txt; Tab back, "c" finds it.
        #expect(run.output == ["\(run.folder)/beta/inner.txt", "\(run.folder)/date.txt", "\(run.folder)/cherry.txt"],
                "\(run.process.logTail)")
    }

    @Test func aHugeFolderListsWhileTheWindowScrolls() throws {
        let count = 20_000
        let run = try play("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":300,"y":300}
        {"op":"pointer.axis","dy":600}
        {"op":"pointer.axis","dy":600}
        {"op":"wait","ms":3000}
        \(control("a"))
        \(control("c"))
        {"op":"clipboard.save","file":"clip.txt","timeout":10000}
        """, label: "huge", make: { folder in
            for index in 0..<count { FileManager.default.createFile(atPath: "\(folder)/file-\(index)", contents: nil) }
        })
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let lines = ((try? String(contentsOfFile: "\(run.directory.path)/clip.txt", encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(lines.count == count, "\(run.process.logTail)")
        #expect(Set(lines).count == count)
    }

    @Test func aFolderThatCannotBeOpenedSaysSoAndTheAppStaysUp() throws {
        let run = try play("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":300}
        \(keys("x"))
        {"op":"key.tap","key":"BackSpace"}
        {"op":"wait","ms":300}
        """, label: "missing", make: { folder in try FileManager.default.removeItem(atPath: folder) })
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
    }

    /// Names that are not UTF-8 (shown with replacement characters), an empty
    /// file, a FIFO (listed, never opened) and a name of 255 bytes: all listed,
    /// nothing crashes, Ctrl+A and Ctrl+C copy one line an entry.
    @Test func oddEntriesAreListedAndCopied() throws {
        let run = try play("""
        \(ready)
        \(control("a"))
        \(control("c"))
        {"op":"clipboard.save","file":"clip.txt","timeout":5000}
        """, label: "odd", make: { folder in
            for name in [[0x62, 0x61, 0x64, 0xFF, 0x2E, 0x74, 0x78, 0x74], [0xC3, 0x28]] as [[UInt8]] {
                let path = Array(folder.utf8) + [0x2F] + name + [0]
                let fd = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
                if fd >= 0 { close(fd) }
            }
            FileManager.default.createFile(atPath: "\(folder)/empty", contents: Data())
            mkfifo("\(folder)/pipe", 0o644)
            FileManager.default.createFile(atPath: "\(folder)/" + String(repeating: "n", count: 255), contents: nil)
        })
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        // The paths as bytes: the names that are not UTF-8 are copied as they are.
        let copied = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: "\(run.directory.path)/clip.txt"))) ?? Data())
        let lines = copied.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        #expect(lines.count == 5, "\(lines)\n\(run.process.logTail)")
        #expect(lines.contains { $0.hasSuffix("/pipe") } && lines.contains { $0.hasSuffix("/empty") })
        #expect(copied.split(separator: 0x0A).contains { $0.suffix(9).elementsEqual([0x2F, 0x62, 0x61, 0x64, 0xFF, 0x2E, 0x74, 0x78, 0x74]) })
    }

    /// Names are bytes: `café.txt` in NFC and in NFD, two names differing only in an invalid byte,
    /// and a name holding a newline are five entries; Ctrl+C copies each path byte for byte on its
    /// own line (the newline's quoted as the shell's $'…'), Enter prints one, and a drag carries
    /// URIs that name the files (they were merged into one entry, copied as paths that did not exist,
    /// and the newline split a path in two).
    @Test func namesAreBytesAndPathsAreCopiedByteForByte() throws {
        let nfc: [UInt8] = Array("caf\u{E9}.txt".utf8), nfd: [UInt8] = Array("cafe\u{301}.txt".utf8)
        let badA: [UInt8] = [0x78, 0xFF, 0x2E, 0x74], badB: [UInt8] = [0x78, 0xFE, 0x2E, 0x74], newline = Array("two\nlines".utf8)
        let names = [nfc, nfd, badA, badB, newline]
        let run = try play("""
        \(ready)
        {"op":"drag.target","x":600,"y":40,"width":200,"height":400,"accepts":["text/uri-list"],"file":"zone.json","data":"zone.bin"}
        \(control("a"))
        \(control("c"))
        {"op":"clipboard.save","file":"clip.bin","timeout":5000}
        {"op":"pointer.move","x":300,"y":\(row(1))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":320,"y":\(row(1) + 10)}
        {"op":"drag.wait","ms":3000}
        {"op":"pointer.move","x":700,"y":200}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":300}
        \(click(row: 4))
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":300}
        """, label: "byte-names", make: { folder in
            for name in names {
                let path = Array(folder.utf8) + [0x2F] + name + [0]
                let fd = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
                #expect(fd >= 0)
                if fd >= 0 { close(fd) }
            }
        })
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let folder = Array(run.folder.utf8) + [0x2F]
        let copied = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: "\(run.directory.path)/clip.bin"))) ?? Data())
        let lines = copied.split(separator: 0x0A).map(Array.init)
        #expect(lines.count == 5, "\(String(decoding: copied, as: UTF8.self))\n\(run.process.logTail)")
        for name in [nfc, nfd, badA, badB] { #expect(lines.contains(folder + name), "\(name) is not copied as it is") }
        let quoted = Array("$'".utf8) + folder + Array("two\\nlines'".utf8)
        #expect(lines.contains(quoted), "the newline's path: \(lines.map { String(decoding: $0, as: UTF8.self) })")
        // The five dragged URIs name the five files.
        let dropped = (try? String(contentsOfFile: "\(run.directory.path)/zone.bin", encoding: .utf8)) ?? ""
        let uris = Set(dropped.split(separator: "\r\n").map { Self.percentDecoded($0.dropFirst("file://".count)) })
        #expect(uris == Set(names.map { folder + $0 }), "\(dropped)")
        // Rows by name, then by bytes: cafe\u{301}, caf\u{E9}, two\nlines, x\u{FE}.t, x\u{FF}.t; Enter on row 4 prints its path.
        #expect(run.process.stdoutBytes == folder + badA + [0x0A], "\(run.process.stdoutBytes)")
    }

    /// clipboard.save right after the client replaced its own selection saves the new copy: the
    /// client, busy sorting 60,000 entries, is asked for its old copy after letting it go and
    /// answers with nothing (saved as an empty file with status 0, in about half the runs).
    @Test func aSaveRightAfterTheClientReplacedItsCopyReadsTheNewOne() throws {
        for attempt in 0..<4 {
            // While the listing is still being read and sorted (which, beside the rest of the suite, can
            // take the client seconds before it answers the first copy).
            let run = try play("""
            {"op":"output","width":800,"height":600,"scale":1}
            {"op":"waitReady"}
            {"op":"wait","ms":150}
            \(click(row: 0))
            \(control("c"))
            {"op":"clipboard.save","file":"first.txt","timeout":15000}
            \(click(row: 1))
            \(control("c"))
            {"op":"clipboard.save","file":"clip.txt","timeout":15000}
            """, label: "replaced-copy-\(attempt)", make: { folder in
                for index in 0..<60_000 { FileManager.default.createFile(atPath: "\(folder)/f\(index)", contents: nil) }
            })
            defer { run.directory.remove() }
            #expect(run.status == 0, "\(run.process.logTail)")
            let saved = (try? String(contentsOfFile: "\(run.directory.path)/clip.txt", encoding: .utf8)) ?? ""
            #expect(saved.hasPrefix(run.folder + "/f") && saved.hasSuffix("\n"), "attempt \(attempt): \(saved.debugDescription)")
        }
    }

    /// The right-click menu opens the entry under it; the selection drags out to another app as file URIs.
    @Test func theMenuOpensAnEntryAndTheSelectionDragsOutAsFiles() throws {
        let run = try play("""
        \(ready)
        {"op":"drag.target","x":600,"y":40,"width":200,"height":400,"accepts":["text/uri-list"],"file":"zone.json","data":"zone.bin"}
        {"op":"pointer.move","x":300,"y":\(row(3))}
        {"op":"pointer.down","button":"right"}
        {"op":"pointer.up","button":"right"}
        {"op":"popup.wait","count":1}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Return"}
        {"op":"popup.wait","count":0}
        \(click(row: 4, holding: "Control_L"))
        {"op":"pointer.move","x":300,"y":\(row(3))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":320,"y":\(row(3) + 10)}
        {"op":"drag.wait","ms":3000}
        {"op":"pointer.move","x":700,"y":200}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":200}
        """, label: "menu-drag", make: makeFruit)
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        // Folders come first (alpha, beta), then apple.txt (row 2), banana.txt (row 3), the broken link (row 4).
        #expect(run.output == ["\(run.folder)/banana.txt"], "Open printed the entry under the menu: \(run.output)")
        let received = try String(contentsOfFile: "\(run.directory.path)/zone.bin", encoding: .utf8)
        #expect(received == "file://\(run.folder)/banana.txt\r\nfile://\(run.folder)/broken\r\n", "\(received)")
    }

    private static func percentDecoded(_ text: Substring) -> [UInt8] {
        var bytes: [UInt8] = [], utf8 = Array(text.utf8), index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count, let byte = UInt8(String(decoding: utf8[index + 1...index + 2], as: UTF8.self), radix: 16) {
                bytes.append(byte)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return bytes
    }

    /// A run with a screen reader's probe playing `steps` (atspi-probe.py's steps mode) while the
    /// scripted compositor plays `script` over `files` showing the fruit folder (and what `make` adds).
    private func playWithScreenReader(_ label: String, steps: String, script: String, seconds: Double = 60, arguments: [String] = [],
                                      make: (String) throws -> Void = { _ in }) throws
        -> (status: Int32?, seen: [String: Any], process: ChildProcess, probe: ChildProcess, folder: String) {
        let session = try ScreenReaderSession(label)
        defer { session.stop() }
        let folder = "\(session.directory.path)/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try makeFruit(folder)
        try make(folder)
        let probe = try session.probe("files", mode: "steps", steps: steps)
        let scriptPath = "\(session.directory.path)/script.jsonl"
        try (ready + "\n" + script).write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--", try builtProduct("files")] + arguments + [folder],
                                       environment: ["PATH": "/usr/bin:/bin"].merging(session.environment) { $1 },
                                       directory: session.directory.path)
        let status = process.waitForExit(seconds: seconds)
        if status == nil { process.stop() }
        return (status, try session.seen(probe, within: 15), process, probe, folder)
    }

    /// `--tree` to a screen reader (pyatspi): a tree table of 4 columns with their headers, each
    /// row's cells in order, a cell's row, column and header through TableCell; a folder's first cell
    /// is expandable and collapsed at level 1, its "expand" action opens it, and its child says level 2.
    @Test func theTreeIsATreeTableOfCellsWithColumnHeadersAndLevels() throws {
        let steps = #"[{"wait": 2500}, {"table": ["tree table", "files", 2, 1]}, {"do": ["table cell", "beta", "expand"]}, {"wait": 1000}, {"table": ["tree table", "files", 2, 0]}]"#
        let run = try playWithScreenReader("files-tree-table", steps: steps, script: #"{"op":"wait","ms":6000}"#, arguments: ["--tree"])
        #expect(run.status == 0, "\(run.process.logTail)")
        let done = run.seen["done"] as? [Any] ?? []
        guard done.count == 3, let before = done[0] as? [String: Any], let after = done[2] as? [String: Any] else {
            Issue.record("the probe read no table: \(run.seen)")
            return
        }
        #expect(before["rows"] as? Int == 7 && before["columns"] as? Int == 4, "\(before)")
        #expect(before["headers"] as? [String] == ["Name", "Size", "Modified", "Kind"], "\(before)")
        let row0 = before["row0"] as? [String] ?? []
        #expect(row0.first == "alpha" && row0.last == "Folder", "\(row0)")
        let cell = before["cell"] as? [Any] ?? []
        #expect(cell.first as? String == "9 B" && cell.dropFirst().first as? [Int] == [2, 1] && cell.last as? [String] == ["Size"], "\(cell)")
        #expect(before["state0"] as? [String] == ["collapsed", "expandable"], "\(before)")
        #expect((before["levels"] as? [String])?.allSatisfy { $0 == "1" } == true, "\(before)")
        #expect(done[1] as? Bool == true, "expand: \(done[1])")
        #expect(after["rows"] as? Int == 8, "\(after)")
        #expect((after["cell"] as? [Any])?.first as? String == "inner.txt", "\(after)")
        #expect((after["levels"] as? [String])?.prefix(3) == ["1", "1", "2"], "\(after)")
    }

    /// The menu acts on the entry it opened on, whatever happens to the rows meanwhile: a screen
    /// reader filters the list (to names with an e) while the menu is open, and Open still opens
    /// banana.txt, right-clicked as row 3 (the menu acted on the row number taken at the right
    /// click, and opened cherry.txt, row 3 by then).
    @Test func theMenuActsOnItsEntryWhenTheRowsChangeUnderIt() throws {
        let run = try playWithScreenReader("files-menu-rows", steps: #"[{"wait": 2500}, {"settext": ["entry", "Filter", "e"]}]"#, script: """
        {"op":"wait","ms":600}
        {"op":"pointer.move","x":300,"y":\(row(3))}
        {"op":"pointer.down","button":"right"}
        {"op":"pointer.up","button":"right"}
        {"op":"popup.wait","count":1}
        {"op":"wait","ms":4000}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Return"}
        {"op":"popup.wait","count":0}
        {"op":"wait","ms":300}
        """, seconds: 90)
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect((run.seen["done"] as? [Any])?.first as? Bool == true, "the filter was set while the menu was open: \(run.seen)")
        #expect(run.process.stdout == "\(run.folder)/banana.txt\n", "Open printed \(run.process.stdout.debugDescription)")
    }

    /// A screen reader selects part of the filter's text through AT-SPI's Text interface and reads
    /// the selection back, as Orca does for "select to end of line" and when it speaks a selection.
    @Test func aScreenReaderSelectsPartOfTheFilterAndReadsItBack() throws {
        let steps = #"[{"wait": 2000}, {"settext": ["entry", "Filter", "banana"]}, {"readselection": ["entry", "Filter"]}, "#
            + #"{"textselect": ["entry", "Filter", 2, 5]}, {"readselection": ["entry", "Filter"]}]"#
        let run = try playWithScreenReader("files-text-selection", steps: steps, script: #"{"op":"wait","ms":6000}"#)
        let seen = run.seen
        #expect(seen["error"] == nil, "\(seen)\n\(run.probe.logTail)")
        let done = seen["done"] as? [Any] ?? []
        #expect(done.count == 4, "\(seen)")
        #expect(done.first as? Bool == true, "\(seen)")
        #expect((done.dropFirst().first as? [Any]).map { "\($0)" } == "\([0, 0, 0, ""] as [Any])", "no selection at first: \(seen)")
        #expect(done.dropFirst(2).first as? Bool == true, "\(seen)")
        #expect((done.last as? [Any]).map { "\($0)" } == "\([1, 2, 5, "nan"] as [Any])", "\(seen)")
    }

    /// The entries' scroll bar is a screen reader's too: a vertical scroll bar beside the list
    /// with the Value interface (the offset in pixels, from 0 to the furthest, and the items in
    /// view as its text); setting its value scrolls the list there, as dragging the thumb does.
    @Test func aScreenReaderReadsAndSetsTheScrollBar() throws {
        let steps = #"[{"wait": 2500}, {"readvalue": ["scroll bar", ""]}, {"setvalue": ["scroll bar", "", 4400]}, "#
            + #"{"wait": 500}, {"readvalue": ["scroll bar", ""]}, {"setvalue": ["scroll bar", "", 1e9]}, {"wait": 500}, "#
            + #"{"readvalue": ["scroll bar", ""]}]"#
        let run = try playWithScreenReader("files-scroll-bar", steps: steps, script: #"{"op":"wait","ms":6000}"#) { folder in
            for index in 0..<300 {
                FileManager.default.createFile(atPath: "\(folder)/file-\(String(index + 1000).dropFirst()).txt", contents: nil)
            }
        }
        let seen = run.seen
        #expect(seen["error"] == nil, "\(seen)\n\(run.probe.logTail)")
        let done = seen["done"] as? [Any] ?? []
        let reads = done.compactMap { $0 as? [Any] }
        #expect(done.count == 5 && reads.count == 3, "\(seen)")
        guard reads.count == 3 else { return }
        func numbers(_ read: [Any]) -> [Double] { read.prefix(3).compactMap { ($0 as? NSNumber)?.doubleValue } }
        let first = numbers(reads[0]), scrolled = numbers(reads[1]), end = numbers(reads[2])
        // 307 entries of 44 px in the list's height: the furthest offset is 307 × 44 − that height.
        #expect(first.count == 3 && first[0] == 0 && first[2] == 0 && first[1] > 12_000 && first[1] < 13_508, "\(reads[0])")
        #expect(reads[0][3] as? String == "items 1 to 12 of 307" || (reads[0][3] as? String)?.hasPrefix("items 1 to ") == true,
                "\(reads[0])")
        #expect(scrolled.count == 3 && scrolled[2] == 4400, "\(reads[1])")
        #expect((reads[1][3] as? String)?.hasPrefix("items 101 to ") == true, "row 100 at the top: \(reads[1])")
        #expect(end.count == 3 && end[2] == first[1], "a value past the end is the end: \(reads[2])")
        #expect((reads[2][3] as? String)?.hasSuffix(" to 307 of 307") == true, "\(reads[2])")
    }

    /// F3 shows the preview beside the entries: the one selected file's text, read off the main
    /// actor; a FIFO is not opened for reading, an empty file shows nothing, invalid UTF-8 shows
    /// replacement characters, and two selected entries say so.
    @Test func thePreviewShowsTheSelectedFilesText() throws {
        // Rows: alpha, beta, apple.txt, banana.txt, broken, cherry.txt, date.txt, fifo, zero.txt, zinvalid.txt.
        let steps = #"[{"wait": 2500}, {"readtext": ["text", "Preview"]}, {"wait": 2000}, {"readtext": ["text", "Preview"]}, "#
            + #"{"wait": 2000}, {"readtext": ["text", "Preview"]}, {"wait": 2000}, {"readtext": ["text", "Preview"]}, "#
            + #"{"wait": 2000}, {"readtext": ["text", "Preview"]}]"#
        let run = try playWithScreenReader("files-preview", steps: steps, script: """
        {"op":"key.tap","key":"F3"}
        {"op":"wait","ms":600}
        \(click(row: 3))
        {"op":"wait","ms":3200}
        \(click(row: 7))
        {"op":"wait","ms":2300}
        \(click(row: 8))
        {"op":"wait","ms":2300}
        \(click(row: 9))
        {"op":"wait","ms":2300}
        \(click(row: 5, holding: "Control_L"))
        {"op":"wait","ms":3000}
        """, seconds: 90) { folder in
            #expect(mkfifo("\(folder)/fifo", 0o600) == 0)
            FileManager.default.createFile(atPath: "\(folder)/zero.txt", contents: Data())
            FileManager.default.createFile(atPath: "\(folder)/zinvalid.txt", contents: Data([0x61, 0xff, 0xfe, 0x62, 0x0a]))
        }
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.seen["error"] == nil, "\(run.seen)\n\(run.probe.logTail)")
        let texts = (run.seen["done"] as? [Any] ?? []).compactMap { $0 as? String }
        #expect(texts == ["banana.txt", "Not a regular file", "", "a\u{FFFD}\u{FFFD}b\n", "2 selected"], "\(run.seen)")
    }

    /// The menu's shortcuts are the window's key commands: Delete moves the selected file to the
    /// FreeDesktop trash (its `.trashinfo` names where it was), Ctrl+Shift+N makes a folder, and the
    /// ☰ button opens the menu whose first entry makes another.
    @Test func theMenuButtonAndItsShortcutsTrashAndMakeFolders() throws {
        let run = try play("""
        \(ready)
        \(click(row: 3))
        {"op":"key.tap","key":"Delete"}
        {"op":"wait","ms":300}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.down","key":"Shift_L"}
        {"op":"key.tap","key":"n"}
        {"op":"key.up","key":"Shift_L"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":300}
        {"op":"pointer.move","x":776,"y":20}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"popup.wait","count":1}
        {"op":"screenshot","file":"menu.png"}
        {"op":"key.tap","key":"Return"}
        {"op":"popup.wait","count":0}
        {"op":"wait","ms":300}
        """, label: "trash", home: { _ in }, make: makeFruit)
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let files = FileManager.default, home = "\(run.directory.path)/home"
        #expect(!files.fileExists(atPath: "\(run.folder)/banana.txt"), "\(run.process.logTail)")
        #expect(files.fileExists(atPath: "\(home)/.local/share/Trash/files/banana.txt"))
        let info = (try? String(contentsOfFile: "\(home)/.local/share/Trash/info/banana.txt.trashinfo", encoding: .utf8)) ?? ""
        #expect(info.hasPrefix("[Trash Info]\nPath=\(run.folder)/banana.txt\nDeletionDate=20"), "\(info)")
        #expect(files.fileExists(atPath: "\(run.folder)/New Folder") && files.fileExists(atPath: "\(run.folder)/New Folder 2"),
                "\(String(describing: try? files.contentsOfDirectory(atPath: run.folder)))\n\(run.process.logTail)")
        // The menu drew its icon column, a checkmark-less Show Preview and a dimmed Move to Trash: at least it drew.
        #expect(files.fileExists(atPath: "\(run.directory.path)/menu.png"))
    }

    /// A header button's tooltip shows in a popup after the pointer rests on it, lets the pointer
    /// through, and goes when the pointer leaves.
    @Test func aButtonsTooltipShowsAfterAPauseAndGoes() throws {
        let run = try play("""
        \(ready)
        {"op":"pointer.move","x":18,"y":20}
        {"op":"wait","ms":200}
        {"op":"screenshot","file":"early.png"}
        {"op":"popup.wait","count":1,"ms":3000}
        {"op":"screenshot","file":"tooltip.png"}
        {"op":"pointer.move","x":300,"y":\(row(2))}
        {"op":"popup.wait","count":0,"ms":3000}
        """, label: "tooltip", make: makeFruit)
        defer { run.directory.remove() }
        #expect(run.status == 0, "the tooltip came and went: \(run.process.logTail)")
    }

    /// Home with Documents (an XDG folder), a missing Music folder and a
    /// bookmark of the test's folder's `alpha`, beside an `sftp:` one.
    private func makeHome(folder: String) -> (String) throws -> Void {
        { home in
            let files = FileManager.default
            try files.createDirectory(atPath: "\(home)/Documents", withIntermediateDirectories: true)
            files.createFile(atPath: "\(home)/Documents/report.txt", contents: nil)
            files.createFile(atPath: "\(home)/.config/user-dirs.dirs",
                             contents: Data("# written by xdg-user-dirs-update\nXDG_DOCUMENTS_DIR=\"$HOME/Documents\"\nXDG_MUSIC_DIR=\"$HOME/Music\"\n".utf8))
            files.createFile(atPath: "\(home)/.config/gtk-3.0/bookmarks",
                             contents: Data("file://\(folder)/alpha Alpha Mark\nsftp://host/srv Remote\n".utf8))
        }
    }

    /// The sidebar lists Home, Documents and the bookmark (not the missing or
    /// remote ones); a click on a place opens it, F6 goes to the entries' side.
    @Test func aClickOnAPlaceOpensItAndF6MovesToTheEntries() throws {
        var madeFolder = ""
        let run = try play("""
        \(ready)
        {"op":"screenshot","file":"places.png"}
        {"op":"pointer.move","x":60,"y":66}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":300}
        {"op":"key.tap","key":"F6"}
        {"op":"key.tap","key":"Tab"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Return"}
        {"op":"pointer.move","x":60,"y":110}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":300}
        {"op":"key.tap","key":"F6"}
        {"op":"key.tap","key":"Tab"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":300}
        """, label: "places", home: { home in try makeHome(folder: madeFolder)(home) }) { folder in
            madeFolder = folder
            try makeFruit(folder)
            FileManager.default.createFile(atPath: "\(folder)/alpha/first.txt", contents: nil)
        }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let home = "\(run.directory.path)/home"
        #expect(run.output == ["\(home)/Documents/report.txt", "\(run.folder)/alpha/first.txt"], "\(run.output)\n\(run.process.logTail)")
        let shot = try PNGCodec.read(path: "\(run.directory.path)/places.png")
        #expect(shot.darkPixelCount(x: 10, y: 0, width: 160, height: 132) > 150, "three places' names")
        #expect(shot.darkPixelCount(x: 10, y: 132, width: 160, height: 88) == 0, "and no more")
    }

    /// The header's buttons: into beta (type-ahead, Enter), Back by the
    /// button, Forward by Alt+Right, Up by the button; New Folder twice makes
    /// "New Folder" and "New Folder 2" and focuses the new one. Each step's
    /// folder is checked by opening what is focused there.
    @Test func theHeaderButtonsGoBackForwardUpAndMakeFolders() throws {
        let back = #"{"op":"pointer.move","x":21,"y":20}"#, up = #"{"op":"pointer.move","x":97,"y":20}"#
        let newFolder = #"{"op":"pointer.move","x":160,"y":20}"#
        let press = """
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":300}
        """
        let run = try play("""
        \(ready)
        \(keys("be"))
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":300}
        \(back)
        \(press)
        \(keys("da"))
        {"op":"key.tap","key":"Return"}
        {"op":"key.down","key":"Alt_L"}
        {"op":"key.tap","key":"Right"}
        {"op":"key.up","key":"Alt_L"}
        {"op":"wait","ms":300}
        \(keys("in"))
        {"op":"key.tap","key":"Return"}
        \(up)
        \(press)
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":300}
        {"op":"key.tap","key":"BackSpace"}
        {"op":"wait","ms":300}
        \(newFolder)
        \(press)
        \(newFolder)
        \(press)
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":300}
        \(back)
        \(press)
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":300}
        """, label: "header", make: makeFruit)
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        // date.txt after Back (the first folder again), inner.txt after Forward (beta), and after Up the
        // focus on beta (the folder left): Enter opens it, Backspace comes up again.
        #expect(run.output == ["\(run.folder)/date.txt", "\(run.folder)/beta/inner.txt"], "\(run.output)\n\(run.process.logTail)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: "\(run.folder)/New Folder", isDirectory: &isFolder) && isFolder.boolValue)
        #expect(FileManager.default.fileExists(atPath: "\(run.folder)/New Folder 2"))
    }

    /// The scrollbar under the pointer: its thumb dragged to the bottom of a
    /// 1,000-entry folder shows the last entries (a click there opens one).
    @Test func theScrollbarsThumbDragsToTheEndOfAFolder() throws {
        let run = try play("""
        \(ready)
        {"op":"wait","ms":400}
        {"op":"pointer.move","x":780,"y":300}
        {"op":"pointer.move","x":794,"y":58}
        {"op":"wait","ms":50}
        {"op":"screenshot","file":"wide.png"}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":794,"y":200}
        {"op":"pointer.move","x":790,"y":700}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":100}
        \(click(row: 11))
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":200}
        """, label: "scrollbar") { folder in
            for n in 0..<1000 { FileManager.default.createFile(atPath: "\(folder)/\(String(format: "a%04d.txt", n))", contents: nil) }
        }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let opened = run.output.last.flatMap { $0.split(separator: "/").last }.map(String.init) ?? ""
        let number = Int(opened.dropFirst().prefix(4)) ?? -1
        #expect(number >= 985 && number <= 999, "a row at the end opened: \(run.output)")
        let wide = try PNGCodec.read(path: "\(run.directory.path)/wide.png")
        #expect(wide.rgb(x: 789, y: 300) != wide.rgb(x: 780, y: 300), "the trough shows under the pointer")
    }

    /// Hostile configuration: `user-dirs.dirs` is a FIFO nobody writes to (it
    /// must not hang the start), the bookmarks hold invalid UTF-8, a line of
    /// control bytes and a relative "file:" URI, and Documents is "$HOME/"
    /// (xdg-user-dirs' way of turning a folder off). The window comes up with
    /// Home and the one good bookmark, named by its bytes as well as they decode.
    @Test func hostilePlacesFilesNeitherHangNorAddWrongPlaces() throws {
        var madeFolder = ""
        let run = try play("""
        \(ready)
        {"op":"screenshot","file":"places.png"}
        """, label: "places-hostile", home: { home in
            guard mkfifo("\(home)/.config/user-dirs.dirs", 0o600) == 0 else { throw POSIXError(.EIO) }
            var bookmarks = Data("file://\(madeFolder)/alpha Caf".utf8) + Data([0xE9, 0xFF]) + Data("\n".utf8)
            bookmarks += Data([0x01, 0x02, 0x7F, 0x0A]) + Data("file:relative Nowhere\nfile:///nonexistent Gone\n".utf8)
            FileManager.default.createFile(atPath: "\(home)/.config/gtk-3.0/bookmarks", contents: bookmarks)
        }) { folder in
            madeFolder = folder
            try makeFruit(folder)
        }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let shot = try PNGCodec.read(path: "\(run.directory.path)/places.png")
        #expect(shot.darkPixelCount(x: 10, y: 0, width: 160, height: 88) > 80, "Home and the bookmark")
        #expect(shot.darkPixelCount(x: 10, y: 88, width: 160, height: 88) == 0, "and nothing else")
    }

    /// The divider between the places and the entries drags with the
    /// pointer; dragged near the window's edge the places collapse, and come
    /// back when it is dragged out again. Tab then skips the collapsed places.
    @Test func theDividerDragsAndCollapsesThePlaces() throws {
        var madeFolder = ""
        let run = try play("""
        \(ready)
        {"op":"screenshot","file":"before.png"}
        {"op":"pointer.move","x":181,"y":300}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":240,"y":305}
        {"op":"pointer.move","x":301,"y":310}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"wider.png"}
        {"op":"pointer.move","x":301,"y":300}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":100,"y":300}
        {"op":"pointer.move","x":20,"y":300}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"collapsed.png"}
        """, label: "divider", home: { home in try makeHome(folder: madeFolder)(home) }) { folder in
            madeFolder = folder
            try makeFruit(folder)
        }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let before = try PNGCodec.read(path: "\(run.directory.path)/before.png")
        let wider = try PNGCodec.read(path: "\(run.directory.path)/wider.png")
        let collapsed = try PNGCodec.read(path: "\(run.directory.path)/collapsed.png")
        let separator = before.rgb(x: 180, y: 500)
        #expect(before.rgb(x: 179, y: 500) != separator && before.rgb(x: 181, y: 500) != separator, "a one-pixel line")
        #expect(wider.rgb(x: 300, y: 500) == separator && wider.rgb(x: 180, y: 500) != separator, "moved by the drag")
        #expect(collapsed.rgb(x: 0, y: 500) == separator && collapsed.rgb(x: 300, y: 500) != separator, "the places collapsed")
        #expect(collapsed.darkPixelCount(x: 1, y: 0, width: 40, height: 132) > 0, "the filter and entries fill the window")
    }

    /// The header's buttons have mnemonics: Alt+N makes a new folder, Alt+P shows the preview, and
    /// their letters are underlined; Alt with a letter no button has does nothing.
    @Test func altWithAButtonsMnemonicActivatesIt() throws {
        let alt = { (key: String) in """
            {"op":"key.down","key":"Alt_L"}
            {"op":"key.tap","key":"\(key)"}
            {"op":"key.up","key":"Alt_L"}
            {"op":"wait","ms":300}
            """ }
        let run = try play("""
        \(ready)
        {"op":"screenshot","file":"before.png"}
        \(alt("n"))
        \(alt("q"))
        \(alt("p"))
        {"op":"screenshot","file":"preview.png"}
        """, label: "mnemonics", make: makeFruit)
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: "\(run.folder)/New Folder", isDirectory: &isFolder) && isFolder.boolValue)
        #expect(!FileManager.default.fileExists(atPath: "\(run.folder)/New Folder 2"), "one folder: Alt+Q is nobody's")
        let before = try PNGCodec.read(path: "\(run.directory.path)/before.png")
        let preview = try PNGCodec.read(path: "\(run.directory.path)/preview.png")
        // The divider between the entries and the preview: a one-pixel line near 380 once it shows.
        let separator = UInt32(0xd8d8dc), columns = 376...386
        #expect(!columns.contains { before.rgb(x: $0, y: 500) == separator } && columns.contains { preview.rgb(x: $0, y: 500) == separator },
                "the preview pane came")
    }

    /// A picture previews in large in a scroll view: a tall PNG (red over blue) fills the pane's
    /// width up to its own; the scroll view's thumb drags it to the end and the wheel over it
    /// brings it back, the entries staying put; a file named .png that is not one shows as text.
    @Test func anImagePreviewsInLargeAndScrolls() throws {
        let run = try play("""
        \(ready)
        {"op":"key.tap","key":"F3"}
        {"op":"wait","ms":300}
        \(click(row: 7))
        {"op":"wait","ms":800}
        {"op":"screenshot","file":"top.png"}
        {"op":"pointer.move","x":794,"y":60}
        {"op":"wait","ms":100}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":794,"y":300}
        {"op":"pointer.move","x":794,"y":590}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":200}
        {"op":"screenshot","file":"dragged.png"}
        {"op":"pointer.move","x":590,"y":300}
        {"op":"pointer.axis","dy":-600}
        {"op":"pointer.axis","dy":-600}
        {"op":"wait","ms":600}
        {"op":"screenshot","file":"scrolled.png"}
        \(click(row: 3))
        {"op":"wait","ms":800}
        \(click(row: 8))
        {"op":"wait","ms":800}
        {"op":"screenshot","file":"fake.png"}
        """, label: "image-preview") { folder in
            try makeFruit(folder)
            // 100 × 1000: red rows over blue rows.
            let rgba = (0..<1000).flatMap { y in Array(repeating: y < 500 ? [255, 0, 0, 255] : [0, 0, 255, 255], count: 100).flatMap { $0 } }
            try PNGCodec.write(PNGImage(width: 100, height: 1000, rgba: rgba.map(UInt8.init)), to: "\(folder)/tall.png")
            FileManager.default.createFile(atPath: "\(folder)/zfake.png", contents: Data("not a picture".utf8))
        }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        let top = try PNGCodec.read(path: "\(run.directory.path)/top.png")
        let scrolled = try PNGCodec.read(path: "\(run.directory.path)/scrolled.png")
        let fake = try PNGCodec.read(path: "\(run.directory.path)/fake.png")
        // The picture is centred in the pane (x 381 to 800): its middle column near 590.
        #expect(top.rgb(x: 590, y: 100) == 0xff0000 && top.rgb(x: 590, y: 300) == 0xff0000, "the red top at first: \(top.hex(x: 590, y: 300))")
        let dragged = try PNGCodec.read(path: "\(run.directory.path)/dragged.png")
        #expect(dragged.rgb(x: 590, y: 300) == 0x0000ff, "the scrollbar's thumb dragged to the end: \(dragged.hex(x: 590, y: 300))")
        #expect(scrolled.rgb(x: 590, y: 300) == 0xff0000, "the wheel over it back to the top: \(scrolled.hex(x: 590, y: 300))")
        #expect(scrolled.rgb(x: 100, y: row(0)) == top.rgb(x: 100, y: row(0)), "the entries did not move")
        #expect(fake.rgb(x: 590, y: 300) != 0x0000ff && fake.rgb(x: 590, y: 300) != 0xff0000 && fake.darkPixelCount(x: 390, y: 44, width: 300, height: 30) > 0,
                "a .png that is not a picture shows as text")
    }

    /// The desktop's dark preference and accent colour reach every component
    /// in the window through one call (`followTheme`): the places, the header
    /// bar and its buttons, the filter field and the entries draw dark, the
    /// selection takes the accent, and a new accent arrives live.
    @Test func theDesktopsThemeAndAccentReachEveryComponentLive() throws {
        let directory = try TestDirectory("files-theme")
        let bus = try SessionBus(directory: directory)
        defer { bus.stop() }
        try bus.startPortal(scheme: 1, accent: "0.8,0.2,0.4", switchAccent: "0.2,0.6,0.2",
                            whenFile: "\(directory.path)/dark.png", directory: directory)
        var madeFolder = ""
        let run = try play("""
        \(ready)
        {"op":"screenshot","file":"dark.png"}
        {"op":"wait","ms":1000}
        {"op":"screenshot","file":"green.png"}
        """, label: "theme", home: { home in try makeHome(folder: madeFolder)(home) }, environment: bus.environment,
           directory: directory) { folder in
            madeFolder = folder
            try makeFruit(folder)
        }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(bus.portalOutput.contains("switched"), "\(bus.portalOutput)")
        let dark = try PNGCodec.read(path: "\(run.directory.path)/dark.png")
        let green = try PNGCodec.read(path: "\(run.directory.path)/green.png")
        func isDark(_ rgb: UInt32) -> Bool { (rgb >> 16) & 0xff < 0x50 && (rgb >> 8) & 0xff < 0x50 && rgb & 0xff < 0x50 }
        for (x, y, what) in [(90, 500, "the places"), (500, 1, "the header bar"), (640, 20, "the filter field"), (500, 60, "the first entry"),
                             (500, 500, "the entries")] {
            #expect(isDark(dark.rgb(x: x, y: y)), "\(what): \(dark.hex(x: x, y: y))")
        }
        // The icons (and the filter's focus ring) take the accent: red, then green.
        func channels(_ rgb: UInt32) -> (r: Int, g: Int, b: Int) { (Int(rgb >> 16 & 0xff), Int(rgb >> 8 & 0xff), Int(rgb & 0xff)) }
        let before = channels(dark.rgb(x: 215, y: 66)), after = channels(green.rgb(x: 215, y: 66))
        #expect(before.r > before.g + 80, "the folder icon in the desktop's accent (#cc3366): \(dark.hex(x: 215, y: 66))")
        #expect(after.g > after.r + 80, "then in the new accent (#339933), live: \(green.hex(x: 215, y: 66))")
    }

    /// The details view's columns (800 px wide, no sidebar) at the widths the test saves: Name 0–470,
    /// Size 470–560, Modified 560–700, Kind 700–800, under the 40 px filter field a header 30 px high, then rows of 32 px.
    private func detailsRow(_ n: Int) -> Int { 40 + 30 + 16 + 32 * n }

    private func makeSized(_ folder: String) throws {
        for (name, size) in [("apple.txt", 300), ("banana.txt", 5000), ("cherry.txt", 1)] {
            FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data(repeating: 0x61, count: size))
        }
    }

    /// Enter on the details view's first row: its path is printed.
    private var openFirstRow: String {
        """
        {"op":"pointer.move","x":200,"y":\(detailsRow(0))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """
    }

    /// `--details`: a click on Size sorts by size, again the other way; dragging Size's edge
    /// widens it; the state is saved in $XDG_STATE_HOME and the next run sorts as saved; a
    /// state file that is not one is ignored with a message.
    @Test func theDetailsViewSortsResizesAndRemembersItsColumns() throws {
        let directory = try TestDirectory("files-details")
        defer { directory.remove() }
        let stateHome = "\(directory.path)/state", saved = "\(stateHome)/sweep-files/columns.json"
        let environment = ["XDG_STATE_HOME": stateHome]
        // Size and Modified at widths of their own (they fit their content otherwise), unsorted.
        try FileManager.default.createDirectory(atPath: "\(stateHome)/sweep-files", withIntermediateDirectories: true)
        try Data(#"{"order":[],"widths":{"size":90,"modified":140},"hidden":[],"sort":[]}"#.utf8).write(to: URL(fileURLWithPath: saved))
        let sizeTitle = #"{"op":"pointer.move","x":515,"y":55}"# + "\n" + #"{"op":"pointer.down","button":"left"}"# + "\n"
            + #"{"op":"pointer.up","button":"left"}"# + "\n" + #"{"op":"wait","ms":500}"#
        let first = try play("""
        \(ready)
        {"op":"screenshot","file":"details.png"}
        \(sizeTitle)
        \(openFirstRow)
        \(sizeTitle)
        \(openFirstRow)
        {"op":"pointer.move","x":560,"y":55}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":580,"y":56}
        {"op":"pointer.move","x":610,"y":56}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":200}
        """, label: "details", arguments: ["--details"], environment: environment, directory: directory, make: makeSized)
        #expect(first.status == 0, "\(first.process.logTail)")
        let paths = { (names: [String]) in names.map { "\(first.folder)/\($0)" } }
        #expect(first.output == paths(["cherry.txt", "banana.txt"]), "smallest first, then largest first: \(first.output)")
        let state = try JSONDecoder().decode(TableColumnStateFile.self, from: Data(contentsOf: URL(fileURLWithPath: saved)))
        #expect(state.sort.map(\.column) == ["size"] && state.sort.first?.ascending == false)
        #expect(state.widths["size"] == 140, "\(state.widths)")
        let shot = try PNGCodec.read(path: "\(directory.path)/details.png")
        #expect(shot.width == 800)

        // The next run: sorted by size, largest first, as it was left.
        let second = try play("\(ready)\n\(openFirstRow)", label: "details", arguments: ["--details"], environment: environment,
                              directory: directory) { _ in }
        #expect(second.output == paths(["banana.txt"]), "\(second.output) \(second.process.logTail)")

        // A state file that is not one: said so, and the default order (by name).
        try Data("{\"order\": 7".utf8).write(to: URL(fileURLWithPath: saved))
        let third = try play("\(ready)\n\(openFirstRow)", label: "details", arguments: ["--details"], environment: environment,
                             directory: directory) { _ in }
        #expect(third.status == 0 && third.output == paths(["apple.txt"]), "\(third.output)")
        #expect(third.process.stderr.contains("ignoring \(saved): not a saved column state"), "\(third.process.stderr)")
    }

    /// `--tree`: Right opens a folder in place (read in the background), Down and Enter print a
    /// file in it, Left goes up to the folder and closes it, a tap on its triangle opens it again.
    @Test func theTreeOpensFoldersInPlaceByKeyAndTap() throws {
        let directory = try TestDirectory("files-tree")
        defer { directory.remove() }
        let stateHome = "\(directory.path)/state"
        try FileManager.default.createDirectory(atPath: "\(stateHome)/sweep-files", withIntermediateDirectories: true)
        try Data(#"{"order":[],"widths":{"size":90,"modified":140},"hidden":[],"sort":[{"column":"name","ascending":true}]}"#.utf8)
            .write(to: URL(fileURLWithPath: "\(stateHome)/sweep-files/columns.json"))
        let run = try play("""
        \(ready)
        {"op":"pointer.move","x":300,"y":\(detailsRow(0))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"Right"}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"open.png"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"Left"}
        {"op":"key.tap","key":"Left"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"closed.png"}
        {"op":"touch.down","id":0,"x":17,"y":\(detailsRow(0))}
        {"op":"touch.up","id":0}
        {"op":"wait","ms":300}
        {"op":"pointer.move","x":300,"y":\(detailsRow(2))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"Tab"}
        \(keys("two"))
        {"op":"wait","ms":200}
        {"op":"key.tap","key":"Tab"}
        {"op":"key.tap","key":"Home"}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """, label: "tree", arguments: ["--tree"], environment: ["XDG_STATE_HOME": stateHome], directory: directory) { folder in
            try FileManager.default.createDirectory(atPath: "\(folder)/alpha", withIntermediateDirectories: false)
            for name in ["alpha/one.txt", "alpha/two.txt", "zeta.txt"] { FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data()) }
        }
        #expect(run.status == 0, "\(run.process.logTail)")
        // The filter, typed with a folder open, matches the open folder's files too: "two" leaves
        // alpha (the folder above two.txt, so the tree keeps its shape) and two.txt, which Enter prints.
        #expect(run.output == ["\(run.folder)/alpha/one.txt", "\(run.folder)/alpha/two.txt", "\(run.folder)/alpha/two.txt"],
                "\(run.output) \(run.process.logTail)")
    }

    /// F2 renames on disk; a name that exists, a "/", an empty name and one of 1,000 bytes are
    /// refused with a message and the old name kept; Escape cancels; a name that is not UTF-8 is
    /// renamed from its own bytes.
    @Test func f2RenamesOnDiskAndRefusesBadNames() throws {
        let directory = try TestDirectory("files-rename")
        defer { directory.remove() }
        let stateHome = "\(directory.path)/state"
        let erase = ([#"{"op":"key.tap","key":"End"}"#] + (0..<12).map { _ in #"{"op":"key.tap","key":"BackSpace"}"# }).joined(separator: "\n")
        let run = try play("""
        \(ready)
        {"op":"pointer.move","x":300,"y":\(detailsRow(0))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"F2"}
        \(keys("beta"))
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        {"op":"screenshot","file":"refused.png"}
        \(erase)
        {"op":"key.tap","key":"a"}
        {"op":"key.tap","key":"slash"}
        {"op":"key.tap","key":"b"}
        {"op":"key.tap","key":"Return"}
        \(erase)
        {"op":"key.tap","key":"Return"}
        {"op":"key.tap","key":"Escape"}
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"F2"}
        {"op":"clipboard.set","text":"\(String(repeating: "x", count: 1000))"}
        \(control("a"))
        \(control("v"))
        {"op":"wait","ms":200}
        {"op":"key.tap","key":"Return"}
        {"op":"key.tap","key":"Escape"}
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"F2"}
        \(keys("gamma"))
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":400}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"Down"}
        {"op":"key.tap","key":"F2"}
        \(keys("good"))
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":400}
        """, label: "rename", arguments: ["--details"], environment: ["XDG_STATE_HOME": stateHome], directory: directory) { folder in
            for name in ["alpha.txt", "beta.txt"] { FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data(name.utf8)) }
            // A name that is not UTF-8 (an 0xFF byte): shown lossily, renamed from its own bytes.
            let bad = Array("\(folder)/zz".utf8) + [0xFF] + Array(".txt".utf8) + [0]
            let fd = bad.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
            try #require(fd >= 0)
            close(fd)
        }
        #expect(run.status == 0, "\(run.process.logTail)")
        let names = try FileManager.default.contentsOfDirectory(atPath: run.folder).sorted()
        #expect(names == ["beta.txt", "gamma.txt", "good.txt"],
                "alpha.txt became gamma.txt (a name of 1,000 bytes refused first), the non-UTF-8 name good.txt, beta.txt stayed: \(names)")
        #expect(try String(contentsOfFile: "\(run.folder)/gamma.txt", encoding: .utf8) == "alpha.txt", "the same file")
        // Enter on the renamed entry, still selected and focused, prints its new path.
        #expect(run.output == ["\(run.folder)/gamma.txt"], "\(run.output) \(run.process.logTail)")
    }

    @Test func theExampleIsAtMost800LinesAndImportsOnlySweepUI() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/files")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.contains("main.swift"))
        var lines = 0
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map(String.init)
            #expect(imports.sorted() == ["import Foundation", "import SweepUI"], "\(file)")
        }
        // A list, a grid, a details table, a preview and a sidebar, kept readable.
        #expect(lines <= 800, "a file manager one could use, kept readable: \(lines) lines")
    }
}

/// The saved column state as the test reads it (the JSON `TableColumnState` writes).
private struct TableColumnStateFile: Decodable {
    struct Sort: Decodable {
        var column: String
        var ascending: Bool
    }
    var order: [String]
    var widths: [String: Double]
    var hidden: [String]
    var sort: [Sort]
}
