import Foundation
import Testing

/// `--theme auto` (the default) follows the desktop's colour scheme from the
/// settings portal on a private session bus: dark when it prefers dark,
/// changing live on SettingChanged; light with no portal or no bus.
@Suite(.serialized) struct ThemeRunTests {
    static let darkBackground: UInt32 = 0x1c1c1e

    private func themes(_ run: ScriptedDemoRun) -> [String] {
        run.events("theme").map { event in
            [event["name"] as? String, event["desktop"] as? String].compactMap { $0 }.joined(separator: " / ")
        }
    }

    @Test func aDarkDesktopGetsADarkWindowThatTurnsLightLive() throws {
        let directory = try TestDirectory("theme-live")
        let bus = try SessionBus(directory: directory)
        defer { bus.stop() }
        // The portal turns light once the first screenshot exists.
        try bus.startPortal(scheme: 1, switchTo: 2, whenFile: "\(directory.path)/dark.png", directory: directory)
        let run = try playDemo("""
        {"op":"output","width":600,"height":500,"scale":1}
        {"op":"waitReady"}
        {"op":"screenshot","file":"dark.png"}
        {"op":"wait","ms":1500}
        {"op":"screenshot","file":"light.png"}
        """, label: "theme-live", arguments: ["--rows", "3"], directory: directory, environment: bus.environment)
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(themes(run) == ["dark / dark", "light / light"], "\(run.diagnostics)\n\(bus.portalOutput)")
        let dark = try run.shot("dark.png"), light = try run.shot("light.png")
        // The first frame is already dark: no light flash before the portal answers.
        #expect(dark.rgb(x: 300, y: 300) == Self.darkBackground, "\(dark.hex(x: 300, y: 300))")
        #expect(light.rgb(x: 300, y: 300) == 0xffffff && light.rgb(x: 300, y: 5) == DemoColors.toolbar, "\(light.hex(x: 300, y: 300))")
    }

    @Test func anOlderPortalWithoutReadOneIsReadWithRead() throws {
        let directory = try TestDirectory("theme-v1")
        let bus = try SessionBus(directory: directory)
        defer { bus.stop() }
        try bus.startPortal(scheme: 1, version: 1, directory: directory)
        let run = try playDemo("""
        {"op":"output","width":600,"height":500,"scale":1}
        {"op":"waitReady"}
        {"op":"screenshot","file":"dark.png"}
        """, label: "theme-v1", arguments: ["--rows", "3"], directory: directory, environment: bus.environment)
        defer { run.directory.remove() }
        #expect(themes(run) == ["dark / dark"], "\(run.diagnostics)")
        #expect(try run.shot("dark.png").rgb(x: 300, y: 300) == Self.darkBackground)
    }

    @Test func aBusWithoutAPortalOrNoBusAtAllIsLight() throws {
        let directory = try TestDirectory("theme-noportal")
        let bus = try SessionBus(directory: directory)
        defer { bus.stop() }
        let script = """
        {"op":"output","width":600,"height":500,"scale":1}
        {"op":"waitReady"}
        {"op":"screenshot","file":"light.png"}
        """
        let started = Date()
        let run = try playDemo(script, label: "theme-noportal", arguments: ["--rows", "3"], directory: directory,
                               environment: bus.environment)
        defer { run.directory.remove() }
        // The bus says at once that nobody owns the portal's name: no waiting for a timeout.
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(themes(run) == ["light / no preference"], "\(run.diagnostics)")
        #expect(try run.shot("light.png").rgb(x: 300, y: 300) == 0xffffff)
        let nowhere = try playDemo(script, label: "theme-nobus", arguments: ["--rows", "3"],
                                   environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        defer { nowhere.directory.remove() }
        #expect(nowhere.status == 0 && themes(nowhere) == ["light"], "\(nowhere.diagnostics)")
    }

    @Test func aPortalAnsweringNonsenseIsNoPreference() throws {
        let directory = try TestDirectory("theme-nonsense")
        let bus = try SessionBus(directory: directory)
        defer { bus.stop() }
        try bus.startPortal(scheme: 1, nonsense: true, directory: directory)
        let run = try playDemo("""
        {"op":"output","width":600,"height":500,"scale":1}
        {"op":"waitReady"}
        {"op":"screenshot","file":"light.png"}
        """, label: "theme-nonsense", arguments: ["--rows", "3"], directory: directory, environment: bus.environment)
        defer { run.directory.remove() }
        #expect(run.status == 0 && themes(run) == ["light / no preference"], "\(run.diagnostics)")
        #expect(try run.shot("light.png").rgb(x: 300, y: 300) == 0xffffff)
    }

    @Test func anExplicitThemeIgnoresTheDesktop() throws {
        let directory = try TestDirectory("theme-fixed")
        let bus = try SessionBus(directory: directory)
        defer { bus.stop() }
        try bus.startPortal(scheme: 1, directory: directory)
        let run = try playDemo("""
        {"op":"output","width":600,"height":500,"scale":1}
        {"op":"waitReady"}
        {"op":"screenshot","file":"light.png"}
        """, label: "theme-fixed", arguments: ["--rows", "3", "--theme", "light"], directory: directory,
                               environment: bus.environment)
        defer { run.directory.remove() }
        #expect(themes(run) == ["light"], "\(run.diagnostics)")
        #expect(try run.shot("light.png").rgb(x: 300, y: 300) == 0xffffff)
    }
}
