import Foundation
import Testing

/// A real screen reader, Orca 43, reading sweep-demo under the scripted
/// compositor (its speech captured as text, see `OrcaReader`).
@Suite(.serialized) struct OrcaSpeechRunTests {
    /// The window and the list are announced when the app comes up; a click speaks the
    /// selected row and Down the newly focused one.
    @Test func orcaSpeaksTheWindowTheListAndTheRowsAsTheyAreSelectedAndFocused() throws {
        let session = try ScreenReaderSession("orca")
        defer { session.stop() }
        let orca = try OrcaReader(session: session)
        defer { orca.stop() }
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":2000}
        {"op":"pointer.move","x":300,"y":\(rowCentre(1))}
        {"op":"pointer.down","button":"left"}
        {"op":"pointer.up","button":"left"}
        {"op":"wait","ms":1000}
        {"op":"key.tap","key":"Down"}
        {"op":"wait","ms":1000}
        """, label: "orca", directory: session.directory, environment: session.environment)
        #expect(run.status == 0, "\(run.diagnostics)")
        let said = orca.transcript
        let context = "Orca said: \(said)\n\(orca.logTail)"
        // The window and the list are read when the app registers, the window already active; the list
        // as multi-select, in normal mode too (Shift and Ctrl select several there).
        let frame = said.firstIndex(of: "Sweep frame.")
        let list = said.firstIndex { $0.hasPrefix("multi-select List") && $0.hasSuffix("with 12 items.") }
        #expect(frame != nil && list != nil && frame! < list!, "\(context)")
        // The click selected row 1, Down focused row 2: each spoken, in order.
        let selected = said.firstIndex(of: "Brisk Ridge 2."), focused = said.firstIndex(of: "Cedar Ridge 3.")
        #expect(selected != nil && focused != nil && list.map { $0 < selected! } == true && selected! < focused!, "\(context)")
        #expect(said.contains("Item 2 of 1,000,000."), "the row's secondary text: \(context)")
    }
}
