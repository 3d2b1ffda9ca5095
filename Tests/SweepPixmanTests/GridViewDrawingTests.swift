import SweepGeometry
import SweepGraphics
import SweepLayout
import SweepViews
import Testing
@testable import SweepPixman

/// The grid view drawn by the real painter: cells, titles, selection tint
/// and circles in editing mode, and a zoomed layout.
@Suite struct GridViewDrawingTests {
    final class Cells: RowDataSource {
        let numberOfRows = 100
        func title(forRow row: Int) -> String { "Cell \(row)" }
        func subtitle(forRow row: Int) -> String? { nil }
    }

    let light = Theme.light

    private func opaque(_ color: Color) -> UInt32 {
        0xff00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }

    private func render(_ grid: ItemsView) throws -> PixmanImage {
        let canvas = try CanvasTestSupport.canvas(width: 340, height: 300)
        grid.draw(in: canvas, damage: Region(grid.frame))
        return canvas.image
    }

    @Test func cellsFlowInColumnsWithTitlesAndSelectedOnesAreTinted() throws {
        // 332 px: three columns of 100 px cells, 8 apart and 8 in, filling the width exactly.
        let grid = ItemsView(frame: Rect(x: 0, y: 0, width: 332, height: 300), layout: .grid, dataSource: Cells(), theme: light)
        #expect(grid.layout.columnCount == 3)
        grid.state?.selected = { $0.item == 4 }
        let image = try render(grid)
        #expect(image.pixel(x: 58, y: 90) == opaque(light.rowHover), "cell 0's background")
        #expect(image.pixel(x: 112, y: 90) == opaque(light.background), "the gap between columns")
        #expect(image.pixel(x: 166, y: 198) != opaque(light.rowHover), "cell 4 (row 1, column 1) is tinted")
        #expect(CanvasTestSupport.inked(image, x: 16..<100, y: 12..<30, background: opaque(light.rowHover)) > 30, "cell 0's title")
    }

    @Test func editingShowsACircleInEachCellFilledWhenSelected() throws {
        let grid = ItemsView(frame: Rect(x: 0, y: 0, width: 332, height: 300), layout: .grid, dataSource: Cells(), theme: light)
        grid.state?.isEditing = true
        grid.state?.selected = { $0.item == 1 }
        let image = try render(grid)
        // Circle centres 16 px in from each cell's bottom-right corner: cell 0 at (92, 92), cell 1 at (200, 92).
        #expect(image.pixel(x: 200, y: 92) & 0xff > 0xc0 && image.pixel(x: 200 - 8, y: 92) >> 16 & 0xff < 0x40,
                "a filled accent circle with a white check")
        #expect(image.pixel(x: 92 - 10, y: 92) != opaque(light.rowHover), "the empty circle's ring")
        #expect(image.pixel(x: 92, y: 92) == opaque(light.background), "the empty circle's inside")
    }

    @Test func aZoomedLayoutDrawsBiggerCells() throws {
        let layout = CollectionGridLayout()
        let grid = ItemsView(frame: Rect(x: 0, y: 0, width: 340, height: 300), layout: layout, dataSource: Cells(), theme: light)
        var zoom = layout.makeZoom(contentOffset: 0, centre: .zero, viewportHeight: 300)
        zoom.set(size: 150)
        grid.applyZoom(zoom)
        #expect(grid.layout.columnCount == 2)
        let image = try render(grid)
        #expect(image.pixel(x: 150, y: 90) == opaque(light.rowHover), "inside the 150 px first cell")
        #expect(image.pixel(x: 162, y: 90) == opaque(light.background), "the gap after it")
    }
}
