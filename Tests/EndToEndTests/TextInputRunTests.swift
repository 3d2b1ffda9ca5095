import Foundation
import Testing

/// Input methods and compose sequences end to end: sweep-pick's filter
/// under the scripted compositor, whose script plays an input method over
/// text-input-v3 (preedit, commit, delete surrounding text, done) and
/// checks what the client tells it (surrounding text, cursor, content type,
/// cursor rectangle). The query the picker filters by is read from its
/// event log.
@Suite(.serialized) struct TextInputRunTests {
    struct Run {
        let status: Int32?
        let output: String
        let process: ChildProcess
        let directory: String
        /// The queries the picker filtered by, in order.
        var queries: [String] {
            process.stderr.split(separator: "\n").compactMap { line -> String? in
                guard line.contains("\"event\":\"query\""), let data = String(line).data(using: .utf8),
                      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
                return object["query"] as? String
            }
        }
    }

    private func pick(_ steps: String, records: [String], label: String, environment: [String: String] = [:],
                      compositorArguments: [String] = [], scale: Int = 1, inspect: (String) throws -> Void = { _ in }) throws -> Run {
        let directory = try TestDirectory("text-input-\(label)")
        defer { directory.remove() }
        let scriptPath = "\(directory.path)/script.jsonl", inputPath = "\(directory.path)/input"
        try ("{\"op\":\"output\",\"width\":800,\"height\":600,\"scale\":\(scale)}\n{\"op\":\"waitReady\"}\n" + steps)
            .write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try Data((records.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: inputPath))
        let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                       arguments: ["--script", scriptPath, "--shots", directory.path] + compositorArguments
                                           + ["--", try builtProduct("sweep-pick"), "--event-log", "/dev/stderr"],
                                       environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) { $1 },
                                       directory: directory.path, standardInput: inputPath)
        let status = process.waitForExit(seconds: 120)
        if status == nil { process.stop() }
        try inspect(directory.path)
        return Run(status: status, output: process.stdout, process: process, directory: directory.path)
    }

    private let words = ["你好世界", "hello", "你们好", "naïve café", "©opyright"]

    @Test func anInputMethodComposesThenCommitsIntoTheFilter() throws {
        var status: [String] = []
        let run = try pick("""
        {"op":"textInput.wait","enabled":true}
        {"op":"textInput.expect","text":"","cursor":0,"purpose":0,"hint":1,"rectangle":true}
        {"op":"textInput.send","preedit":"ni","cursor":[2,2]}
        {"op":"textInput.send","preedit":"你","cursor":[3,3]}
        {"op":"wait","ms":100}
        {"op":"textInput.status","file":"state.jsonl"}
        {"op":"textInput.send","commit":"你"}
        {"op":"textInput.expect","text":"你","cursor":3,"anchor":3}
        {"op":"textInput.send","preedit":"hao","cursor":[3,3]}
        {"op":"textInput.send","commit":"好"}
        {"op":"textInput.expect","text":"你好","cursor":6}
        {"op":"textInput.status","file":"state.jsonl"}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Return"}
        """, records: words, label: "compose") { directory in
            status = try String(contentsOfFile: "\(directory)/state.jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
        }
        #expect(run.status == 0, "\(run.process.logTail)")
        // The preedit never reaches the filter: only committed text is a query.
        #expect(run.queries == ["你", "你好"], "\(run.queries)")
        #expect(run.output == "你好世界\n", "\(run.output)")
        #expect(status.count == 2)
        #expect(status.first?.contains("\"text\":\"\"") == true, "composing changes no text: \(status)")
        // The caret is in the filter, under the header's top, right of the prompt.
        let rectangle = try #require(status.last.flatMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] }?["rectangle"] as? [Int])
        #expect(rectangle.count == 4 && rectangle[0] > 12 && rectangle[1] >= 0 && rectangle[1] < 56 && rectangle[3] > 10, "\(rectangle)")
    }

    @Test func deletingSurroundingTextStaleDoneAndBadTextKeepTheFilterValid() throws {
        let run = try pick("""
        {"op":"textInput.wait","enabled":true}
        {"op":"textInput.send","commit":"helo"}
        {"op":"textInput.expect","text":"helo","cursor":4}
        {"op":"textInput.send","delete":[2,0],"commit":"llo"}
        {"op":"textInput.expect","text":"hello","cursor":5}
        {"op":"textInput.send","delete":[999999,4000000000]}
        {"op":"textInput.expect","text":"","cursor":0}
        {"op":"textInput.send","commit":"caf"}
        {"op":"textInput.expect","text":"caf"}
        {"op":"textInput.send","commit":"é","stale":1}
        {"op":"textInput.status","file":"stale.jsonl"}
        {"op":"textInput.send"}
        {"op":"textInput.expect","text":"café","cursor":5}
        {"op":"textInput.send","commit":"s","stale":1}
        {"op":"textInput.expect","text":"cafés","cursor":6,"ms":2000}
        {"op":"textInput.send","delete":[1,0]}
        {"op":"textInput.expect","text":"café"}
        {"op":"textInput.send","bytes":[255,97]}
        {"op":"textInput.expect","text":"café\\ufffda"}
        {"op":"textInput.send","preedit":"zz","cursor":[50,900]}
        {"op":"textInput.send"}
        {"op":"textInput.send","delete":[6,0]}
        {"op":"textInput.expect","text":"caf"}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Return"}
        """, records: words, label: "edits") { directory in
            let stale = try String(contentsOfFile: "\(directory)/stale.jsonl", encoding: .utf8)
            #expect(stale.contains("\"text\":\"caf\""), "a done for an older commit sends no state at once: \(stale)")
        }
        #expect(run.status == 0, "\(run.process.logTail)")
        #expect(run.queries.contains("café") && run.queries.contains("café\u{FFFD}a"), "\(run.queries)")
        #expect(run.queries.last == "caf")
        #expect(run.output == "naïve café\n", "\(run.output)")
    }

    @Test func aMegabyteOfCommitsFillsTheFilterToItsLimitAndNoFurther() throws {
        let chunk = String(repeating: "x", count: 4000)
        let run = try pick("""
        {"op":"textInput.wait","enabled":true}
        {"op":"textInput.send","commit":"\(chunk)","repeat":260}
        {"op":"textInput.expect","cursor":4000,"ms":20000}
        {"op":"textInput.status","file":"long.jsonl"}
        {"op":"expectExit"}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"u"}
        {"op":"key.up","key":"Control_L"}
        {"op":"key.tap","key":"Return"}
        """, records: words, label: "megabyte") { directory in
            let line = try String(contentsOfFile: "\(directory)/long.jsonl", encoding: .utf8)
            #expect(line.contains("\"anchor\":4000"), "the 4,000 bytes before the cursor are told: \(line.prefix(200))")
        }
        #expect(run.status == 0, "\(run.process.logTail)")
        let longest = run.queries.map(\.count).max() ?? 0
        #expect(longest == 8192, "the filter holds 8,192 characters: \(longest)")
        #expect(run.queries.last == "", "Ctrl+U after it: the keyboard still edits the filter")
        #expect(run.output == "你好世界\n")
    }

    @Test func deadKeysAndTheComposeKeyTypeIntoTheFilter() throws {
        let run = try pick("""
        {"op":"keymap","layout":"us(intl)"}
        {"op":"wait","ms":100}
        {"op":"key.tap","key":"dead_acute"}
        {"op":"key.tap","key":"x"}
        {"op":"key.tap","key":"c"}
        {"op":"key.tap","key":"a"}
        {"op":"key.tap","key":"f"}
        {"op":"key.tap","key":"dead_acute"}
        {"op":"key.tap","key":"e"}
        {"op":"wait","ms":100}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Return"}
        """, records: words, label: "dead-keys", compositorArguments: ["--without", "zwp_text_input_manager_v3"])
        #expect(run.status == 0, "\(run.process.logTail)")
        // dead_acute x is no sequence: it types nothing (not ´, not x); dead_acute e is é.
        #expect(run.queries == ["c", "ca", "caf", "café"], "\(run.queries)")
        #expect(run.output == "naïve café\n", "\(run.output)")
    }

    /// A preedit repaints the filter's line alone: the window's commits after it damage at most
    /// that 800 x 34 strip (the status line, the rows and the header lines stay as they are).
    @Test func aPreeditRepaintsOnlyTheFilterLine() throws {
        var lines: [String] = []
        let run = try pick("""
        {"op":"textInput.wait","enabled":true}
        {"op":"wait","ms":400}
        {"op":"status","file":"damage.jsonl"}
        {"op":"textInput.send","preedit":"nihao","cursor":[5,5]}
        {"op":"wait","ms":200}
        {"op":"status","file":"damage.jsonl"}
        {"op":"textInput.send","preedit":"nihaoma","cursor":[2,4]}
        {"op":"wait","ms":200}
        {"op":"status","file":"damage.jsonl"}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Escape"}
        """, records: words, label: "damage") { directory in
            lines = try String(contentsOfFile: "\(directory)/damage.jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
        }
        #expect(run.status == 1, "Escape: nothing chosen. \(run.process.logTail)")
        #expect(lines.count == 3)
        for line in lines.dropFirst() {
            let status = try #require((try JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])
            let damage = try #require(status["damage"] as? [String: Any])
            let commits = damage["commits"] as? Int ?? 0, pixels = damage["pixels"] as? Int ?? -1
            #expect(commits >= 1 && pixels > 0 && pixels <= 800 * 34 * commits, "\(line)")
        }
        #expect(run.queries.isEmpty, "a preedit is never a query: \(run.queries)")
    }

    /// A click in the filter while a preedit shows at its cursor: on the preedit it leaves the cursor
    /// where it is (it went to the end: the clicks read the characters as if no preedit had moved
    /// them right; Right after it is then 3, not 4), and right of the preedit it lands among the
    /// characters drawn there. A preedit wider than the field is cut at its end: a click between
    /// there and Done is on the preedit too (it went after the first hidden character).
    @Test func aClickOnAPreeditKeepsTheCursorAndOneRightOfItLandsAfterIt() throws {
        // The picker is 640 wide: its filter ends left of Done at about 544, the preedit is some 250 wide.
        let composing = String(repeating: "W", count: 20)
        let run = try pick("""
        {"op":"textInput.wait","enabled":true}
        {"op":"textInput.send","commit":"abcd"}
        {"op":"textInput.expect","text":"abcd","cursor":4}
        {"op":"key.tap","key":"Left"}
        {"op":"key.tap","key":"Left"}
        {"op":"textInput.expect","text":"abcd","cursor":2}
        {"op":"textInput.send","preedit":"\(composing)","cursor":[20,20]}
        {"op":"wait","ms":300}
        {"op":"pointer.move","x":150,"y":18}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"Right"}
        {"op":"textInput.expect","text":"abcd","cursor":3}
        {"op":"pointer.move","x":500,"y":18}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"textInput.expect","text":"abcd","cursor":4}
        {"op":"key.tap","key":"Left"}
        {"op":"key.tap","key":"Left"}
        {"op":"textInput.expect","text":"abcd","cursor":2}
        {"op":"textInput.send","preedit":"\(String(repeating: "W", count: 200))","cursor":[200,200]}
        {"op":"wait","ms":300}
        {"op":"pointer.move","x":550,"y":18}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"key.tap","key":"Right"}
        {"op":"textInput.expect","text":"abcd","cursor":3}
        {"op":"expectExit"}
        {"op":"key.tap","key":"Escape"}
        """, records: words, label: "preedit-click")
        #expect(run.status == 1, "\(run.process.logTail)")
    }

    /// The caret's rectangle is in the surface's logical coordinates: the same at scale 1 and 2,
    /// and it follows the text as it grows.
    @Test func theCursorRectangleIsLogicalAtEveryScale() throws {
        func rectangles(scale: Int) throws -> [[Int]] {
            var lines: [String] = []
            let run = try pick("""
            {"op":"textInput.wait","enabled":true}
            {"op":"wait","ms":100}
            {"op":"textInput.status","file":"rect.jsonl"}
            {"op":"textInput.send","commit":"hello"}
            {"op":"textInput.expect","text":"hello"}
            {"op":"wait","ms":100}
            {"op":"textInput.status","file":"rect.jsonl"}
            {"op":"expectExit"}
            {"op":"key.tap","key":"Escape"}
            """, records: words, label: "rect-\(scale)", scale: scale) { directory in
                lines = try String(contentsOfFile: "\(directory)/rect.jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
            }
            #expect(run.status == 1, "\(run.process.logTail)")
            return try lines.map { line in
                let status = try #require((try JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])
                return try #require(status["rectangle"] as? [Int])
            }
        }
        let one = try rectangles(scale: 1), two = try rectangles(scale: 2)
        // Text measured at scale 2 may round a pixel differently; device pixels would be twice as far.
        let close = one.count == 2 && two.count == 2 && zip(one.joined(), two.joined()).allSatisfy { abs($0 - $1) <= 2 }
        #expect(close, "scale 1 \(one), scale 2 \(two)")
        #expect(one.count == 2 && one[1][0] > one[0][0] + 20, "the caret moved right past \"hello\": \(one)")
    }
}

