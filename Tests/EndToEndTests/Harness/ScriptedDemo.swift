import Foundation
import SweepPNG

/// sweep-demo played by the scripted compositor with an event log: the
/// status, the log's events and the screenshots of one script.
struct ScriptedDemoRun {
    let status: Int32?
    let process: ChildProcess
    let directory: TestDirectory
    /// The event log, one dictionary a line.
    let events: [[String: Any]]

    func shot(_ name: String) throws -> PNGImage { try PNGCodec.read(path: "\(directory.path)/\(name)") }

    /// The events named `name`.
    func events(_ name: String) -> [[String: Any]] { events.filter { $0["event"] as? String == name } }

    /// The `multiselect` phases with their input, as "began touch2".
    var multiselect: [String] {
        events("multiselect").map { "\($0["phase"] as? String ?? "?") \($0["input"] as? String ?? "?")" }
    }

    /// Ranges of every committed selection, as "[[0,1,4]]".
    var committedSelections: [String] {
        events("selection").filter { $0["provisional"] as? Bool == false }.map { Self.ranges($0) }
    }

    /// The selection at the end.
    var finalSelection: String? { events("selection").last.map(Self.ranges) }

    /// Scroll offsets in order.
    var scrollOffsets: [Double] { events("scroll").compactMap { $0["offset"] as? Double } }

    static func ranges(_ event: [String: Any]) -> String {
        let ranges = event["ranges"] as? [[Int]] ?? []
        return "[" + ranges.map { "[\($0.map(String.init).joined(separator: ","))]" }.joined(separator: ",") + "]"
    }

    /// Everything a failure message needs.
    var diagnostics: String {
        let log = (try? String(contentsOfFile: "\(directory.path)/events.jsonl", encoding: .utf8)) ?? "(no event log)"
        return "status \(String(describing: status))\n\(log)\n\(process.logTail)"
    }
}

/// Plays `script` (JSON Lines) against sweep-demo with `--event-log`. The
/// demo shows one page at a time (`--layout tabs`) unless `arguments` say
/// otherwise, and keeps its state in the test's directory (`state/`).
func playDemo(_ script: String, label: String, arguments: [String] = [], directory: TestDirectory? = nil,
              environment: [String: String] = [:], compositorArguments: [String] = []) throws -> ScriptedDemoRun {
    let directory = try directory ?? TestDirectory("gesture-\(label)")
    let scriptPath = "\(directory.path)/script.jsonl", logPath = "\(directory.path)/events.jsonl"
    try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    let process = try ChildProcess(name: "scripted-compositor", executable: builtProduct("scripted-compositor"),
                                   arguments: ["--script", scriptPath, "--shots", directory.path] + compositorArguments + ["--",
                                               try builtProduct("sweep-demo"), "--event-log", logPath, "--layout", "tabs"] + arguments,
                                   environment: ["PATH": "/usr/bin:/bin", "XDG_STATE_HOME": "\(directory.path)/state"]
                                       .merging(environment) { $1 },
                                   directory: directory.path)
    let status = process.waitForExit(seconds: 90)
    if status == nil { process.stop() }
    let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    let events = text.split(separator: "\n").compactMap { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
    return ScriptedDemoRun(status: status, process: process, directory: directory, events: events)
}

/// Rows are 44 px under a 44 px toolbar (window y of a row's centre).
func rowCentre(_ row: Int) -> Int { 66 + 44 * row }

extension PNGImage {
    /// Whether a list row (at scroll offset 0) shows the selection tint.
    func rowIsTinted(_ row: Int, offset: Int = 0) -> Bool {
        let y = 44 + 44 * row + 5 - offset
        let colour = rgb(x: 600, y: y)
        return colour != DemoColors.listBackground && colour != DemoColors.rowHover
    }
}
