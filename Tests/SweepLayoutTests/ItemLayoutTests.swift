import SweepTestSupport
import SweepGeometry
import Testing
@testable import SweepLayout

/// Checks any layout's queries against a scan of every item's frame.
func checkAgainstBruteForce(_ layout: some ItemLayout, itemCounts: [Int], seed: Int) {
    var random = SplitMix64(seed: seed)
    let all = itemCounts.enumerated().flatMap { section, count in (0..<count).map { ItemPath(section: section, item: $0) } }
    let size = layout.contentSize
    for _ in 0..<60 {
        let point = Point(x: random.unit() * (size.width + 40) - 20, y: random.unit() * (size.height + 40) - 20)
        let expected = all.first { layout.frame(of: $0).contains(point) }
        #expect(layout.item(at: point) == expected, "item at \(point)")
        let nearest = layout.nearestItem(to: point)
        #expect(nearest != nil)
        if let expected { #expect(nearest == expected, "nearest over an item is that item") }
        let rect = Rect(x: random.unit() * size.width - 10, y: random.unit() * size.height - 10,
                        width: random.unit() * 300, height: random.unit() * 400)
        let hits = all.filter { layout.frame(of: $0).intersects(rect) }
        let ranges = layout.items(in: rect)
        let listed = ranges.flatMap { range in range.items.map { ItemPath(section: range.section, item: $0) } }
        #expect(listed == hits, "items in \(rect)")
    }
}

@Suite struct SectionedListLayoutTests {
    let counts = [3, 0, 5, 2]
    var layout: SectionedListLayout { SectionedListLayout(itemCounts: counts, rowHeight: 44, headerHeight: 28, width: 320) }

    @Test func framesStackSectionsWithHeaders() {
        #expect(layout.frame(of: ItemPath(section: 0, item: 0)).minY == 28)
        // Section 1 is empty but keeps its header: section 2 starts after 28 + 132 + 28.
        #expect(layout.headerFrame(ofSection: 2)?.minY == 188)
        #expect(layout.frame(of: ItemPath(section: 2, item: 1)).minY == 188 + 28 + 44)
        #expect(layout.contentSize.height == 4 * 28 + 10 * 44)
    }

    @Test func headersAreNotItemsButSweepsPassThem() {
        #expect(layout.item(at: Point(x: 10, y: 10)) == nil)
        #expect(layout.nearestItem(to: Point(x: 10, y: 10)) == ItemPath(section: 0, item: 0))
        #expect(layout.nearestItem(to: Point(x: 10, y: 170)) == ItemPath(section: 2, item: 0), "an empty section's header")
        #expect(layout.nearestItem(to: Point(x: 10, y: 99_999)) == ItemPath(section: 3, item: 1))
    }

    @Test func rangesAcrossSectionsSkipEmptyOnes() {
        #expect(layout.ranges(from: ItemPath(section: 3, item: 0), through: ItemPath(section: 0, item: 1)) == [
            ItemRange(section: 0, items: 1...2), ItemRange(section: 2, items: 0...4), ItemRange(section: 3, items: 0...0),
        ])
    }

    @Test func keyboardMovementCrossesSections() {
        #expect(layout.item(movingFrom: ItemPath(section: 0, item: 2), direction: .down) == ItemPath(section: 2, item: 0))
        #expect(layout.item(movingFrom: ItemPath(section: 2, item: 0), direction: .up) == ItemPath(section: 0, item: 2))
        #expect(layout.item(movingFrom: ItemPath(section: 3, item: 1), direction: .down) == nil)
        #expect(layout.item(movingFrom: ItemPath(section: 0, item: 0), direction: .left) == nil)
    }

    @Test(arguments: 0..<10) func queriesMatchABruteForceScan(seed: Int) {
        checkAgainstBruteForce(layout, itemCounts: counts, seed: seed)
    }

    @Test func tenMillionRowsAnswerAtBothEnds() {
        let big = SectionedListLayout(itemCounts: [10_000_000], width: 320)
        #expect(big.item(at: Point(x: 5, y: big.contentSize.height - 1)) == ItemPath(section: 0, item: 9_999_999))
        #expect(big.items(in: Rect(x: 0, y: 44 * 5_000_000 + 1, width: 10, height: 88)) == [ItemRange(section: 0, items: 5_000_000...5_000_002)])
    }

    @Test func scrollingToShowAnItem() {
        let big = SectionedListLayout(itemCounts: [1000], width: 320)
        #expect(big.contentOffset(toShow: ItemPath(item: 100), alignment: .top, viewportHeight: 440, currentOffset: 0) == 4400)
        #expect(big.contentOffset(toShow: ItemPath(item: 100), alignment: .middle, viewportHeight: 440, currentOffset: 0) == 4400 + 22 - 220)
        #expect(big.contentOffset(toShow: ItemPath(item: 100), alignment: .nearest, viewportHeight: 440, currentOffset: 0) == 4444 - 440)
        #expect(big.contentOffset(toShow: ItemPath(item: 3), alignment: .nearest, viewportHeight: 440, currentOffset: 0) == 0, "already visible")
        #expect(big.contentOffset(toShow: ItemPath(item: 999), alignment: .top, viewportHeight: 440, currentOffset: 0) == 44_000 - 440, "clamped")
    }
}

@Suite struct GridLayoutTests {
    let counts = [10, 3, 0, 9]
    /// Three columns that fill the width exactly: 8 + 3 x 100 + 2 x 8 + 8.
    var layout: GridLayout { GridLayout(itemCounts: counts, headerHeight: 30, width: 332) }

    @Test func columnsFollowTheWidth() {
        // (332 - 16 + 8) / 108 = 3: three columns.
        #expect(layout.columns == 3)
        #expect(GridLayout(itemCounts: [1], width: 50).columns == 1, "never fewer than one")
        #expect(GridLayout(itemCounts: [1], width: 1000).columns == 9)
    }

    @Test func cellsAreRowMajorAndGapsAreNotItems() {
        #expect(layout.frame(of: ItemPath(section: 0, item: 4)) == Rect(x: 8 + 108, y: 30 + 8 + 108, width: 100, height: 100))
        #expect(layout.item(at: Point(x: 8 + 103, y: 50)) == nil, "the spacing between columns")
        #expect(layout.nearestItem(to: Point(x: 8 + 103, y: 50)) == ItemPath(section: 0, item: 0), "a gap's nearer cell")
        #expect(layout.nearestItem(to: Point(x: 8 + 105, y: 50)) == ItemPath(section: 0, item: 1))
    }

    @Test func aBandAcrossWholeRowsIsOneRange() {
        let ranges = layout.items(in: Rect(x: 0, y: 40, width: 332, height: 150))
        #expect(ranges == [ItemRange(section: 0, items: 0...5)])
        let partial = layout.items(in: Rect(x: 120, y: 40, width: 50, height: 150))
        #expect(partial == [ItemRange(section: 0, items: 1...1), ItemRange(section: 0, items: 4...4)])
    }

    @Test func spareWidthGoesIntoTheGapsBetweenColumns() {
        // 800 wide: 7 columns of 100 and 6 gaps of 8 leave 36 px, 6 more for each gap; the last cell ends at the inset.
        let wide = GridLayout(itemCounts: [20], width: 800)
        #expect(wide.columns == 7 && wide.columnSpacing == 14 && wide.cellsLeft == 8)
        #expect(wide.frame(of: ItemPath(item: 6)) == Rect(x: 8 + 6 * 114, y: 8, width: 100, height: 100))
        #expect(wide.frame(of: ItemPath(item: 6)).maxX == 800 - 8, "no empty strip at the right")
        // A remainder that does not split into whole points is shared by the two sides.
        // Less than a point a gap: the remainder is shared by the two sides.
        let small = GridLayout(itemCounts: [20], cellSize: Size(width: 48, height: 48), width: 800)
        #expect(small.columns == 14 && small.columnSpacing == 8 && small.cellsLeft == 12)
        #expect(small.frame(of: ItemPath(item: 13)).maxX == 800 - 12)
        #expect(wide.item(at: Point(x: 8 + 6 * 114 + 50, y: 50)) == ItemPath(item: 6))
        #expect(wide.item(at: Point(x: 8 + 100 + 10, y: 50)) == nil, "the widened gap is no item")
        // Rows keep the plain spacing; one column stays at the inset.
        #expect(wide.frame(of: ItemPath(item: 7)).minY == 8 + 108)
        #expect(GridLayout(itemCounts: [3], width: 150).frame(of: ItemPath(item: 0)).minX == 8)
    }

    @Test func verticalMovementKeepsTheColumn() {
        #expect(layout.item(movingFrom: ItemPath(section: 0, item: 4), direction: .down) == ItemPath(section: 0, item: 7))
        #expect(layout.item(movingFrom: ItemPath(section: 0, item: 8), direction: .down) == ItemPath(section: 0, item: 9), "to the short last row")
        #expect(layout.item(movingFrom: ItemPath(section: 0, item: 9), direction: .down) == ItemPath(section: 1, item: 0))
        #expect(layout.item(movingFrom: ItemPath(section: 3, item: 1), direction: .up) == ItemPath(section: 1, item: 1))
        #expect(layout.item(movingFrom: ItemPath(section: 0, item: 2), direction: .right) == ItemPath(section: 0, item: 3), "right wraps in index order")
    }

    @Test(arguments: 0..<10) func queriesMatchABruteForceScan(seed: Int) {
        checkAgainstBruteForce(layout, itemCounts: counts, seed: seed)
        checkAgainstBruteForce(GridLayout(itemCounts: [7, 13], cellSize: Size(width: 48, height: 48), width: 500), itemCounts: [7, 13], seed: seed + 100)
    }

    @Test func tenMillionCells() {
        let big = GridLayout(itemCounts: [10_000_000], width: 800)
        let last = ItemPath(section: 0, item: 9_999_999)
        let frame = big.frame(of: last)
        #expect(big.item(at: Point(x: frame.midX, y: frame.midY)) == last)
        #expect(big.lastItem == last)
    }
}
