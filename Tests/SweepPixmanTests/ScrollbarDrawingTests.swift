import SweepGeometry
import SweepGraphics
import SweepLayout
import SweepViews
import Testing
@testable import SweepPixman

/// The scrollbar as drawn: a thin indicator at rest; with the pointer over
/// it, a wider thumb on a trough, in each theme and at each scale.
@Suite struct ScrollbarDrawingTests {
    final class Rows: RowDataSource {
        let numberOfRows = 1000
        func title(forRow row: Int) -> String { "Row \(row)" }
        func subtitle(forRow row: Int) -> String? { nil }
    }

    private func opaque(_ color: Color) -> UInt32 {
        0xff00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func theThinIndicatorWidensIntoAThumbOnATroughUnderThePointer(scale: Double) throws {
        for theme in [Theme.light, .dark] {
            let list = ItemsView(frame: Rect(x: 0, y: 0, width: 320, height: 440), layout: .list, dataSource: Rows(), theme: theme)
            let px = { (value: Double) in Int((value * scale).rounded(.down)) }
            func render() throws -> PixmanImage {
                let canvas = try CanvasTestSupport.canvas(width: 320, height: 440, scale: scale)
                list.draw(in: canvas, damage: Region(list.frame))
                return canvas.image
            }
            // Thin: 4 px wide, 3 from the edge; the thumb at the top (y 3 to 35).
            let thin = try render()
            let background = opaque(theme.background)
            #expect(thin.pixel(x: px(314.5), y: px(20)) != background, "scale \(scale): the thin thumb")
            #expect(thin.pixel(x: px(310.5), y: px(20)) == background, "scale \(scale): 4 px wide, no more")
            #expect(thin.pixel(x: px(314.5), y: px(300)) == background, "scale \(scale): no trough at rest")
            list.isScrollbarExpanded = true
            let wide = try render()
            #expect(wide.pixel(x: px(310.5), y: px(20)) == wide.pixel(x: px(314.5), y: px(20)), "scale \(scale): 8 px wide")
            #expect(wide.pixel(x: px(310.5), y: px(20)) != background)
            let trough = wide.pixel(x: px(312.5), y: px(300))
            #expect(trough != background && trough != wide.pixel(x: px(312.5), y: px(20)), "scale \(scale): a trough lighter than the thumb")
            #expect(wide.pixel(x: px(305.5), y: px(300)) == background, "scale \(scale): nothing left of the bar")
        }
    }
}
