import SweepGeometry
import SweepGraphics
import SweepViews
import Testing
@testable import SweepPixman

/// The list view drawn by the real painter, and the damage its changes report.
@Suite struct ListViewDrawingTests {
    final class Rows: ListDataSource {
        let numberOfRows = 1_000_000
        func title(forRow row: Int) -> String { "Row \(row)" }
        func subtitle(forRow row: Int) -> String? { nil }
    }

    private func makeList() -> ListView {
        ListView(frame: Rect(x: 0, y: 44, width: 300, height: 200), dataSource: Rows(), theme: .light)
    }

    @Test func hoverDamagesOnlyTheRowsThatChange() {
        let list = makeList()
        let first = list.hover(at: Point(x: 10, y: 50))
        #expect(first.rects == [Rect(x: 0, y: 44, width: 300, height: 44)])
        let second = list.hover(at: Point(x: 10, y: 100))
        #expect(Set(second.rects) == [Rect(x: 0, y: 44, width: 300, height: 44), Rect(x: 0, y: 88, width: 300, height: 44)])
        #expect(list.hover(at: Point(x: 20, y: 100)).isEmpty, "moving within a row repaints nothing")
    }

    @Test func drawsRowsWithTextAndTheHoverHighlight() throws {
        let list = makeList()
        _ = list.hover(at: Point(x: 10, y: 100))
        let image = try #require(PixmanImage(width: 300, height: 244))
        let canvas = PixmanCanvas(image: image, scale: 1, fonts: try FontSet(scale: 1))
        list.draw(in: canvas, damage: Region(list.frame))
        #expect(image.pixel(x: 250, y: 50) == 0xffffffff, "background")
        #expect(image.pixel(x: 250, y: 95) == 0xfff0f0f5, "hovered row")
        var ink = 0
        for y in 50..<80 { for x in 16..<100 where image.pixel(x: x, y: y) & 0xff < 0x80 { ink += 1 } }
        #expect(ink > 30, "row 0's title")
        #expect(image.pixel(x: 250, y: 20) == 0, "nothing drawn outside the view's frame")
    }

    @Test func damageOutsideTheViewDrawsNothing() throws {
        let list = makeList()
        let image = try #require(PixmanImage(width: 300, height: 244))
        let canvas = PixmanCanvas(image: image, scale: 1, fonts: try FontSet(scale: 1))
        list.draw(in: canvas, damage: Region(Rect(x: 0, y: 0, width: 300, height: 44)))
        #expect(image.pixel(x: 100, y: 100) == 0)
    }

    @Test func scrollingDamagesTheWholeView() {
        let list = makeList()
        list.scroll(by: 132)
        #expect(list.advance(to: 0) == Region(list.frame))
        #expect(list.advance(to: 1000).rects == [list.frame])
        #expect(list.advance(to: 2000).isEmpty, "at rest nothing changes")
        #expect(list.visibleRows.lowerBound == 3)
    }
}
