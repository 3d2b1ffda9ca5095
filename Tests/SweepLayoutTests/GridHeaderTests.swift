import SweepGeometry
import Testing
@testable import SweepLayout

/// A grid with section headers and cells that are not square: each header
/// spans the width above its section's cells and is never an item.
@Suite struct GridHeaderTests {
    let counts = [5, 0, 7]
    /// 300 wide: three columns of 80 (8 + 80 + 22 + 80 + 22 + 80 + 8, the spare 24 widening the gaps).
    /// Section 0: header 0..<24, cells from 32, two rows (32..<92, 102..<162), ends at 170.
    /// Section 1 (empty): header 170..<194, ends at 210. Section 2: header 210..<234, cells from 242.
    var layout: GridLayout {
        GridLayout(itemCounts: counts, cellSize: Size(width: 80, height: 60), spacing: 10, headerHeight: 24, width: 300)
    }

    @Test func headersSpanTheWidthAboveTheirCells() {
        #expect(layout.columns == 3 && layout.columnSpacing == 22)
        #expect(layout.headerFrame(ofSection: 0) == Rect(x: 0, y: 0, width: 300, height: 24))
        #expect(layout.headerFrame(ofSection: 1) == Rect(x: 0, y: 170, width: 300, height: 24), "an empty section keeps its header")
        #expect(layout.headerFrame(ofSection: 2) == Rect(x: 0, y: 210, width: 300, height: 24))
        #expect(layout.frame(of: ItemPath(section: 0, item: 0)) == Rect(x: 8, y: 32, width: 80, height: 60))
        #expect(layout.frame(of: ItemPath(section: 0, item: 4)) == Rect(x: 110, y: 102, width: 80, height: 60))
        #expect(layout.frame(of: ItemPath(section: 2, item: 0)) == Rect(x: 8, y: 242, width: 80, height: 60))
        let lastSection: Double = 24 + 16 + 3 * 60 + 2 * 10
        #expect(layout.contentSize.height == 170 + 40 + lastSection)
        #expect(GridLayout(itemCounts: counts, width: 300).headerFrame(ofSection: 0) == nil, "no headers at height 0")
    }

    @Test func aHeaderIsNoItemButSweepsAndBandsPassIt() {
        #expect(layout.item(at: Point(x: 50, y: 10)) == nil)
        #expect(layout.item(at: Point(x: 50, y: 215)) == nil, "section 2's header")
        #expect(layout.item(at: Point(x: 50, y: 250)) == ItemPath(section: 2, item: 0))
        #expect(layout.nearestItem(to: Point(x: 250, y: 5)) == ItemPath(section: 0, item: 0))
        #expect(layout.nearestItem(to: Point(x: 50, y: 180)) == ItemPath(section: 2, item: 0), "an empty section's header")
        #expect(layout.nearestItem(to: Point(x: 50, y: 215)) == ItemPath(section: 2, item: 0))
        #expect(layout.items(in: Rect(x: 0, y: 0, width: 300, height: 24)).isEmpty, "a header alone holds no items")
        #expect(layout.items(in: Rect(x: 0, y: 165, width: 300, height: 75)).isEmpty, "between the cells of sections 0 and 2")
        #expect(layout.items(in: Rect(x: 0, y: 150, width: 300, height: 100)) == [
            ItemRange(section: 0, items: 3...4), ItemRange(section: 2, items: 0...2),
        ])
    }

    @Test func keyboardMovementSkipsHeadersAndEmptySections() {
        #expect(layout.item(movingFrom: ItemPath(section: 0, item: 3), direction: .down) == ItemPath(section: 2, item: 0))
        #expect(layout.item(movingFrom: ItemPath(section: 0, item: 4), direction: .down) == ItemPath(section: 2, item: 1))
        #expect(layout.item(movingFrom: ItemPath(section: 2, item: 1), direction: .up) == ItemPath(section: 0, item: 4))
        #expect(layout.item(movingFrom: ItemPath(section: 2, item: 2), direction: .up) == ItemPath(section: 0, item: 4),
                "the last row is short: its last item")
        #expect(layout.item(movingFrom: ItemPath(section: 0, item: 4), direction: .right) == ItemPath(section: 2, item: 0))
        #expect(layout.item(movingFrom: ItemPath(section: 2, item: 0), direction: .left) == ItemPath(section: 0, item: 4))
        let paged = layout.item(pagingFrom: ItemPath(section: 0, item: 0), down: true, viewportHeight: 220)
        #expect(paged?.section == 2, "a page down crosses the headers: \(String(describing: paged))")
    }

    @Test(arguments: 0..<10) func queriesMatchABruteForceScan(seed: Int) {
        checkAgainstBruteForce(layout, itemCounts: counts, seed: seed)
        let tall = GridLayout(itemCounts: [4, 9, 1], cellSize: Size(width: 50, height: 90), spacing: 3, headerHeight: 40, width: 410)
        checkAgainstBruteForce(tall, itemCounts: [4, 9, 1], seed: seed + 50)
    }

    @Test func sectionsInARectComeFromTheIndex() {
        #expect(layout.sections(in: Rect(x: 0, y: 160, width: 10, height: 20)) == 0...1)
        #expect(layout.sections(in: Rect(x: 0, y: 0, width: 10, height: 1000)) == 0...2)
        #expect(layout.sections(in: Rect(x: 0, y: 220, width: 10, height: 5)) == 2...2)
        #expect(layout.sections(in: Rect(x: 0, y: 2000, width: 10, height: 10)) == nil, "past the end")
        #expect(layout.sections(in: Rect(x: 0, y: -50, width: 10, height: 20)) == nil, "above the start")
        #expect(layout.sections(in: Rect(x: 0, y: 10, width: 10, height: 0)) == nil, "an empty rect")
        #expect(GridLayout(itemCounts: [], width: 300).sections(in: Rect(x: 0, y: 0, width: 10, height: 10)) == nil)
        let list = SectionedListLayout(itemCounts: [3, 0, 5], rowHeight: 44, headerHeight: 28, width: 320)
        #expect(list.sections(in: Rect(x: 0, y: 150, width: 10, height: 40)) == 0...2)
        #expect(list.sections(in: Rect(x: 0, y: 0, width: 10, height: 100)) == 0...0)
    }

    @Test func zoomKeepsTheCellsProportionsAndTheHeaders() {
        let bigger = layout.withCellSize(120, keepingColumns: false)
        #expect(bigger.cellSize == Size(width: 120, height: 90))
        #expect(bigger.headerHeight == 24 && bigger.spacing == 10)
        var zoom = GridZoom(layout: layout, contentOffset: 100, centre: Point(x: 150, y: 40), viewportHeight: 200)
        let anchor = zoom.anchor
        #expect(anchor == ItemPath(section: 0, item: 4), "the cell under the centre (150, 140)")
        zoom.update(scale: 1.5)
        #expect(zoom.layout.cellSize == Size(width: 120, height: 90) && zoom.layout.columns == 3, "columns kept while pinching")
        if let anchor {
            // The point of the anchor that was under the centre is still under it.
            let frame = zoom.layout.frame(of: anchor)
            let fraction = (140.0 - 102) / 60
            #expect(abs(frame.minY + fraction * frame.height - zoom.contentOffset - 40) < 0.001)
        }
        zoom.end()
        #expect(zoom.layout.cellSize.height == zoom.layout.cellSize.width * 0.75, "settled, still 4:3")
        #expect(zoom.layout.headerHeight == 24)
    }
}
