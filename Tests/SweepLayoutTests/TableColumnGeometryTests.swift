import Testing
@testable import SweepLayout

@Suite struct TableColumnGeometryTests {
    @Test func flexibleColumnsShareTheRoomLeftUpToTheirMaximums() {
        let columns = [ColumnSizing(width: .flexible(minimum: 100, ideal: 200, maximum: 10_000)),
                       ColumnSizing(width: .fixed(80)),
                       ColumnSizing(width: .flexible(minimum: 50, ideal: 100, maximum: 150))]
        let geometry = TableColumnGeometry(columns: columns, viewWidth: 600)
        // 220 left: the second flexible one takes 50 to its maximum, the first the rest.
        #expect(geometry.widths == [370, 80, 150])
        #expect(geometry.starts == [0, 370, 450])
        #expect(geometry.contentWidth == 600)
    }

    @Test func aNarrowViewShrinksFlexibleColumnsThenScrolls() {
        let columns = [ColumnSizing(width: .flexible(minimum: 100, ideal: 200, maximum: 400)), ColumnSizing(width: .fixed(300))]
        #expect(TableColumnGeometry(columns: columns, viewWidth: 450).widths == [150, 300])
        let narrow = TableColumnGeometry(columns: columns, viewWidth: 200)
        #expect(narrow.widths == [100, 300])
        #expect(narrow.contentWidth == 400)
    }

    @Test func aChosenWidthWinsAndFitContentUsesTheMeasure() {
        let columns = [ColumnSizing(width: .flexible(minimum: 100, ideal: 200, maximum: 400), chosenWidth: 333),
                       ColumnSizing(width: .fitContent(minimum: 40, maximum: 200), measuredWidth: 500),
                       ColumnSizing(width: .fitContent(minimum: 40, maximum: 200), measuredWidth: 61)]
        #expect(TableColumnGeometry(columns: columns, viewWidth: 100).widths == [333, 200, 61])
    }

    @Test func nonsenseWidthsBecomeSaneOnes() {
        let columns = [ColumnSizing(width: .fixed(.nan)), ColumnSizing(width: .fixed(-5)), ColumnSizing(width: .fixed(.infinity)),
                       ColumnSizing(width: .fixed(1e300)), ColumnSizing(width: .flexible(minimum: 500, ideal: .nan, maximum: 10)),
                       ColumnSizing(width: .fixed(0), chosenWidth: -.infinity)]
        let geometry = TableColumnGeometry(columns: columns, viewWidth: .nan)
        #expect(geometry.widths == [120, 24, 120, 20_000, 10, 120].map { max($0, 24) })
        #expect(geometry.contentWidth.isFinite && geometry.contentWidth > 0)
        #expect(TableColumnGeometry(columns: [], viewWidth: 300).contentWidth == 300)
    }

    @Test func hitTestsFindColumnsEdgesAndDropPlaces() {
        let geometry = TableColumnGeometry(columns: [100, 50, 200].map { ColumnSizing(width: .fixed($0)) }, viewWidth: 100)
        #expect(geometry.column(atX: 0) == 0)
        #expect(geometry.column(atX: 99.9) == 0)
        #expect(geometry.column(atX: 100) == 1)
        #expect(geometry.column(atX: 349) == 2)
        #expect(geometry.column(atX: 350) == nil)
        #expect(geometry.column(atX: -1) == nil)
        #expect(geometry.edge(nearX: 103, tolerance: 4) == 0)
        #expect(geometry.edge(nearX: 148, tolerance: 4) == 1)
        #expect(geometry.edge(nearX: 125, tolerance: 4) == nil)
        #expect(geometry.insertionIndex(atX: 10) == 0)
        #expect(geometry.insertionIndex(atX: 60) == 1)
        #expect(geometry.insertionIndex(atX: 130) == 2)
        #expect(geometry.insertionIndex(atX: 900) == 3)
    }
}
