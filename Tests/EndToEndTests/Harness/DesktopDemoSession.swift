import Foundation

/// The desktops whose compositors the end-to-end suite drives beside sway and weston.
enum Desktop: String, CaseIterable, CustomStringConvertible, Sendable {
    /// Plasma's KWin 5.27, virtual backend: server-side decorations, layer shell, fake input.
    case kwin
    /// GNOME's mutter 43, headless: the app's own title bar, no layer shell, remote desktop.
    case mutter

    var description: String { rawValue }

    /// Whether its input API has wheel notches (KWin's fake input scrolls only smoothly).
    var hasWheelNotches: Bool { self == .mutter }

    func compositor(label: String, scale: Double = 1, decorated: Bool = false) throws -> any DesktopCompositor {
        switch self {
        case .kwin: try HeadlessKWin(label: label, scale: scale, decorated: decorated)
        case .mutter: try HeadlessMutter(label: label, scale: Int(scale))
        }
    }
}

/// sweep-demo under a fresh desktop compositor, one page at a time, with an
/// event log; ready once it drew, with its window's offset on the output
/// known (KWin: the origin, by a window rule; mutter: found by the pointer).
final class DesktopDemoSession {
    let compositor: any DesktopCompositor
    let demo: DemoClient
    let logPath: String
    private(set) var offset = (x: 0, y: 0)

    init(_ desktop: Desktop, _ label: String, arguments: [String] = [], scale: Double = 1, decorated: Bool = false) throws {
        compositor = try desktop.compositor(label: label, scale: scale, decorated: decorated)
        logPath = "\(compositor.directory.path)/events.jsonl"
        do {
            // The wire log tells where the pointer comes into the window (mutter's offset).
            let environment = desktop == .mutter ? ["WAYLAND_DEBUG": "client"] : [:]
            demo = try DemoClient(under: compositor, arguments: ["--layout", "tabs", "--event-log", logPath] + arguments,
                                  directory: compositor.directory.path, environment: environment)
        } catch {
            compositor.stop()
            throw error
        }
        guard waitUntil(seconds: 20, { events("ready").count > 0 }) else {
            let message = "the demo never drew under \(desktop)\n\(demo.logTail)\n\(compositor.logTail)"
            stop()
            throw HarnessError(message)
        }
        if let mutter = compositor as? HeadlessMutter {
            do { offset = try mutter.windowOffset(of: demo.process.stderrPath) } catch { stop(); throw error }
        }
    }

    /// Plays `script` (positions in window coordinates) into the compositor.
    func play(_ script: String) throws { try compositor.play(script, offset: offset) }

    /// A script step that waits until the demo has the pointer at (x, y) in its window (mutter:
    /// the wire log shows the enter or motion there), so a press that follows lands where it
    /// was aimed: under load mutter can take the button before it has moved the pointer's focus.
    /// Nothing under KWin, whose fake input is handled in order before sweep-input goes on.
    func pointerArrives(x: Int, y: Int) -> String {
        guard compositor is HeadlessMutter else { return "" }
        return #"{"op":"file.wait","file":"\#(demo.process.stderrPath)","contains":"\#(x).00000000, \#(y).00000000","ms":10000}"#
    }

    /// A long press at (x, y) opens the context menu; waits until the log says it is shown.
    func longPressMenu(x: Int, y: Int) throws {
        try play("""
        {"op":"touch.down","id":0,"x":\(x),"y":\(y)}
        {"op":"wait","ms":700}
        {"op":"touch.up","id":0}
        """)
        wait { !$0.events("menu").isEmpty }
    }

    /// A tap on the menu opened by `longPressMenu(x:y:)` at its first row ("Copy titles": 5 px of
    /// padding, 30 px rows), then the menu's phases from the log ("shown touch", "chosen copy").
    func chooseFirstMenuRow(x: Int, y: Int) throws -> [String] {
        try play("""
        {"op":"wait","ms":200}
        {"op":"touch.down","id":1,"x":\(x + 30),"y":\(y + 5 + 15)}
        {"op":"touch.up","id":1}
        """)
        wait { $0.events("menu").contains { $0["phase"] as? String == "chosen" } }
        return events("menu").map { "\($0["phase"] as? String ?? "?") \($0["id"] as? String ?? $0["trigger"] as? String ?? "")" }
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
    func wait(until condition: (DesktopDemoSession) -> Bool) -> Bool { waitUntil(seconds: 10) { condition(self) } }

    var diagnostics: String {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "(no log)"
        return "window offset \(offset)\n\(log)\n\(demo.process.stderr.suffix(3000))\n\(compositor.logTail)"
    }

    func stop() {
        demo.stop()
        compositor.stop()
    }
}
