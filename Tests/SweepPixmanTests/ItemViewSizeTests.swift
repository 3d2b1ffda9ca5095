import SweepGeometry
import SweepGraphics
import SweepLayout
import SweepViews
import Testing
@testable import SweepPixman

/// Row, cell, spacing and header sizes set on the views: the item at the
/// top of the viewport stays where it was, bad sizes are ignored, and pinch
/// zoom still works over the new sizes.
@Suite struct ItemViewSizeTests {
    final class Numbered: RowDataSource {
        let numberOfRows: Int
        init(_ count: Int) { numberOfRows = count }
        func title(forRow row: Int) -> String { "Item \(row)" }
        func subtitle(forRow row: Int) -> String? { nil }
    }

    let frame = Rect(x: 0, y: 20, width: 332, height: 300)

    @Test func aNewRowHeightKeepsTheTopRowInPlace() {
        let list = ListView(frame: frame, dataSource: Numbered(1000), theme: .light)
        list.scrollImmediately(to: 44 * 10 + 12)
        list.rowHeight = 60
        #expect(list.rowHeight == 60 && list.layout.rowHeight == 60)
        #expect(list.windowRect(of: ItemPath(item: 10)).minY == frame.minY - 12, "row 10, 12 pt above the top as before")
        #expect(list.item(at: Point(x: 10, y: frame.minY)) == ItemPath(item: 10))
        #expect(list.layout.contentSize.height == 60_000)
        for bad in [0, -1, 0.5, .nan, .infinity, -.infinity, 1e9] {
            list.rowHeight = bad
            #expect(list.rowHeight == 60, "\(bad) is ignored")
        }
        #expect(ListView(frame: frame, dataSource: Numbered(3), rowHeight: .nan, theme: .light).rowHeight == 44)
    }

    @Test func aNewHeaderHeightKeepsTheTopRowInPlace() {
        let source = ContentSource([20, 20], headers: ["A", "B"]) { ItemContent(title: "Row \($0.item)") }
        let list = ListView(frame: frame, dataSource: source, theme: .light)
        let row = ItemPath(section: 1, item: 3)
        list.scrollImmediately(to: list.layout.frame(of: row).minY + 5)
        let before = list.windowRect(of: row).minY
        list.headerHeight = 50
        #expect(list.layout.headerHeight == 50)
        #expect(list.windowRect(of: row).minY == before)
        list.headerHeight = -3
        list.headerHeight = .nan
        #expect(list.headerHeight == 50)
        list.headerHeight = 0
        #expect(list.layout.headerHeight == 0 && list.windowRect(of: row).minY == before, "0 hides the headers")
        // Without titles the height waits unused.
        let plain = ListView(frame: frame, dataSource: Numbered(5), theme: .light)
        plain.headerHeight = 40
        #expect(plain.headerHeight == 40 && plain.layout.headerHeight == 0)
    }

    @Test func rowsAreDrawnAtTheirNewHeight() throws {
        let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 200), dataSource: Numbered(10), theme: .light)
        list.rowHeight = 30
        let canvas = try CanvasTestSupport.canvas(width: 320, height: 200)
        list.draw(in: canvas, damage: Region(list.frame))
        let separator = ItemPixels.opaque(Theme.light.separator), background = ItemPixels.opaque(Theme.light.background)
        for bottom in [30, 60, 90] {
            #expect(canvas.image.pixel(x: 300, y: bottom - 1) == separator, "a separator above y \(bottom)")
            #expect(canvas.image.pixel(x: 300, y: bottom - 2) == background)
        }
    }

    @Test func aNewCellSizeOrSpacingKeepsTheTopItemInPlace() {
        let grid = GridView(frame: frame, dataSource: Numbered(500), theme: .light)
        // Row 7 starts at 8 + 7 × 108: item 21 is at the top, 6 pt above it.
        grid.scrollImmediately(to: 8 + 7 * 108 + 6)
        grid.itemSize = Size(width: 60, height: 80)
        #expect(grid.itemSize == Size(width: 60, height: 80) && grid.layout.columns == 4)
        #expect(grid.windowRect(of: ItemPath(item: 21)).minY == frame.minY - 6)
        grid.itemSpacing = 20
        #expect(grid.itemSpacing == 20 && grid.layout.spacing == 20)
        #expect(grid.windowRect(of: ItemPath(item: 21)).minY == frame.minY - 6)
        for bad in [Size(width: 0, height: 50), Size(width: .nan, height: 5), Size(width: 50, height: -1),
                    Size(width: 1e9, height: 10), Size(width: 10, height: .infinity)] {
            grid.itemSize = bad
        }
        for bad in [-1, .nan, .infinity, 1e9] { grid.itemSpacing = bad }
        #expect(grid.itemSize == Size(width: 60, height: 80) && grid.itemSpacing == 20, "bad sizes are ignored")
    }

    @Test func gridHeadersAreSettableAndSurviveAResize() {
        let source = ContentSource([30, 30], headers: ["A", "B"]) { ItemContent(title: "Cell \($0.item)") }
        let grid = GridView(frame: frame, dataSource: source, theme: .light)
        let item = ItemPath(section: 1, item: 6)
        grid.scrollImmediately(to: grid.layout.frame(of: item).minY)
        grid.headerHeight = 60
        #expect(grid.layout.headerHeight == 60 && grid.layout.headerFrame(ofSection: 1)?.height == 60)
        #expect(grid.windowRect(of: item).minY == frame.minY)
        grid.setFrame(Rect(x: 0, y: 20, width: 500, height: 300))
        #expect(grid.layout.headerHeight == 60, "a new width keeps the headers")
        grid.reloadData()
        #expect(grid.layout.headerHeight == 60)
    }

    @Test func pinchZoomScalesTheSetSizeAndKeepsTheSpacing() {
        let grid = GridView(frame: frame, dataSource: Numbered(500), theme: .light)
        grid.itemSize = Size(width: 60, height: 90)
        grid.itemSpacing = 12
        var zoom = GridZoom(layout: grid.layout, contentOffset: grid.scroll.offset, centre: Point(x: 100, y: 100),
                            viewportHeight: frame.height)
        zoom.update(scale: 2)
        grid.setLayout(zoom.layout, offset: zoom.contentOffset)
        #expect(grid.itemSize == Size(width: 120, height: 180) && grid.itemSpacing == 12)
        zoom.end()
        grid.setLayout(zoom.layout, offset: zoom.contentOffset)
        #expect(grid.itemSize.height == grid.itemSize.width * 1.5 && grid.itemSpacing == 12)
    }
}
