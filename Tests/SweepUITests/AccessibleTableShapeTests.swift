import SweepGeometry
import Testing
@testable import SweepUI

/// A list's or grid's rows and columns as a screen reader counts them:
/// headers are rows of their own spanning the columns, items fill rows,
/// empty sections take no room, and every answer maps back.
@Suite struct AccessibleTableShapeTests {
    /// Four sections of a grid of 4 columns: 6 items under a header, an empty one under a header,
    /// an empty one with none, 4 items under a header.
    private let grid = AccessibleTableShape(itemCounts: [6, 0, 0, 4], headers: [true, true, false, true], columns: 4)

    @Test func childrenAndRowsCountHeadersAndFillRowsOfColumns() {
        // Rows: header 0; items 0–3; items 4–5; header 1; header 3; items 0–3 of section 3.
        #expect(grid.childCount == 13 && grid.rowCount == 6)
        #expect(grid.child(at: 0) == .header(0) && grid.child(at: 1) == .item(ItemPath(section: 0, item: 0)))
        #expect(grid.child(at: 7) == .header(1) && grid.child(at: 8) == .header(3) && grid.child(at: 12) == .item(ItemPath(section: 3, item: 3)))
        #expect(grid.child(at: 13) == nil && grid.child(at: -1) == nil)
        #expect(grid.index(of: .header(2)) == nil && grid.index(of: .item(ItemPath(section: 0, item: 6))) == nil)
        #expect(grid.index(of: .header(1)) == 7)
    }

    @Test func cellsMapToRowsAndColumnsAndBack() {
        #expect(grid.cell(ofChildAt: 0)! == (row: 0, column: 0, columnSpan: 4), "the header spans the row")
        #expect(grid.cell(ofChildAt: 6)! == (row: 2, column: 1, columnSpan: 1), "item 5 is on the second row")
        #expect(grid.cell(ofChildAt: 8)! == (row: 4, column: 0, columnSpan: 4))
        #expect(grid.childIndex(row: 0, column: 3) == 0, "a header answers for every column it spans")
        #expect(grid.childIndex(row: 2, column: 2) == nil, "the second row ends after two items")
        #expect(grid.childIndex(row: 5, column: 3) == 12 && grid.childIndex(row: 6, column: 0) == nil && grid.childIndex(row: 1, column: 4) == nil)
        for index in 0..<grid.childCount {
            let cell = grid.cell(ofChildAt: index)!
            #expect(grid.childIndex(row: cell.row, column: cell.column) == index)
            #expect(grid.index(of: grid.child(at: index)!) == index)
        }
        #expect(grid.items(inRow: 1) == ItemRange(section: 0, items: 0...3) && grid.items(inRow: 0) == nil)
    }

    @Test func fullRowsCountOnlyRowsWhollySelected() {
        // Items 0–5 of section 0 fill rows [0–3] and [4–5]; 1–5 covers only the short last row.
        #expect(grid.fullRows(in: [ItemRange(section: 0, items: 0...5)]) == 2)
        #expect(grid.fullRows(in: [ItemRange(section: 0, items: 1...5)]) == 1)
        #expect(grid.fullRows(in: [ItemRange(section: 0, items: 0...2)]) == 0)
        #expect(grid.fullRows(in: [ItemRange(section: 0, items: 0...3), ItemRange(section: 3, items: 0...3)]) == 2)
    }

    @Test func aListOfAMillionAnswersWithoutWalkingIt() {
        let list = AccessibleTableShape(itemCounts: [1_000_000], headers: [false], columns: 1)
        #expect(list.childCount == 1_000_000 && list.rowCount == 1_000_000)
        #expect(list.cell(ofChildAt: 999_999)! == (row: 999_999, column: 0, columnSpan: 1))
        #expect(list.fullRows(in: [ItemRange(section: 0, items: 10...19)]) == 10)
    }
}
