import SweepTestSupport
import SweepGeometry
import Testing
@testable import SweepLayout

/// Uniform rows in O(1): the answers must be exact at row edges and at both
/// ends, whatever the row count.
@Suite struct ListLayoutTests {
    let layout = ListLayout(rowCount: 10, rowHeight: 44, width: 320)
    let huge = ListLayout(rowCount: 10_000_000, rowHeight: 44, width: 320)

    @Test func contentHeightIsRowsTimesHeight() {
        #expect(layout.contentHeight == 440)
        #expect(huge.contentHeight == 440_000_000)
        #expect(ListLayout(rowCount: 0, width: 10).contentHeight == 0)
        #expect(ListLayout(rowCount: 3, width: 10).rowHeight == 44, "the default row height")
    }

    @Test func rowRectanglesStackFromTheTop() {
        #expect(layout.rect(ofRow: 0) == Rect(x: 0, y: 0, width: 320, height: 44))
        #expect(layout.rect(ofRow: 2) == Rect(x: 0, y: 88, width: 320, height: 44))
        #expect(layout.rect(ofRow: 9).maxY == layout.contentHeight)
        // Adjacent rows share an edge and never overlap.
        #expect(layout.rect(ofRow: 3).maxY == layout.rect(ofRow: 4).minY)
        #expect(!layout.rect(ofRow: 3).intersects(layout.rect(ofRow: 4)))
    }

    @Test func rowAtYUsesTopInclusiveEdges() {
        #expect(layout.row(atContentY: 0) == 0)
        #expect(layout.row(atContentY: 43.999) == 0)
        #expect(layout.row(atContentY: 44) == 1)
        #expect(layout.row(atContentY: 87.9) == 1)
        #expect(layout.row(atContentY: 88) == 2)
        #expect(layout.row(atContentY: 439.99) == 9)
    }

    @Test func rowAtYIsNilPastEitherEnd() {
        #expect(layout.row(atContentY: -0.001) == nil)
        #expect(layout.row(atContentY: -44) == nil)
        #expect(layout.row(atContentY: -1_000_000) == nil)
        #expect(layout.row(atContentY: 440) == nil, "the bottom edge of the last row is past the end")
        #expect(layout.row(atContentY: 10_000) == nil)
        #expect(layout.row(atContentY: 1e12) == nil)
        #expect(ListLayout(rowCount: 0, width: 100).row(atContentY: 0) == nil)
    }

    @Test func rowAtYAgreesWithRowRectangles() {
        for row in 0..<layout.rowCount {
            let rect = layout.rect(ofRow: row)
            #expect(layout.row(atContentY: rect.minY) == row)
            #expect(layout.row(atContentY: rect.midY) == row)
            #expect(layout.row(atContentY: rect.maxY.nextDown) == row)
        }
    }

    @Test func rowsInARangeIncludePartlyVisibleRows() {
        #expect(layout.rows(inContentRange: 0, height: 44) == 0..<1, "the next row starts at the band's end")
        #expect(layout.rows(inContentRange: 0, height: 44.5) == 0..<2)
        #expect(layout.rows(inContentRange: 22, height: 44) == 0..<2)
        #expect(layout.rows(inContentRange: 44, height: 44) == 1..<2)
        #expect(layout.rows(inContentRange: 43.5, height: 1) == 0..<2)
        #expect(layout.rows(inContentRange: 100, height: 150) == 2..<6)
    }

    @Test func rowsInARangeAreClampedAtTheEdges() {
        #expect(layout.rows(inContentRange: -100, height: 1000) == 0..<10, "taller than the content")
        #expect(layout.rows(inContentRange: -20, height: 30) == 0..<1, "overlapping the top")
        #expect(layout.rows(inContentRange: -100, height: 100) == 0..<0, "wholly above ends at the top edge")
        #expect(layout.rows(inContentRange: 420, height: 100) == 9..<10, "overlapping the bottom")
        #expect(layout.rows(inContentRange: 440, height: 100) == 0..<0, "wholly below")
        #expect(layout.rows(inContentRange: 5000, height: 100).isEmpty)
        #expect(layout.rows(inContentRange: 50, height: 0).isEmpty, "an empty band")
        #expect(ListLayout(rowCount: 0, width: 100).rows(inContentRange: 0, height: 500).isEmpty)
    }

    @Test func tenMillionRowsAnswerExactlyAtBothEnds() {
        let last = 9_999_999
        #expect(huge.rect(ofRow: last) == Rect(x: 0, y: 439_999_956, width: 320, height: 44))
        #expect(huge.row(atContentY: 439_999_956) == last)
        #expect(huge.row(atContentY: 439_999_955.5) == last - 1)
        #expect(huge.row(atContentY: huge.contentHeight - 0.25) == last)
        #expect(huge.row(atContentY: huge.contentHeight) == nil)
        #expect(huge.row(atContentY: 220_000_000) == 5_000_000)
        #expect(huge.rows(inContentRange: huge.contentHeight - 600, height: 600) == 9_999_986..<10_000_000)
        #expect(huge.rows(inContentRange: huge.contentHeight - 10, height: 100) == last..<10_000_000)
        #expect(huge.rows(inContentRange: 220_000_010, height: 88) == 5_000_000..<5_000_003)
        #expect(huge.rows(inContentRange: 0, height: 600) == 0..<14)
    }

    @Test(arguments: 1...20)
    func rangesMatchABruteForceScan(seed: Int) {
        var random = SplitMix64(seed: seed)
        let rowHeight = Double(20 + random.below(40))
        let layout = ListLayout(rowCount: random.below(30), rowHeight: rowHeight, width: 100)
        for _ in 0..<200 {
            // Half-pixel steps: exact row edges come up often, float error never does.
            let offset = Double(random.below(4000)) / 2 - 500
            let height = Double(random.below(1600)) / 2
            let expected = (0..<layout.rowCount).filter {
                let rect = layout.rect(ofRow: $0)
                return rect.minY < offset + height && rect.maxY > offset && height > 0
            }
            let rows = layout.rows(inContentRange: offset, height: height)
            #expect(Array(rows) == expected, "offset \(offset) height \(height) rows \(layout.rowCount)x\(rowHeight)")
            let hit = (0..<layout.rowCount).first { layout.rect(ofRow: $0).contains(Point(x: 1, y: offset)) }
            #expect(layout.row(atContentY: offset) == hit, "y \(offset)")
        }
    }
}
