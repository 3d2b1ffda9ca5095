import Foundation
import Testing

/// The apps see SweepUI's API and nothing of the Wayland adapter: no app
/// (sweep-demo, sweep-pick, sweep-copy, the Examples) imports SweepWayland, and SweepUI
/// imports it only `internal`ly, so the compiler refuses any public
/// declaration that would carry a `Window`, a `Connection`, a `DropOffer`
/// or an `OpaquePointer` surface to an app.
@Suite struct ModuleBoundaryLintTests {
    private func imports(in folder: String) -> [(file: String, line: String)] {
        let base = HostileInputLintTests.root.appendingPathComponent(folder).path
        var found: [(String, String)] = []
        for file in HostileInputLintTests.swiftFiles() where file.hasPrefix(folder + "/") {
            let path = HostileInputLintTests.root.appendingPathComponent(file).path
            guard path.hasPrefix(base), let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where line.contains("import SweepWayland") { found.append((file, String(line))) }
        }
        return found
    }

    @Test func appsNeverImportTheWaylandAdapter() {
        for folder in ["Sources/sweep-demo", "Sources/sweep-pick", "Sources/sweep-copy", "Examples"] {
            let found = imports(in: folder)
            #expect(found.isEmpty, "\(found)")
        }
    }

    @Test func sweepUIImportsTheWaylandAdapterOnlyInternally() {
        let found = imports(in: "Sources/SweepUI")
        #expect(!found.isEmpty, "SweepUI is built on the adapter")
        let notInternal = found.filter { $0.line.trimmingCharacters(in: .whitespaces) != "internal import SweepWayland" }
        #expect(notInternal.isEmpty, "\(notInternal)")
    }
}
