import Foundation
import Testing

/// Animated changes follow the desktop: the demo's Delete fades the deleted
/// rows out over a quarter of a second, as long as KDE's animation speed
/// says (a factor of 8 here: two seconds, long enough to see on a loaded
/// machine), not at all when GNOME's `enable-animations` is off or KDE's
/// speed is instant (both through the settings portal on a private bus),
/// and `SWEEP_ANIMATIONS=0` turns them off whatever the desktop says.
@Suite(.serialized) struct AnimationSettingsRunTests {
    /// Rows 1–3 selected (editing mode), deleted; a shot `shotAfter` ms later and one when any animation is over.
    private func script(shotAfter: Int) -> String { """
    {"op":"output","width":800,"height":600,"scale":1}
    {"op":"waitReady"}
    {"op":"pointer.move","x":300,"y":\(rowCentre(1))}
    {"op":"pointer.down","button":"left"}
    {"op":"pointer.up","button":"left"}
    {"op":"key.down","key":"Shift_L"}
    {"op":"pointer.move","x":300,"y":\(rowCentre(3))}
    {"op":"pointer.down","button":"left"}
    {"op":"pointer.up","button":"left"}
    {"op":"key.up","key":"Shift_L"}
    {"op":"wait","ms":100}
    {"op":"key.tap","key":"Delete"}
    {"op":"wait","ms":\(shotAfter)}
    {"op":"screenshot","file":"during.png"}
    {"op":"wait","ms":2600}
    {"op":"screenshot","file":"after.png"}
    """
    }

    /// The demo on a private bus whose portal gets `portal` (nil: no portal), with `environment`;
    /// whether the deleted rows still showed `shotAfter` ms after Delete, and whether they were gone at the end.
    private func deleteRows(_ label: String, portal: [String]?, environment: [String: String] = [:], shotAfter: Int = 80) throws
        -> (fading: Bool, goneAfter: Bool) {
        let directory = try TestDirectory("animations-\(label)")
        let bus = try SessionBus(directory: directory)
        defer { bus.stop() }
        if let portal { try bus.startPortal(scheme: 2, extra: portal, directory: directory) }
        let run = try playDemo(script(shotAfter: shotAfter), label: "animations-\(label)", arguments: ["--rows", "40", "--page", "list"],
                               directory: directory, environment: bus.environment.merging(environment) { $1 })
        defer { run.directory.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let counts = run.events("items").filter { $0["view"] as? String == "list" }.compactMap { $0["count"] as? Int }
        #expect(counts == [37], "\(run.diagnostics)")
        let during = try run.shot("during.png"), after = try run.shot("after.png")
        return ((1...3).contains { during.rowIsTinted($0) }, !(0..<6).contains { after.rowIsTinted($0) })
    }

    @Test func kdesAnimationSpeedStretchesTheFade() throws {
        // 600 ms: a quarter-second fade would be over, a two-second one is not.
        let result = try deleteRows("kde-slow", portal: ["--kde-animation-factor", "8"], shotAfter: 600)
        #expect(result.fading, "600 ms into a two-second fade the deleted rows still show")
        #expect(result.goneAfter)
    }

    @Test func gnomesEnableAnimationsOffShowsTheChangeAtOnce() throws {
        let result = try deleteRows("gnome-off", portal: ["--enable-animations", "false", "--kde-animation-factor", "8"])
        #expect(!result.fading && result.goneAfter)
    }

    @Test func kdesInstantSpeedAsKdeglobalsTextShowsTheChangeAtOnce() throws {
        let result = try deleteRows("kde-instant", portal: ["--kde-animation-factor", "0", "--kde-factor-as-text"])
        #expect(!result.fading && result.goneAfter)
    }

    @Test func sweepAnimationsZeroWinsOverTheDesktop() throws {
        let result = try deleteRows("environment", portal: ["--kde-animation-factor", "8"], environment: ["SWEEP_ANIMATIONS": "0"])
        #expect(!result.fading && result.goneAfter)
    }
}
