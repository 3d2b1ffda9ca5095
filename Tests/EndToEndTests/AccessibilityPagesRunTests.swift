import Foundation
import Testing

/// What a screen reader finds on sweep-demo's other pages and after a
/// two-finger sweep: section headings and checked rows (Filters), a
/// details action, a banner as a notification and a pushed page (Trails),
/// the grid's cells. The probe walks the tree as a reader would (its
/// "steps" mode) while the scripted compositor plays the demo.
@Suite(.serialized) struct AccessibilityPagesRunTests {
    /// A two-finger sweep over rows 1–4: the reader hears one change and reads the rows selected.
    @Test func theItemsSelectedStatesFollowATwoFingerSweep() throws {
        let session = try ScreenReaderSession("a11y-sweep")
        defer { session.stop() }
        let probe = try session.probe("sweep-demo", mode: "band")
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":1500}
        {"op":"touch.drag","points":[[300,110],[340,110]],"by":[0,150],"steps":10,"ms":150}
        {"op":"wait","ms":4000}
        """, label: "a11y-sweep", directory: session.directory, environment: session.environment)
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.committedSelections == ["[[0,1,4]]"], "\(run.diagnostics)")
        let seen = try session.seen(probe)
        #expect(seen["error"] == nil, "\(seen)\n\(probe.logTail)")
        let selected = seen["selected"] as? [String] ?? []
        #expect(selected.count == 4 && selected.first == "Brisk Ridge 2" && seen["nSelected"] as? Int == 4, "\(seen)")
        // The sweep's ten provisional steps are not announced: one change, when it was committed.
        let events = seen["events"] as? [String] ?? []
        #expect(events.filter { $0 == "object:selection-changed" }.count == 1, "\(events)")
    }

    /// Filters: each section's header is a heading before its rows; the chosen row is checked,
    /// and activating another (as a reader does) moves the check, announced.
    @Test func filterSectionsAreHeadingsAndTheChosenRowIsChecked() throws {
        let (run, seen) = try read(page: "filters", label: "a11y-filters", for: 6000, steps: """
        [{"wait":1500},{"dump":"before"},{"do":["radio button","Hard","activate"]},{"wait":800},{"dump":"after"}]
        """)
        #expect(seen["done"] as? [Bool] == [true], "\(seen)")
        let dumps = seen["dumps"] as? [String: Any] ?? [:]
        let before = listBox(in: dumps["before"]), after = listBox(in: dumps["after"])
        let rows = before.map { "\($0["role"] ?? "") \($0["name"] ?? "")" }
        // Exclusive choices: radio buttons (the demo's role for its items), one checked per section.
        #expect(rows == ["heading Difficulty", "radio button Easy", "radio button Moderate", "radio button Hard",
                         "heading Length", "radio button Under 5 km", "radio button 5 to 15 km", "radio button Over 15 km"], "\(rows)")
        #expect(checked(before).count == 2 && !checked(before).contains("Hard"), "\(checked(before))")
        #expect(checked(after).contains("Hard") && checked(after).filter { ["Easy", "Moderate"].contains($0) }.isEmpty, "\(checked(after))")
        #expect(before.filter { $0["role"] as? String == "radio button" }.allSatisfy { states($0).contains("checkable") })
        #expect(run.events("choice").last?["title"] as? String == "Hard", "\(run.diagnostics)")
        let events = seen["events"] as? [String] ?? []
        #expect(events.contains("object:state-changed:checked"), "\(events)")
    }

    /// Trails: a row's "show details" action shows the banner, a notification the reader hears
    /// and dismisses; "activate" pushes the trail's page (a heading and its facts) and its back
    /// button returns to the list.
    @Test func trailsDetailsBannerAndPushedPageAreReadAndOperated() throws {
        let (run, seen) = try read(page: "trails", label: "a11y-trails", for: 8000, steps: """
        [{"wait":1500},{"do":["table cell","Lac Blanc","show details"]},{"dump":"banner"},
         {"do":["notification","Lac Blanc","dismiss"]},{"dump":"dismissed"},
         {"do":["table cell","Lac Blanc","activate"]},{"wait":300},{"dump":"detail"},
         {"do":["push button","‹ Trails","click"]},{"wait":300},{"dump":"back"}]
        """)
        #expect(seen["done"] as? [Bool] == [true, true, true, true], "\(seen)")
        let dumps = seen["dumps"] as? [String: Any] ?? [:]
        let lacBlanc = listBox(in: dumps["banner"]).first { $0["name"] as? String == "Lac Blanc" }
        #expect(lacBlanc?["actions"] as? [String] == ["activate", "show details"], "\(String(describing: lacBlanc))")
        let banner = nodes(dumps["banner"]).first { $0["role"] as? String == "notification" }
        #expect(banner?["name"] as? String == "Lac Blanc" && (banner?["description"] as? String ?? "").hasPrefix("Alps: "),
                "\(String(describing: banner))")
        #expect(!nodes(dumps["dismissed"]).contains { $0["role"] as? String == "notification" })
        // The pushed page: no list, the trail's name as a heading, its facts as labels, a back button.
        let detail = nodes(dumps["detail"]).map { "\($0["role"] ?? "") \($0["name"] ?? "")" }
        #expect(!detail.contains { $0.hasPrefix("table") }, "\(detail)")
        #expect(detail.contains("heading Lac Blanc") && detail.contains("label Region: Alps") && detail.contains("push button ‹ Trails"),
                "\(detail)")
        #expect(listBox(in: dumps["back"]).contains { $0["name"] as? String == "Lac Blanc" })
        #expect(run.events("navigate").map { $0["pop"] as? Bool ?? false } == [false, true], "\(run.diagnostics)")
        let events = seen["events"] as? [String] ?? []
        #expect(events.contains("object:state-changed:showing") && events.contains("object:children-changed:add"), "\(events)")
    }

    /// The grid: its cells are table cells named by title; SelectChild selects one through the app.
    @Test func theGridsCellsAreReadAndSelected() throws {
        let (run, seen) = try read(page: "grid", label: "a11y-grid", for: 6000, steps: """
        [{"wait":1500},{"dump":"grid"},{"select":["table cell","Brisk Ridge 2"]},{"wait":500},{"dump":"selected"}]
        """)
        #expect(seen["done"] as? [Bool] == [true], "\(seen)")
        let dumps = seen["dumps"] as? [String: Any] ?? [:]
        let cells = listBox(in: dumps["grid"])
        #expect(cells.count == 16 && cells.prefix(2).map { $0["name"] as? String } == ["Amber Ridge 1", "Brisk Ridge 2"],
                "\(cells.map { $0["name"] ?? "" })")
        let selected = listBox(in: dumps["selected"]).filter { states($0).contains("selected") }.map { $0["name"] as? String }
        #expect(selected == ["Brisk Ridge 2"], "\(selected)")
        #expect(run.events("select").last.map { "\($0["item"] ?? "") \($0["source"] ?? "")" } == "[0, 1] accessibility", "\(run.diagnostics)")
    }

    // MARK: - Reading the demo through the probe

    /// sweep-demo on `page` for `milliseconds` under the scripted compositor while the probe
    /// plays `steps` (atspi-probe.py's `run_steps`): the demo's run and what the probe saw.
    private func read(page: String, label: String, for milliseconds: Int, steps: String) throws -> (ScriptedDemoRun, [String: Any]) {
        let session = try ScreenReaderSession(label)
        defer { session.stop() }
        let probe = try session.probe("sweep-demo", mode: "steps", steps: steps)
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":\(milliseconds)}
        """, label: label, arguments: ["--page", page], directory: session.directory, environment: session.environment)
        #expect(run.status == 0, "\(run.diagnostics)")
        let seen = try session.seen(probe, within: Double(milliseconds) / 1000 + 12)
        #expect(seen["error"] == nil, "\(seen)\n\(probe.logTail)")
        return (run, seen)
    }

    /// Every node of a dump, depth first.
    private func nodes(_ tree: Any?) -> [[String: Any]] {
        guard let node = tree as? [String: Any] else { return [] }
        return [node] + (node["children"] as? [Any] ?? []).flatMap { nodes($0) }
    }

    /// The (first 16) children of the first list, a table, in a dump.
    private func listBox(in tree: Any?) -> [[String: Any]] {
        nodes(tree).first { $0["role"] as? String == "table" }?["children"] as? [[String: Any]] ?? []
    }

    private func states(_ node: [String: Any]) -> [String] { node["states"] as? [String] ?? [] }

    /// The names of the checked nodes among `children`.
    private func checked(_ children: [[String: Any]]) -> [String] {
        children.filter { states($0).contains("checked") }.compactMap { $0["name"] as? String }
    }
}
