import SweepGeometry
import SweepGraphics
import SweepLayout
import SweepViews
import Testing
@testable import SweepPixman

/// Row, cell, spacing and header sizes set on the layouts a view shows: the
/// item at the top of the viewport stays where it was, bad sizes are
/// ignored, and pinch zoom still works over the new sizes.
@Suite struct ItemViewSizeTests {
    final class Numbered: RowDataSource {
        let numberOfRows: Int
        init(_ count: Int) { numberOfRows = count }
        func title(forRow row: Int) -> String { "Item \(row)" }
        func subtitle(forRow row: Int) -> String? { nil }
    }

    let frame = Rect(x: 0, y: 20, width: 332, height: 300)

    @Test func aNewRowHeightKeepsTheTopRowInPlace() {
        let layout = CollectionListLayout()
        let list = ItemsView(frame: frame, layout: layout, dataSource: Numbered(1000), theme: .light)
        list.scrollImmediately(to: 44 * 10 + 12)
        layout.rowHeight = 60
        #expect(layout.rowHeight == 60 && layout.geometry.rowHeight == 60)
        #expect(list.windowRect(of: ItemPath(item: 10)).minY == frame.minY - 12, "row 10, 12 pt above the top as before")
        #expect(list.item(at: Point(x: 10, y: frame.minY)) == ItemPath(item: 10))
        #expect(list.layout.contentSize.height == 60_000)
        for bad in [0, -1, 0.5, .nan, .infinity, -.infinity, 1e9] {
            layout.rowHeight = bad
            #expect(layout.rowHeight == 60, "\(bad) is ignored")
        }
        #expect(CollectionListLayout(rowHeight: .nan).rowHeight == 44)
    }

    @Test func aNewHeaderHeightKeepsTheTopRowInPlace() {
        let source = ContentSource([20, 20], headers: ["A", "B"]) { ItemContent(title: "Row \($0.item)") }
        let layout = CollectionListLayout()
        let list = ItemsView(frame: frame, layout: layout, dataSource: source, theme: .light)
        let row = ItemPath(section: 1, item: 3)
        list.scrollImmediately(to: list.layout.frame(of: row).minY + 5)
        let before = list.windowRect(of: row).minY
        layout.headerHeight = 50
        #expect(layout.geometry.headerHeight == 50)
        #expect(list.windowRect(of: row).minY == before)
        layout.headerHeight = -3
        layout.headerHeight = .nan
        #expect(layout.headerHeight == 50)
        layout.headerHeight = 0
        #expect(layout.geometry.headerHeight == 0 && list.windowRect(of: row).minY == before, "0 hides the headers")
        // Without titles the height waits unused.
        let plainLayout = CollectionListLayout()
        _ = ItemsView(frame: frame, layout: plainLayout, dataSource: Numbered(5), theme: .light)
        plainLayout.headerHeight = 40
        #expect(plainLayout.headerHeight == 40 && plainLayout.geometry.headerHeight == 0)
    }

    @Test func rowsAreDrawnAtTheirNewHeight() throws {
        let layout = CollectionListLayout()
        let list = ItemsView(frame: Rect(x: 0, y: 0, width: 320, height: 200), layout: layout, dataSource: Numbered(10), theme: .light)
        layout.rowHeight = 30
        let canvas = try CanvasTestSupport.canvas(width: 320, height: 200)
        list.draw(in: canvas, damage: Region(list.frame))
        let separator = ItemPixels.opaque(Theme.light.separator), background = ItemPixels.opaque(Theme.light.background)
        for bottom in [30, 60, 90] {
            #expect(canvas.image.pixel(x: 300, y: bottom - 1) == separator, "a separator above y \(bottom)")
            #expect(canvas.image.pixel(x: 300, y: bottom - 2) == background)
        }
    }

    @Test func aNewCellSizeOrSpacingKeepsTheTopItemInPlace() {
        let layout = CollectionGridLayout()
        let grid = ItemsView(frame: frame, layout: layout, dataSource: Numbered(500), theme: .light)
        // Row 7 starts at 8 + 7 × 108: item 21 is at the top, 6 pt above it.
        grid.scrollImmediately(to: 8 + 7 * 108 + 6)
        layout.itemSize = Size(width: 60, height: 80)
        #expect(layout.itemSize == Size(width: 60, height: 80) && layout.geometry.columns == 4)
        #expect(grid.windowRect(of: ItemPath(item: 21)).minY == frame.minY - 6)
        layout.itemSpacing = 20
        #expect(layout.itemSpacing == 20 && layout.geometry.spacing == 20)
        #expect(grid.windowRect(of: ItemPath(item: 21)).minY == frame.minY - 6)
        for bad in [Size(width: 0, height: 50), Size(width: .nan, height: 5), Size(width: 50, height: -1),
                    Size(width: 1e9, height: 10), Size(width: 10, height: .infinity)] {
            layout.itemSize = bad
        }
        for bad in [-1, .nan, .infinity, 1e9] { layout.itemSpacing = bad }
        #expect(layout.itemSize == Size(width: 60, height: 80) && layout.itemSpacing == 20, "bad sizes are ignored")
    }

    @Test func gridHeadersAreSettableAndSurviveAResize() {
        let source = ContentSource([30, 30], headers: ["A", "B"]) { ItemContent(title: "Cell \($0.item)") }
        let layout = CollectionGridLayout()
        let grid = ItemsView(frame: frame, layout: layout, dataSource: source, theme: .light)
        let item = ItemPath(section: 1, item: 6)
        grid.scrollImmediately(to: grid.layout.frame(of: item).minY)
        layout.headerHeight = 60
        #expect(layout.geometry.headerHeight == 60 && layout.headerFrame(ofSection: 1)?.height == 60)
        #expect(grid.windowRect(of: item).minY == frame.minY)
        grid.setFrame(Rect(x: 0, y: 20, width: 500, height: 300))
        #expect(layout.geometry.headerHeight == 60, "a new width keeps the headers")
        grid.reloadData()
        #expect(layout.geometry.headerHeight == 60)
    }

    @Test func pinchZoomScalesTheSetSizeAndKeepsTheSpacing() {
        let layout = CollectionGridLayout()
        let grid = ItemsView(frame: frame, layout: layout, dataSource: Numbered(500), theme: .light)
        layout.itemSize = Size(width: 60, height: 90)
        layout.itemSpacing = 12
        var zoom = layout.makeZoom(contentOffset: grid.scroll.offset, centre: Point(x: 100, y: 100), viewportHeight: frame.height)
        zoom.update(scale: 2)
        grid.applyZoom(zoom)
        #expect(layout.itemSize == Size(width: 120, height: 180) && layout.itemSpacing == 12)
        zoom.end()
        grid.applyZoom(zoom)
        #expect(layout.itemSize.height == layout.itemSize.width * 1.5 && layout.itemSpacing == 12)
    }
}
