import Foundation
import Testing

/// Cursors by name through cursor-shape-v1: a hand over buttons and tabs, the
/// arrow over items. The scripted compositor fails the run when the cursor
/// the client set is not the one a `cursor.expect` step names.
@Suite struct CursorShapeRunTests {
    @Test func theCursorFitsWhatIsUnderIt() throws {
        let run = try playDemo("""
        {"op":"output","width":600,"height":400,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":200,"y":\(rowCentre(1))}
        {"op":"cursor.expect","shape":"default"}
        {"op":"pointer.move","x":575,"y":22}
        {"op":"cursor.expect","shape":"pointer"}
        {"op":"pointer.move","x":200,"y":\(rowCentre(2))}
        {"op":"cursor.expect","shape":"default"}
        {"op":"pointer.move","x":150,"y":375}
        {"op":"cursor.expect","shape":"pointer"}
        """, label: "cursor-shape")
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(!run.process.logTail.contains("the cursor is"), "\(run.process.logTail)")
    }
}
