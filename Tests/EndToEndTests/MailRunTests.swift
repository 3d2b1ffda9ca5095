import Foundation
import SweepPNG
import Testing

/// `Examples/mail` through the scripted compositor on mailbox files the
/// tests write: rows as tall as their snippets (read off a screenshot's
/// separators), the search keeping the selection of what it hides, Delete
/// archiving and Ctrl+Z restoring, and mailboxes it cannot read.
@Suite(.serialized) struct MailRunTests {
    /// Twelve messages of one day: snippets of one, two and three lines by turns, newest first.
    private func mailbox(_ directory: TestDirectory) throws -> String {
        let short = "See you at noon.", medium = String(repeating: "The figures look good but check the table. ", count: 3)
        let long = String(repeating: "Please read the attached report before the meeting tomorrow morning. ", count: 5)
        let lines = (0..<12).map { n in
            "2026-03-0\(n < 6 ? 4 : 3)T\(10 + n % 6):00:00Z\tSender \(n)\tSubject \(n)\t\(n == 0 ? "u" : "")\t\([short, medium, long][n % 3])"
        }
        let path = "\(directory.path)/mailbox.tsv"
        try (lines.joined(separator: "\n") + "\nnot a message\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func play(_ script: String, label: String, arguments: (TestDirectory) throws -> [String])
        throws -> (status: Int32?, output: [String], directory: TestDirectory, process: ChildProcess) {
        let directory = try TestDirectory("mail-\(label)")
        let scriptPath = "\(directory.path)/script.jsonl"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--shots", directory.path, "--", try builtProduct("mail")]
                                           + (try arguments(directory)),
                                       environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC"], directory: directory.path)
        let status = process.waitForExit(seconds: 90)
        if status == nil { process.stop() }
        return (status, process.stdout.split(separator: "\n").map(String.init), directory, process)
    }

    private let ready = """
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":300}
        """

    /// The y of each hairline across the trailing inset (x = 792), where only separators and headers are drawn.
    private func separators(_ shot: PNGImage) -> [Int] {
        let background = shot.rgb(x: 792, y: shot.height - 2)
        var lines: [Int] = []
        for y in 41..<shot.height where shot.rgb(x: 792, y: y) != background && shot.rgb(x: 792, y: y - 1) == background
            && (y + 1 >= shot.height || shot.rgb(x: 792, y: y + 1) == background) {
            lines.append(y)
        }
        return lines
    }

    @Test func rowsAreAsTallAsTheirSnippets() throws {
        let run = try play("""
        \(ready)
        {"op":"screenshot","file":"rows.png"}
        """, label: "rows") { [try mailbox($0)] }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.process.stderr.contains("skipped 1 lines that are no message"), "\(run.process.stderr)")
        let shot = try PNGCodec.decode(Array(Data(contentsOf: URL(fileURLWithPath: "\(run.directory.path)/rows.png"))))
        let lines = separators(shot)
        let heights = zip(lines, lines.dropFirst()).map { $1 - $0 }
        // The first day's rows, newest first: snippets of three, two and one lines, twice; a row's
        // height is from its top separator to its own (the first row's top is under its header).
        // (The last row's separator touches the next header, which hides it from this scan.)
        #expect(heights.count >= 4, "\(lines)")
        guard heights.count >= 4 else { return }
        let (two, one, three) = (heights[0], heights[1], heights[2])
        #expect(one < two && two < three, "one line \(one) px, two \(two), three \(three): \(lines)")
        #expect(heights[3] == two, "the same snippet, the same height: \(heights) \(lines)")
        #expect(one >= 48, "never under the renderer's minimum of 48 px")
    }

    @Test func theSearchKeepsTheSelectionOfWhatItHides() throws {
        // The first row (the newest, Subject 5, under the first day's header) selected, hidden by the search, shown again.
        let run = try play("""
        \(ready)
        {"op":"pointer.move","x":300,"y":100}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"pointer.move","x":300,"y":20}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"7"}
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"BackSpace"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """, label: "search") { [try mailbox($0)] }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.output == ["Subject 5"], "\(run.output)")
    }

    @Test func deleteArchivesAndCtrlZBringsBack() throws {
        let run = try play("""
        \(ready)
        {"op":"pointer.move","x":300,"y":100}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"Delete"}
        {"op":"wait","ms":100}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"a"}
        {"op":"key.up","key":"Control_L"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"z"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """, label: "archive") { [try mailbox($0)] }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        // Newest first, by day: after Delete every message but Subject 5; after Ctrl+Z Subject 5 alone, selected again.
        let subjects = [4, 3, 2, 1, 0, 11, 10, 9, 8, 7, 6].map { "Subject \($0)" }
        #expect(run.output == subjects + ["Subject 5"], "\(run.output)")
    }

    /// Newest first, by day: every message but Subject 5 (the first row's).
    private let allButTheFirst = [4, 3, 2, 1, 0, 11, 10, 9, 8, 7, 6].map { "Subject \($0)" }

    /// A click on a row low in the window (the keyboard focus, which Return activates), Ctrl+A and
    /// Return: every subject shown, printed; 400 ms before for the change's animation.
    private let printAll = """
        {"op":"wait","ms":400}
        {"op":"pointer.move","x":300,"y":500}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"a"}
        {"op":"key.up","key":"Control_L"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """

    /// A finger swiped left across most of the first row: that message is archived, and only it;
    /// Ctrl+Z brings it back, selected.
    @Test func aFullSwipeByTouchArchivesTheSwipedMessageAlone() throws {
        let run = try play("""
        \(ready)
        {"op":"touch.drag","points":[[700,90]],"by":[-600,0],"steps":16,"ms":250}
        \(printAll)
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"z"}
        {"op":"key.up","key":"Control_L"}
        {"op":"wait","ms":400}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """, label: "swipe-full") { [try mailbox($0)] }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.output == allButTheFirst + ["Subject 5"], "\(run.output)")
    }

    /// A short swipe opens the row on its Archive button; a tap on the button archives that message.
    @Test func aSwipeOpensTheRowAndATapOnArchiveArchivesIt() throws {
        let run = try play("""
        \(ready)
        {"op":"touch.drag","points":[[600,90]],"by":[-140,0],"steps":10,"ms":200}
        {"op":"wait","ms":400}
        {"op":"screenshot","file":"open.png"}
        {"op":"touch.down","id":0,"x":770,"y":90}
        {"op":"touch.up","id":0}
        \(printAll)
        """, label: "swipe-open") { [try mailbox($0)] }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.output == allButTheFirst, "\(run.output)")
        // The Archive button's purple at the row's right end, the row's background elsewhere.
        let open = try PNGCodec.decode(Array(Data(contentsOf: URL(fileURLWithPath: "\(run.directory.path)/open.png"))))
        #expect(open.rgb(x: 790, y: 90) == 0x9141AC, "\(open.hex(x: 790, y: 90))")
        #expect(open.rgb(x: 400, y: 90) != 0x9141AC)
    }

    /// Two touchpad fingers scrolling sideways over a row open it; a click on Archive archives it.
    @Test func twoTouchpadFingersSidewaysOpenTheRowForAClick() throws {
        let scrolls = Array(repeating: #"{"op":"pointer.axis","dx":12,"source":"finger"}"#, count: 12).joined(separator: "\n")
        let run = try play("""
        \(ready)
        {"op":"pointer.move","x":400,"y":90}
        \(scrolls)
        {"op":"pointer.axisStop"}
        {"op":"wait","ms":400}
        {"op":"pointer.move","x":770,"y":90}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        \(printAll)
        """, label: "swipe-touchpad") { [try mailbox($0)] }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.output == allButTheFirst, "\(run.output)")
    }

    /// A band held over the first rows for two and a half seconds while a message arrives every
    /// second: the band keeps its rows (the new messages come in above them), and they came.
    @Test func messagesArrivingWhileABandRunsKeepTheBandsItems() throws {
        let run = try play("""
        \(ready)
        {"op":"pointer.move","x":400,"y":80}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.move","x":420,"y":120}
        {"op":"wait","ms":2500}
        {"op":"pointer.move","x":420,"y":160}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"Home"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """, label: "arrivals-band") { _ in ["--messages", "50", "--arrivals"] }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        // The first generated messages (numbers 0–2) are "Quarterly report"; the arrivals "New message N".
        let band = run.output.dropLast()
        #expect(band.count >= 2 && band.allSatisfy { $0 == "Quarterly report" }, "\(run.output)")
        #expect(run.output.last?.hasPrefix("New message") == true, "messages arrived above: \(run.output)")
    }

    /// Scrolled into the first day, its header stays at the top (the pixels there are the
    /// header's, over the rows under it); a click on it selects nothing, one below it a message.
    @Test func theDaysHeaderStaysAtTheTopAndAClickOnItSelectsNothing() throws {
        let run = try play("""
        \(ready)
        {"op":"screenshot","file":"top.png"}
        {"op":"pointer.move","x":300,"y":300}
        {"op":"pointer.axis","dy":150,"source":"finger"}
        {"op":"pointer.axisStop"}
        {"op":"wait","ms":400}
        {"op":"screenshot","file":"scrolled.png"}
        {"op":"pointer.move","x":300,"y":50}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        {"op":"pointer.move","x":300,"y":120}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """, label: "pinned") { [try mailbox($0)] }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        func shot(_ name: String) throws -> PNGImage {
            try PNGCodec.decode(Array(Data(contentsOf: URL(fileURLWithPath: "\(run.directory.path)/\(name)"))))
        }
        let top = try shot("top.png"), scrolled = try shot("scrolled.png")
        // The header's band under the search field (40 px), before and after the scroll: the same header.
        for y in [44, 54, 64] { #expect(scrolled.rgb(x: 792, y: y) == top.rgb(x: 792, y: y), "y \(y)") }
        #expect(top.rgb(x: 792, y: 54) != top.rgb(x: 792, y: 100), "the header is not the rows' background")
        #expect((70..<590).contains { top.rgb(x: 20, y: $0) != scrolled.rgb(x: 20, y: $0) }, "the rows scrolled under it")
        #expect(run.output.count == 1, "one subject: the click on the header selected nothing: \(run.output)")
    }

    /// A subject with bytes that are not UTF-8, an empty line and a line of no message: the
    /// others read as they are, the broken one with U+FFFD in place of its bad byte.
    @Test func aMailboxWithBytesThatAreNotUTF8LosesNothing() throws {
        let run = try play("""
        \(ready)
        {"op":"pointer.move","x":300,"y":100}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"a"}
        {"op":"key.up","key":"Control_L"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """, label: "bytes") { directory in
            var bytes = Array("2026-03-04T10:00:00Z\tAda\tPlain subject\t\tHello\n\n".utf8)
            bytes += Array("2026-03-04T09:00:00Z\tGrace\tBroken ".utf8) + [0xFF, 0xFE] + Array(" subject\t\tHi\nnot a message\n".utf8)
            let path = "\(directory.path)/bytes.tsv"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return [path]
        }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.output == ["Plain subject", "Broken \u{FFFD}\u{FFFD} subject"], "\(run.output)")
    }

    /// A count out of range or no number is refused with the reason and exit 64; an empty mailbox
    /// is a window with nothing in it, and arrivals still come into it.
    @Test func aBadCountIsRefusedAndAnEmptyMailboxStillTakesArrivals() throws {
        let directory = try TestDirectory("mail-counts")
        defer { directory.remove() }
        for bad in ["2000000", "-5", "many"] {
            let process = try ChildProcess(name: "mail", executable: builtProduct("mail"), arguments: ["--messages", bad],
                                           environment: ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": directory.path],
                                           directory: directory.path)
            #expect(process.waitForExit(seconds: 30) == 64, "\(bad): \(process.logTail)")
            #expect(process.stderr.contains("--messages takes a number from 0 to 1,000,000"), "\(process.stderr)")
        }
        let run = try play("""
        \(ready)
        {"op":"wait","ms":1500}
        {"op":"pointer.move","x":300,"y":90}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":100}
        """, label: "empty") { directory in
            let path = "\(directory.path)/empty.tsv"
            try Data().write(to: URL(fileURLWithPath: path))
            return [path, "--arrivals"]
        }
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.output.count == 1 && run.output[0].hasPrefix("New message"), "\(run.output)")
    }

    @Test func aMailboxItCannotReadIsSaidSo() throws {
        let directory = try TestDirectory("mail-missing")
        defer { directory.remove() }
        let process = try ChildProcess(name: "mail", executable: builtProduct("mail"), arguments: ["\(directory.path)/nowhere.tsv"],
                                       environment: ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": directory.path], directory: directory.path)
        let status = process.waitForExit(seconds: 30)
        if status == nil { process.stop() }
        #expect(status == 66, "\(process.logTail)")
        #expect(process.stderr.contains("mail: cannot read"), "\(process.stderr)")
    }
}
