import Foundation

/// sweep-demo under a fresh KWin (`HeadlessKWin`), one page at a time, with an event log; ready once it drew.
final class KWinDemoSession {
    let kwin: HeadlessKWin
    let demo: DemoClient
    let logPath: String

    init(_ label: String, arguments: [String] = [], scale: Double = 1, decorated: Bool = false) throws {
        kwin = try HeadlessKWin(label: label, scale: scale, decorated: decorated)
        logPath = "\(kwin.directory.path)/events.jsonl"
        do {
            demo = try DemoClient(under: kwin, arguments: ["--layout", "tabs", "--event-log", logPath] + arguments,
                                  directory: kwin.directory.path)
        } catch {
            kwin.stop()
            throw error
        }
        guard waitUntil(seconds: 20, { events("ready").count > 0 }) else {
            let message = "the demo never drew under KWin\n\(demo.logTail)\n\(kwin.logTail)"
            stop()
            throw HarnessError(message)
        }
    }

    var events: [[String: Any]] {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    func events(_ name: String) -> [[String: Any]] { events.filter { $0["event"] as? String == name } }

    /// Committed selections of the list, as "[[0,1,4]]".
    var committedSelections: [String] {
        events("selection").filter { $0["provisional"] as? Bool == false && $0["view"] as? String == "list" }
            .map(ScriptedDemoRun.ranges)
    }

    /// Waits (up to 10 s) until `condition` holds of the log; whether it did.
    @discardableResult
    func wait(until condition: (KWinDemoSession) -> Bool) -> Bool { waitUntil(seconds: 10) { condition(self) } }

    var diagnostics: String {
        "\((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "(no log)")\n\(demo.logTail)\n\(kwin.logTail)"
    }

    func stop() {
        demo.stop()
        kwin.stop()
    }
}
