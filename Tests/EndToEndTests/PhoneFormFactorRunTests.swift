import Foundation
import SweepPNG
import Testing

/// sweep-demo, sweep-pick and the Examples on a phone: a 360 × 720 output at
/// scales 2 and 3, read by a screen reader's probe (atspi-probe.py's
/// `targets`): every control a finger presses is at least 44 × 44 logical
/// pixels, inside the window and clear of the others; rows are 44 high.
@Suite(.serialized) struct PhoneFormFactorRunTests {
    static let width = 360, height = 720, touchTarget = 44

    /// What the probe found that a finger could press, with what is wrong with it.
    struct Target: CustomStringConvertible {
        let role: String, name: String, parent: String
        let x: Int, y: Int, width: Int, height: Int
        /// The parent's top and bottom (a list's), when it has extents.
        let parentTop: Int?, parentBottom: Int?
        init?(_ object: [String: Any]) {
            guard let extents = object["extents"] as? [Int], extents.count == 4 else { return nil }
            role = object["role"] as? String ?? ""
            name = object["name"] as? String ?? ""
            parent = object["parent"] as? String ?? ""
            (x, y, width, height) = (extents[0], extents[1], extents[2], extents[3])
            let around = object["parentExtents"] as? [Int]
            (parentTop, parentBottom) = around?.count == 4 ? (around![1], around![1] + around![3]) : (nil, nil)
        }
        /// A row cut by its list's top or bottom edge (scrolled partly out): its extents are the part shown.
        var isCutByItsList: Bool {
            guard let parentTop, let parentBottom else { return false }
            return y <= parentTop || y + height >= parentBottom
        }
        /// A row or a cell of a list, a grid or a table: it scrolls, so it may lie partly outside.
        var isScrolledContent: Bool {
            ["table cell", "list item", "tree item", "table row"].contains(role) || ["table", "tree table", "list", "tree"].contains(parent)
        }
        var description: String { "\(role) \"\(name)\" at \(x),\(y) \(width)×\(height)" }
        func overlaps(_ other: Target) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
        func contains(_ other: Target) -> Bool {
            x <= other.x && y <= other.y && x + width >= other.x + other.width && y + height >= other.y + other.height
        }
    }

    /// What is wrong with `targets` on a phone: controls under 44 × 44 or outside the window,
    /// controls on top of each other, rows under 44 high.
    static func problems(_ targets: [Target]) -> [String] {
        var found: [String] = []
        let controls = targets.filter { !$0.isScrolledContent }
        for target in controls {
            if target.width < touchTarget || target.height < touchTarget { found.append("too small: \(target)") }
            if target.x < 0 || target.y < 0 || target.x + target.width > width || target.y + target.height > height {
                found.append("outside the window: \(target)")
            }
        }
        for (index, target) in controls.enumerated() {
            for other in controls[(index + 1)...] where target.overlaps(other) && !target.contains(other) && !other.contains(target) {
                found.append("overlapping: \(target) and \(other)")
            }
        }
        for row in targets where row.isScrolledContent && !row.isCutByItsList && row.height < touchTarget {
            found.append("row too low: \(row)")
        }
        return found
    }

    /// Runs `product` (`arguments`, standard input `input`) on the phone's output at `scale`
    /// while the probe plays `steps` ("$DIR" in an argument is the run's own directory, where `setUp` makes files).
    private func play(_ product: String, scale: Int, steps: String, arguments: [String] = [], input: String? = nil,
                      script: String = #"{"op":"wait","ms":9000}"#,
                      setUp: (String) throws -> Void = { _ in }) throws -> (seen: [String: Any], log: String) {
        let session = try ScreenReaderSession("phone-\(product)-\(scale)")
        defer { session.stop() }
        try setUp(session.directory.path)
        let probe = try session.probe(product, mode: "steps", steps: steps)
        let scriptPath = "\(session.directory.path)/script.jsonl"
        try """
        {"op":"output","width":\(Self.width),"height":\(Self.height),"scale":\(scale)}
        {"op":"waitReady"}
        \(script)
        """.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        var standardInput: String?
        if let input {
            standardInput = "\(session.directory.path)/input.txt"
            try input.write(toFile: standardInput!, atomically: true, encoding: .utf8)
        }
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--shots", session.directory.path, "--",
                                                   try builtProduct(product)]
                                           + arguments.map { $0.replacingOccurrences(of: "$DIR", with: session.directory.path) },
                                       environment: ["PATH": "/usr/bin:/bin", "XDG_STATE_HOME": "\(session.directory.path)/state"]
                                           .merging(session.environment) { $1 },
                                       directory: session.directory.path, standardInput: standardInput)
        if process.waitForExit(seconds: 60) == nil { process.stop() }
        return (try session.seen(probe, within: 15), process.logTail)
    }

    private func targets(_ seen: [String: Any], _ label: String) -> [Target] {
        ((seen["targets"] as? [String: Any])?[label] as? [[String: Any]] ?? []).compactMap(Target.init)
    }

    @Test(arguments: [2, 3]) func theDemosPagesFitAPhone(scale: Int) throws {
        let pages = ["List", "Grid", "Trails", "Packing", "Filters", "Canvas"]
        var steps: [String] = [#"{"wait": 3000}"#]
        for page in pages {
            steps += [#"{"do": ["page tab", "\#(page)", "click"]}"#, #"{"wait": 700}"#, #"{"targets": "\#(page)"}"#]
        }
        // Editing mode's toolbar: Select All and Done beside the title.
        steps += [#"{"do": ["page tab", "List", "click"]}"#, #"{"wait": 500}"#, #"{"do": ["push button", "Edit", "click"]}"#,
                  #"{"wait": 700}"#, #"{"targets": "editing"}"#]
        let run = try play("sweep-demo", scale: scale, steps: "[" + steps.joined(separator: ", ") + "]",
                           script: #"{"op":"wait","ms":16000}"#)
        #expect(run.seen["error"] == nil, "\(run.seen) \(run.log)")
        for label in pages + ["editing"] {
            let found = targets(run.seen, label)
            // Each page shows controls or rows besides the tabs (the canvas's pieces are drawn, not objects).
            #expect(found.filter { $0.role == "page tab" }.count == 6 && (label == "Canvas" || found.count > 6), "\(label): \(found)")
            #expect(Self.problems(found).isEmpty, "\(label) at scale \(scale): \(Self.problems(found).joined(separator: "\n"))")
        }
        // The tab bar's six tabs share the width, each a touch target.
        let tabs = targets(run.seen, "List").filter { $0.role == "page tab" }
        #expect(tabs.map(\.name) == pages && tabs.allSatisfy { $0.width == 60 && $0.y + $0.height == Self.height }, "\(tabs)")
        #expect(targets(run.seen, "editing").contains { $0.name == "Done" }, "\(targets(run.seen, "editing"))")
    }

    @Test(arguments: [2, 3]) func thePickerFitsAPhone(scale: Int) throws {
        let run = try play("sweep-pick", scale: scale, steps: #"[{"wait": 2500}, {"targets": "picker"}]"#,
                           input: (1...200).map { "line \($0)" }.joined(separator: "\n") + "\n")
        #expect(run.seen["error"] == nil, "\(run.seen) \(run.log)")
        let found = targets(run.seen, "picker")
        #expect(found.contains { $0.name == "Done" } && found.contains { $0.role == "entry" }, "\(found)")
        #expect(Self.problems(found).isEmpty, "\(Self.problems(found).joined(separator: "\n"))")
    }

    @Test(arguments: [2, 3]) func theFileBrowserFitsAPhone(scale: Int) throws {
        // The menu button tapped at 3.5 s: its menu's entries are touch sized too.
        let script = #"""
            {"op":"wait","ms":3500}
            {"op":"touch.down","id":1,"x":335,"y":25}
            {"op":"touch.up","id":1}
            {"op":"wait","ms":5000}
            """#
        let run = try play("files", scale: scale, steps: #"[{"wait": 2500}, {"targets": "files"}, {"wait": 3000}, {"targets": "menu"}]"#,
                           arguments: ["$DIR/folder"], script: script) { directory in
            try FileManager.default.createDirectory(atPath: "\(directory)/folder/inner", withIntermediateDirectories: true)
            for name in ["apple.txt", "banana.txt"] { FileManager.default.createFile(atPath: "\(directory)/folder/\(name)", contents: Data(name.utf8)) }
        }
        #expect(run.seen["error"] == nil, "\(run.seen) \(run.log)")
        let found = targets(run.seen, "files")
        // Back, Forward, Up, the filter and the menu; New Folder and Preview are in the menu on a phone.
        let controls = found.filter { !$0.isScrolledContent }.map(\.name)
        #expect(["Back", "Forward", "Up", "Menu"].allSatisfy(controls.contains) && !controls.contains("New Folder"), "\(found)")
        #expect(found.filter(\.isScrolledContent).count >= 3, "\(found)")
        #expect(Self.problems(found).isEmpty, "\(Self.problems(found).joined(separator: "\n"))")
        let entries = targets(run.seen, "menu").filter { $0.role.hasSuffix("menu item") }
        #expect(entries.count >= 4 && entries.allSatisfy { $0.height >= Self.touchTarget }, "\(entries)")
    }

    @Test(arguments: [2, 3]) func theRecordsTableHelloSelectMailAndPhotosFitAPhone(scale: Int) throws {
        let records = try play("records", scale: scale, steps: #"[{"wait": 2500}, {"targets": "records"}]"#, arguments: ["--rows", "1000"])
        #expect(records.seen["error"] == nil, "\(records.seen) \(records.log)")
        let table = targets(records.seen, "records")
        #expect(table.contains { $0.role == "entry" } && table.filter(\.isScrolledContent).count >= 10, "\(table)")
        #expect(Self.problems(table).isEmpty, "records: \(Self.problems(table).joined(separator: "\n"))")

        let hello = try play("hello-select", scale: scale, steps: #"[{"wait": 2500}, {"targets": "hello"}]"#,
                             input: (1...100).map { "Line \($0)" }.joined(separator: "\n") + "\n")
        #expect(hello.seen["error"] == nil, "\(hello.seen) \(hello.log)")
        let lines = targets(hello.seen, "hello")
        #expect(lines.filter(\.isScrolledContent).count >= 10, "\(lines)")
        #expect(Self.problems(lines).isEmpty, "hello-select: \(Self.problems(lines).joined(separator: "\n"))")

        let mail = try play("mail", scale: scale, steps: #"[{"wait": 2500}, {"targets": "mail"}]"#)
        #expect(mail.seen["error"] == nil, "\(mail.seen) \(mail.log)")
        let messages = targets(mail.seen, "mail")
        #expect(messages.contains { $0.role == "entry" } && messages.filter(\.isScrolledContent).count >= 3, "\(messages)")
        #expect(Self.problems(messages).isEmpty, "mail: \(Self.problems(messages).joined(separator: "\n"))")

        let photos = try play("photos", scale: scale, steps: #"[{"wait": 2500}, {"targets": "photos"}]"#, arguments: ["$DIR/pictures"]) { directory in
            try FileManager.default.createDirectory(atPath: "\(directory)/pictures", withIntermediateDirectories: true)
            for (index, colour) in [[255, 0, 0], [0, 0, 255], [0, 160, 0]].enumerated() {
                var pixels: [UInt8] = []
                for _ in 0..<(60 * 40) { pixels += colour.map(UInt8.init) + [255] }
                try PNGCodec.write(PNGImage(width: 60, height: 40, rgba: pixels), to: "\(directory)/pictures/\(index).png")
            }
        }
        #expect(photos.seen["error"] == nil, "\(photos.seen) \(photos.log)")
        let pictures = targets(photos.seen, "photos")
        #expect(pictures.filter(\.isScrolledContent).count == 3, "\(pictures)")
        #expect(Self.problems(pictures).isEmpty, "photos: \(Self.problems(pictures).joined(separator: "\n"))")
    }

    /// A rename on a phone: the on-screen keyboard takes the bottom 210 pixels and the compositor
    /// makes the window lower (as phoc does with squeekboard); the renamed row scrolls into the room
    /// left, the input method's cursor rectangle with it, and the rename goes on to the disk.
    @Test func aRenameStaysInSightWhenTheKeyboardTakesTheBottom() throws {
        let directory = try TestDirectory("phone-rename")
        defer { directory.remove() }
        let folder = "\(directory.path)/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 1...20 { FileManager.default.createFile(atPath: String(format: "%@/file %02d.txt", folder, index), contents: nil) }
        // The header (50), the column headers (44) and rows of 44: row 12 ("file 13.txt") is centred at y 644.
        let scriptPath = "\(directory.path)/script.jsonl"
        try """
        {"op":"output","width":360,"height":720,"scale":2}
        {"op":"waitReady"}
        {"op":"wait","ms":1500}
        {"op":"touch.down","id":1,"x":150,"y":644}
        {"op":"touch.up","id":1}
        {"op":"wait","ms":400}
        {"op":"key.tap","key":"F2"}
        {"op":"textInput.wait","enabled":true}
        {"op":"wait","ms":200}
        {"op":"textInput.status","file":"before.jsonl"}
        {"op":"configure","width":360,"height":510,"states":["activated"]}
        {"op":"window.size","width":360,"height":510,"ms":5000}
        {"op":"wait","ms":300}
        {"op":"textInput.status","file":"after.jsonl"}
        {"op":"textInput.send","commit":"moved"}
        {"op":"textInput.expect","text":"moved.txt"}
        {"op":"key.tap","key":"Return"}
        {"op":"wait","ms":800}
        """.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--shots", directory.path, "--",
                                                   try builtProduct("files"), "--details", folder],
                                       environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], directory: directory.path)
        let status = process.waitForExit(seconds: 60)
        if status == nil { process.stop() }
        #expect(status == 0, "\(process.logTail)")
        func rectangle(_ file: String) throws -> [Int] {
            let line = try String(contentsOfFile: "\(directory.path)/\(file)", encoding: .utf8).split(separator: "\n").last.map(String.init) ?? ""
            let state = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect(state["text"] as? String == "file 13.txt", "\(state)")
            return try #require(state["rectangle"] as? [Int], "\(state)")
        }
        let before = try rectangle("before.jsonl"), after = try rectangle("after.jsonl")
        #expect(before.count == 4 && before[1] > 510, "the row was under where the keyboard comes: \(before)")
        #expect(after.count == 4 && after[1] >= 94 && after[1] + after[3] <= 510, "the caret is above the keyboard: \(after)")
        #expect(FileManager.default.fileExists(atPath: "\(folder)/moved.txt") && !FileManager.default.fileExists(atPath: "\(folder)/file 13.txt"),
                "\(process.logTail)")
    }

    /// A compositor that flips the window across the phone's width and back, to nothing, to one
    /// pixel and to 65,535 pixels wide (the most a script may say): the app hides and shows its
    /// buttons each time, keeps drawing, and ends at the phone's size with the phone's toolbar.
    @Test func aWindowFlippedAcrossThePhonesWidthKeepsWorking() throws {
        let directory = try TestDirectory("phone-flips")
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: "\(directory.path)/folder", withIntermediateDirectories: true)
        var steps = [#"{"op":"output","width":360,"height":720,"scale":2}"#, #"{"op":"waitReady"}"#]
        for (width, height) in [(800, 600), (360, 720), (0, 0), (599, 400), (600, 400), (1, 1), (65_535, 100), (360, 720),
                                (800, 600), (360, 720)] {
            steps.append(#"{"op":"configure","width":\#(width),"height":\#(height),"states":["activated"]}"#)
            steps.append(#"{"op":"wait","ms":120}"#)
        }
        steps += [#"{"op":"window.size","width":360,"height":720,"ms":5000}"#, #"{"op":"wait","ms":300}"#,
                  #"{"op":"screenshot","file":"end.png"}"#]
        let scriptPath = "\(directory.path)/script.jsonl"
        try steps.joined(separator: "\n").write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--shots", directory.path, "--",
                                                   try builtProduct("files"), "\(directory.path)/folder"],
                                       environment: ["PATH": "/usr/bin:/bin"], directory: directory.path)
        let status = process.waitForExit(seconds: 60)
        if status == nil { process.stop() }
        #expect(status == 0, "\(process.logTail)")
        // The phone's header: the menu button's glyph at the right end (x 313–357), not New Folder's label.
        let end = try PNGCodec.read(path: "\(directory.path)/end.png")
        #expect(end.width == 720 && end.height == 1440)
        #expect(end.darkPixelCount(x: 2 * 320, y: 2 * 10, width: 2 * 30, height: 2 * 30) > 20, "no menu button at the right end")
    }

    /// The checks themselves: a small button, one half outside, two on top of each other and a low row are found.
    @Test func theChecksFindWhatAFingerCannotPress() {
        func target(_ role: String, _ x: Int, _ y: Int, _ width: Int, _ height: Int, parent: String = "tool bar", list: [Int]? = nil) -> Target {
            Target(["role": role, "name": role, "parent": parent, "extents": [x, y, width, height], "parentExtents": list as Any])!
        }
        #expect(Self.problems([target("push button", 0, 0, 44, 44), target("entry", 50, 0, 200, 44)]).isEmpty)
        #expect(Self.problems([target("push button", 0, 0, 40, 44)]).count == 1)
        #expect(Self.problems([target("push button", 330, 0, 44, 44)]).count == 1)
        #expect(Self.problems([target("push button", 0, 0, 44, 44), target("push button", 20, 0, 44, 44)]).count == 1)
        #expect(Self.problems([target("table cell", 0, 700, 360, 44, parent: "table")]).isEmpty)
        #expect(Self.problems([target("table cell", 0, 100, 360, 32, parent: "table", list: [0, 50, 360, 600])]).count == 1)
        // A row the list's bottom edge cuts shows only its top: not too low.
        #expect(Self.problems([target("table cell", 0, 630, 360, 20, parent: "table", list: [0, 50, 360, 600])]).isEmpty)
    }
}
