import Foundation
import Testing

/// The README's example app, `hello-select`, under KWin and mutter: its
/// standard input becomes the list; a two-finger sweep, Ctrl+click, click
/// and Shift+click print the counts, as under the scripted compositor. Under
/// mutter the window has the app's own title bar, and its close button quits.
@Suite(.serialized) struct DesktopHelloSelectTests {
    /// The window's surface on the wire ("wl_surface@24"): the one `get_xdg_surface` gave a role.
    static func windowSurface(in wire: String) -> String? {
        guard let line = wire.split(separator: "\n").first(where: { $0.contains("get_xdg_surface(") }),
              let start = line.range(of: "wl_surface@") else { return nil }
        return String(line[start.lowerBound...].prefix { $0 != ")" && $0 != "," })
    }

    @Test(arguments: Desktop.allCases) func sweepsAndClicksWithModifiersPrintTheCount(_ desktop: Desktop) throws {
        let compositor = try desktop.compositor(label: "hello")
        defer { compositor.stop() }
        let input = "\(compositor.directory.path)/lines"
        try ((1...30).map { "line \($0)" }.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let app = try ChildProcess(name: "hello-select", executable: try builtProduct("hello-select"), arguments: [],
                                   environment: compositor.clientEnvironment.merging(["WAYLAND_DEBUG": "client"]) { $1 },
                                   directory: compositor.directory.path, standardInput: input)
        defer { app.stop() }
        // Drawn once the content surface (the one given the xdg_surface role) has had a buffer committed.
        guard waitUntil(seconds: 20, { Self.windowSurface(in: app.stderr).map { app.stderr.contains("\($0).attach(wl_buffer@") } ?? false }) else {
            throw HarnessError("hello-select never drew under \(desktop)\n\(app.logTail)\n\(compositor.logTail)")
        }
        // KWin's window rule puts the window at the origin; mutter centres it.
        let offset = desktop == .kwin ? (x: 0, y: 0) : try compositor.windowOffset(of: app.stderrPath)
        try compositor.play(HelloSelectScript.sweepAndClicks, offset: offset)
        let expected = HelloSelectScript.expectedCounts
        let lines = { app.stdout.split(separator: "\n").map(String.init) }
        _ = waitUntil(seconds: 10) { lines().count >= expected.count }
        #expect(lines() == expected, "at \(offset)\n\(app.logTail.suffix(3000))")
        if desktop == .mutter {
            // The title bar's close button: 8 px in from the right end of the 800 px window, 20 px above the content.
            // The press waits until the app has the pointer there, in the bar's own surface (which starts
            // 12 px of shadow left of the window and 52 above its content): under load mutter took a
            // press before it had moved the pointer's focus.
            try compositor.play("""
            {"op":"pointer.move","x":\(800 - 8 - 12),"y":-20}
            {"op":"file.wait","file":"\(app.stderrPath)","contains":"\(800 - 8 - 12 + 12).00000000, 32.00000000","ms":10000}
            {"op":"pointer.down","button":"left"}
            {"op":"pointer.up","button":"left"}
            """, offset: offset)
            #expect(app.waitForExit(seconds: 10) == 0, "the close button quits hello-select\n\(app.logTail.suffix(2000))")
        }
    }
}
